"""The learning store keeps every example it acknowledged, exactly, through a crash; the
same die is one example; the examples are bounded; a damaged file is set aside; the
teachings going on are kept one of each kind."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
from pathlib import Path

import numpy as np
import pytest
from learning_support import noise_crops

from vision.learning import cuts, store
from vision.learning.cuts import CutError
from vision.learning.store import NONE, KeptCut, LearningError, LearningStore, NewExample


def example(face: str, crop: bytes, certain: bool = False, key: str | None = None) -> NewExample:
    source = "fixed" if certain else "read"
    return NewExample(face, crop, 12.5, certain, source, "black", face, 0.97, key)


def test_examples_read_back_exactly_after_reopening(tmp_path: Path) -> None:
    crops = noise_crops(6)
    s = LearningStore(tmp_path / "examples.db")
    assert s.add("kot", [example(f, c) for f, c in zip("123123", crops, strict=True)]) == 6
    s.close()
    again = LearningStore(tmp_path / "examples.db")
    kept = again.examples("kot")
    assert [e.crop for e in kept] == crops
    assert [e.face for e in kept] == list("123123")
    assert again.counts("kot") == {"1": 2, "2": 2, "3": 2}
    assert again.newest("kot") == kept[-1].id and again.count_after("kot", kept[1].id) == 4
    assert np.array_equal(kept[0].image(), cuts.decode(crops[0]))
    assert again.examples("d6-pips") == [] and again.face_sets() == ["kot"]


def test_the_same_die_is_one_example_and_a_person_outranks_the_reader(tmp_path: Path) -> None:
    crop = noise_crops(1)[0]
    s = LearningStore(tmp_path / "examples.db")
    assert s.add("kot", [example("energy", crop, key="game 1 throw 3 die 2")]) == 1
    assert s.add("kot", [example("claw", crop, certain=True, key="game 1 throw 3 die 2")]) == 0
    assert [(e.face, e.certain, e.source) for e in s.examples("kot")] == [("claw", True, "fixed")]
    assert s.add("kot", [example("heart", crop, key="game 1 throw 3 die 2")]) == 0
    assert [e.face for e in s.examples("kot")] == ["claw"]  # a sure reading is no fix


def test_examples_are_bounded_the_commonest_face_unconfirmed_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "MAX_EXAMPLES", 10)
    crops = noise_crops(14)
    s = LearningStore(tmp_path / "examples.db")
    s.add("kot", [example("1", crops[0], certain=True)])
    s.add("kot", [example("1", c) for c in crops[1:9]])  # 9 of face 1
    s.add("kot", [example("2", c) for c in crops[9:14]])  # 5 of face 2: 14 in all
    kept = s.examples("kot")
    assert len(kept) == 10
    assert s.counts("kot") == {"1": 5, "2": 5}
    ones = [e for e in kept if e.face == "1"]
    assert ones[0].certain and ones[0].crop == crops[0]  # a person's label stays
    assert [e.crop for e in ones[1:]] == crops[5:9]  # the oldest unconfirmed went first


def _add_forever(path: str, acknowledged: multiprocessing.SimpleQueue) -> None:  # type: ignore[type-arg]
    s = LearningStore(path)
    crops = noise_crops(50, seed=3)
    for k in range(10_000):
        s.add("kot", [example("heart", crops[k % 50], key=f"die {k}")])
        acknowledged.put(k)


def test_a_crash_loses_no_acknowledged_example(tmp_path: Path) -> None:
    path = tmp_path / "examples.db"
    acknowledged: multiprocessing.SimpleQueue = multiprocessing.get_context("spawn").SimpleQueue()  # type: ignore[type-arg]
    child = multiprocessing.get_context("spawn").Process(
        target=_add_forever, args=(str(path), acknowledged)
    )
    child.start()
    said = []
    while len(said) < 30:
        said.append(acknowledged.get())
    os.kill(child.pid or 0, signal.SIGKILL)
    child.join()
    while not acknowledged.empty():
        said.append(acknowledged.get())
    kept = {e.key for e in LearningStore(path).examples("kot")}
    assert {f"die {k}" for k in said} <= kept


def test_a_damaged_store_is_set_aside_and_learning_starts_afresh(tmp_path: Path) -> None:
    path = tmp_path / "examples.db"
    s = LearningStore(path)
    s.add("kot", [example("1", c) for c in noise_crops(3)])
    s.close()
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the schema page overwritten
    path.write_bytes(bytes(data))
    again = LearningStore(path)
    assert again.examples("kot") == []
    assert again.notes and "damaged" in again.notes[0]
    assert list(tmp_path.glob("examples.db.damaged-*"))


def test_a_first_page_whose_header_is_damaged_is_set_aside_too(tmp_path: Path) -> None:
    """SQLite says 'unsupported file format' of it: before, the store was refused, not set
    aside, and the table did not learn its dice until someone removed the file."""
    import random

    path = tmp_path / "examples.db"
    s = LearningStore(path)
    s.add("kot", [example("1", c) for c in noise_crops(3)])
    s.close()
    data = bytearray(path.read_bytes())
    data[44:100] = random.Random(3).randbytes(56)
    path.write_bytes(bytes(data))
    again = LearningStore(path)
    assert again.examples("kot") == [] and again.notes and "damaged" in again.notes[0]
    assert [p.read_bytes() for p in tmp_path.glob("examples.db.damaged-*")] == [bytes(data)]


def test_a_store_from_a_newer_dicetable_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "examples.db"
    LearningStore(path).close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
    with pytest.raises(LearningError, match="newer dicetable"):
        LearningStore(path)


def test_what_is_no_crop_is_refused(tmp_path: Path) -> None:
    s = LearningStore(tmp_path / "examples.db")
    with pytest.raises(LearningError, match="source"):
        s.add("kot", [NewExample("1", noise_crops(1)[0], 0.0, True, "guessed")])
    with pytest.raises(LearningError, match="PNG"):
        s.add("kot", [NewExample("1", b"x" * (cuts.MAX_PNG + 1), 0.0, True, "fixed")])
    with pytest.raises(CutError):
        cuts.decode(b"not a picture")
    assert s.examples("kot") == []


def test_embeddings_are_kept_per_model_and_the_old_model_s_dropped(tmp_path: Path) -> None:
    s = LearningStore(tmp_path / "examples.db")
    s.add("kot", [example(NONE, c) for c in noise_crops(2)])
    ids = [e.id for e in s.examples("kot")]
    features = {i: np.full((3, 64), i, np.float32) for i in ids}
    s.put_embeddings("model-a/1", features)
    got = s.embeddings("model-a/1", ids)
    assert all(np.array_equal(got[i], features[i]) for i in ids)
    s.put_embeddings("model-b/1", {ids[0]: features[ids[0]]})
    assert s.embeddings("model-a/1", ids) == {}  # another embedding: the old ones are stale


def test_one_teaching_of_each_kind_is_kept_and_what_changes_of_it(tmp_path: Path) -> None:
    s = LearningStore(tmp_path / "examples.db")
    assert s.teaching("dice") is None and s.teaching("cards") is None
    s.begin_teaching("cards", "a", [KeptCut(0, b"0", "{}"), KeptCut(1, b"1", "{}")])
    s.begin_teaching("dice", "d", [KeptCut(0, b"die", "{}")])
    s.keep_teaching("cards", "b", [KeptCut(2, b"2", "{}")], {0: '{"left_out": true}'})
    assert s.teaching("cards") == (
        "b",
        [KeptCut(0, b"0", "{}", '{"left_out": true}'), KeptCut(1, b"1", "{}"),
         KeptCut(2, b"2", "{}")],
    )  # fmt: skip
    assert s.teaching("dice") == ("d", [KeptCut(0, b"die", "{}")])  # (each kind its own)
    s.begin_teaching("cards", "c")  # (a new teaching: nothing of the one before)
    assert s.teaching("cards") == ("c", [])
    s.end_teaching("cards")
    assert s.teaching("cards") is None and s.teaching("dice") == ("d", [KeptCut(0, b"die", "{}")])
    s.close()


def test_a_cancelled_teaching_s_examples_are_forgotten(tmp_path: Path) -> None:
    s = LearningStore(tmp_path / "examples.db")
    crops = noise_crops(3)
    s.add("kot", [example("1", crops[0], True, "taught:1.000:0")])
    s.add("kot", [example("2", crops[1], True, "taught:2.000:0"), example("3", crops[2])])
    assert s.forget("kot", "taught:2.000:") == 1
    assert [e.key for e in s.examples("kot")] == ["taught:1.000:0", None]
    s.close()


def test_a_full_disk_is_said_with_what_to_do_in_the_page_s_language(tmp_path: Path) -> None:
    """Before: 'the table's learning store ... failed: database or disk is full' (SQLite's
    English in every language, and nothing to do). The disk is made full by SQLite itself
    (max_page_count: SQLITE_FULL as a full disk gives it); what was stored before stays."""
    from host.games.text import say

    s = LearningStore(tmp_path / "examples.db")
    s.add("kot", [example("1", c) for c in noise_crops(3)])
    pages = s._db.execute("PRAGMA page_count").fetchone()[0]
    s._db.execute(f"PRAGMA max_page_count = {pages + 1}")
    with pytest.raises(LearningError) as raised:
        s.add("kot", [example("2", c) for c in noise_crops(40, seed=9)])
    said = raised.value.args[0]
    assert said.startswith("the disk holding the table's learning store ") and "free some" in said
    assert "database or disk is full" not in said
    assert say(said, "fr").startswith("le disque des données d'apprentissage de la table ")
    assert "いっぱいです" in say(said, "ja")
    assert [e.face for e in s.examples("kot")] == ["1", "1", "1"]
