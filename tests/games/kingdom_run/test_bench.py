"""`dicetable bench engine --quick` prints Kingdom Run's figures beside King of Tokyo's (no
timing is asserted)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from host.cli import main
from host.games.bench import engine_benches


def test_every_rules_package_with_a_bench_is_found() -> None:
    games = Path(__file__).resolve().parents[3] / "host" / "games"
    with_bench = sorted(p.parent.name for p in games.glob("*/bench.py"))
    assert engine_benches() == [f"host.games.{name}.bench" for name in with_bench]
    assert "host.games.kingdom_run.bench" in engine_benches()


def test_bench_engine_prints_both_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--quick"]) == 0
    out = capsys.readouterr().out
    ours = out[out.index("-- kingdom_run") : out.index("-- kot")]
    assert re.search(
        r"random 4-player races: \d+ games/s \([\d.]+ ms/game, \d+ inputs/game\)", ours
    )
    assert re.search(r"engine alone .*: [\d.]+ µs/input, [\d.]+× the baseline; waiting_for", ours)
    assert re.search(r"baseline .*: [\d.]+ µs/input", ours)
    assert "random 4-player games:" in out[out.index("-- kot") :]
