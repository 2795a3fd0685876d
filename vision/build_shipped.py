"""Rebuild the shipped face sets (vision/facesets/*.npz): `python -m vision.build_shipped`.

`kot` is taught from the renderer's output, exactly as a user teaches their own dice.
"""

from __future__ import annotations

import numpy as np

from vision import labels
from vision.faceset import SHIPPED
from vision.glyphs import faces_of
from vision.render.draw import render
from vision.render.random_scenes import random_scene
from vision.teach import Examples, learn, patches_for

KOT_SEED = 1001  # the seed of the renders the shipped kot set is taught from


def kot_examples(seed: int = KOT_SEED, frames: int = 40) -> Examples:
    rng = np.random.default_rng(seed)
    cut: list[np.ndarray] = []
    faces: list[str] = []
    colors: list[str | None] = []
    for _ in range(frames):
        frame, drawn = render(random_scene(rng, "kot", n_dice=8, clean=True))
        dice = [labels.LabelledDie(d.box, d.face, d.color, d.angle) for d in drawn]
        cut.extend(patches_for(frame, dice))
        faces.extend(d.face for d in drawn)
        colors.extend(d.color for d in drawn)
    return Examples(np.stack(cut), faces, colors)


def main() -> None:
    kot = learn("kot", kot_examples(), faces=faces_of("kot"))
    print("wrote", kot.save(SHIPPED / "kot.npz"))


if __name__ == "__main__":
    main()
