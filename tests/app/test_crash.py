"""The app process killed with SIGKILL at random points of a scripted game and started
again: no acknowledged input is lost, and the game ends as an uninterrupted run does.

A whole random 4-player game (with undos, and the deck shuffled by hand so every card
turned over is an input) is played through the page's door (HTTP) into `dicetable play`.
The kill points are operations drawn at random over the whole game: at each, a killer
thread SIGKILLs the process a random few milliseconds after the operation is posted, so it
lands wherever the process is (mid-request, mid-commit, just after the answer; the test
waits for it before going on). Each result is held for the
correction window (long, so only the page resolves it) and resolved by a second press, so
kills also land while a result waits in the window, which must wait again after the
restart. After each restart the game's log must be the log after every acknowledged
operation, or after one more (the operation in flight when the kill came may have been
committed without its answer getting out).
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
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from host.games import Game
from host.games.kot.table_kind import KIND as KOT
from tests.app.scripted import Ops, apply_op, scripted_game

ROOT = Path(__file__).resolve().parents[2]
PIN = "4321"
WINDOW = "60"  # seconds: the correction window never ends by itself during the test
LATEST = 0.008  # seconds: a kill lands this long at most after its operation is posted


def start_app(db: Path) -> tuple[subprocess.Popen[str], str]:
    command = [
        sys.executable, "-m", "host", "play", "--camera", "none", "--board", "none",
        "--port", "0", "--db", str(db), "--pin", PIN, "--window", WINDOW,
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
    held: bool = False  # the end of the throws acknowledged, the result held in the window

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
        self.version = 0  # of the state last seen: each action says it was made against it

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json", "X-Table-PIN": PIN}
        data = None if body is None else json.dumps(body).encode()
        self.conn.request(method, path, data, headers)
        response = self.conn.getresponse()
        return response.status, json.loads(response.read())

    def post(self, action: dict[str, Any]) -> None:
        status, answer = self.call("POST", "/api/action", {**action, "version": self.version})
        assert status == 200, answer
        self.version = answer["version"]

    def state(self) -> dict[str, Any]:
        view = dict(self.call("GET", "/api/state")[1])
        self.version = view["version"]
        return view

    def play(self, op: dict[str, Any]) -> None:
        """One operation, as people at the table do it; returns once it is acknowledged."""
        if op["op"] == "undo":
            self.post({"do": "undo"})
            return
        self.post({"do": "input", "input": op["input"]})
        if op["input"]["type"] == "resolve":  # the result is held for the window...
            if self.state()["game"]["window"] is not None:  # (unless it was held already)
                Client.held = True
                self.post({"do": "input", "input": op["input"]})  # ...then used at once
            assert self.state()["game"]["window"] is None
            Client.held = False


def uninterrupted(setup: dict[str, Any], ops: Ops) -> tuple[Game, list[list[dict[str, Any]]]]:
    """An uninterrupted run: the final game, and its log after each number of operations."""
    game = KOT.new(setup)
    logs: list[list[dict[str, Any]]] = [[]]
    for op in ops:
        apply_op(game, op)
        logs.append([dict(i) for i in game.log])
    return game, logs


def play_with_kills(
    db: Path, kills: int, rng: random.Random
) -> tuple[dict[str, Any], Counter[str]]:
    """The scripted game played with `kills` SIGKILLs at random operations; the final
    state, and where the kills landed (how many found the operation in flight committed,
    and how many found a result held in the window)."""
    setup, ops = scripted_game()
    _, logs = uninterrupted(setup, ops)
    points = sorted(rng.sample(range(len(ops)), kills))
    acked = 0
    Client.held = False
    landed: Counter[str] = Counter()
    while True:
        proc, url = start_app(db)
        client = Client(url)
        killer: threading.Timer | None = None  # one kill per run, at its operation
        try:
            view = client.state()
            if view["game"] is None:
                client.post({"do": "new_game", "game": "king-of-tokyo", "setup": setup})
                view = client.state()
            _, script = client.call("GET", f"/api/games/{view['game']['id']}/script")
            log = script["inputs"]
            matches = [k for k in (acked, acked + 1) if k < len(logs) and logs[k] == log]
            assert matches, f"{acked} operations acknowledged, the log after the restart lost some"
            if logs[acked] != log:
                landed["in flight, committed"] += 1
                acked += 1
                Client.held = False
            held = view["game"]["window"] is not None
            assert held or not Client.held, "an acknowledged end of the throws was lost"
            landed["a result held in the window"] += held
            if acked == len(ops):
                return view["game"]["state"], landed
            for index in range(acked, len(ops)):
                if points and index == points[0]:
                    points.pop(0)
                    delay = rng.uniform(0, LATEST)
                    killer = threading.Timer(delay, proc.send_signal, (signal.SIGKILL,))
                    killer.start()
                client.play(ops[index])
                acked += 1
                if killer is not None:
                    break  # the kill lands right after this answer: restart
        except (OSError, http.client.HTTPException):
            if killer is None:
                raise  # the app went away by itself
        finally:
            if killer is not None:  # during the operation, or right after its answer
                killer.join()
                landed["kills"] += proc.wait() == -signal.SIGKILL
            proc.kill()
            proc.wait()


def check(tmp_path: Path, kills: int, seed: int) -> Counter[str]:
    game, _ = uninterrupted(*scripted_game())
    final, landed = play_with_kills(tmp_path / "games.db", kills, random.Random(seed))
    assert landed["kills"] == kills, f"{landed['kills']} of the {kills} kills landed"
    assert final == game.to_json()
    return landed


def test_sigkill_at_random_points_loses_no_acknowledged_input(tmp_path: Path) -> None:
    check(tmp_path, kills=8, seed=20261130)


@pytest.mark.soak
def test_sigkill_soak(tmp_path: Path) -> None:
    landed: Counter[str] = Counter()
    for seed in range(5):
        (tmp_path / str(seed)).mkdir()  # (dicetable play makes no folder for --db: a00b690)
        landed += check(tmp_path / str(seed), kills=40, seed=seed)
    # the kills landed everywhere the test means them to; how often a kill finds an input
    # committed but not yet answered depends on the machine's speed, so over all 200 kills
    # (one seed's 40 sometimes found none here)
    assert landed["in flight, committed"] and landed["a result held in the window"], landed
