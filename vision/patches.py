"""Cut a die's top face out of a frame as a small upright square, and embed it.

A patch is PATCH x PATCH pixels centred on the top face, turned by the face's angle (so
the glyph is upright up to a quarter turn) and scaled so the face spans `FACE_SPAN` of it.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

PATCH = 32
FACE_SPAN = 0.9  # the face's side as a share of the patch side


def cut(
    frame: np.ndarray, center: tuple[float, float], side: float, angle: float, size: int = PATCH
) -> np.ndarray:
    """The BGR patch of a face of `side` pixels at `center`, turned by `angle` degrees."""
    scale = size * FACE_SPAN / max(side, 1.0)
    a = math.radians(angle)
    c, s = math.cos(a) * scale, math.sin(a) * scale
    # maps frame -> patch: rotate by -angle about the centre, scale, move to the patch centre
    m = np.array(
        [
            [c, s, size / 2 - c * center[0] - s * center[1]],
            [-s, c, size / 2 + s * center[0] - c * center[1]],
        ],
        np.float32,
    )
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    return cv2.warpAffine(frame, m, (size, size), flags=interp, borderMode=cv2.BORDER_REPLICATE)


def rotations(patches: np.ndarray) -> np.ndarray:
    """(n, h, w[, c]) -> (n, 4, h, w[, c]): each patch at 0, 90, 180 and 270 degrees."""
    return np.stack([np.rot90(patches, k, axes=(1, 2)) for k in range(4)], axis=1)


def turned(grey: np.ndarray, steps: int) -> np.ndarray:
    """(n, h, w) grey patches -> (n, steps, h, w), each turned by 360/steps degree steps."""
    n, h, w = grey.shape
    out = np.empty((n, steps, h, w), grey.dtype)
    for k in range(steps):
        if (k * 4) % steps == 0:
            out[:, k] = np.rot90(grey, (k * 4) // steps, axes=(1, 2))
            continue
        m = cv2.getRotationMatrix2D(((w - 1) / 2, (h - 1) / 2), 360.0 * k / steps, 1.0)
        for i in range(n):
            out[i, k] = cv2.warpAffine(
                grey[i], m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
            )
    return out


def raw_embedding(patches: np.ndarray, steps: int = 4) -> np.ndarray:
    """Grey patches, centre 24x24, zero mean and unit norm, in `steps` turns: (n, steps, 576).

    Polarity is normalised (glyph brighter than the face), so dark-on-light and
    light-on-dark dice of the same style share one template.
    """
    grey = np.asarray([cv2.cvtColor(p, cv2.COLOR_BGR2GRAY) for p in patches], np.float32)
    views = turned(grey, steps)
    m = (PATCH - 24) // 2
    flat = views[:, :, m : m + 24, m : m + 24].reshape(len(grey), steps, -1)
    centre = np.median(flat[:, 0], axis=1)[:, None, None]
    spread = flat[:, 0].mean(axis=1)[:, None, None] - centre
    flat = (flat - flat.mean(axis=2, keepdims=True)) * np.where(spread >= 0, 1.0, -1.0)
    flat /= np.linalg.norm(flat, axis=2, keepdims=True) + 1e-6
    return flat
