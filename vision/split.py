"""The fixed split of a photo set into a part we learn from and a part we only measure on.

Photos are sorted by file name and taken in blocks of BLOCK: even blocks are "learn",
odd blocks "held-out". Blocks (not alternate photos) keep near-identical shots taken one
after another on the same side of the split.

>>> [part_of(i) for i in (0, 9, 10, 19, 20)]
['learn', 'learn', 'held-out', 'held-out', 'learn']
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import TypeVar

BLOCK = 10
PARTS = ("learn", "held-out")

T = TypeVar("T")


def part_of(index: int) -> str:
    return PARTS[(index // BLOCK) % 2]


def select(items: Sequence[T], part: str, key: str = "file") -> list[T]:
    """The items (objects with a `file` attribute) that fall in `part` of the split."""
    if part not in PARTS:
        raise ValueError(f"unknown part {part!r} (one of {', '.join(PARTS)})")
    ordered = sorted(items, key=lambda item: str(getattr(item, key)))
    return [item for i, item in enumerate(ordered) if part_of(i) == part]


def scene_of(origin: str) -> str:
    """The scene a photo of a set with an `origin` field was taken of: rotated or sheared
    copies of one photo share its name before ".rf." (rune55)."""
    return origin.split(".rf.")[0]


def validation(scene: str, share: int = 8) -> bool:
    """True for about one scene in `share`: the part of a learn set kept back to watch
    training and choose its settings, never learned from (scenes stay whole)."""
    return zlib.crc32(scene.encode()) % share == 0
