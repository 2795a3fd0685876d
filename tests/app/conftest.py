"""The app's tests: soak runs (marked `soak`) run only when asked: pytest -m soak."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "soak" in (config.option.markexpr or ""):
        return
    skip = pytest.mark.skip(reason="a soak run: pytest -m soak tests/app")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)
