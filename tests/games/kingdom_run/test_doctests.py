"""The examples in the Kingdom Run package's docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import host.games.kingdom_run as package

MODULES = [name for _, name, _ in pkgutil.iter_modules(package.__path__, f"{package.__name__}.")]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
