"""`dicetable bench engine --quick` runs and prints its figures (no timing is asserted)."""

from __future__ import annotations

import re

import pytest

from host.cli import main


def test_bench_engine_prints_games_per_second_and_us_per_input(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "engine", "--quick"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"random 4-player games: \d+ games/s .* [\d.]+ µs/input", out)
    assert re.search(r"\(60 games, .* ([\d.]+) cards bought and [\d.]+ used per game\)", out)
    bought = re.search(r"([\d.]+) cards bought", out)
    assert bought is not None and float(bought.group(1)) > 1  # the games have cards in play
    assert re.search(r"engine alone .*: [\d.]+ µs/input", out)
    assert re.search(r"baseline .*: [\d.]+ µs/input; the engine costs [\d.]+× that", out)
