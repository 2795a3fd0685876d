# ruff: noqa
# mypy: ignore-errors
# Branch cards40's tuning (TUNING material only: scripts/cards40/frames.py, none of it held
# out): the finder's die rule (a region more square than a card, showing pips, not grown
# to a card's length: finder.pips, finder.PIPS) off (PIPS inf) and at a few values, each with cards37's network and set (the candidate) as
# `dicetable vision eval` reads. For each: found, read, right, colours, silent, invented
# (a find of no labelled card read sure), dropped; and the labelled cards the rule costs
# (matched with the rule off, not with it on: must be none) and the dice it refuses
# (tunehands, dice3811: finds on a labelled die with the rule off, none with it on).
#   PYTHONPATH=. python scripts/cards40/tune.py ONNX NPZ all|SET,SET PIPS... > scripts/cards40/tune.out
import json
import sys
from pathlib import Path

import cv2

cv2.setNumThreads(1)

from vision.cards import cardset, finder, symbol
from vision.cards.evaluate import CardReport, score
from vision.cards.reader import CardReader
from vision.evaluate import match

sys.path.insert(0, str(Path(__file__).parent))
import frames as tuning


def on_die(c, dice):
    cx, cy = c.center
    return any(x0 <= cx <= x1 and y0 <= cy <= y1 for x0, y0, x1, y1 in dice)


def run(ls, reader, dice):
    report = CardReport(reader.cards.name, list(reader.values), reader.described)
    matched, die_finds, invented = set(), set(), []
    for image in ls.images:
        reading = reader.read_frame(ls.frame(image))
        score(report, image, reading.cards, reading.dropped)
        pairs = match(image.dice, reading.cards)
        matched |= {(image.file, i) for i, _ in pairs}
        got = {j for _, j in pairs}
        for j, c in enumerate(reading.cards):
            if j in got:
                continue
            if on_die(c, dice.get(image.file, [])):
                die_finds.add((image.file, tuple(round(v / 8) for v in c.center)))
            if c.known and image.complete:
                invented.append(f"{image.file} {c.color} {c.value} {c.confidence:.2f}")
    return report, matched, die_finds, invented


def main():
    onnx, npz, only, *squares = sys.argv[1:]
    symbol.MODEL = str(Path(onnx).resolve())
    reader = CardReader(cardset.load(npz))
    for name, ls in tuning.material().items():
        if only != "all" and name not in only.split(","):
            continue
        dpath = Path(ls.root) / "dice.json"
        dice = json.loads(dpath.read_text()) if dpath.exists() else {}
        base = None
        for sq in ["inf"] + squares:
            finder.PIPS = float(sq)
            r, matched, die_finds, invented = run(ls, reader, dice)
            if base is None:
                base = (matched, die_finds)
            lost = sorted(base[0] - matched)
            print(
                f"{name} PIPS {sq}: labelled {r.labelled} matched {r.matched} found {r.found} read {r.read} "
                f"right {r.value_correct} colours {r.color_correct} silent {r.silent} invented {r.invented_read} "
                f"dropped {r.dropped} | cards lost to the rule {len(lost)} {lost} | finds on dice {len(die_finds)}"
                f" | invented: {invented}",
                flush=True,
            )


if __name__ == "__main__":
    sys.exit(main())
