# ruff: noqa
# mypy: ignore-errors
# Scratch script of branch cards16 (run from the worktree: .venv/bin/python scripts/cards16-dist.py)
import sys, numpy as np, collections

sys.path.insert(0, "/work/wt/cards16")
from vision.cards import symbol, shape
from vision.cards.dataset import random_set
from vision.cards.teach import collect
from vision import labels
from pathlib import Path


def rs(folder, n, seed, split):
    if (Path(folder) / "labels.json").exists():
        return labels.load(folder)
    return random_set(folder, n, seed, split)


for folder, n, seed, split in (
    ("/tmp/cards16/tr120", 120, 3001, "train"),
    ("/tmp/cards16/ho120", 120, 3003, "held-out"),
):
    ls = rs(folder, n, seed, split)
    ex = collect(ls, seed=seed, per_card=1)
    d = collections.defaultdict(list)
    for c, v in zip(ex.cuts, ex.values):
        m, *_ = symbol.mask(c)
        d[v].append(shape.turn_gap(m))
    print(folder)
    for v in sorted(d):
        a = np.array(d[v])
        print(
            f"  {v:8s} n {len(a):3d} median {np.median(a):.2f} p90 {np.quantile(a, 0.9):.2f} max {a.max():.2f} >0.4 {np.mean(a > 0.4):.2f}"
        )
