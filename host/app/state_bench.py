"""`dicetable bench state`: what a long game costs the page, against a short one.

A game of 10, 100, 1,000 and 5,000 inputs (one random game, seeded, cut at each: the
first game of the registry whose random play lasts that long from its demo's setup, or
that setup with one of its catalog's choices: more rounds, more points), stored as `dicetable play`
stores it (a real SQLite file) and opened by a table served over HTTP as it is at start:
- state built: the page's state of a new version (`Table.view`, what GET /api/state and
  the live stream send every phone after every change), built anew;
- input then state: POST /api/action with the game's next input (committed, synced),
  then GET /api/state, as a phone sees it: from the tap to the new state;
- open: the table started on the store (the game refolded from its log, as at a restart).
Each timed the same number of times per game, the games taking turns within a round (the
machine is shared and noisy); the figures are medians (and p95) with their ratio to the
short game's, measured in the same run.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import tempfile
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from statistics import median
from typing import Any
from urllib.parse import urlsplit

from host.app.bench import ms, state_version
from host.errors import UserError
from host.games import Input
from host.games.kind import GameKind

SIZES = (10, 100, 1000, 5000)  # inputs in each game; the first is the short game
ROUNDS = 200  # inputs (then states) timed per game
QUICK_ROUNDS = 20
BUDGET = 400_000  # random inputs played at most, looking for games that last long enough


def bench(args: argparse.Namespace) -> int:
    rounds = QUICK_ROUNDS if getattr(args, "quick", False) else ROUNDS
    sizes = SIZES[:3] if getattr(args, "quick", False) else SIZES
    with tempfile.TemporaryDirectory(prefix="dicetable-bench-state-") as folder:
        tables: list[_Served] = []
        try:
            opened: list[float] = []
            kind, setup, inputs = long_game(max(sizes) + rounds)
            for n in sizes:  # one game, cut at each size: the same inputs timed in each
                script = kind.export(setup, inputs[:n])
                start = time.perf_counter()
                ahead = inputs[n : n + rounds]
                tables.append(_Served(Path(folder) / f"game-{n}.db", script, ahead))
                opened.append(time.perf_counter() - start)
            print(
                f"  {kind.title}, {len(sizes)} games of {', '.join(f'{n:,}' for n in sizes)} "
                f"inputs; {rounds} inputs and states timed in each, in turns"
            )
            for _ in range(rounds):
                for served in tables:
                    served.one()
        finally:
            for served in tables:
                served.close()
    short = tables[0]
    for n, served, took in zip(sizes, tables, opened, strict=True):
        print(
            f"  {n:>5,} inputs: state built {ms(served.times['state'])} median, "
            f"{ms(served.times['state'], 0.95)} p95 (x{_ratio(served, short, 'state'):.2f}); "
            f"input then state over HTTP {ms(served.times['input'])} median, "
            f"{ms(served.times['input'], 0.95)} p95 (x{_ratio(served, short, 'input'):.2f}); "
            f"open {took * 1000:.0f} ms"
        )
    return 0


def long_game(n: int, seed: int = 0) -> tuple[GameKind, dict[str, Any], list[Input]]:
    """(a kind, a setup, `n` legal inputs from it that do not end the game): random play,
    seeded, of the first game (the registry's order) and setup found that lasts `n`
    inputs, among its demo's setup and that setup with each of its catalog's choices."""
    from host.app.chaos.inputs import random_input
    from host.games.registry import kinds

    played = 0
    for kind in kinds().values():
        for setup in _setups(kind):
            for k in range(5):
                rng = random.Random(f"{seed}-{k}")
                game = kind.new(setup)
                inputs: list[Input] = []
                while not game.game_over and len(inputs) < n and played < BUDGET:
                    inp = dict(random_input(kind, game, rng))
                    game.apply(inp)
                    inputs.append(inp)
                    played += 1
                if len(inputs) == n and not game.game_over:
                    return kind, setup, inputs
    raise UserError(f"no game here was found lasting {n:,} inputs in random play")


def _setups(kind: GameKind) -> Iterator[dict[str, Any]]:
    """The kind's demo's setup, then that setup with each choice its catalog offers
    (the last ones first: the longest games, where they are ordered)."""
    from host.games.kind import demo_of

    demo = demo_of(kind)
    if demo is None:
        return
    base = kind.setup_of(json.loads(demo.read_text(encoding="utf-8")))
    yield base
    for field in kind.catalog().get("setup", {}).get("fields", []):
        choices = field.get("choices")
        if field.get("units"):  # a number and what it counts: each unit at its default
            choices = [{"value": {u["value"]: u["default"]}} for u in field["units"]]
        if not isinstance(choices, list):
            continue
        values = [c["value"] for c in reversed(choices)]
        # then each made 10 and 100 times longer where it is a count (a target of rounds
        # or points): random play ends most games of the choices offered in a few hundred
        # inputs, and a long game is what this bench measures
        values += [_longer(v, k) for k in (10, 100) for v in values if _longer(v, k) != v]
        for value in values:
            setup = json.loads(json.dumps(base))
            *path, last = str(field["name"]).split(".")
            place = setup
            for part in path:
                place = place.setdefault(part, {})
            place[last] = value
            try:
                kind.new(setup)
            except ValueError:
                continue
            yield setup


def _longer(value: Any, times: int) -> Any:
    """A choice's value with each count in it `times` as large (a mapping of counts)."""
    if isinstance(value, dict) and value and all(type(v) is int for v in value.values()):
        return {k: v * times for k, v in value.items()}
    return value


class _Served:
    """A store holding one game (a script), a table opened on it, served over HTTP; the
    game's next inputs to give it."""

    def __init__(self, db: Path, script: Mapping[str, Any], ahead: list[Input]) -> None:
        from host.app.board_seam import NoBoard
        from host.app.store import Store
        from host.app.table import Table
        from host.app.web import WebServer

        store = Store(db)
        store.import_script(script, make_current=True)
        self.table = Table(store, NoBoard(), pin_seconds=0, announce=lambda s: None)
        self.table.start(clock_thread=False)
        self.web = WebServer(self.table, host="127.0.0.1", port=0)
        self.web.start()
        parts = urlsplit(self.web.url)
        self.conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=60)
        self.pin = store.pin or ""
        self.ahead = list(reversed(ahead))
        self.times: dict[str, list[float]] = {"state": [], "input": []}
        self.version = self._get()

    def close(self) -> None:
        self.conn.close()
        self.web.close()
        self.table.close()
        self.table.store.close()

    def _get(self) -> int:
        self.conn.request("GET", "/api/state")
        response = self.conn.getresponse()
        data = response.read()
        if response.status != 200:
            raise UserError(f"the page's state: HTTP {response.status}")
        return state_version(data)

    def one(self) -> None:
        """The game's next input given, then the state after it, each timed."""
        action = {"do": "input", "input": self.ahead.pop(), "version": self.version}
        headers = {"Content-Type": "application/json", "X-Table-PIN": self.pin}
        t = time.perf_counter()
        self.conn.request("POST", "/api/action", json.dumps(action).encode(), headers)
        response = self.conn.getresponse()
        data = response.read()
        if response.status != 200:
            raise UserError(f"the table refused {action}: {data[:300]!r}")
        self.version = self._get()
        self.times["input"].append(time.perf_counter() - t)
        t = time.perf_counter()
        self.table.view()  # (what every new version costs, built anew: no cache)
        self.times["state"].append(time.perf_counter() - t)


def _ratio(a: _Served, b: _Served, what: str) -> float:
    x, y = a.times[what], b.times[what]
    return median(x) / median(y) if x and y and median(y) > 0 else float("nan")
