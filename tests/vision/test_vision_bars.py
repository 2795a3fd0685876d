"""The issue's accuracy bars, on small fixed samples of material nothing shipped learned
from (the full figures: docs/vision.md, "Figures").

- `kot-frames/origins/test`: the real dice art of an edition the shipped `kot` set never
  saw, on real trays and tables; and a set taught from `kot-frames/origins/teach` alone,
  as a table would teach its own dice.
- Real pip photos: the held-out part of `d6-tray` (vision.split) and `rune55/held-out`.
- Synthetic: King of Tokyo and Kingdom Run frames from seeds never used while building or
  tuning.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.shared_data import shared
from vision import labels, split
from vision.evaluate import evaluate
from vision.paths import data_dir
from vision.reader import DiceReader
from vision.render.dataset import random_set
from vision.teach import teach

REAL_SAMPLE = 40  # held-out d6-tray photos (about 300 dice)
KOT_SAMPLE = 40  # frames of kot-frames/origins/test a taught set is checked on (280 dice)
RUNE_SAMPLE = 80  # photos of rune55/held-out (about 260 dice)
SYNTH_SEED = 5005  # fresh: used by this test only
SYNTH_FRAMES = 60

Figures = dict[str, Any]


@pytest.fixture(scope="module")
def origins_test() -> labels.LabelSet:
    return shared("kot-frames/origins/test")


def test_an_edition_never_seen_is_read_without_sure_wrong_faces(
    origins_test: labels.LabelSet, kot_reader: DiceReader
) -> None:
    """All 200 frames: one colour error is 0.0036 of a 40-frame sample's 280 dice, and the
    first 40 frames hold 4 of the set's 10 (0.986 there, 0.993 on all)."""
    figures = evaluate(origins_test, kot_reader).figures()
    assert figures["dice_labelled"] > 1000
    assert figures["silent_error_rate"] <= 0.005, figures
    assert figures["detection_recall"] >= 0.98, figures
    assert figures["dice_dropped"] == 0, figures
    assert figures["color_accuracy"] >= 0.99, figures
    assert figures["face_accuracy"] >= 0.90, figures
    assert figures["detection_precision"] >= 0.98, figures


def test_a_set_taught_from_ten_frames_of_that_edition_reads_it(
    origins_test: labels.LabelSet, tmp_path: Path
) -> None:
    folder = data_dir("kot-frames/origins/teach")
    assert folder is not None
    taught = DiceReader(teach(str(folder), "origins"))
    figures = evaluate(origins_test, taught, origins_test.images[:KOT_SAMPLE]).figures()
    assert figures["face_accuracy"] >= 0.99, figures
    assert figures["silent_error_rate"] == 0.0, figures
    assert figures["color_accuracy"] >= 0.995, figures


@pytest.mark.xfail(
    reason="not met yet (issue 4's bar): on all 100 held-out photos face accuracy 0.933 "
    "(bar 0.98); recall 0.982, precision 0.981 and silent errors 0.0026 (bar 0.005) are met",
    strict=True,
)
def test_real_held_out_photos_meet_the_bars(
    real_photos: labels.LabelSet, pips_reader: DiceReader
) -> None:
    sample = split.select(real_photos.images, "held-out")[:REAL_SAMPLE]
    figures = evaluate(real_photos, pips_reader, sample).figures()
    assert figures["dice_labelled"] > 250
    assert figures["detection_recall"] >= 0.98, figures
    assert figures["detection_precision"] >= 0.98, figures
    assert figures["face_accuracy"] >= 0.98, figures
    assert figures["silent_error_rate"] <= 0.005, figures


def test_real_held_out_pip_photos_hold_their_level(
    reviewed_photos: labels.LabelSet, pips_reader: DiceReader
) -> None:
    """No worse than before (all 100 held-out photos: face 0.933, silent 0.0026).
    Measured against the labels as reviewed: of the dice this sample's labels call
    misread, one is a 3 labelled 2 (vision/reviews/d6-tray.json), and one silent error
    more or less is all the bar allows on 300 dice."""
    sample = split.select(reviewed_photos.images, "held-out")[:REAL_SAMPLE]
    figures = evaluate(reviewed_photos, pips_reader, sample).figures()
    assert figures["silent_error_rate"] <= 0.005, figures
    assert figures["detection_recall"] >= 0.96, figures
    assert figures["detection_precision"] >= 0.96, figures
    assert figures["face_accuracy"] >= 0.90, figures


@pytest.fixture(scope="module")
def rune_figures(pips_reader: DiceReader) -> Figures:
    held_out = shared("dice-photos/rune55/held-out")
    return evaluate(held_out, pips_reader, held_out.images[:RUNE_SAMPLE]).figures()


@pytest.mark.xfail(
    reason="not met yet (all 625 photos: recall 0.868, precision 0.906; its 514 webcam "
    "close-ups 0.984 and 0.972, its 111 phone photos of small dice 0.358 and 0.498): in "
    "frames where d6-tray's finder and set read few faces, a finder fine-tuned on both photo "
    "sets' learn parts (rune55 weighted up) finds the dice, read by a set taught from both; "
    "its misses are phone photos' dice of 8-15 px not found, boxes found at IoU 0.3-0.5 of "
    "loose labels and unknown finds away from dice (docs/vision.md, issue 16's fifth to "
    "ninth rounds)",
    strict=True,
)
def test_other_peoples_pip_photos_on_many_surfaces(rune_figures: Figures) -> None:
    figures = rune_figures
    assert figures["dice_labelled"] > 200
    assert figures["detection_recall"] >= 0.97, figures
    assert figures["detection_precision"] >= 0.97, figures
    assert figures["silent_error_rate"] <= 0.005, figures


def test_other_peoples_pip_photos_are_never_read_surely_wrong(rune_figures: Figures) -> None:
    figures = rune_figures
    assert figures["silent_error_rate"] <= 0.005, figures


def test_other_peoples_pip_photos_hold_their_level(rune_figures: Figures) -> None:
    """No worse than since a first pass reading under 3/4 of its dice's faces, or
    reporting one die, opens the second, whose dice win where they add 2 dice or read
    more faces (issue 16's ninth round; this sample, harder than the whole: recall 0.664,
    precision 0.809, face 0.876: more phone photos' dice found, some read unknown, none
    wrong); 0.657, 0.789 and 0.886 since the second pass's finder was fine-tuned 5 epochs
    more, with rune55's photos of small dice shown 8 times more; 0.616,
    0.753 and 0.903 before, since the second pass opens where the first reads the faces of
    fewer than half its dice; 0.590, 0.712 and 0.905 when any face read closed it; 0.590,
    0.696 and 0.880 with rune55 twice an epoch; 0.556, 0.684 and 0.92 with today's finder
    at half width as the second pass; before a second pass 0.02 and 0.03 on all 625)."""
    figures = rune_figures
    assert figures["detection_recall"] >= 0.66, figures
    assert figures["detection_precision"] >= 0.80, figures
    assert figures["face_accuracy"] >= 0.87, figures


@pytest.fixture(scope="module")
def fresh_kot(tmp_path_factory: pytest.TempPathFactory, kot_reader: DiceReader) -> Figures:
    """The shipped kot set's figures on fresh frames of the renderer's own dice."""
    folder: Path = tmp_path_factory.mktemp("kot-fresh")
    return evaluate(random_set(folder, "kot", SYNTH_FRAMES, SYNTH_SEED), kot_reader).figures()


def test_fresh_synthetic_kot_frames_meet_the_face_bars(fresh_kot: Figures) -> None:
    """On 500 frames of seed 9009 face accuracy 0.997 (bar 0.995), no silent error: the
    set's own dice are read by a softmax of their own (vision.looks; 0.9968 here)."""
    figures = fresh_kot
    assert figures["dice_labelled"] > 250
    assert figures["detection_recall"] >= 0.98, figures
    assert figures["face_accuracy"] >= 0.995, figures
    assert figures["silent_error_rate"] <= 0.002, figures


@pytest.mark.xfail(
    reason="not met on this sample: 0.9968, one die of 312 (0.9904 before the look network's "
    "averaged fits and tight cuts); met since its hard-light looks on 500 frames of seed 9009 "
    "(0.9996; 0.995 before the look network) and of the fresh seed 9339 (1.0), on 9119 0.9993",
    strict=True,
)
def test_fresh_synthetic_kot_frames_meet_the_colour_bar(fresh_kot: Figures) -> None:
    figures = fresh_kot
    assert figures["color_accuracy"] >= 0.999, figures


def test_fresh_synthetic_kot_frames_hold_their_level(fresh_kot: Figures) -> None:
    """Until the colour bar above is met: no slide back (this sample: 0.9968, 1 die)."""
    figures = fresh_kot
    assert figures["dice_labelled"] > 250
    assert figures["color_accuracy"] >= 0.99, figures


KINGDOM_RUN_SEED = 5105  # fresh: used by this test only (the set is taught from seed 1101)


@pytest.fixture(scope="module")
def fresh_kingdom_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, float]:
    """The shipped kingdom-run set's figures on fresh frames of its dice."""
    folder: Path = tmp_path_factory.mktemp("kingdom-run-fresh")
    fresh = random_set(folder, "kingdom-run", SYNTH_FRAMES, KINGDOM_RUN_SEED)
    return evaluate(fresh, DiceReader.load("kingdom-run")).figures()


def test_fresh_synthetic_kingdom_run_frames_meet_the_bars(
    fresh_kingdom_run: dict[str, float],
) -> None:
    """Issue 19's bars for Kingdom Run's dice, drawn with our own glyphs (on 400 frames of
    seed 8808, never used for anything else, face 0.9977 and silent 0.0014: docs/vision.md)."""
    figures = fresh_kingdom_run
    assert figures["dice_labelled"] > 250
    assert figures["detection_recall"] >= 0.98, figures
    assert figures["face_accuracy"] >= 0.995, figures
    assert figures["silent_error_rate"] <= 0.002, figures
