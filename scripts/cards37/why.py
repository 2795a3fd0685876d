# ruff: noqa
# mypy: ignore-errors
# After the verdict, for the account only (nothing chosen after it): the candidate's sure
# reads where no card is labelled (invented) on hands 8585, each with its size beside the
# median card's of its frame.
import sys
from pathlib import Path

import numpy as np

from vision import labels
from vision.cards import cardset, symbol
from vision.cards.reader import CardReader
from vision.evaluate import match

symbol.MODEL = str(Path("vision/models/cards-symbol.onnx").resolve())
reader = CardReader(cardset.load("vision/cards/sets/cards.npz"))
ls = labels.load("/tmp/cards37/judge/hands8585")
for image in ls.images:
    got = reader.read(ls.frame(image))
    matched = {j for _, j in match(image.dice, got)}
    sides = [max(c.box[2] - c.box[0], c.box[3] - c.box[1]) for c in got]
    for j, c in enumerate(got):
        if j not in matched and c.known:
            print(
                f"{image.file}: {c.color} {c.value} {c.confidence:.2f} box {c.box} "
                f"(long side {sides[j]:.0f} px, median {np.median(sides):.0f})"
            )
