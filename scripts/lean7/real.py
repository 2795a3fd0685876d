"""Real flat dice (d6-tray's and rune55's validate photos, never held out) taken for
leaning: the shipped cocked network at 0.9 against the placed one from each probability
given. Usage: real.py T..."""

import sys

import numpy as np

from vision import nets, patches
from vision.train import data


def main(thresholds: list[float]) -> None:
    for name in ("d6-tray", "rune55"):
        context, cuts, places = [], [], []
        for p in data.real_photos(name, "validate"):
            for b in p.boxes:
                x0, y0, x1, y1 = (float(v) for v in b)
                center = ((x0 + x1) / 2, (y0 + y1) / 2)
                side = patches.face_side(x1 - x0, y1 - y0)
                context.append(
                    patches.cut(p.image, center, side, 0.0, patches.CONTEXT, patches.CONTEXT_SPAN)
                )
                c, q = patches.placed_cut(p.image, center, side)
                cuts.append(c)
                places.append(q)
        shipped = nets.cocked(np.stack(context))
        placed = nets.cocked_placed(np.stack(cuts), np.stack(places))
        row = ", ".join(f"from {t}: {int((placed >= t).sum())}" for t in thresholds)
        print(f"{name}: {len(cuts)} flat dice; shipped at 0.9 {int((shipped >= 0.9).sum())}; {row}")


if __name__ == "__main__":
    main([float(t) for t in sys.argv[1:]])
