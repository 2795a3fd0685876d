"""Without any fit: how often the glyph's lightness names the role (black: glyph lighter),
by the 2-means split as shipped (larger part = body) and by the mask-chosen split."""

import sys

import numpy as np

sys.path.insert(0, "scripts/colour4")
from feats4 import glyph_masks, mask_features

from vision.reader import color_features

COLORS = ["black", "green"]
P = np.load("scripts/colour4/probs.npz")
own = np.load("var3/own_cuts.npz")
roles = np.array([COLORS.index(c) for c in own["color"]])
masks = glyph_masks(own["face"], roles, P["own_faces"], list(P["faces"]))
np.save("scripts/colour4/masks.npy", masks)
print(np.round(masks, 2))
for name in ["c7171", "c7272", "ccheck"]:
    d = np.load(f"var3/{name}.npz")
    truth = np.array([COLORS.index(c) for c in d["color"]])
    base = color_features(d["cut"])[:, 30 + 6]  # lighter, as shipped
    mf = mask_features(d["cut"], P[name], masks)
    for label, lighter in [
        ("shipped split", base),
        ("mask split", mf[:, 6]),
        ("mask weights", mf[:, 13]),
    ]:
        guess = (lighter < 0).astype(int)
        wrong = np.flatnonzero(guess != truth)
        print(name, label, "role by sign wrong", len(wrong), "of", len(truth))
    err = np.flatnonzero(d["got_color"] != d["color"])
    print(
        "  shipped misses",
        err,
        "lighter shipped",
        np.round(base[err], 2),
        "mask",
        np.round(mf[err, 6], 2),
        "weights",
        np.round(mf[err, 13], 2),
    )
