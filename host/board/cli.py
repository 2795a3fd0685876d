"""`dicetable board ports|flash|test`: find the LED board, flash its firmware, test it."""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path

from host.board import deploy
from host.errors import UserError

HELLO_TIMEOUT_S = 5.0
RESET_WAIT_S = 2.0  # a Pico's USB port is back this long after it resets
# MicroPython's mpremote: run as a module of this Python, so the venv's copy is used
MPREMOTE = [sys.executable, "-m", "mpremote"]
MPREMOTE_TIMEOUT_S = 120.0  # a whole flash takes a few seconds; more: nothing answers


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="board_command", metavar="ACTION", required=True)
    sub.add_parser("ports", help="list serial ports; mark the Picos running MicroPython")
    flash = sub.add_parser(
        "flash", help="copy the firmware to the Pico with mpremote, reset, check its version"
    )
    flash.add_argument("--port", help="the Pico's serial port (default: found by USB id)")
    test = sub.add_parser(
        "test", help="light every segment and LED in turn, and report button presses"
    )
    test.add_argument("--port", help="the board's serial port (default: found by USB id)")
    test.add_argument(
        "--virtual", action="store_true", help="test a virtual board (the firmware in Node)"
    )
    fuzz = sub.add_parser(
        "fuzz", help="feed random byte streams to the firmware under MicroPython, checking it"
    )
    fuzz.add_argument("--rounds", type=int, default=100_000, help="how many (default 100000)")
    fuzz.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    test.add_argument(
        "--step-seconds",
        type=float,
        default=0.8,
        help="how long each step stays lit (default 0.8)",
    )


def run(args: argparse.Namespace) -> int:
    if args.board_command == "ports":
        return ports()
    if args.board_command == "flash":
        return flash(args.port)
    if args.board_command == "fuzz":
        return fuzz(args.rounds, args.seed)
    return self_test(args.port, args.virtual, args.step_seconds)


# --- ports -------------------------------------------------------------------------------
def ports() -> int:
    from serial.tools import list_ports

    from host.board.link import PICO_USB_ID

    found = sorted(list_ports.comports(), key=lambda p: p.device)
    if not found:
        print("no serial ports (plug the board in with a data cable)")
        return 0
    for p in found:
        usb = f"{p.vid:04X}:{p.pid:04X}" if p.vid is not None and p.pid is not None else "-"
        mark = "  <- Pico running MicroPython" if (p.vid, p.pid) == PICO_USB_ID else ""
        print(f"{p.device}  {usb}  {p.description}{mark}")
    return 0


def _the_pico(port: str | None) -> str:
    from host.board.link import find_pico_ports

    if port:
        if port.startswith("/") and not Path(port).exists():
            raise UserError(f"no serial port {port}: see `dicetable board ports`")
        if Path(port).is_dir() or Path(port).is_file():
            raise UserError(
                f"{port} is a folder or file, not a serial port: see `dicetable board ports`"
            )
        return port
    picos = find_pico_ports()
    if not picos:
        raise UserError(
            "no Pico running MicroPython found (USB id 2E8A:0005): plug it in, or give --port"
        )
    if len(picos) > 1:
        raise UserError(f"several Picos found ({', '.join(picos)}): choose one with --port")
    return picos[0]


# --- flash -------------------------------------------------------------------------------
def mpremote_commands(port: str) -> list[str]:
    """One mpremote chain: make /firmware, copy the modules and /main.py, reset (the
    layout of host/board/deploy.py)."""
    mkdir = f"import os\ntry:\n os.mkdir('{deploy.PACKAGE}')\nexcept OSError:\n pass"
    command = [*MPREMOTE, "connect", port, "exec", mkdir, "+", "fs", "cp"]
    command += [str(p) for p in deploy.package_files()]
    command += [f":{deploy.PACKAGE}/", "+", "fs", "cp", str(deploy.FIRMWARE_DIR / deploy.MAIN)]
    return [*command, ":/main.py", "+", "reset"]


def _mpremote(command: Sequence[str]) -> tuple[int, str]:
    """Run an mpremote chain: its exit status, and what it said last on failure (its own
    traceback is no news for the person flashing: the message says what to do). One that
    does not end in MPREMOTE_TIMEOUT_S is stopped: on a port where nothing answers, mpremote
    waits for its raw REPL forever."""
    try:
        done = subprocess.run(
            command, check=False, capture_output=True, text=True, timeout=MPREMOTE_TIMEOUT_S
        )
    except subprocess.TimeoutExpired:  # (a port where nothing answers: it would wait forever)
        return 1, f"nothing answered within {MPREMOTE_TIMEOUT_S:.0f} s"
    said = [line.strip() for line in done.stderr.splitlines() if line.strip()]
    last = said[-1] if said else ""
    return done.returncode, last.rpartition("Error: ")[2] if "Error: " in last else last


def flash(port: str | None, runner: Callable[[Sequence[str]], tuple[int, str]] = _mpremote) -> int:
    from firmware import VERSION, wire
    from host.board.link import BoardLink

    given = port  # None: find the Pico by USB id again after each reset (it may move)
    port = _the_pico(port)
    # a running firmware ignores Ctrl-C: ask it to reset into the REPL first
    with BoardLink.open(port) as link:
        running = link.wait_board(1.5)
        if running:
            print(f"{port}: firmware {link.status.firmware_version} running; asking for the REPL")
            link.request(wire.MAINTENANCE, 0, wire.MAINTENANCE_PAYLOAD, timeout=1.0)
    if running:  # (else the Pico is at its REPL already)
        time.sleep(RESET_WAIT_S)
        port = _the_pico(given)
    print(f"copying {len(deploy.package_files())} firmware modules to {port} ...")
    status, said = runner(mpremote_commands(port))
    if status != 0:
        raise UserError(
            f"mpremote could not copy the firmware to {port}"
            + (f" ({said})" if said else "")
            + ": unplug and replug the Pico, then run `dicetable board flash` again"
        )
    return check_version(given, VERSION)


def check_version(port: str | None, expected: str) -> int:
    """After the reset: the board must announce the firmware version just copied
    (port None: the Pico found by USB id)."""
    from host.board.link import BoardLink

    with BoardLink.open(port) as link:
        if not link.wait_board(HELLO_TIMEOUT_S):
            raise UserError(
                f"the board on {port or 'USB'} did not announce itself within "
                f"{HELLO_TIMEOUT_S:.0f} s after the reset: check `dicetable board ports`, "
                "then flash again"
            )
        status = link.status
    if status.firmware_version != expected:
        raise UserError(
            f"the board runs firmware {status.firmware_version}, not {expected}: flash again"
        )
    print(f"{status.port}: firmware {status.firmware_version} running, boot id {status.boot_id}")
    return 0


# --- fuzz --------------------------------------------------------------------------------
def fuzz(rounds: int, seed: int) -> int:
    """Random byte streams into the firmware under real MicroPython (fuzz_firmware.py)."""
    from host.board import micropython

    if rounds < 1:
        raise UserError("--rounds must be at least 1")
    print(f"fuzzing the firmware under MicroPython: {rounds} rounds, seed {seed} ...")
    script = Path(__file__).with_name("fuzz_firmware.py")
    result = micropython.run_script(script, [str(rounds), str(seed)], timeout=None)
    if result.returncode != 0:
        print(result.stderr, file=sys.stderr, end="")
        raise UserError(f"the firmware failed the fuzz run (seed {seed}): see above")
    print(result.stdout.strip())
    return 0


# --- test --------------------------------------------------------------------------------
def test_steps(led_names: Sequence[str]) -> list[str]:
    """What a person should see at each self-test step (see firmware/board.py)."""
    steps = [f"segment {name} on every digit" for name in "abcdefg"]
    steps.append("every decimal point")
    for name in led_names:
        steps += [f"LED {name}: {colour}" for colour in ("red", "green", "blue")]
    steps.append("each display shows its seat number")
    return steps


def led_names() -> list[str]:
    from hardware import pinmap

    pins = pinmap.load()
    names = [f"seat {k + 1}" for k in range(len(pins.displays))]
    return names + [f"extra {e + 1} ({n})" for e, n in enumerate(pins.extra_names)]


def self_test(port: str | None, virtual: bool, step_seconds: float) -> int:
    from firmware import wire
    from firmware.board import TEST_STEPS
    from host.board.link import BoardLink
    from host.board.virtual import VirtualBoard
    from host.games import BoardDisplay

    steps = test_steps(led_names())
    assert len(steps) == TEST_STEPS, "firmware/board.py's test steps changed"
    with ExitStack() as stack:
        board = stack.enter_context(VirtualBoard()) if virtual else None
        if board is not None:
            port = board.port
        port = _the_pico(port)
        link = stack.enter_context(BoardLink.open(port))
        if not link.wait_board(HELLO_TIMEOUT_S):
            raise UserError(
                f"no board answered on {port}: check the cable, or flash the firmware "
                "with `dicetable board flash`"
            )
        status = link.status
        print(f"{port}: firmware {status.firmware_version}, boot id {status.boot_id}")
        print("watch the board; press each seat's button once (presses are listed)")
        pressed: dict[int, int] = {}
        for step, what in enumerate(steps):
            if not link.request(wire.TEST, step, b"", timeout=1.0):
                raise UserError(f"the board did not acknowledge test step {step}: run it again")
            print(f"step {step + 1:2d}/{len(steps)}: {what}")
            if board is not None:  # what a person would see on the board
                print(board.render(), flush=True)
            deadline = time.monotonic() + step_seconds
            while (left := deadline - time.monotonic()) > 0:
                press = link.next_press(timeout=left)
                if press is not None:
                    link.acknowledge(press)
                    pressed[press.seat] = pressed.get(press.seat, 0) + 1
                    print(f"    button of seat {press.seat + 1} pressed")
        link.show(BoardDisplay([]))  # all dark: the test is over
        link.wait_shown(1.0)
    seats = status.seats or 0
    missing = [str(s + 1) for s in range(seats) if s not in pressed]
    print("buttons pressed: " + (", ".join(f"seat {s + 1}" for s in sorted(pressed)) or "none"))
    if missing:
        print(f"buttons not pressed: seat {', '.join(missing)}")
    return 0
