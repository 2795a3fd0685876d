"""The labelled material beside the repository (../shared/data, see its READMEs), loaded for
a test; where it is missing the test fails saying which (never skips: every machine that
runs the suite has it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision import labels
from vision.paths import data_dir, photos_dir


def shared(relative: str) -> labels.LabelSet:
    """shared/data/RELATIVE's labels."""
    return _load(data_dir(relative), f"shared/data/{relative}")


def photo_set(name: str = "d6-tray") -> labels.LabelSet:
    """A real photo set (shared/data/dice-photos/NAME, or under $DICETABLE_PHOTOS)."""
    return _load(photos_dir(name), f"shared/data/dice-photos/{name}")


def _load(folder: Path | None, what: str) -> labels.LabelSet:
    if folder is None:
        pytest.fail(f"{what} is not beside the repository")
    return labels.load(folder)
