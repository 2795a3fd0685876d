"""End to end over a real pseudo-terminal: the host link (pyserial) and the firmware
running under real MicroPython in the virtual board."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest

from host.board.link import BoardLink
from host.board.virtual import VirtualBoard
from host.games import SeatDisplay, TableDisplay

GAME = TableDisplay(
    seats=[
        SeatDisplay("1012", (255, 0, 0)),
        SeatDisplay("8.3", (0, 255, 0), blink=True),
        SeatDisplay("-0"),
    ],
    extra_leds=[(255, 255, 0), (0, 0, 0)],
)
GAME_SHOWN = ["1012", "  8.3", "  -0", "    ", "    ", "    "]


def eventually(check: Callable[[], bool], timeout: float = 3.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return check()


@pytest.fixture
def board() -> Iterator[VirtualBoard]:
    with VirtualBoard() as virtual:
        yield virtual


@pytest.fixture
def link(board: VirtualBoard) -> Iterator[BoardLink]:
    with BoardLink.open(board.port) as opened:
        yield opened


def test_a_game_state_sent_by_the_host_shows_the_right_digits(
    board: VirtualBoard, link: BoardLink
) -> None:
    link.show(GAME)
    assert link.wait_shown(2.0)
    assert board.shown() == GAME_SHOWN
    assert "seat 1  LED red" in board.render()


def test_a_press_reaches_the_host_exactly_once(board: VirtualBoard, link: BoardLink) -> None:
    link.show(GAME)
    assert link.wait_shown(2.0)
    board.press(1)
    press = link.next_press(timeout=2.0)
    assert press is not None and press.seat == 1
    assert link.next_press(timeout=0.6) is None
