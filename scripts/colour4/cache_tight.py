"""One more cut of each die of the look network's material (var3/own, var3/editions, as
colour3's cache.py), tight: the side 0.55-0.8 of the die's, as the reader cuts a die whose
finder box holds only its glyph (a lime heart filling a black face). Same order as cache.py
without the 4 repeats; the faces of the own dice too."""

import math

import numpy as np

from vision import labels, patches


def cuts(ls, seed):
    rng = np.random.default_rng(seed)
    face, ctx, col, faces = [], [], [], []
    for image in ls.images:
        frame = ls.frame(image)
        for d in image.dice:
            if d.cocked:
                continue
            x0, y0, x1, y1 = d.box
            w, h = x1 - x0, y1 - y0
            extent = math.sqrt(max(w * h, 1.0))
            cx = (x0 + x1) / 2 + rng.normal(0, 0.06) * extent
            cy = (y0 + y1) / 2 + rng.normal(0, 0.06) * extent
            side = patches.face_side(w, h) * float(rng.uniform(0.55, 0.8))
            a = float(rng.uniform(0, 360))
            face.append(patches.cut(frame, (cx, cy), side, a))
            ctx.append(patches.cut(frame, (cx, cy), side, a, patches.CONTEXT, patches.CONTEXT_SPAN))
            col.append(d.color)
            faces.append(d.face)
    return np.stack(face), np.stack(ctx), np.array(col), np.array(faces)


for name, folder, seed in [("own", "var3/own", 11), ("ed", "var3/editions", 12)]:
    f, c, col, faces = cuts(labels.load(folder), seed)
    np.savez(f"scripts/colour4/{name}_tight.npz", face=f, ctx=c, color=col, faces=faces)
    print(name, len(f), flush=True)
