# ruff: noqa
# mypy: ignore-errors
# Scratch script of branch cards16 (run from the worktree: .venv/bin/python scripts/cards16-realmasks.py)
# (the turn gap of cards15-tried: git show cards15-tried:vision/cards/shape.py > /tmp/cards16/shape15.py)
# dump deck-a draw twos' and reverses' masks + turn gaps, and rendered draw twos'
import sys, importlib.util, numpy as np, cv2

sys.path.insert(0, "/work/wt/cards16")
spec = importlib.util.spec_from_file_location("shape15", "/tmp/cards16/shape15.py")
s15 = importlib.util.module_from_spec(spec)
spec.loader.exec_module(s15)
from vision import labels
from vision.cards import finder, patches, symbol

ls = labels.load("/work/shared/data/cards/deck-a")
tiles = []
for im in ls.images:
    c = im.dice[0]
    if c.face not in ("draw2", "reverse", "wild", "wild4"):
        continue
    fr = ls.frame(im)
    found = finder.find(fr)
    cut = patches.cut(fr, found[0].corners)
    for k, cc in enumerate([cut, cut[::-1, ::-1]]):
        m, *_ = symbol.mask(np.ascontiguousarray(cc))
        g = s15.turn_gap(m)
        print(im.file, c.face, k, round(g, 3))
        t = cv2.resize((m * 255).astype(np.uint8), (96, 96), interpolation=cv2.INTER_NEAREST)
        cv2.putText(t, f"{g:.2f}", (2, 12), 0, 0.4, 128, 1)
        tiles.append(t)
        if k == 0:
            cv2.imwrite(f"/tmp/cards16/cut-{im.file}.png", cut)
rows = [
    np.hstack(tiles[i : i + 8] + [np.zeros((96, 96), np.uint8)] * (8 - len(tiles[i : i + 8])))
    for i in range(0, len(tiles), 8)
]
cv2.imwrite("/tmp/cards16/real.png", np.vstack(rows))
