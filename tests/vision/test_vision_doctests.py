"""The examples in vision's docstrings run and say what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "vision.glyphs",
    "vision.split",
    "vision.detect",
    "vision.render.draw",
    "vision.render.scene",
    "vision.cards.size",
    "vision.cards.still",
    "vision.cards.flow",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
