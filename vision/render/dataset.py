"""Write rendered frames as a dice-labels/1 folder (images and labels.json)."""

from __future__ import annotations

import errno
from collections.abc import Iterable
from pathlib import Path

import cv2
import numpy as np

from vision import labels
from vision.render.draw import DrawnDie, render
from vision.render.random_scenes import random_scene
from vision.render.scene import Scene


def label_of(drawn: DrawnDie) -> labels.LabelledDie:
    return labels.LabelledDie(drawn.box, drawn.face, drawn.color, drawn.angle, drawn.cocked)


def write(
    folder: str | Path, scenes: Iterable[Scene], face_set: str, min_visible: float = 0.6
) -> labels.LabelSet:
    """Render each scene into `folder` (frame-00000.png, ...) and write labels.json.

    Dice hidden by more than 1 - `min_visible` (under a hand, off the frame) get no label.
    """
    root = Path(folder)
    root.mkdir(parents=True, exist_ok=True)
    images = []
    for k, scene in enumerate(scenes):
        frame, drawn = render(scene)
        name = f"frame-{k:05d}.png"
        if not cv2.imwrite(str(root / name), frame):  # (OpenCV says so, it raises nothing)
            raise OSError(errno.EIO, "the image could not be written", str(root / name))
        dice = tuple(label_of(d) for d in drawn if d.visible >= min_visible)
        images.append(labels.LabelledImage(name, frame.shape[1], frame.shape[0], dice))
    out = labels.LabelSet(face_set, images, root, {"source": "dicetable renderer"})
    labels.save(out)
    return out


def random_set(
    folder: str | Path, face_set: str, frames: int, seed: int, **scene_options: object
) -> labels.LabelSet:
    """`frames` random scenes of `face_set` dice from `seed`, written to `folder`."""
    rng = np.random.default_rng(seed)
    scenes = (random_scene(rng, face_set, **scene_options) for _ in range(frames))  # type: ignore[arg-type]
    return write(folder, scenes, face_set)
