"""`dicetable board ports|flash|test`, against fakes and the virtual board."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from types import SimpleNamespace

import pytest

from firmware import VERSION
from host.board import cli
from host.board.virtual import VirtualBoard
from host.cli import main
from host.errors import UserError


def test_ports_marks_the_pico(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from serial.tools import list_ports

    fake = [
        SimpleNamespace(device="/dev/ttyACM0", vid=0x2E8A, pid=0x0005, description="Board CDC"),
        SimpleNamespace(device="/dev/ttyS0", vid=None, pid=None, description="n/a"),
    ]
    monkeypatch.setattr(list_ports, "comports", lambda: fake)
    assert main(["board", "ports"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("/dev/ttyACM0  2E8A:0005") and "Pico" in lines[0]
    assert "Pico" not in lines[1]


def test_flash_without_a_board_is_a_one_line_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("host.board.link.find_pico_ports", lambda: [])
    assert main(["board", "flash"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no Pico" in err and "--port" in err


def test_flash_copies_every_module_resets_and_checks_the_announced_version(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "RESET_WAIT_S", 0.1)
    commands: list[Sequence[str]] = []

    def mpremote(command: Sequence[str]) -> int:
        commands.append(command)
        return 0

    with VirtualBoard() as board:
        assert cli.flash(board.port, runner=mpremote) == 0
        assert board.snapshot()["maintenance"]  # it was asked to reset into the REPL first
    (command,) = commands
    assert command[command.index("connect") + 1] == board.port
    copied = {arg.rsplit("/", 1)[-1] for arg in command if arg.endswith(".py")}
    assert {"wire.py", "board.py", "pico.py", "pico_main.py"} <= copied
    assert ":/main.py" in command and command[-1] == "reset"
    assert f"firmware {VERSION} running" in capsys.readouterr().out


def test_flash_reports_a_board_that_announces_another_version() -> None:
    with VirtualBoard() as board, pytest.raises(UserError, match=r"not 9\.9\.9"):
        cli.check_version(board.port, "9.9.9")


def test_board_test_walks_every_step_and_reports_presses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with VirtualBoard() as board:

        def press_soon() -> None:
            time.sleep(1.0)
            board.press(2)

        presser = threading.Thread(target=press_soon)
        presser.start()
        assert main(["board", "test", "--port", board.port, "--step-seconds", "0.06"]) == 0
        presser.join()
        assert board.shown() == ["    "] * 6  # dark once the test is over
    out = capsys.readouterr().out
    assert "step 33/33: each display shows its seat number" in out
    assert "button of seat 3 pressed" in out
    assert "buttons not pressed: seat 1, 2, 4, 5, 6" in out
