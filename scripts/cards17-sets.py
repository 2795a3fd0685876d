# ruff: noqa
# mypy: ignore-errors
# Scratch script of branch cards17 (cards16-sets.py of cbc3abe with the turning reverses): the shipped set
# rebuilt as build_shipped does, on frames rendered with this branch's designs (the slanted
# draw twos and wild fours, the chiral reverse), over main's features and the turn gap at a
# weight ("none": weight 0; "gap:W"; "gap:W:mix:M": for a share M of the reverse examples
# the network's numbers swapped for another example's, so the set learns what the gap says
# when the network's numbers say otherwise). Rendered material only: held-out seeds 3003,
# 4040, 2020, the made-up probe, per-value reads.
#   PYTHONPATH=. python scripts/cards17-sets.py none gap:2 gap:2:mix:0.25 [...]
import hashlib, pickle, sys, time
from collections import Counter
from dataclasses import replace
from pathlib import Path
import numpy as np
from vision.cards import symbol, shape, colour, build_shipped as b, finder, patches, teach
from vision.cards.design import BACK, OTHER, VALUES, card_kinds, random_design
from vision.cards.evaluate import evaluate
from vision.cards.reader import CardReader
from vision.cards.scene import CardScene, Placed, Table, render
from vision.cards.dataset import random_set
from vision.cards.teach import collect, learn
from vision import labels, nets

OUT = Path("/tmp/cards17/x")
OUT.mkdir(parents=True, exist_ok=True)
NET = nets.model_id(symbol.MODEL)[:12]  # the symbol network the cache and sets are of
CACHE = OUT / f"pre-{NET}.pkl"
_cache = pickle.loads(CACHE.read_bytes()) if CACHE.exists() else {}
_new = 0
HEAD = "none"
_real_features = symbol.features


def cached(cuts, views=2):
    global _new
    n = len(cuts)
    if n == 0:
        return np.zeros((0, views, symbol.DIM), np.float32)
    k = (hashlib.sha1(np.ascontiguousarray(cuts).tobytes()).hexdigest(), views)
    if k not in _cache:
        _cache[k] = symbol.parts(cuts, views)
        _new += 1
    got = dict(_cache[k])
    if UP2:  # the turn gap on a x2 mask (shape.UPSCALE 2, SMOOTH 1.0), computed once a cut
        if "gap2" not in _cache[k]:
            up, sm = shape.UPSCALE, shape.SMOOTH
            shape.UPSCALE, shape.SMOOTH = 2, 1.0
            g = np.array([[shape.turn_gap(symbol.mask(c)[0])] for c in cuts], np.float32)
            shape.UPSCALE, shape.SMOOTH = up, sm
            _cache[k]["gap2"] = np.tile(g, (views, 1))
            _new += 1
        got["gap"] = _cache[k]["gap2"]
    w = float(HEAD.split(":")[1]) if HEAD.startswith("gap:") else 0.0
    got["gap"] = got["gap"] * (w / symbol.GAP_WEIGHT)
    if MIXING is not None and MIXING[0] is cuts:
        got["embedded"] = MIXING[1](got["embedded"])
    return symbol.combine(got, n, views)


MIXING = None
UP2 = False
symbol.features = cached


def save():
    global _new
    if _new:
        CACHE.write_bytes(pickle.dumps(_cache))
        _new = 0


SIX = ("x-sun", "x-heart", "x-cone", "x-bolt", "x-crown", "x-rings")


def rs(folder, frames, seed, split, **kw):
    if (Path(folder) / "labels.json").exists():
        return labels.load(folder)
    return random_set(folder, frames, seed, split, **kw)


fit = rs(OUT / "fit", 300, 3001, "train", backs=0.04)
held = rs(OUT / "cal", 200, 3002, "held-out")
checks = {
    s: rs(OUT / f"held{s}", n, s, "held-out") for s, n in ((3003, 100), (4040, 60), (2020, 40))
}
ex = collect(fit, seed=3001)


def add(examples, name, seed, kinds):
    made = collect(rs(OUT / name, 200, seed, "train", others=kinds), seed=seed)
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


def per_value(
    reader, label_sets, values=("reverse", "draw2", "wild4", "wild", "skip", "0", "3", "5")
):
    from vision.evaluate import match

    out = {v: Counter() for v in values}
    for ls in label_sets:
        for image in ls.images:
            got = reader.read(ls.frame(image))
            for i, j in match(image.dice, got):
                card = image.dice[i]
                if card.face in out and card.readable:
                    c = got[j]
                    tag = (
                        "ok"
                        if c.value == card.face
                        else ("WRONG:" + c.value if c.value != "unknown" else "unk:" + c.best_value)
                    )
                    out[card.face][tag] += 1
    return out


def mixer(share, seed=7):
    """Swap the network's numbers of a share of the reverse examples for those of random
    examples of other values (the same swap for every call)."""
    rng = np.random.default_rng(seed)
    vals = np.array(examples.values)
    rev = np.flatnonzero(vals == "reverse")
    others = np.flatnonzero((vals != "reverse") & (vals != BACK) & (vals != OTHER))
    pick = rev[rng.random(len(rev)) < share]
    src = rng.choice(others, len(pick))

    def swap(e):
        e = e.copy()
        e[pick] = e[src]
        return e

    return swap


def run(head):
    global HEAD, MIXING
    HEAD = head
    t = time.time()
    parts = head.split(":")
    global UP2
    UP2 = "up2" in parts
    MIXING = None
    if "mix" in parts:
        MIXING = (examples.cuts, mixer(float(parts[parts.index("mix") + 1])))
    s = learn(
        "cards",
        examples,
        (*VALUES, BACK, OTHER),
        card_kinds(VALUES),
        threshold=0.9,
        color_threshold=0.9,
    )
    MIXING = None
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
    pv = per_value(CardReader(s), checks.values())
    print(
        f"{NET} {head:24s} value_t {vt:.2f} colour_t {ct:.2f}  right {right}/{n} silent {silent} colours {cr}  probe sure {sure}  ({time.time() - t:.0f}s)",
        flush=True,
    )
    for v, c in pv.items():
        print(f"    {v:8s} {dict(c.most_common())}", flush=True)
    s.save(OUT / f"set-{NET}-{head.replace('/', '_').replace(':', '_')}.npz")
    save()
    return s


examples = add(ex, "m-six", 3005, SIX)
for h in sys.argv[1:]:
    run(h)
