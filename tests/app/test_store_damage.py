"""A damaged game store never stops the table: every 4 KB page of a real SQLite store
overwritten in turn, and the damage a hand edit or another version leaves (a game kind this
dicetable does not know, columns that do not read, the game on the table missing). Each
time the table starts: either with the games as they were, or empty with a notice and the
damaged file kept beside the new store."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from host.app.board_seam import NoBoard
from host.app.store import Store, StoreError
from host.app.table import Table
from host.games.kot.table_kind import KIND as KOT
from tests.app.scripted import finished_script, play_op, scripted_game

PAGE = 4096


def start(path: Path) -> tuple[Table, list[str]]:
    """The table started on the store at `path` as `dicetable play` starts it; what it
    said on the console."""
    said: list[str] = []
    table = Table(Store(path), NoBoard(), announce=said.append)
    table.start(clock_thread=False)
    return table, said


def a_store(path: Path) -> dict[int, dict[str, Any]]:
    """A store as a game night leaves it: a finished game and one on the table (with an
    undo, a result held in the correction window), and free pages where a game was
    deleted; every game's export."""
    store = Store(path)
    store.import_script(finished_script(11))
    store.delete(store.import_script(finished_script(12)))
    setup, ops = scripted_game(seed=5)
    playing = store.create(KOT, setup)
    kind, game = store.load(playing)
    for op in ops[:30]:
        play_op(store, playing, kind, game, op)
    store.hold(playing, {"type": "resolve", "player": game.to_json()["active_player"]})
    exports = {g.id: store.export(g.id) for g in store.games()}
    store.close()  # checkpointed: the whole store is in the one file, no log beside it
    return exports


def table_answers_every_read(table: Table) -> None:
    """What the page asks for at start (the state, the games, the statistics, each game's
    script) is answered, or refused in words (a UserError), never a crash."""
    json.loads(table.view_json()[1])
    table.store.stats()
    for row in table.store.games():
        json.dumps(row.to_json())


def test_every_4kb_page_overwritten_in_turn_never_stops_the_table(tmp_path: Path) -> None:
    pristine = tmp_path / "pristine.db"
    exports = a_store(pristine)
    current = Store(pristine).current
    data = pristine.read_bytes()
    pages = len(data) // PAGE
    assert pages >= 10 and len(data) % PAGE == 0
    rng = random.Random(15)
    outcomes = {"as before": 0, "set aside": 0}
    for page in range(pages):
        for name, fill in (("random", rng.randbytes(PAGE)), ("zeros", bytes(PAGE))):
            folder = tmp_path / f"page{page}-{name}"
            folder.mkdir()
            path = folder / "games.db"
            damaged = data[: page * PAGE] + fill + data[(page + 1) * PAGE :]
            path.write_bytes(damaged)
            table, said = start(path)  # never raises
            table_answers_every_read(table)
            kept = sorted(folder.glob("games.db.damaged-*"))
            if table.store.notes:
                outcomes["set aside"] += 1
                assert table.store.games() == [] and table.game is None, page
                assert [p.read_bytes() for p in kept] == [damaged], page  # kept, as it was
                assert "was damaged" in table.notices[0].text and kept[0].name in said[0]
                table.act({"do": "new_game", "setup": finished_script(3)})  # the table works
            else:
                outcomes["as before"] += 1
                assert kept == [], page
                assert {g.id: table.store.export(g.id) for g in table.store.games()} == exports
                assert table.game_id == current, page  # and resumed, window and all
                assert table.holding is not None, page
            table.store.close()
    # the file's first page and its b-tree pages are found damaged; a free page (where the
    # deleted game was) harms nothing
    assert outcomes["set aside"] >= pages and outcomes["as before"], outcomes


def test_a_file_that_is_no_store_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    text = b"this is not a database, it is a shopping list\n" * 100
    path.write_bytes(text)
    with pytest.raises(StoreError, match="is not a dicetable game store"):
        Store(path)
    assert path.read_bytes() == text and list(tmp_path.iterdir()) == [path]


def test_another_program_s_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE photos (name TEXT)")
    with pytest.raises(StoreError, match=r"a database of another program \(tables: photos\)"):
        Store(path)
    with sqlite3.connect(path) as db:
        tables = db.execute("SELECT name FROM sqlite_schema").fetchall()
    assert tables == [("photos",)]


def edit(path: Path, sql: str, *args: object) -> None:
    """Change the store behind dicetable's back (a hand edit, another version)."""
    with sqlite3.connect(path) as db:
        db.execute(sql, args)


@pytest.mark.parametrize(
    ("damage", "resumed", "exported"),
    [
        ("UPDATE games SET kind = 'kingdom-run-2' WHERE id = 2", False, False),
        ("UPDATE games SET roles = '{not json' WHERE id = 2", True, True),
        ("UPDATE games SET result = '[1, 2]', status = 'won?' WHERE id = 1", True, True),
        ("UPDATE games SET created = 'yesterday', holding = x'00ff' WHERE id = 2", True, True),
        ("UPDATE games SET setup = 'null' WHERE id = 2", False, False),
        ("UPDATE inputs SET input = '{\"type\": ' WHERE game = 2 AND seq = 3", False, True),
        ("UPDATE meta SET value = '99' WHERE key = 'current'", False, True),
        ("UPDATE meta SET value = 'two' WHERE key = 'current'", False, True),
        ("UPDATE meta SET value = '' WHERE key = 'pin'", True, True),
    ],
    ids=[
        "unknown kind",
        "players not json",
        "result and status",
        "times and held input",
        "setup not an object",
        "an input cut short",
        "current game missing",
        "current not a number",
        "blank pin",
    ],
)
def test_a_store_edited_or_from_another_version_still_starts(
    tmp_path: Path, damage: str, resumed: bool, exported: bool
) -> None:
    path = tmp_path / "games.db"
    exports = a_store(path)
    edit(path, damage)
    table, said = start(path)
    table_answers_every_read(table)
    assert [g.id for g in table.store.games()] == [2, 1]  # both still listed
    assert (table.game_id == 2) == resumed
    if not resumed:
        assert "the table" in table.notices[-1].text
        assert any("the table" in line for line in said[:-1])  # on the console too
    assert table.store.pin is not None and table.store.pin.isdigit()  # a PIN to unlock it with
    if exported:  # without replaying it: a game that does not replay can still be saved
        script = table.store.export(2)
        assert len(script["inputs"]) == len(exports[2]["inputs"])
    else:
        with pytest.raises(StoreError, match="game 2"):
            table.store.export(2)
    assert table.store.export(1) == exports[1]  # the other game is untouched


def test_a_first_page_whose_header_is_damaged_past_its_first_fields_is_set_aside(
    tmp_path: Path,
) -> None:
    """Bytes 44 to 100 of the file overwritten (a cut write of the first page, the magic
    string and page size intact): SQLite says 'unsupported file format', and before, the
    table would not start ('the game store ... failed: unsupported file format', nothing
    to do) rather than setting the file aside as damaged."""
    path = tmp_path / "games.db"
    a_store(path)
    data = bytearray(path.read_bytes())
    data[44:100] = random.Random(3).randbytes(56)
    path.write_bytes(bytes(data))
    table, said = start(path)
    (kept,) = tmp_path.glob("games.db.damaged-*")
    assert kept.read_bytes() == bytes(data) and "was damaged" in table.notices[0].text
    assert table.store.games() == [] and kept.name in said[0]
    table.store.close()
