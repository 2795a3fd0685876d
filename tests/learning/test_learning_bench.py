"""`dicetable bench learning` prints its figures: the refits' times and the page's answers
with nothing else running and during a refit (a quick run: 60 examples)."""

from __future__ import annotations

import argparse
import re

import pytest

from host.app.learning_bench import bench

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]  # two refits at nice 10


def test_bench_learning_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench(argparse.Namespace(quick=True)) == 0
    out = capsys.readouterr().out
    assert re.search(
        r"first refit, 60 examples \(all embedded\): [\d.]+ s wall, [\d.]+ s processor", out
    ), out
    assert re.search(r"next refit, 70 examples \(10 new embedded\): .*10 embedded", out), out
    for what in ("state", "action"):
        assert re.search(rf"the page, {what}: [\d.]+ ms median.* during the refit", out), out
