"""Find cards in a frame: four-cornered shapes at any turn, overlapping a little.

The finder is a small network (vision/models/cards-finder.onnx, trained by
vision.cards.train on our rendered cards) run over the frame scaled so its longer side is
SIDE px. Each cell of STRIDE x STRIDE px says whether a card's centre is there, with the
card's long and short sides and the turn of its long axis. A card is then the rectangle
those give (a camera looking down at the table sees a card as a rectangle; the reader's
models learned from cards cut from slightly tilted views and from the finder's own small
misplacements, so a slightly skewed card is read all the same).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.nets import net, sigmoid

SIDE = 256  # the frame's longer side is scaled to this before finding cards
STRIDE = 4  # one finder cell covers 4x4 px of the scaled frame
MULTIPLE = 32  # the scaled frame is padded to a multiple of this (the net's deepest cells)
CARD_THRESHOLD = 0.35  # finder score from which a cell holds a card's centre
# from this score a card is reported even when it is like no card of the set: an unknown
# card, so that the cards are never silently fewer than on the table
SURE = 0.7
MAX_CARDS = 40  # at most this many cards per frame (the surest)
CELLS = 400  # at most this many cells are looked at, the surest (a frame of texture has more)
MODEL = "cards-finder.onnx"

Point = tuple[float, float]
Corners = tuple[Point, Point, Point, Point]
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Found:
    """A card as found: its four corners in frame px (clockwise, from a corner at one end
    of its long axis), its centre, long and short sides, the turn of its long axis (degrees
    in [0, 180), clockwise from up), the box around it (clipped to the frame) and how sure
    the finder is, 0..1."""

    corners: Corners
    center: Point
    long: float
    short: float
    angle: float
    box: Box
    score: float


def rectangle(center: Point, long: float, short: float, angle: float) -> np.ndarray:
    """The corners (4, 2) of a card of these sides, long axis turned by `angle` degrees
    clockwise from up: the top-left corner first (as the card's top points), clockwise."""
    a = math.radians(angle)
    up = np.array([math.sin(a), -math.cos(a)]) * long / 2
    right = np.array([math.cos(a), math.sin(a)]) * short / 2
    c = np.array(center, np.float64)
    return np.array([c + up - right, c + up + right, c - up + right, c - up - right])


def box_of(corners: np.ndarray, width: int, height: int) -> Box:
    return (
        float(max(corners[:, 0].min(), 0.0)),
        float(max(corners[:, 1].min(), 0.0)),
        float(min(corners[:, 0].max(), width - 1.0)),
        float(min(corners[:, 1].max(), height - 1.0)),
    )


def scaled_input(frame: np.ndarray, side: int = SIDE) -> tuple[np.ndarray, float]:
    """The frame scaled so its longer side is `side` and padded to a MULTIPLE (edge
    pixels repeated), and the scale."""
    h, w = frame.shape[:2]
    scale = side / max(h, w)
    sw, sh = max(1, round(w * scale)), max(1, round(h * scale))
    small = cv2.resize(frame, (sw, sh), interpolation=cv2.INTER_AREA)
    pad_h, pad_w = (-sh) % MULTIPLE, (-sw) % MULTIPLE
    if pad_h or pad_w:
        small = cv2.copyMakeBorder(small, 0, pad_h, 0, pad_w, cv2.BORDER_REPLICATE)
    return small, scale


def find(frame: np.ndarray, threshold: float = CARD_THRESHOLD) -> list[Found]:
    """Cards in a BGR frame, surest first."""
    h, w = frame.shape[:2]
    small, scale = scaled_input(frame)
    finder = net(MODEL)
    finder.setInput(small.astype(np.float32).transpose(2, 0, 1)[None])
    out = finder.forward()[0]
    heat = sigmoid(out[0])
    found = []
    cells = np.argwhere(heat >= threshold)
    # every cell above the threshold (two cards' centres may be neighbours), the surest
    # CELLS of them: a card covers several cells, suppress() keeps one
    cells = cells[np.argsort(-heat[cells[:, 0], cells[:, 1]])[:CELLS]]
    for iy, ix in cells:
        cx = (ix + out[3, iy, ix]) * STRIDE / scale
        cy = (iy + out[4, iy, ix]) * STRIDE / scale
        if not (0 <= cx < w and 0 <= cy < h):
            continue
        long = math.exp(float(np.clip(out[1, iy, ix], 0, 7))) / scale
        short = math.exp(float(np.clip(out[2, iy, ix], 0, 7))) / scale
        angle = math.degrees(math.atan2(float(out[6, iy, ix]), float(out[5, iy, ix]))) / 2 % 180
        corners = rectangle((float(cx), float(cy)), long, short, angle)
        found.append(
            Found(
                corners=tuple((float(x), float(y)) for x, y in corners),  # type: ignore[arg-type]
                center=(float(cx), float(cy)),
                long=long,
                short=short,
                angle=angle,
                box=box_of(corners, w, h),
                score=float(heat[iy, ix]),
            )
        )
    return suppress(found)[:MAX_CARDS]


def overlap(a: Found, b: Found) -> float:
    """Intersection over union of two found cards' rectangles."""
    ra = (a.center, (a.short, a.long), a.angle)
    rb = (b.center, (b.short, b.long), b.angle)
    kind, pts = cv2.rotatedRectangleIntersection(ra, rb)
    if kind == cv2.INTERSECT_NONE or pts is None or len(pts) < 3:
        return 0.0
    inter = float(cv2.contourArea(cv2.convexHull(pts)))
    union = a.long * a.short + b.long * b.short - inter
    return inter / union if union > 0 else 0.0


def suppress(found: list[Found], most: float = 0.45, near: float = 0.25) -> list[Found]:
    """Keep the surest of finds that overlap by more than `most` (IoU of their rectangles)
    or whose centres are closer than `near` times the smaller short side: one card seen
    from several cells. Cards laid overlapping a little overlap far less."""
    kept: list[Found] = []
    for c in sorted(found, key=lambda c: -c.score):
        if all(
            math.dist(c.center, k.center) >= near * min(c.short, k.short) and overlap(c, k) <= most
            for k in kept
        ):
            kept.append(c)
    return kept
