"""Cut a card out of a frame and make it upright: a WIDTH x HEIGHT portrait patch.

The card's four corners are mapped onto the patch's (a perspective warp), so a card seen
at an angle or turned any way comes out as a flat card, long side up. Which end is up is
not known (a card lies either way up): the models read both.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

WIDTH, HEIGHT = 64, 96


def cut(
    frame: np.ndarray, corners: np.ndarray | tuple, width: int = WIDTH, height: int = HEIGHT
) -> np.ndarray:
    """The card with these corners (4 x 2, clockwise from a top corner) as an upright
    `width` x `height` BGR patch. A card much bigger than the patch is shrunk by area
    first, so no detail aliases."""
    quad = np.asarray(corners, np.float64).reshape(4, 2)
    long = max(math.dist(quad[1], quad[2]), math.dist(quad[3], quad[0]), 1.0)
    shrink = 2.0 * height / long
    if shrink < 1.0:  # big card: area-shrink the region around it first
        x0, y0 = np.maximum(np.floor(quad.min(axis=0)) - 2, 0).astype(int)
        x1 = int(min(np.ceil(quad[:, 0].max()) + 3, frame.shape[1]))
        y1 = int(min(np.ceil(quad[:, 1].max()) + 3, frame.shape[0]))
        region = frame[y0:y1, x0:x1]
        if region.size:
            size = (
                max(1, round(region.shape[1] * shrink)),
                max(1, round(region.shape[0] * shrink)),
            )
            frame = cv2.resize(region, size, interpolation=cv2.INTER_AREA)
            quad = (quad - [x0, y0]) * [size[0] / region.shape[1], size[1] / region.shape[0]]
    dst = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return np.asarray(
        cv2.warpPerspective(
            frame, m, (width, height), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        )
    )


def jitter(corners: np.ndarray, rng: np.random.Generator, amount: float = 1.0) -> np.ndarray:
    """Corners moved as a finder might misplace them: the card a little off-centre, a little
    too big or small, turned a degree or two, each corner a little off."""
    quad = np.asarray(corners, np.float64).reshape(4, 2)
    c = quad.mean(axis=0)
    short = max(math.dist(quad[0], quad[1]), 1.0)
    a = math.radians(rng.normal(0, 2.0 * amount))
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    scale = math.exp(rng.normal(0, 0.04 * amount))
    shift = rng.normal(0, 0.03 * amount, 2) * short
    out = (quad - c) @ rot.T * scale + c + shift
    return np.asarray(out + rng.normal(0, 0.012 * amount, (4, 2)) * short)


def turned(corners: np.ndarray) -> np.ndarray:
    """The same corners starting from the other end: the card read the other way up."""
    return np.roll(np.asarray(corners).reshape(4, 2), 2, axis=0)
