"""What a card shows, as numbers a card set's value model reads: its centre symbol as a
mask, seen by a small network, the mask's proportions, and the card's colours.

The card, straightened (vision.cards.patches), is split into paper white, dark and coloured
pixels; the centre symbol is what differs from what surrounds it in the card's middle (the
motif's white, the body's colour or a wild card's black): the pieces of the middle that are
not of that background and do not reach the middle's edge (the body round an oval motif
does). Tried with each background, the one that leaves the most symbol wins. The pieces are
cut to their bounding box and scaled into a SIZE x SIZE square, so the symbol's size, place,
ink and colours do not matter: what is left is its shape. A small network
(cards-symbol.onnx, vision.cards.train.symbols: minutes of training on masks of our own
drawings) turns the mask into EMBED numbers; beside them are the mask's proportions and
pieces and the card's colour features (a wild card is black with four colours).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision import nets
from vision.cards import colour, shape

MODEL = "cards-symbol.onnx"  # the symbol network (vision.cards.train.symbols)
SIZE = 32  # the symbol's mask is scaled into SIZE x SIZE
EMBED = 32  # the network's numbers per symbol
DIM = EMBED + 6 + colour.FEATURES + shape.CUES + 1  # the features a card set reads
# how much the symbol's proportions, the card's colours, the mask's shape cues and its turn
# gap weigh beside the network's numbers (unit length): the colours tell a wild card's four
# from one (0.75: at 0.5 our held-out wilds, four petals, read 8, unsure; chosen on
# rendered held-out frames, scripts/cards18-sets.py); the turn gap (shape.turn_gap) a
# reverse of any drawing, which the network, taught our drawings, may take for a 3 or a 5
# (the real zigzag reverses)
SHAPE_WEIGHT, COLOUR_WEIGHT, CUE_WEIGHT, GAP_WEIGHT = 0.3, 0.75, 1.0, 1.0
# the card's middle, as shares of the straightened card: clear of the corner indices
MIDDLE = (0.06, 0.17, 0.94, 0.83)  # x0, y0, x1, y1
MIN_PIECE = 0.004  # a piece of the symbol covers at least this share of the middle


def fingerprint() -> str:
    """What a card set fitted on these features remembers: the network file's, and the
    shape cues', turn gap's and colours' weights and the gap's mask scale (a set fitted
    without them reads other features)."""
    return (
        f"{nets.model_id(MODEL)}+cues{CUE_WEIGHT:g}+gap{GAP_WEIGHT:g}x{shape.UPSCALE}"
        f"+col{COLOUR_WEIGHT:g}"
    )


def classes(cut: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Masks (white, dark, coloured) of a straightened card (BGR uint8), light balanced."""
    hsv = cv2.cvtColor(colour.balanced(np.ascontiguousarray(cut)), cv2.COLOR_BGR2HSV)
    sat, val = hsv[..., 1].astype(np.int32), hsv[..., 2].astype(np.int32)
    dark = val < 75
    white = ~dark & (sat < 70) & (val > 140)
    return white, dark, ~dark & ~white


def mask(cut: np.ndarray) -> tuple[np.ndarray, int, float, float, np.ndarray]:
    """The centre symbol of a straightened card: its mask cut to its box and scaled into
    SIZE x SIZE (float32 0..1), how many pieces it has, its box's height / width, its
    height as a share of the middle's, and the mask cut to its box as found (bool). An
    empty mask when no symbol is found."""
    h, w = cut.shape[:2]
    x0, y0 = round(MIDDLE[0] * w), round(MIDDLE[1] * h)
    x1, y1 = round(MIDDLE[2] * w), round(MIDDLE[3] * h)
    middle = [m[y0:y1, x0:x1] for m in classes(cut)]
    area = (y1 - y0) * (x1 - x0)
    best: tuple[int, np.ndarray, int] = (0, np.zeros((y1 - y0, x1 - x0), bool), 0)
    for background in middle:
        n, lab, stats, _ = cv2.connectedComponentsWithStats(
            (~background).astype(np.uint8), connectivity=8
        )
        keep = [
            k
            for k in range(1, n)
            if stats[k, cv2.CC_STAT_AREA] >= MIN_PIECE * area
            and stats[k, cv2.CC_STAT_LEFT] > 0
            and stats[k, cv2.CC_STAT_TOP] > 0
            and stats[k, cv2.CC_STAT_LEFT] + stats[k, cv2.CC_STAT_WIDTH] < x1 - x0
            and stats[k, cv2.CC_STAT_TOP] + stats[k, cv2.CC_STAT_HEIGHT] < y1 - y0
        ]
        total = int(sum(stats[k, cv2.CC_STAT_AREA] for k in keep))
        if total > best[0]:
            best = (total, np.isin(lab, keep), len(keep))
    total, symbol, pieces = best
    if not total:
        return np.zeros((SIZE, SIZE), np.float32), 0, 1.0, 0.0, np.zeros((0, 0), bool)
    ys, xs = np.nonzero(symbol)
    crop = symbol[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    return (
        _scaled(crop),
        pieces,
        crop.shape[0] / max(crop.shape[1], 1),
        crop.shape[0] / (y1 - y0),
        crop,
    )


def _scaled(crop: np.ndarray) -> np.ndarray:
    """A symbol cut to its box (bool) centred in a square and scaled into SIZE x SIZE."""
    ch, cw = crop.shape
    side = max(ch, cw)
    square = np.zeros((side, side), np.float32)
    top, left = (side - ch) // 2, (side - cw) // 2
    square[top : top + ch, left : left + cw] = crop
    return np.asarray(cv2.resize(square, (SIZE, SIZE), interpolation=cv2.INTER_AREA))


def _turned(measured: tuple, shape: tuple[int, ...]) -> tuple | None:
    """`mask` of a card turned half way round from its `mask` as cut, without measuring it
    again: the middle is its own half turn (MIDDLE symmetric, in pixels too) and the light
    balance and the pieces do not depend on where a pixel is, so the symbol found is the
    half turn of the one found. None when the middle is not symmetric in pixels."""
    h, w = shape[:2]
    if round(MIDDLE[0] * w) != w - round(MIDDLE[2] * w) or round(MIDDLE[1] * h) != h - round(
        MIDDLE[3] * h
    ):
        return None
    _out, pieces, aspect, height, crop = measured
    if not crop.size:
        return measured
    crop = np.ascontiguousarray(crop[::-1, ::-1])
    return _scaled(crop), pieces, aspect, height, crop


def parts(
    cuts: np.ndarray,
    views: int = 2,
    colours: np.ndarray | None = None,
) -> dict[str, np.ndarray]:
    """The features' parts, unweighted, of straightened cards (n, H, W, 3) uint8, each card
    as cut and (views 2) turned half way round: (views * n, ...) each, views first.
    `colours`: the cards' colour features (vision.cards.colour) when already measured."""
    measured = [mask(c) for c in cuts]
    if views == 2:
        for c, m in zip(cuts, list(measured), strict=True):
            turned = _turned(m, c.shape)
            measured.append(mask(np.ascontiguousarray(c[::-1, ::-1])) if turned is None else turned)
    masks = np.stack([m for m, *_ in measured])
    model = nets.net(MODEL)
    model.setInput(np.ascontiguousarray(masks[:, None], np.float32))
    return {
        "embedded": np.asarray(model.forward(), np.float32).reshape(len(masks), -1),
        # a card turned half way round has its mask's half turn, whose turn gap is the
        # same: measured on the card as cut only (the gap is most of the features' time)
        "gap": np.tile(
            np.array([[shape.turn_gap(m)] for m in masks[: len(cuts)]], np.float32), (views, 1)
        ),
        "shape": np.array(
            [[np.log(a), h, *(np.arange(1, 5) == min(p, 4))] for _, p, a, h, _ in measured],
            np.float32,
        ),
        "colours": np.tile(colour.features(cuts) if colours is None else colours, (views, 1)),
        "cues": np.stack([shape.cues(crop) for *_, crop in measured]),
    }


def combine(got: dict[str, np.ndarray], n: int, views: int) -> np.ndarray:
    """(n, views, DIM) unit-length features from `parts`, each part weighed."""
    v = np.concatenate(
        [
            got["embedded"],
            got["shape"] * SHAPE_WEIGHT,
            got["colours"] * COLOUR_WEIGHT,
            got["cues"] * CUE_WEIGHT,
            got["gap"] * GAP_WEIGHT,
        ],
        axis=1,
    )
    v /= np.linalg.norm(v, axis=1, keepdims=True) + 1e-9
    return np.ascontiguousarray(v.reshape(views, n, -1).transpose(1, 0, 2))


def features(
    cuts: np.ndarray,
    views: int = 2,
    colours: np.ndarray | None = None,
) -> np.ndarray:
    """(n, views, dim) features of straightened cards (n, H, W, 3) uint8, unit length: each
    card as cut and (views 2) turned half way round (a card lies either way up).
    `colours`: as `parts`."""
    n = len(cuts)
    if n == 0:
        return np.zeros((0, views, DIM), np.float32)
    return combine(parts(cuts, views, colours), n, views)
