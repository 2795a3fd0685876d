"""Issue 16's lean7 round: the cuts the kot reader asks the cocked networks about, on a
rendered folder, matched to its labels. Usage: extract.py DIR OUT.npz

Per found die matched to a labelled die (IoU >= 0.5): the shipped cocked network's score
(on the reader's own context patch), the cut turned toward the frame's middle and its
place (vision.patches.placed_cut), and whether it is labelled cocked."""

import sys

import numpy as np

from vision import detect, faceset, labels, nets, patches
from vision.reader import DiceReader


class Watching(DiceReader):
    seen: list[tuple[list[detect.Candidate], np.ndarray, np.ndarray | None]]

    def leaning(self, found, context, frame, asked=None):  # type: ignore[no-untyped-def]
        self.seen.append((found, context, frame))
        return super().leaning(found, context, frame, asked)


def main(folder: str, out: str) -> None:
    reader = Watching(faceset.load("kot"))
    label_set = labels.load(folder)
    shipped, cuts, places, flags, frames = [], [], [], [], []
    for k, image in enumerate(label_set.images):
        reader.seen = []
        frame = label_set.frame(image)
        reader.read_frame(frame)
        for found, context, _ in reader.seen:
            scores = nets.cocked(context)
            for c, s in zip(found, scores, strict=True):
                ious = [detect.iou(c.box, d.box) for d in image.dice]
                if not ious or max(ious) < 0.5:
                    continue
                die = image.dice[int(np.argmax(ious))]
                cut, place = patches.placed_cut(frame, c.center, c.side)
                shipped.append(float(s))
                cuts.append(cut)
                places.append(place)
                flags.append(int(die.cocked))
                frames.append(k)
    np.savez(
        out,
        shipped=np.array(shipped, np.float32),
        cuts=np.stack(cuts),
        places=np.stack(places),
        flags=np.array(flags),
        frames=np.array(frames),
    )
    print(f"{out}: {len(flags)} dice, {sum(flags)} cocked")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
