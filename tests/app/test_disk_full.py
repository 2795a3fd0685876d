"""The disk under the game store fills up while the camera reads throws, then has room
again: a real `dicetable play` on a real full file system (a small tmpfs in a private mount
namespace, tests/app/private_mount.py), its camera playing the demo's recorded session.
Before, the first store write that failed ended the camera's thread in silence: no notice,
no more throws until a restart."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from host.demo import demo_script, demo_session_folder
from tests.app.private_mount import PrivateMount

ROOT = Path(__file__).resolve().parents[2]
PIN = "4321"


class App:
    """`dicetable play` started by `command`; its console and its page's API."""

    def __init__(self, command: list[str]) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        assert self.proc.stdout is not None
        self.console: list[str] = []
        for line in self.proc.stdout:
            self.console.append(line)
            if "the table's page is at" in line:
                port = int(line.split(" at ")[1].split()[0].rstrip("/").rsplit(":", 1)[1])
                break
        else:
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

    def state(self) -> dict[str, Any]:
        return dict(self.call("GET", "/api/state")[1])

    def log(self) -> list[dict[str, Any]]:
        game = self.state()["game"]
        return [] if game is None else list(game["log"])

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


def dice(throw: dict[str, Any]) -> tuple[str, list[str], list[str]]:
    return throw["player"], sorted(throw["thrown"]), sorted(throw.get("kept", []))


def until(check: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while not (result := check()):
        assert time.monotonic() < deadline, f"not within {timeout} s: {what}"
        time.sleep(0.02)
    return result


def test_a_full_disk_is_said_and_the_camera_s_throws_go_in_once_there_is_room(
    tmp_path: Path,
) -> None:
    demo_session_folder()  # rendered once, outside the small disk
    throws = json.loads(demo_script().read_text())["inputs"][:2]
    assert [t["type"] for t in throws] == ["throw", "throw"]
    folder = tmp_path / "data"
    folder.mkdir()
    with PrivateMount(folder, size=4 << 20) as disk:
        command = [
            sys.executable, "-m", "host", "play", "--camera", "demo", "--manual",
            "--speed", "0.25", "--board", "none", "--db", str(folder / "games.db"),
            "--pin", PIN, "--window", "60", "--port", "0",
        ]  # fmt: skip
        app = App([*disk.inside(), *command])
        try:
            until(lambda: app.state()["game"] is not None, 30, "the session's game set up")
            # frozen while the disk fills, so the fill beats the first throw however slow
            # the machine (the session's frames then catch up, in order)
            os.kill(app.proc.pid, signal.SIGSTOP)
            try:
                disk.fill()
            finally:
                os.kill(app.proc.pid, signal.SIGCONT)
            assert app.log() == [], "the first throw came before the disk was full"
            full = "the camera's throw is not stored: the disk holding the game store"
            notice = until(
                lambda: next((n for n in app.state()["notices"] if full in n["text"]), None),
                60,
                "the page told that the throw is not stored",
            )
            assert "is full: free some space" in notice["text"] and notice["level"] == "error"
            until(  # the console too (read by a thread of this test)
                lambda: any(f"[error] {full}" in line for line in app.console), 10, "the console"
            )
            assert app.log() == []
            pause = {"do": "pause", "version": app.state()["version"]}  # as the page does
            status, answer = app.call("POST", "/api/action", pause)
            assert status == 503 and "is full" in answer["error"], answer  # the page, in words
            disk.free()
            log = until(lambda: len(app.log()) >= 2 and app.log(), 60, "both throws stored")
            # each once, in order, none lost (the camera lists the dice as they lie)
            assert [dice(e["input"]) for e in log[:2]] == [dice(t) for t in throws]
            assert {e["source"] for e in log[:2]} == {"camera"}
            texts = [n["text"] for n in app.state()["notices"]]
            assert any("works again" in t for t in texts), texts
            assert app.proc.poll() is None
        finally:
            app.close()
