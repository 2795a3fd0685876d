"""The procedural action symbols the symbol network may be trained on
(vision.cards.train.procedural): a reverse is any two arrows, each the other's half turn,
and every kind comes out of the reader's own cut as a symbol mask."""

from __future__ import annotations

import numpy as np
import pytest

from vision.cards import glyphs, symbol
from vision.cards.train import procedural

FACE = glyphs.Typeface("stroke", "round", 0.16, 0.0, 1.0)


def ink(layers: list[glyphs.Layer]) -> np.ndarray:
    """Everything a symbol's layers paint (its black edges too), as a bool mask."""
    size = max(m.shape[0] for m, _ in layers)
    out = np.zeros((size, size), bool)
    for m, _ in layers:
        out[: m.shape[0], : m.shape[1]] |= m > 0.5
    return out


@pytest.mark.parametrize("seed", range(12))
def test_a_reverse_is_its_own_half_turn(seed: int) -> None:
    m = ink(procedural.symbol_layers("reverse", 96, np.random.default_rng(seed), FACE))
    turned = m[::-1, ::-1]
    iou = (m & turned).sum() / max((m | turned).sum(), 1)
    assert m.sum() > 0.03 * m.size
    assert iou > 0.85, f"seed {seed}: a reverse's two arms not each other's half turn ({iou:.2f})"


@pytest.mark.parametrize("value", procedural.KINDS)
def test_each_kind_gives_a_symbol_mask_as_the_reader_cuts_it(value: str) -> None:
    rng = np.random.default_rng(7)
    found = 0
    for _ in range(10):
        cut = procedural.card_cut(value, rng)
        assert cut.shape == (96, 64, 3)
        found += symbol.mask(cut)[1] > 0
    assert found >= 8, f"{value}: a symbol found in {found} of 10 cards"


def test_the_same_seed_draws_the_same_masks(tmp_path) -> None:
    a, b = tmp_path / "a.npz", tmp_path / "b.npz"
    assert procedural.render(a, 3, 2) == procedural.render(b, 3, 2) == 2 * len(procedural.KINDS)
    with np.load(a) as x, np.load(b) as y:
        assert (x["masks"] == y["masks"]).all()
        assert list(x["values"]) == [*procedural.KINDS] * 2
