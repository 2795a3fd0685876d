"""Training data for the four-sided dice's own embedding (vision.train.d4), rendered from a
seed (numpy and OpenCV only): cuts of d4s' middles as the reader cuts them.
"""

from __future__ import annotations

import numpy as np

from vision import detect, patches
from vision.detect import iou
from vision.glyphs import STYLES, font_style, random_style, register_style
from vision.render.draw import render
from vision.render.random_scenes import random_scene
from vision.render.scene import KOT_BLACK, KOT_GREEN, TETRAHEDRON, DiceLook

ZOOM = 2.0  # the d4 sets' FaceSet.zoom: their patches show a die's middle
STYLES_MADE_UP = 60  # made-up styles of four symbols (half drawn, half printed)
NOT_A_DIE = "none"
CUTS = 3  # cuts of each die found: as the reader cuts it, then a little off


def d4_styles() -> list[str]:
    """Our die of fate's style, then the made-up d4 styles `d4-made-up-K`."""
    names = ["fate"]
    for k in range(STYLES_MADE_UP):
        name = f"d4-made-up-{k}"
        if name not in STYLES:
            drawing = random_style(40_000 + k, 4) if k % 2 else font_style(50_000 + k, 4)
            register_style(name, drawing)
        names.append(name)
    return names


def _look(rng: np.random.Generator, style: str) -> DiceLook:
    """A d4 in random colours: a light body and dark glyphs, or the other way round."""
    light = tuple(int(v) for v in rng.integers(140, 250, 3))
    dark = tuple(int(v) for v in rng.integers(10, 110, 3))
    body, ink = (light, dark) if rng.random() < 0.7 else (dark, light)
    return DiceLook(style, "any", body, ink, shape=TETRAHEDRON)  # type: ignore[arg-type]


def render_data(seed: int, frames: int) -> tuple[np.ndarray, list[str]]:
    """Cuts of d4s' middles as the reader cuts them (found by the finder), labelled
    "style/face", and cuts of what is no d4 (tables, cubes beside them), labelled NOT_A_DIE."""
    rng = np.random.default_rng(seed)
    styles = d4_styles()
    cuts: list[np.ndarray] = []
    names: list[str] = []
    for _ in range(frames):
        style = "fate" if rng.random() < 0.25 else str(rng.choice(styles[1:]))
        looks = [_look(rng, style)]
        cubes = rng.random() < 0.4
        if cubes:
            looks += [KOT_BLACK, KOT_GREEN]
        scene = random_scene(rng, "fate", n_dice=int(rng.integers(1, 9)), looks=looks)
        frame, drawn = render(scene)
        found = detect.find(frame)
        for c in found:
            best = max(drawn, key=lambda d: iou(d.box, c.box), default=None)
            if best is None or iou(best.box, c.box) < 0.3:
                label = NOT_A_DIE
            elif best.style != style:
                label = NOT_A_DIE  # a cube: none of the d4 set's dice
            elif best.visible < 0.6 or best.cocked:
                continue
            else:
                label = f"{style}/{best.face}"
            for k in range(CUTS):
                shift = rng.normal(0, 0.05, 2) * c.side if k else np.zeros(2)
                side = c.side / ZOOM * (float(np.exp(rng.normal(0, 0.08))) if k else 1.0)
                centre = (c.center[0] + float(shift[0]), c.center[1] + float(shift[1]))
                angle = float(rng.uniform(0, 360)) if k else c.angle
                cuts.append(patches.cut(frame, centre, side, angle))
                names.append(label)
    return np.stack(cuts), names
