# ruff: noqa
# mypy: ignore-errors
# Scratch script of branch cards18: the ONE measurement on real cards (deck-a and the
# hands composed from it), each set on its own symbol network, in the same run, as
# `dicetable vision eval DIR --cards SET` reads them (vision.cards.evaluate), with each
# miss listed (true, as read, likeliest and its probability) for the account only.
#   PYTHONPATH=. python scripts/cards18-real.py DIR[,DIR...] NAME=ONNX:SET:COLOUR_WEIGHT ...
import sys
from pathlib import Path

from vision import labels
from vision.cards import cardset, symbol
from vision.cards.evaluate import evaluate
from vision.cards.reader import CardReader
from vision.evaluate import match

dirs = sys.argv[1].split(",")
for arg in sys.argv[2:]:
    name, rest = arg.split("=", 1)
    onnx, path, col = rest.split(":")
    symbol.MODEL = str(Path(onnx).resolve())
    symbol.COLOUR_WEIGHT = float(col)
    s = cardset.load(path)
    symbol.fingerprint = lambda: s.embedding  # cards17's set has no colour weight in it
    reader = CardReader(s)
    for d in dirs:
        ls = labels.load(d)
        f = evaluate(ls, reader).figures()
        keys = (
            "cards_read",
            "detection_recall",
            "detection_precision",
            "color_accuracy",
            "value_accuracy",
            "silent_error_rate",
            "cards_dropped",
        )
        print(f"{name:6s} {d:40s} " + " ".join(f"{k}={f[k]}" for k in keys), flush=True)
        for image in ls.images:
            got = reader.read(ls.frame(image))
            for i, j in match(image.dice, got):
                card, c = image.dice[i], got[j]
                if c.value != card.face or c.color != card.color:
                    print(
                        f"    {image.file}: {card.color} {card.face} -> {c.color} {c.value}"
                        f" (likeliest {c.best_value} {c.confidence:.2f}) {c.reason}"
                    )
