"""Our own card designs of the shedding-game family, drawn as textures.

A `Design` is one deck's look, plain data: the card's shape, its white border, the shades
of its four colours and its black, the motif behind the centre symbol (a tilted oval, a
circle, a panel or none), how the symbol is inked (in the card's colour, white or black,
outlined, with a drop shadow), the typefaces of the numerals, the corner indices, the mark
that tells a 6 from a 9, and which design of each action symbol it uses. `random_design`
draws one from a seeded generator, from the parts of one split: "train" designs teach the
shipped models, "held-out" designs (typefaces and symbols never trained on) calibrate how
sure the reader may be, so an unfamiliar deck gives `unknown` rather than a sure misreading.

`draw_card(design, color, value)` returns the card's texture (BGR) and its outline's alpha
(rounded corners); `draw_back(design)` the back of a card.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import cv2
import numpy as np

from vision.cards import glyphs
from vision.cards.glyphs import Layer, Typeface

BGR = tuple[int, int, int]

COLORS = ("red", "yellow", "green", "blue")
BLACK = "black"  # the colour of the wild kinds
NUMBERS = tuple("0123456789")
ACTIONS = ("skip", "reverse", "draw2")
WILDS = ("wild", "wild4")
VALUES = NUMBERS + ACTIONS + WILDS
BACK = "back"  # a card lying face down
# a card of a kind of no deck of ours (made-up kinds, vision.cards.glyphs.OTHERS): the
# shipped set learns them as one value, read as no card of the deck, its colour kept
OTHER = "other"
SPLITS = ("train", "held-out")
MAX_SYMBOL = 0.5  # an action symbol's square at most this share of the card's height

# hue (OpenCV, 0..180), saturation and value ranges of each colour's shades
_SHADES = {
    "red": ((-7, 6), (0.6, 1.0), (0.55, 0.95)),
    "yellow": ((20, 31), (0.55, 1.0), (0.78, 1.0)),
    # green and blue kept apart (a cyan-green up to 88 read blue under a tinted light)
    "green": ((45, 82), (0.45, 1.0), (0.35, 0.8)),
    "blue": ((99, 122), (0.5, 1.0), (0.45, 0.95)),
}


def hsv(h: float, s: float, v: float) -> BGR:
    px = np.array([[[h % 180, s * 255, v * 255]]], np.float32)
    b, g, r = cv2.cvtColor(np.clip(px, 0, 255).astype(np.uint8), cv2.COLOR_HSV2BGR)[0, 0]
    return int(b), int(g), int(r)


def shade(rng: np.random.Generator, color: str) -> BGR:
    """A random shade of one of the four card colours."""
    (h0, h1), (s0, s1), (v0, v1) = _SHADES[color]
    return hsv(rng.uniform(h0, h1), rng.uniform(s0, s1), rng.uniform(v0, v1))


@dataclass(frozen=True)
class Design:
    """One deck's look (see the module's docstring). Lengths are shares of the card's width
    (border, corner) or height (symbol sizes); a symbol's outline and shadow are shares of
    its own height."""

    split: str
    aspect: float  # height / width
    border: float  # the white border's width (0: the body reaches the edge)
    paper: BGR  # the border's and the motif's white
    corner: float  # the outline's corner radius
    shades: tuple[BGR, BGR, BGR, BGR]  # red, yellow, green, blue
    black: BGR
    motif: str  # oval | circle | panel | none
    motif_angle: float
    motif_size: float  # the motif's width
    ink: str  # the centre symbol's ink: body (the card's colour) | white | black | dark
    outline: float
    shadow: float
    face: Typeface
    index_face: Typeface
    size: float  # the centre numeral's height
    index: str  # corner indices: two | four | none
    index_size: float
    mark69: str  # under | dot | none: what tells a 6 from a 9 turned over
    variants: tuple[tuple[str, int], ...]  # (symbol value, its design)
    text_draw2: bool  # the centre of a draw two is "+2" (else two small cards)
    text_wild4: bool  # the centre of a wild four is "+4" over the wild symbol
    quads: tuple[int, int, int, int]  # which colour paints each quarter of wild symbols
    back: BGR  # the back's body
    back_ring: BGR
    back_text: str
    # the action symbols' (and a wild four's cards') size beside the numerals': real decks
    # draw them larger, so a mask shows their shape (two arrows apart, not one blob)
    symbol_scale: float = 1.0

    def shade_of(self, color: str) -> BGR:
        return self.black if color == BLACK else self.shades[COLORS.index(color)]

    def variant(self, value: str) -> int:
        return dict(self.variants).get(value, 0)


def _typeface(rng: np.random.Generator, split: str, small: bool = False) -> Typeface:
    options = glyphs.faces(split)
    kind, name = options[int(rng.integers(len(options)))]
    weight = rng.uniform(0.1, 0.24) if kind != "ttf" else rng.uniform(0.08, 0.2)
    if small:
        weight = max(weight, 0.14)
    slant = float(rng.choice([0.0, rng.uniform(0.08, 0.32)], p=[0.45, 0.55]))
    if rng.random() < 0.25:  # heavy italic, as many real decks' numerals are
        weight = rng.uniform(0.22, 0.3) if kind != "ttf" else rng.uniform(0.18, 0.28)
        slant = rng.uniform(0.12, 0.3)
    return Typeface(kind, name, float(weight), slant, float(rng.uniform(0.8, 1.25)))


def _paper(rng: np.random.Generator) -> BGR:
    base = rng.uniform(228, 255)
    tint = rng.normal(0, 4, 3)
    tint[0] -= abs(rng.normal(0, 5))  # papers lean warm (less blue), never blue
    b, g, r = (int(np.clip(base + t, 200, 255)) for t in tint)
    return b, g, r


def random_design(rng: np.random.Generator, split: str = "train") -> Design:
    """One random deck look from the parts of `split` ("train" or "held-out")."""
    if split not in SPLITS:
        raise ValueError(f"split: one of {', '.join(SPLITS)}, not {split!r}")
    motif = str(rng.choice(["oval", "circle", "panel", "none"], p=[0.6, 0.13, 0.12, 0.15]))
    ink = (
        str(rng.choice(["body", "black", "dark"], p=[0.7, 0.15, 0.15]))
        if motif != "none"
        else str(rng.choice(["white", "black"], p=[0.8, 0.2]))
    )
    paper = _paper(rng)
    face = _typeface(rng, split)
    index_face = face if rng.random() < 0.6 else _typeface(rng, split, small=True)
    variants = tuple(
        (value, int(rng.choice(glyphs.variants(value, split)))) for value in glyphs.SYMBOLS
    )
    back_ring = shade(rng, str(rng.choice(COLORS)))
    letters = "".join(chr(65 + int(k)) for k in rng.integers(0, 26, int(rng.integers(3, 6))))
    return Design(
        split=split,
        aspect=float(rng.uniform(1.38, 1.6)),
        border=float(rng.uniform(0.035, 0.1)) if rng.random() < 0.93 else 0.0,
        paper=paper,
        corner=float(rng.uniform(0.04, 0.12)),
        shades=tuple(shade(rng, c) for c in COLORS),  # type: ignore[arg-type]
        black=hsv(rng.uniform(0, 180), rng.uniform(0, 0.3), rng.uniform(0.04, 0.22)),
        motif=motif,
        motif_angle=float(rng.choice([rng.uniform(25, 65), 0.0], p=[0.8, 0.2])),
        motif_size=float(rng.uniform(0.7, 0.95)),
        ink=ink,
        outline=float(rng.choice([0.0, rng.uniform(0.02, 0.07)], p=[0.35, 0.65])),
        shadow=float(rng.choice([0.0, rng.uniform(0.03, 0.08)], p=[0.5, 0.5])),
        face=face,
        index_face=index_face,
        size=float(rng.uniform(0.3, 0.45)),
        index=str(rng.choice(["two", "four", "none"], p=[0.8, 0.1, 0.1])),
        index_size=float(rng.uniform(0.08, 0.13)),
        mark69=str(rng.choice(["under", "dot", "none"], p=[0.75, 0.12, 0.13])),
        variants=variants,
        text_draw2=bool(rng.random() < 0.3),
        text_wild4=bool(rng.random() < 0.3),
        quads=tuple(int(k) for k in rng.permutation(4)),  # type: ignore[arg-type]
        back=hsv(rng.uniform(0, 180), rng.uniform(0, 0.8), rng.uniform(0.05, 0.35)),
        back_ring=back_ring,
        back_text=letters,
        # from a child generator: `rng`'s own draws, and so every seed's frames, as before
        symbol_scale=float(rng.spawn(1)[0].uniform(1.0, 1.6)),
    )


# -- drawing ----------------------------------------------------------------------------------


def _rounded(h: int, w: int, inset: float, radius: float) -> np.ndarray:
    """A rounded rectangle mask (float32) inset by `inset` pixels, corners of `radius`."""
    big = 4
    m = np.zeros((h * big, w * big), np.uint8)
    x0, y0 = round(inset * big), round(inset * big)
    x1, y1 = w * big - 1 - x0, h * big - 1 - y0
    r = max(1, round(radius * big))
    cv2.rectangle(m, (x0 + r, y0), (x1 - r, y1), 255, -1)
    cv2.rectangle(m, (x0, y0 + r), (x1, y1 - r), 255, -1)
    for cx in (x0 + r, x1 - r):
        for cy in (y0 + r, y1 - r):
            cv2.circle(m, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return np.asarray(cv2.resize(m, (w, h), interpolation=cv2.INTER_AREA), np.float32) / 255


def _blend(canvas: np.ndarray, mask: np.ndarray, color: BGR, x: int, y: int) -> None:
    """Paint `color` through `mask` into `canvas` (float32) with its top-left at (x, y)."""
    h, w = mask.shape
    H, W = canvas.shape[:2]
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, W), min(y + h, H)
    if x1 <= x0 or y1 <= y0:
        return
    m = mask[y0 - y : y1 - y, x0 - x : x1 - x, None]
    region = canvas[y0:y1, x0:x1]
    region[:] = region * (1 - m) + np.array(color, np.float32) * m


def _pad(mask: np.ndarray, by: int) -> np.ndarray:
    return np.pad(mask, by) if by > 0 else mask


def _stamp(
    canvas: np.ndarray,
    layers: list[Layer],
    centre: tuple[float, float],
    colors: dict[str, BGR],
    outline: int,
    shadow: int,
    turn: bool = False,
) -> None:
    """Paint a symbol's layers centred at `centre`: a black outline `outline` px round them
    all and a drop shadow `shadow` px down-right (turned over with the symbol, `turn`)."""
    if not layers:
        return
    h = max(m.shape[0] for m, _ in layers)
    w = max(m.shape[1] for m, _ in layers)
    pad = outline + shadow + 1
    full = []
    for mask, role in layers:
        dy, dx = (h - mask.shape[0]) // 2, (w - mask.shape[1]) // 2
        m = np.zeros((h + 2 * pad, w + 2 * pad), np.float32)
        m[pad + dy : pad + dy + mask.shape[0], pad + dx : pad + dx + mask.shape[1]] = mask
        full.append((np.rot90(m, 2) if turn else m, role))
    union = np.max([m for m, _ in full], axis=0)
    x, y = round(centre[0] - (w + 2 * pad) / 2), round(centre[1] - (h + 2 * pad) / 2)
    dark = colors["black"]
    if shadow:
        s = -shadow if turn else shadow
        grown = cv2.dilate(union, np.ones((3, 3), np.uint8)) if outline else union
        _blend(canvas, grown * 0.85, dark, x + s, y + s)
    if outline:
        k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * outline + 1, 2 * outline + 1))
        _blend(canvas, cv2.dilate(union, k), dark, x, y)
    for m, role in full:
        _blend(canvas, m, colors[role], x, y)


def _numeral(design: Design, value: str, height: int, face: Typeface) -> list[Layer]:
    """A numeral's mask as one layer; a 6 or a 9 carries the design's mark under it."""
    mask = glyphs.text_mask(face, value, height)
    if value in ("6", "9") and design.mark69 != "none":
        h, w = mask.shape
        gap, bar = max(1, round(h * 0.08)), max(2, round(h * 0.12))
        out = np.zeros((h + gap + bar, w), np.float32)
        out[:h] = mask
        if design.mark69 == "under":
            x0 = round(w * 0.1)
            out[h + gap :, x0 : w - x0] = 1.0
        else:
            r = bar // 2 + 1
            cv2.circle(out, (w // 2, h + gap + bar // 2), r, 1.0, -1, cv2.LINE_AA)
        mask = out
    return [(mask, "ink")]


def _text(design: Design, text: str, height: int, face: Typeface) -> list[Layer]:
    return [(glyphs.text_mask(face, text, height), "ink")]


def centre_layers(design: Design, value: str, height: int) -> list[Layer]:
    """What the middle of a card of `value` shows, `height` pixels high."""
    if value in NUMBERS:
        return _numeral(design, value, height, design.face)
    if value == "draw2" and design.text_draw2:
        return _text(design, "+2", round(height * 0.8), design.face)
    if value == "wild4" and design.text_wild4:
        ring = list(glyphs.symbol("wild", design.variant("wild"), round(height * 1.15)))
        plus = glyphs.text_mask(design.face, "+4", round(height * 0.55))
        return [*ring, (plus, "white")]
    size = height * (1.2 if value in WILDS else 1.0)
    if value != "wild":  # larger, but inside the middle the symbol is read from
        size = min(size * design.symbol_scale, height * MAX_SYMBOL / design.size)
    return list(glyphs.symbol(value, design.variant(value), round(size)))


def index_layers(design: Design, value: str, height: int) -> list[Layer]:
    """What a corner of a card of `value` shows (none for some wild designs)."""
    face = design.index_face
    if value in NUMBERS:
        return _numeral(design, value, height, face)
    if value == "draw2":
        return _text(design, "+2", height, face)
    if value == "wild4":
        return _text(design, "+4", height, face)
    if value == "wild" and design.variant("wild") % 2:
        return []
    return list(glyphs.symbol(value, design.variant(value), round(height * 1.1)))


def _palette(design: Design, color: str) -> dict[str, BGR]:
    body = design.shade_of(color)
    b, g, r = (int(c * 0.55) for c in body)
    inks: dict[str, BGR] = {
        "body": body,
        "white": design.paper,
        "black": (20, 20, 20),
        "dark": (b, g, r),
    }
    ink = inks[design.ink]
    if color == BLACK and design.ink in ("body", "dark"):
        ink = (20, 20, 20) if design.motif != "none" else design.paper
    colors: dict[str, BGR] = {"ink": ink, "white": design.paper, "black": (18, 18, 18)}
    for k, q in enumerate(design.quads):
        colors[f"c{k}"] = design.shades[q]
    return colors


def draw_card(
    design: Design, color: str, value: str, width: int = 160
) -> tuple[np.ndarray, np.ndarray]:
    """The face of a card: (BGR uint8 texture, float32 alpha of its rounded outline)."""
    return _draw_card(design, color, value, width)


@functools.lru_cache(maxsize=256)
def _draw_card(design: Design, color: str, value: str, width: int) -> tuple[np.ndarray, np.ndarray]:
    w, h = width, round(width * design.aspect)
    canvas = np.empty((h, w, 3), np.float32)
    canvas[:] = design.paper
    radius = design.corner * w
    body = design.shade_of(color)
    inset = design.border * w
    _blend(canvas, _rounded(h, w, inset, max(radius - inset * 0.5, 2)), body, 0, 0)
    colors = _palette(design, color)
    # a wild card whose motif is itself the symbol, in the four colours (as many real decks)
    quartered = value == "wild" and design.variant("wild") == glyphs.WILD_MOTIF
    if design.motif != "none" or quartered:
        motif = np.zeros((h * 2, w * 2), np.uint8)
        # The motif reaches past the middle the symbol is read from (vision.cards.symbol),
        # as real decks' ovals do: a motif wholly inside it would be read as the symbol.
        grow = design.motif_size - 0.7  # 0 .. 0.25
        if design.motif in ("oval", "none"):
            axes = (round(w * (0.7 + 0.4 * grow)), round(h * (0.85 + 0.4 * grow)))
            cv2.ellipse(motif, (w, h), axes, design.motif_angle, 0, 360, 255, -1, cv2.LINE_AA)
        elif design.motif == "circle":  # just wider than the middle
            cv2.circle(motif, (w, h), round(w * (0.92 + 0.2 * grow)), 255, -1, cv2.LINE_AA)
        else:  # a panel: a square turned by half the motif's angle, just wider than the middle
            turn = np.radians(design.motif_angle / 2)
            side = w * (0.92 + 0.2 * grow) / (np.cos(turn) + np.sin(turn))
            box = cv2.boxPoints(((w, h), (side * 2, side * 2), design.motif_angle / 2))
            cv2.fillPoly(motif, [np.round(box).astype(np.int32)], 255, cv2.LINE_AA)
        motif_mask = cv2.resize(motif, (w, h), interpolation=cv2.INTER_AREA) / 255
        inside = _rounded(h, w, inset, max(radius - inset * 0.5, 2))
        if quartered:
            for k, q in enumerate(design.quads):
                wedge = np.zeros((h * 2, w * 2), np.uint8)
                turns = (design.motif_angle + 90 * (k + t) for t in (0, 0.5, 1))
                ray = np.array([(w, h), *(_ray(w, h, a) for a in turns)])
                cv2.fillPoly(wedge, [np.round(ray).astype(np.int32)], 255)
                part = cv2.resize(wedge, (w, h), interpolation=cv2.INTER_AREA) / 255
                _blend(
                    canvas, (motif_mask * inside * part).astype(np.float32), design.shades[q], 0, 0
                )
        else:
            _blend(canvas, (motif_mask * inside).astype(np.float32), design.paper, 0, 0)
    if value == BACK:
        return _draw_back_onto(canvas, design, h, w), _rounded(h, w, 0, radius)
    sym_h = round(design.size * h)
    outline = round(design.outline * sym_h)
    shadow = round(design.shadow * sym_h)
    if not quartered:
        _stamp(canvas, centre_layers(design, value, sym_h), (w / 2, h / 2), colors, outline, shadow)
    if design.index != "none":
        ih = max(6, round(design.index_size * h))
        index_colors = {**colors, "ink": design.paper}  # corner indices are white
        layers = index_layers(design, value, ih)
        if layers:
            lw = max(m.shape[1] for m, _ in layers)
            lh = max(m.shape[0] for m, _ in layers)
            mx = inset + max(lw / 2 + 2, w * 0.1)
            my = inset + max(lh / 2 + 2, h * 0.07)
            spots = [((mx, my), False), ((w - mx, h - my), True)]
            if design.index == "four":
                spots += [((w - mx, my), False), ((mx, h - my), True)]
            edge = max(1, round(outline * ih / sym_h)) if outline else 0
            for centre, turn in spots:
                _stamp(canvas, layers, centre, index_colors, edge, 0, turn)
    return np.clip(canvas, 0, 255).astype(np.uint8), _rounded(h, w, 0, radius)


def _ray(w: int, h: int, deg: float) -> tuple[float, float]:
    """A point far from the middle of a card drawn twice as large (w x h), `deg` round it."""
    a = np.radians(deg)
    return w + 4 * w * float(np.cos(a)), h + 4 * h * float(np.sin(a))


def _draw_back_onto(canvas: np.ndarray, design: Design, h: int, w: int) -> np.ndarray:
    inset = design.border * w
    _blend(
        canvas, _rounded(h, w, inset, max(design.corner * w - inset * 0.5, 2)), design.back, 0, 0
    )
    ring = np.zeros((h * 2, w * 2), np.uint8)
    axes = (round(w * 0.62), round(h * 0.62))
    cv2.ellipse(ring, (w, h), axes, design.motif_angle, 0, 360, 255, -1, cv2.LINE_AA)
    _blend(
        canvas, cv2.resize(ring, (w, h), interpolation=cv2.INTER_AREA) / 255, design.back_ring, 0, 0
    )
    face = Typeface("hershey", "triplex", 0.16, design.face.slant)  # letters: a Hershey face
    text = glyphs.text_mask(face, design.back_text, round(h * 0.14))
    text = text[:, : int(w * 0.8)] if text.shape[1] > w * 0.8 else text
    colors: dict[str, BGR] = {"ink": design.paper, "white": design.paper, "black": (18, 18, 18)}
    _stamp(canvas, [(text, "ink")], (w / 2, h / 2), colors, max(1, round(h * 0.01)), 0)
    return np.clip(canvas, 0, 255).astype(np.uint8)


def draw_back(design: Design, width: int = 160) -> tuple[np.ndarray, np.ndarray]:
    """The back of a card of this deck (what a face-down card shows)."""
    return _draw_card(design, COLORS[0], BACK, width)


def card_kinds(values: tuple[str, ...] = VALUES) -> list[tuple[str, str]]:
    """(colour, value) of every kind of card: each coloured value in the four colours, the
    wild kinds in black."""
    return [
        (BLACK, v) if v in WILDS else (c, v)
        for v in values
        for c in COLORS
        if not (v in WILDS and c != COLORS[0])
    ]
