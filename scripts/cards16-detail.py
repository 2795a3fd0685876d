# ruff: noqa
# mypy: ignore-errors
# the real cards' reads of reverse, draw two and wild kinds (for the account: a second read)
import sys
from collections import Counter
from vision import labels
from vision.cards.reader import CardReader
from vision.evaluate import match

r = CardReader.load("cards")
print("threshold", r.cards.threshold)
for folder in sys.argv[1:]:
    ls = labels.load(folder)
    out = Counter()
    rows = []
    for im in ls.images:
        got = r.read(ls.frame(im))
        for i, j in match(im.dice, got):
            c = im.dice[i]
            if c.face in ("reverse", "draw2", "wild", "wild4") and c.readable:
                g = got[j]
                rows.append((c.face, g.value, g.best_value, round(g.confidence, 2)))
    for face in ("reverse", "draw2", "wild", "wild4"):
        rs = [x for x in rows if x[0] == face]
        print(
            folder.split("/")[-1],
            face,
            "read",
            sum(x[1] == face for x in rs),
            "of",
            len(rs),
            "best:",
            sorted((x[2], x[3]) for x in rs)[:25],
        )
