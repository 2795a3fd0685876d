# ruff: noqa
# mypy: ignore-errors
# Branch cards37's tuning (rendered TUNING material only: build_shipped's fit frames, seed
# 3001 train designs and 3005 made-up kinds, and its calibration frames, seed 3002 held-out
# designs): for each symbol network given, the set build_shipped makes on it (the same fit,
# the same calibration), and what it reads on the calibration frames at its threshold.
#   PYTHONPATH=. python scripts/cards37/tune.py NAME=ONNX ... > scripts/cards37/tune.out
import pickle, sys, time
from collections import Counter
from dataclasses import replace
from pathlib import Path

import cv2

cv2.setNumThreads(1)

from vision import labels
from vision.cards import build_shipped as b, symbol
from vision.cards.dataset import random_set
from vision.cards.design import BACK, OTHER, VALUES, card_kinds
from vision.cards.evaluate import evaluate
from vision.cards.reader import CardReader
from vision.cards.teach import collect, learn
from vision.evaluate import match

OUT = Path("/tmp/cards37/tune")


def frames(name, n, seed, split, **kw):
    folder = OUT / name
    if (folder / "labels.json").exists():
        return labels.load(folder)
    return random_set(folder, n, seed, split, **kw)


def examples():
    p = OUT / "examples.pkl"
    if p.exists():
        return pickle.loads(p.read_bytes())
    fit = frames("fit", b.FIT_FRAMES, b.FIT_SEED, "train", backs=0.04)
    ex = b.with_made_up(collect(fit, seed=b.FIT_SEED), OUT / "made-up")
    p.write_bytes(pickle.dumps(ex))
    return ex


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    ex = examples()
    cal = frames("cal", b.CALIBRATE_FRAMES, b.CALIBRATE_SEED, "held-out")
    for arg in sys.argv[1:]:
        name, onnx = arg.split("=", 1)
        symbol.MODEL = str(Path(onnx).resolve())
        t = time.time()
        taught = learn(
            "cards",
            ex,
            (*VALUES, BACK, OTHER),
            card_kinds(VALUES),
            threshold=0.9,
            color_threshold=0.9,
        )
        value_t, colour_t = b.calibrate(CardReader(taught), cal)
        taught = replace(taught, threshold=value_t, color_threshold=colour_t)
        reader = CardReader(taught)
        r = evaluate(cal, reader)
        per = {v: Counter() for v in VALUES}
        for image in cal.images:
            got = reader.read(cal.frame(image))
            for i, j in match(image.dice, got):
                card, c = image.dice[i], got[j]
                if not card.readable or card.face not in per:
                    continue
                per[card.face]["n"] += 1
                per[card.face]["best"] += c.best_value == card.face
                per[card.face]["read"] += c.value == card.face
                per[card.face]["wrong"] += c.value not in (card.face, "unknown")
        print(
            f"{name}: threshold {value_t:.2f} colour {colour_t:.2f}; seed 3002 read {r.read} right {r.value_correct}"
            f" colours {r.color_correct} silent {r.silent} ({time.time() - t:.0f} s)",
            flush=True,
        )
        for v in VALUES:
            print(f"    {v:8s} {dict(per[v])}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
