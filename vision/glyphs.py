"""Our own vector drawings of die faces (never a publisher's art).

A *glyph style* maps each face name to a drawing: a list of shapes in face coordinates,
the square [-1, 1] x [-1, 1] with y pointing down (image convention). Shapes are plain
data so that new styles are data, not code paths:

- ("poly", points)            a filled polygon
- ("line", points, width)     a polyline stroked with `width` (face units)
- ("dot", (x, y), radius)     a filled disc
- ("text", chars, font, width) characters in an OpenCV Hershey font (cv2.FONT_*), fitted
                              to the face, strokes `width` (face units)
- ("ellipse", (x, y), (rx, ry), degrees)  a filled ellipse, turned
- ("loop", points, width)     a closed polyline stroked with `width` (an outline)
- ("body", shape) / ("edge", shape)  `shape` painted in the die's body colour (cut out of
                              the ink) or in its edge colour (a glyph's outline), not in ink

`draw_face` renders a style's face onto a square texture. Styles:

- "kot":      faces 1, 2, 3, heart, energy, claw (the shipped set)
- "kot-alt":  the same faces drawn differently (another edition's look); the shipped
              model never sees it, so it shows that `teach` learns unseen dice
- "pips":     ordinary d6 pips 1..6
- "kingdom-run": boots, a hook, a drop, a purse, a flask and an equals sign
- "berserk":  the berserk die: energy and claws single or double, a skull
- "fate":     the die of fate (a d4): an eye, a river, a snake, an ankh
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

Point = tuple[float, float]
Shape = tuple  # ("poly", pts) | ("line", pts, width) | ("dot", centre, radius)

_AA_SHIFT = 4  # sub-pixel bits for cv2 drawing (smooth edges at small sizes)


def _arc(cx: float, cy: float, r: float, a0: float, a1: float, n: int = 16) -> list[Point]:
    return [
        (
            cx + r * math.cos(a0 + (a1 - a0) * i / (n - 1)),
            cy + r * math.sin(a0 + (a1 - a0) * i / (n - 1)),
        )
        for i in range(n)
    ]


def _heart(scale: float, dy: float = 0.0) -> list[Point]:
    pts = []
    for i in range(48):
        t = 2 * math.pi * i / 48
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x / 17 * scale, -y / 17 * scale + dy))
    return pts


def _bolt_at(x: float, y: float, s: float) -> Shape:
    """A lightning bolt centred on (x, y), `s` times the size of a whole face's (the
    "kot" style's energy face, the "berserk" ones')."""
    pts = [
        (0.22, -0.75),
        (-0.42, 0.08),
        (-0.02, 0.08),
        (-0.22, 0.75),
        (0.45, -0.12),
        (0.04, -0.12),
        (0.3, -0.75),
    ]
    return ("poly", [(x + px * s, y + py * s) for px, py in pts])


def _slash(x0: float, y0: float, x1: float, y1: float, bend: float, width: float) -> list[Point]:
    """A tapered, slightly curved claw mark from (x0, y0) to (x1, y1)."""
    n = 12
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    nx, ny = -(y1 - y0), x1 - x0
    norm = math.hypot(nx, ny) or 1.0
    nx, ny = nx / norm, ny / norm
    left, right = [], []
    for i in range(n):
        t = i / (n - 1)
        # quadratic Bezier through a bent middle point
        cx, cy = mx + bend * nx, my + bend * ny
        px = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t**2 * x1
        py = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t**2 * y1
        w = width * math.sin(math.pi * t) ** 0.8 + 0.01
        left.append((px + w * nx, py + w * ny))
        right.append((px - w * nx, py - w * ny))
    return left + right[::-1]


_KOT: dict[str, list[Shape]] = {
    "1": [
        ("line", [(-0.18, -0.35), (0.05, -0.55), (0.05, 0.55)], 0.2),
        ("line", [(-0.25, 0.55), (0.35, 0.55)], 0.18),
    ],
    "2": [
        (
            "line",
            [
                *_arc(0.0, -0.22, 0.32, math.pi * 1.05, math.pi * 2.15, 14),
                (-0.34, 0.55),
                (0.38, 0.55),
            ],
            0.19,
        )
    ],
    "3": [
        ("line", _arc(0.0, -0.27, 0.27, math.pi * 1.1, math.pi * 2.5, 14), 0.18),
        ("line", _arc(0.0, 0.28, 0.29, math.pi * 1.5, math.pi * 2.9, 14), 0.18),
    ],
    "heart": [("poly", _heart(0.72, 0.05))],
    "energy": [_bolt_at(0.0, 0.0, 1.0)],
    "claw": [
        ("poly", _slash(-0.6, -0.55, -0.3, 0.65, 0.2, 0.11)),
        ("poly", _slash(-0.15, -0.72, 0.1, 0.72, 0.2, 0.12)),
        ("poly", _slash(0.32, -0.55, 0.6, 0.62, 0.2, 0.11)),
    ],
}

_KOT_ALT: dict[str, list[Shape]] = {
    # boxy digits with a bar beneath, as some editions print them
    "1": [
        ("poly", [(-0.1, -0.6), (0.12, -0.6), (0.12, 0.45), (-0.1, 0.45)]),
        ("poly", [(-0.45, 0.58), (0.45, 0.58), (0.45, 0.7), (-0.45, 0.7)]),
    ],
    "2": [
        (
            "line",
            [
                (-0.35, -0.55),
                (0.35, -0.55),
                (0.35, -0.05),
                (-0.35, -0.05),
                (-0.35, 0.42),
                (0.35, 0.42),
            ],
            0.16,
        ),
        ("poly", [(-0.45, 0.58), (0.45, 0.58), (0.45, 0.7), (-0.45, 0.7)]),
    ],
    "3": [
        ("line", [(-0.35, -0.55), (0.35, -0.55), (0.35, 0.42), (-0.35, 0.42)], 0.16),
        ("line", [(-0.2, -0.06), (0.35, -0.06)], 0.16),
        ("poly", [(-0.45, 0.58), (0.45, 0.58), (0.45, 0.7), (-0.45, 0.7)]),
    ],
    # a heart built from two discs and a wedge
    "heart": [
        ("dot", (-0.28, -0.18), 0.32),
        ("dot", (0.28, -0.18), 0.32),
        ("poly", [(-0.58, -0.05), (0.58, -0.05), (0.0, 0.66)]),
    ],
    # a bolt inside a ring
    "energy": [
        ("line", _arc(0.0, 0.0, 0.68, 0.0, 2 * math.pi, 28), 0.1),
        (
            "poly",
            [(0.12, -0.5), (-0.3, 0.06), (-0.02, 0.06), (-0.12, 0.5), (0.3, -0.06), (0.02, -0.06)],
        ),
    ],
    # four straight scratches
    "claw": [
        ("line", [(x - 0.22, -0.6), (x + 0.12, 0.6)], 0.1) for x in (-0.45, -0.15, 0.15, 0.45)
    ],
}


def _boot() -> list[Point]:
    """A boot's side view: the shaft, the heel, the foot pointing right."""
    return [
        (-0.42, -0.72), (0.08, -0.72), (0.1, 0.12), (0.52, 0.22), (0.7, 0.38),
        (0.7, 0.62), (-0.48, 0.62), (-0.48, 0.3), (-0.4, 0.2),
    ]  # fmt: skip


def _drop() -> list[Point]:
    """A water drop: a sharp point on top, round below, filling the face's height."""
    pts: list[Point] = [(0.0, -0.88)]
    pts += _arc(0.0, 0.3, 0.52, -math.pi * 0.2, math.pi * 1.2, 28)
    return pts


def _purse() -> list[Shape]:
    """A drawstring pouch in outline: a round bag pinched at the neck, its mouth flared
    above (hollow, unlike the solid drop and flask: a bag with a handle and a solid flask
    read alike on small dice)."""
    a0 = -math.pi / 2 + 0.55
    body = _arc(0.0, 0.22, 0.5, a0, a0 + 2 * math.pi - 1.1, 26)
    return [
        ("loop", body, 0.15),
        ("poly", [(-0.2, -0.3), (0.2, -0.3), (0.42, -0.74), (0.0, -0.56), (-0.42, -0.74)]),
    ]


def _flask() -> list[Shape]:
    """A conical flask, solid: a narrow neck with a lip, a wide flat bottom (a round one
    read like the drop turned over)."""
    cone = [
        (-0.14, -0.6), (0.14, -0.6), (0.14, -0.2), (0.66, 0.6), (0.6, 0.7),
        (-0.6, 0.7), (-0.66, 0.6), (-0.14, -0.2),
    ]  # fmt: skip
    return [
        ("poly", cone),
        ("poly", [(-0.26, -0.78), (0.26, -0.78), (0.26, -0.62), (-0.26, -0.62)]),
    ]


def _hook() -> list[Shape]:
    """A hook with prongs: a ring, the shaft, and three curved prongs."""
    ring = _arc(0.0, -0.6, 0.16, 0.0, 2 * math.pi, 16)
    left = _arc(-0.3, 0.25, 0.3, 0.0, math.pi * 0.85, 10)
    right = _arc(0.3, 0.25, 0.3, math.pi, math.pi * 0.15, 10)
    return [
        ("line", ring, 0.09),
        ("line", [(0.0, -0.44), (0.0, 0.56)], 0.13),
        ("line", left, 0.11),
        ("line", right, 0.11),
        ("poly", [(-0.08, 0.5), (0.08, 0.5), (0.0, 0.72)]),
    ]


# The kingdom-run set's six faces, our own drawings: boots, a hook, a drop, a purse, a flask
# and an equals sign. Each differs from the others in kind, not only in outline (solid,
# stroked, hollow, bars), so that a blurred or small die is still told apart: the boot is
# drawn in a thick outline, as solid it read like the solid flask (docs/vision.md).
_KINGDOM_RUN: dict[str, list[Shape]] = {
    "boots": [("loop", _boot(), 0.2)],
    "hook": _hook(),
    "drop": [("poly", _drop())],
    "purse": _purse(),
    "flask": _flask(),
    "equal": [
        ("poly", [(-0.6, -0.38), (0.6, -0.38), (0.6, -0.1), (-0.6, -0.1)]),
        ("poly", [(-0.6, 0.1), (0.6, 0.1), (0.6, 0.38), (-0.6, 0.38)]),
    ],
}

_PIP_AT = {
    "1": [(0, 0)],
    "2": [(-1, -1), (1, 1)],
    "3": [(-1, -1), (0, 0), (1, 1)],
    "4": [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    "5": [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    "6": [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def pip_style(radius: float = 0.19, spread: float = 0.5) -> dict[str, list[Shape]]:
    """Pips of `radius` set `spread` from the centre (face units): makers differ in both."""
    return {
        face: [("dot", (spread * x, spread * y), radius) for x, y in spots]
        for face, spots in _PIP_AT.items()
    }


_PIPS = pip_style()


def _claws_at(x: float, s: float) -> list[Shape]:
    """Three claw marks centred on x, `s` times as wide as a whole face's."""
    return [
        (
            "poly",
            _slash(
                x + (-0.6 + k * 0.46) * s,
                -0.6,
                x + (-0.32 + k * 0.46) * s,
                0.62,
                0.2,
                0.1 * s + 0.03,
            ),
        )
        for k in range(3)
    ]


# the berserk die (a six-sided die of its own: two of its sides show one claw): energy and
# claws single or double, and a skull
_BERSERK: dict[str, list[Shape]] = {
    "berserk_energy": [_bolt_at(0.0, 0.0, 1.0)],
    "berserk_energy_2": [_bolt_at(-0.34, 0.0, 0.72), _bolt_at(0.34, 0.0, 0.72)],
    "berserk_claw": _claws_at(0.0, 1.0),
    "berserk_claw_2": [*_claws_at(-0.5, 0.42), *_claws_at(0.5, 0.42)],
    "berserk_skull": [
        ("dot", (0.0, -0.15), 0.55),
        ("poly", [(-0.32, 0.2), (0.32, 0.2), (0.26, 0.68), (-0.26, 0.68)]),
        ("body", ("dot", (-0.22, -0.18), 0.16)),
        ("body", ("dot", (0.22, -0.18), 0.16)),
        ("body", ("poly", [(0.0, 0.05), (-0.08, 0.2), (0.08, 0.2)])),
        ("body", ("line", [(-0.1, 0.45), (-0.1, 0.68)], 0.05)),
        ("body", ("line", [(0.1, 0.45), (0.1, 0.68)], 0.05)),
    ],
}


def _wave(y: float, half: float, amp: float, waves: float, n: int = 24) -> list[Point]:
    return [
        (x, y + amp * math.sin(waves * math.pi * (x / half + 1)))
        for x in (-half + 2 * half * i / (n - 1) for i in range(n))
    ]


# the die of fate (a d4: each face holds three of these, one per corner, vision.render.tetra).
# Seen from above, a d4's faces are foreshortened to a third towards the top vertex (the
# glyph's up), so the four differ across, where they stay wide: an eye (a hollow almond, a
# pupil), a river (three ripples, the widest), a snake (one thick coil, head to one side),
# an ankh (a loop on a narrow stem, a bar across)
_FATE: dict[str, list[Shape]] = {
    "fate_eye": [
        (
            "loop",
            [
                *_arc(0.0, 0.55, 1.0, -math.pi * 0.78, -math.pi * 0.22, 14),
                *_arc(0.0, -0.62, 0.95, math.pi * 0.2, math.pi * 0.8, 14),
            ],
            0.16,
        ),
        ("dot", (0.0, -0.05), 0.26),
        ("line", [(-0.12, 0.32), (-0.2, 0.8)], 0.13),
        ("line", [(0.15, 0.32), (0.45, 0.62), (0.62, 0.5), (0.58, 0.36)], 0.11),
    ],
    "fate_river": [
        ("line", _wave(-0.42, 0.5, 0.1, 3.0), 0.14),
        ("line", _wave(0.02, 0.7, 0.12, 4.0), 0.14),
        ("line", _wave(0.46, 0.86, 0.12, 5.0), 0.14),
    ],
    "fate_snake": [
        (
            "line",
            [
                *_arc(0.18, -0.35, 0.3, math.pi * 0.9, math.pi * 2.0, 10),
                *_arc(-0.05, 0.28, 0.42, -math.pi * 0.25, math.pi * 0.95, 14),
            ],
            0.2,
        ),
        ("ellipse", (-0.12, -0.5), (0.3, 0.18), -20.0),
        ("body", ("dot", (-0.2, -0.55), 0.06)),
    ],
    "fate_ankh": [
        ("loop", _arc(0.0, -0.5, 0.26, 0.0, 2 * math.pi, 18)[:-1], 0.15),
        ("poly", [(-0.1, -0.24), (0.1, -0.24), (0.16, 0.85), (-0.16, 0.85)]),
        ("poly", [(-0.62, -0.2), (0.62, -0.2), (0.62, 0.02), (-0.62, 0.02)]),
    ],
}

STYLES: dict[str, dict[str, list[Shape]]] = {
    "kot": _KOT,
    "kot-alt": _KOT_ALT,
    "pips": _PIPS,
    "kingdom-run": _KINGDOM_RUN,
    "berserk": _BERSERK,
    "fate": _FATE,
}


def faces_of(style: str) -> list[str]:
    """The face names a glyph style draws.

    >>> faces_of("kot")
    ['1', '2', '3', 'heart', 'energy', 'claw']
    """
    return list(STYLES[style])


def face_svg(style: str | Sequence[str], face: str) -> str | None:
    """A face of a glyph style as an inline SVG element (face units, y down, as drawn on
    the dice the renderer makes), for the page to draw dice as dice; None for a face the
    style does not draw. Several styles (dice of several kinds): the first that draws the
    face. Every shape kind `draw_face` draws is drawn (one element each), in
    currentColor; a ("body", ...) or ("edge", ...) shape carries the class `body` or `edge`
    for the page's style sheet to paint (an inline style would be refused by its policy).

    >>> face_svg("kot", "heart").startswith('<svg viewBox="-1 -1 2 2"')
    True
    >>> face_svg("kot", "skull") is None, face_svg(["kot", "berserk"], "berserk_skull") is None
    (True, False)
    >>> face_svg("kingdom-run", "boots").count("<path")
    1
    """
    styles = [style] if isinstance(style, str) else list(style)
    shapes = next((STYLES[s][face] for s in styles if face in STYLES.get(s, {})), None)
    if shapes is None:
        return None
    parts = [_svg_shape(shape) for shape in shapes]
    return '<svg viewBox="-1 -1 2 2" aria-hidden="true">' + "".join(parts) + "</svg>"


def _svg_shape(shape: Shape, paint: str = "") -> str:
    kind = shape[0]
    if kind in ("body", "edge"):
        return _svg_shape(shape[1], f' class="{kind}"')
    if kind in ("poly", "line", "loop"):
        d = "M" + " L".join(f"{x:.3f} {y:.3f}" for x, y in shape[1])
        if kind == "poly":
            return f'<path d="{d} Z" fill="currentColor"{paint}/>'
        return (
            f'<path d="{d}{" Z" if kind == "loop" else ""}" fill="none" stroke="currentColor" '
            f'stroke-width="{shape[2]:.3f}" stroke-linecap="round" stroke-linejoin="round"'
            f"{paint}/>"
        )
    if kind == "dot":
        (x, y), r = shape[1], shape[2]
        return f'<circle cx="{x:.3f}" cy="{y:.3f}" r="{r:.3f}" fill="currentColor"{paint}/>'
    if kind == "ellipse":
        (x, y), (rx, ry), turn = shape[1], shape[2], shape[3]
        return (
            f'<ellipse cx="{x:.3f}" cy="{y:.3f}" rx="{rx:.3f}" ry="{ry:.3f}" '
            f'transform="rotate({turn:.1f} {x:.3f} {y:.3f})" fill="currentColor"{paint}/>'
        )
    if kind == "text":
        return (
            f'<text x="0" y="0.35" font-size="1.1" text-anchor="middle" '
            f'fill="currentColor"{paint}>{shape[1]}</text>'
        )
    raise ValueError(f"unknown shape kind {kind!r}")  # a broken style table: a bug


def _to_px(points: Sequence[Point], size: int, inset: float) -> np.ndarray:
    half = size / 2.0
    scale = half * (1.0 - inset)
    pts = np.array([[half + x * scale, half + y * scale] for x, y in points], np.float64)
    return np.round(pts * (1 << _AA_SHIFT)).astype(np.int32)


def draw_face(
    style: str,
    face: str,
    size: int,
    body: tuple[int, int, int] | np.ndarray,
    ink: tuple[int, int, int],
    inset: float = 0.12,
    edge: tuple[int, int, int] | None = None,
) -> np.ndarray:
    """A size x size BGR texture of one face: `body` (a colour, or a size x size x 3
    texture) with the glyph in `ink` (its outlines in `edge`: by default a dark shade).

    >>> tex = draw_face("pips", "1", 32, (255, 255, 255), (0, 0, 0))
    >>> tex.shape, int(tex[16, 16, 0]), int(tex[2, 2, 0])
    ((32, 32, 3), 0, 255)
    """
    tex = np.empty((size, size, 3), np.uint8)
    tex[:] = np.clip(body, 0, 255) if isinstance(body, np.ndarray) else body
    plain = tuple(int(v) for v in tex[size // 2, 2]) if isinstance(body, np.ndarray) else body
    paints = {
        "ink": ink,
        "body": plain,
        "edge": edge if edge is not None else tuple(int(c * 0.35) for c in ink),
    }
    for shape in STYLES[style][face]:
        paint = "ink"
        while shape[0] in ("body", "edge"):
            paint, shape = shape[0], shape[1]
        _draw_shape(tex, shape, paints[paint], inset)  # type: ignore[arg-type]
    return tex


def _draw_shape(tex: np.ndarray, shape: Shape, ink: tuple[int, int, int], inset: float) -> None:
    size = tex.shape[0]
    scale = size / 2.0 * (1.0 - inset)
    kind = shape[0]
    if kind == "poly":
        cv2.fillPoly(tex, [_to_px(shape[1], size, inset)], ink, cv2.LINE_AA, _AA_SHIFT)
    elif kind in ("line", "loop"):
        width = max(1, round(shape[2] * scale))
        cv2.polylines(
            tex, [_to_px(shape[1], size, inset)], kind == "loop", ink, width, cv2.LINE_AA, _AA_SHIFT
        )
    elif kind == "dot":
        (cx, cy), r = shape[1], shape[2]
        centre = _to_px([(cx, cy)], size, inset)[0]
        radius = round(r * scale * (1 << _AA_SHIFT))
        cv2.circle(tex, (int(centre[0]), int(centre[1])), radius, ink, -1, cv2.LINE_AA, _AA_SHIFT)
    elif kind == "ellipse":
        (cx, cy), (rx, ry), turn = shape[1], shape[2], shape[3]
        centre = _to_px([(cx, cy)], size, inset)[0]
        axes = (round(rx * scale * (1 << _AA_SHIFT)), round(ry * scale * (1 << _AA_SHIFT)))
        cv2.ellipse(
            tex,
            (int(centre[0]), int(centre[1])),
            axes,
            turn,
            0,
            360,
            ink,
            -1,
            cv2.LINE_AA,
            _AA_SHIFT,
        )
    elif kind == "text":
        _draw_text(tex, shape[1], shape[2], max(1, round(shape[3] * scale)), ink, inset)
    else:  # pragma: no cover - a broken style table is a programming error
        raise ValueError(f"unknown shape kind {kind!r}")


def _draw_text(
    tex: np.ndarray, chars: str, font: int, width: int, ink: tuple[int, int, int], inset: float
) -> None:
    """`chars` centred on the face, as large as fits 70 % of it."""
    size = tex.shape[0]
    (w, h), base = cv2.getTextSize(chars, font, 1.0, width)
    fit = size * (1.0 - inset) * 0.7 / max(w, h + base, 1)
    (w, h), base = cv2.getTextSize(chars, font, fit, width)
    origin = (round((size - w) / 2), round((size + h - base) / 2))
    cv2.putText(tex, chars, origin, font, fit, ink, width, cv2.LINE_AA)


def random_style(seed: int, faces: int = 6) -> dict[str, list[Shape]]:
    """A made-up style of `faces` random symbols (strokes, discs, polygons), for training
    the patch embedding on many shapes so that it tells apart dice it never saw."""
    rng = np.random.default_rng(seed)
    style: dict[str, list[Shape]] = {}
    for f in range(faces):
        shapes: list[Shape] = []
        for _ in range(int(rng.integers(1, 4))):
            kind = rng.choice(["poly", "line", "dot", "arc"])
            if kind == "poly":
                n = int(rng.integers(3, 7))
                c = rng.uniform(-0.35, 0.35, 2)
                ang = np.sort(rng.uniform(0, 2 * math.pi, n))
                rad = rng.uniform(0.2, 0.55, n)
                pts = [
                    (float(c[0] + r * math.cos(a)), float(c[1] + r * math.sin(a)))
                    for a, r in zip(ang, rad, strict=True)
                ]
                shapes.append(("poly", pts))
            elif kind == "line":
                pts = [
                    (float(x), float(y))
                    for x, y in rng.uniform(-0.65, 0.65, (int(rng.integers(2, 5)), 2))
                ]
                shapes.append(("line", pts, float(rng.uniform(0.1, 0.2))))
            elif kind == "dot":
                shapes.append(
                    (
                        "dot",
                        tuple(float(v) for v in rng.uniform(-0.5, 0.5, 2)),
                        float(rng.uniform(0.12, 0.3)),
                    )
                )
            else:
                a0 = float(rng.uniform(0, 2 * math.pi))
                cx, cy = (float(v) for v in rng.uniform(-0.25, 0.25, 2))
                arc = _arc(
                    cx,
                    cy,
                    float(rng.uniform(0.25, 0.55)),
                    a0,
                    a0 + float(rng.uniform(1.5, 5.5)),
                    14,
                )
                shapes.append(("line", arc, float(rng.uniform(0.1, 0.18))))
        style[f"s{f}"] = shapes
    return style


# OpenCV's Hershey fonts, the typefaces our made-up digits and letters are printed in
# (font_style here, vision.designs' digits): a seed picks one by its place in this order
FONTS = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_PLAIN,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
    cv2.FONT_HERSHEY_COMPLEX_SMALL,
    cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
    cv2.FONT_HERSHEY_SCRIPT_COMPLEX,
)
# no 1, 2 or 3: those are the "kot" set's faces, in these fonts too (vision.designs)
_CHARS = "0456789ABCDEFGHJKLMNPRSTUVWXYZ+#*?&%$@!"


def font_style(seed: int, faces: int = 6) -> dict[str, list[Shape]]:
    """A made-up style of `faces` characters (digits, letters, signs) in one Hershey font,
    sometimes with a bar beneath as some dice print their numbers: for training the patch
    embedding on printed symbols as well as drawn ones."""
    rng = np.random.default_rng(seed)
    font = int(FONTS[int(rng.integers(len(FONTS)))])
    width = float(rng.uniform(0.08, 0.2))
    bar = rng.random() < 0.3
    chars = rng.choice(list(_CHARS), faces, replace=False)
    style: dict[str, list[Shape]] = {}
    for f, c in enumerate(chars):
        shapes: list[Shape] = [("text", str(c), font, width)]
        if bar:
            shapes.append(("poly", [(-0.45, 0.62), (0.45, 0.62), (0.45, 0.74), (-0.45, 0.74)]))
        style[f"s{f}"] = shapes
    return style


def register_style(name: str, drawing: dict[str, list[Shape]]) -> None:
    """Add a glyph style (e.g. a random one for training) under `name`."""
    STYLES[name] = drawing
