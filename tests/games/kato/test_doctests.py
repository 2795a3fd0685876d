"""The examples in the rules package's docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import host.games.kato

MODULES = [n for _, n, _ in pkgutil.iter_modules(host.games.kato.__path__, "host.games.kato.")]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
