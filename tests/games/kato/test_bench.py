"""`dicetable bench engine --quick` prints KaTO's figures beside the other games' (no
timing is asserted)."""

from __future__ import annotations

import re

import pytest

from host.cli import main


def test_bench_engine_prints_kato_games_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--quick"]) == 0
    out = capsys.readouterr().out
    ours = out[out.index("-- kato") :]
    ours = ours[: ours.index("-- ", 3)] if "-- " in ours[3:] else ours
    found = re.search(r"games to 500 points: \d+ games/s .*: ([\d.]+) rounds, (\d+) inputs\)", ours)
    assert found is not None and float(found.group(1)) > 1 and int(found.group(2)) > 100
    assert re.search(r"engine alone .*: \d+ games/s, [\d.]+ µs/input \(20 games", ours)
    assert re.search(r"waiting_for\(\) after each input: -?[\d.]+ µs/input more", ours)
    assert re.search(r"baseline .*: [\d.]+ µs/input; the engine costs [\d.]+× that", ours)
