"""The examples in the live pipeline's docstrings run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "vision.live.calibration",
    "vision.live.motion",
    "vision.live.follow",
    "vision.live.sequences",
    "vision.live.watch",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
