"""Frames of few dice made from a labelled set's learn photos, to judge a reader's pass rule
on tray photos of one to three dice before any held-out measurement (issue 16's ninth
round: d6-tray's learn part holds no photo where the tray's finder finds one die, its
held-out part 8, and a pass rule chosen without such frames read them worse).

Two kinds, both from a photo's own pixels and labels: `masked` keeps a few labelled dice
and paints the others out with the table around them (OpenCV's inpainting of each box, a
margin for its shadow), at the photo's scale; `cropped` cuts the photo's half around one
die (the others in it painted out), a closer view of the same tray, its label shifted.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from vision import labels as labelsets
from vision import review, split
from vision.labels import LabelledDie, LabelledImage, LabelSet

MARGIN = 0.35  # of a die's side, each way: its shadow and edge go with it
KEEP_MARGIN = 0.05  # a kept die's box (and this much) is never painted


def _grown(box: tuple[float, float, float, float], share: float) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    m = share * max(x1 - x0, y1 - y0)
    return int(x0 - m), int(y0 - m), int(np.ceil(x1 + m)), int(np.ceil(y1 + m))


def masked(
    frame: np.ndarray, image: LabelledImage, keep: Sequence[int]
) -> tuple[np.ndarray, LabelledImage]:
    """`frame` (the photo of `image`) with every labelled die but those at `keep` painted
    out, and its labels: the kept dice."""
    h, w = frame.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    for i, die in enumerate(image.dice):
        if i not in keep:
            x0, y0, x1, y1 = _grown(die.box, MARGIN)
            mask[max(y0, 0) : max(y1, 0), max(x0, 0) : max(x1, 0)] = 255
    for i in keep:
        x0, y0, x1, y1 = _grown(image.dice[i].box, KEEP_MARGIN)
        mask[max(y0, 0) : max(y1, 0), max(x0, 0) : max(x1, 0)] = 0
    out = cv2.inpaint(frame, mask, 5, cv2.INPAINT_TELEA) if mask.any() else frame.copy()
    kept = tuple(image.dice[i] for i in keep)
    return out, replace(image, file=_named(image, "masked", keep), dice=kept, origin=image.file)


def cropped(
    frame: np.ndarray, image: LabelledImage, keep: int, rng: np.random.Generator
) -> tuple[np.ndarray, LabelledImage]:
    """The half (in width and height) of `frame` around the die at `keep`, placed at random
    about it, the other dice painted out; its label shifted into the cut."""
    h, w = frame.shape[:2]
    cw, ch = w // 2, h // 2
    x0, y0, x1, y1 = image.dice[keep].box
    left = int(np.clip(rng.uniform(x1 - cw, x0), 0, w - cw))
    top = int(np.clip(rng.uniform(y1 - ch, y0), 0, h - ch))
    painted, _ = masked(frame, image, [keep])
    cut = np.ascontiguousarray(painted[top : top + ch, left : left + cw])
    die = image.dice[keep]
    box = (die.box[0] - left, die.box[1] - top, die.box[2] - left, die.box[3] - top)
    moved = _shifted(die, box)
    name = _named(image, "cut", [keep])
    return cut, replace(image, file=name, width=cw, height=ch, dice=(moved,), origin=image.file)


def _named(image: LabelledImage, kind: str, keep: Sequence[int]) -> str:
    """A frame's file name: its photo's, its kind and the labelled dice it keeps."""
    return f"{Path(image.file).stem}-{kind}-{'-'.join(map(str, keep))}.png"


def _shifted(die: LabelledDie, box: tuple[float, float, float, float]) -> LabelledDie:
    dx, dy = box[0] - die.box[0], box[1] - die.box[1]
    corners = tuple((x + dx, y + dy) for x, y in die.corners) if die.corners else None
    return replace(die, box=box, corners=corners)


def few_dice(
    labels: LabelSet, images: Sequence[LabelledImage], seed: int = 0
) -> Iterator[tuple[np.ndarray, LabelledImage]]:
    """For each complete photo of `images`: one die kept, two or three kept (where it holds
    more), and the cut around one die; the dice chosen at random (`seed`)."""
    rng = np.random.default_rng(seed)
    for image in images:
        if not image.complete or not image.dice:
            continue
        frame = labels.frame(image)
        n = len(image.dice)
        yield masked(frame, image, [int(rng.integers(n))])
        if n > 3:
            keep = sorted(int(i) for i in rng.choice(n, int(rng.integers(2, 4)), replace=False))
            yield masked(frame, image, keep)
        yield cropped(frame, image, int(rng.integers(n)), rng)


def write(source: str | Path, out: str | Path, seed: int = 0) -> Path:
    """The few-dice frames of the learn part (vision.split) of the set at `source`, its
    labels reviewed (vision.review), written as a dice-labels/1 folder `out` (for
    `dicetable vision eval OUT`)."""
    photos = review.reviewed(labelsets.load(source))
    root = Path(out)
    root.mkdir(parents=True, exist_ok=True)
    made = []
    for frame, image in few_dice(photos, split.select(photos.images, "learn"), seed):
        cv2.imwrite(str(root / image.file), frame)
        made.append(image)
    extra = {"source": f"vision.fewdice from the learn part of {Path(source).name}"}
    return labelsets.save(LabelSet(photos.face_set, made, root, extra), root)


def main(argv: list[str] | None = None) -> int:
    """python -m vision.fewdice SOURCE OUT"""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m vision.fewdice SOURCE OUT (SOURCE: a dice-labels/1 folder)")
        return 2
    try:
        print(write(args[0], args[1]))
    except labelsets.LabelsError as error:
        print(f"vision.fewdice: {error}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
