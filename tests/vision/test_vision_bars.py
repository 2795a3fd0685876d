"""The issue's accuracy bars, on small fixed samples (the full figures: docs/vision.md).

Real photos: the first images of the held-out part of the fixed split (vision.split), which
nothing shipped was learned from. Synthetic: King of Tokyo frames from a seed that was
never used while building or tuning anything.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from vision import labels, split
from vision.evaluate import evaluate
from vision.reader import DiceReader
from vision.render.dataset import random_set

REAL_SAMPLE = 40  # held-out photos (about 300 dice)
SYNTH_SEED = 5005  # fresh: used by this test only
SYNTH_FRAMES = 60


@pytest.mark.xfail(
    reason="not met yet: on all 100 held-out photos face accuracy 0.933 (bar 0.98); "
    "recall 0.982, precision 0.981 and silent errors 0.0026 (bar 0.005) are met",
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


def test_real_held_out_photos_hold_their_level(
    reviewed_photos: labels.LabelSet, pips_reader: DiceReader
) -> None:
    """Until the bars above are met: no silent errors beyond the bar, and no slide back.
    Measured against the labels as reviewed: of the three dice this sample's labels call
    misread, one is a 3 labelled 2 (vision/reviews/d6-tray.json), and one silent error more
    or less is all the bar allows on 400 dice."""
    sample = split.select(reviewed_photos.images, "held-out")[:REAL_SAMPLE]
    figures = evaluate(reviewed_photos, pips_reader, sample).figures()
    assert figures["silent_error_rate"] <= 0.005, figures
    assert figures["detection_recall"] >= 0.96, figures
    assert figures["detection_precision"] >= 0.96, figures
    assert figures["face_accuracy"] >= 0.90, figures


@pytest.fixture(scope="module")
def fresh_kot(tmp_path_factory: pytest.TempPathFactory) -> labels.LabelSet:
    folder: Path = tmp_path_factory.mktemp("kot-fresh")
    return random_set(folder, "kot", SYNTH_FRAMES, SYNTH_SEED)


def test_fresh_synthetic_kot_frames_meet_the_bars(
    fresh_kot: labels.LabelSet, kot_reader: DiceReader
) -> None:
    figures = evaluate(fresh_kot, kot_reader).figures()
    assert figures["dice_labelled"] > 250
    assert figures["detection_recall"] >= 0.98, figures
    assert figures["face_accuracy"] >= 0.995, figures
    assert figures["color_accuracy"] >= 0.999, figures
    assert figures["silent_error_rate"] <= 0.002, figures
