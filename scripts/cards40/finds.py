# ruff: noqa
# mypy: ignore-errors
# Branch cards40's look at the finder's finds on TUNING frames only (scripts/cards40/
# frames.py): each find with the region it came from (its least rectangle before it was
# grown to the frame's typical card length), what it is (a labelled card, a die, nothing)
# and how the candidate reads it. Prints one line a find of interest and a summary.
#   PYTHONPATH=. python scripts/cards40/finds.py [ONNX NPZ]
import json
import math
import sys
from pathlib import Path

import cv2
import numpy as np

cv2.setNumThreads(1)

from vision.cards import cardset, finder, patches, symbol
from vision.cards.finder import BORDER, _regions, _score, rectangle, box_of, suppress, Found
from vision.cards.reader import CardReader

sys.path.insert(0, str(Path(__file__).parent))
import frames as tuning


def find_debug(frame, threshold=finder.CARD_THRESHOLD):
    """finder.find, with each find's region, whether it was grown and the typical length."""
    h, w = frame.shape[:2]
    scale = min(1.0, finder.SIDE / max(h, w))
    small = cv2.resize(frame, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    regions = _regions(small)
    grown = []
    for r in regions:
        by = BORDER * r.short * 2 if r.body else 0.0
        grown.append((r, r.long + by, r.short + by))
    full = [(lg, sh) for r, lg, sh in grown if r.fill > 0.85 and _score(lg, sh, r.fill) > 0]
    typical = float(np.median([f[0] for f in full])) if full else 0.0
    typical_short = float(np.median([f[1] for f in full])) if full else 0.0
    found, info = [], {}
    for r, long, short in grown:
        raw = (long, short)
        g = False
        if typical and long < 0.95 * typical and short >= 0.75 * typical / finder.ASPECTS[1]:
            long = typical
            g = True
        score = _score(long, short, r.fill)
        area = long * short / (small.shape[0] * small.shape[1])
        if score < threshold or not finder.MIN_AREA <= area <= finder.MAX_AREA:
            continue
        corners = rectangle(r.center, long, short, r.angle) / scale
        f = Found(
            corners=tuple((float(x), float(y)) for x, y in corners),
            center=(float(r.center[0] / scale), float(r.center[1] / scale)),
            long=long / scale,
            short=short / scale,
            angle=r.angle,
            box=box_of(corners, w, h),
            score=score,
        )
        found.append(f)
        info[id(f)] = dict(
            raw_long=raw[0],
            raw_short=raw[1],
            grown=g,
            typical=typical,
            typical_short=typical_short,
            body=r.body,
            fill=r.fill,
            nfull=len(full),
            region=r,
            small=small,
        )
    kept = suppress(found)[: finder.MAX_CARDS]
    return kept, [info[id(f)] for f in kept]


def iou_quad(a, b):
    ra, rb = np.array(a, np.float32), np.array(b, np.float32)
    inter, _ = cv2.intersectConvexConvex(ra, rb)
    u = cv2.contourArea(ra) + cv2.contourArea(rb) - inter
    return inter / u if u > 0 else 0.0


def what(f, image, dice):
    best = max((iou_quad(f.corners, d.corners) for d in image.dice if d.corners), default=0.0)
    if best > 0.3:
        return "card", best
    cx, cy = f.center
    for x0, y0, x1, y1 in dice:
        if x0 <= cx <= x1 and y0 <= cy <= y1:
            return "die", best
    return "none", best


def rows(ls, dice, reader=None):
    out = []
    for image in ls.images:
        frame = ls.frame(image)
        found, info = find_debug(frame)
        reads = [None] * len(found)
        if reader is not None and found:
            cuts = np.stack([patches.cut(frame, f.corners) for f in found])
            fr = reader.read_cuts(cuts, found)
            byc = {c.corners: c for c in fr.cards}
            reads = [byc.get(f.corners) for f in found]
        for f, i, c in zip(found, info, reads):
            kind, iou = what(f, image, dice.get(image.file, []))
            out.append(dict(file=image.file, kind=kind, iou=iou, f=f, c=c, **i))
    return out


def main():
    reader = None
    if len(sys.argv) > 2:
        symbol.MODEL = str(Path(sys.argv[1]).resolve())
        reader = CardReader(cardset.load(sys.argv[2]))
    for name, ls in tuning.material().items():
        if len(sys.argv) > 3 and name not in sys.argv[3:]:
            continue
        dpath = Path(ls.root) / "dice.json"
        dice = json.loads(dpath.read_text()) if dpath.exists() else {}
        for r in rows(ls, dice, reader):
            c = r["c"]
            read = (
                "dropped"
                if c is None
                else (f"{c.color} {c.value} {c.confidence:.2f}" if c.known else "unknown")
            )
            ts = r["typical_short"] or 1
            print(
                f"{name} {r['file']} {r['kind']} iou {r['iou']:.2f} grown {int(r['grown'])} body {int(r['body'])} "
                f"raw {r['raw_long']:.1f}x{r['raw_short']:.1f} aspect {r['raw_long'] / max(r['raw_short'], 1e-6):.2f} "
                f"short/typ {r['raw_short'] / ts:.2f} long/typ {r['raw_long'] / max(r['typical'], 1e-6):.2f} fill {r['fill']:.2f} "
                f"score {r['f'].score:.2f} nfull {r['nfull']} read {read}",
                flush=True,
            )


if __name__ == "__main__":
    sys.exit(main())
