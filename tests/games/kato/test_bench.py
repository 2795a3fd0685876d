"""KaTO's part of `dicetable bench engine --quick` prints its figures (no timing is
asserted; tests/games/kingdom_run/test_bench.py checks that the command finds it)."""

from __future__ import annotations

import argparse
import re

import pytest

from host.games.kato.bench import bench


def test_bench_prints_kato_games_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench(argparse.Namespace(quick=True)) == 0
    out = capsys.readouterr().out
    found = re.search(r"games to 500 points: \d+ games/s .*: ([\d.]+) rounds, (\d+) inputs\)", out)
    assert found is not None and float(found.group(1)) > 1 and int(found.group(2)) > 100
    assert re.search(r"engine alone .*: \d+ games/s, [\d.]+ µs/input \(8 games", out)
    assert re.search(r"waiting_for\(\) after each input: -?[\d.]+ µs/input more", out)
    assert re.search(r"baseline .*: [\d.]+ µs/input; the engine costs [\d.]+× that", out)
