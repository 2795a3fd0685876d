"""Issue 20, teach30 (round 4 of teach27): the combined reading (vision.cards.combined.
CombinedReader: a taught set read with the shipped one) with its agreeing path CLOSED: the
shipped set's reading is taken only where the taught set is not sure and the shipped set
reads, at its own calibrated thresholds, a kind of the deck not taught whose VALUE the
teaching showed in no colour, at NEW (vision.teach.CAUTIOUS, 0.9) or more, the taught
colour (if sure) the same and the taught set not leaning to a value it was taught (its
likeliest below LEAN 0.5); never merely because both sets agree. Against main's teaching
(the taught set alone, CardReader) in the same run, on FRESH material; committed before
this run; run ONCE. The rule is teach27/28/29's, on fresh seeds.

Its numbers (NEW 0.9, LEAN 0.5) are teach27-29's (no new number); on the tuning designs
only (scripts/teach30-tune.out: design seeds 1100-1111, 1200-1207 taught from 12 frames)
main 101 -> 111 of 476 values, silent 3 both; the LEAN guard costs nothing there.

(a) fresh rendered decks of held-out designs, design seeds 2531-2570 (used by no script
    before), each taught PARTIALLY as players do: 12 ordinary frames (seed 33000 + d,
    about half its kinds shown), read on 12 other frames of the same deck (34000 + d);
    the deck's kinds: the 54 (design.card_kinds);
(b) cards/deck-a taught from HALF its photos (half of its labelled images, chosen by
    np.random.default_rng(2727).permutation), read on hands composed from the WHOLE deck
    at fresh hand seeds 9104 and 9105 (12 hands each); the deck's kinds: the shipped set's.
KEEP only if: on (a) silent errors not above main's (count and rate); on each of (b) the
silent error rate at most 0.01; values read right not fewer than main's on (a) and on each
of (b), and more on at least one; colours read right not fewer on (a) and on each of (b).
After the verdict (for the account only): the silent misses of both, and every reading the
candidate took from the shipped set on (a) with both sets' readings of it.

    PYTHONPATH=. OMP_NUM_THREADS=1 nice -n 10 python scripts/teach30-judge.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import numpy as np

from vision import labels
from vision.cards import cardset, named, teach
from vision.cards.combined import CombinedReader
from vision.cards.compose import write_hands
from vision.cards.dataset import random_set
from vision.cards.design import card_kinds, random_design
from vision.cards.evaluate import evaluate
from vision.cards.reader import CardReader, CardReading
from vision.paths import data_dir

DESIGNS = range(2531, 2571)
HANDS = ((9104, 12), (9105, 12))
HALF_SEED = 2727


TAKEN: list[str] = []  # the readings taken from the shipped set, for the account after


class Told(CombinedReader):
    """The rule's reader (CombinedReader, nothing changed), noting what it takes."""

    where = ""

    def combine(self, mine: CardReading | None, theirs: CardReading | None) -> CardReading | None:
        got = super().combine(mine, theirs)
        if got is not None and got is theirs and got is not mine:
            t = "no card" if mine is None else f"{mine.best_value} {mine.confidence:.2f}"
            TAKEN.append(
                f"{self.where}: {got.color} {got.value} {got.confidence:.2f} "
                f"(colour {got.color_confidence:.2f}); taught's likeliest {t}"
            )
        return got


def counts(report) -> np.ndarray:
    return np.array([report.read, report.value_correct, report.silent, report.color_correct])


def show(label: str, c: np.ndarray) -> str:
    read, right, silent, colours = (int(v) for v in c)
    return (
        f"{label:10} read {read:4}  values {right:4} ({right / max(read, 1):.3f})  "
        f"silent {silent} ({silent / max(read, 1):.4f})  colours {colours} "
        f"({colours / max(read, 1):.3f})"
    )


def main() -> int:
    shipped = cardset.load(cardset.SHIPPED / "cards.npz")
    tmp = Path(tempfile.mkdtemp())
    a = {"main": np.zeros(4, int), "teach30": np.zeros(4, int)}
    wrong: list[str] = []
    for d in DESIGNS:
        deck = random_design(np.random.default_rng(d), "held-out")
        taught_from = random_set(tmp / f"{d}/teach", 12, 33000 + d, design=deck)
        check = random_set(tmp / f"{d}/check", 12, 34000 + d, design=deck)
        s = teach.learn("m", teach.collect(taught_from))
        reader = Told(s, shipped, card_kinds())
        reader.where = f"design {d}"
        mr, nr = evaluate(check, CardReader(s)), evaluate(check, reader)
        m, n = counts(mr), counts(nr)
        wrong += [
            f"design {d} {k}: {x}"
            for k, r in (("main", mr), ("teach30", nr))
            for x in r.misses
            if x.kind == "wrong"
        ]
        a["main"] += m
        a["teach30"] += n
        print(
            f"design {d}: kinds taught {len(s.kinds)}  main {m.tolist()}  teach30 {n.tolist()}"
            " (read, right, silent, colours)",
            flush=True,
        )
    print("(a) fresh rendered decks, taught from 12 frames")
    for k, v in a.items():
        print("   ", show(k, v))
    folder = data_dir("cards/deck-a")
    assert folder is not None
    photos = named.label_set(folder) if named.by_name(folder) else labels.load(folder)
    order = np.random.default_rng(HALF_SEED).permutation(len(photos.images))
    half = [photos.images[i] for i in sorted(order[: len(order) // 2])]
    taught = teach.learn("deck-a-half", teach.collect(photos, half))
    print(
        f"deck-a taught from {len(half)} of {len(photos.images)} photos: "
        f"{len(taught.kinds)} kinds, threshold {taught.threshold}"
    )
    b = {}
    for seed, frames in HANDS:
        hands = write_hands(tmp / f"hands-{seed}", folder, frames, seed)
        reader = Told(taught, shipped)
        reader.where = f"hands {seed}"
        mr, nr = evaluate(hands, CardReader(taught)), evaluate(hands, reader)
        b[seed] = {"main": counts(mr), "teach30": counts(nr)}
        wrong += [
            f"hands {seed} {k}: {x}"
            for k, r in (("main", mr), ("teach30", nr))
            for x in r.misses
            if x.kind == "wrong"
        ]
        print(f"(b) deck-a hands of the whole deck, seed {seed}, {frames} frames")
        for k, v in b[seed].items():
            print("   ", show(k, v))

    def rate(c: np.ndarray) -> float:
        return c[2] / max(c[0], 1)

    checks = {
        "(a) silent count not above main's": a["teach30"][2] <= a["main"][2],
        "(a) silent rate not above main's": rate(a["teach30"]) <= rate(a["main"]),
    }
    more = False
    for label, pair in [("(a)", a)] + [(f"(b) {s}", b[s]) for s, _ in HANDS]:
        n, m = pair["teach30"], pair["main"]
        if label != "(a)":
            checks[f"{label} silent <= 0.01"] = rate(n) <= 0.01
        checks[f"{label} values not fewer"] = n[1] >= m[1]
        checks[f"{label} colours not fewer"] = n[3] >= m[3]
        more = more or n[1] > m[1]
    checks["values more on at least one"] = more
    for k, v in checks.items():
        print(f"  {'ok ' if v else 'NO '} {k}")
    print("KEEP" if all(checks.values()) else "NOT KEPT")
    print("after the verdict, for the account: silent misses")
    for w in wrong:
        print("   ", w)
    print(f"readings taken from the shipped set ({len(TAKEN)})")
    for t in TAKEN:
        print("   ", t)
    return 0


if __name__ == "__main__":
    sys.exit(main())
