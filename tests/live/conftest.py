"""Fixtures of the live tests (helpers are in live_support.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from live_support import Synth, drawer


@pytest.fixture(scope="session")
def synth() -> Callable[[str], Synth]:
    """Named synthetic sequences, drawn once per session."""
    return drawer()
