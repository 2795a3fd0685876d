"""The examples in the app's docstrings are tests too (and the demo's, a preset of it)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import host.app

MODULES = [name for _, name, _ in pkgutil.iter_modules(host.app.__path__, "host.app.")]
MODULES += ["host.demo"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
