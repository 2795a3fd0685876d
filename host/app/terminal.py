"""What the table says in the terminal it runs in.

`dicetable play` says where its page is, the board's news (connected, unplugged...), the
table PIN and the notices people should see, draws the virtual board after every turn,
and (with --exit-at-end) prints the final state. `dicetable demo` plays the same table
and says other things (host.demo.DemoTerminal): the story of the game, the board after
every turn, the final scores.

What it says is said in the terminal's language (host.text: --lang, else the
environment's); the final state's JSON lines (--exit-at-end, read by tools) stay English.

The board is drawn from the table's commit listener, inside the table's lock, once the
board has acknowledged the new display: so each drawing is the board as that turn left
it, in order with whatever else is told, even when a recorded session plays flat out.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from host.app.qr import qr_lines
from host.app.text import _
from host.games import Input
from host.games.kind import extra_leds_of
from host.text import said

if TYPE_CHECKING:
    from host.app.board_seam import Board, LinkBoard
    from host.app.table import Table
    from host.board.virtual import VirtualBoard

BOARD_ACK_S = 2.0  # at most this long for the board to show a turn's end before it is drawn


def say(line: str) -> None:
    print(line, flush=True)


class Terminal:
    def __init__(self, boards: bool = True, out: Callable[[str], None] = say) -> None:
        self.boards = boards  # draw the virtual board after every turn
        self.printed = out  # where the lines go, said in the terminal's language (`out`)
        self.table: Table | None = None
        self.board: Board | None = None
        self._turn: Hashable = None  # the game and whose turn it is, as last told

    def out(self, line: str) -> None:
        """A line for the terminal: a `Text` said in the terminal's language."""
        self.printed(said(line))

    def announce(self, text: str) -> None:
        """The table's own words for the host's console: its PIN, notices for people."""
        self.out(text)

    def page(self, urls: Sequence[str], db: Path, network: bool) -> None:
        """Where the page is served (its first address, then the others)."""
        self.out(
            _("dicetable: the table's page is at {url} (game store: {db})", url=urls[0], db=str(db))
        )
        for url in urls[1:]:
            self.out(_("dicetable: and at {url}", url=url))
        if network and "localhost" not in urls[0]:
            self.out(
                _("dicetable: phones at the table join by the QR code below (the first address)")
            )
            for line in qr_lines(urls[0]):
                self.out(line)
        if network and "localhost" in urls[0]:
            self.out(
                _(
                    "dicetable: this machine has no network address yet: phones can open the "
                    "page once it joins one (it listens on every address)"
                )
            )

    def board_news(self, status: str) -> None:
        self.out(_("dicetable: board: {status}", status=status))

    def attach(self, table: Table, board: Board) -> None:
        """Follow the table's inputs (before it starts)."""
        self.table, self.board = table, board
        table.on_commit(self.taken)

    def playing(self) -> None:
        """The game on the table is set up; its throws and presses come next."""
        self._turn = self._turn_now()

    def taken(self, inp: Input, source: str, told: dict[str, Any]) -> None:
        """An input the game took (inside the table's lock), `told` its feed entry: a turn
        that ended is drawn."""
        before, now = self._turn, self._turn_now()
        if now == before:
            return
        self._turn = now
        if not (isinstance(before, tuple) and isinstance(now, tuple)):
            return
        (game, ended), (game_now, _whose) = before, now
        if game == game_now and ended is not None and self.boards:  # a turn of this game ended
            self.draw_board(_("The board after {player}'s turn:", player=ended[0]))

    def entered(self, inp: Input, why: str) -> None:
        """A recorded session's cards the camera did not read (`why`): `inp` is entered
        next, as the person did on the page (the page's feed shows it)."""

    def waiting(self, count: int) -> None:
        """A recorded session played by hand (--manual) has shown its frames up to the
        game's input `count`, and waits for the people to play it."""
        self.out(
            _("dicetable: the recording waits for the people to play the game's input {n}", n=count)
        )

    def ended(self, exit_at_end: bool) -> None:
        """The table stops (the board is still connected)."""
        table, board = self.table, self.board
        if not exit_at_end or table is None or table.game is None:
            return
        self.out("final state: " + json.dumps(table.game.to_json()))
        virtual = _virtual(board)
        if virtual is not None:
            virtual[0].link.wait_shown(BOARD_ACK_S)
            self.out("final board: " + json.dumps(virtual[1].shown()))

    def draw_board(self, title: str) -> None:
        """The virtual board as it shows the table's latest display, under `title`."""
        virtual = _virtual(self.board)
        if virtual is None or self.table is None or self.table.game is None:
            return
        virtual[0].link.wait_shown(BOARD_ACK_S)
        self.out(title)
        names = extra_leds_of(self.table.kind)  # (the game's names, in the terminal's language)
        self.out(virtual[1].render(seats=len(self.table.game.players), extra_names=names))

    def _turn_now(self) -> Hashable:
        """(game, (whose turn, its number)); a game that is over has no turn."""
        table = self.table
        if table is None or table.game is None or table.kind is None:
            return None
        turn = None if table.game.game_over else table.kind.turn(table.game)
        return (table.game_id, turn)


def _virtual(board: Board | None) -> tuple[LinkBoard, VirtualBoard] | None:
    from host.app.board_seam import LinkBoard

    if isinstance(board, LinkBoard) and board.virtual is not None:
        return board, board.virtual
    return None
