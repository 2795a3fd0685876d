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


def test_fresh_berserk_dice_hold_the_level_of_the_face_bar(figures: dict[str, float]) -> None:
    """Issue 21's bar (0.995): met on 300 fresh frames (seed 27182, 1,551 dice: 0.9968,
    silent 0.0013); this test's 151 dice hold the level (one die in 151 is 0.0066)."""
    assert figures["face_accuracy"] >= 0.99, figures


def test_the_berserk_set_knows_its_dice_look_and_does_not_ask_about_leaning() -> None:
    """The cocked network finds 1 % of the leaning berserk dice at the probability that
    keeps flat ones unflagged: the set never asks it (docs/vision.md)."""
    berserk = DiceReader.load("berserk").faces
    assert berserk.cocked > 1 and len(berserk.look_radius) == 1
