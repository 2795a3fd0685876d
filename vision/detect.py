"""Find dice in a frame: where each die's top face is, how big and how turned.

The finder is game-neutral: it knows "a die", not faces. It separates the dice from the
table by their difference to a smooth estimate of the empty table, then fits a rotated
square to each blob.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Candidate:
    """A die as found: top face centre, its side in pixels, angle in [0, 90), box as seen."""

    center: tuple[float, float]
    side: float
    angle: float
    box: tuple[float, float, float, float]
    score: float  # how sure the finder is that this is a die, 0..1
    cocked: float = 0.0  # how likely the die leans on something, 0..1


def _background(frame: np.ndarray) -> np.ndarray:
    small = cv2.resize(
        frame, (frame.shape[1] // 8, frame.shape[0] // 8), interpolation=cv2.INTER_AREA
    )
    small = cv2.medianBlur(small, 9)
    return cv2.resize(small, (frame.shape[1], frame.shape[0]), interpolation=cv2.INTER_LINEAR)


def find_dice(frame: np.ndarray, min_side: float = 10.0) -> list[Candidate]:
    """Dice in a BGR frame as rotated squares (classical: difference to the table)."""
    lab = cv2.cvtColor(frame, cv2.COLOR_BGR2LAB).astype(np.float32)
    bg = cv2.cvtColor(_background(frame), cv2.COLOR_BGR2LAB).astype(np.float32)
    # a shadow darkens the table but keeps its hue: count only what differs in colour,
    # or is much darker or brighter than the table there
    chroma = np.linalg.norm(lab[..., 1:] - bg[..., 1:], axis=2)
    ratio = (lab[..., 0] + 5) / (bg[..., 0] + 5)
    mask = ((chroma > 12) | (ratio < 0.4) | (ratio > 1.25)).astype(np.uint8) * 255
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    found = []
    for contour in contours:
        (cx, cy), (w, h), angle = cv2.minAreaRect(contour)
        side = (w + h) / 2
        if side < min_side or max(w, h) > 1.6 * min(w, h) + 4:
            continue
        x, y, bw, bh = cv2.boundingRect(contour)
        fill = cv2.contourArea(contour) / max(w * h, 1.0)
        found.append(
            Candidate(
                center=(float(cx), float(cy)),
                side=float(side) * 0.92,
                angle=float(angle) % 90.0,
                box=(float(x), float(y), float(x + bw - 1), float(y + bh - 1)),
                score=float(np.clip(fill, 0, 1)),
            )
        )
    return found
