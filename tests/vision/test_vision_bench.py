"""`dicetable bench vision` runs and prints its figures (timing is never asserted here)."""

from __future__ import annotations

import argparse
import re

import pytest

from vision import bench


def test_bench_prints_median_p90_and_baseline_ratio_for_rendered_and_real_frames(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench.bench(argparse.Namespace(quick=True)) == 0
    out = capsys.readouterr().out
    for name in (
        "rendered 640x480",
        "rendered 1280x960",
        "dice-photos/d6-tray (held-out)",
        "kot-frames/origins/test",
        "cards rendered 640x480",  # the card reader's, beside the dice'
        "cards/deck-a",
        "cards/deck-a hands 640x480",
    ):
        line = next(line for line in out.splitlines() if line.startswith(f"{name} ("))
        assert re.search(r"median [\d.]+ ms, p90 [\d.]+ ms .* ratio \d+x baseline", line), line
    budget = [line for line in out.splitlines() if "30 ms budget" in line]
    assert len(budget) == 3, out  # rendered 640x480 and both real sets
