"""Hands of real cards on real tables: test frames composed from photos of single cards.

Each card is cut out of its photo (a card on a plain dark table, as in cards/deck-a):
the card's bright outline is found inside its labelled box, its four sides fitted as
lines, and the card straightened onto a flat texture with the alpha of its rounded
corners. A hand is 5 to 10 of those laid on a photo of a table (photos never trained on:
the held-out parts of the dice photos), turned any way, overlapping a little (never over
another card's middle, where its symbol is), each with a soft shadow; then the frame's
noise and JPEG. The frames are written as dice-labels/1 with each card's corners, so
`dicetable vision eval` measures on them. Seeded: the same command gives the same frames.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision import labels, split
from vision.cards import finder
from vision.cards.scene import shadow, warp_into
from vision.errors import VisionError
from vision.labels import LabelledDie, LabelledImage, LabelSet


@dataclass(frozen=True)
class Cutout:
    """A card cut out of its photo: its face straightened (BGR) and its outline's alpha."""

    texture: np.ndarray
    alpha: np.ndarray
    color: str
    value: str
    file: str


def _sides(contour: np.ndarray, rough: np.ndarray) -> np.ndarray | None:
    """Corners where lines fitted to the contour's four sides meet (the rounded corners
    of a card left out), from a rough quadrilateral; None if a side is not found."""
    pts = contour.reshape(-1, 2).astype(np.float64)
    lines = []
    for k in range(4):
        a, b = rough[k], rough[(k + 1) % 4]
        ab = b - a
        length = float(np.hypot(*ab))
        t = ((pts - a) @ ab) / (length * length)
        dist = np.abs(ab[0] * (pts[:, 1] - a[1]) - ab[1] * (pts[:, 0] - a[0])) / length
        near = pts[(t > 0.15) & (t < 0.85) & (dist < 0.04 * length + 3)]
        if len(near) < 5:
            return None
        vx, vy, x0, y0 = cv2.fitLine(near.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
    corners = []
    for k in range(4):
        (p, d), (q, e) = lines[k - 1], lines[k]
        m = np.array([d, -e]).T
        if abs(np.linalg.det(m)) < 1e-6:
            return None
        s = np.linalg.solve(m, q - p)
        corners.append(p + s[0] * d)
    return np.array(corners)


def card_outline(frame: np.ndarray, box: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """The corners (4, 2: clockwise, a top corner first) of the card labelled in `box` of a
    photo of one card on a dark table, and its mask; VisionError if no card outline is
    found there."""
    h, w = frame.shape[:2]
    x0, y0, x1, y1 = box
    pad = 0.05 * max(x1 - x0, y1 - y0)
    ax0, ay0 = int(max(x0 - pad, 0)), int(max(y0 - pad, 0))
    ax1, ay1 = int(min(x1 + pad, w)), int(min(y1 + pad, h))
    region = frame[ay0:ay1, ax0:ax1]
    grey = cv2.GaussianBlur(region.max(axis=2), (5, 5), 0)
    _, bright = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bright = cv2.morphologyEx(bright, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))
    contours, _ = cv2.findContours(bright, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        raise VisionError(f"no card outline inside the box {list(box)}")
    contour = max(contours, key=cv2.contourArea)
    hull = cv2.convexHull(contour)
    peri = cv2.arcLength(hull, True)
    rough = None
    for eps in np.linspace(0.01, 0.08, 15):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4:
            rough = approx.reshape(4, 2).astype(np.float64)
            break
    if rough is None:
        rough = cv2.boxPoints(cv2.minAreaRect(contour)).astype(np.float64)
    corners = _sides(contour, _clockwise(rough))
    if corners is None:
        corners = _clockwise(rough)
    mask = np.zeros((h, w), np.uint8)
    at = np.array([ax0, ay0])
    cv2.drawContours(mask, [contour + at], -1, 255, -1)
    return _clockwise(corners) + at, mask


def _clockwise(q: np.ndarray) -> np.ndarray:
    """Four points clockwise (image y down), starting at the top corner of a long side's
    left end: the card stands upright as photographed."""
    c = q.mean(axis=0)
    order = np.argsort(np.arctan2(q[:, 1] - c[1], q[:, 0] - c[0]))
    q = q[order]  # clockwise on screen
    k = int(np.argmin(q[:, 0] + q[:, 1]))  # the top-left one
    q = np.roll(q, -k, axis=0)
    if math.dist(q[0], q[1]) > math.dist(q[1], q[2]):  # lying on its side: start on a short side
        q = np.roll(q, -1, axis=0)
    return q


def cutout(label_set: LabelSet, image: LabelledImage, width: int = 300) -> Cutout:
    """The first labelled card of `image` cut out and straightened, `width` px wide."""
    frame = label_set.frame(image)
    card = image.dice[0]
    corners, mask = card_outline(frame, card.box)
    long = (math.dist(corners[1], corners[2]) + math.dist(corners[3], corners[0])) / 2
    short = (math.dist(corners[0], corners[1]) + math.dist(corners[2], corners[3])) / 2
    height = round(width * long / short)
    dst = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    m = cv2.getPerspectiveTransform(corners.astype(np.float32), dst)
    tex = cv2.warpPerspective(frame, m, (width, height), flags=cv2.INTER_AREA)
    alpha = cv2.warpPerspective(mask, m, (width, height), flags=cv2.INTER_LINEAR)
    alpha = cv2.GaussianBlur(alpha, (3, 3), 0).astype(np.float32) / 255
    return Cutout(np.asarray(tex), alpha, str(card.color), card.face, image.file)


@functools.lru_cache(maxsize=2)
def cutouts(deck: str) -> tuple[Cutout, ...]:
    """Every labelled card of the folder `deck` cut out (kept: they are re-used often)."""
    deck_set = labels.load(deck)
    return tuple(cutout(deck_set, im) for im in deck_set.images if im.dice)


def held_out_tables() -> list[str]:
    """Table photos nothing learned from: the held-out parts of the dice photos."""
    from vision.paths import data_dir

    out: list[str] = []
    tray = data_dir("dice-photos/d6-tray")
    if tray is not None:
        out += [str(tray / im.file) for im in split.select(labels.load(tray).images, "held-out")]
    rune = data_dir("dice-photos/rune55/held-out")
    if rune is not None:
        out += sorted(str(p) for p in rune.glob("*.jpg"))
    return out


def table_crop(path: str, size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    img = cv2.imread(path, cv2.IMREAD_COLOR)
    if img is None:
        raise VisionError(f"{path} is not an image OpenCV can read")
    w, h = size
    s = max(w / img.shape[1], h / img.shape[0]) * rng.uniform(1.0, 1.4)
    big = cv2.resize(img, (math.ceil(img.shape[1] * s), math.ceil(img.shape[0] * s)))
    x = int(rng.integers(0, big.shape[1] - w + 1))
    y = int(rng.integers(0, big.shape[0] - h + 1))
    return np.asarray(big[y : y + h, x : x + w], np.float32)


def place_hand(
    rng: np.random.Generator, n: int, length: float, aspect: float, w: int, h: int
) -> list[np.ndarray]:
    """Corners of n cards `length` px long laid on a w x h frame as a hand: in a row or a
    fan (when one fits), else spread one card after another; none over another's middle,
    at most a third of any hidden."""
    width = length / aspect
    layout = str(rng.choice(["row", "spread", "fan"], p=[0.4, 0.4, 0.2]))
    for _attempt in range(60 if layout != "spread" else 0):
        base = rng.uniform(0, 360)
        d = np.array([math.cos(math.radians(base)), math.sin(math.radians(base))])
        step = width * rng.uniform(0.82, 1.0)
        start = np.array([w / 2, h / 2]) - d * step * (n - 1) / 2 + rng.normal(0, 0.05, 2) * [w, h]
        quads = []
        for k in range(n):
            if layout == "row":
                centre = start + d * step * k + rng.normal(0, 0.05 * width, 2)
                turn = float(base + rng.normal(0, 6) + 180 * int(rng.integers(2)))
            else:
                a = base + (k - (n - 1) / 2) * rng.uniform(18, 26)
                up = np.array([math.sin(math.radians(a)), -math.cos(math.radians(a))])
                centre = np.array([w / 2, h / 2]) + up * length * 0.55
                turn = float(a + 180 * (rng.random() < 0.15))
            quads.append(
                finder.rectangle((float(centre[0]), float(centre[1])), length, width, float(turn))
            )
        table = _Table(w, h)
        if all(table.lay(q) for q in quads):
            return quads
    while True:  # spread: each card where it hides no middle and little of any card
        table = _Table(w, h)
        quads = []
        for _card in range(n):
            for _try in range(80):
                lo, hi = (width * 0.6, width * 0.6), (w - width * 0.6, h - width * 0.6)
                centre = rng.uniform(lo, hi)
                q = finder.rectangle(
                    (float(centre[0]), float(centre[1])), length, width, float(rng.uniform(0, 360))
                )
                if table.lay(q):
                    quads.append(q)
                    break
        if len(quads) >= min(n, 5):
            return quads
        if length > min(w, h) / 2:
            raise VisionError("cannot lay a hand of 5 cards on so small a frame (--size)")


class _Table:
    """The cards laid so far (masks at half the frame's size: as good a test, 4 times
    faster): a card may go on top if it is inside the frame, covers no card's middle and
    leaves at most a third of any card under the cards laid after it."""

    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        self.cards: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # mask, hidden, middle

    def lay(self, quad: np.ndarray) -> bool:
        w, h = self.w, self.h
        if (
            quad[:, 0].min() < 2
            or quad[:, 1].min() < 2
            or quad[:, 0].max() > w - 3
            or (quad[:, 1].max() > h - 3)
        ):
            return False
        q = quad / 2
        m = np.zeros((h // 2, w // 2), np.uint8)
        cv2.fillPoly(m, [np.round(q).astype(np.int32)], 1)
        mask = m.astype(bool)
        for under, hidden, middle in self.cards:
            if (middle & mask).any() or (hidden | (under & mask)).sum() > under.sum() / 3:
                return False
        for k, (under, hidden, middle) in enumerate(self.cards):
            self.cards[k] = (under, hidden | (under & mask), middle)
        c = q.mean(axis=0)
        r = 0.3 * math.dist(q[0], q[1])
        yy, xx = np.ogrid[0 : h // 2, 0 : w // 2]
        middle = ((xx - c[0]) ** 2 + (yy - c[1]) ** 2 <= r * r) & mask
        self.cards.append((mask, np.zeros_like(mask), middle))
        return True


def compose(
    cards: Sequence[Cutout],
    table: str,
    rng: np.random.Generator,
    size: tuple[int, int] = (640, 480),
    n: int | None = None,
) -> tuple[np.ndarray, list[LabelledDie]]:
    """One hand: 5-10 of `cards` (each at most once) laid on the photo `table`."""
    w, h = size
    n = n or int(rng.integers(5, 11))
    chosen = [cards[int(i)] for i in rng.choice(len(cards), size=min(n, len(cards)), replace=False)]
    length = h * rng.uniform(0.22, 0.32)
    aspect = float(np.median([c.texture.shape[0] / c.texture.shape[1] for c in chosen]))
    frame = table_crop(table, size, rng)
    quads = place_hand(rng, len(chosen), length, aspect, w, h)
    chosen = chosen[: len(quads)]  # a crowded layout may take fewer
    out = []
    for card, quad in zip(chosen, quads, strict=True):
        shadow(frame, quad, length, 1.0, float(rng.uniform(0.25, 0.5)))
        warp_into(frame, card.texture.astype(np.float32), quad, card.alpha)
        out.append(
            LabelledDie(
                box=finder.box_of(quad, w, h),
                face=card.value,
                color=card.color,
                corners=tuple((float(x), float(y)) for x, y in quad),
            )
        )
    frame = cv2.GaussianBlur(frame, (0, 0), float(rng.uniform(0.3, 0.9)))
    frame += rng.normal(0, rng.uniform(1, 4), frame.shape).astype(np.float32)
    _, buf = cv2.imencode(
        ".jpg",
        np.clip(frame, 0, 255).astype(np.uint8),
        [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(70, 95))],
    )
    return np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR)), out


def write_hands(
    folder: str | Path,
    deck: str | Path,
    frames: int,
    seed: int,
    size: tuple[int, int] = (640, 480),
    tables: Sequence[str] | None = None,
) -> LabelSet:
    """`frames` hands of the cards of the labelled folder `deck`, written to `folder`."""
    cards = cutouts(str(deck))
    tables = list(tables) if tables is not None else held_out_tables()
    if not tables:
        raise VisionError("no table photos (shared/data/dice-photos) on this machine")
    rng = np.random.default_rng(seed)
    root = Path(folder)
    root.mkdir(parents=True, exist_ok=True)
    images = []
    for k in range(frames):
        frame, dealt = compose(cards, tables[int(rng.integers(len(tables)))], rng, size)
        name = f"hand-{k:04d}.jpg"
        if not cv2.imwrite(str(root / name), frame):
            raise VisionError(f"cannot write {root / name}")
        images.append(LabelledImage(name, size[0], size[1], tuple(dealt)))
    extra = {
        "source": f"dicetable vision compose-cards --deck {deck} --frames {frames} --seed {seed}",
        "note": "hands composed from the deck's photos on held-out dice-photos tables",
    }
    out = LabelSet("cards", images, root, extra)
    labels.save(out)
    return out
