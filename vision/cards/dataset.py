"""Write rendered card frames as a dice-labels/1 folder (face_set "cards")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import cv2
import numpy as np

from vision import labels
from vision.cards.design import Design
from vision.cards.scene import CardScene, DrawnCard, random_scene, render

LABELLED = 0.5  # a card less visible than this gets no label (the image is then incomplete)
HIDDEN = 0.15  # ... unless it is hidden more than this: nobody could find it
READABLE = 0.9  # a card whose middle is less visible than this is labelled readable: false


def label_of(d: DrawnCard) -> labels.LabelledDie:
    return labels.LabelledDie(
        box=d.box,
        face=d.value,
        color=d.color,
        readable=d.middle >= READABLE,
        corners=d.corners,
    )


def write(folder: str | Path, scenes: Iterable[CardScene]) -> labels.LabelSet:
    """Render each scene into `folder` (cards-00000.png, ...) and write labels.json."""
    root = Path(folder)
    root.mkdir(parents=True, exist_ok=True)
    images = []
    for k, scene in enumerate(scenes):
        frame, drawn = render(scene)
        name = f"cards-{k:05d}.png"
        if not cv2.imwrite(str(root / name), frame):
            raise OSError(f"cannot write {root / name}")
        cards = tuple(label_of(d) for d in drawn if d.visible >= LABELLED)
        complete = all(d.visible >= LABELLED or d.visible <= HIDDEN for d in drawn)
        images.append(labels.LabelledImage(name, scene.width, scene.height, cards, complete))
    out = labels.LabelSet("cards", images, root, {"source": "dicetable card renderer"})
    labels.save(out)
    return out


def random_set(
    folder: str | Path,
    frames: int,
    seed: int,
    split: str = "train",
    size: tuple[int, int] = (640, 480),
    tables: list[str] | None = None,
    backs: float = 0.0,
    design: Design | None = None,
    others: Sequence[str] = (),
) -> labels.LabelSet:
    """`frames` random frames of cards of designs of `split` (or all of one `design`: one
    deck), from `seed`, in `folder`; made-up kinds from `others` among them when given."""
    rng = np.random.default_rng(seed)
    scenes = (
        random_scene(
            rng, split, size[0], size[1], tables or [], backs=backs, design=design, others=others
        )
        for _ in range(frames)
    )
    return write(folder, scenes)
