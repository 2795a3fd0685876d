"""Shared fixtures: the real photos (skip only where they are absent), readers, renders."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.shared_data import photo_set
from vision import labels, review
from vision.reader import DiceReader


@pytest.fixture(scope="session")
def real_photos() -> labels.LabelSet:
    return photo_set()


@pytest.fixture(scope="session")
def reviewed_photos(real_photos: labels.LabelSet) -> labels.LabelSet:
    """The real photos with our review of their labels applied (vision/reviews/d6-tray.json:
    faces a person sees otherwise, dice nobody labelled)."""
    return review.reviewed(real_photos)


@pytest.fixture(scope="session")
def kot_reader() -> DiceReader:
    return DiceReader.load("kot")


@pytest.fixture(scope="session")
def pips_reader() -> DiceReader:
    return DiceReader.load("d6-pips")


@pytest.fixture(autouse=True)
def _own_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Taught face sets go to a temporary config folder, never the user's."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    yield
