#!/usr/bin/env python3
"""Made-up kinds (the held-out star, diamond and square-ended pluses; or any of
vision.cards.glyphs.OTHERS) on 40 train and 40 held-out designs each: how often a sure card
value (a silent error) comes out. Rendered material only.

    PYTHONPATH=. python scripts/cards-made-up-probe.py [KINDS [SPLITS [SET]]]
    (KINDS: comma-separated, default glyphs.OTHERS_HELD_OUT; SPLITS: train,held-out;
    SET: a card set name or .npz path, default the shipped "cards")
"""

import sys

import numpy as np

from vision.cards import glyphs
from vision.cards.design import random_design
from vision.cards.reader import CardReader
from vision.cards.scene import CardScene, Placed, Table, render

reader = CardReader.load(sys.argv[3] if len(sys.argv) > 3 else "cards")
kinds = sys.argv[1].split(",") if len(sys.argv) > 1 else list(glyphs.OTHERS_HELD_OUT)
for split in sys.argv[2].split(",") if len(sys.argv) > 2 else ("train", "held-out"):
    for kind in kinds:
        sure, n = 0, 0
        values: dict[str, int] = {}
        for seed in range(40):
            design = random_design(np.random.default_rng(1000 + seed), split)
            color = ("red", "blue", "green", "yellow")[seed % 4]
            placed = (Placed(design, color, kind, 320, 240, 190, (seed * 37) % 360),)
            frame, _ = render(
                CardScene(640, 480, placed, Table("felt", (60, 90, 50), seed=1), noise=2)
            )
            for c in reader.read(frame):
                n += 1
                if c.value != "unknown":
                    sure += 1
                    values[c.value] = values.get(c.value, 0) + 1
        print(f"{split:8s} {kind:12s} read {n:3d}  sure card values {sure:2d} {values}", flush=True)
