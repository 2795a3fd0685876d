"""The app process killed with SIGKILL at random points of a scripted game and started
again: no acknowledged input is lost, and the game ends as an uninterrupted run does.

A whole random 4-player game (with undos) is played through the page's door (HTTP) into
`dicetable play`; a killer thread SIGKILLs the process after a random delay, wherever it
is (mid-request, mid-commit, in the correction window). After each restart the game's log
must be the log after every acknowledged operation, or after one more (the operation in
flight when the kill came may have been committed without its answer getting out).
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from host.app.kot import KOT
from host.games import Game
from tests.app.scripted import Ops, scripted_game

ROOT = Path(__file__).resolve().parents[2]
PIN = "4321"


def start_app(db: Path) -> tuple[subprocess.Popen[str], str]:
    command = [
        sys.executable, "-m", "host", "play", "--camera", "none", "--board", "none",
        "--port", "0", "--db", str(db), "--pin", PIN, "--window", "0",
    ]  # fmt: skip
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        if "the table's page is at" in line:
            threading.Thread(target=proc.stdout.read, daemon=True).start()  # drain
            return proc, line.split(" at ")[1].split()[0]
    raise AssertionError("dicetable play did not start")


class Client:
    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json", "X-Table-PIN": PIN}
        data = None if body is None else json.dumps(body).encode()
        self.conn.request(method, path, data, headers)
        response = self.conn.getresponse()
        return response.status, json.loads(response.read())

    def settled_state(self) -> dict[str, Any]:
        """The state once no result is held for the correction window."""
        while True:
            _, view = self.call("GET", "/api/state")
            if view["game"] is None or view["game"]["window"] is None:
                return dict(view)
            time.sleep(0.01)


def action(op: dict[str, Any]) -> dict[str, Any]:
    return {"do": "undo"} if op["op"] == "undo" else {"do": "input", "input": op["input"]}


def uninterrupted(setup: dict[str, Any], ops: Ops) -> tuple[Game, list[list[dict[str, Any]]]]:
    """An uninterrupted run: the final game, and its log after each number of operations."""
    game = KOT.new(setup)
    logs: list[list[dict[str, Any]]] = [[]]
    for op in ops:
        if op["op"] == "undo":
            game.undo()
        else:
            game.apply(op["input"])
        logs.append([dict(i) for i in game.log])
    return game, logs


def play_with_kills(
    db: Path, kills: int, rng: random.Random, longest: float
) -> tuple[dict[str, Any], int]:
    setup, ops = scripted_game()
    _, logs = uninterrupted(setup, ops)
    acked = 0
    restarts = 0
    while True:
        proc, url = start_app(db)
        client = Client(url)
        try:
            view = client.settled_state()
            if view["game"] is None:
                status, _ = client.call("POST", "/api/action", {"do": "new_game", "setup": setup})
                assert status == 200
                view = client.settled_state()
            _, script = client.call("GET", f"/api/games/{view['game']['id']}/script")
            log = script["inputs"]
            matches = [k for k in (acked, acked + 1) if k < len(logs) and logs[k] == log]
            assert matches, f"{acked} operations acknowledged, the log after the restart lost some"
            acked = matches[-1] if logs[acked] != log else acked
            if acked == len(ops):
                return view["game"]["state"], restarts
            if restarts < kills:
                delay = rng.uniform(0.01, longest)
                threading.Timer(delay, proc.send_signal, (signal.SIGKILL,)).start()
            for op in ops[acked:]:
                status, answer = client.call("POST", "/api/action", action(op))
                assert status == 200, answer
                acked += 1
                if op["op"] == "input" and op["input"]["type"] == "resolve":
                    client.settled_state()
        except (OSError, http.client.HTTPException):
            restarts += 1  # killed: start it again
        finally:
            proc.kill()
            proc.wait()


def check(tmp_path: Path, kills: int, seed: int, longest: float = 0.6) -> None:
    """`kills` SIGKILLs, each within `longest` seconds of the start (short enough that
    they all land before the game's end)."""
    game, _ = uninterrupted(*scripted_game())
    final, restarts = play_with_kills(tmp_path / "games.db", kills, random.Random(seed), longest)
    assert restarts == kills, f"only {restarts} of the {kills} kills landed before the end"
    assert final == game.to_json()


def test_sigkill_at_random_points_loses_no_acknowledged_input(tmp_path: Path) -> None:
    check(tmp_path, kills=4, seed=20261130)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(5))
def test_sigkill_soak(tmp_path: Path, seed: int) -> None:
    check(tmp_path, kills=30, seed=seed, longest=0.1)
