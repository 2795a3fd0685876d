"""The disk under the game store fills up while the camera reads throws, then has room
again: a real `dicetable play` on a real full file system (a small tmpfs in a private mount
namespace, tests/app/private_mount.py), its camera playing the demo's recorded session.
Before, the first store write that failed ended the camera's thread in silence: no notice,
no more throws until a restart."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from host.demo import demo_script, demo_session_folder
from tests.app.private_mount import PrivateMount
from tests.app.running import PIN, ROOT, App, until


def dice(throw: dict[str, Any]) -> tuple[str, list[str], list[str]]:
    return throw["player"], sorted(throw["thrown"]), sorted(throw.get("kept", []))


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
            # (its reason was said in English in every language: str() of the store's error)
            fr = app.call("GET", "/api/state?lang=fr")[1]["notices"]
            assert any(
                n["text"].startswith("le lancer de la caméra n'est pas enregistré\u00a0: le disque")
                for n in fr
            ), fr
            status, answer = app.act({"do": "pause"})
            assert status == 503 and "is full" in answer["error"], answer  # the page, in words
            disk.free()
            until(
                lambda: any("works again" in n["text"] for n in app.state()["notices"]),
                30,
                "the page told that the store works again",
            )
            log = until(lambda: len(app.log()) >= 2 and app.log(), 60, "both throws stored")
            # each once, in order, none lost (the camera lists the dice as they lie)
            assert [dice(e["input"]) for e in log[:2]] == [dice(t) for t in throws]
            assert {e["source"] for e in log[:2]} == {"camera"}
            assert app.proc.poll() is None
        finally:
            app.kill()


def test_a_full_disk_at_start_is_said_as_full_with_what_to_do(tmp_path: Path) -> None:
    """The store's disk full when dicetable starts: SQLite fails the -shm or -wal file's
    growth as an I/O error, and it said 'the disk ... failed to read or write it (disk I/O
    error): check the disk or SD card', sending whoever reads it to a disk that is fine."""
    folder = tmp_path / "data"
    folder.mkdir()
    with PrivateMount(folder, size=1 << 20) as disk:
        db = str(folder / "games.db")
        command = [sys.executable, "-m", "host", "play", "--camera", "none", "--board", "none"]
        App([*disk.inside(), *command, "--db", db, "--port", "0"]).kill()  # a store made
        disk.fill()
        done = subprocess.run(
            [*disk.inside(), *command, "--db", db, "--port", "0"],
            capture_output=True, text=True, timeout=60, cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        f"dicetable play: the disk holding the game store {db} is full: free some space, then "
        "start dicetable again (nothing was changed)"
    )
