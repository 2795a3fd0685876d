# ruff: noqa
# mypy: ignore-errors
# Scratch script of branch cards18 (after scripts/cards17-sets.py of de136a9): candidate card sets
# on a given symbol network, rebuilt as build_shipped does (fit seed 3001 and the made-up
# seed 3005, calibrated on seed 3002), read beside a set as it is, all on RENDERED
# material only: held-out designs of seeds 3003 (100 frames), 4040 (60), 2020 (40) and the
# made-up probe (square and thin pluses, star, diamond; 40 train and 40 held-out designs).
# No real card is read here.
#
#   PYTHONPATH=. python scripts/cards18-sets.py NAME=ONNX:SPEC ...
#     SPEC "set:PATH"  the set file as it is (read on ONNX's features: the baseline)
#     SPEC "gap:W"     a set rebuilt as build_shipped does, the turn gap weighed W
#     SPEC "gap:W:colour:C"  the same, the card's colour features weighed C (symbol.COLOUR_WEIGHT)
#
# Second candidates (added after the first ones all failed the rule, before any real card
# is read; the same rule, the same baseline): on cards17's network, the colour features
# weighed 0.75, 1.0 or 1.5 (0.5 shipped): rendered held-out wilds (four petals) read 8,
# unsure; a wild is a black card with four colours, which the colours say.
# Third candidates (after the colour weight 0.75 was chosen and measured once: equal to
# cards17's on the real cards, so not shipped; added before they run, the same rule and
# baseline): the retrained network (/tmp/cards18/new) with colours 0.75, gap 1 or 1.5;
# cards17's network with colours 0.75, gap 1.5 or 2.
# Last (main now ships the set build_shipped makes of cards17's recipe, threshold 0.71,
# real 0.894/0.930/0.922, in place of the script's): the set build_shipped makes with the
# colours weighed 0.75 (threshold 0.68) against main's set as baseline, the same rendered
# rule; if kept, measured ONCE on the real cards beside main's set, shipped only with
# values at or above main's on all three and above on one, silent 0, colours 1.0, and the
# card tests and the KaTO game on the page passing.
#
# THE RULE (committed before any candidate's figure is seen, and before any real card is
# read): the first NAME is the baseline (cards17's shipped set on cards17's network). A
# candidate is kept only if, over the 3003/4040/2020 held-out cards, (1) the made-up
# probe gives 0 sure card values, (2) its silent errors are no more than the baseline's,
# (3) its right values are no fewer than the baseline's, and (4) its right colours no
# fewer than the baseline's. Among those kept: the most right values, then the fewest
# silent, then the weight 1 (the code as it is). None kept: cards17's set stays and
# nothing is measured on real cards. The one chosen is then measured ONCE on deck-a and
# the composed hands of seeds 20 and 21, beside the baseline in the same run, and ships
# only by the brief's ship rule (values at or above cards17's on all three and above on
# one, silent 0, colours 1.0, card tests and the KaTO end-to-end test passing).
import hashlib, pickle, sys, time
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np

from vision import labels, nets
from vision.cards import build_shipped as b, cardset, finder, patches, symbol
from vision.cards.dataset import random_set
from vision.cards.design import BACK, OTHER, VALUES, card_kinds, random_design
from vision.cards.evaluate import evaluate
from vision.cards.reader import CardReader
from vision.cards.scene import CardScene, Placed, Table, render
from vision.cards.teach import collect, learn
from vision.evaluate import match

OUT = Path("/tmp/cards18/x")
OUT.mkdir(parents=True, exist_ok=True)
_caches: dict[str, dict] = {}
_new: set[str] = set()
WEIGHT = 1.0  # the turn gap's weight for the features being computed
COLOUR = symbol.COLOUR_WEIGHT  # the colour features' weight


def cache_for(net):
    if net not in _caches:
        p = OUT / f"pre-{net}.pkl"
        _caches[net] = pickle.loads(p.read_bytes()) if p.exists() else {}
    return _caches[net]


def cached(cuts, views=2, colours=None):  # colours: as symbol.features (measured once)
    n = len(cuts)
    if n == 0:
        return np.zeros((0, views, symbol.DIM), np.float32)
    net = nets.model_id(symbol.MODEL)
    c = cache_for(net)
    k = (hashlib.sha1(np.ascontiguousarray(cuts).tobytes()).hexdigest(), views)
    if k not in c:
        c[k] = symbol.parts(cuts, views, colours)
        _new.add(net)
    got = dict(c[k])
    got["gap"] = got["gap"] * (WEIGHT / symbol.GAP_WEIGHT)
    got["colours"] = got["colours"] * (COLOUR / symbol.COLOUR_WEIGHT)
    return symbol.combine(got, n, views)


symbol.features = cached


def save():
    for net in list(_new):
        (OUT / f"pre-{net}.pkl").write_bytes(pickle.dumps(_caches[net]))
    _new.clear()


def rs(folder, frames, seed, split, **kw):
    if (Path(folder) / "labels.json").exists():
        return labels.load(folder)
    return random_set(folder, frames, seed, split, **kw)


fit = rs(OUT / "fit", b.FIT_FRAMES, b.FIT_SEED, "train", backs=0.04)
cal = rs(OUT / "cal", b.CALIBRATE_FRAMES, b.CALIBRATE_SEED, "held-out")
made = rs(OUT / "made-up", b.MADE_UP_FRAMES, b.MADE_UP_SEED, "train", others=b.MADE_UP)
checks = {
    s: rs(OUT / f"held{s}", n, s, "held-out") for s, n in ((3003, 100), (4040, 60), (2020, 40))
}

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
    sure = Counter()
    for kind in PROBE_KINDS:
        for split in ("train", "held-out"):
            for seed in range(40):
                cuts, found = probe_cuts(kind, split, seed)
                if cuts is None:
                    continue
                for c in reader.read_cuts(cuts, found).cards:
                    if c.value != "unknown":
                        sure[f"{kind}->{c.value}"] += 1
    return sure


def per_value(reader, label_sets):
    out = {v: Counter() for v in VALUES}
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


_examples = []


def examples():
    """build_shipped's examples (b.with_made_up, on the frames rendered once above)."""
    if not _examples:
        ex = collect(fit, seed=b.FIT_SEED)
        m = collect(made, seed=b.MADE_UP_SEED)
        keep = np.array([v in b.MADE_UP for v in m.values])
        first = ex.cards.max() + 1
        read = np.isin(m.read_cards, m.cards[keep])
        _examples.append(
            replace(
                ex,
                cuts=np.concatenate([ex.cuts, m.cuts[keep]]),
                values=[*ex.values, *[OTHER] * int(keep.sum())],
                colors=[*ex.colors, *[c for c, k in zip(m.colors, keep) if k]],
                cards=np.concatenate([ex.cards, m.cards[keep] + first]),
                read=np.concatenate([ex.read, m.read[read]]),
                read_cards=np.concatenate([ex.read_cards, m.read_cards[read] + first]),
            )
        )
    return _examples[0]


def rebuilt(weight):
    ex = examples()
    s = learn(
        "cards", ex, (*VALUES, BACK, OTHER), card_kinds(VALUES), threshold=0.9, color_threshold=0.9
    )
    vt, ct = b.calibrate(CardReader(s), cal)
    return replace(s, threshold=vt, color_threshold=ct)


def run(name, onnx, spec):
    global WEIGHT, COLOUR
    COLOUR = symbol.COLOUR_WEIGHT
    t = time.time()
    symbol.MODEL = str(Path(onnx).resolve())
    fingerprint = symbol.fingerprint
    if spec.startswith("set:"):
        WEIGHT = symbol.GAP_WEIGHT
        s = cardset.load(spec[4:])
        # a set of before the colours' weight was in the fingerprint: read at 0.5
        COLOUR = float(s.embedding.split("+col")[1]) if "+col" in s.embedding else 0.5
        symbol.fingerprint = lambda: s.embedding
    else:
        parts = spec.split(":")
        WEIGHT = float(parts[1])
        if "colour" in parts:
            COLOUR = float(parts[parts.index("colour") + 1])
        s = rebuilt(WEIGHT)
    reader = CardReader(s)
    symbol.fingerprint = fingerprint
    right = silent = n = colours = 0
    rows = []
    for seed, ls in checks.items():
        e = evaluate(ls, reader)
        f = e.figures()
        k = f["cards_read"]
        r = round(f["value_accuracy"] * k)
        sl = round(f["silent_error_rate"] * k)
        co = round(f["color_accuracy"] * k)
        rows.append(f"{seed}: {r}/{k} silent {sl} colours {co}")
        n, right, silent, colours = n + k, right + r, silent + sl, colours + co
    sure = probe(reader)
    pv = per_value(reader, checks.values())
    save()
    res = dict(
        name=name,
        spec=spec,
        value_t=s.threshold,
        colour_t=s.color_threshold,
        right=right,
        n=n,
        silent=silent,
        colours=colours,
        probe=sum(sure.values()),
    )
    print(
        f"{name:10s} {spec:28s} value_t {s.threshold:.2f} colour_t {s.color_threshold:.2f} "
        f"right {right}/{n} silent {silent} colours {colours} probe sure {dict(sure)} "
        f"[{'; '.join(rows)}] ({time.time() - t:.0f}s)",
        flush=True,
    )
    for v, c in pv.items():
        print(f"    {v:8s} {dict(c.most_common())}", flush=True)
    s.save(OUT / f"set-{name}.npz")
    return res


def choose(results):
    base, cands = results[0], results[1:]
    kept = [
        r
        for r in cands
        if r["probe"] == 0
        and r["silent"] <= base["silent"]
        and r["right"] >= base["right"]
        and r["colours"] >= base["colours"]
    ]
    kept.sort(
        key=lambda r: (-r["right"], r["silent"], r["spec"] not in ("gap:1", "gap:1:colour:0.5"))
    )
    return kept[0] if kept else None


if __name__ == "__main__":
    results = []
    for arg in sys.argv[1:]:
        name, rest = arg.split("=", 1)
        onnx, spec = rest.split(":", 1)
        results.append(run(name, onnx, spec))
    if len(results) > 1:
        c = choose(results)
        print("CHOSEN by the rule:", c["name"] if c else "none (the baseline stays)")
