"""The `dicetable` command: every subcommand is listed and answers --help."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from host.cli import COMMANDS
from host.demo import demo_script


def dicetable(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "host", *args], capture_output=True, text=True, timeout=60
    )


def test_help_lists_every_subcommand_with_its_line() -> None:
    result = dicetable("--help")
    assert result.returncode == 0, result.stderr
    for name, (_, help_line) in COMMANDS.items():
        assert name in result.stdout
        assert help_line.split(":")[0][:30] in " ".join(result.stdout.split())


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_subcommand_has_help(name: str) -> None:
    result = dicetable(name, "--help")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: dicetable " + name)


def test_demo_help_names_every_game_that_ships_a_demo() -> None:
    from host.games.kind import demo_of
    from host.games.registry import kinds

    shipped = [name for name, kind in kinds().items() if demo_of(kind) is not None]
    assert {"king-of-tokyo", "kingdom-run", "kato"} <= set(shipped)
    said = "".join(dicetable("demo", "--help").stdout.split())  # (a name may wrap at its -)
    assert all(name in said for name in shipped), said


def test_unknown_subcommand_is_a_clear_error() -> None:
    result = dicetable("fly")
    assert result.returncode == 2
    assert "invalid choice: 'fly'" in result.stderr
    assert "Traceback" not in result.stderr


HEAVY = {"cv2", "numpy", "serial"}  # OpenCV, numpy, pyserial: a camera's or a board's


def imported(*args: str) -> set[str]:
    """The top-level packages a fresh Python imports running `args` (from -X importtime)."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", *args], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return {
        line.rsplit("|", 1)[1].strip().split(".")[0]
        for line in result.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }


def test_the_import_check_sees_what_is_imported() -> None:
    assert {"numpy", "json"} <= imported("-c", "import json, numpy")


@pytest.mark.parametrize(
    "args",
    [
        ("--help",),
        ("replay", str(demo_script())),
        ("replay", "--help"),
        ("bench", "engine", "--quick"),
    ],
    ids=["help", "replay", "replay-help", "bench-engine"],
)
def test_commands_without_camera_or_board_start_without_opencv_numpy_or_serial(
    args: tuple[str, ...],
) -> None:
    names = imported("-m", "host", *args)
    assert "host" in names and not names & HEAVY, sorted(names & HEAVY)


def test_bench_replay_prints_its_figures_against_python_s_start() -> None:
    import argparse
    import contextlib
    import io

    from host.replay_bench import bench

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert bench(argparse.Namespace(quick=True)) == 0
    lines = out.getvalue().splitlines()
    baseline = next(line for line in lines if line.strip().startswith("python -c pass"))
    replay = next(line for line in lines if "dicetable replay demo-game.json" in line)
    assert " ms " in baseline and "x python -c pass" in replay, lines
    assert re.search(r"CPU +\d+\)", replay), replay
    assert "aim: replay under 0.3 s" in lines[-1], lines


def test_bench_state_prints_a_long_game_s_figures_against_a_short_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import argparse

    from host.app.state_bench import bench

    assert bench(argparse.Namespace(quick=True)) == 0
    lines = capsys.readouterr().out.splitlines()
    sizes = [line for line in lines if "inputs: state built" in line]
    assert [line.split()[0] for line in sizes] == ["10", "100", "1,000"], lines
    assert all(re.search(r"\(x\d+\.\d\d\).*\(x\d+\.\d\d\); open \d+ ms", s) for s in sizes), sizes


def test_bench_compare_of_a_part_that_cannot_says_so_rather_than_ignoring_it() -> None:
    import argparse

    from host.bench import run
    from host.errors import UserError

    with pytest.raises(UserError, match=r"learning benchmark cannot measure another revision"):
        run(argparse.Namespace(part="learning", quick=True, compare="HEAD~1"))


def test_bench_compare_of_a_revision_typed_wrong_says_so_before_measuring(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Before: `dicetable bench engine --compare nope` measured every game's engine for
    minutes (2 min 40 s here) before saying 'cannot read revision nope' (found by the chaos
    round's walk through the commands with input typed wrong). Now at once."""
    import argparse

    from host.bench import run
    from host.errors import UserError

    with pytest.raises(UserError, match=r"'nope' is no revision of .*: give a commit"):
        run(argparse.Namespace(part="engine", quick=True, compare="nope"))
    assert "== bench" not in capsys.readouterr().out  # nothing was measured


def test_replay_of_a_device_that_never_ends_is_one_line() -> None:
    """Before: `dicetable replay /dev/zero` read it whole, its memory growing until the
    system killed it. A game file is read up to 64 MB."""
    result = subprocess.run(
        [sys.executable, "-m", "host", "replay", "/dev/zero"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 1 and result.stderr == (
        "dicetable replay: /dev/zero is no game file: it is bigger than 64 MB (a game file is "
        "far smaller)\n"
    )
