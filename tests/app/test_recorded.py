"""Recorded sessions: `dicetable play` restarted goes on with the recorded game in
progress; in --manual mode the people's presses and taps play the inputs, and every
throw's frames wait for them (the demo session, through real vision)."""

from __future__ import annotations

import threading
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from host.app.camera import DiceWatcher
from host.app.cli import _recorded, options
from host.app.recorded import SessionPlayer
from host.app.store import Store
from host.app.table import Table
from host.demo import demo_script, demo_session_folder
from host.games.kot import load_script, replay
from host.recording import Session, Step, load_session
from tests.app.fakes import FakeBoard

pytestmark = pytest.mark.slow


def table_on(db: Path) -> Table:
    table = Table(Store(db), FakeBoard(), window=0.0, pin_seconds=0, announce=lambda s: None)
    table.start()
    return table


def play(player: SessionPlayer, until: threading.Event | None = None) -> threading.Thread:
    stop = until or threading.Event()
    thread = threading.Thread(target=player.run, args=(stop,), daemon=True)
    thread.start()
    return thread


def test_a_restart_goes_on_with_the_recorded_game(tmp_path: Path) -> None:
    expected = replay(load_script(demo_script())).to_json()
    table = table_on(tmp_path / "recorded.db")
    first = _recorded(table, options(speed=0), None)
    stop = threading.Event()
    thread = play(first, stop)
    assert table.wait_for(lambda: table.game is not None and len(table.game.log) >= 12, 120)
    stop.set()
    thread.join(30)
    table.close()
    played, game_id = len(table.game.log), table.game_id
    assert 12 <= played < expected["inputs"]

    again = table_on(tmp_path / "recorded.db")  # dicetable play started again
    try:
        player = _recorded(again, options(speed=0), None)
        assert again.game_id == game_id and len(again.game.log) == played
        assert "goes on" in again.notices[-1].text
        play(player).join(300)
        assert player.error is None
        assert again.game.to_json() == expected
        assert [g.id for g in again.store.games()] == [game_id]
    finally:
        again.close()


def test_manual_mode_takes_every_turns_throws(tmp_path: Path) -> None:
    """The frames alone (--manual), and the people giving the recorded presses and taps
    once each is awaited: the whole game is played, every turn's throws taken."""
    expected = replay(load_script(demo_script())).to_json()
    table = table_on(tmp_path / "recorded.db")
    try:
        frames = _recorded(table, options(speed=0, manual=True), None)
        thread = play(frames)
        session = load_session(demo_session_folder())
        throws = 0  # the throws the frames played before this press or tap
        for step in session.steps:
            if step.input is None:
                throws += 1
                continue
            inp = dict(step.input)
            assert table.wait_for(partial(awaited, table, inp, throws), 60), table.awaited()
            if table.holding != inp and dict(table.game.log[-1]) != inp:
                table.act({"do": "input", "input": inp}, "page")
        thread.join(120)
        assert frames.error is None
        assert table.game.to_json() == expected
    finally:
        table.close()


def awaited(table: Table, inp: dict[str, Any], throws: int) -> bool:
    """Whether the people give `inp` now (under the table's lock): once the frames have
    played the `throws` before it, and the game awaits it (or has it already: the last
    throw ended the throws)."""
    game = table.game
    assert game is not None
    if sum(i["type"] == "throw" for i in game.log) < throws:
        return False  # the people wait for the dice to settle
    if table.holding == inp or (game.log and dict(game.log[-1]) == inp):
        return True
    waits = game.waiting_for()
    return table.holding is None and any(
        w.kind == inp["type"] and w.player == inp["player"] for w in waits
    )


@pytest.mark.parametrize("teach", [False, True])
def test_a_manual_session_waiting_on_a_table_that_closes_ends(tmp_path: Path, teach: bool) -> None:
    """Every wait of a session played by people (a throw due, a teaching's throws) ends
    when the table closes, even when nobody sets `stop` (it waited on, at full speed)."""
    table = table_on(tmp_path / "recorded.db")  # no game: no throw will ever be due
    session = Session(tmp_path, 10, (Step(frames=(tmp_path / "f0.jpg",)),), teach=teach)
    player = SessionPlayer(table, session, DiceWatcher(), speed=0, inputs=False)
    thread = play(player)
    table.close()
    thread.join(5)
    assert not thread.is_alive() and player.finished.is_set() and player.error is None
