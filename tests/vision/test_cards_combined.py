"""A taught card set read with the shipped one (vision.cards.combined): the shipped set's
reading is taken only for a value the teaching showed in no colour, sure, and where the
taught set says nothing against it; never merely because both sets agree on a value the
taught set was taught (teach27-29's held-out misses, docs/vision.md)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

from tests.vision.test_vision_cli import run
from vision.cards import cardset, combined, teach
from vision.cards.cardset import CardSet
from vision.cards.combined import CombinedReader
from vision.cards.dataset import random_set, write
from vision.cards.design import Design, random_design
from vision.cards.finder import rectangle
from vision.cards.reader import CardReader, CardReading
from vision.cards.scene import CardScene, Placed, Table, render
from vision.reader import UNKNOWN

TEACH_SEED = 51  # used by this test only: 4 frames of a trained design show 6 values


@pytest.fixture(scope="module")
def shipped() -> CardSet:
    return cardset.load(cardset.SHIPPED / "cards.npz")


@pytest.fixture(scope="module")
def taught(shipped: CardSet) -> CardSet:
    """A set taught 7s (blue and yellow) and draw twos (green) only: its rule needs no more
    (its arrays are the shipped set's, never read here)."""
    kinds = (("blue", "7"), ("yellow", "7"), ("green", "draw2"))
    return dataclasses.replace(shipped, name="mine", values=("7", "draw2"), kinds=kinds)


def reading(color: str, value: str, p: float, best: str | None = None) -> CardReading:
    """A card read `color` `value` at `p` (value "unknown": its likeliest `best` at `p`)."""
    corners = tuple((float(x), float(y)) for x, y in rectangle((320, 240), 150, 100, 0))
    return CardReading(
        corners=corners,  # type: ignore[arg-type]
        center=(320.0, 240.0),
        box=(245.0, 190.0, 395.0, 290.0),
        angle=0.0,
        color=color,
        value=value,
        confidence=p,
        color_confidence=0.99 if color != UNKNOWN else 0.4,
        reason="" if value != UNKNOWN else "value unsure",
        best_color=color if color != UNKNOWN else "red",
        best_value=best or value,
    )


def test_a_sure_new_value_is_taken_from_the_shipped_set(taught: CardSet, shipped: CardSet) -> None:
    both = CombinedReader(taught, shipped)
    theirs = reading("red", "5", 0.95)
    assert both.combine(reading("red", UNKNOWN, 0.3, best="7"), theirs) is theirs
    assert both.combine(reading(UNKNOWN, UNKNOWN, 0.3, best="7"), theirs) is theirs
    assert both.combine(None, theirs) is theirs  # the taught set took it for no card


def test_a_value_taught_in_some_colour_is_the_taught_sets_even_when_both_agree(
    taught: CardSet, shipped: CardSet
) -> None:
    """teach29's miss: a green draw 2 (taught) read green 7 by the shipped set at 0.99 and
    by the taught set at 0.92 (7 taught in blue and yellow): not taken."""
    both = CombinedReader(taught, shipped)
    mine = reading("green", UNKNOWN, 0.92, best="7")
    assert both.combine(mine, reading("green", "7", 0.99)) is mine
    mine = reading("red", UNKNOWN, 0.3, best="7")  # a red 7: not taught, its value was
    assert both.combine(mine, reading("red", "7", 0.99)) is mine


def test_the_shipped_reading_is_not_taken_unsure_or_against_the_taught_set(
    taught: CardSet, shipped: CardSet
) -> None:
    both = CombinedReader(taught, shipped)
    mine = reading("red", UNKNOWN, 0.3, best="7")
    assert both.combine(mine, reading("red", "5", 0.85)) is mine  # under NEW
    mine = reading("blue", UNKNOWN, 0.3, best="7")
    assert both.combine(mine, reading("red", "5", 0.95)) is mine  # another colour, sure
    mine = reading("red", UNKNOWN, 0.6, best="7")
    assert both.combine(mine, reading("red", "5", 0.95)) is mine  # it leans to a 7
    sure = reading("blue", "7", 0.95)
    assert both.combine(sure, reading("blue", "1", 0.99)) is sure  # its sure reading stands


def test_a_sure_shipped_reading_not_taken_of_a_find_the_taught_set_dropped_is_unknown(
    taught: CardSet, shipped: CardSet
) -> None:
    got = CombinedReader(taught, shipped).combine(None, reading("green", "7", 0.99))
    assert got is not None and not got.known and got.reason


# cards of values the few frames below do not show, where they lie in `untaught_scene`
NEW_KINDS = [("blue", "6", 120, 120), ("red", "draw2", 320, 120), ("green", "1", 520, 120)]
NEW_KINDS += [("red", "3", 120, 360), ("yellow", "8", 320, 360), ("blue", "reverse", 520, 360)]


@pytest.fixture(scope="module")
def few(tmp_path_factory: pytest.TempPathFactory) -> tuple[Design, CardSet]:
    """A deck of a trained design, and its set taught from 4 frames (values 0, 2, 5, 7, 9 and
    skip)."""
    design = random_design(np.random.default_rng(3), "train")
    frames = random_set(tmp_path_factory.mktemp("few"), 4, TEACH_SEED, design=design)
    mine = teach.learn("mine", teach.collect(frames))
    assert not {v for _, v, _, _ in NEW_KINDS} & set(mine.values)
    return design, mine


def untaught_scene(design: Design) -> CardScene:
    placed = tuple(Placed(design, c, v, x, y, 150, 10) for c, v, x, y in NEW_KINDS)
    return CardScene(640, 480, placed, Table("felt", (60, 90, 50), seed=1), noise=2)


def test_a_deck_taught_a_few_cards_reads_values_it_was_not_shown(
    few: tuple[Design, CardSet], shipped: CardSet
) -> None:
    """A deck taught from 4 frames: cards of values it was not shown, which it reads unknown
    alone, are read with the shipped set where the shipped set is sure and the taught set
    does not lean elsewhere (none on this frame since cards40: below), none wrong."""
    design, mine = few
    new = NEW_KINDS
    frame, _ = render(untaught_scene(design))
    alone = CardReader(mine).read(frame)
    assert len(alone) == len(new) and not [c for c in alone if c.value != UNKNOWN]
    read = [c for c in CombinedReader(mine, shipped).read(frame) if c.known]
    truth = {(round(x, -2), round(y, -2)): (c, v) for c, v, x, y in new}
    got = {(round(c.center[0], -2), round(c.center[1], -2)): (c.color, c.value) for c in read}
    assert all(truth.get(at) == kind for at, kind in got.items()), (got, truth)
    # reached: none since cards40's symbol network (the shipped set reads five of the six
    # alone, but the taught set leans to its 5 on the draw 2, 0.58 >= LEAN, and the 1 is
    # 0.89 < NEW 0.9); the draw 2 and the 1 with the network before. The taking itself:
    # the tests of combine above


def test_load_gives_the_combined_reader_for_a_set_taught_under_a_shipped_name(
    tmp_path: Path, shipped: CardSet
) -> None:
    assert type(combined.load("cards")) is CardReader  # nothing taught: the set as shipped
    shipped.save(cardset.user_path("cards"))  # (the _own_config fixture: a tmp folder)
    reader = combined.load("cards")
    assert isinstance(reader, CombinedReader) and reader.cards.name == shipped.name
    assert type(combined.load(cardset.SHIPPED / "cards.npz")) is CardReader
    shipped.save(cardset.user_path("mine"))
    assert type(combined.load("mine")) is CardReader  # no shipped set of that name


def test_eval_measures_a_set_taught_under_a_shipped_name_as_the_table_reads_it(
    tmp_path: Path, few: tuple[Design, CardSet], capsys: pytest.CaptureFixture[str]
) -> None:
    """`dicetable vision eval DIR --cards cards` with a set taught here as `cards` measures
    what the table's camera reads (combined.load): values the teaching never showed are
    counted as the combined reading reads them, and the output says which reading it
    measured; the taught set's file measures it alone."""
    design, mine = few
    taught = dataclasses.replace(mine, name="cards").save(cardset.user_path("cards"))
    write(tmp_path / "check", [untaught_scene(design)])
    status, out, _ = run(capsys, "eval", str(tmp_path / "check"), "--cards", "cards", "--json")
    table = json.loads(out)
    status_alone, out, _ = run(capsys, "eval", str(tmp_path / "check"), "--cards", str(taught))
    assert status == status_alone == 0
    assert "(1 images, card set cards)" in out  # the taught set alone
    assert table["reading"] == (
        "taught set cards read with the shipped set cards for values the teaching showed "
        "in no colour"
    )
    untaught = {v for v, row in table["confusion"].items() if v not in mine.values}
    assert untaught == {v for _, v, _, _ in NEW_KINDS}, table["confusion"]  # each counted
    # read: none since cards40's symbol network (the draw 2 and the 1 before: see above)
    assert table["silent_error_rate"] == 0
    assert "values (rows: labelled" in out and "value_accuracy         0.0" in out
    status, out, _ = run(capsys, "eval", str(tmp_path / "check"), "--cards", "cards")
    assert status == 0 and "read with the shipped set cards" in out.splitlines()[0]
    assert "draw2" in out  # its row in the confusion matrix (a value the taught set lacks)
