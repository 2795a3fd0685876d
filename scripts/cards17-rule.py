# ruff: noqa
# mypy: ignore-errors
# Scratch script of branch cards17: read rendered held-out frames (cards16's, seeds 3002,
# 3003, 4040, 2020) and the made-up probe with the branch's shipped set, and dump each
# card's (true value, likeliest value, its probability, turn gap) to look at where a
# reverse rule (likeliest reverse, gap >= G, p >= T) would read a wrong card.
#   PYTHONPATH=. python scripts/cards17-rule.py OUT.pkl
import hashlib, pickle, sys
from pathlib import Path
import numpy as np
from vision import labels, nets
from vision.cards import finder, patches, symbol
from vision.cards.reader import CardReader
from vision.evaluate import match

X = Path("/tmp/cards16/x")
NET = nets.model_id(symbol.MODEL)[:12]
CACHE = X / f"pre-{NET}.pkl"
cache = pickle.loads(CACHE.read_bytes()) if CACHE.exists() else {}
new = 0
last_gap = {}


def cached(cuts, views=2):
    global new
    k = (hashlib.sha1(np.ascontiguousarray(cuts).tobytes()).hexdigest(), views)
    if k not in cache:
        cache[k] = symbol.parts(cuts, views)
        new += 1
    got = dict(cache[k])
    last_gap["g"] = got["gap"][: len(cuts), 0]
    return symbol.combine(got, len(cuts), views)


symbol.features = cached
reader = CardReader.load("cards")
s = reader.cards
rows = []
for name in ("cal", "held3003", "held4040", "held2020"):
    ls = labels.load(X / name)
    for image in ls.images:
        frame = ls.frame(image)
        found = finder.find(frame, reader.threshold)
        if not found:
            continue
        cuts = np.stack([patches.cut(frame, f.corners) for f in found])
        p = s.value_probabilities(symbol.features(cuts))
        gap = last_gap["g"]
        for i, j in match(image.dice, found):
            card = image.dice[i]
            if not card.readable:
                continue
            b = int(np.argmax(p[j]))
            rows.append(
                (
                    name,
                    card.face,
                    s.values[b] if b < len(s.values) else "?",
                    float(p[j][b]),
                    float(gap[j]),
                )
            )
sys.path.insert(0, "scripts")
# the probe: made-up kinds drawn as cards17-sets.py does (its module would rebuild sets)
from vision.cards.design import random_design
from vision.cards.scene import CardScene, Placed, Table, render

for kind in ("x-greek", "x-plus-thin", "x-star", "x-diamond"):
    for split in ("train", "held-out"):
        for seed in range(40):
            design = random_design(np.random.default_rng(1000 + seed), split)
            color = ("red", "blue", "green", "yellow")[seed % 4]
            placed = (Placed(design, color, kind, 320, 240, 190, (seed * 37) % 360),)
            frame, _ = render(
                CardScene(640, 480, placed, Table("felt", (60, 90, 50), seed=1), noise=2)
            )
            found = finder.find(frame)
            if not found:
                continue
            cuts = np.stack([patches.cut(frame, f.corners) for f in found])
            p = s.value_probabilities(symbol.features(cuts))
            for j in range(len(found)):
                b = int(np.argmax(p[j]))
                rows.append(
                    (
                        "probe",
                        kind,
                        s.values[b] if b < len(s.values) else "?",
                        float(p[j][b]),
                        float(last_gap["g"][j]),
                    )
                )
if new:
    CACHE.write_bytes(pickle.dumps(cache))
pickle.dump(rows, open(sys.argv[1], "wb"))
print(len(rows), "rows; new feature batches", new)
