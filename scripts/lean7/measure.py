"""A set's figures on a labelled folder, with how many flat dice it reported cocked (the
lean7 round's ship rule). Usage: measure.py DIR SET.npz"""

import json
import sys

from vision import faceset, labels
from vision.evaluate import evaluate
from vision.reader import DiceReader


def main(folder: str, faces: str) -> None:
    report = evaluate(labels.load(folder), DiceReader(faceset.load(faces)))
    figures = report.figures()
    flat_cocked = sum(
        m.kind == "unknown" and str(m.read).split(" ", 2)[-1].startswith("cocked")
        for m in report.misses
    )
    figures["flat_reported_cocked"] = flat_cocked
    figures["unknown"] = report.abstained
    figures["silent"] = report.silent
    figures["read_dice"] = report.read_dice
    print(json.dumps(figures))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
