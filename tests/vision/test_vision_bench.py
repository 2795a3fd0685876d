"""`dicetable bench vision` runs and prints its figures (timing is never asserted here)."""

from __future__ import annotations

import argparse
import re

import pytest

from vision import bench


def test_bench_prints_median_p90_and_baseline_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.bench(argparse.Namespace(quick=True)) == 0
    out = capsys.readouterr().out
    for size in ("640x480", "1280x960"):
        line = next(line for line in out.splitlines() if line.startswith(f"{size}: read median"))
        assert re.search(r"median [\d.]+ ms, p90 [\d.]+ ms .* ratio \d+x baseline", line), line
    assert "30 ms budget" in out
