"""Where a found d4's four vertices are seen, from a network of its own
(vision/models/d4-vertices.onnx, trained by `python -m vision.train d4-vertices`).

vision.d4_cuts reads a d4 from its glyphs cut flat once its vertices are known; it reads
every die right when they are known to about half a pixel per 50 px of edge
(docs/vision.md, "The die of fate"). The network sees the die cut square around the
finder's find (`crop`: CROP pixels, CROP_SPAN found sides across, not turned) and gives, at
every STRIDE-th pixel, how likely the top vertex and an outer corner lie there, and where
from that cell (CenterNet-like heat maps with offsets): the top vertex is the surest cell of
its map, the outer corners the three surest apart in theirs.

Numpy and OpenCV only (the network runs in OpenCV's dnn).
"""

from __future__ import annotations

import dataclasses
import math

import cv2
import numpy as np

from vision import nets
from vision.detect import Candidate

CROP = 64  # the cut's side, pixels
CROP_SPAN = 3.0  # found sides across the cut (a d4's edge is 1.3-2.1 of them)
STRIDE = 2  # pixels of the cut per cell of the network's maps
CELLS = CROP // STRIDE
# the maps: heat of the top vertex, of an outer corner; the offset (x, y) of each from its cell
APEX, BASE, APEX_OFFSET, BASE_OFFSET = 0, 1, 2, 4
MODEL = "d4-vertices.onnx"
SIGMA = 0.8  # cells: the heat taught round a vertex
# A second look (`refined`): the cut re-centred on the base's middle as first found and
# scaled to show the die's edge this many pixels (the finder's cut shows it 26-37: its
# vertices sharper). On tuning renders (seeds 770001-770002, edges 32-44 tried) the
# vertices' tail and the reads were best near 40 (docs/vision.md, "The die of fate").
REFINE_EDGE = 40.0
# The first look only places the second: read one way it places it as well as in eight
# (tuning seed 770002: the same reads), so a die costs 1 + views reads of the network.
FIRST_VIEWS = 1


def crop(frame: np.ndarray, found: Candidate) -> tuple[np.ndarray, np.ndarray]:
    """The die's cut (CROP x CROP x 3) and the map frame -> cut (2x3)."""
    scale = CROP / (CROP_SPAN * max(found.side, 1.0))
    cx, cy = found.center
    m = np.array(
        [[scale, 0.0, CROP / 2 - scale * cx], [0.0, scale, CROP / 2 - scale * cy]], np.float64
    )
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    cut = cv2.warpAffine(frame, m, (CROP, CROP), flags=interp, borderMode=cv2.BORDER_REPLICATE)
    return cut, m


def apply(m: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Points (n, 2) through an affine map (2x3)."""
    return np.asarray(points @ m[:, :2].T + m[:, 2], np.float64)


def invert(m: np.ndarray) -> np.ndarray:
    return np.asarray(cv2.invertAffineTransform(m), np.float64)


def clockwise(corners: np.ndarray) -> np.ndarray:
    """The top vertex, then the outer corners clockwise as seen (y down) round the base's
    middle (the top vertex may be seen outside the base: vision.render.tetra.seen_order)."""
    apex, base = corners[0], corners[1:]
    mid = base.mean(axis=0)
    angles = [math.atan2(p[1] - mid[1], p[0] - mid[0]) for p in base]
    return np.vstack([apex, base[np.argsort(angles)]])


def edge(corners: np.ndarray) -> float:
    """The mean length of the base's three edges as seen."""
    base = corners[1:]
    return float(np.mean(np.linalg.norm(base - np.roll(base, 1, axis=0), axis=1)))


def decode(maps: np.ndarray) -> np.ndarray:
    """Vertices in the cut (4, 2: the top vertex, the outer corners clockwise) from the
    network's maps (6, CELLS, CELLS)."""

    def at(iy: int, ix: int, offset: int) -> np.ndarray:
        return np.array(
            [
                (ix + 0.5 + maps[offset, iy, ix]) * STRIDE,
                (iy + 0.5 + maps[offset + 1, iy, ix]) * STRIDE,
            ]
        )

    iy, ix = np.unravel_index(int(np.argmax(maps[APEX])), maps[APEX].shape)
    apex = at(int(iy), int(ix), APEX_OFFSET)
    heat = maps[BASE].copy()
    base = []
    for _ in range(3):  # the surest cell, then the surest far enough from those taken
        iy, ix = np.unravel_index(int(np.argmax(heat)), heat.shape)
        base.append(at(int(iy), int(ix), BASE_OFFSET))
        y0, x0 = max(int(iy) - 3, 0), max(int(ix) - 3, 0)
        heat[y0 : int(iy) + 4, x0 : int(ix) + 4] = -np.inf
    return clockwise(np.vstack([apex, *base]))


def maps_of(vertices: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The maps the network is taught to give for vertices (4, 2) in the cut: heat (2,
    CELLS, CELLS: 1 in the cell of a vertex, a Gaussian round it), offsets (4, CELLS, CELLS:
    from each cell round a vertex to it) and where the offsets count (2, CELLS, CELLS)."""
    heat = np.zeros((2, CELLS, CELLS), np.float32)
    offset = np.zeros((4, CELLS, CELLS), np.float32)
    weight = np.zeros((2, CELLS, CELLS), np.float32)
    g = np.arange(CELLS) + 0.5
    for k, (x, y) in enumerate(vertices):
        ch = APEX if k == 0 else BASE
        cx, cy = x / STRIDE, y / STRIDE
        blob = np.exp(-((g[None, :] - cx) ** 2 + (g[:, None] - cy) ** 2) / (2 * SIGMA**2))
        heat[ch] = np.maximum(heat[ch], blob)
        ix, iy = math.floor(cx), math.floor(cy)
        for yy in range(max(iy - 1, 0), min(iy + 2, CELLS)):
            for xx in range(max(ix - 1, 0), min(ix + 2, CELLS)):
                offset[2 * ch, yy, xx] = cx - (xx + 0.5)
                offset[2 * ch + 1, yy, xx] = cy - (yy + 0.5)
                weight[ch, yy, xx] = 1.0
        if 0 <= ix < CELLS and 0 <= iy < CELLS:
            heat[ch, iy, ix] = 1.0
    return heat, offset, weight


def _dihedral(k: int) -> np.ndarray:
    """The cut's k-th symmetry (2x3: k % 4 quarter turns, mirrored from k = 4), mapping its
    pixel grid onto itself exactly."""
    c = (CROP - 1) / 2
    m = np.vstack([cv2.getRotationMatrix2D((c, c), 90.0 * (k % 4), 1.0), [0, 0, 1]])
    if k >= 4:
        m = np.array([[-1.0, 0, CROP - 1], [0, 1, 0], [0, 0, 1]]) @ m
    return np.asarray(m[:2], np.float64)


def _matched(reads: list[np.ndarray]) -> np.ndarray:
    """Several reads of one die's vertices (each 4x2) as (reads, 4, 2), the outer corners
    matched to the first read's nearest."""
    first = reads[0]
    matched = []
    for r in reads:
        base = [r[1 + int(np.argmin(np.linalg.norm(r[1:] - p, axis=1)))] for p in first[1:]]
        matched.append(np.vstack([r[0], *base]))
    return np.stack(matched)


def refined(found: Candidate, vertices: np.ndarray) -> Candidate:
    """The find re-centred on the base's middle of `vertices` (4, 2, in the frame) and
    re-sized so that its cut (`crop`) shows their edge REFINE_EDGE pixels."""
    mid = vertices[1:].mean(axis=0)
    side = edge(vertices) * CROP / (CROP_SPAN * REFINE_EDGE)
    return dataclasses.replace(found, center=(float(mid[0]), float(mid[1])), side=side)


def find(
    frame: np.ndarray,
    found: list[Candidate],
    model: str = MODEL,
    views: int = 1,
    refine: bool = False,
) -> list[np.ndarray]:
    """Each found die's vertices in the frame (4, 2: top vertex, outer corners clockwise);
    with `views` up to 8, its cut is read also turned and mirrored and the reads combined
    (the median of each vertex); with `refine`, read again in a cut `refined` round them."""
    return [clockwise(np.median(r, axis=0)) for r in find_views(frame, found, model, views, refine)]


def find_views(
    frame: np.ndarray,
    found: list[Candidate],
    model: str = MODEL,
    views: int = 1,
    refine: bool = False,
) -> list[np.ndarray]:
    """Each found die's vertices in the frame as read in each of `views` turns and mirrors
    of its cut ((views, 4, 2), the outer corners in the first view's order); with `refine`,
    as read in the cut `refined` round a first look's (FIRST_VIEWS)."""
    first = _views(frame, found, model, FIRST_VIEWS if refine else views)
    if not refine:
        return first
    again = [refined(c, clockwise(np.median(r, axis=0))) for c, r in zip(found, first, strict=True)]
    return _views(frame, again, model, views)


def _views(frame: np.ndarray, found: list[Candidate], model: str, views: int) -> list[np.ndarray]:
    if not found:
        return []
    cuts, maps = zip(*(crop(frame, c) for c in found), strict=True)
    turns = [_dihedral(k) for k in range(views)]
    seen = [
        cv2.warpAffine(cut, t, (CROP, CROP), flags=cv2.INTER_NEAREST) for t in turns for cut in cuts
    ]
    out = nets.forward(model, np.stack(seen).astype(np.float32).transpose(0, 3, 1, 2))
    out = out.reshape(views, len(found), 6, CELLS, CELLS)
    result = []
    for i, m in enumerate(maps):
        reads = [apply(invert(m), apply(invert(t), decode(out[v, i]))) for v, t in enumerate(turns)]
        result.append(_matched(reads))
    return result
