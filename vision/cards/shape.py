"""Cues of a card's centre symbol taken from its mask's shape with classical OpenCV: what
the symbol network's numbers may lack, and what holds for a kind whatever its drawing.

A draw two is two card outlines overlapping (few deep notches, no quarter-turn symmetry),
a plus one cross (four deep notches, its own quarter turn and mirror), a reverse two
arrows that are their own half turn with heads at both ends (many notches). Each cue is a
number in [0, 1] measured on the symbol cut to its box (vision.cards.symbol.mask), so it
does not depend on the symbol's size, place or ink.
"""

from __future__ import annotations

import cv2
import numpy as np

NAMES = (
    "half-turn",  # overlap (IoU) of the mask with its own half turn
    "quarter-turn",  # ... with its quarter turn (in its square)
    "mirror",  # ... with its mirror image, the better of left-right and up-down
    "solidity",  # the mask's area over its convex hull's
    "largest",  # the largest piece's share of the mask
    "largest-solidity",  # the largest piece's area over its hull's
    "holes",  # holes in the pieces (at most 2), halved
    "notches",  # deep notches (convexity defects) of the largest piece (at most 8), / 8
)
CUES = len(NAMES)
DEEP = 0.08  # a notch this deep, of the symbol's larger side, counts
MIN_HOLE = 0.01  # a hole covering this share of the symbol's box counts
AXES = 24  # mirror axes tried, every 180 / AXES degrees (7.5: the diagonals among them)
# turn_gap's mask: scaled up this many times, then blurred (px); x2 takes 1.8 ms a card
# where x3 (sigma 1.5) took 4.5, the gaps within 0.005 on average (120 held-out cards)
UPSCALE, SMOOTH = 2, 1.0


# the mirrors about AXES axes through a point (each its matrix), then the half turn
_TWICE = 2 * np.pi * np.arange(AXES) / AXES  # twice each axis's angle
_MOVES = np.concatenate(
    [
        np.stack(
            [
                np.stack([np.cos(_TWICE), np.sin(_TWICE)], 1),
                np.stack([np.sin(_TWICE), -np.cos(_TWICE)], 1),
            ],
            1,
        ),
        -np.eye(2)[None],
    ]
)


def _about_centroid(symbol: np.ndarray) -> tuple[float, float]:
    """(its best mirror image's, its half turn's) overlap with a mask, each about its
    centroid: a reverse (two arrows pointing apart, or one zigzag) is its own half turn and
    no mirror's, whatever its drawing or its turn; a 0, an 8, a plus or a skip's slashed
    ring is both, a numeral mostly neither (after branch cards13-tried, which warped the
    mask; here each pixel's centre is moved and looked up: the same overlaps to a pixel's
    rounding, all moves at once)."""
    ys, xs = np.nonzero(symbol)
    points = np.stack([xs, ys], 1).astype(np.float64)
    centre = points.mean(axis=0)
    moved = np.rint((points - centre) @ _MOVES.transpose(0, 2, 1) + centre).astype(np.int64)
    h, w = symbol.shape
    inside = (moved[..., 0] >= 0) & (moved[..., 0] < w) & (moved[..., 1] >= 0) & (moved[..., 1] < h)
    hit = np.zeros(inside.shape, bool)
    hit[inside] = symbol[moved[..., 1][inside], moved[..., 0][inside]]
    both = hit.sum(axis=1)
    iou = both / np.maximum(2 * len(points) - both, 1)
    return float(iou[:-1].max()), float(iou[-1])


def turn_gap(square: np.ndarray) -> float:
    """How much more a symbol's SIZE x SIZE mask (vision.cards.symbol.mask, 0..1) is its own
    half turn than any mirror image, about its centroid: twice the difference of the two
    overlaps, in [0, 1]. A reverse (two arrows pointing apart, one zigzag) is high; a
    near-symmetric 0 or 8, a plus or a ring low (both overlaps high). Measured on the mask
    scaled up UPSCALE times and smoothed, so a pixel's rounding does not count: branch
    cards14-tried's `chiral` (the same overlaps' difference over what the mirror misses, on
    the small mask) put 27 % of the train 0s over 0.5; this gap tells the train reverses
    from the 0s wholly (AUC 1.00; held-out designs 0.97, 0.90: scripts/cards15-chiral.py)."""
    big = cv2.resize(square, (UPSCALE * square.shape[1],) * 2, interpolation=cv2.INTER_LINEAR)
    m = cv2.GaussianBlur(big, (0, 0), SMOOTH) > 0.5
    if not m.any():
        return 0.0
    ys, xs = np.nonzero(m)
    mirror, half = _about_centroid(m[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1])
    return min(2 * max(half - mirror, 0.0), 1.0)


def _iou(a: np.ndarray, b: np.ndarray) -> float:
    union = np.count_nonzero(a | b)
    return np.count_nonzero(a & b) / union if union else 0.0


def cues(symbol: np.ndarray) -> np.ndarray:
    """(CUES,) float32 cues of a symbol mask (bool, cut to its box); zeros when empty."""
    out = np.zeros(CUES, np.float32)
    if not symbol.any():
        return out
    h, w = symbol.shape
    side = max(h, w)
    square = np.zeros((side, side), bool)
    top, left = (side - h) // 2, (side - w) // 2
    square[top : top + h, left : left + w] = symbol
    m = symbol.astype(np.uint8)
    area = float(np.count_nonzero(m))
    contours, hierarchy = cv2.findContours(m, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    outer = [c for c, hier in zip(contours, hierarchy[0], strict=True) if hier[3] < 0]
    holes = sum(
        1
        for c, hier in zip(contours, hierarchy[0], strict=True)
        if hier[3] >= 0 and cv2.contourArea(c) >= MIN_HOLE * h * w
    )
    largest = max(outer, key=cv2.contourArea)
    hull_all = cv2.convexHull(np.concatenate(outer))
    hull = cv2.convexHull(largest)
    big = max(cv2.contourArea(largest), 1.0)
    notches = 0
    if len(largest) > 3:
        indices = cv2.convexHull(largest, returnPoints=False)
        try:
            defects = cv2.convexityDefects(largest, indices)
        except cv2.error:  # a self-touching contour: no notches counted
            defects = None
        if defects is not None:
            notches = int(np.count_nonzero(defects[:, 0, 3] / 256.0 >= DEEP * side))
    out[:] = (
        _iou(symbol, symbol[::-1, ::-1]),
        _iou(square, np.rot90(square)),
        max(_iou(symbol, symbol[:, ::-1]), _iou(symbol, symbol[::-1])),
        min(area / max(cv2.contourArea(hull_all), 1.0), 1.0),
        min(big / area, 1.0),
        min(big / max(cv2.contourArea(hull), 1.0), 1.0),
        min(holes, 2) / 2,
        min(notches, 8) / 8,
    )
    return out
