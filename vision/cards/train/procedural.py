"""Action symbols drawn procedurally, many drawings a kind, for the symbol network only
(vision.cards.train.symbols `--procedural`): never for the card set's fit or calibration.

The renderer's designs (vision.cards.glyphs) draw each action symbol in a handful of fixed
ways, and a network taught them learns those drawings; a real deck's reverse, wild or
wild four, drawn otherwise, then falls between them, its best guess right but unsure. Here
each kind is drawn from what it is, with its parameters random, so that what the network
learns to gather is the kind, not a drawing:

- reverse: two arrows, each the other's half turn about the middle (straight side by side,
  bent square or at an angle, along an arc, a zigzag of two or three strokes), any shaft,
  head, turn, slant, either way round, apart or meeting in one piece;
- skip: a ring (round, oval, polygonal) with a slash at any slant, within or beyond it, or
  a disc with a bar cut out;
- draw two: two small cards, anywhere beside or over each other, upright, turned or
  slanted;
- wild: any four-colour motif (an oval or a circle in quarters, a ring in four arcs,
  stripes, blades, nested rings, a diamond in quarters);
- wild four: four small cards in any arrangement, or a wild motif with "+4" over it.

The held-out designs' families are not drawn (vision.cards.glyphs SYMBOL_HELD_OUT: two
straight arrows side by side, a tall ring slashed beyond it, four petals, four small cards
in a square), so that the held-out designs, which set the shipped set's threshold, still
stand for a deck never seen: drawn, the calibration's held-out action symbols became
familiar and the threshold fell (seed 3002: 0.68 -> 0.53, scripts/cards37/tune.out).

Each is drawn on a card of a random *train* design (vision.cards.design), cut to the
reader's patch (a little off, small or large, blurred, noisy, JPEG) and its mask taken as
the reader takes it (vision.cards.symbol.mask). Our own drawings: no deck's art.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from vision.cards import design as dz
from vision.cards import glyphs, patches, symbol
from vision.cards.glyphs import Layer, Point, _arc, _band, _edged, _Pen, _rot

KINDS = ("skip", "reverse", "draw2", "wild", "wild4")
QUADS = ("c0", "c1", "c2", "c3")


def _fit(polys: list[list[Point]], extent: float) -> list[list[Point]]:
    """Polygons scaled and moved so that together they fill [-extent, extent] (their
    proportions kept)."""
    pts = np.concatenate([np.array(p, np.float64) for p in polys])
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    c, half = (lo + hi) / 2, max((hi - lo).max() / 2, 1e-6)
    return [[((x - c[0]) / half * extent, (y - c[1]) / half * extent) for x, y in p] for p in polys]


def _shear(polys: list[list[Point]], lean: float) -> list[list[Point]]:
    return [[(x - lean * y, y) for x, y in p] for p in polys]


def _mirror(polys: list[list[Point]]) -> list[list[Point]]:
    return [[(-x, y) for x, y in p] for p in polys]


def _head(tip: np.ndarray, d: np.ndarray, width: float, length: float, style: int) -> list[Point]:
    """An arrowhead at `tip` pointing along unit `d`: a triangle, barbed or a chevron."""
    n = np.array([-d[1], d[0]])
    base = tip - d * length
    if style == 0:
        pts = [base + n * width / 2, tip, base - n * width / 2]
    elif style == 1:  # barbed: its back notched
        notch = base + d * length * 0.35
        pts = [base + n * width / 2, tip, base - n * width / 2, notch]
    else:  # a thick chevron
        t = length * 0.45
        pts = [
            base + n * width / 2,
            tip,
            base - n * width / 2,
            base - n * width / 2 + d * t,
            tip - d * t * 1.1,
            base + n * width / 2 + d * t,
        ]
    return [(float(x), float(y)) for x, y in pts]


def _arm_path(rng: np.random.Generator) -> list[Point]:
    """One arm's centre line, ending where its head points (the other arm is its half
    turn). Coordinates about the middle, roughly in [-1, 1]."""
    kind = int(rng.integers(1, 5))  # not straight side by side (held out)
    if kind == 1:  # a tail bent by `turn` degrees into the head's stroke
        turn = rng.uniform(60, 135) * rng.choice([-1, 1])
        a, b = rng.uniform(0.3, 0.8), rng.uniform(0.35, 0.9)
        p0 = np.array([rng.uniform(-0.9, -0.2), rng.uniform(-0.1, 0.5)])
        p1 = p0 + np.array([0, -a])
        ang = math.radians(-90 + turn)
        p2 = p1 + b * np.array([math.cos(ang), math.sin(ang)])
        return [tuple(map(float, p)) for p in (p0, p1, p2)]  # type: ignore[misc]
    if kind == 2:  # along an arc round a point near the middle
        r = rng.uniform(0.4, 0.85)
        cx, cy = rng.uniform(-0.35, 0.35), rng.uniform(-0.2, 0.2)
        a0 = rng.uniform(0, 360)
        span = rng.uniform(90, 170) * rng.choice([-1, 1])
        return _arc(cx, cy, r, r * rng.uniform(0.8, 1.2), a0, a0 + span)
    if kind == 3:  # a zigzag of three strokes
        pts = [np.array([rng.uniform(-0.9, -0.3), rng.uniform(-0.2, 0.5)])]
        ang = rng.uniform(-30, 30)
        for _ in range(3):
            length = rng.uniform(0.25, 0.6)
            a = math.radians(ang)
            pts.append(pts[-1] + length * np.array([math.cos(a), math.sin(a)]))
            ang += rng.uniform(50, 130) * rng.choice([-1, 1])
        return [tuple(map(float, p)) for p in pts]  # type: ignore[misc]
    # a stroke from near the middle out along a diagonal, its tail kinked
    a = math.radians(rng.uniform(-80, 10))
    p0 = np.array([rng.uniform(-0.6, -0.1), rng.uniform(0.0, 0.4)])
    p1 = p0 + rng.uniform(0.2, 0.5) * np.array([1.0, 0.0])
    p2 = p1 + rng.uniform(0.4, 0.9) * np.array([math.cos(a), math.sin(a)])
    return [tuple(map(float, p)) for p in (p0, p1, p2)]  # type: ignore[misc]


def _reverse(pen: _Pen, rng: np.random.Generator) -> list[Layer]:
    path = _arm_path(rng)
    shaft = rng.uniform(0.1, 0.34)
    width = shaft * rng.uniform(1.8, 3.2) + 0.08
    length = width * rng.uniform(0.6, 1.1)
    p = np.array(path, np.float64)
    d = p[-1] - p[-2]
    d /= np.linalg.norm(d) + 1e-9
    tip = p[-1] + d * length * 0.6
    head = _head(tip, d, width, length, int(rng.choice(3, p=[0.6, 0.2, 0.2])))
    arm = [_band(path, shaft), head]
    polys = [*arm, *(_rot(q, 180) for q in arm)]
    if rng.random() < 0.5:
        polys = _mirror(polys)
    turn = rng.uniform(0, 360)  # the whole pair turned as one
    polys = [_rot(q, turn) for q in polys]
    if rng.random() < 0.3:
        polys = _shear(polys, rng.uniform(-0.35, 0.35))
    polys = _fit(polys, rng.uniform(0.8, 0.95))
    arms = [pen.blank(), pen.blank()]
    for k, q in enumerate(polys):
        pen.poly(q, arms[k // 2])
    style = rng.random()
    if style < 0.45:  # one ink
        return [(pen.done(np.maximum(*arms)), "ink")]
    if style < 0.85:  # each arm edged in black
        edge = rng.uniform(0.04, 0.12)
        return [layer for m in arms for layer in _edged(pen, m, "ink", edge)]
    t = max(1, round(rng.uniform(0.05, 0.1) * pen.big / 2))  # hollow: outlines only
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * t + 1, 2 * t + 1))
    both = np.maximum(*arms)
    return [(pen.done(cv2.subtract(both, cv2.erode(both, kernel))), "ink")]


def _skip(pen: _Pen, rng: np.random.Generator) -> list[Layer]:
    w = rng.uniform(0.12, 0.3)
    if rng.random() < 0.2:  # a disc with a bar cut out
        disc = pen.ellipse((0, 0), (rng.uniform(1.5, 1.8), rng.uniform(1.5, 1.8)))
        h = rng.uniform(0.12, 0.22)
        bar = _rot([(-0.65, -h), (0.65, -h), (0.65, h), (-0.65, h)], rng.uniform(-60, 60))
        return [(pen.done(disc), "ink"), (pen.done(pen.poly(bar)), "white")]
    rx = rng.uniform(0.6, 0.85)
    ry = rx * rng.uniform(0.88, 1.12)  # round: a tall ring slashed beyond it is held out
    sides = int(rng.choice([0, 6, 8, 10], p=[0.7, 0.1, 0.1, 0.1]))
    if sides:
        a0 = rng.uniform(0, 360 / sides)
        ring = [
            (
                rx * math.cos(math.radians(a0 + 360 * k / sides)),
                ry * math.sin(math.radians(a0 + 360 * k / sides)),
            )
            for k in range(sides + 1)
        ]
        m = pen.line(ring, w)
    else:
        m = pen.ellipse((0, 0), (2 * rx, 2 * ry), rng.uniform(-30, 30), width=w)
    a = math.radians(rng.uniform(20, 70) * rng.choice([-1, 1]) + rng.normal(0, 8))
    reach = rng.uniform(0.6, 1.0)
    ends = [
        (-reach * rx * math.cos(a), reach * ry * math.sin(a)),
        (reach * rx * math.cos(a), -reach * ry * math.sin(a)),
    ]
    m = pen.line(ends, w * rng.uniform(0.8, 1.3), m)
    if rng.random() < 0.2:
        return _edged(pen, m, "ink", rng.uniform(0.04, 0.1))
    return [(pen.done(m), "ink")]


def _small_card(
    rng: np.random.Generator, cx: float, cy: float, w: float, h: float, deg: float, lean: float
) -> list[Point]:
    pts = [(x - lean * y, y) for x, y in glyphs._card(0, 0, w, h, 0)]
    return [(x + cx, y + cy) for x, y in _rot(pts, deg)]


def _cards(pen: _Pen, rng: np.random.Generator, n: int, roles: tuple[str, ...]) -> list[Layer]:
    """n small cards in a random arrangement, each in its role, edged in black."""
    w = rng.uniform(0.4, 0.7)
    h = w * rng.uniform(1.3, 1.7)
    lean = float(rng.choice([0.0, rng.uniform(0.2, 0.5)], p=[0.6, 0.4]))
    tilt = rng.uniform(-30, 30)
    how = int(rng.choice([0, 1, 3]))  # not in a square (held out)
    spots: list[tuple[float, float, float]] = []
    if how == 0 or n == 2:  # stepped along a line
        a = math.radians(rng.uniform(0, 360))
        step = rng.uniform(0.25, 0.55) * w / 0.5
        for k in range(n):
            t = (k - (n - 1) / 2) * step
            spots.append((t * math.cos(a), t * math.sin(a), tilt))
    elif how == 1:  # a fan
        spread = rng.uniform(12, 30)
        for k in range(n):
            t = k - (n - 1) / 2
            spots.append((t * w * 0.35, abs(t) * 0.05, tilt + t * spread))
    else:  # scattered, overlapping
        for _ in range(n):
            spots.append(
                (rng.uniform(-0.45, 0.45), rng.uniform(-0.45, 0.45), tilt + rng.normal(0, 15))
            )
    polys = [_small_card(rng, x, y, w, h, deg, lean) for x, y, deg in spots]
    turn = rng.uniform(0, 360) if rng.random() < 0.3 else 0.0
    polys = _fit([_rot(p, turn) for p in polys], rng.uniform(0.8, 0.95))
    edge = rng.uniform(0.05, 0.12)
    out: list[Layer] = []
    for p, role in zip(polys, roles, strict=False):
        out += _edged(pen, pen.poly(p), role, edge)
    return out


def _motif(pen: _Pen, rng: np.random.Generator) -> list[Layer]:
    """A four-colour motif: four pieces, one a colour (roles c0..c3)."""
    kind = int(rng.choice([0, 1, 2, 4, 5, 6]))  # not petals (held out)
    masks: list[np.ndarray] = []
    if kind in (0, 1):  # an oval or a circle in quarters (or stripes across it)
        axes = (1.7, 1.7) if kind == 1 else (rng.uniform(0.9, 1.4), rng.uniform(1.5, 1.9))
        angle = rng.uniform(0, 180)
        whole = pen.ellipse((0, 0), axes, angle)
        stripes = rng.random() < 0.3
        for k in range(4):
            if stripes:
                piece = _rot(
                    [
                        (-2, -1 + k * 0.5),
                        (2, -1 + k * 0.5),
                        (2, -0.5 + k * 0.5),
                        (-2, -0.5 + k * 0.5),
                    ],
                    angle,
                )
            else:
                piece = _rot([(0, 0), (2, 0), (2, 2), (0, 2)], 90 * k + angle)
            masks.append(np.minimum(whole, pen.poly(piece)))
    elif kind == 2:  # a ring in four arcs
        ro, ri = rng.uniform(0.75, 0.9), rng.uniform(0.3, 0.55)
        gap = rng.uniform(0, 10)
        a0 = rng.uniform(0, 90)
        for k in range(4):
            pts = _arc(0, 0, ro, ro, a0 + 90 * k + gap, a0 + 90 * k + 90 - gap)
            pts += _arc(0, 0, ri, ri, a0 + 90 * k + 90 - gap, a0 + 90 * k + gap)
            masks.append(pen.poly(pts))
    elif kind == 4:  # blades of a pinwheel
        a0 = rng.uniform(0, 90)
        bend = rng.uniform(10, 40)
        for k in range(4):
            a = a0 + 90 * k
            pts = [
                (0.0, 0.0),
                *_arc(0, 0, 0.9, 0.9, a, a + 70),
                (0.3 * math.cos(math.radians(a + bend)), 0.3 * math.sin(math.radians(a + bend))),
            ]
            masks.append(pen.poly(pts))
    elif kind == 5:  # nested rings, the inner one a disc
        radii = sorted(rng.uniform(0.2, 0.9, 4), reverse=True)
        for k, r in enumerate(radii):
            outer = pen.ellipse((0, 0), (2 * r, 2 * r))
            inner = (
                pen.ellipse((0, 0), (2 * radii[k + 1], 2 * radii[k + 1])) if k < 3 else pen.blank()
            )
            masks.append(cv2.subtract(outer, inner))
    else:  # a diamond or a rounded square in quarters
        turn = rng.uniform(0, 90)
        whole = pen.poly(_rot(glyphs._card(0, 0, 1.6, 1.6, 0), turn))
        for k in range(4):
            masks.append(
                np.minimum(whole, pen.poly(_rot([(0, 0), (2, 0), (2, 2), (0, 2)], 90 * k + turn)))
            )
    if rng.random() < 0.4:  # a black edge round each piece
        edge = rng.uniform(0.03, 0.08)
        return [
            layer
            for m, role in zip(masks, QUADS, strict=True)
            for layer in _edged(pen, m, role, edge)
        ]
    return [(pen.done(m), role) for m, role in zip(masks, QUADS, strict=True)]


def symbol_layers(
    value: str, size: int, rng: np.random.Generator, face: glyphs.Typeface
) -> list[Layer]:
    """A procedural drawing of `value` (one of KINDS), `size` pixels square."""
    rim = glyphs.RIM if value in glyphs.RIMMED and rng.random() < 0.3 else 0.0
    pen = _Pen(size, rim)
    if value == "reverse":
        return _reverse(pen, rng)
    if value == "skip":
        return _skip(pen, rng)
    if value == "draw2":
        return _cards(pen, rng, 2, ("ink", "ink") if rng.random() < 0.7 else ("white", "ink"))
    if value == "wild":
        return _motif(pen, rng)
    if rng.random() < 0.55:
        return _cards(pen, rng, 4, tuple(rng.permutation(QUADS)))
    plus = glyphs.text_mask(face, "+4", round(size * rng.uniform(0.4, 0.6)))
    return [*_motif(pen, rng), (plus, "white")]


@contextlib.contextmanager
def _drawing(layers: list[Layer]) -> Iterator[None]:
    """The renderer's card drawing with `layers` as its centre symbol."""
    before = dz.centre_layers
    dz.centre_layers = lambda *_args: layers
    try:
        yield
    finally:
        dz.centre_layers = before


def card_cut(value: str, rng: np.random.Generator) -> np.ndarray:
    """A card of `value` (KINDS) drawn with a procedural symbol on a random train design,
    cut as the reader cuts it (64 x 96 BGR)."""
    design = dz.random_design(rng, "train")
    design = replace(design, variants=tuple((v, 0) for v, _ in design.variants))  # no motif-wild
    colour = dz.BLACK if value in dz.WILDS else dz.COLORS[int(rng.integers(4))]
    width = int(rng.integers(60, 200))
    h = round(width * design.aspect)
    sym_h = round(design.size * h)
    size = sym_h * (1.2 if value in dz.WILDS else 1.0)
    if value != "wild":
        size = min(size * rng.uniform(1.0, 1.6), sym_h * dz.MAX_SYMBOL / design.size)
    layers = symbol_layers(value, max(8, round(size)), rng, design.face)
    with _drawing(layers):
        face, _alpha = dz._draw_card.__wrapped__(design, colour, value, width)
    # on a table: a margin, light and colour cast, then cut as the finder's corners would
    pad = width // 4
    table = np.full((h + 2 * pad, width + 2 * pad, 3), rng.uniform(40, 200, 3), np.float32)
    table[pad : pad + h, pad : pad + width] = face
    table *= rng.uniform(0.6, 1.15) * rng.uniform(0.9, 1.1, 3)
    if rng.random() < 0.5:
        k = int(rng.choice([3, 5]))
        table = np.asarray(cv2.GaussianBlur(table, (k, k), rng.uniform(0.4, 1.2)), np.float32)
    table += rng.normal(0, rng.uniform(1, 6), table.shape)
    frame = np.clip(table, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        _ok, buf = cv2.imencode(
            ".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(50, 95))]
        )
        frame = np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR), np.uint8)
    corners = np.array(
        [[pad, pad], [pad + width, pad], [pad + width, pad + h], [pad, pad + h]], np.float64
    )
    corners = patches.jitter(corners, rng)
    if rng.random() < 0.5:
        corners = patches.turned(corners)
    return patches.cut(frame, corners)


def render(out: Path, seed: int, per_kind: int) -> int:
    """Masks of `per_kind` procedural cards of each of KINDS -> `out` (.npz), as
    vision.cards.train.symbols.render writes the rendered frames' masks."""
    rng = np.random.default_rng(seed)
    masks, values = [], []
    for _ in range(per_kind):
        for value in KINDS:
            masks.append(symbol.mask(card_cut(value, rng))[0])
            values.append(value)
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, masks=np.stack(masks).astype(np.float16), values=np.array(values))
    return len(masks)
