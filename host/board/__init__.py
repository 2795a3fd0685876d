"""The LED board from the host's side: the serial link (`host.board.link`), the virtual
board running the real firmware under MicroPython (`host.board.virtual`), and the
`dicetable board` command."""
