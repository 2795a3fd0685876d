"""The `dicetable` command: every subcommand is listed and answers --help."""

from __future__ import annotations

import subprocess
import sys

import pytest

from host.cli import COMMANDS


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


def test_unknown_subcommand_is_a_clear_error() -> None:
    result = dicetable("fly")
    assert result.returncode == 2
    assert "invalid choice: 'fly'" in result.stderr
    assert "Traceback" not in result.stderr
