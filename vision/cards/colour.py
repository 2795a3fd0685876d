"""What a card's colour looks like, as numbers a card set's colour model reads.

A card's colour is in its body: how much of it is of each hue, how much is dark (the wild
kinds are black) or white (border, motif). The light's own colour is taken out first: the
whitest grey pixels of the card (its border or motif) are made white, so a yellow card
under warm light does not turn orange. Features are square-rooted shares, as the dice's.
"""

from __future__ import annotations

import cv2
import numpy as np

HUE_BINS = 18  # 10 degrees each
FEATURES = HUE_BINS + 4


def balanced(patch: np.ndarray) -> np.ndarray:
    """The patch (BGR uint8) with the light's colour taken out: its brightest low-chroma
    pixels made white (gains bounded, so a card with no white keeps its colours)."""
    x = patch.reshape(-1, 3).astype(np.float32)
    hi, lo = x.max(axis=1), x.min(axis=1)
    grey = (hi - lo) < 0.25 * hi + 8
    bright = hi >= np.percentile(hi, 70)
    ref = x[grey & bright]
    if len(ref) < 0.02 * len(x):
        return patch
    white = np.median(ref, axis=0)
    gain = np.clip(white.max() / np.maximum(white, 1.0), 0.7, 1.6)
    scale = min(235.0 / max(float(white.max()), 1.0), 2.5)
    out = np.clip(x * gain * scale, 0, 255).astype(np.uint8)
    return out.reshape(patch.shape)


def features(cuts: np.ndarray) -> np.ndarray:
    """(n, FEATURES) colour features of upright card patches (n, H, W, 3) uint8: per hue
    bin the share of pixels of that hue that are coloured, then the shares of dark, white,
    grey and coloured pixels, square-rooted."""
    out = np.zeros((len(cuts), FEATURES), np.float32)
    for k, patch in enumerate(cuts):
        h, w = patch.shape[:2]
        inner = patch[
            h // 16 : h - h // 16, w // 12 : w - w // 12
        ]  # the table may show at the edges
        hsv = cv2.cvtColor(balanced(np.ascontiguousarray(inner)), cv2.COLOR_BGR2HSV)
        hue = hsv[..., 0].astype(np.int32).ravel()
        sat = hsv[..., 1].astype(np.float32).ravel() / 255
        val = hsv[..., 2].astype(np.float32).ravel() / 255
        dark = val < 0.28
        coloured = ~dark & (sat > 0.35)
        white = ~dark & (sat < 0.2) & (val > 0.65)
        n = float(len(hue))
        bins = np.bincount(hue[coloured] * HUE_BINS // 180, minlength=HUE_BINS)[:HUE_BINS]
        out[k, :HUE_BINS] = bins / n
        out[k, HUE_BINS:] = (
            dark.sum() / n,
            white.sum() / n,
            (~dark & ~coloured & ~white).sum() / n,
            coloured.sum() / n,
        )
    return np.sqrt(out)
