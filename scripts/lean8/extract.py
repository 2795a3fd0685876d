"""Issue 16's lean8 round: per die the kot reader reads on a rendered folder (matched to
its labels as `dicetable vision eval` matches), both cocked networks' scores and what the
face reading made of it, so that the placed network's probability and the freed dice's
face threshold can be chosen without reading the folder again. Usage: extract.py DIR OUT.npz

Per matched die: `shipped` (cocked.onnx on the reader's context patch), `placed`
(cocked-place.onnx on its placed cut), `p` (the best face's probability), `threshold`
(what the set reads it at), `strange` (like none of the set's dice), `right` (the best
face is the labelled one), `cocked` (labelled leaning), `readable`."""

import sys
from typing import Any

import numpy as np

from vision import faceset, labels, nets
from vision.evaluate import match
from vision.reader import DiceReader, placed_leaning


class Watching(DiceReader):
    extras: dict[int, tuple[float, ...]]

    def report(self, found, judged, cut, context, frame=None):  # type: ignore[no-untyped-def]
        out = super().report(found, judged, cut, context, frame)
        shipped = nets.cocked(context)
        placed = placed_leaning(frame, found) if frame is not None else np.full(len(found), -1.0)
        n = len(self.faces.faces)
        for k, reading in enumerate(out):
            p = judged.probs[k]
            self.extras[id(reading)] = (
                float(shipped[k]),
                float(placed[k]),
                float(p[:n].max()),
                float(judged.thresholds[k]),
                float(judged.unlike[k]),
            )
        return out


def main(folder: str, out: str) -> None:
    reader = Watching(faceset.load("kot"))
    label_set = labels.load(folder)
    rows = []
    for image in label_set.images:
        reader.extras = {}
        dice = reader.read_frame(label_set.frame(image)).dice
        for i, j in match(image.dice, dice):
            die, got = image.dice[i], dice[j]
            extra = reader.extras[id(got)]
            rows.append((*extra, got.best_guess == die.face, die.cocked, die.readable))
    a = np.array(rows, np.float64)
    names = ["shipped", "placed", "p", "threshold", "strange", "right", "cocked", "readable"]
    columns: dict[str, Any] = {name: a[:, k] for k, name in enumerate(names)}
    np.savez(out, **columns)
    print(f"{out}: {len(a)} dice, {int(a[:, 6].sum())} cocked")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
