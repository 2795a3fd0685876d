"""`dicetable bench live --quick` runs and prints every figure it promises."""

from __future__ import annotations

import re

from live_support import run_dicetable


def test_bench_live_prints_its_figures() -> None:
    result = run_dicetable("bench", "live", "--quick")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert re.search(r"baseline, reading every frame: +\d+\.\d frames/s", out)
    assert re.search(r"follower, reading still frames: +\d+\.\d frames/s .*x the baseline", out)
    assert re.search(r"delay from still dice to the event: median \d+ ms", out)
    assert re.search(r"real photos held still \(12 of d6-tray.*delay median \d+ ms", out)
    # the follower's logic, with the drawn truth as its reader, gets every event right
    assert re.search(r"(\d+)/(\d+) with the drawn truth", out)
    right, expected = map(int, re.search(r"(\d+)/(\d+) with the drawn truth", out).groups())
    assert right == expected > 0
