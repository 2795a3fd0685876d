"""The shared firmware tests again, on real MicroPython 1.27 (WebAssembly, under Node).

Each test module listed in SHARED runs under pytest on CPython as usual, and here each
of its tests runs once more inside MicroPython; a test reported missing fails too.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from host.board.micropython import run_script

HERE = Path(__file__).parent
SHARED = ["test_fw_wire", "test_fw_board", "test_fw_pico"]


def _shared_tests() -> list[str]:
    return [
        f"{module}::{name}"
        for module in SHARED
        for name in sorted(vars(importlib.import_module(module)))
        if name.startswith("test_")
    ]


@pytest.fixture(scope="module")
def micropython_results() -> dict[str, dict[str, object]]:
    result = run_script(HERE / "fw_run_all.py", SHARED, mounts=[f"{HERE}:"])
    assert result.returncode == 0, result.stderr
    outcomes = [
        json.loads(line[len("RESULT ") :])
        for line in result.stdout.splitlines()
        if line.startswith("RESULT ")
    ]
    return {o["test"]: o for o in outcomes}


@pytest.mark.parametrize("test", _shared_tests())
def test_on_micropython(test: str, micropython_results: dict[str, dict[str, object]]) -> None:
    outcome = micropython_results.get(test)
    assert outcome is not None, f"{test} did not run under MicroPython"
    assert outcome["ok"], outcome.get("error")
