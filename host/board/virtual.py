"""A virtual board: the real firmware under real MicroPython (WebAssembly, in Node) behind
a real pseudo-terminal, with simulated displays, LEDs and buttons.

It is a virtual Pico with a flash: its file system holds the firmware as `dicetable board
flash` copies it (or nothing, for a Pico with only MicroPython). At each boot its
MicroPython runs the flashed /main.py; when the firmware does not start (nothing flashed, or
the host asked for the REPL to flash it), the port is MicroPython's REPL, and the real
mpremote can copy files and reset it (see micropython_runner.mjs).

    with VirtualBoard(seats=4) as board, BoardLink.open(board.port) as link:
        link.show(display)     # a host.games.BoardDisplay
        link.wait_shown(1.0)
        print(board.render())      # 4 seats' displays as 7-segment art, and the LEDs
        board.shown()              # ['12.5 ', ...]: what a person reads on each display
        board.press(0)             # a (bouncing) press of seat 1's button

`port` is a stable path (a symlink to the current pseudo-terminal), like /dev/ttyACM0:
`unplug()` takes the board away (the port vanishes and the firmware stops, as when a
bus-powered Pico is unplugged), `replug()` brings a freshly booted one back at the same path,
with what its flash held.
For the demo, `board.show(display)` sends through a link of the board's own and waits until
it is shown.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
import tty
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from firmware import config
from host.board import deploy, micropython
from host.board.link import BoardLink
from host.board.render import render_board
from host.games import BoardDisplay

PREFIX = "dicetable-vboard-"  # a board's folder: PREFIX, its process id, "-", a random part


def sweep(folder: Path | None = None) -> list[Path]:
    """Remove the folders (in `folder`: the temporary one) of virtual boards whose process
    is no longer alive: a process killed (SIGKILL, a power cut kills all alike) never ran its
    `close`, and left its folder (the flash's firmware, some 72 KB) at every kill. Those of
    processes alive (this one's, another user's) stay. Returns the ones removed."""
    removed = []
    for old in Path(folder or tempfile.gettempdir()).glob(f"{PREFIX}*-*"):
        pid = old.name[len(PREFIX) :].split("-", 1)[0]
        if not pid.isdigit() or old.is_symlink() or not old.is_dir() or _alive(int(pid)):
            continue
        shutil.rmtree(old, ignore_errors=True)
        removed.append(old)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # (another user's: alive)
        return True
    return True


class VirtualBoard:
    def __init__(
        self,
        seats: int = config.SEATS,
        extra_names: Sequence[str] | None = None,
        firmware: Path | None = deploy.FIRMWARE_DIR,
    ) -> None:
        """seats: how many seats `render()` draws (the board always has all of them);
        extra_names: labels of the extra LEDs (`Text`s, said in the terminal's language;
        default "extra 1"...: what a game shows on them is its own to name, `render`'s
        `extra_names`); firmware: the firmware folder the Pico was flashed with, None for
        a Pico with only MicroPython."""
        if not 1 <= seats <= config.SEATS:
            raise ValueError(f"the board has 1 to {config.SEATS} seats, not {seats}")
        self.seats = seats
        self.extra_names = list(extra_names or ())
        self._link: BoardLink | None = None
        sweep()  # (the folders of boards whose process was killed before it closed them)
        self._dir = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-"))
        self.port = str(self._dir / "ttyACM0")
        self._flash = self._dir / "flash"  # the Pico's file system; kept across unplugs
        self._flash.mkdir()
        for on_pico, source in (deploy.deployment(firmware) if firmware else {}).items():
            target = self._flash / on_pico.lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
        self._process: subprocess.Popen[str] | None = None
        self._master = -1
        self._slave = -1
        self._lock = threading.Lock()
        self._next_id = 0
        self.replug()

    # --- power and cable -----------------------------------------------------------
    def replug(self) -> None:
        """Plug the board in: a new pseudo-terminal at `port`, the firmware booting."""
        if self._process is not None:
            return
        node = micropython.node()
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)  # no echo or line editing, before anything is written
        os.set_blocking(self._master, False)
        link = Path(self.port)
        link.unlink(missing_ok=True)
        link.symlink_to(os.ttyname(self._slave))
        serve = ["serve", "--fd", str(self._master), "--flash", str(self._flash)]
        self._process = subprocess.Popen(
            [node, str(micropython.RUNNER), *serve],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            pass_fds=(self._master,),
            text=True,
            bufsize=1,
        )
        hello = self._read_line(self._stdout())
        if not hello.get("ready"):
            self.unplug()
            raise RuntimeError(f"the virtual board did not start: {hello}")

    def unplug(self) -> None:
        """Pull the cable: the port vanishes and the firmware stops (no power)."""
        process, self._process = self._process, None
        if process is not None:
            try:
                if process.stdin is not None:
                    process.stdin.close()  # the runner quits when its commands end
                process.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                process.kill()
                process.wait()
            if process.stdout is not None:
                process.stdout.close()
        Path(self.port).unlink(missing_ok=True)
        for fd in (self._master, self._slave):
            if fd >= 0:
                os.close(fd)
        self._master = self._slave = -1

    def close(self) -> None:
        if self._link is not None:
            self._link.close()
            self._link = None
        self.unplug()
        shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> VirtualBoard:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def ended(self) -> bool:
        """Its firmware's process ended on its own (killed, or failed): unplugged, in effect,
        until `unplug()` and `replug()` start it again."""
        process = self._process
        return process is not None and process.poll() is not None

    @property
    def plugged(self) -> bool:
        return self._process is not None

    @property
    def at_repl(self) -> bool:
        """The Pico waits at its MicroPython REPL: no firmware runs."""
        return bool(self.snapshot()["repl"])

    def flash_files(self) -> dict[str, bytes]:
        """What the Pico's flash holds (path on the Pico -> content), as of its last boot
        (or unplug)."""
        return {
            "/" + p.relative_to(self._flash).as_posix(): p.read_bytes()
            for p in sorted(self._flash.rglob("*"))
            if p.is_file()
        }

    # --- what a person sees and does -------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """Everything the board shows now, and the firmware's counters."""
        result: dict[str, Any] = self._command("snapshot")
        return result

    def shown(self) -> list[str]:
        """What a person reads on each seat's display now, e.g. ['12.5 ', '    ']."""
        return list(self.snapshot()["shown"])

    def leds(self) -> list[tuple[int, int, int]]:
        """Each LED's colour as sent to the chain (after the brightness cap)."""
        return [(r, g, b) for r, g, b in self.snapshot()["leds"]]

    def render(self, seats: int | None = None, extra_names: Sequence[str] | None = None) -> str:
        """The board drawn for a terminal: each display as 7-segment art (of the first
        `seats` seats, default those given at start), then the LEDs (the extra ones named
        `extra_names`, default those given at start: a game's names for them, its
        `host.games.kind.extra_leds_of`)."""
        snapshot = self.snapshot()
        if snapshot["repl"]:
            return "the Pico waits at its MicroPython REPL: no firmware runs"
        names = self.extra_names if extra_names is None else extra_names
        return render_board(snapshot, self.seats if seats is None else seats, names)

    def show(self, display: BoardDisplay, timeout: float = 2.0) -> None:
        """Send a display over the board's own host link and wait until it is shown (for
        the demo; an app opens its own BoardLink on `port`)."""
        if self._link is None:
            self._link = BoardLink.open(self.port)
        self._link.show(display)
        if not self._link.wait_shown(timeout):
            raise RuntimeError(f"the virtual board did not show the display within {timeout} s")

    def press(self, seat: int, held_ms: int = 80) -> None:
        """Press and release seat `seat`'s button (0-based), contacts bouncing."""
        self._command("press", seat=seat, held=held_ms)

    # --- faults ----------------------------------------------------------------------
    def reset(self) -> None:
        """Reset the Pico (new boot id); the port stays."""
        self._command("reset")

    def lose(self, kind: str, count: int = 1) -> None:
        """Lose the next `count` frames of one kind, either way: 'P' the board's presses,
        'K' the host's acknowledgements of them."""
        self._command("lose", kind=kind, count=count)

    def fail_bus(self) -> None:
        """Make the next I2C write fail: the firmware shows its error pattern and resets."""
        self._command("fail_i2c")

    def inject(self, data: bytes) -> None:
        """Write bytes into the board's input as if the host had sent them."""
        with open(self.port, "wb", buffering=0) as port:
            port.write(data)

    def say(self, data: bytes) -> None:
        """Write bytes onto the line toward the host as if the board had sent them (line
        noise, a garbled or forged frame), between the firmware's own frames."""
        if self._master < 0:
            raise RuntimeError("the virtual board is unplugged")
        os.write(self._master, data)

    # --- the runner's command channel -------------------------------------------------
    def _stdout(self) -> IO[str]:
        if self._process is None or self._process.stdout is None:
            raise RuntimeError("the virtual board is unplugged")
        return self._process.stdout

    def _read_line(self, stream: IO[str]) -> dict[str, Any]:
        line = stream.readline()
        if not line:
            raise RuntimeError("the virtual board's runner stopped")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def _command(self, cmd: str, **fields: Any) -> Any:
        with self._lock:
            process = self._process
            if process is None or process.stdin is None:
                raise RuntimeError("the virtual board is unplugged")
            self._next_id += 1
            process.stdin.write(json.dumps({"id": self._next_id, "cmd": cmd, **fields}) + "\n")
            process.stdin.flush()
            answer = self._read_line(self._stdout())
            if not answer.get("ok"):
                raise RuntimeError(f"virtual board: {cmd}: {answer.get('error')}")
            return answer["result"]
