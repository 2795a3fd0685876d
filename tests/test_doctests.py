"""The examples written in the code's docstrings are true (`>>>` lines run as doctests).

They are documentation a maintainer trusts: one in host/locales.py had gone stale
unnoticed because nothing ran them. Every module of host/, vision/ and wording/ holding an example
is run here, one test a module.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _with_examples() -> list[str]:
    found = []
    for package in ("host", "vision", "wording"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if ">>> " in path.read_text(encoding="utf-8"):
                parts = list(path.relative_to(ROOT).with_suffix("").parts)
                if parts[-1] == "__init__":
                    parts.pop()
                found.append(".".join(parts))
    return found


MODULES = _with_examples()


def test_there_are_examples_to_run() -> None:
    assert len(MODULES) > 20  # (the walk finds the modules: a wrong root finds none)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_a_module_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples fail"
