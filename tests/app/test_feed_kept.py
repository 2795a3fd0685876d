"""The page's log of the game is kept in memory (host.app.feed: each input as the store
holds it, with what it did), not reread from the store's history at every new state
(dicetable bench state: that reread made a game of 5,000 inputs slow every phone). These
check that what is kept is always what a fresh reread of the store gives: after inputs
from the page, the buttons and the correction window's end, undo, redo, a press the
store rolled back, a restart, a game imported, another opened and this one again; for
every game, on a real SQLite store. A cache that goes stale fails them."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from host.app.chaos.inputs import random_input
from host.app.feed import load
from host.app.store import Store, StoreError
from host.app.table import LOG_TAIL, Refused, Table
from host.games.kind import demo_of
from host.games.registry import kinds
from tests.app.fakes import Clock, FakeBoard
from tests.app.test_table import WINDOW, new_table

GAMES = [name for name, kind in kinds().items() if demo_of(kind) is not None]


def reread(store: Store, game_id: int) -> list[dict[str, Any]]:
    """The game's log as it was built before it was kept: the store's history (its live
    inputs, their source and time) beside the feed told again as the store refolds it."""
    live = [h for h in store.history(game_id) if h["undone"] is None]
    _kind, _game, feed = load(store, game_id)
    return [
        {"n": n, "input": h["input"], "source": h["source"], "at": h["at"], **told}
        for n, (h, told) in enumerate(zip(live, feed.entries, strict=True), 1)
    ]


def check(table: Table) -> None:
    assert table.game_id is not None
    fresh = reread(table.store, table.game_id)
    assert table._feed.log() == fresh
    game = table.view()["game"]
    assert game["log"] == fresh[-LOG_TAIL:]
    assert game["inputs"] == len(fresh)
    if game["summary"] is not None:
        assert game["summary"]["inputs"] == len(fresh)


def setup_of(name: str) -> dict[str, Any]:
    kind = kinds()[name]
    demo = demo_of(kind)
    assert demo is not None
    return kind.setup_of(json.loads(demo.read_text(encoding="utf-8")))


def give(table: Table, rng: random.Random, clock: Clock) -> None:
    """A legal input from the page (a result held: the window's end resolves it)."""
    assert table.kind is not None and table.game is not None
    if table.game.game_over:
        return
    inp = dict(random_input(table.kind, table.game, rng))
    try:
        table.act({"do": "input", "input": inp})
    except Refused:
        return
    if table.holding is not None and rng.random() < 0.7:
        clock.advance(WINDOW + 0.1)
        table.tick()


@pytest.mark.parametrize("name", GAMES)
def test_the_log_kept_is_the_store_s_after_every_change(tmp_path: Path, name: str) -> None:
    rng = random.Random(f"kept-{name}")
    board, clock = FakeBoard(), Clock()
    db = tmp_path / "games.db"
    table = new_table(db, board, clock)
    table.act({"do": "new_game", "game": name, "setup": setup_of(name)})
    clock.advance(6)  # (the PIN shown, then the dials)
    check(table)
    other: int | None = None
    for _step in range(160):
        roll = rng.random()
        try:
            if roll < 0.55:
                give(table, rng, clock)
            elif roll < 0.7:
                table.act({"do": "undo"})
            elif roll < 0.82:
                table.act({"do": "redo"})
            elif roll < 0.9 and table.game is not None:
                board.pressed.append(rng.randrange(len(table.game.players)))
                table.tick()
            elif roll < 0.95:  # a restart: the table reads the store again
                table.close()
                table.store.close()
                table = new_table(db, board, clock)
            elif other is None:  # a game imported and opened, then this one again
                assert table.game_id is not None
                mine = table.game_id
                script = table.store.export(mine)
                script["inputs"] = script["inputs"][: len(script["inputs"]) // 2]
                table.act({"do": "import", "script": script})
                other = table.game_id
                assert other != mine
                check(table)
                table.act({"do": "open", "id": mine})
        except Refused:
            pass
        check(table)
    assert table.game_id is not None and table.inputs_taken() > 0
    assert table.store.history(table.game_id)  # (it played: the checks saw a game)


def test_a_press_the_store_rolled_back_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A button press's inputs are committed with its key in one transaction: one whose
    key cannot be written is rolled back whole, and the log kept forgets its inputs."""
    board, clock = FakeBoard(), Clock()
    table = new_table(tmp_path / "games.db", board, clock)
    table.act({"do": "new_game", "game": "king-of-tokyo", "setup": setup_of("king-of-tokyo")})
    clock.advance(6)
    table.act({"do": "throw", "faces": ["1", "1", "1", "claw", "heart", "energy"]})
    clock.advance(WINDOW + 0.1)  # (a resolve from the page is held: its window ends)
    table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})
    table.tick()
    check(table)
    before = table._feed.log()

    def fails(self: Store, key: str) -> None:
        raise StoreError("the disk is full")

    with monkeypatch.context() as patch:  # the press's key cannot be written
        patch.setattr(Store, "last_press", property(Store.last_press.fget, fails))
        with pytest.raises(StoreError):
            table.press(0, "0000AAAA/00")  # Ann ends her turn: applied, then rolled back
    assert table._feed.log() == before
    check(table)
    table.press(0, "0000AAAA/00")  # the board's resend, the store working again
    assert len(table._feed.log()) == len(before) + 1
    check(table)
