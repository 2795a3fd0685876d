"""Where things live: shipped models, and the project's shared labelled data."""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
MODELS = PACKAGE / "models"
REPO = PACKAGE.parent


def data_dir(relative: str) -> Path | None:
    """A labelled set of the shared data (shared/data/RELATIVE beside the repository, found
    upwards from it; or under $DICETABLE_DATA), or None if it is not on this machine."""
    env = os.environ.get("DICETABLE_DATA")
    candidates = [Path(env) / relative] if env else []
    candidates += [p / "shared" / "data" / relative for p in REPO.parents]
    return next((c for c in candidates if (c / "labels.json").is_file()), None)


def photos_dir(name: str = "d6-tray") -> Path | None:
    """The real photo set `name` (shared/data/dice-photos/NAME, or under $DICETABLE_PHOTOS),
    or None if it is not on this machine."""
    env = os.environ.get("DICETABLE_PHOTOS")
    if env and (Path(env) / name / "labels.json").is_file():
        return Path(env) / name
    return data_dir(f"dice-photos/{name}")
