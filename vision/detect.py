"""Find dice in a frame: where each die is, how big and how its top face is turned.

The finder is game-neutral: it knows "a die", not faces. It is a small network
(vision/models/finder.onnx, trained by vision/train) run over the frame scaled to
FINDER_WIDTH; each of its cells of STRIDE x STRIDE pixels says whether a die's box is
centred there, with the box's size and offset and the top face's angle. (Its eighth
output, a cocked score, is too weak at this resolution and unused: the reader asks a
classifier on the full-resolution patch instead, vision.nets.cocked.)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.nets import net, sigmoid
from vision.patches import face_side

FINDER_WIDTH = 320  # frames are scaled to this width before finding dice
STRIDE = 8  # one finder cell covers 8x8 pixels of the scaled frame
PAD = 16  # the scaled frame's height is padded to a multiple of this (the finder's context)
DIE_THRESHOLD = 0.35  # finder score from which a cell holds a die
# finder score from which a die is reported even if it is like none of the face set's faces
# (an unknown die: the follower and the rules count dice); below it such a find is dropped
SURE = 0.85  # above what the finders give frames of sensor noise (up to 0.81 on 17 frames)
MAX_DICE = 64  # at most this many dice per frame (the surest), so no frame is slow
# A finder may be several passes, "FILE[@WIDTH]+FILE[@WIDTH]..." (a face set's finder_file):
# each pass's network over the frame scaled to its width (FINDER_WIDTH by default). A finder
# learns dice of a range of sizes at its width: a second pass at half the width sees
# close-ups (dice of a third of the frame) at a size it knows. The reader reads pass by pass
# (vision.reader.DiceReader.read_frame, find_pass); teaching takes every pass's finds at
# once (find), the earlier pass's where two find one die.
PASSES, AT = "+", "@"
# Of every pass's finds at once, one lying within another of at least INNER times its side
# (INSIDE of its area) is a part of that die (a pip found as a die by a finder of smaller
# dice) and dropped, if the finder is at least IN_SURE sure of the larger die.
INNER, INSIDE, IN_SURE = 3.0, 0.6, 0.5

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Candidate:
    """A die as found: box as seen, top face centre and side, angle in [0, 90)."""

    center: tuple[float, float]
    side: float
    angle: float
    box: Box
    score: float  # how sure the finder is that this is a die, 0..1
    # which pass of a finder of several (PASSES) found it: a face set draws each pass's
    # boxes as its labels do (FaceSet.box_fits), passes may see dice at other sizes
    finder_pass: int = 0


def find(
    frame: np.ndarray,
    threshold: float = DIE_THRESHOLD,
    width: int = FINDER_WIDTH,
    model: str = "finder.onnx",
) -> list[Candidate]:
    """Dice in a BGR frame: the finder's cells that peak above `threshold`, as boxes
    (`model`: the finder network, a file of vision/models, or several passes: PASSES)."""
    if PASSES not in model and AT not in model:
        return suppress(_find_once(frame, threshold, width, model))[:MAX_DICE]
    found: list[Candidate] = []
    for k in range(passes(model)):
        found += find_pass(frame, model, k, threshold, width)
    # of two passes' finds of one die the earlier pass's is kept (the first is the set's
    # own finder: later ones add the dice it cannot see, they do not redraw its finds)
    return suppress(without_parts(found), ordered=True)[:MAX_DICE]


def find_pass(
    frame: np.ndarray,
    model: str,
    finder_pass: int,
    threshold: float = DIE_THRESHOLD,
    width: int = FINDER_WIDTH,
) -> list[Candidate]:
    """The finds of one pass of a finder of several (PASSES), surest first."""
    file = model.split(PASSES)[finder_pass].partition(AT)[0]
    once = _find_once(frame, threshold, pass_width(model, finder_pass, width), file, finder_pass)
    return suppress(once)[:MAX_DICE]


def without_parts(found: list[Candidate]) -> list[Candidate]:
    """`found` less the finds that lie within a larger die found (INNER, INSIDE, IN_SURE)."""
    big = [k for k in found if k.score >= IN_SURE]
    return [
        c
        for c in found
        if not any(
            box_side(k.box) >= INNER * box_side(c.box) and share_within(c.box, k.box) >= INSIDE
            for k in big
        )
    ]


def share_within(a: Box, b: Box) -> float:
    """How much of box `a`'s area lies within box `b`."""
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    area = (a[2] - a[0]) * (a[3] - a[1])
    return ix * iy / area if area > 0 else 0.0


def _find_once(
    frame: np.ndarray, threshold: float, width: int, model: str, finder_pass: int = 0
) -> list[Candidate]:
    """One finder network's finds over the frame scaled to `width` (before suppression),
    as pass `finder_pass` of the finder."""
    h, w = frame.shape[:2]
    scale = width / w
    sh = max(PAD, round(h * scale))
    small = cv2.resize(frame, (width, sh), interpolation=cv2.INTER_AREA)
    pad = (-sh) % PAD
    if pad:
        small = cv2.copyMakeBorder(small, 0, pad, 0, 0, cv2.BORDER_REPLICATE)
    finder = net(model)
    finder.setInput(small.astype(np.float32).transpose(2, 0, 1)[None])
    out = finder.forward()[0]
    heat = sigmoid(out[0])
    # every cell above the threshold, not only local maxima: two small dice touching can
    # have their centres in neighbouring cells, and a 3x3 peak filter lost the weaker one
    # (2 % of the real held-out dice). suppress() folds a die's several cells into one.
    found = []
    for iy, ix in zip(*np.nonzero(heat >= threshold), strict=True):
        cx = (ix + out[3, iy, ix]) * STRIDE / scale
        cy = (iy + out[4, iy, ix]) * STRIDE / scale
        bw = math.exp(float(np.clip(out[1, iy, ix], 0, 7))) / scale
        bh = math.exp(float(np.clip(out[2, iy, ix], 0, 7))) / scale
        turn = math.atan2(float(np.tanh(out[6, iy, ix])), float(np.tanh(out[5, iy, ix])))
        box = (
            max(cx - bw / 2, 0.0),
            max(cy - bh / 2, 0.0),
            min(cx + bw / 2, w - 1.0),
            min(cy + bh / 2, h - 1.0),
        )
        found.append(
            Candidate(
                center=(float(cx), float(cy)),
                side=face_side(bw, bh),
                angle=math.degrees(turn) / 4 % 90,
                box=box,
                score=float(heat[iy, ix]),
                finder_pass=finder_pass,
            )
        )
    return found


def suppress(
    found: list[Candidate], overlap: float = 0.5, near: float = 0.6, ordered: bool = False
) -> list[Candidate]:
    """Keep the surest of boxes that overlap by more than `overlap` (IoU) or whose centres
    are closer than `near` times the smaller box's side: the same die seen from two cells.
    Touching dice are a side apart or more (0.6 was the best on the learn photos).
    `ordered`: keep the first in `found`'s order instead (each pass's finds surest first).

    Each box kept strikes out the later ones it clashes with, all at once (numpy): a frame
    of noise or texture gives the finder hundreds of boxes, and pair by pair in Python
    that took 0.43 s for 436 of them."""
    order = found if ordered else sorted(found, key=lambda c: -c.score)
    if len(order) < 2:
        return list(order)
    boxes = np.array([c.box for c in order], np.float64)
    centres = np.array([c.center for c in order], np.float64)
    x0, y0, x1, y1 = boxes.T
    areas = (x1 - x0) * (y1 - y0)
    sides = np.minimum(x1 - x0, y1 - y0)
    alive = np.ones(len(order), bool)
    for i in range(len(order) - 1):
        if not alive[i]:
            continue
        j = slice(i + 1, None)
        ix = np.maximum(0.0, np.minimum(x1[i], x1[j]) - np.maximum(x0[i], x0[j]))
        iy = np.maximum(0.0, np.minimum(y1[i], y1[j]) - np.maximum(y0[i], y0[j]))
        inter = ix * iy
        union = areas[i] + areas[j] - inter
        ious = np.divide(inter, union, out=np.zeros_like(inter), where=union > 0)
        apart = np.hypot(*(centres[j] - centres[i]).T)
        alive[j] &= (ious <= overlap) & (apart >= near * np.minimum(sides[i], sides[j]))
    return [c for c, keep in zip(order, alive, strict=True) if keep]


def pass_width(model: str, finder_pass: int, width: int = FINDER_WIDTH) -> int:
    """The width a pass of a finder (PASSES) scales frames to."""
    return int(model.split(PASSES)[finder_pass].partition(AT)[2] or width)


def passes(model: str) -> int:
    """How many passes a finder (a face set's finder_file) makes."""
    return len(model.split(PASSES))


def box_side(box: Box) -> float:
    """A box's size as one length: the side of the square of the same area."""
    return math.sqrt(max((box[2] - box[0]) * (box[3] - box[1]), 0.0))


def iou(a: Box, b: Box) -> float:
    """Intersection over union of two boxes [x0, y0, x1, y1].

    >>> iou((0, 0, 10, 10), (5, 0, 15, 10))
    0.3333333333333333
    """
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0
