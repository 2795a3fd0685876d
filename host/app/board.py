"""The app's side of the LED board: a small sink the table shows its display on and reads
button presses from, whatever is behind it (the Pico on USB, the virtual board, none).

    show(display)  the whole TableDisplay (idempotent: the latest one wins)
    presses()      the seats whose button was pressed since the last call, each press once
    status()       the link's state in a few words, for the page
    close()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from host.games import SeatDisplay, TableDisplay

MAX_SEATS = 6


class Board(Protocol):
    seats: int

    def show(self, display: TableDisplay) -> None: ...

    def presses(self) -> list[int]: ...

    def status(self) -> str: ...

    def close(self) -> None: ...


class NoBoard:
    """No board at the table: everything is done on the page."""

    seats = MAX_SEATS

    def __init__(self) -> None:
        self.shown: TableDisplay | None = None

    def show(self, display: TableDisplay) -> None:
        self.shown = display

    def presses(self) -> list[int]:
        return []

    def status(self) -> str:
        return "no board"

    def close(self) -> None:
        pass


PIN_LED = (255, 255, 255)


def pin_display(pin: str, seats: int) -> TableDisplay:
    """The table PIN on every seat's display, blinking, so everyone at the table can read
    it (and nobody elsewhere).

    >>> pin_display("0427", 2).seats[1]
    SeatDisplay(text='0427', led=(255, 255, 255), blink=True)
    """
    return TableDisplay([SeatDisplay(pin, PIN_LED, blink=True) for _ in range(seats)])


def seat_count(display: TableDisplay) -> int:
    return len(display.seats)


def texts(display: TableDisplay) -> Sequence[str]:
    """What each seat's display reads (for tests and the console)."""
    return [s.text for s in display.seats]
