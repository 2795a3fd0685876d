"""Average the logits of several look-network fits (one network of k x 32 hidden units) over
colour features (+ colour3's context features) (+ the glyph-mask split), read on the
reader's cuts of tuning seeds 7171, 7272 and the CHECK editions.
`ens4.py base|ctx|basemask|ctxmask 0,1,2,3`; `ens4.py read NAME.pkl VARIANT` rereads saved fits."""

import pickle
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, "var3")
sys.path.insert(0, "scripts/colour4")
from feats import ctx_features
from feats4 import mask_features

from vision import looks
from vision.nets import softmax
from vision.reader import color_features

COLORS = ["black", "green"]
P = np.load("scripts/colour4/probs.npz")
MASKS = np.load("scripts/colour4/masks.npy")


def feats(variant, face, ctx, probs):
    out = [color_features(face)]
    if variant.startswith("ctx"):
        out.append(ctx_features(ctx, parts="table,hist"))
    if variant.endswith("mask"):
        out.append(mask_features(face, probs, MASKS))
    return np.concatenate(out, 1)


def averaged(nets):
    k = len(nets)
    return (
        np.concatenate([n[0] for n in nets], 1),
        np.concatenate([n[1] for n in nets]),
        np.concatenate([n[2] for n in nets], 0) / k,
        sum(n[3] for n in nets) / k,
    )


def read(net, x):
    w1, b1, w2, b2 = net
    p = softmax(np.maximum(x @ w1 + b1, 0) @ w2 + b2)
    return np.stack([p[:, 0] + p[:, 2], p[:, 1] + p[:, 3]], 1).argmax(1)


evals = {n: np.load(f"var3/{n}.npz") for n in ["c7171", "c7272", "ccheck"]}


def report(variant, nets, tag):
    variant = variant.removesuffix("+tight")
    ex = {n: feats(variant, d["cut"], d["ctx"], P[n]) for n, d in evals.items()}
    for k in range(1, len(nets) + 1):
        net = averaged(nets[:k])
        row = []
        for n, d in evals.items():
            truth = np.array([COLORS.index(c) for c in d["color"]])
            wrong = np.flatnonzero(read(net, ex[n]) != truth)
            row.append(f"{n} {len(wrong)} {list(wrong)}")
        print(tag, variant, "average of", k, ":", "; ".join(row), flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "read":
        report(sys.argv[3], pickle.loads(Path(sys.argv[2]).read_bytes()), sys.argv[2])
        sys.exit()
    variant, seeds = sys.argv[1], [int(s) for s in sys.argv[2].split(",")]
    tight = variant.endswith("+tight")  # and one tight cut a die (cache_tight.py)
    variant = variant.removesuffix("+tight")
    own, ed = np.load("var3/own_cuts.npz"), np.load("var3/ed_cuts.npz")
    parts = [(own, P["own_cuts"], True), (ed, P["ed_cuts"], False)]
    if tight:
        T = np.load("scripts/colour4/probs_tight.npz")
        parts += [
            (np.load("scripts/colour4/own_tight.npz"), T["own_tight"], True),
            (np.load("scripts/colour4/ed_tight.npz"), T["ed_tight"], False),
        ]
    x = np.concatenate([feats(variant, d["face"], d["ctx"], p) for d, p, _ in parts])
    roles = np.array([COLORS.index(c) for d, _, _ in parts for c in d["color"]])
    home = np.concatenate([np.full(len(d["color"]), h) for d, _, h in parts])
    variant += "+tight" * tight
    nets = []
    for s in seeds:
        nets.append(looks.fit_look_net(x, looks.look_classes(roles, home, 2), 4, seed=s))
        Path(f"scripts/colour4/ens_{variant}.pkl").write_bytes(pickle.dumps(nets))
        print("fitted seed", s, flush=True)
    report(variant, nets, "fit")
