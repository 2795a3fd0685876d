"""`dicetable board ports|flash|test`: find the LED board, flash its firmware, test it.

It speaks the terminal's language (host.text); `dicetable board fuzz` (a developer's run)
says its figures as the fuzz script prints them."""

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
from host.games.text import Text
from host.text import _, said

HELLO_TIMEOUT_S = 5.0
RESET_WAIT_S = 2.0  # a Pico's USB port is back this long after it resets
# MicroPython's mpremote: run as a module of this Python, so the venv's copy is used
MPREMOTE = [sys.executable, "-m", "mpremote"]
MPREMOTE_TIMEOUT_S = 120.0  # a whole flash takes a few seconds; more: nothing answers


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="board_command", metavar="ACTION", required=True)
    sub.add_parser("ports", help=said(_("list serial ports; mark the Picos running MicroPython")))
    flash = sub.add_parser(
        "flash",
        help=said(_("copy the firmware to the Pico with mpremote, reset, check its version")),
    )
    flash.add_argument("--port", help=said(_("the Pico's serial port (default: found by USB id)")))
    test = sub.add_parser(
        "test", help=said(_("light every segment and LED in turn, and report button presses"))
    )
    test.add_argument("--port", help=said(_("the board's serial port (default: found by USB id)")))
    test.add_argument(
        "--virtual",
        action="store_true",
        help=said(_("test a virtual board (the firmware in Node)")),
    )
    fuzz = sub.add_parser(
        "fuzz",
        help=said(_("feed random byte streams to the firmware under MicroPython, checking it")),
    )
    fuzz.add_argument(
        "--rounds", type=int, default=100_000, help=said(_("how many (default 100000)"))
    )
    fuzz.add_argument("--seed", type=int, default=1, help=said(_("random seed (default 1)")))
    test.add_argument(
        "--step-seconds",
        type=float,
        default=0.8,
        help=said(_("how long each step stays lit (default 0.8)")),
    )


def tell(text: Text | str) -> None:
    """A line for the terminal, in its language."""
    print(said(text), flush=True)


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
        tell(_("no serial ports (plug the board in with a data cable)"))
        return 0
    for p in found:
        usb = f"{p.vid:04X}:{p.pid:04X}" if p.vid is not None and p.pid is not None else "-"
        mark = (
            "  " + said(_("<- Pico running MicroPython")) if (p.vid, p.pid) == PICO_USB_ID else ""
        )
        print(f"{p.device}  {usb}  {p.description}{mark}")
    return 0


def _the_pico(port: str | None) -> str:
    from host.board.link import find_pico_ports

    if port:
        if port.startswith("/") and not Path(port).exists():
            raise UserError(
                _(
                    "no serial port {port}: see {command}",
                    port=port,
                    command="dicetable board ports",
                )
            )
        if Path(port).is_dir() or Path(port).is_file():
            raise UserError(
                _(
                    "{port} is a folder or file, not a serial port: see {command}",
                    port=port,
                    command="dicetable board ports",
                )
            )
        return port
    picos = find_pico_ports()
    if not picos:
        raise UserError(
            _("no Pico running MicroPython found (USB id 2E8A:0005): plug it in, or give --port")
        )
    if len(picos) > 1:
        raise UserError(_("several Picos found ({ports}): choose one with --port", ports=picos))
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
        return 1, _("nothing answered within {seconds} s", seconds=round(MPREMOTE_TIMEOUT_S))
    lines = [line.strip() for line in done.stderr.splitlines() if line.strip()]
    last = lines[-1] if lines else ""
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
            tell(
                _(
                    "{port}: firmware {version} running; asking for the REPL",
                    port=port,
                    version=link.status.firmware_version,
                )
            )
            link.request(wire.MAINTENANCE, 0, wire.MAINTENANCE_PAYLOAD, timeout=1.0)
    if running:  # (else the Pico is at its REPL already)
        time.sleep(RESET_WAIT_S)
        port = _the_pico(given)
    tell(
        _(
            "copying {n, plural, one {# firmware module} other {# firmware modules}} to {port} ...",
            n=len(deploy.package_files()),
            port=port,
        )
    )
    status, why = runner(mpremote_commands(port))
    if status != 0:
        raise UserError(
            _(
                "mpremote could not copy the firmware to {port} ({why}): unplug and replug the "
                "Pico, then run {command} again",
                port=port,
                why=why,
                command="dicetable board flash",
            )
            if why
            else _(
                "mpremote could not copy the firmware to {port}: unplug and replug the Pico, "
                "then run {command} again",
                port=port,
                command="dicetable board flash",
            )
        )
    return check_version(given, VERSION)


def check_version(port: str | None, expected: str) -> int:
    """After the reset: the board must announce the firmware version just copied
    (port None: the Pico found by USB id)."""
    from host.board.link import BoardLink

    with BoardLink.open(port) as link:
        if not link.wait_board(HELLO_TIMEOUT_S):
            raise UserError(
                _(
                    "the board on {port} did not announce itself within {seconds} s after the "
                    "reset: check {command}, then flash again",
                    port=port or "USB",
                    seconds=round(HELLO_TIMEOUT_S),
                    command="dicetable board ports",
                )
            )
        status = link.status
    if status.firmware_version != expected:
        raise UserError(
            _(
                "the board runs firmware {version}, not {expected}: flash again",
                version=status.firmware_version,
                expected=expected,
            )
        )
    tell(
        _(
            "{port}: firmware {version} running, boot id {boot}",
            port=status.port,
            version=status.firmware_version,
            boot=status.boot_id,
        )
    )
    return 0


# --- fuzz --------------------------------------------------------------------------------
def fuzz(rounds: int, seed: int) -> int:
    """Random byte streams into the firmware under real MicroPython (fuzz_firmware.py)."""
    from host.board import micropython

    if rounds < 1:
        raise UserError(_("--rounds must be at least 1"))
    print(f"fuzzing the firmware under MicroPython: {rounds} rounds, seed {seed} ...")
    script = Path(__file__).with_name("fuzz_firmware.py")
    result = micropython.run_script(script, [str(rounds), str(seed)], timeout=None)
    if result.returncode != 0:
        print(result.stderr, file=sys.stderr, end="")
        raise UserError(_("the firmware failed the fuzz run (seed {seed}): see above", seed=seed))
    print(result.stdout.strip())
    return 0


# --- test --------------------------------------------------------------------------------
def test_steps(led_names: Sequence[str]) -> list[Text]:
    """What a person should see at each self-test step (see firmware/board.py)."""
    steps = [_("segment {name} on every digit", name=name) for name in "abcdefg"]
    steps.append(_("every decimal point"))
    for name in led_names:
        steps += [
            _("LED {name}: red", name=name),
            _("LED {name}: green", name=name),
            _("LED {name}: blue", name=name),
        ]
    steps.append(_("each display shows its seat number"))
    return steps


def led_names() -> list[Text]:
    """Each LED of the chain: the seats', then the extra ones, each named by what the games
    show on it in their words, said in the terminal's language ("extra 1 (...)")."""
    from firmware import config
    from hardware import pinmap
    from host.games.kind import extra_leds_of
    from host.games.registry import kinds

    pins = pinmap.load()
    names = [_("seat {n}", n=k + 1) for k in range(len(pins.displays))]
    shown = [extra_leds_of(kind) for kind in kinds().values()]
    for e in range(config.EXTRAS):
        games = list(dict.fromkeys(leds[e] for leds in shown if e < len(leds)))
        said_as = _("extra {n} ({name})", n=e + 1, name=games) if games else None
        names.append(said_as or _("extra {n}", n=e + 1))
    return names


def self_test(port: str | None, virtual: bool, step_seconds: float) -> int:
    from firmware import config, wire
    from firmware.board import TEST_STEPS
    from host.board.link import BoardLink
    from host.board.virtual import VirtualBoard
    from host.games import BoardDisplay

    names = led_names()
    steps = test_steps(names)
    assert len(steps) == TEST_STEPS, "firmware/board.py's test steps changed"
    with ExitStack() as stack:
        extras = names[-config.EXTRAS :]  # ("extra 1 (...)", as the steps name them)
        board = stack.enter_context(VirtualBoard(extra_names=extras)) if virtual else None
        if board is not None:
            port = board.port
        port = _the_pico(port)
        link = stack.enter_context(BoardLink.open(port))
        if not link.wait_board(HELLO_TIMEOUT_S):
            raise UserError(
                _(
                    "no board answered on {port}: check the cable, or flash the firmware with "
                    "{command}",
                    port=port,
                    command="dicetable board flash",
                )
            )
        status = link.status
        tell(
            _(
                "{port}: firmware {version}, boot id {boot}",
                port=port,
                version=status.firmware_version,
                boot=status.boot_id,
            )
        )
        tell(_("watch the board; press each seat's button once (presses are listed)"))
        pressed: dict[int, int] = {}
        for step, what in enumerate(steps):
            if not link.request(wire.TEST, step, b"", timeout=1.0):
                raise UserError(
                    _("the board did not acknowledge test step {step}: run it again", step=step)
                )
            tell(_("step {n}/{count}: {what}", n=f"{step + 1:2d}", count=len(steps), what=what))
            if board is not None:  # what a person would see on the board
                print(board.render(), flush=True)
            deadline = time.monotonic() + step_seconds
            while (left := deadline - time.monotonic()) > 0:
                press = link.next_press(timeout=left)
                if press is not None:
                    link.acknowledge(press)
                    pressed[press.seat] = pressed.get(press.seat, 0) + 1
                    tell("    " + said(_("button of seat {n} pressed", n=press.seat + 1)))
        link.show(BoardDisplay([]))  # all dark: the test is over
        link.wait_shown(1.0)
        # the displays the board found missing as it started (its D frame, told after its
        # hello: read once the steps are done); the steps lit every display but those
        dark = [s + 1 for s in link.status.dark]
    seats = status.seats or 0
    missing = [s + 1 for s in range(seats) if s not in pressed]
    seen = [_("seat {n}", n=s + 1) for s in sorted(pressed)]
    tell(_("buttons pressed: {seats}", seats=seen) if seen else _("buttons pressed: none"))
    if missing:
        tell(
            _(
                "buttons not pressed: {n, plural, one {seat} other {seats}} {seats}",
                n=len(missing),
                seats=missing,
            )
        )
    if dark:
        tell(
            _(
                "displays that did not answer when the board started: {n, plural, one {seat} "
                "other {seats}} {seats} (check the cable, then unplug the board and plug it "
                "back)",
                n=len(dark),
                seats=dark,
            )
        )
    return 0
