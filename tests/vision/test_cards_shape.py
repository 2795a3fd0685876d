"""The shape cues of a card's symbol mask (vision.cards.shape): what tells a plus from two
small cards overlapping (a draw two), and a ring from both, whatever their size."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.cards import shape

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
