"""A body/glyph split that knows the glyph from the set's own glyph masks (offline study).

The mask of a face: per ring of the face cut (Euclidean radius from the middle, the cuts
lie at any angle), the share of the set's own dice's pixels that are glyph (the light
2-means part of a black die, the dark part of a green one). A die's expected mask is its
faces' masks weighted by the face softmax's probabilities (its best candidates, also for
a die read `unknown`). The 2-means part that lies more in that mask is the glyph (not the
larger part), and the mask also weighs the face's colours into a body and a glyph."""

import cv2
import numpy as np

from vision import patches

BINS = 8


def _lab(cut):
    m = patches.PATCH // 8
    inner = np.ascontiguousarray(cut[:, m:-m, m:-m])
    n, side = len(inner), inner.shape[1]
    lab = cv2.cvtColor(inner.reshape(-1, side, 3), cv2.COLOR_BGR2LAB).reshape(n, -1, 3)
    r = np.hypot(
        *np.meshgrid(np.arange(side) + 0.5 - side / 2, np.arange(side) + 0.5 - side / 2)
    ) / (side / 2)
    ring = np.minimum((r.ravel() * BINS).astype(int), BINS - 1)
    return lab.astype(np.float32) / 255.0, ring


def _two_means(light):
    lo, hi = np.percentile(light, 10, axis=1)[:, None], np.percentile(light, 90, axis=1)[:, None]
    for _ in range(6):
        dark = np.abs(light - lo) < np.abs(light - hi)
        lo = (light * dark).sum(1, keepdims=True) / np.maximum(dark.sum(1, keepdims=True), 1)
        hi = (light * ~dark).sum(1, keepdims=True) / np.maximum((~dark).sum(1, keepdims=True), 1)
    return dark


def glyph_masks(cut, roles, faces, names):
    """(faces, BINS): the share of glyph pixels per ring of each face of the set's own dice;
    roles 0 black (light glyph), 1 green (dark glyph)."""
    lab, ring = _lab(cut)
    dark = _two_means(lab[..., 0])
    glyph = np.where(np.asarray(roles)[:, None] == 1, dark, ~dark).astype(np.float32)
    onehot = np.eye(BINS)[ring]  # (p, BINS)
    per_ring = glyph @ onehot / onehot.sum(0)  # (n, BINS)
    return np.stack([per_ring[np.asarray(faces) == f].mean(0) for f in names])


def mask_features(cut, probs, masks):
    """(n, 14): the 2-means body and glyph Lab, the glyph chosen by the mask, and how much
    lighter it is (7); the colours weighted by the expected mask and by its complement, and
    how much lighter the glyph so weighed is (7)."""
    lab, ring = _lab(cut)
    p = probs[:, : len(masks)]
    p = p / np.maximum(p.sum(1, keepdims=True), 1e-6)
    g = (p @ masks)[:, ring]  # (n, pixels) expected glyph share of each pixel
    dark = _two_means(lab[..., 0])
    g_dark = (g * dark).sum(1) / np.maximum(dark.sum(1), 1)
    g_light = (g * ~dark).sum(1) / np.maximum((~dark).sum(1), 1)
    glyph_dark = g_dark > g_light
    in_glyph = np.where(glyph_dark[:, None], dark, ~dark)[..., None]
    body = (lab * ~in_glyph).sum(1) / np.maximum((~in_glyph).sum(1), 1)
    glyph = (lab * in_glyph).sum(1) / np.maximum(in_glyph.sum(1), 1)
    lighter = np.tanh((glyph[:, :1] - body[:, :1]) * 8.0)
    wg = g[..., None]
    glyph_w = (lab * wg).sum(1) / np.maximum(wg.sum(1), 1e-6)
    body_w = (lab * (1 - wg)).sum(1) / np.maximum((1 - wg).sum(1), 1e-6)
    lighter_w = np.tanh((glyph_w[:, :1] - body_w[:, :1]) * 8.0)
    return np.concatenate([body, glyph, lighter, body_w, glyph_w, lighter_w], 1).astype(np.float32)
