"""The berserk die's face set (vision/facesets/berserk.npz: python -m vision.build_shipped berserk),
on fresh renders of the renderer's own berserk dice, from a seed used by this test only
(the full figures: docs/vision.md, "Figures")."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision import labels
from vision.evaluate import evaluate
from vision.glyphs import faces_of
from vision.reader import DiceReader
from vision.render.dataset import random_set

SEED, FRAMES = 6006, 30  # about 170 dice


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> labels.LabelSet:
    folder: Path = tmp_path_factory.mktemp("berserk")
    return random_set(folder, "berserk", FRAMES, SEED)


@pytest.fixture(scope="module")
def figures(fresh: labels.LabelSet) -> dict[str, float]:
    return evaluate(fresh, DiceReader.load("berserk")).figures()


def test_the_berserk_die_has_five_faces_on_six_sides() -> None:
    faces = faces_of("berserk")
    assert len(faces) == 5 and "berserk_skull" in faces


def test_fresh_berserk_dice_are_found_and_never_surely_misread(figures: dict[str, float]) -> None:
    assert figures["detection_recall"] >= 0.99, figures
    assert figures["silent_error_rate"] == 0.0, figures
    assert figures["face_accuracy"] >= 0.98, figures


@pytest.mark.xfail(
    reason="not met yet (issue 21's bar 0.995): on 300 fresh frames (seed 88129, 1,564 dice) "
    "face accuracy 0.991 (0.8 % unknown), silent errors 0.0013 (bar 0.002, met)",
    strict=True,
)
def test_fresh_berserk_dice_meet_the_face_bar(figures: dict[str, float]) -> None:
    assert figures["face_accuracy"] >= 0.995, figures
