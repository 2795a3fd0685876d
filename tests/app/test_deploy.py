"""The systemd unit starts at boot, restarts on failure, and runs a command line that
`dicetable` accepts; the Raspberry Pi guide installs what the unit runs."""

from __future__ import annotations

import configparser
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from host.app.connections import Limits
from host.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "deploy" / "dicetable.service"


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(UNIT.read_text())
    return parser


def test_the_unit_starts_at_boot_and_restarts_on_failure() -> None:
    u = unit()
    assert u["Install"]["WantedBy"] == "multi-user.target"
    assert u["Service"]["Restart"] == "on-failure"
    assert "dialout" in u["Service"]["SupplementaryGroups"]


def test_the_unit_lets_the_server_open_the_files_its_connections_need() -> None:
    """Each connection is a file: the unit allows at least what the server's limits need
    (systemd's default of 1024 would let connections starve the store and the camera)."""
    assert int(unit()["Service"]["LimitNOFILE"]) >= Limits().files


def test_the_unit_runs_a_command_line_dicetable_accepts() -> None:
    command = shlex.split(unit()["Service"]["ExecStart"])
    assert command[0].endswith("/.venv/bin/dicetable")
    args = build_parser(command[1:]).parse_args(command[1:])
    assert args.command == "play" and args.camera == "picamera" and args.serve_network


def test_the_guide_installs_picamera2_from_the_system_into_a_venv_that_sees_it() -> None:
    guide = (ROOT / "docs" / "raspberry-pi.md").read_text()
    assert "apt install -y python3-picamera2" in guide
    assert "venv --system-site-packages .venv" in guide
    assert "deploy/dicetable.service /etc/systemd/system/" in guide
    working = unit()["Service"]["WorkingDirectory"]
    assert f"{working}/.venv/bin/dicetable" in unit()["Service"]["ExecStart"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_systemd_reads_the_unit_without_a_complaint(tmp_path: Path) -> None:
    """systemd's own check of the unit, with its paths moved to this checkout (whose
    dicetable command must exist: make install)."""
    working = unit()["Service"]["WorkingDirectory"]
    if not (ROOT / ".venv" / "bin" / "dicetable").exists():
        pytest.skip("no .venv/bin/dicetable here: make install")
    copy = tmp_path / "dicetable.service"
    copy.write_text(UNIT.read_text().replace(working, str(ROOT)))
    result = subprocess.run(
        ["systemd-analyze", "verify", str(copy)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0 and not (result.stdout + result.stderr).strip(), result.stderr
