"""The host as a process of its own (`dicetable play` on a real SQLite store): SIGKILLed
at a random moment, as a power cut, and started again on the same store; a second one
started beside it."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from host.app.chaos import board
from host.app.chaos.checks import console, observe, one_more, timed
from host.app.chaos.looks import seen
from host.app.chaos.phone_moves import back_to_mine
from host.app.chaos.phones import PIN, Gone

if TYPE_CHECKING:
    from host.app.chaos.soak import Soak
    from host.games.kind import GameKind

ROOT = Path(__file__).resolve().parents[3]
# seconds a result is held in the correction window: long, it waits for a phone to use
# it; short (--window), its end by the clock is a move of its own, at any moment
WINDOW = 60.0


class Host:
    """`dicetable play` on `db`, the board at `board`: started, killed, started again; its
    console in `log` (every start's, one after the other)."""

    def __init__(self, db: Path, data: Path, board: str, log: Path, window: float = WINDOW) -> None:
        self.db, self.data, self.board, self.log = db, data, board, log
        self.window = window
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = ""
        self._read = 0  # of the console, looked at for tracebacks

    def start(self, ready: bool = True) -> str:
        """Started; once its page is served (`ready`: else at once, its URL unknown)."""
        command = [
            sys.executable, "-m", "host", "play", "--camera", "none", "--board", self.board,
            "--port", "0", "--db", str(self.db), "--data", str(self.data), "--pin", PIN,
            "--window", str(self.window),
        ]  # fmt: skip
        with self.log.open("ab") as out:
            start = out.tell()
            self.proc = subprocess.Popen(
                command,
                cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + 60
        while ready and time.monotonic() < deadline:
            text = self.log.read_bytes()[start:].decode(errors="replace")
            found = re.search(r"the table's page is at (\S+)", text)
            if found:
                self.url = found.group(1)
                return self.url
            if self.proc.poll() is not None:
                raise RuntimeError(f"dicetable play did not start:\n{text}")
            time.sleep(0.02)
        if not ready:
            return ""
        raise RuntimeError("dicetable play did not start within 60 s")

    def kill(self) -> None:
        """SIGKILL, as a power cut, and its end waited for."""
        if self.proc is not None:
            _kill(self.proc)
            self.proc.wait()

    def tracebacks(self) -> list[str]:
        """The tracebacks printed since the last look, each by its last line."""
        text = self.log.read_bytes()[self._read :].decode(errors="replace")
        self._read += len(text.encode(errors="replace"))
        out = []
        for block in text.split("Traceback (most recent call last):")[1:]:
            lines = [x for x in block.splitlines() if x and not x.startswith(" ")]
            out.append(lines[0] if lines else block[:200])
        return out


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL to its whole group (a child it started, too); not waited for: a timer's
    kill must not wait on the action it cuts."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)


def killed_during(soak: Soak, kind: GameKind, what: str) -> None:
    """The host SIGKILLed at a random moment of `what` (or between two actions)."""
    delay = soak.rng.uniform(0, 0.05)
    proc = soak.host.proc
    assert proc is not None
    killer = threading.Timer(delay, lambda: _kill(proc))
    killer.start()
    try:
        if what != "between":
            soak.do(kind, what)
    except Gone:
        pass
    killer.join()
    restart(soak, None if what == "between" else what)


def restart(soak: Soak, in_flight: str | None) -> None:
    """The host SIGKILLed (now, if not yet) and started again: the game is the one last
    acknowledged, or that one with `in_flight` done."""
    soak.host.kill()
    soak.tally.restarts += 1
    console(soak)
    if soak.rng.random() < 0.25:  # killed again while it starts (opens, replays...)
        soak.host.start(ready=False)
        time.sleep(soak.rng.uniform(0, 1.5))
        soak.host.kill()
        soak.tally.actions["kill while starting"] += 1
        soak.tally.restarts += 1
    soak.start()
    board.settled(soak)
    now = seen(soak.phones[0])
    acked = soak.acked
    if acked is None or now.same(acked) or timed(acked, now):
        soak.acked = now
        return
    if in_flight is None or not one_more(acked, now, in_flight):
        soak.tally.defect(
            f"after a restart the game is not the one acknowledged (in flight: "
            f"{in_flight}): {acked.differs(now)}"
        )
    soak.acked = now
    back_to_mine(soak, soak.phones[0])  # (an open in flight)


def second_host(soak: Soak) -> None:
    """A second `dicetable play` on the same store is refused in words, at once."""
    host = soak.host
    second = Host(host.db, host.data, "none", host.log.with_suffix(".2"))
    second.start(ready=False)
    assert second.proc is not None
    try:
        status = second.proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        status = None
    said = second.log.read_text(errors="replace")
    second.kill()
    if status in (None, 0) or "Traceback" in said or "dicetable play:" not in said:
        soak.tally.defect(f"a second host on the same store: status {status}: {said[-300:]}")
    observe(soak, False, "a second host on the same store")
