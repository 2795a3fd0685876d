# ruff: noqa
# mypy: ignore-errors
# Scratch script of branch cards12 (frames under /tmp/cards11-x, /tmp/cards11-held* as
# branch cards11-tried rendered them, rendered here when missing; "plus" needs the
# round-ended pluses of that branch's glyphs): the set rebuilt as
# build_shipped does, with the shape cues (vision.cards.shape) weighed CUE_WEIGHT, the
# features' parts cached. Rendered material only.
#   PYTHONPATH=. python scripts/cards12-shape.py WEIGHT[,WEIGHT...] six|plus
import hashlib, pickle, sys, time
from dataclasses import replace
from pathlib import Path
import numpy as np
from vision.cards import symbol, build_shipped as b, finder, patches
from vision.cards.design import BACK, OTHER, VALUES, card_kinds, random_design
from vision.cards.evaluate import evaluate
from vision.cards.reader import CardReader
from vision.cards.scene import CardScene, Placed, Table, render
from vision.cards.dataset import random_set
from vision.cards.teach import collect, learn
from vision import labels

R = Path("/tmp/cards11-x")
OUT = Path("/tmp/cards12-x")
OUT.mkdir(exist_ok=True)
CACHE = OUT / "parts.pkl"
_cache = pickle.loads(CACHE.read_bytes()) if CACHE.exists() else {}
_new = 0
_parts = symbol.parts


def cached(cuts, views=2):
    global _new
    n = len(cuts)
    if n == 0:
        return np.zeros((0, views, symbol.DIM), np.float32)
    k = (hashlib.sha1(np.ascontiguousarray(cuts).tobytes()).hexdigest(), views)
    if k not in _cache:
        _cache[k] = _parts(cuts, views)
        _new += 1
    return symbol.combine(_cache[k], n, views)


symbol.features = cached


def save():
    if _new:
        CACHE.write_bytes(pickle.dumps(_cache))


SIX = ("x-sun", "x-heart", "x-cone", "x-bolt", "x-crown", "x-rings")
PLUS = ("x-plus", "x-plus-bold", "x-plus-slim")


def rs(folder, frames, seed, split, **kw):
    """Frames as branch cards11-tried rendered them, rendered again when missing."""
    if (Path(folder) / "labels.json").exists():
        return labels.load(folder)
    return random_set(folder, frames, seed, split, **kw)


fit = rs(R / "fit", 300, 3001, "train", backs=0.04)
held = rs(R / "cal", 200, 3002, "held-out")
checks = {
    s: rs(f"/tmp/cards11-held{s}", n, s, "held-out")
    for s, n in ((3003, 100), (4040, 60), (2020, 40))
}
ex = collect(fit, seed=3001)


def add(examples, name, seed, kinds):
    made = collect(
        rs(R / name, {"m-six": 200, "m-plus": 100}[name], seed, "train", others=kinds), seed=seed
    )
    keep = np.array([v in kinds for v in made.values])
    first = examples.cards.max() + 1
    read = np.isin(made.read_cards, made.cards[keep])
    return replace(
        examples,
        cuts=np.concatenate([examples.cuts, made.cuts[keep]]),
        values=[*examples.values, *[OTHER] * int(keep.sum())],
        colors=[*examples.colors, *[c for c, k in zip(made.colors, keep) if k]],
        cards=np.concatenate([examples.cards, made.cards[keep] + first]),
        read=np.concatenate([examples.read, made.read[read]]),
        read_cards=np.concatenate([examples.read_cards, made.read_cards[read] + first]),
    )


PROBE_KINDS = ("x-greek", "x-plus-thin", "x-star", "x-diamond")
_probe = {}


def probe_cuts(kind, split, seed):
    key = (kind, split, seed)
    if key not in _probe:
        design = random_design(np.random.default_rng(1000 + seed), split)
        color = ("red", "blue", "green", "yellow")[seed % 4]
        placed = (Placed(design, color, kind, 320, 240, 190, (seed * 37) % 360),)
        frame, _ = render(CardScene(640, 480, placed, Table("felt", (60, 90, 50), seed=1), noise=2))
        found = finder.find(frame)
        cuts = np.stack([patches.cut(frame, f.corners) for f in found]) if found else None
        _probe[key] = (cuts, found)
    return _probe[key]


def probe(reader):
    sure = {}
    for kind in PROBE_KINDS:
        for split in ("train", "held-out"):
            for seed in range(40):
                cuts, found = probe_cuts(kind, split, seed)
                if cuts is None:
                    continue
                for c in reader.read_cuts(cuts, found).cards:
                    if c.value != "unknown":
                        sure[kind] = sure.get(kind, 0) + 1
    return sure


def run(label, examples, weight):
    t = time.time()
    symbol.CUE_WEIGHT = weight
    s = learn(
        "cards",
        examples,
        (*VALUES, BACK, OTHER),
        card_kinds(VALUES),
        threshold=0.9,
        color_threshold=0.9,
    )
    vt, ct = b.calibrate(CardReader(s), held)
    s = replace(s, threshold=vt, color_threshold=ct)
    right = silent = n = cr = 0
    for seed, ls in checks.items():
        f = evaluate(ls, CardReader(s)).figures()
        n += f["cards_read"]
        right += round(f["value_accuracy"] * f["cards_read"])
        silent += round(f["silent_error_rate"] * f["cards_read"])
        cr += round(f["color_accuracy"] * f["cards_read"])
    sure = probe(CardReader(s))
    print(
        f"{label:24s} w {weight:4.2f} value_t {vt:.2f} colour_t {ct:.2f}  right {right}/{n} silent {silent} colours {cr}  probe sure {sure}  ({time.time() - t:.0f}s)",
        flush=True,
    )
    s.save(OUT / f"{label}-w{weight:g}.npz")
    save()
    return s


weights = [float(w) for w in sys.argv[1].split(",")]
which = sys.argv[2]
six = add(ex, "m-six", 3005, SIX)
examples = six if which == "six" else add(six, "m-plus", 3006, PLUS)
for w in weights:
    run(which, examples, w)
