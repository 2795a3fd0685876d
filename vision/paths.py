"""Where things live: shipped models, and the project's shared real photos."""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
MODELS = PACKAGE / "models"
REPO = PACKAGE.parent


def photos_dir(name: str = "d6-tray") -> Path | None:
    """The real photo set `name` (shared/data/dice-photos/NAME beside the repository, found
    upwards from it; or under $DICETABLE_PHOTOS), or None if it is not on this machine."""
    env = os.environ.get("DICETABLE_PHOTOS")
    candidates = [Path(env) / name] if env else []
    candidates += [p / "shared" / "data" / "dice-photos" / name for p in REPO.parents]
    return next((c for c in candidates if (c / "labels.json").is_file()), None)
