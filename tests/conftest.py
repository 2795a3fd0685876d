"""Soak runs (marked `soak`: the app's crash soak, the games' long property runs) run only
when asked: `make soak` (pytest -m soak)."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "soak" in (config.option.markexpr or ""):
        return
    skip = pytest.mark.skip(reason="a soak run: make soak (pytest -m soak)")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)
