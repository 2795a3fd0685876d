"""What the learning shows outside: the examples as dice-labels/1, the teaching's groups
as one picture (for the terminal's teaching)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision import labels
from vision.learning.cuts import CROP, CROP_FACE, decode
from vision.learning.flow import TeachFlow
from vision.learning.store import NONE, LearningStore


def export_labels(store: LearningStore, name: str, folder: Path) -> tuple[Path, int]:
    """The examples of a set as a dice-labels/1 folder: each a crop (PNG) with its die
    labelled (its face, colour role and angle); `complete: false`, since a neighbour die
    may show in a crop unlabelled. Examples of no die are left out."""
    folder.mkdir(parents=True, exist_ok=True)
    half, extent = CROP / 2, CROP_FACE / 0.82 / 2  # the box whose face is the crop's face
    box = (half - extent, half - extent, half + extent, half + extent)
    images = []
    for e in store.examples(name):
        if e.face == NONE:
            continue
        file = f"e{e.id:06d}.png"
        (folder / file).write_bytes(e.crop)
        die = labels.LabelledDie(box, e.face, e.color, angle=e.angle % 90)
        images.append(labels.LabelledImage(file, CROP, CROP, (die,), complete=False))
    extra = {
        "source": f"dicetable's learning store: examples of {name} (taught, fixed, asked, read)"
    }
    path = labels.save(labels.LabelSet(name, images, folder, extra))
    return path, len(images)


def groups_sheet(flow: TeachFlow, per_row: int = 12) -> np.ndarray:
    """The teaching's groups: a band per group (its number, then its dice, each with its
    number), for a person naming them in the terminal."""
    bands = []
    for group in flow.groups:
        cuts = [decode(flow.cuts[i].crop) for i in group.cuts]
        rows = [cuts[k : k + per_row] for k in range(0, len(cuts), per_row)]
        for r, row in enumerate(rows):
            band = np.full((CROP + 14, 40 + per_row * (CROP + 4), 3), 255, np.uint8)
            if r == 0:
                cv2.putText(
                    band, str(group.id), (4, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (0, 0, 0), 2
                )
            for k, image in enumerate(row):
                x = 40 + k * (CROP + 4)
                band[:CROP, x : x + CROP] = image
                number = group.cuts[r * per_row + k]
                cv2.putText(
                    band, str(number), (x, CROP + 12), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 1
                )
            bands.append(band)
    if not bands:
        return np.full((CROP, CROP, 3), 255, np.uint8)
    return np.concatenate(bands)
