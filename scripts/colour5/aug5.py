"""Issue 16's sixth colour round, offline: the look network's material (colour4's: colour3's
cached cuts + colour4's tight cuts) with more looks of hard light, made from its own cuts:
strong highlights (a white blob), blur, coloured light (channel gains). 4 fits, logits
averaged, read on the reader's cuts of tuning seeds 7171, 7272 and 200 frames of CHECK
editions, as colour4's ens4.py. `aug5.py own|both|all|edonly`: one hard look of each own
die (own), and as many of the editions' dice at random (both), or one of each edition die
(all; edonly without the own's)."""

import sys

import cv2
import numpy as np

sys.path.insert(0, "scripts/colour4")
from ens4 import averaged, read

from vision import looks
from vision.reader import color_features

COLORS = ["black", "green"]
C4 = "/work/wt/colour4/scripts/colour4"


def hard_light(cut: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    out = []
    yy, xx = np.mgrid[0 : cut.shape[1], 0 : cut.shape[2]].astype(np.float32)
    for p in cut:
        img = p.astype(np.float32)
        kinds = rng.random(3) < (0.5, 0.4, 0.5)
        if not kinds.any():
            kinds[rng.integers(3)] = True
        if kinds[0]:  # a highlight: a blob towards white (a little tinted)
            cx, cy = rng.uniform(6, 26, 2)
            s = rng.uniform(3, 9)
            g = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * s * s))[..., None]
            white = 255 - rng.uniform(0, 40, 3)
            img = img + rng.uniform(0.5, 1.0) * g * (white - img)
        if kinds[1]:
            img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.8, 2.2))
        if kinds[2]:  # coloured light and exposure
            img = img * np.exp(rng.normal(0, 0.2, 3)) * np.exp(rng.normal(0, 0.25))
        out.append(np.clip(img, 0, 255).astype(np.uint8))
    return np.stack(out)


if __name__ == "__main__":
    variant = sys.argv[1]
    own, ed = np.load("var3/own_cuts.npz"), np.load("var3/ed_cuts.npz")
    ot, et = np.load(f"{C4}/own_tight.npz"), np.load(f"{C4}/ed_tight.npz")
    parts = [(own["face"], own["color"], True), (ot["face"], ot["color"], True)]
    parts += [(ed["face"], ed["color"], False), (et["face"], et["color"], False)]
    rng = np.random.default_rng(5)
    if variant in ("own", "both", "all"):  # one hard-light look of each own die (own_cuts: 4 a die)
        idx = np.arange(0, len(own["face"]), 4)
        parts.append((hard_light(own["face"][idx], rng), own["color"][idx], True))
    if variant == "both":  # as many of the editions' dice
        idx = rng.choice(len(ed["face"]), len(own["face"]) // 4, replace=False)
        parts.append((hard_light(ed["face"][idx], rng), ed["color"][idx], False))
    if variant in ("all", "edonly"):  # one of each of the editions' dice (ed_cuts: 4 a die)
        idx = np.arange(0, len(ed["face"]), 4)
        parts.append((hard_light(ed["face"][idx], rng), ed["color"][idx], False))
    x = np.concatenate([color_features(f) for f, _, _ in parts])
    roles = np.array([COLORS.index(c) for _, cs, _ in parts for c in cs])
    home = np.concatenate([np.full(len(cs), h) for _, cs, h in parts])
    y = looks.look_classes(roles, home, 2)
    evals = {n: np.load(f"var3/{n}.npz") for n in ["c7171", "c7272", "ccheck"]}
    ex = {n: color_features(d["cut"]) for n, d in evals.items()}
    nets = []
    for s in range(4):
        nets.append(looks.fit_look_net(x, y, 4, seed=s))
        print("fitted seed", s, flush=True)
    net = averaged(nets)
    for n, d in evals.items():
        truth = np.array([COLORS.index(c) for c in d["color"]])
        wrong = np.flatnonzero(read(net, ex[n]) != truth)
        print(variant, n, len(wrong), [int(i) for i in wrong], flush=True)
