"""`dicetable play` as a process a test starts, kills and starts again: its console (as
it is written) and its page's API (with the table PIN); or one played to its end with its
page open in Chromium (`played_to_the_end`)."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
PIN = "4321"


class App:
    """`dicetable play` started by `command`; its console and its page's API."""

    def __init__(self, command: list[str]) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(  # a group of its own: `end` takes its children too
            command,
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        assert self.proc.stdout is not None
        self.console: list[str] = []
        for line in self.proc.stdout:
            self.console.append(line)
            if "the table's page is at" in line:
                port = int(line.split(" at ")[1].split()[0].rstrip("/").rsplit(":", 1)[1])
                break
        else:
            with contextlib.suppress(ProcessLookupError):  # (its children, if any, too)
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
            raise AssertionError("dicetable play did not start: " + "".join(self.console))
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.console.append(line)

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json", "X-Table-PIN": PIN}
        self.conn.request(method, path, None if body is None else json.dumps(body), headers)
        response = self.conn.getresponse()
        return response.status, json.loads(response.read())

    def act(self, action: dict[str, Any]) -> tuple[int, Any]:
        """A change, as the page makes it: against the state's version it has now."""
        return self.call("POST", "/api/action", {**action, "version": self.state()["version"]})

    def state(self) -> dict[str, Any]:
        return dict(self.call("GET", "/api/state")[1])

    def log(self) -> list[dict[str, Any]]:
        game = self.state()["game"]
        return [] if game is None else list(game["log"])

    def kill(self) -> None:
        """SIGKILL: no cleanup, as a power cut or the kernel's OOM killer."""
        self.proc.kill()
        self.proc.wait()
        self.conn.close()

    def end(self) -> None:
        """SIGKILL its whole process group, whatever state it is in (a test's cleanup:
        killed already, or never got as far as its page)."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.conn.close()


def until(check: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while not (result := check()):
        assert time.monotonic() < deadline, f"not within {timeout} s: {what}"
        time.sleep(0.02)
    return result


def played_to_the_end(
    command: list[str], page: Page, env: dict[str, str] | None = None, watch: str = ""
) -> list[str]:
    """`dicetable play` COMMAND (a recorded session, --exit-at-end) run to its end, its page
    opened in `page` as soon as it says where (then `watch` evaluated there): every line it
    printed. It must end well, within 4 minutes."""
    from playwright.sync_api import Error as PlaywrightError

    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    proc = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    lines, url = [], ""
    while not url:
        line = proc.stdout.readline()
        assert line, f"dicetable play ended early: {proc.stderr.read() if proc.stderr else ''}"
        lines.append(line)
        if "the table's page is at" in line:
            url = line.split(" at ")[1].split()[0]
    try:
        page.goto(url)
        if watch:
            page.evaluate(watch)
    except PlaywrightError:
        assert proc.wait(timeout=60) != 0  # dicetable play stopped: see why below
    try:
        out, err = proc.communicate(timeout=240)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    assert proc.returncode == 0, err
    return lines + out.splitlines()


def final(lines: list[str], what: str) -> Any:
    """What `dicetable play --exit-at-end` printed last of `what` ("state", "board")."""
    said = f"final {what}: "
    return json.loads(next(x for x in lines if x.startswith(said))[len(said) :])
