"""Find cards in a frame: four-cornered shapes at any turn, overlapping a little.

Classical, no trained model: a card of this family is a rounded rectangle with a bright
border round a body of one strong colour (black for the wild kinds), so it shows in one of
three masks of the frame scaled to SIDE px: its coloured body (saturated pixels, each hue
apart so that two cards of different colours touching stay two), its dark body (a wild
card on a light table), or its whole outline (its paper border, brighter than a darker or
coloured table, holes filled). Each region of a mask is fitted with its least rectangle
(cv2.minAreaRect); a region is a card if that rectangle has a card's proportions and the
region fills most of it. A body is the card less its border: its rectangle is grown by
BORDER. A card partly under another shows less of its body: its rectangle is grown to the
frame's typical card length, about its centre (which side is hidden is not worked out:
the symbol is read from its own box, so a card a little off is read all the same); a
region more square than a card that shows a die's pips is not grown: a die, not a card.
The finder's score says how card-like the region is (fill and proportions).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

SIDE = 480  # the frame's longer side is scaled to this before finding cards
CARD_THRESHOLD = 0.35  # score from which a region is taken for a card
# from this score a card is reported even when it is like no card of the set: an unknown
# card, so that the cards are never silently fewer than on the table
SURE = 0.7
MAX_CARDS = 40  # at most this many cards per frame (the surest)
ASPECTS = (1.2, 1.85)  # long / short sides a card's rectangle may have (bodies included)
MIN_AREA = 0.004  # a card covers at least this share of the frame
MAX_AREA = 0.6  # and at most this share
BORDER = 0.07  # a body's rectangle grown by this share of its short side on each side
# A region more square than a card (long / short under ASPECTS[0]) is grown to a card's
# length (a card partly under another) only if it shows no die's pips: a die's face is a
# square with pips, and grown it was a card's size and shape (branch cards37 read a black
# die with white pips, partly under the cards, a sure black wild four). The pips: pieces
# of the face's lesser shade inside it, each PIP share of the face, solid and round, making
# at least PIPS of that shade (the visible end of a card partly hidden, as square, shows
# its corner index and part of its symbol: 0 to 0.09 on the tuning frames, dice 0.11 to 1:
# scripts/cards40/tune.out).
PIP = (0.004, 0.12)
PIPS = 0.1
# hue bands (OpenCV 0..180) of the four colours; a hue between bands belongs to none
HUES = ((0, 10), (165, 180), (14, 38), (38, 92), (92, 135))

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


@dataclass(frozen=True)
class _Region:
    center: Point
    long: float
    short: float
    angle: float
    fill: float
    body: bool  # a body (inside the border), not the whole card
    hull: np.ndarray  # the region's convex hull (scaled frame px)


def _masks(small: np.ndarray) -> list[tuple[np.ndarray, bool]]:
    """(mask, is a body) of each kind of region a card may show as: the bodies of each
    colour, the dark bodies (last but one), whole cards (last)."""
    hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
    hue, sat, val = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    coloured = (sat > 90) & (val > 40)
    out: list[tuple[np.ndarray, bool]] = []
    for lo, hi in HUES:
        m = coloured & (hue >= lo) & (hue < hi)
        if lo == 165:  # red wraps round: one band
            out[0] = (out[0][0] | m, True)
            continue
        out.append((m, True))
    grey = sat < 70
    dark = (val < 60) & grey
    out.append((dark, True))
    # the paper border, brighter than the table (and not coloured: a green felt is)
    bright = cv2.threshold(val, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[1] > 0
    out.append((bright & grey, False))
    return out


def _region(points: np.ndarray, body: bool) -> _Region:
    """The least rectangle round these contour points and how much of it their convex hull
    fills (a body's motif and symbol, and the gaps between the pieces an oval motif cuts a
    body into, are then part of it)."""
    (cx, cy), (a, b), turn = cv2.minAreaRect(points)
    long, short = max(a, b), min(a, b)
    # a whole card's outline is solid (its holes filled); a body's fill counts its hull
    hull = cv2.convexHull(points) if body else points
    fill = float(cv2.contourArea(hull)) / max(long * short, 1e-6)
    # minAreaRect's angle is of side a from the x axis: the long axis' turn from up
    angle = (turn + (90.0 if a >= b else 0.0)) % 180
    return _Region((cx, cy), long, short, angle, fill, body, hull)


def pips(small: np.ndarray, r: _Region, size: int = 48) -> bool:
    """Whether the region shows a die's pips: its least rectangle straightened (size px
    square, its rim left out), split by Otsu into two shades; the lesser shade's pieces
    not touching the rim, each PIP share of the face, solid and round, make at least PIPS
    of that shade."""
    corners = rectangle(r.center, r.long, r.short, r.angle).astype(np.float32)
    square = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    warp = cv2.getPerspectiveTransform(corners, square)
    face = cv2.warpPerspective(small, warp, (size, size), flags=cv2.INTER_AREA)
    grey = cv2.cvtColor(face, cv2.COLOR_BGR2GRAY)[4:-4, 4:-4]
    lesser = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[1]
    if (lesser > 0).mean() > 0.5:
        lesser = 255 - lesser
    n, pieces, stats, _ = cv2.connectedComponentsWithStats(lesser)
    h, w = lesser.shape
    shade, found = int((lesser > 0).sum()), 0
    for k in range(1, n):
        x, y, bw, bh, a = (int(v) for v in stats[k])
        if x == 0 or y == 0 or x + bw >= w or y + bh >= h:
            continue  # touches the rim: an edge, a border, a symbol cut off
        if not PIP[0] * h * w <= a <= PIP[1] * h * w or max(bw, bh) >= 1.6 * max(min(bw, bh), 1):
            continue
        piece = cv2.findContours(
            (pieces == k).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE
        )[0][0]
        if a > 0.8 * max(cv2.contourArea(cv2.convexHull(piece)), 1.0):
            found += a
    return found > 0 and found >= PIPS * shade


def _card_like(r: _Region, area: float) -> bool:
    grow = 1 + BORDER * 2 if r.body else 1.0
    aspect = r.long / max(r.short, 1e-6)
    return (
        r.fill > 0.8
        and ASPECTS[0] <= aspect <= ASPECTS[1]
        and MIN_AREA * area <= r.long * r.short * grow * grow <= MAX_AREA * area
    )


def _regions(small: np.ndarray) -> list[_Region]:
    """Regions of each mask; pieces of one mask that make a card together (a body cut in
    two or three by its motif) are joined."""
    h, w = small.shape[:2]
    area = float(h * w)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    out = []
    masks = _masks(small)
    coloured = np.any([m for m, _ in masks[:-2]], axis=0).astype(np.uint8)
    for k, (mask, body) in enumerate(masks):
        m = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN, kernel)
        contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        pieces = [c for c in contours if cv2.contourArea(c) >= MIN_AREA * area * 0.1]
        pieces.sort(key=lambda c: -cv2.contourArea(c))
        used = [False] * len(pieces)
        for i, piece in enumerate(pieces):
            if used[i]:
                continue
            used[i] = True
            points = piece
            best = _region(points, body)
            # join up to three more pieces, each time the one that makes the most card-like
            for _ in range(3 if body else 0):
                tries = []
                for j, other in enumerate(pieces):
                    if used[j]:
                        continue
                    joined = _region(np.concatenate([points, other]), body)
                    bigger = joined.long * joined.short > best.long * best.short
                    if bigger and _card_like(joined, area):
                        tries.append((joined.fill, j, joined))
                top = max(tries, key=lambda t: t[0], default=None)
                if top is None or (_card_like(best, area) and top[0] < best.fill):
                    break
                _, j, best = top
                points = np.concatenate([points, pieces[j]])
                used[j] = True
            if k == len(masks) - 2 and _coloured_share(best, coloured) < 0.04:
                continue  # a wild card's black body holds its colours: a dark table does not
            out.append(best)
    return out


def _coloured_share(r: _Region, coloured: np.ndarray) -> float:
    inside = np.zeros_like(coloured)
    cv2.fillConvexPoly(inside, cv2.convexHull(r.hull), 1)
    return float((inside & coloured).sum()) / max(float(inside.sum()), 1.0)


def _score(long: float, short: float, fill: float) -> float:
    aspect = long / max(short, 1e-6)
    if not ASPECTS[0] <= aspect <= ASPECTS[1]:
        return 0.0
    return float(np.clip((fill - 0.6) / 0.3, 0.0, 1.0))


def find(frame: np.ndarray, threshold: float = CARD_THRESHOLD) -> list[Found]:
    """Cards in a BGR frame, surest first."""
    h, w = frame.shape[:2]
    scale = min(1.0, SIDE / max(h, w))
    small = cv2.resize(frame, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    if small.ndim == 2:
        small = cv2.cvtColor(small, cv2.COLOR_GRAY2BGR)
    regions = _regions(small)
    grown = []
    for r in regions:
        by = BORDER * r.short * 2 if r.body else 0.0
        grown.append((r, r.long + by, r.short + by))
    full = [lg for r, lg, sh in grown if r.fill > 0.85 and _score(lg, sh, r.fill) > 0]
    typical = float(np.median(full)) if full else 0.0
    found = []
    for r, long, short in grown:
        centre = np.array(r.center, np.float64)
        fill = r.fill
        if typical and long < 0.95 * typical and short >= 0.75 * typical / ASPECTS[1]:
            if long < ASPECTS[0] * short and pips(small, r):
                continue  # a die's face, not a card's end
            long = typical  # the rest of it is under another card
        score = _score(long, short, fill)
        area = long * short / (small.shape[0] * small.shape[1])
        if score < threshold or not MIN_AREA <= area <= MAX_AREA:
            continue
        corners = rectangle((float(centre[0]), float(centre[1])), long, short, r.angle) / scale
        found.append(
            Found(
                corners=tuple((float(x), float(y)) for x, y in corners),  # type: ignore[arg-type]
                center=(float(centre[0] / scale), float(centre[1] / scale)),
                long=long / scale,
                short=short / scale,
                angle=r.angle,
                box=box_of(corners, w, h),
                score=score,
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
    or whose centres are closer than `near` times the smaller short side, or whose centre
    is inside a surer card (a card's middle is never under another): one card seen from
    several masks, or a part of a card taken for one. Cards laid overlapping a little
    overlap far less."""
    kept: list[Found] = []
    for c in sorted(found, key=lambda c: (-c.score, -c.long * c.short)):
        if all(
            math.dist(c.center, k.center) >= near * min(c.short, k.short)
            and overlap(c, k) <= most
            and cv2.pointPolygonTest(np.array(k.corners, np.float32), c.center, False) < 0
            for k in kept
        ):
            kept.append(c)
    return kept
