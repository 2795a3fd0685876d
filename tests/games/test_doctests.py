"""The examples in the game-neutral modules' docstrings (host.games itself) are tests too."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import host.games

MODULES = ["host.games"] + [
    name
    for _, name, is_package in pkgutil.iter_modules(host.games.__path__, "host.games.")
    if not is_package
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
