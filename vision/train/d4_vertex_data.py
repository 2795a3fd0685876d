"""Training data for the d4 vertex network (vision.train.d4_vertices), rendered from a seed
(numpy and OpenCV only): each d4 the finder finds, cut square around the find as the
reader would cut it (vision.d4_vertices.crop), with where its four vertices are seen in
the cut (the renderer says where: DrawnDie.corners, the top vertex first); and each die cut
again as the reader's second look cuts it (vision.d4_vertices.refined, round its true
vertices: the training's moves stand for the first look's error).
"""

from __future__ import annotations

import numpy as np

from vision import d4_vertices, detect
from vision.detect import iou
from vision.render.draw import render
from vision.render.random_scenes import random_scene
from vision.render.scene import FATE_SAND, KOT_BLACK, KOT_GREEN
from vision.train.d4_data import _look, d4_styles

MIN_VISIBLE = 0.6  # as dice-labels' renders: dice more hidden than this have no label
OURS = 0.5  # share of frames of our die of fate (the rest: made-up d4s in any colours)


def render_data(seed: int, frames: int) -> dict[str, np.ndarray]:
    """Cuts (n, CROP, CROP, 3) of found d4s, their vertices in the cut (n, 4, 2: the top
    vertex, then the outer corners clockwise as seen) and their edge in the frame (n,)."""
    rng = np.random.default_rng(seed)
    styles = d4_styles()
    cuts: list[np.ndarray] = []
    vertices: list[np.ndarray] = []
    edges: list[float] = []
    for _ in range(frames):
        ours = rng.random() < OURS
        look = FATE_SAND if ours else _look(rng, str(rng.choice(styles[1:])))
        looks = [look, KOT_BLACK, KOT_GREEN] if rng.random() < 0.3 else [look]
        scene = random_scene(rng, "fate", n_dice=int(rng.integers(4, 9)), looks=looks)
        frame, drawn = render(scene)
        for c in detect.find(frame):
            best = max(drawn, key=lambda d: iou(d.box, c.box), default=None)
            if best is None or iou(best.box, c.box) < 0.3 or not best.corners:
                continue
            if best.visible < MIN_VISIBLE or best.cocked:
                continue
            corners = d4_vertices.clockwise(np.array(best.corners, np.float64))
            for find in (c, d4_vertices.refined(c, corners)):
                cut, to_cut = d4_vertices.crop(frame, find)
                cuts.append(cut)
                vertices.append(d4_vertices.apply(to_cut, corners))
                edges.append(d4_vertices.edge(corners))
    return {
        "cuts": np.stack(cuts),
        "vertices": np.asarray(vertices, np.float32),
        "edges": np.asarray(edges, np.float32),
    }
