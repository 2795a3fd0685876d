"""The game store on real SQLite files: every input survives a reopen, undo, the list of
games, export and import as game scripts, statistics. (SIGKILL: test_crash; damaged
files: test_store_damage.)"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from host.app.store import SCHEMA_VERSION, Store, StoreError, result_of
from host.games.kind import GameFileError
from host.games.kot import parse_script, replay
from host.games.kot.table_kind import KIND as KOT
from host.games.registry import parse_game_file
from tests.app.scripted import PLAYERS, finished_script, play_op, scripted_game

ROOT = Path(__file__).resolve().parents[2]


def play(store: Store, game_id: int, ops: list[dict[str, Any]]) -> None:
    kind, game = store.load(game_id)
    for op in ops:
        play_op(store, game_id, kind, game, op)


def test_a_game_is_where_it_was_after_reopening(tmp_path: Path) -> None:
    setup, ops = scripted_game()
    store = Store(tmp_path / "games.db")
    game_id = store.create(KOT, setup)
    play(store, game_id, ops[:40])
    _, before = store.load(game_id)
    store.close()
    again = Store(tmp_path / "games.db")
    assert again.current == game_id
    _, after = again.load(game_id)
    assert after.to_json() == before.to_json()
    assert list(after.log) == list(before.log)


def test_the_store_uses_write_ahead_logging(tmp_path: Path) -> None:
    Store(tmp_path / "games.db").close()
    with sqlite3.connect(tmp_path / "games.db") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_undo_leaves_the_game_but_stays_in_the_history(tmp_path: Path) -> None:
    setup, ops = scripted_game()
    store = Store(tmp_path / "games.db")
    game_id = store.create(KOT, setup)
    inputs = [op for op in ops if op["op"] == "input"][:3]
    play(store, game_id, inputs)
    undone = store.undo(game_id)
    assert undone == inputs[2]["input"]
    assert store.inputs(game_id) == [op["input"] for op in inputs[:2]]
    history = store.history(game_id)
    assert [h["undone"] is not None for h in history] == [False, False, True]
    assert store.row(game_id).inputs == 2


def test_redo_after_a_restart_follows_the_order_even_when_the_clock_does_not(
    tmp_path: Path,
) -> None:
    """Two inputs undone, the first given back by Redo: the second is still to redo, read
    from the store; the order inputs were made and undone in is kept by their times,
    which go on after the game's last one when the clock stands still or is set back (a
    Raspberry Pi without a clock battery, at boot)."""
    setup, ops = scripted_game()
    times = iter([100.0, 100.0, 100.0, 40.0, 40.0, 40.0, 40.0, 40.0])
    store = Store(tmp_path / "games.db", clock=lambda: next(times, 40.0))
    game_id = store.create(KOT, setup)
    first, second = [op["input"] for op in ops if op["op"] == "input"][:2]
    play(store, game_id, [{"op": "input", "input": first}, {"op": "input", "input": second}])
    assert store.undo(game_id) == second and store.undo(game_id) == first
    assert store.redoable(game_id) == [second, first]
    store.append(game_id, first, "page")  # Redo: the first given back
    history = store.history(game_id)
    times_kept = sorted(t for h in history for t in (h["at"], h["undone"]) if t is not None)
    assert len(set(times_kept)) == len(times_kept) == 5  # one time for each, in order
    assert store.redoable(game_id) == [second]
    store.append(game_id, second, "page")
    assert store.redoable(game_id) == []


def test_the_list_of_games_names_players_and_winners(tmp_path: Path) -> None:
    setup, ops = scripted_game()
    store = Store(tmp_path / "games.db", clock=iter(range(1000)).__next__)
    playing = store.create(KOT, setup)
    finished = store.import_script(finished_script(11))
    play(store, playing, ops[:2])
    rows = store.games()
    assert [r.id for r in rows] == [playing, finished]  # the last played first
    assert rows[0].status == "playing" and rows[0].inputs == 2
    over = rows[1]
    assert over.status == "over"
    assert over.roles == {p["name"]: p["monster"] for p in PLAYERS}
    _, game = store.load(finished)
    assert over.to_json()["winners"] == game.to_json()["winners"] != []


def test_export_is_a_game_script_and_imports_to_the_same_game(tmp_path: Path) -> None:
    setup, ops = scripted_game()
    store = Store(tmp_path / "games.db")
    game_id = store.create(KOT, setup)
    play(store, game_id, ops[:60])
    exported = store.export(game_id)
    assert exported["format"] == "kot-game/1"
    _, game = store.load(game_id)
    # what `dicetable replay` reads: the same state
    assert replay(parse_script(exported)).to_json() == game.to_json()
    text = json.dumps(exported)
    other = Store(tmp_path / "other.db")
    imported = other.import_script(parse_game_file(text))
    assert other.load(imported)[1].to_json() == game.to_json()
    assert other.history(imported)[0]["source"] == "import"


BAD_FILES = {
    "not JSON": (b'{"format": "kot-game/1", "players": [', "not JSON"),
    "not text": (b"\xff\xfe\x00garbage", "not a text file"),
    "newer version": (b'{"format": "kot-game/2", "players": []}', "from a newer dicetable"),
    "another game": (b'{"format": "chess-game/1"}', "unknown game format"),
    "no format": (b'{"players": []}', 'no "format"'),
    "a 5,000-digit number": (b'{"format": "kot-game/1", "seed": ' + b"9" * 5000 + b"}", "digits"),
    "unknown monster": (
        b'{"format": "kot-game/1", "players": [{"name": "A", "monster": "Godzilla"},'
        b' {"name": "B", "monster": "The King"}]}',
        "unknown monster 'Godzilla'",
    ),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_a_bad_game_file_is_refused_and_nothing_is_stored(tmp_path: Path, case: str) -> None:
    data, message = BAD_FILES[case]
    store = Store(tmp_path / "games.db")
    with pytest.raises(GameFileError, match=message):
        store.import_script(parse_game_file(data))
    assert store.games() == []


def test_a_game_file_with_an_illegal_input_names_it(tmp_path: Path) -> None:
    setup, ops = scripted_game()
    inputs = [op["input"] for op in ops if op["op"] == "input"][:5]
    inputs.insert(3, {"type": "buy", "player": "Dan", "card": "Heal"})
    store = Store(tmp_path / "games.db")
    with pytest.raises(GameFileError, match=r"inputs\[3\] \(buy by Dan\)"):
        store.import_script({"format": "kot-game/1", **setup, "inputs": inputs})
    assert store.games() == []


def test_statistics_count_wins_per_monster_and_game_length(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    expected_wins: dict[str, int] = {}
    turns = []
    for seed in (1, 2, 3):
        game_id = store.import_script(finished_script(seed))
        _, game = store.load(game_id)
        for name in game.to_json()["winners"]:
            monster = next(p["monster"] for p in PLAYERS if p["name"] == name)
            expected_wins[monster] = expected_wins.get(monster, 0) + 1
        turns.append(game.to_json()["turn"])
    store.create(KOT, scripted_game()[0])  # a game going on does not count
    stats = store.stats()
    assert stats["games"] == 3
    assert {r["role"]: r["wins"] for r in stats["roles"] if r["wins"]} == expected_wins
    assert all(r["played"] == 3 for r in stats["roles"])
    assert stats["turns"] == {"min": min(turns), "median": sorted(turns)[1], "max": max(turns)}


def test_a_game_whose_players_hold_no_role_lists_its_players_and_counts_their_wins(
    tmp_path: Path,
) -> None:
    """KaTO's players hold no role: the list of games named nobody, and the statistics
    counted none of its winners' wins."""
    from host.games.kato.table_kind import KIND as KATO

    store = Store(tmp_path / "games.db")
    game_id = store.import_script(json.loads(KATO.demo.read_text()))
    _, game = store.load(game_id)
    assert game.game_over
    [row] = [g.to_json() for g in store.games()]
    assert [p["name"] for p in row["players"]] == ["Ann", "Bob", "Cat"]
    assert {p["role"] for p in row["players"]} == {""}
    stats = store.stats()
    assert stats["games"] == 1 and stats["roles"] == []  # no role counted as one
    assert stats["players"] == [{"player": w, "wins": 1} for w in KATO.winners(game)]


def test_a_store_from_a_newer_dicetable_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION + 1),))
    with pytest.raises(StoreError, match="newer dicetable"):
        Store(path)


def test_a_game_imported_twice_is_one_game_counted_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    first = store.import_script(finished_script(1))
    assert store.import_script(finished_script(1)) == first
    assert store.import_script(store.export(first)) == first  # its own export too
    other = store.import_script(finished_script(2))
    assert other != first
    assert [g.id for g in store.games()] == [other, first]
    assert store.stats()["games"] == 2


def test_rehearsals_stay_out_of_the_statistics(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    store.import_script(finished_script(1))
    script = finished_script(3)
    setup = {k: v for k, v in script.items() if k != "inputs"}
    rehearsed = store.create(KOT, setup, rehearsal=True)  # a recorded session played
    kind, game = store.load(rehearsed)
    for inp in script["inputs"]:
        game.apply(inp)
        store.append(rehearsed, inp, "recording", result_of(kind, game))
    assert game.game_over and store.rehearsals() == {rehearsed}
    assert {g.id: g.status for g in store.games()}[rehearsed] == "over"
    assert store.stats()["games"] == 1
