"""`dicetable board ports|flash|test`, against fakes and the virtual board."""

from __future__ import annotations

import os
import shutil
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from firmware import VERSION, wire
from host.board import cli, deploy
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


def old_firmware(tmp_path: Path) -> Path:
    """A copy of the firmware that announces an older version."""
    old = tmp_path / "old-firmware"
    shutil.copytree(deploy.FIRMWARE_DIR, old, ignore=shutil.ignore_patterns("__pycache__"))
    init = old / "__init__.py"
    init.write_text(init.read_text().replace(f'VERSION = "{VERSION}"', 'VERSION = "0.0.1"'))
    assert 'VERSION = "0.0.1"' in init.read_text()
    return old


def flashed_as_deployed(board: VirtualBoard) -> bool:
    """The Pico's flash holds this repository's firmware, laid out as deploy.py says."""
    want = {on_pico: source.read_bytes() for on_pico, source in deploy.deployment().items()}
    return board.flash_files() == want


def test_flash_replaces_a_running_firmware_through_the_real_mpremote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "RESET_WAIT_S", 0.2)
    with VirtualBoard(firmware=old_firmware(tmp_path)) as board:
        assert not board.at_repl and not flashed_as_deployed(board)
        assert main(["board", "flash", "--port", board.port]) == 0
        assert not board.at_repl  # the reset after the copy started the new firmware
        assert flashed_as_deployed(board)
    out = capsys.readouterr().out
    assert "firmware 0.0.1 running; asking for the REPL" in out  # it could not be stopped
    assert f"firmware {VERSION} running, boot id" in out  # announced after the reset


def test_flash_a_pico_with_only_micropython_through_the_real_mpremote(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with VirtualBoard(firmware=None) as board:
        assert board.at_repl and board.flash_files() == {}
        assert main(["board", "flash", "--port", board.port]) == 0
        assert flashed_as_deployed(board) and not board.at_repl
    out = capsys.readouterr().out
    assert "asking for the REPL" not in out
    assert f"firmware {VERSION} running, boot id" in out


def test_a_failed_copy_is_a_one_line_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    failing = "raise OSError('could not enter raw repl')"  # (as mpremote fails: a traceback)
    monkeypatch.setattr(cli, "MPREMOTE", [sys.executable, "-c", failing])
    with VirtualBoard(firmware=None) as board:
        assert main(["board", "flash", "--port", board.port]) == 1
        assert board.at_repl  # nothing was copied, nothing started
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "mpremote could not copy the firmware" in err
    assert "(could not enter raw repl): unplug" in err and "Traceback" not in err


def test_a_port_that_is_not_there_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    for action in ("flash", "test"):
        assert main(["board", action, "--port", "/dev/ttyACM-not-there"]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "no serial port /dev/ttyACM-not-there" in err


def test_a_port_that_is_a_folder_or_file_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("")
    for port in (tmp_path, tmp_path / "notes.txt"):
        assert main(["board", "test", "--port", str(port)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "not a serial port" in err


def test_flash_reports_a_board_that_announces_another_version() -> None:
    with VirtualBoard() as board, pytest.raises(UserError, match=r"not 9\.9\.9"):
        cli.check_version(board.port, "9.9.9")


def test_board_test_walks_every_step_and_reports_presses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with VirtualBoard() as board:
        idle = board.shown()

        def press_soon() -> None:
            # once the walk has begun (the displays changed): a press at a fixed time came
            # before the command listened when the machine was busy, and was lost
            deadline = time.monotonic() + 60
            while board.shown() == idle and time.monotonic() < deadline:
                time.sleep(0.02)
            board.press(2)
            # seat 5's display did not answer at the board's start (its D frame, as the
            # firmware says it after its hello: bit 4): the test said nothing of it
            board.say(wire.frame(wire.DARK, 0, b"10"))

        presser = threading.Thread(target=press_soon)
        presser.start()
        assert main(["board", "test", "--port", board.port, "--step-seconds", "0.06"]) == 0
        presser.join()
        assert board.shown() == ["    "] * 6  # dark once the test is over
    out = capsys.readouterr().out
    assert "step 33/33: each display shows its seat number" in out
    assert "button of seat 3 pressed" in out
    assert "buttons not pressed: seats 1, 2, 4, 5 and 6" in out
    assert "displays that did not answer when the board started: seat 5 (check the cable" in out


def test_board_test_on_the_virtual_board_draws_each_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["board", "test", "--virtual", "--step-seconds", "0.01"]) == 0
    out = capsys.readouterr().out
    first = out.split("step  1/33: segment a on every digit\n")[1].splitlines()
    assert first[0].startswith("seat 1  LED off")
    assert first[1] == " _   _   _   _           _   _   _   _           _   _   _   _"
    assert first[2].strip() == first[3].strip() == ""  # only segment a, on every digit
    seat_1_red = out.split("step  9/33: LED seat 1: red\n")[1].split("step 10/33")[0]
    assert "seat 1  LED red" in seat_1_red and "seat 2  LED off" in seat_1_red


def test_a_flash_on_a_port_where_nothing_answers_ends_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A serial port where nothing answers (a real pseudo-terminal, never answered):
    before, mpremote waited for its raw REPL forever (on a real serial port it failed, and
    its whole traceback and a stray b'' reached the person flashing, above the message
    saying what to do)."""
    monkeypatch.setattr(cli, "MPREMOTE_TIMEOUT_S", 10.0)
    master, slave = os.openpty()
    try:
        assert main(["board", "flash", "--port", os.ttyname(slave)]) == 1
    finally:
        os.close(slave)
        os.close(master)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out and "b''" not in captured.out
    (said,) = captured.err.splitlines()
    assert said.startswith("dicetable board: mpremote could not copy the firmware to /dev/pts/")
    assert "(nothing answered within 10 s): unplug and replug the Pico" in said
