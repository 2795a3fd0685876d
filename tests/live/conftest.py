"""Fixtures of the live tests (helpers are in live_support.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from live_support import Synth, drawer


@pytest.fixture(scope="session")
def synth(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Callable[[str], Synth]:
    """Named synthetic sequences, drawn once per run: pytest-xdist's workers share one
    folder (their temporary folders' parent), so one draws and the others load."""
    if worker_id == "master":  # no workers: this process's cache is the run's
        return drawer()
    return drawer(tmp_path_factory.getbasetemp().parent / "live-sequences")
