"""A board for the table's own tests: it keeps what it was shown and hands out the presses
a test makes. (The real board, the firmware under MicroPython, is in the end-to-end test.)
A clock the test moves, and a store whose commits fail (a disk full at the commit)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from host.app.board_seam import ButtonPress, LinkState
from host.app.store import Store, StoreError
from host.games import BoardDisplay


class FakeBoard:
    seats = 6

    def __init__(self) -> None:
        self.shown: list[BoardDisplay] = []
        self.pressed: list[int | ButtonPress] = []  # presses to hand out (a seat: one unnamed)
        self.done_presses: list[ButtonPress] = []
        self.given_back: list[ButtonPress] = []

    def show(self, display: BoardDisplay) -> None:
        self.shown.append(display)

    def presses(self) -> list[ButtonPress]:
        out, self.pressed = self.pressed, []
        return [p if isinstance(p, ButtonPress) else ButtonPress(p) for p in out]

    def done(self, press: ButtonPress) -> None:
        self.done_presses.append(press)

    def again(self, press: ButtonPress) -> None:
        self.given_back.append(press)

    def status(self, sync: bool = True) -> str:
        return "fake"

    def link_state(self) -> LinkState:
        return LinkState(connected=True)

    def close(self) -> None:
        pass

    def texts(self) -> list[str]:
        return [s.text for s in self.shown[-1].seats]


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def commits_fail(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store's transactions fail at their end, as a disk full at the commit: the
    writes inside are rolled back (monkeypatch.undo() makes room again)."""
    transaction = store.transaction

    @contextmanager
    def fails_at_its_end() -> Iterator[None]:
        with transaction():
            yield
            raise StoreError("the disk is full")

    monkeypatch.setattr(store, "transaction", fails_at_its_end)
