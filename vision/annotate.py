"""Draw what was read onto a frame: box, face, colour and confidence per die."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.reader import UNKNOWN, DieReading

READ = (60, 220, 60)
UNSURE = (0, 200, 255)
COCKED = (255, 0, 255)


def annotate(frame: np.ndarray, dice: Sequence[DieReading]) -> np.ndarray:
    out = frame.copy()
    scale = max(0.35, min(out.shape[:2]) / 1200)
    for d in dice:
        color = COCKED if d.cocked else UNSURE if d.face == UNKNOWN else READ
        x0, y0, x1, y1 = (round(v) for v in d.box)
        cv2.rectangle(out, (x0, y0), (x1, y1), color, 2 if scale > 0.5 else 1, cv2.LINE_AA)
        text = f"{d.face if d.face != UNKNOWN else '?' + d.best_guess} {d.confidence:.2f}"
        if d.color:
            text += f" {d.color}"
        if d.cocked:
            text = "cocked"
        (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
        ty = y0 - 3 if y0 - th - 4 > 0 else y1 + th + 3
        cv2.rectangle(out, (x0, ty - th - 2), (x0 + tw + 2, ty + 2), (0, 0, 0), -1)
        cv2.putText(out, text, (x0 + 1, ty), cv2.FONT_HERSHEY_SIMPLEX, scale, color, 1, cv2.LINE_AA)
    return out
