# ruff: noqa
# mypy: ignore-errors
# the features' ms a card on deck-a's cards (both ways up), best of 5: run from a checkout,
#   PYTHONPATH=. .venv/bin/python scripts/cards17-time.py   (main's and the branch's interleaved)
import time
import numpy as np
from vision import labels
from vision.cards import finder, patches, symbol
from vision.paths import data_dir

ls = labels.load(str(data_dir("cards/deck-a")))
cuts = []
for im in ls.images:
    frame = ls.frame(im)
    cuts += [patches.cut(frame, c.corners) for c in finder.find(frame)]
cuts = np.stack(cuts)
symbol.features(cuts[:4])
best = []
for _ in range(5):
    t = time.perf_counter()
    symbol.features(cuts)
    best.append((time.perf_counter() - t) / len(cuts) * 1000)
print(f"features: {min(best):.2f} ms a card (best of 5, {len(cuts)} cards of deck-a, both ways up)")
