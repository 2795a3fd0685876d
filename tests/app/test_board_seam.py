"""The table on the real board link: the virtual board (the firmware under real
MicroPython behind a pseudo-terminal) shows the PIN, then the dials, and its buttons
reach the game exactly once."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from host.app.board_seam import LinkBoard, open_board
from host.app.store import Store
from host.app.table import Table
from tests.app.browser import PLAYERS, throw_seen

pytestmark = pytest.mark.slow


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    board = open_board("virtual")
    table = Table(
        Store(tmp_path / "games.db"), board, window=0.3, pin_seconds=30, announce=lambda s: None
    )
    table.start()
    yield table
    table.close()
    board.close()


def shown(board: LinkBoard, want: list[str], timeout: float = 5.0) -> list[str]:
    assert board.virtual is not None
    deadline = time.monotonic() + timeout
    while True:
        texts = board.virtual.shown()[: len(want)]
        if texts == want or time.monotonic() > deadline:
            return texts
        time.sleep(0.05)


def test_the_pin_then_the_dials_then_a_press_ends_the_throws(table: Table) -> None:
    board = table.board
    assert isinstance(board, LinkBoard) and board.virtual is not None
    assert "virtual board: connected" in board.status() or "not connected" in board.status()
    table.act(
        {
            "do": "new_game",
            "game": "king-of-tokyo",
            "setup": {"players": PLAYERS, "first_player": "Ann"},
        }
    )
    pin = table.store.pin or ""
    assert shown(board, [pin] * 4) == [pin] * 4
    table.camera_event(throw_seen(["1", "1", "1", "claw", "heart", "energy"]))
    assert shown(board, ["10.00"] * 4) == ["10.00"] * 4
    board.virtual.press(0)  # Ann's button, bouncing: ends her throws
    assert table.wait_for(lambda: table.game is not None and len(table.game.log) == 2, 5)
    after = ["10.02", "10.00", "10.00", "10.00"]  # Ann: 1-1-1 and entering Tokyo
    assert shown(board, after) == after
    inputs = table.store.inputs(table.game_id or 0)
    assert [i["type"] for i in inputs] == ["throw", "resolve"]  # one press, one resolve


def test_a_board_port_that_is_not_there_is_named_while_it_is_awaited(tmp_path: Path) -> None:
    board = open_board(str(tmp_path / "ttyACM7"))  # the Pico may be plugged in later
    try:
        assert board.status() == f"board on {tmp_path / 'ttyACM7'}: not connected (looking for it)"
    finally:
        board.close()


def test_a_game_of_more_players_than_seats_shows_the_first_ones_and_says_so(table: Table) -> None:
    board = table.board
    assert isinstance(board, LinkBoard) and board.virtual is not None
    players = [{"name": f"P{k}"} for k in range(1, 9)]  # KaTO takes 2 to 10
    table.act({"do": "new_game", "game": "kato", "setup": {"players": players}})
    table.act({"do": "input", "input": {"type": "turn_up", "player": "P8",
               "card": {"color": "red", "value": "7"}}})  # fmt: skip
    assert shown(board, ["   0"] * 6) == ["   0"] * 6  # the first six seats' scores
    assert "players 7 to 8 have no display or button" in (board.problem or "")
