"""The host: rules engines (host.games), the board link (host.board), the table app and
web page (host.app), and the `dicetable` command (host.cli)."""
