"""What face sets (vision.faceset) and card sets (vision.cards.cardset) share as files: one
`.npz` holding a JSON `meta` and float32 arrays, found by name (a set the table was taught
first, under $XDG_CONFIG_HOME/dicetable/KIND, then a shipped one) or by path.

A reader of a set file turns what cannot be read into its own error; these raise OSError,
KeyError or ValueError as numpy and json do.
"""

from __future__ import annotations

import json
import os
import time
import zipfile
import zlib
from pathlib import Path
from typing import Any

import numpy as np

Arrays = dict[str, np.ndarray]


def user_dir(kind: str) -> Path:
    """Where taught sets of `kind` ("facesets", "cardsets") go: $XDG_CONFIG_HOME/dicetable/KIND
    (~/.config/...)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "dicetable" / kind


def find(name_or_path: str | Path, taught: Path, shipped: Path) -> Path:
    """The file of a set named `name_or_path`: the taught one (in `taught`) first, then the
    shipped one (in `shipped`); a path ending in .npz is itself. It may not exist."""
    path = Path(name_or_path)
    if path.suffix == ".npz":
        return path
    mine = taught / f"{name_or_path}.npz"
    return mine if mine.is_file() else shipped / f"{name_or_path}.npz"


def taught_one(name_or_path: str | Path, path: Path, taught: Path) -> bool:
    """Whether `path`, found for `name_or_path` (`find`), is a set the table was taught."""
    return Path(name_or_path).suffix != ".npz" and path.parent == taught


def beside(path: Path, tag: str) -> Path:
    """A free name beside `path` for a file kept in its stead: `NAME.TAG-TIME`, with `-2`,
    `-3`... after it when one was kept within the same second (none replaced)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.name}.{tag}-{stamp}")
    n = 1
    while kept.exists():
        n += 1
        kept = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
    return kept


def set_aside(path: Path) -> Path | None:
    """Move a taught set's file that cannot be read out of the way, as
    `NAME.npz.damaged-TIME` beside it (kept for whoever wants to look at it), so the set of
    its name is found elsewhere (the shipped one); where it went, None if it cannot move."""
    kept = beside(path, "damaged")
    try:
        os.replace(path, kept)
    except OSError:
        return None
    return kept


def names(shipped: Path) -> list[str]:
    """The sets shipped in a folder, by name."""
    return sorted(p.stem for p in shipped.glob("*.npz"))


def save(path: str | Path, meta: dict[str, Any], arrays: Arrays) -> Path:
    """Write a set file (its folder made if need be); the arrays as float32."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    stored: dict[str, Any] = {k: np.asarray(v, np.float32) for k, v in arrays.items()}
    with path.open("wb") as f:
        np.savez_compressed(f, meta=np.array(json.dumps(meta)), **stored)
    return path


def read(path: Path) -> tuple[dict[str, Any], Arrays]:
    """A set file's meta and arrays, read whole. A file cut short or of other bytes is a
    ValueError (numpy raises EOFError, zipfile.BadZipFile or zlib.error for those)."""
    try:
        with np.load(path) as data:
            meta = json.loads(str(data["meta"]))
            if not isinstance(meta, dict):
                raise ValueError("its meta is not an object")
            return meta, {k: data[k] for k in data.files if k != "meta"}
    except (EOFError, zipfile.BadZipFile, zlib.error) as error:
        raise ValueError(f"cut short or damaged: {error}") from None
