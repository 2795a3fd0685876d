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
