"""The app's one seam to the LED board: a small sink the table shows its display on and reads
button presses from, whatever is behind it (the Pico on USB, the virtual board, none).

    show(display)  the whole BoardDisplay (idempotent: the latest one wins)
    presses()      the buttons pressed (ButtonPress: seat, key) since the last call, each
                   press once until it is done() or given back with again()
    done(press)    the table committed what the press did: the board may forget it
    again(press)   the table could not (the store failed): the board sends it again
    status()       the link's state in a few words, for the page (sync=False: without
                   whether the latest display is shown yet, for a log of changes)
    link_state()   the link's state as LinkNews reads it (LinkState)
    close()

`open_board("auto")` uses a Pico found by its USB id, else the virtual board (the real
firmware under MicroPython in Node), else none; "virtual", "none" or a serial port path
choose one.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from firmware import VERSION as FIRMWARE
from firmware.wire import SEAT_CELLS
from host.app.text import _
from host.errors import UserError
from host.games import BoardDisplay, SeatDisplay
from host.games.text import Text

if TYPE_CHECKING:
    from host.board.link import BoardLink, Press
    from host.board.virtual import VirtualBoard

MAX_SEATS = 6
REVIVE_S = 1.0  # how often the virtual board's process is looked at (LinkBoard._revive)


@dataclass(frozen=True)
class ButtonPress:
    """A seat's button pressed (seats count from 0). `key` names the press for good (the
    board's boot id and its number for the press): the table stores it with what the
    press did, and so knows the press again if the board sends it once more to a host
    restarted in between. None: a press without a name (nothing resends it)."""

    seat: int
    key: str | None = None


@dataclass(frozen=True)
class LinkState:
    """What the page is told of the link from (LinkNews): whether the board is heard, how
    many of its lines did not read since it was opened, and how many times its firmware
    failed (it showed `Err ` and reset), the last time with `failure` (the error's name)."""

    connected: bool
    garbled: int = 0
    failures: int = 0
    failure: str = ""
    dark: tuple[int, ...] = ()  # the seats whose display did not answer the board's start
    firmware: str | None = None  # the version its hello gave (None: not heard yet)


class Board(Protocol):
    seats: int

    def show(self, display: BoardDisplay) -> None: ...

    def presses(self) -> list[ButtonPress]: ...

    def done(self, press: ButtonPress) -> None: ...

    def again(self, press: ButtonPress) -> None: ...

    def status(self, sync: bool = True) -> str: ...

    def link_state(self) -> LinkState: ...

    def close(self) -> None: ...


class NoBoard:
    """No board at the table: everything is done on the page."""

    seats = MAX_SEATS

    def __init__(self) -> None:
        self.shown: BoardDisplay | None = None

    def show(self, display: BoardDisplay) -> None:
        self.shown = display

    def presses(self) -> list[ButtonPress]:
        return []

    def done(self, press: ButtonPress) -> None:
        pass

    def again(self, press: ButtonPress) -> None:
        pass

    def status(self, sync: bool = True) -> Text:
        return _("no board")

    def link_state(self) -> LinkState:
        return LinkState(connected=False)  # (never connected: never said lost)

    def close(self) -> None:
        pass


class LinkNews:
    """What the page is told of the board's link as it changes (Board.link_state()): that it is
    lost (once it had been connected: a cable pulled, the board or its process gone), that
    it is back, and that it sent a line that does not read. The console says every change
    of the status; a player sees the page."""

    def __init__(self, virtual: bool = False) -> None:
        self.virtual = virtual  # the virtual board: no cable, it starts again by itself
        self.connected_once = False
        self.lost = False
        self.garbled = 0
        self.failures = 0
        self.dark: tuple[int, ...] = ()
        self.firmware: str | None = None  # the board's other firmware, said

    def said(self, link: LinkState) -> list[tuple[str, Text]]:
        """(level, text) of each notice the page is due at this state: none if no news."""
        news: list[tuple[str, Text]] = []
        if link.connected:
            if self.lost:
                news.append(("info", _("the board is connected again: it shows the game")))
            self.connected_once, self.lost = True, False
        elif self.connected_once and not self.lost:
            self.lost = True
            news.append(("warning", self._lost()))
        if link.garbled > self.garbled:  # (its firmware sent a press of no seat: ignored)
            self.garbled = link.garbled
            news.append(
                (
                    "warning",
                    _(
                        "the board sent a line that does not read (a button press of no "
                        "seat): it is ignored; press the button again, and if this comes "
                        "again, flash the board's firmware again (dicetable board flash)"
                    ),
                )
            )
        if link.failures > self.failures:  # (a display's cable come loose, say: it is
            self.failures = link.failures  # dark after the reset, and nothing else says so)
            news.append(
                (
                    "warning",
                    _(
                        "the board failed ({error}) and started again by itself: it shows "
                        "the game again; a display that stays dark has come loose: check "
                        "its cable, then unplug the board and plug it back",
                        error=link.failure,
                    ),
                )
            )
        for seat in link.dark:
            if seat not in self.dark:  # (said again if it is dark again after a restart)
                news.append(
                    (
                        "warning",
                        _(
                            "seat {n}'s display does not answer, and stays dark: check its "
                            "cable, then unplug the board and plug it back (its LED and button "
                            "work; the page shows the game)",
                            n=seat + 1,
                        ),
                    )
                )
        self.dark = link.dark
        if link.connected and link.firmware not in (None, FIRMWARE, self.firmware):
            self.firmware = link.firmware  # (a board flashed last month: it plays, but lacks
            news.append(  # what came since, such as saying which display stays dark)
                (
                    "warning",
                    _(
                        "the board runs firmware {version}, this host carries {expected}: "
                        "flash it between games ({command})",
                        version=link.firmware,
                        expected=FIRMWARE,
                        command="dicetable board flash",
                    ),
                )
            )
        return news

    def _lost(self) -> Text:
        if self.virtual:
            return _(
                "the virtual board stopped: it starts again by itself; answer on the page meanwhile"
            )
        return _(
            "the board is not connected: its displays and buttons do nothing until it is "
            "back (check its USB cable); answer on the page meanwhile"
        )


PIN_LED = (255, 255, 255)


def pin_display(pin: str, seats: int) -> BoardDisplay:
    """The table PIN on every seat's display, blinking, so everyone at the table can read
    it (and nobody elsewhere). A PIN longer than a display reads across two neighbours:
    its first half with a point after it, then its second half, round the table.

    >>> pin_display("0427", 2).seats[1]
    SeatDisplay(text='0427', led=(255, 255, 255), blink=True)
    >>> [seat.text for seat in pin_display("031415", 3).seats]
    ['031.', '415', '031.']
    """
    half = (len(pin) + 1) // 2
    parts = [pin] if len(pin) <= SEAT_CELLS else [pin[:half] + ".", pin[half:]]
    return BoardDisplay(
        [SeatDisplay(parts[i % len(parts)], PIN_LED, blink=True) for i in range(seats)]
    )


class LinkBoard:
    """The board over the serial link: a Pico, or the virtual board's pseudo-terminal."""

    def __init__(
        self, link: BoardLink, virtual: VirtualBoard | None = None, port: str | None = None
    ) -> None:
        self.link = link
        self.virtual = virtual
        self.port = port  # the port asked for (None: the Pico found by its USB id)
        self.seats = MAX_SEATS
        self.problem: Text | str | None = None  # a display the board could not show
        self._taken: dict[str, Press] = {}  # presses handed out, not yet done or given back
        self._closed = threading.Event()
        self._reviving = threading.Lock()  # (a close waits for a revival under way)
        if virtual is not None:  # its process ended: started again, as a Pico plugged back
            threading.Thread(target=self._revive, name="virtual-board", daemon=True).start()

    def _revive(self) -> None:
        """Start the virtual board again whenever its process ended (a Pico unplugged is
        found again when it is plugged back; the virtual board has nobody to plug it)."""
        virtual = self.virtual
        assert virtual is not None
        while not self._closed.wait(REVIVE_S):
            with self._reviving:
                if not virtual.ended or self._closed.is_set():
                    continue
                try:
                    virtual.unplug()
                    virtual.replug()
                except (RuntimeError, OSError) as error:
                    self.problem = _(
                        "the virtual board did not start again ({error})", error=str(error)
                    )
                    return

    def show(self, display: BoardDisplay) -> None:
        shown, beyond = display, len(display.seats) - self.seats
        if beyond > 0:  # a game of more players than seats: the first ones have theirs
            shown = replace(display, seats=display.seats[: self.seats])
        try:
            self.link.show(shown)
            self.problem = None
        except ValueError as error:  # a display the board refuses
            self.problem = str(error)
            return
        if beyond > 0:
            first, n = self.seats + 1, len(display.seats)
            self.problem = (
                _(
                    "The board has {seats, plural, one {# seat} other {# seats}}: player {n} "
                    "has no display or button, and plays on the page",
                    seats=self.seats,
                    n=n,
                )
                if first == n
                else _(
                    "The board has {seats, plural, one {# seat} other {# seats}}: players "
                    "{first} to {n} have no display or button, and play on the page",
                    seats=self.seats,
                    first=first,
                    n=n,
                )
            )

    def presses(self) -> list[ButtonPress]:
        out = []
        while (press := self.link.next_press(timeout=0)) is not None:
            self._taken[press.key] = press
            out.append(ButtonPress(press.seat, press.key))
        return out

    def done(self, press: ButtonPress) -> None:
        taken = self._taken.pop(press.key or "", None)
        if taken is not None:
            self.link.acknowledge(taken)

    def again(self, press: ButtonPress) -> None:
        taken = self._taken.pop(press.key or "", None)
        if taken is not None:
            self.link.release(taken)

    def status(self, sync: bool = True) -> Text:
        """What the board is doing, in a line for the terminal."""
        s = self.link.status
        port = s.port or self.port
        what = (
            _("virtual board")
            if self.virtual is not None
            else _("board on {port}", port=port)
            if port
            else _("board on USB (a Pico, by its id)")
        )
        if self.problem:
            return _("{board}: {problem}", board=what, problem=self.problem)
        if not s.connected:
            return _("{board}: not connected (looking for it)", board=what)
        version, updating = s.firmware_version, not (s.in_sync or not sync)
        if s.garbled:
            return (
                _(
                    "{board}: connected, firmware {version}, garbled lines ignored: {n}, updating",
                    board=what, version=version, n=s.garbled,
                )
                if updating
                else _(
                    "{board}: connected, firmware {version}, garbled lines ignored: {n}",
                    board=what, version=version, n=s.garbled,
                )
            )  # fmt: skip
        if updating:
            return _(
                "{board}: connected, firmware {version}, updating", board=what, version=version
            )
        return _("{board}: connected, firmware {version}", board=what, version=version)

    def link_state(self) -> LinkState:
        s = self.link.status
        return LinkState(s.connected, s.garbled, s.failures, s.failure, s.dark, s.firmware_version)

    def close(self) -> None:
        self._closed.set()
        self.link.close()
        if self.virtual is not None:
            with self._reviving:
                self.virtual.close()


def open_board(spec: str) -> Board:
    """The board named by `spec`: "auto", "virtual", "none", or a serial port path."""
    if spec == "none":
        return NoBoard()
    from host.board.link import BoardLink, find_pico_ports

    if spec == "auto":
        if find_pico_ports():
            return LinkBoard(BoardLink.open(None))
        try:
            return _virtual()
        except UserError:
            return NoBoard()  # no Pico and no MicroPython for Node: the page does it all
    if spec == "virtual":
        return _virtual()
    return LinkBoard(BoardLink.open(spec), port=spec)


def _virtual() -> LinkBoard:
    from host.board.link import BoardLink
    from host.board.virtual import VirtualBoard

    try:
        virtual = VirtualBoard(seats=MAX_SEATS)
    except RuntimeError as error:
        raise UserError(
            _("the virtual board did not start ({error}): try --board none", error=str(error))
        ) from None
    return LinkBoard(BoardLink.open(virtual.port), virtual)
