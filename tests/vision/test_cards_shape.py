"""The shape cues of a card's symbol mask (vision.cards.shape): what tells a plus from two
small cards overlapping (a draw two), and a ring from both, whatever their size."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.cards import glyphs, shape

CUE = {name: k for k, name in enumerate(shape.NAMES)}


def plus(size: int) -> np.ndarray:
    m = np.zeros((size, size), bool)
    third = size // 3
    m[third : size - third, :] = True
    m[:, third : size - third] = True
    return m


def two_cards(size: int) -> np.ndarray:
    """Two upright card outlines, the second overlapping the first down and to the right."""
    h, w = size, round(size * 0.85)
    m = np.zeros((h, w), bool)
    ch, cw = round(h * 0.7), round(w * 0.6)
    m[:ch, :cw] = True
    m[h - ch :, w - cw :] = True
    return m


def ring(size: int) -> np.ndarray:
    m = np.zeros((size, round(size * 0.75)), np.uint8)
    c = (m.shape[1] // 2, size // 2)
    cv2.ellipse(m, c, (c[0] - 1, c[1] - 1), 0, 0, 360, 1, max(size // 8, 2))
    return m.astype(bool)


@pytest.mark.parametrize("size", [24, 40, 64])
def test_a_plus_is_its_own_quarter_turn_with_four_notches_two_cards_are_not(size: int) -> None:
    p, d = shape.cues(plus(size)), shape.cues(two_cards(size))
    assert p[CUE["quarter-turn"]] > 0.9 and p[CUE["mirror"]] > 0.9
    assert d[CUE["quarter-turn"]] < 0.7 and d[CUE["mirror"]] < 0.7
    assert p[CUE["notches"]] == pytest.approx(4 / 8)
    assert d[CUE["notches"]] <= 2 / 8
    # both are their own half turn, one piece, no hole: those cues alone would not tell them
    assert p[CUE["half-turn"]] > 0.9 and d[CUE["half-turn"]] > 0.9
    assert p[CUE["holes"]] == d[CUE["holes"]] == 0


def test_a_ring_has_its_hole_and_no_notch() -> None:
    r = shape.cues(ring(48))
    assert r[CUE["holes"]] == 0.5 and r[CUE["notches"]] == 0
    assert r[CUE["solidity"]] < 0.8 < r[CUE["largest-solidity"]]  # the hull is its own


def test_no_symbol_gives_no_cues() -> None:
    assert not shape.cues(np.zeros((0, 0), bool)).any()
    assert not shape.cues(np.zeros((10, 10), bool)).any()


def reverse(size: int, turn: float) -> np.ndarray:
    """Two arrows side by side pointing apart (a reverse), turned `turn` degrees."""
    s = size * 2
    m = np.zeros((s, s), np.uint8)
    for k in (1, -1):  # the upper arrow points right, the lower one (its half turn) left
        y, tip, tail = s / 2 - k * 0.2 * s, s / 2 + k * 0.4 * s, s / 2 - k * 0.4 * s
        neck = tip - k * 0.3 * s
        cv2.rectangle(
            m,
            (round(min(tail, neck)), round(y - 0.05 * s)),
            (round(max(tail, neck)), round(y + 0.05 * s)),
            1,
            -1,
        )
        head = [(neck, y - 0.15 * s), (tip, y), (neck, y + 0.15 * s)]
        cv2.fillPoly(m, [np.round(head).astype(np.int32)], 1)
    m = cv2.warpAffine(
        m, cv2.getRotationMatrix2D((s / 2, s / 2), turn, 1), (s, s), flags=cv2.INTER_NEAREST
    )
    ys, xs = np.nonzero(m)
    return m[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].astype(bool)


def slashed_ring(size: int) -> np.ndarray:
    m = np.zeros((size, size), np.uint8)
    c, width = size // 2, max(size // 8, 2)
    cv2.circle(m, (c, c), c - 2, 1, width)
    cv2.line(m, (size // 5, 4 * size // 5), (4 * size // 5, size // 5), 1, width)
    return m.astype(bool)


def small(m: np.ndarray) -> np.ndarray:
    """A mask scaled into the 32 x 32 square the symbol network and head read."""
    side = max(m.shape)
    square = np.zeros((side, side), np.float32)
    top, left = (side - m.shape[0]) // 2, (side - m.shape[1]) // 2
    square[top : top + m.shape[0], left : left + m.shape[1]] = m
    return np.asarray(cv2.resize(square, (32, 32), interpolation=cv2.INTER_AREA))


@pytest.mark.parametrize("size", [48, 96])
@pytest.mark.parametrize("turn", [0, 30, 45, 100])
def test_a_reverse_is_its_own_half_turn_a_plus_a_ring_and_a_skip_also_mirrors(
    size: int, turn: float
) -> None:
    # on the small square mask the network reads: a reverse is its own half turn and no
    # mirror image's; a plus, a ring, a slashed ring (a skip, however turned) are their
    # own mirror images too, so the half turn adds nothing
    assert shape.turn_gap(small(reverse(size, turn))) > 0.4
    for symmetric in (plus(size), ring(size), slashed_ring(size)):
        assert shape.turn_gap(small(symmetric)) < 0.1


def test_no_symbol_has_no_turn_gap() -> None:
    assert shape.turn_gap(np.zeros((32, 32), np.float32)) == 0.0


def ink(value: str, variant: int) -> np.ndarray:
    """A symbol design's ink, drawn 64 px square, scaled to the 32 x 32 mask's square."""
    layers = glyphs.symbol(value, variant, 64)
    drawn = np.max([m for m, role in layers if role == "ink"], axis=0)
    return np.asarray(cv2.resize(drawn, (32, 32), interpolation=cv2.INTER_AREA))


@pytest.mark.parametrize("variant", [10, 11, 12, 13])
def test_our_turning_reverses_are_chiral_as_a_reverse_is_our_straight_and_round_ones_less(
    variant: int,
) -> None:
    # two arrows turning one way about the middle leave their mirror image little to
    # overlap; two straight arrows side by side or two arcs round one circle leave it much
    assert variant in glyphs.variants("reverse", "train")
    assert shape.turn_gap(ink("reverse", variant)) > 0.7
    for plain in (0, 1):  # straight arrows side by side, two arrows round a circle
        assert shape.turn_gap(ink("reverse", plain)) < 0.35
