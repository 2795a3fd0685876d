"""Frames of cards on a table, drawn from plain data: what the card finder and the card
embedding learn from, and what `dicetable vision render-cards` writes.

A `CardScene` is cards laid on a table (bottom first), seen through a camera: the table
(a texture of ours or a crop of a photo, tinted), the cards' places, sizes and turns, the
light (gradient, colour cast, exposure, glare), a perspective tilt, blur, noise and JPEG.
`render(scene)` draws it and says where every card ended up (`DrawnCard`: its four
corners, box, how much of it is visible). `random_scene(rng)` composes one: a hand spread
on the table, a row, a fan, a discard pile, or one card close up.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from vision.cards.design import (
    BACK,
    BGR,
    BLACK,
    COLORS,
    VALUES,
    WILDS,
    Design,
    draw_card,
    random_design,
)

Corners = tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]


@dataclass(frozen=True)
class Placed:
    """One card on the table: centre (px of the frame before the tilt), its long side in
    px, `angle` the turn of its top (degrees, clockwise from up: 180 is upside down),
    `lift` how far it casts its shadow (cards lying on others cast a little)."""

    design: Design
    color: str
    value: str  # a value of vision.cards.design.VALUES, a made-up kind, or BACK
    x: float
    y: float
    length: float
    angle: float
    lift: float = 1.0


@dataclass(frozen=True)
class Table:
    """The surface: `kind` plain | felt | wood | cloth | photo; `color` its tint; `photo`
    a photo file (kind photo), cropped at `crop` (x, y, side as shares of the photo)."""

    kind: str = "plain"
    color: BGR = (60, 100, 60)
    photo: str = ""
    crop: tuple[float, float, float] = (0.0, 0.0, 1.0)
    turn: int = 0
    seed: int = 0


@dataclass(frozen=True)
class Thing:
    """Something on the table that is no card: kind paper | note | disc; centre, size (px),
    turn and colour. The finder learns that not every flat shape is a card."""

    kind: str
    x: float
    y: float
    size: float
    angle: float
    color: BGR


@dataclass(frozen=True)
class CardScene:
    width: int
    height: int
    cards: tuple[Placed, ...]
    table: Table = field(default_factory=Table)
    things: tuple[Thing, ...] = ()
    light: tuple[float, float, float] = (1.0, 1.0, 1.0)  # gains per BGR channel
    exposure: float = 1.0
    gradient: float = 0.0  # share of light lost across the frame
    gradient_angle: float = 0.0
    glare: tuple[tuple[float, float, float, float], ...] = ()  # x, y, radius, strength
    tilt: tuple[float, ...] = (0.0,) * 8  # corner shifts (shares of the frame): perspective
    shadow: float = 0.4
    blur: float = 0.0
    noise: float = 2.0
    jpeg: int = 90
    seed: int = 0


@dataclass(frozen=True)
class DrawnCard:
    """Where a card ended up: corners in frame px (top-left of the card's face first,
    clockwise), box around them (clipped to the frame), share of it visible."""

    corners: Corners
    box: tuple[float, float, float, float]
    color: str
    value: str
    visible: float
    split: str
    upside_down: bool
    middle: float = 1.0  # share of the middle of the card (where its symbol is) visible


# -- tables ---------------------------------------------------------------------------------


@functools.lru_cache(maxsize=8)
def _photo(path: str) -> np.ndarray | None:
    img = cv2.imread(path, cv2.IMREAD_COLOR)
    return None if img is None else np.asarray(img)


def _texture(table: Table, w: int, h: int) -> np.ndarray:
    rng = np.random.default_rng(table.seed)
    color = np.array(table.color, np.float32)
    if table.kind == "photo" and (img := _photo(table.photo)) is not None:
        ph, pw = img.shape[:2]
        x, y, side = table.crop
        s = side * min(ph, pw)
        x0, y0 = int(x * (pw - s)), int(y * (ph - s))
        crop = img[y0 : y0 + int(s), x0 : x0 + int(s)]
        crop = np.rot90(crop, table.turn)
        out = cv2.resize(crop, (w, h), interpolation=cv2.INTER_AREA).astype(np.float32)
        grey = out.mean(axis=2, keepdims=True)
        colourful = float(np.std(out - grey)) > 4
        tint = color / max(float(color.mean()), 1.0)
        # grey photos take the table's tint; colour ones keep most of their own colour
        return np.clip(out * (0.25 + 0.75 * tint if colourful else tint), 0, 255)
    out = np.empty((h, w, 3), np.float32)
    out[:] = color
    if table.kind == "felt":
        grain = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 1.0)
        out *= (1 + 0.12 * grain)[..., None]
    elif table.kind == "wood":
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        wob = cv2.GaussianBlur(
            rng.normal(0, 1, (h // 4 + 1, w // 4 + 1)).astype(np.float32), (0, 0), 6
        )
        wob = cv2.resize(wob, (w, h)) * 250
        a = rng.uniform(0, math.pi)
        u = xx * math.cos(a) + yy * math.sin(a)
        rings = np.sin((u + wob) / rng.uniform(3, 10)) * 0.5 + 0.5
        out *= (0.78 + 0.3 * rings)[..., None]
    elif table.kind == "cloth":
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        period = rng.uniform(8, 40)
        a = rng.uniform(0, math.pi)
        u = xx * math.cos(a) + yy * math.sin(a)
        v = -xx * math.sin(a) + yy * math.cos(a)
        second = np.array(rng.uniform(30, 230, 3), np.float32)
        checks = ((u // period + v // period) % 2)[..., None]
        if rng.random() < 0.5:
            checks = ((u // period) % 2)[..., None]
        out = out * (1 - checks) + second * checks
        out = cv2.GaussianBlur(out, (0, 0), 0.8)
    noise = rng.normal(0, 3, (h, w, 1)).astype(np.float32)
    return np.clip(out + noise, 0, 255)


def table_texture(table: Table, width: int, height: int) -> np.ndarray:
    """The table's surface alone (float32 BGR), before any card, light or camera."""
    return _texture(table, width, height)


# -- geometry -------------------------------------------------------------------------------


def card_corners(card: Placed, aspect: float) -> np.ndarray:
    """The card's corners on the table (before the tilt), top-left of its face first."""
    hl, hw = card.length / 2, card.length / aspect / 2
    a = math.radians(card.angle)
    up = np.array([math.sin(a), -math.cos(a)])  # the card's top, in frame px (y down)
    right = np.array([math.cos(a), math.sin(a)])
    c = np.array([card.x, card.y])
    return np.array(
        [
            c + up * hl - right * hw,
            c + up * hl + right * hw,
            c - up * hl + right * hw,
            c - up * hl - right * hw,
        ]
    )


def tilt_homography(scene: CardScene) -> np.ndarray:
    w, h = scene.width, scene.height
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    shift = np.array(scene.tilt, np.float32).reshape(4, 2) * [w, h]
    return np.asarray(
        cv2.getPerspectiveTransform(src, (src + shift).astype(np.float32)), np.float64
    )


def _project(hom: np.ndarray, pts: np.ndarray) -> np.ndarray:
    p = np.hstack([pts, np.ones((len(pts), 1))]) @ hom.T
    return np.asarray(p[:, :2] / p[:, 2:3])


def warp_into(
    frame: np.ndarray, tex: np.ndarray, quad: np.ndarray, alpha: np.ndarray
) -> tuple[np.ndarray, tuple[int, int, int, int]] | None:
    """Paint `tex` (h, w, 3) onto `quad` of `frame` (float32) through its `alpha`; return the
    warped alpha of that region and the region (x0, y0, x1, y1), or None when off the frame."""
    H, W = frame.shape[:2]
    x0, y0 = (np.floor(quad.min(axis=0)) - 2).astype(int)
    x1, y1 = (np.ceil(quad.max(axis=0)) + 2).astype(int)
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, W), min(y1, H)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    th, tw = tex.shape[:2]
    src = np.array([[0, 0], [tw, 0], [tw, th], [0, th]], np.float32)
    m = cv2.getPerspectiveTransform(src, (quad - [x0, y0]).astype(np.float32))
    size = (x1 - x0, y1 - y0)
    scale = math.dist(quad[0], quad[1]) / tw
    interp = cv2.INTER_AREA if scale < 0.7 else cv2.INTER_LINEAR
    warped = cv2.warpPerspective(tex, m, size, flags=interp, borderMode=cv2.BORDER_REPLICATE)
    a = cv2.warpPerspective(alpha, m, size, flags=cv2.INTER_LINEAR, borderValue=0)
    region = frame[y0:y1, x0:x1]
    region[:] = region * (1 - a[..., None]) + warped.astype(np.float32) * a[..., None]
    return a, (x0, y0, x1, y1)


def _thing(frame: np.ndarray, thing: Thing, hom: np.ndarray) -> None:
    mask = np.zeros(frame.shape[:2], np.uint8)
    if thing.kind == "disc":
        c = _project(hom, np.array([[thing.x, thing.y]]))[0]
        cv2.circle(mask, (round(c[0]), round(c[1])), round(thing.size / 2), 255, -1, cv2.LINE_AA)
    else:
        aspect = 1.0 if thing.kind == "note" else 1.3
        box = cv2.boxPoints(((thing.x, thing.y), (thing.size, thing.size * aspect), thing.angle))
        pts = _project(hom, np.asarray(box, np.float64))
        cv2.fillPoly(mask, [np.round(pts).astype(np.int32)], 255, cv2.LINE_AA)
    m = mask.astype(np.float32)[..., None] / 255
    frame[:] = frame * (1 - m) + np.array(thing.color, np.float32) * m


# -- rendering ------------------------------------------------------------------------------


def texture_width(length: float, aspect: float) -> int:
    """The width to draw a card's texture at for a card `length` px long on the frame
    (a few sizes, so textures are reused)."""
    want = length / aspect * 1.2
    return int(min((80, 120, 180, 260), key=lambda s: abs(s - want)))


def render(scene: CardScene) -> tuple[np.ndarray, list[DrawnCard]]:
    """Draw a scene: the BGR frame and where each card ended up (bottom card first)."""
    rng = np.random.default_rng(scene.seed)
    w, h = scene.width, scene.height
    frame = _texture(scene.table, w, h)
    hom = tilt_homography(scene)
    for thing in scene.things:
        _thing(frame, thing, hom)
    owner = np.full((h, w), -1, np.int16)  # which card is on top at each pixel
    areas: list[float] = []
    quads: list[np.ndarray] = []
    for k, card in enumerate(scene.cards):
        aspect = card.design.aspect
        quad = _project(hom, card_corners(card, aspect))
        quads.append(quad)
        areas.append(float(cv2.contourArea(quad.astype(np.float32))))
        tex, alpha = draw_card(
            card.design, card.color, card.value, texture_width(card.length, aspect)
        )
        if scene.shadow > 0:
            shadow(frame, quad, card.length, card.lift, scene.shadow)
        done = warp_into(frame, tex.astype(np.float32), quad, alpha)
        if done is not None:
            a, (x0, y0, x1, y1) = done
            owner[y0:y1, x0:x1][a > 0.5] = k
    frame = _light(frame, scene, rng)
    if scene.blur > 0:
        frame = cv2.GaussianBlur(frame, (0, 0), scene.blur)
    if scene.noise > 0:
        frame = frame + rng.normal(0, scene.noise, frame.shape).astype(np.float32)
    out = np.clip(frame, 0, 255).astype(np.uint8)
    if scene.jpeg < 100:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, scene.jpeg])
        out = np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR)) if ok else out
    counts = np.bincount(owner.ravel() + 1, minlength=len(scene.cards) + 1)[1:]
    drawn = []
    for k, card in enumerate(scene.cards):
        q = quads[k]
        middle = _middle_visible(owner, q, k)
        box = (
            float(max(q[:, 0].min(), 0)),
            float(max(q[:, 1].min(), 0)),
            float(min(q[:, 0].max(), w - 1)),
            float(min(q[:, 1].max(), h - 1)),
        )
        corners = tuple((float(x), float(y)) for x, y in q)
        drawn.append(
            DrawnCard(
                corners=corners,  # type: ignore[arg-type]
                box=box,
                color=card.color,
                value=card.value,
                visible=float(counts[k]) / max(areas[k], 1.0),
                split=card.design.split,
                upside_down=90 < card.angle % 360 < 270,
                middle=middle,
            )
        )
    return out, drawn


def _middle_visible(owner: np.ndarray, quad: np.ndarray, k: int) -> float:
    """The share of the card's middle (a disc half its width across) that card k owns."""
    c = quad.mean(axis=0)
    r = 0.25 * min(math.dist(quad[0], quad[1]), math.dist(quad[2], quad[3]))
    h, w = owner.shape
    x0, y0 = max(int(c[0] - r), 0), max(int(c[1] - r), 0)
    x1, y1 = min(int(c[0] + r) + 1, w), min(int(c[1] + r) + 1, h)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    yy, xx = np.mgrid[y0:y1, x0:x1]
    disc = (xx - c[0]) ** 2 + (yy - c[1]) ** 2 <= r * r
    total = max(float(np.pi * r * r), 1.0)
    return float(np.sum(disc & (owner[y0:y1, x0:x1] == k))) / total


def shadow(
    frame: np.ndarray, quad: np.ndarray, length: float, lift: float, strength: float
) -> None:
    """Darken `frame` (float32) where a card's soft shadow falls (down-right of it): a card
    `length` px long lying `lift` high (1: on the table)."""
    h, w = frame.shape[:2]
    off = lift * length * 0.02
    sigma = max(1.0, length * 0.015 * lift)
    sq = quad + np.array([off, off * 1.3])
    pad = int(3 * sigma) + 2
    x0, y0 = (np.floor(sq.min(axis=0)) - pad).astype(int)
    x1, y1 = (np.ceil(sq.max(axis=0)) + pad).astype(int)
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return
    shade = np.zeros((y1 - y0, x1 - x0), np.float32)
    cv2.fillPoly(shade, [np.round(sq - [x0, y0]).astype(np.int32)], 1.0, cv2.LINE_AA)
    shade = cv2.GaussianBlur(shade, (0, 0), sigma)
    frame[y0:y1, x0:x1] *= (1 - strength * shade)[..., None]


def _light(frame: np.ndarray, scene: CardScene, rng: np.random.Generator) -> np.ndarray:
    h, w = frame.shape[:2]
    gain = np.array(scene.light, np.float32) * scene.exposure
    if scene.gradient:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        a = math.radians(scene.gradient_angle)
        u = ((xx - w / 2) * math.cos(a) + (yy - h / 2) * math.sin(a)) / max(w, h)
        field_ = 1 - scene.gradient * (u + 0.5)
        frame = frame * field_[..., None]
    frame = frame * gain
    for x, y, r, strength in scene.glare:
        yy, xx = np.ogrid[0:h, 0:w]
        spot = np.exp(-((xx - x) ** 2 + (yy - y) ** 2) / (2 * r * r)).astype(np.float32)
        frame = frame + (255 * strength * spot)[..., None]
    return frame


# -- random scenes --------------------------------------------------------------------------

LAYOUTS = ("spread", "row", "fan", "pile", "close")


def random_kind(
    rng: np.random.Generator, backs: float = 0.03, others: Sequence[str] = ()
) -> tuple[str, str]:
    """(colour, value) of a random card: values evenly, wild kinds black; a back now and
    then; made-up kinds from `others` when given (training), one card in seven."""
    r = rng.random()
    if r < backs:
        return BLACK, BACK
    if others and r > 0.85:  # made-up kinds: 15 % of cards
        value = str(others[int(rng.integers(len(others)))])
    else:
        value = str(VALUES[int(rng.integers(len(VALUES)))])
    color = BLACK if value in WILDS else str(COLORS[int(rng.integers(4))])
    return color, value


def _placements(
    rng: np.random.Generator, layout: str, n: int, length: float, w: int, h: int
) -> list[tuple[float, float, float, float]]:
    """(x, y, angle, lift) of n cards of `length` px in a frame w x h."""
    width = length / 1.5
    out: list[tuple[float, float, float, float]] = []
    cx, cy = rng.uniform(0.3, 0.7) * w, rng.uniform(0.3, 0.7) * h
    if layout == "close":
        return [(cx, cy, float(rng.uniform(-25, 25) + 180 * rng.integers(2)), 0.3)]
    if layout == "row":
        a = rng.uniform(0, 360)
        along = rng.random() < 0.25  # cards laid top to bottom rather than side by side
        step = (length if along else width) * rng.uniform(0.55, 1.1)
        d = np.array([math.cos(math.radians(a)), math.sin(math.radians(a))])
        start = np.array([cx, cy]) - d * step * (n - 1) / 2
        base = a + (90.0 if along else 0.0) + rng.uniform(-10, 10)
        for k in range(n):
            x, y = start + d * step * k
            turn = base + rng.uniform(-8, 8) + 180 * int(rng.integers(2))
            out.append((float(x), float(y), float(turn), 1.0 + 0.3 * k))
        return out
    if layout == "fan":
        pivot = np.array([cx, cy])
        base = rng.uniform(0, 360)
        spread = rng.uniform(9, 20)
        r = length * rng.uniform(0.45, 0.8)
        for k in range(n):
            a = base + (k - (n - 1) / 2) * spread
            up = np.array([math.sin(math.radians(a)), -math.cos(math.radians(a))])
            x, y = pivot + up * r
            out.append((float(x), float(y), float(a + 180 * (rng.random() < 0.1)), 1.0 + 0.3 * k))
        return out
    if layout == "pile":
        for k in range(n):
            out.append(
                (
                    float(cx + rng.normal(0, width * 0.12)),
                    float(cy + rng.normal(0, width * 0.12)),
                    float(rng.uniform(0, 360)),
                    0.3 + 0.1 * k,
                )
            )
        return out
    for k in range(n):  # spread: anywhere, any turn
        out.append(
            (
                float(rng.uniform(0.05, 0.95) * w),
                float(rng.uniform(0.05, 0.95) * h),
                float(rng.uniform(0, 360)),
                1.0 + 0.2 * k,
            )
        )
    return out


def random_table(rng: np.random.Generator, photos: Sequence[str] = ()) -> Table:
    """A random table: our textures, or (when given) a crop of one of the table photos."""
    kinds = ["plain", "felt", "wood", "cloth"] + (["photo"] * 5 if photos else [])
    kind = str(rng.choice(kinds))
    hue = rng.uniform(0, 180)
    sat = rng.choice([rng.uniform(0, 0.25), rng.uniform(0.25, 0.9)])
    val = rng.choice([rng.uniform(0.08, 0.35), rng.uniform(0.35, 0.75), rng.uniform(0.75, 0.97)])
    from vision.cards.design import hsv

    color = hsv(hue, sat, val)
    photo = str(photos[int(rng.integers(len(photos)))]) if kind == "photo" else ""
    side = rng.uniform(0.35, 1.0)
    return Table(
        kind,
        color,
        photo,
        (float(rng.random()), float(rng.random()), float(side)),
        int(rng.integers(4)),
        int(rng.integers(1 << 30)),
    )


def random_scene(
    rng: np.random.Generator,
    split: str = "train",
    width: int = 640,
    height: int = 480,
    photos: Sequence[str] = (),
    others: Sequence[str] = (),
    layout: str | None = None,
    n_cards: int | None = None,
    backs: float = 0.03,
    design: Design | None = None,
) -> CardScene:
    """A random frame of cards of one deck (`design`, else a random design of `split`) on
    a table; a share `backs` of the cards lie face down."""
    layout = layout or str(rng.choice(LAYOUTS, p=[0.4, 0.2, 0.12, 0.1, 0.18]))
    drawn_design = random_design(rng, split)  # drawn even when given: the same scenes follow
    design = design or drawn_design
    side = max(width, height)
    if layout == "close":
        length = side * rng.uniform(0.45, 0.85)
    else:
        length = side * float(np.exp(rng.uniform(math.log(0.09), math.log(0.4))))
    room = max(1, int((width * height) / (length * length / 1.5) * 0.5))
    n = n_cards or (1 if layout == "close" else int(rng.integers(1, min(12, room) + 1)))
    if layout == "pile":
        n = min(n, 5)
    cards = []
    for x, y, angle, lift in _placements(rng, layout, n, length, width, height):
        color, value = random_kind(rng, backs, others)
        cards.append(
            Placed(
                design,
                color,
                value,
                float(x),
                float(y),
                length * rng.uniform(0.97, 1.03),
                float(angle % 360),
                float(lift),
            )
        )
    things = []
    for _ in range(int(rng.poisson(0.4))):
        kind = str(rng.choice(["paper", "note", "disc"]))
        size = length * rng.uniform(0.5, 2.0) * (1.5 if kind == "paper" else 1.0)
        b, g, r = (int(c) for c in rng.integers(20, 255, 3)) if kind != "paper" else (235, 238, 240)
        things.append(
            Thing(
                kind,
                float(rng.uniform(0, width)),
                float(rng.uniform(0, height)),
                float(size),
                float(rng.uniform(0, 180)),
                (b, g, r),
            )
        )
    warm = rng.uniform(-0.2, 0.2)
    glare = tuple(
        (
            float(rng.uniform(0, width)),
            float(rng.uniform(0, height)),
            float(length * rng.uniform(0.05, 0.3)),
            float(rng.uniform(0.2, 0.8)),
        )
        for _ in range(int(rng.poisson(0.5)))
    )
    tilt = (
        tuple(float(v) for v in rng.uniform(-0.07, 0.07, 8)) if rng.random() < 0.6 else (0.0,) * 8
    )
    return CardScene(
        width=width,
        height=height,
        cards=tuple(cards),
        table=random_table(rng, photos),
        things=tuple(things),
        light=(1 - warm + rng.uniform(-0.05, 0.05), 1 + rng.uniform(-0.05, 0.05), 1 + warm),
        exposure=float(rng.uniform(0.65, 1.2)),
        gradient=float(rng.uniform(0, 0.5)) if rng.random() < 0.5 else 0.0,
        gradient_angle=float(rng.uniform(0, 360)),
        glare=glare,
        tilt=tilt,
        shadow=float(rng.uniform(0.1, 0.55)),
        blur=float(rng.uniform(0, 1.6)) if rng.random() < 0.6 else 0.0,
        noise=float(rng.uniform(0.5, 6)),
        jpeg=int(rng.integers(45, 96)),
        seed=int(rng.integers(1 << 30)),
    )


def table_photos(*folders: Path | None) -> list[str]:
    """The photos of labelled folders, to draw tables from."""
    out: list[str] = []
    for folder in folders:
        if folder is not None:
            out += sorted(str(p) for p in folder.glob("*.jpg"))
    return out
