"""Teaching a face set from at most 10 labelled photos per face reads other photos of the
same dice: on rendered dice of a style the shipped models never saw, and on real pips."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from vision import labels, split
from vision.evaluate import evaluate
from vision.faceset import FaceSet, load
from vision.reader import DiceReader
from vision.render.dataset import random_set
from vision.teach import TeachError, collect, learn, teach


def at_most_per_face(images: list[labels.LabelledImage], limit: int) -> list[labels.LabelledImage]:
    """Photos in order, skipping any that would show a face in more than `limit` photos."""
    seen: Counter[str] = Counter()
    out = []
    for image in images:
        faces = {d.face for d in image.dice}
        if all(seen[f] < limit for f in faces):
            out.append(image)
            seen.update(faces)
    return out


@pytest.mark.xfail(
    reason="not met yet: 0.79 of this style's dice are read, none silently wrong; the rest "
    "are unknown (its 2 and 3 stay close in the embedding, and 40 dice are too few to "
    "certify a lower threshold than 0.9)",
    strict=True,
)
def test_teach_an_unseen_glyph_style_from_ten_photos_per_face(tmp_path: Path) -> None:
    taught_on = random_set(tmp_path / "teach", "kot-alt", 10, seed=31, n_dice=4)
    assert (
        max(Counter(f for im in taught_on.images for f in {d.face for d in im.dice}).values()) <= 10
    )
    taught = teach(str(tmp_path / "teach"), "kot-2011")
    others = random_set(tmp_path / "others", "kot-alt", 30, seed=32)
    figures = evaluate(others, DiceReader(taught)).figures()
    assert figures["face_accuracy"] >= 0.99, figures
    assert figures["color_accuracy"] >= 0.99, figures
    assert figures["silent_error_rate"] <= 0.005, figures


def taught_pips(label_set: labels.LabelSet, images: list[labels.LabelledImage]) -> FaceSet:
    """Pip dice taught from `images`, read with the networks of the shipped pip set (today's
    default ones were not fine-tuned on real pips: taught so, they read 0.40 of them)."""
    shipped = load("d6-pips")
    finder, embedding = shipped.finder_file, shipped.embedding_file
    examples = collect(label_set, images, finder=finder)
    faces = ["1", "2", "3", "4", "5", "6"]
    return learn("my-pips", examples, faces=faces, finder=finder, embedding=embedding)


@pytest.mark.xfail(
    reason="not met yet: real pips taught from 12 photos (<= 10 per face) read 0.93 of the "
    "held-out sample right (bar 0.99), with 0.003 silent errors",
    strict=True,
)
def test_teach_real_pips_from_ten_photos_per_face(real_photos: labels.LabelSet) -> None:
    teach_on = at_most_per_face(split.select(real_photos.images, "learn"), 10)
    taught = taught_pips(real_photos, teach_on)
    sample = split.select(real_photos.images, "held-out")[:40]
    figures = evaluate(real_photos, DiceReader(taught), sample).figures()
    assert figures["face_accuracy"] >= 0.99, figures
    assert figures["silent_error_rate"] <= 0.005, figures


def test_a_taught_set_saves_and_loads_by_name(tmp_path: Path) -> None:
    random_set(tmp_path / "t", "kot-alt", 6, seed=33, n_dice=6)
    taught = teach(str(tmp_path / "t"), "mine")
    from vision.faceset import user_path

    taught.save(user_path("mine"))
    back = load("mine")
    assert back.faces == taught.faces and np.allclose(back.weights, taught.weights)


def test_teaching_needs_every_face(tmp_path: Path) -> None:
    random_set(tmp_path / "t", "kot", 1, seed=34, n_dice=2)
    with pytest.raises(TeachError, match="no example of the face"):
        teach(str(tmp_path / "t"), "few", faces=["1", "2", "3", "heart", "energy", "claw"])


def test_a_set_taught_from_ten_photos_is_never_silently_wrong(tmp_path: Path) -> None:
    """Until the bar is met, what teaching does give: most faces, and no silent errors."""
    random_set(tmp_path / "teach", "kot-alt", 10, seed=31, n_dice=10)
    taught = teach(str(tmp_path / "teach"), "kot-2011")
    others = random_set(tmp_path / "others", "kot-alt", 30, seed=32)
    figures = evaluate(others, DiceReader(taught)).figures()
    assert figures["silent_error_rate"] <= 0.005, figures
    assert figures["face_accuracy"] >= 0.65 and figures["color_accuracy"] >= 0.99, figures


def test_real_pips_taught_from_ten_photos_per_face_are_safe(
    reviewed_photos: labels.LabelSet,
) -> None:
    """As the user would teach them: from labels that say what is there (reviewed)."""
    teach_on = at_most_per_face(split.select(reviewed_photos.images, "learn"), 10)
    assert len(teach_on) <= 60
    taught = taught_pips(reviewed_photos, teach_on)
    sample = split.select(reviewed_photos.images, "held-out")[:40]
    figures = evaluate(reviewed_photos, DiceReader(taught), sample).figures()
    assert figures["silent_error_rate"] <= 0.005, figures
    assert figures["face_accuracy"] >= 0.9, figures
