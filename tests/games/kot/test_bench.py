"""`dicetable bench engine --quick` runs and prints its figures (no timing is asserted)."""

from __future__ import annotations

import argparse
import re

import pytest

from host.errors import UserError
from host.games.kot.bench import bench, compare


def test_bench_engine_prints_games_per_second_and_us_per_input(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # King of Tokyo's bench alone (Kingdom Run's bench test runs the command's every game)
    assert bench(argparse.Namespace(quick=True, compare=None)) == 0
    out = capsys.readouterr().out
    assert re.search(r"random 4-player games: \d+ games/s .* [\d.]+ µs/input", out)
    assert re.search(r"\(20 games, .* ([\d.]+) cards bought and [\d.]+ used per game\)", out)
    bought = re.search(r"([\d.]+) cards bought", out)
    assert bought is not None and float(bought.group(1)) > 1  # the games have cards in play
    assert re.search(r"engine alone .*: [\d.]+ µs/input", out)
    assert re.search(r"baseline .*: [\d.]+ µs/input; the engine costs [\d.]+× that", out)


def test_bench_engine_compares_with_a_revision_in_the_same_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # King of Tokyo's bench alone (`dicetable bench engine` runs every game's first)
    assert bench(argparse.Namespace(quick=True, compare="HEAD")) == 0
    out = capsys.readouterr().out
    assert "best of 2 rounds each; HEAD and this tree in turns" in out
    base, _, every = out.partition("every expansion on:")  # the base game's figures first
    assert "the base game:" in base and every
    for figures in (base, every):
        for what in ("random 4-player games", "engine alone", "baseline"):
            found = re.search(
                rf"{what}.*: ([\d.]+) .* at HEAD, ([\d.]+) .* here: ([\d.]+)× as fast", figures
            )
            assert found is not None, what
            then, now, ratio = map(float, found.groups())
            assert then > 0 and now > 0 and ratio > 0


def test_bench_engine_compare_with_no_such_revision_says_so() -> None:
    with pytest.raises(UserError, match=r"cannot read revision 'no-such-rev'.*give a commit"):
        compare("no-such-rev", games=1, rounds=1)
