"""Learn a face set from labelled photos (a folder in the dice-labels/1 format).

The dice are found as at run time, matched to the labels, cut out as patches and
embedded; the face set's model is then fitted to those embeddings with numpy alone, so
teaching works on the table's own computer, without any training package.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision import detect, labels, patches
from vision.faceset import FaceSet
from vision.reader import body_lab, check_frame, embed


class TeachError(ValueError):
    """Labelled photos that cannot teach a face set (too few, unreadable, ...)."""


@dataclass
class Examples:
    """Patches cut from labelled photos, with their labels."""

    patches: np.ndarray  # (n, PATCH, PATCH, 3) uint8
    faces: list[str]
    colors: list[str | None]


def iou(a: Sequence[float], b: Sequence[float]) -> float:
    """Intersection over union of two boxes [x0, y0, x1, y1].

    >>> iou([0, 0, 10, 10], [5, 0, 15, 10])
    0.3333333333333333
    """
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def patches_for(frame: np.ndarray, dice: Sequence[labels.LabelledDie]) -> list[np.ndarray]:
    """A patch per labelled die, placed as the finder places it where it finds the die."""
    found = detect.find_dice(frame)
    out = []
    for die in dice:
        best = max(found, key=lambda c: iou(c.box, die.box), default=None)
        if best is not None and iou(best.box, die.box) >= 0.3:
            out.append(patches.cut(frame, best.center, best.side, best.angle))
        else:
            x0, y0, x1, y1 = die.box
            side = 0.8 * min(x1 - x0, y1 - y0)
            out.append(patches.cut(frame, ((x0 + x1) / 2, (y0 + y1) / 2), side, die.angle or 0.0))
    return out


def collect(
    label_set: labels.LabelSet, images: Sequence[labels.LabelledImage] | None = None
) -> Examples:
    """Cut every labelled die (cocked ones excepted) out of its photo."""
    cut: list[np.ndarray] = []
    faces: list[str] = []
    colors: list[str | None] = []
    for image in images if images is not None else label_set.images:
        frame = cv2.imread(str(label_set.path(image)), cv2.IMREAD_COLOR)
        if frame is None:
            raise TeachError(f"{label_set.path(image)} is not a readable image")
        dice = [d for d in image.dice if not d.cocked]
        cut.extend(patches_for(check_frame(frame), dice))
        faces.extend(d.face for d in dice)
        colors.extend(d.color for d in dice)
    if not cut:
        raise TeachError("the labels hold no dice to learn from")
    return Examples(np.stack(cut), faces, colors)


def _templates(views: np.ndarray, rounds: int = 3) -> np.ndarray:
    """One template from several (views, d) embeddings: each aligned to the running mean."""
    mean = views[0, 0].copy()
    for _ in range(rounds):
        best = np.argmax(views @ mean, axis=1)
        mean = views[np.arange(len(views)), best].mean(axis=0)
        mean /= np.linalg.norm(mean) + 1e-9
    return mean


def learn(
    name: str,
    examples: Examples,
    faces: Sequence[str] | None = None,
    embedding: str = "raw",
    sharpness: float = 25.0,
    threshold: float = 0.9,
) -> FaceSet:
    """Fit a face set to examples: a template per face, colour centroids."""
    names = list(faces) if faces is not None else sorted(set(examples.faces))
    missing = [f for f in names if f not in examples.faces]
    if missing:
        raise TeachError(f"no example of face(s) {', '.join(missing)}: label at least one of each")
    feats = embed(examples.patches, embedding)
    idx = np.array([names.index(f) for f in examples.faces])
    templates = np.stack([_templates(feats[idx == k]) for k in range(len(names))])
    colors = sorted({c for c in examples.colors if c is not None})
    labs = np.array([body_lab(p) for p in examples.patches])
    color_means = np.array(
        [np.median(labs[[c == col for c in examples.colors]], axis=0) for col in colors], np.float32
    ).reshape(len(colors), 3)
    return FaceSet(
        name=name,
        faces=tuple(names),
        colors=tuple(colors),
        weights=(templates.T * sharpness).astype(np.float32),
        bias=np.zeros(len(names), np.float32),
        color_means=color_means,
        threshold=threshold,
        embedding=embedding,
    )
