# ruff: noqa
# mypy: ignore-errors
# Scratch script of branch cards16 (run from the worktree: .venv/bin/python scripts/cards16-gapcheck.py)
import sys, numpy as np, cv2
from dataclasses import replace

sys.path.insert(0, "/work/wt/cards16")
from vision.cards import finder, patches, symbol, shape
from vision.cards.design import random_design
from vision.cards.scene import CardScene, Placed, Table, render

out = {}
tiles = []
for value, vs in (("draw2", range(10)), ("wild4", range(8)), ("reverse", range(18))):
    for v in vs:
        gs = []
        for seed in range(6):
            d = random_design(np.random.default_rng(500 + seed), "train")
            d = replace(
                d,
                variants=tuple((k, v if k == value else x) for k, x in d.variants),
                text_draw2=False,
                text_wild4=False,
            )
            color = "black" if value == "wild4" else ("red", "blue", "green", "yellow")[seed % 4]
            frame, _ = render(
                CardScene(
                    640,
                    480,
                    (Placed(d, color, value, 320, 240, 190, (seed * 37) % 360),),
                    Table("felt", (60, 90, 50), seed=1),
                    noise=2,
                )
            )
            f = finder.find(frame)
            if not f:
                continue
            cut = patches.cut(frame, f[0].corners)
            m, *_ = symbol.mask(cut)
            gs.append(shape.turn_gap(m))
            if seed == 0:
                t = cv2.resize(
                    (m * 255).astype(np.uint8), (64, 64), interpolation=cv2.INTER_NEAREST
                )
                tiles.append(t)
        print(value, v, np.round(gs, 2))
cv2.imwrite(
    "/tmp/cards16/rendered.png",
    np.vstack(
        [
            np.hstack(
                tiles[i : i + 12] + [np.zeros((64, 64), np.uint8)] * (12 - len(tiles[i : i + 12]))
            )
            for i in range(0, len(tiles), 12)
        ]
    ),
)
