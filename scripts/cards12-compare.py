# ruff: noqa
# mypy: ignore-errors
# Scratch script of branch cards12: two sets saved by cards12-shape.py read on the rendered
# held-out frames (seeds 3003, 4040, 2020): per true value, right / unknown / silent.
#   PYTHONPATH=. python scripts/cards12-compare.py NAME-wA.npz NAME-wB.npz
import hashlib, pickle, sys
from collections import Counter
from pathlib import Path
import numpy as np
from vision import labels
from vision.cards import cardset, finder, patches, symbol
from vision.cards.reader import CardReader
from vision.evaluate import match

OUT = Path("/tmp/cards12-x")
cache = pickle.loads((OUT / "parts.pkl").read_bytes())


def cached(cuts, views=2):
    k = (hashlib.sha1(np.ascontiguousarray(cuts).tobytes()).hexdigest(), views)
    got = cache.get(k) or symbol.parts(cuts, views)
    return symbol.combine(got, len(cuts), views)


symbol.features = cached
frames = []
for s in (3003, 4040, 2020):
    ls = labels.load(f"/tmp/cards11-held{s}")
    for im in ls.images:
        frame = ls.frame(im)
        found = finder.find(frame)
        if found:
            frames.append((im, np.stack([patches.cut(frame, f.corners) for f in found]), found))
for name in sys.argv[1:]:
    s = cardset.load(OUT / name)
    w = float(name.rsplit("-w", 1)[1][:-4])
    symbol.CUE_WEIGHT = w
    reader = CardReader(s)
    tally = Counter()
    wrong = Counter()
    for im, cuts, found in frames:
        got = reader.read_cuts(cuts, found).cards
        for i, j in match(im.dice, got):
            c = im.dice[i]
            if not c.readable:
                continue
            v = got[j].value
            r = "right" if v == c.face else "unknown" if v == "unknown" else "silent"
            tally[(c.face, r)] += 1
            if r == "silent":
                wrong[(c.face, v)] += 1
    faces = sorted({f for f, _ in tally})
    print(name, "threshold", s.threshold)
    print(
        " ".join(
            f"{f}:{tally[(f, 'right')]}/{tally[(f, 'unknown')]}/{tally[(f, 'silent')]}"
            for f in faces
        )
    )
    print(" silent:", dict(wrong), flush=True)
