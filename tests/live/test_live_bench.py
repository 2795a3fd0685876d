"""`dicetable bench live --quick` runs and prints every figure it promises."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_live_prints_its_figures() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "host", "bench", "live", "--quick"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert re.search(r"baseline, reading every frame: +\d+\.\d frames/s", out)
    assert re.search(r"follower, reading still frames: +\d+\.\d frames/s .*x the baseline", out)
    assert re.search(r"delay from still dice to the event: median \d+ ms", out)
    # the follower's logic, with the drawn truth as its reader, gets every event right
    assert re.search(r"(\d+)/(\d+) with the drawn truth", out)
    right, expected = map(int, re.search(r"(\d+)/(\d+) with the drawn truth", out).groups())
    assert right == expected > 0
