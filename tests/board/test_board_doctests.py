"""The examples in the board's docstrings run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "firmware.wire",
    "firmware.font",
    "firmware.ht16k33",
    "firmware.buttons",
    "host.board.deploy",
    "host.board.frames",
    "host.board.render",
    "hardware.pinmap",
    "hardware.camera",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
