"""`dicetable bench chaos`: a seeded chaos soak of a running table (docs/app.md, "Chaos").

The real `dicetable play` (a process of its own, on a real SQLite store) with the virtual
board (the real firmware under MicroPython, on a real pseudo-terminal) plays each game of
the registry to its end while two or three simulated phones (HTTP clients of the real
server, each a device of its own address and language) and the board act at random:

- legal inputs (the game's own random player, `GameKind.random_input`, on the game as the
  server exports it), undo, redo, pause and resume, a change made against a stale state,
  every phone at once against one state, another game opened and this one again;
- illegal inputs (a legal one with a field changed, an input of another moment),
  malformed and hostile requests (bodies that are no JSON, too deep, too big; wrong
  types, unknown actions, paths, games and pictures; a wrong PIN from another device),
  setups and game scripts with a field changed, a second host on the same store;
- button presses of any seat, line noise and garbled frames on the serial line, the
  board unplugged and plugged again, reset;
- the host SIGKILLed at a random moment (during an action, between two, while it starts)
  and started again on the same store.

Its invariants, each broken one a defect (printed, and the exit status 1):

- never a 5xx and never a traceback on the host's console;
- every refusal is `{"error": ...}` with words, and a Japanese phone reads them in
  Japanese (403, 409, 429, 503: a request the page never makes is answered in the API's
  English);
- a refusal changes nothing (the game's inputs and state, its held result, its pause, its
  redo), nor does a change made against a state that moved on (one at most is taken);
- after each restart the game is the one last acknowledged, or that one with the action
  in flight when the kill came done; the presses the board keeps are acknowledged;
- the page's live stream sends every change; at a game's end the board shows it;
- every game goes on to its end.

The figures: actions by kind, restarts, games ended, legal inputs refused (and why),
defects. `--quick` is the short run of the tests (tests/app/test_chaos.py); `kill -TERM`
prints the figures so far."""

from __future__ import annotations

import argparse
import contextlib
import faulthandler
import http.client
import itertools
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from host.board.virtual import VirtualBoard
    from host.games import Game
    from host.games.kind import GameKind

ROOT = Path(__file__).resolve().parents[2]
PIN = "2468"
# seconds a result is held in the correction window: long, it waits for a phone to use
# it; short (--window), its end by the clock is a move of its own, at any moment
WINDOW = 60.0
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ADDRESSES = ("127.0.0.2", "127.0.0.3", "127.0.0.4")  # the phones: a device each
LANGS = ("en", "ja", "fr")
# legal inputs through the server once the chaos of a game is over, at most: the rest of a
# long game is played here from its stored script (a look at a long game's state costs its
# length: a card game of 10 rounds, thousands of inputs, took half an hour through it)
FINISH = 1500
# the refusals a player reads (the others answer requests the page never makes, in the
# API's English: host.app.table.Malformed, a method or a path that is not the API's)
SAID = (403, 409, 429, 503)
STRANGER = "127.0.0.9"  # the device that guesses PINs
JUNK: tuple[Any, ...] = (
    None, True, False, -1, 0, 7, 2**53, 10**20, 1e308, -1e308, 3.5, "", "x" * 5000,
    "名前", "../../etc/passwd", "<script>", [], {}, [None], [[[]]], {"a": 1}, "unknown",
)  # fmt: skip


# ---- the figures ---------------------------------------------------------------------------


@dataclass
class Tally:
    actions: Counter[str] = field(default_factory=Counter)
    restarts: int = 0
    games: list[str] = field(default_factory=list)  # each game ended: its kind
    setups: list[dict[str, Any]] = field(default_factory=list)  # each game's, as taken
    refused: Counter[str] = field(default_factory=Counter)  # legal inputs refused: why
    defects: list[str] = field(default_factory=list)

    def defect(self, what: str) -> None:
        if what not in self.defects:
            self.defects.append(what)
            print(f"DEFECT: {what}", flush=True)

    def lines(self) -> list[str]:
        total = sum(self.actions.values())
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.actions.items()))
        return [
            f"actions: {total} ({kinds})",
            f"restarts after kill -9: {self.restarts}",
            f"games ended: {len(self.games)} ({', '.join(self.games)})",
            f"legal inputs the table refused: {sum(self.refused.values())}",
            *(f"  {n} x {why}" for why, n in self.refused.most_common(8)),
            f"defects: {len(self.defects)}",
            *(f"  - {d}" for d in self.defects),
        ]


# ---- the host ------------------------------------------------------------------------------


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
        """SIGKILL, as a power cut (its whole group: a child it started, too)."""
        if self.proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def tracebacks(self) -> list[str]:
        """The tracebacks printed since the last look, each by its last line."""
        text = self.log.read_bytes()[self._read :].decode(errors="replace")
        self._read += len(text.encode(errors="replace"))
        out = []
        for block in text.split("Traceback (most recent call last):")[1:]:
            lines = [x for x in block.splitlines() if x and not x.startswith(" ")]
            out.append(lines[0] if lines else block[:200])
        return out


# ---- a phone -------------------------------------------------------------------------------


class Gone(Exception):
    """The host went away during a request."""


class Phone:
    """A device at the table: its address, its language, its connection to the page."""

    def __init__(self, name: str, address: str, lang: str, tally: Tally) -> None:
        self.name, self.address, self.lang, self.tally = name, address, lang, tally
        self.conn: http.client.HTTPConnection | None = None
        self.url = ""

    def connect(self, url: str) -> None:
        self.url = url
        if self.conn is not None:
            self.conn.close()
        self.conn = None

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: Mapping[str, str] | None = None,
        what: str = "",
    ) -> tuple[int, Any]:
        """One request; a 5xx or a refusal without words is a defect. Gone if the host
        went away."""
        parts = urlsplit(self.url)
        sep = "&" if "?" in path else "?"
        for attempt in (0, 1):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(
                    parts.hostname or "", parts.port, timeout=30, source_address=(self.address, 0)
                )
            try:
                self.conn.request(method, f"{path}{sep}lang={self.lang}", body, dict(headers or {}))
                response = self.conn.getresponse()
                raw = response.read()
                break
            except (OSError, http.client.HTTPException) as error:
                self.conn.close()
                self.conn = None
                if attempt or not isinstance(
                    error, http.client.RemoteDisconnected | BrokenPipeError
                ):
                    raise Gone(str(error)) from None
        status = response.status
        try:
            data = json.loads(raw) if raw else None
        except ValueError:
            data = raw
        said = what or f"{method} {path}"
        if status >= 500:
            self.tally.defect(f"{status} for {said}: {str(data)[:300]}")
        elif status >= 400 and path.startswith("/api/"):
            words = data.get("error") if isinstance(data, dict) else None
            if not isinstance(words, str) or not words.strip():
                self.tally.defect(f"{status} without words for {said}: {str(data)[:300]}")
            elif self.lang == "ja" and status in SAID and not JAPANESE.search(words):
                self.tally.defect(f"{status} not in Japanese for {said}: {words[:200]}")
        return status, data

    def get(self, path: str) -> Any:
        status, data = self.request("GET", path)
        if status != 200:
            raise Gone(f"GET {path}: {status}")
        return data

    def act(self, action: Mapping[str, Any], version: Any, what: str = "") -> tuple[int, Any]:
        body = dict(action) if version is None else {**action, "version": version}
        headers = {"Content-Type": "application/json", "X-Table-PIN": PIN}
        return self.request(
            "POST", "/api/action", json.dumps(body).encode(), headers, what or str(action)[:200]
        )


class Listener:
    """A page's live stream (`/api/events`, server-sent events) read in a thread: the
    version of the last state it sent, and what was wrong with it."""

    def __init__(self, url: str, lang: str, tally: Tally) -> None:
        self.version = -1
        self.tally = tally
        parts = urlsplit(url)
        self.conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=60)
        self.conn.request("GET", f"/api/events?lang={lang}")
        self.response = self.conn.getresponse()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        event, data = "", []
        try:
            while True:
                line = self.response.readline()
                if not line:
                    return  # (the host went away)
                text = line.decode().rstrip("\n")
                if text.startswith("event:"):
                    event = text[6:].strip()
                elif text.startswith("data:"):
                    data.append(text[5:].strip())
                elif not text:
                    if event == "state" and data:
                        self.version = int(json.loads("\n".join(data))["version"])
                    event, data = "", []
        except (OSError, http.client.HTTPException, ValueError, KeyError) as error:
            if not isinstance(error, OSError | http.client.HTTPException):
                self.tally.defect(f"the live stream sent what does not read: {error}")

    def close(self) -> None:
        self.conn.close()


# ---- what the table is now -----------------------------------------------------------------


@dataclass(frozen=True)
class Log:
    """A game's inputs as the page gets them: how many, and the last ones (each numbered
    from 1, as JSON): enough to tell one log from another as it grows or is undone, without
    the whole script at every look (a long game's every look would cost its length)."""

    count: int
    tail: tuple[tuple[int, str], ...]

    def __len__(self) -> int:
        return self.count

    @property
    def last(self) -> str | None:
        return self.tail[-1][1] if self.tail and self.tail[-1][0] == self.count else None

    def agrees(self, other: Log) -> bool:
        """The inputs both show, the same."""
        mine = dict(self.tail)
        return all(mine.get(n, i) == i for n, i in other.tail if n <= min(self.count, other.count))

    def grew(self, before: Log, by: int | None = None) -> bool:
        """`before` with inputs added (`by` of them, or any number)."""
        more = self.count - before.count
        return (more > 0 if by is None else more == by) and self.agrees(before)


@dataclass(frozen=True)
class Seen:
    """The game on the table as a phone sees it: what nothing acknowledged may lose."""

    game_id: int | None
    inputs: Log  # the inputs (undone ones left out)
    state: str  # the game's own JSON
    held: str | None  # the result held in the correction window
    paused: bool
    over: bool
    version: int
    redo: bool = False  # what was undone can be given back

    def same(self, other: Seen) -> bool:
        return (self.game_id, self.inputs, self.state, self.held, self.paused, self.redo) == (
            other.game_id,
            other.inputs,
            other.state,
            other.held,
            other.paused,
            other.redo,
        )


def seen(phone: Phone) -> Seen:
    view = phone.get("/api/state")
    game = view["game"]
    if game is None:
        return Seen(None, Log(0, ()), "", None, False, False, int(view["version"]))
    window = game["window"]
    tail = tuple((int(e["n"]), json.dumps(e["input"], sort_keys=True)) for e in game["log"])
    return Seen(
        int(game["id"]),
        Log(int(game["inputs"]), tail),
        json.dumps(game["state"], sort_keys=True),
        None if window is None else json.dumps(window["input"], sort_keys=True),
        bool(game["paused"]),
        game["summary"] is not None,
        int(view["version"]),
        bool(game["redo"]),
    )


# ---- mutations -----------------------------------------------------------------------------


def mutated(value: Any, rng: random.Random) -> Any:
    """`value` (JSON) with one field, item or the whole changed, dropped or added to."""
    value = json.loads(json.dumps(value))
    paths: list[list[Any]] = [[]]

    def walk(v: Any, path: list[Any]) -> None:
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for k, x in items:
            paths.append([*path, k])
            walk(x, [*path, k])

    walk(value, [])
    path = rng.choice(paths)
    if not path:
        return rng.choice(JUNK)
    parent = value
    for k in path[:-1]:
        parent = parent[k]
    how = rng.random()
    if how < 0.15 and isinstance(parent, dict):
        del parent[path[-1]]
    elif how < 0.25 and isinstance(parent, dict):
        parent[rng.choice(["extra", "player", "type", "cards", "faces"])] = rng.choice(JUNK)
    elif how < 0.35 and isinstance(parent, list):
        parent.append(rng.choice(JUNK))
    else:
        parent[path[-1]] = rng.choice(JUNK)
    return value


def deep(n: int) -> Any:
    out: Any = 1
    for _ in range(n):
        out = [out]
    return out


HOSTILE_GETS = (
    "/api/games/abc/script", "/api/games/999999/script", "/api/games/-1/script",
    "/api/games/1e999/script", "/api/snapshot/x.jpg", "/api/snapshot/99999999999999999999.jpg",
    "/api/cut/x/y.png", "/api/cut/1/99.png", "/api/teach/cut/-5.png",
    "/api/teach-cards/cut/abc.png", "/api/%2e%2e/%2e%2e/etc/passwd", "/api/state?lang=zz",
    "/api/locale?lang=../../x", "/api/nothing", "/api/games/1/script/x",
    "/api/stats", "/api/games", "/api/catalog", "/api/join", "/api/sets",
)  # fmt: skip


# ---- the chaos ------------------------------------------------------------------------------


class Chaos:
    def __init__(self, args: argparse.Namespace, work: Path, board: VirtualBoard) -> None:
        self.rng = random.Random(args.seed)
        self.quick = bool(args.quick)
        self.setups: dict[str, Any] = getattr(args, "setups", None) or {}  # by game: given
        self.steps = min(int(args.actions), 40) if self.quick else int(args.actions)
        self.board = board
        self.tally = Tally()
        window = float(getattr(args, "window", None) or WINDOW)
        self.host = Host(work / "games.db", work, board.port, work / "console.log", window)
        self.phones = [
            Phone(f"phone {i + 1}", ADDRESSES[i], LANGS[i], self.tally) for i in range(args.phones)
        ]
        self.stranger = Phone("stranger", STRANGER, "ja", self.tally)
        self.acked: Seen | None = None
        self.mine: int | None = None  # the game played (another may be opened meanwhile)
        self.listener: Listener | None = None
        self.last = self.current = ""  # the actions before this one, and this one
        self._mirror: tuple[Log, Game] | None = None

    # -- the host's life --
    def start(self) -> None:
        url = self.host.start()
        for phone in [*self.phones, self.stranger]:
            phone.connect(url)
        if self.listener is not None:
            self.listener.close()
        self.listener = Listener(url, self.phones[-1].lang, self.tally)

    def live(self, version: int) -> None:
        """The live stream sends the state of `version` (or a later one) within 3 s."""
        deadline = time.monotonic() + 3
        while self.listener is not None and self.listener.version < version:
            if time.monotonic() > deadline:
                self.tally.defect(
                    f"the live stream did not send version {version} within 3 s (it sent "
                    f"{self.listener.version} last)"
                )
                return
            time.sleep(0.02)

    def restart(self, in_flight: str | None) -> None:
        """The host SIGKILLed (now, if not yet) and started again: the game is the one last
        acknowledged, or that one with `in_flight` done."""
        self.host.kill()
        self.tally.restarts += 1
        self.look_at_console()
        if self.rng.random() < 0.25:  # killed again while it starts (opens, replays...)
            self.host.start(ready=False)
            time.sleep(self.rng.uniform(0, 1.5))
            self.host.kill()
            self.tally.actions["kill while starting"] += 1
            self.tally.restarts += 1
        self.start()
        self.board_settled()
        now = seen(self.phones[0])
        acked = self.acked
        if acked is None or now.same(acked) or _timed(acked, now):
            self.acked = now
            return
        if in_flight is None or not _one_more(acked, now, in_flight):
            self.tally.defect(
                f"after a restart the game is not the one acknowledged (in flight: "
                f"{in_flight}): {len(acked.inputs)} inputs acknowledged, {len(now.inputs)} "
                f"now; held {acked.held} -> {now.held}; paused {acked.paused} -> {now.paused}; "
                f"redo {acked.redo} -> {now.redo}"
                + ("; state differs" if acked.state != now.state else "")
            )
        self.acked = now
        self.back_to_mine(self.phones[0])  # (an open in flight)

    def look_at_console(self) -> None:
        for traceback in self.host.tracebacks():
            self.tally.defect(f"a traceback on the host's console: {traceback}")

    def board_shows(self, kind: GameKind, timeout: float = 12.0) -> None:
        """The board shows the game as it is (within `timeout`: the PIN shown at a start
        first), if it is plugged in."""
        assert self.acked is not None
        if not self.board.plugged or self.board.ended:  # (its return shows the game)
            self.board.unplug()
            self.board.replug()
        display = self.mirror(kind, self.acked).display()
        want = [d.text.replace(" ", "") for d in display.seats]
        deadline = time.monotonic() + timeout
        shown: list[str] = []
        while self.board.plugged and not self.board.ended:
            shown = [t.replace(" ", "") for t in self.board.shown()[: len(want)]]
            if shown == want:
                return
            if time.monotonic() > deadline:
                self.tally.defect(f"the board shows {shown}, not the game's {want}")
                return
            time.sleep(0.1)

    def board_settled(self, timeout: float = 6.0) -> None:
        """The presses the board keeps are done (each acknowledged), or it is unplugged."""
        deadline = time.monotonic() + timeout
        while self.board.plugged and not self.board.ended:
            if int(self.board.snapshot()["pending_presses"]) == 0:
                return
            if time.monotonic() > deadline:
                view = self.phones[0].get("/api/state")
                game = view["game"] or {}
                self.tally.defect(
                    f"a press kept by the board for {timeout} s, never acknowledged (board: "
                    f"{view['board']}; paused {game.get('paused')}; over "
                    f"{bool(game.get('summary'))})"
                )
                return
            time.sleep(0.05)

    # -- the game --
    def kind(self) -> GameKind:
        from host.games.registry import kinds

        view = self.phones[0].get("/api/state")
        return kinds()[view["game"]["kind"]]

    def mirror(self, kind: GameKind, now: Seen) -> Game:
        """The game as the server exported it, replayed here."""
        from host.games import IllegalInput

        if self._mirror is not None and self._mirror[0] == now.inputs:
            return self._mirror[1]
        if self._mirror is not None and now.inputs.grew(self._mirror[0], 1) and now.inputs.last:
            game = self._mirror[1]
            try:
                game.apply(json.loads(now.inputs.last))  # (the one input added: here too)
            except IllegalInput:
                pass
            else:
                self._mirror = (now.inputs, game)
                return game
        script = self.phones[0].get(f"/api/games/{now.game_id}/script")
        self._mirror = (now.inputs, kind.load(script))
        return self._mirror[1]

    def observe(self, changed: bool, what: str) -> Seen:
        """The table after an action: acknowledged (`changed`), or refused: then nothing
        changed."""
        now = seen(self.phones[0])
        acked = self.acked
        if not changed and acked is not None and not now.same(acked) and not _timed(acked, now):
            log = (self.phones[0].get("/api/state")["game"] or {}).get("log", [])[-2:]
            last = [(e["n"], e["source"], e["input"].get("type")) for e in log]
            self.tally.defect(
                f"a refusal changed the game: {what[:200]}: {_differs(acked, now)}; the "
                f"log ends {last}; the last action: {self.last}"
            )
        if changed:
            self.live(now.version)
        self.acked = now
        return now

    def new_game(self, kind: GameKind) -> None:
        form = kind.catalog()["setup"]
        given = self.setups.get(kind.name)
        for attempt in range(40):
            setup = random_setup(form, self.rng) if given is None else given
            if attempt < 3:  # a setup typed wrong first
                setup = mutated(setup, self.rng)
            phone = self.rng.choice(self.phones)
            action = {"do": "new_game", "game": kind.name, "setup": setup}
            try:
                status, _ = phone.act(action, seen(phone).version, f"new_game {kind.name}")
            except Gone as error:
                self.tally.defect(f"the host went away at a new game: {error}")
                self.restart(None)
                continue
            self.tally.actions["new game" if status == 200 else "setup refused"] += 1
            if status == 200 and attempt >= 3:  # (one typed wrong and taken: set up again)
                self.acked = seen(self.phones[0])
                self.mine = self.acked.game_id
                self.tally.setups.append(setup)
                print(f"{kind.name}: {json.dumps(setup, ensure_ascii=False)[:300]}", flush=True)
                return
        raise RuntimeError(f"{kind.name}: no setup was taken in 40")

    def play(self, name: str) -> None:
        from host.games.registry import kinds

        kind = kinds()[name]
        self.new_game(kind)
        chaos_left = self.steps
        stuck = finishing = 0
        while True:
            assert self.acked is not None
            self.back_to_mine(self.phones[0])
            if self.acked.over:
                self.tally.games.append(name)
                self.board_shows(kind)
                return
            if chaos_left > 0:
                chaos_left -= 1
                self.step(kind)
            elif self.quick or finishing >= FINISH:  # the game as stored goes on to its end
                self.ends_here(kind)  # (the short run; a long game's rest)
                return
            else:  # the chaos is over: the game must go on to its end
                before = self.acked
                self.legal(kind, self.rng.choice(self.phones))
                self.tally.actions["legal, to the end"] += 1
                finishing += 1
                stuck = stuck + 1 if self.acked.same(before) else 0
                if stuck > 50:
                    self.tally.defect(f"{name}: the game does not go on (50 legal inputs refused)")
                    return

    def ends_here(self, kind: GameKind) -> None:
        """The game as the server exports it, played here to its end (the short run, and
        a long game's rest: its end through the server would be most of the run's time)."""
        assert self.acked is not None
        game = self.mirror(kind, self.acked)
        for _ in range(20000):
            if game.game_over:
                self.tally.games.append(f"{kind.name} (its end played here)")
                return
            game.apply(random_input(kind, game, self.rng))
        self.tally.defect(f"{kind.name}: no end after 20000 inputs")

    CHOICES: tuple[tuple[str, int], ...] = (
        ("legal", 40), ("press", 8), ("illegal", 8), ("hostile", 8), ("serial", 6),
        ("undo", 4), ("redo", 2), ("pause", 2), ("stale", 3), ("unplug", 2), ("reset", 1),
        ("stranger", 1), ("open", 1), ("second host", 1), ("burst", 4), ("kill", 4),
    )  # fmt: skip

    def step(self, kind: GameKind) -> None:
        what = self.rng.choices([c for c, _ in self.CHOICES], [w for _, w in self.CHOICES])[0]
        self.last, self.current = self.current, what
        if what == "kill":
            what = self.rng.choice(
                ["legal", "press", "undo", "redo", "pause", "open", "burst", "between"]
            )
            self.tally.actions[f"kill during {what}"] += 1
            self.killed_during(kind, what)
            return
        self.tally.actions[what] += 1
        try:
            self.do(kind, what)
        except Gone as error:
            self.tally.defect(f"the host went away during {what}: {error}")
            self.restart(what)
        self.look_at_console()

    def do(self, kind: GameKind, what: str) -> None:
        phone = self.rng.choice(self.phones)
        if what == "legal":
            self.legal(kind, phone)
        elif what == "press":
            self.press()
        elif what == "illegal":
            self.illegal(kind, phone)
        elif what == "hostile":
            self.hostile(kind, phone)
        elif what == "serial":
            self.serial()
        elif what in ("undo", "redo"):
            self.simple(phone, {"do": what})
        elif what == "pause":
            self.simple(phone, {"do": "resume" if self.acked and self.acked.paused else "pause"})
        elif what == "stale":
            assert self.acked is not None
            action = {"do": "undo"}
            status, _ = phone.act(action, max(0, self.acked.version - self.rng.randint(1, 5)))
            self.observe(status == 200, "an undo against a stale state")
        elif what == "unplug":
            if self.board.plugged:
                self.board.unplug()
            else:
                self.board.replug()
        elif what == "reset":
            if self.board.plugged and not self.board.ended:
                self.board.reset()
        elif what == "open":
            self.open_another(phone)
        elif what == "burst":
            self.burst(kind)
        elif what == "second host":
            self.second_host()
        elif what == "stranger":
            status, _ = self.stranger.request(
                "POST", "/api/action", json.dumps({"do": "undo", "version": 0}).encode(),
                {"Content-Type": "application/json", "X-Table-PIN": "0000"}, "a wrong PIN",
            )  # fmt: skip
            if status == 200:
                self.tally.defect("an action with a wrong PIN was taken")
            self.observe(False, "a wrong PIN")

    def burst(self, kind: GameKind) -> None:
        """Every phone at once, each a change against the same state (a double tap, two
        players tapping together, with a press among them): one is taken at most."""
        now = self.acked
        assert now is not None
        game = self.mirror(kind, now)
        actions: list[dict[str, Any]] = []
        for _ in self.phones:
            if self.rng.random() < 0.6 and not game.game_over and not now.paused:
                actions.append({"do": "input", "input": random_input(kind, game, self.rng)})
            else:
                actions.append({"do": self.rng.choice(["undo", "redo", "pause"])})
        if self.rng.random() < 0.5 and len(actions) > 1:
            actions[1] = actions[0]  # a double tap
        answers: list[int] = []
        gone: list[str] = []

        def tap(phone: Phone, action: dict[str, Any]) -> None:
            try:
                answers.append(phone.act(action, now.version, f"burst {action}")[0])
            except Gone as error:
                gone.append(str(error))

        taps = [
            threading.Thread(target=tap, args=(p, a))
            for p, a in zip(self.phones, actions, strict=False)
        ]
        for t in taps:
            t.start()
        if self.rng.random() < 0.3 and self.board.plugged and not self.board.ended:
            self.press_made(self.rng.randrange(self.board.seats))
        for t in taps:
            t.join()
        if gone:
            raise Gone(gone[0])
        self.board_settled()
        if answers.count(200) > 1:
            self.tally.defect(f"{answers.count(200)} changes taken against one version: {actions}")
        self.acked = seen(self.phones[0])
        self.live(self.acked.version)

    def open_another(self, phone: Phone) -> None:
        """Another game of the list opened (a game over, one imported), then this one again."""
        assert self.acked is not None
        others = [g["id"] for g in phone.get("/api/games")["games"] if g["id"] != self.mine]
        if not others:
            return
        self.simple(phone, {"do": "open", "id": self.rng.choice(others)})
        self.back_to_mine(phone)

    def back_to_mine(self, phone: Phone) -> None:
        """The game played opened again (another was: an open, or one in flight at a kill)."""
        for _ in range(5):
            assert self.acked is not None
            if self.acked.game_id == self.mine or self.mine is None:
                return
            status, answer = phone.act({"do": "open", "id": self.mine}, self.acked.version)
            self.observe(status == 200, "open")
            if status != 200 and isinstance(answer, dict):
                self.tally.refused[f"open: {answer.get('key', answer.get('error'))}"[:120]] += 1
        self.tally.defect(f"the game played ({self.mine}) cannot be opened again")

    def second_host(self) -> None:
        """A second `dicetable play` on the same store is refused in words, at once."""
        second = Host(self.host.db, self.host.data, "none", self.host.log.with_suffix(".2"))
        second.start(ready=False)
        assert second.proc is not None
        try:
            status = second.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            status = None
        said = second.log.read_text(errors="replace")
        second.kill()
        if status in (None, 0) or "Traceback" in said or "dicetable play:" not in said:
            self.tally.defect(f"a second host on the same store: status {status}: {said[-300:]}")
        self.observe(False, "a second host on the same store")

    def simple(self, phone: Phone, action: dict[str, Any]) -> None:
        assert self.acked is not None
        status, _ = phone.act(action, self.acked.version)
        self.observe(status == 200, str(action))

    def legal(self, kind: GameKind, phone: Phone) -> None:
        now = self.acked
        assert now is not None
        if now.paused:
            self.simple(phone, {"do": "resume"})
            return
        if now.held is not None and self.rng.random() < 0.7:  # the result held: use it
            self.simple(phone, {"do": "input", "input": json.loads(now.held)})
            return
        game = self.mirror(kind, now)
        inp = dict(random_input(kind, game, self.rng))
        status, answer = phone.act({"do": "input", "input": inp}, now.version)
        self.observe(status == 200, f"input {inp}")
        if status != 200 and now.held is None and isinstance(answer, dict):
            # a legal input refused: what the table adds to the rules (said, not a defect)
            self.tally.refused[str(answer.get("key", answer.get("error")))[:120]] += 1

    def illegal(self, kind: GameKind, phone: Phone) -> None:
        now = self.acked
        assert now is not None
        game = self.mirror(kind, now)
        if game.game_over or now.paused:
            inp: Any = {"type": "throw", "faces": []}
        else:
            inp = mutated(dict(random_input(kind, game, self.rng)), self.rng)
        status, _ = phone.act({"do": "input", "input": inp}, now.version, f"input {inp}"[:300])
        self.observe(status == 200, f"input {inp}")

    def hostile(self, kind: GameKind, phone: Phone) -> None:
        now = self.acked
        assert now is not None
        pick = self.rng.randrange(12)
        json_headers = {"Content-Type": "application/json", "X-Table-PIN": PIN}
        if pick == 0:
            phone.request("GET", self.rng.choice(HOSTILE_GETS))
        elif pick == 1:
            body = self.rng.choice([
                b"", b"null", b"[]", b"{", b'{"do": 5}', b"\xff\xfe", b'{"do": "input"}',
                json.dumps(deep(40)).encode(), b'{"do": "undo", "version": 1e400}',
                b'{"do": "undo", "version": NaN}', b'{"do": "undo", "version": "1"}',
                b'{"do": "undo", "version": 123456789012345678}', b"x" * 70000,
            ])  # fmt: skip
            phone.request("POST", "/api/action", body, json_headers, f"body {body[:40]!r}")
        elif pick == 2:
            action = {"do": self.rng.choice(["open", "replace", "name_die", "throw_again",
                                             "teach", "teach_cards", "roll_back", "throw",
                                             "nothing", None, 5])}  # fmt: skip
            for key in self.rng.sample(["id", "input", "faces", "step", "set", "die", "name",
                                        "set_version", "throw", "cards"], 2):  # fmt: skip
                action[key] = self.rng.choice(JUNK)
            phone.act(action, now.version)
        elif pick == 3:  # a game's script changed, imported (not opened)
            script = phone.get(f"/api/games/{now.game_id}/script")
            phone.act({"do": "import", "open": False, "script": mutated(script, self.rng)}, None,
                      "import of a changed script")  # fmt: skip
            self.acked = seen(self.phones[0])  # (a game stored beside: the one on the table
            return  # is checked unchanged below by the next observe)
        elif pick == 4:
            login = json.dumps({"pin": self.rng.choice(JUNK)}).encode()
            phone.request("POST", "/api/login", login, {"Content-Type": "application/json"})
        elif pick == 5:
            undo = json.dumps({"do": "undo", "version": now.version}).encode()
            text = {"Content-Type": "text/plain", "X-Table-PIN": PIN}
            phone.request("POST", "/api/action", undo, text, "undo as text/plain")
            self.acked = seen(self.phones[0])  # (taken or not: either is right)
            return
        elif pick == 6:
            throw = {"do": "throw", "faces": self.rng.choice(JUNK)}
            phone.act(throw, now.version)
        elif pick == 7:
            phone.act({"do": "input", "input": self.rng.choice(JUNK)}, now.version)
        elif pick == 8:
            phone.act({"do": "undo"}, self.rng.choice([True, "1", None, -1, 1.5, [1]]))
        elif pick == 9:
            phone.request("DELETE", "/api/action", None, json_headers)
            phone.request("PUT", "/api/state", b"{}", json_headers)
        elif pick == 10:
            name = self.rng.choice(["\x00\x01", "a" * 100, "名" * 30, "", " ", "\u202e"])
            setup = {"players": [{"name": name}, {"name": name}]}
            phone.act({"do": "new_game", "game": kind.name, "setup": setup}, now.version)
            self.acked = seen(self.phones[0])
            if self.acked.game_id != now.game_id:  # (a setup of such names was taken)
                self.tally.defect(f"a game set up with the player name {name!r}")
            return
        else:
            phone.request("GET", "/api/state", None, {"Accept-Language": "xx;q=abc,,,"})
        self.observe(False, f"hostile {pick}")

    # -- the board --
    def press(self) -> None:
        if not self.board.plugged or self.board.ended:
            return
        self.press_made(self.rng.randrange(self.board.seats), self.rng.choice([30, 80, 400]))
        self.board_settled()
        self.acked = seen(self.phones[0])

    def press_made(self, seat: int, held_ms: int = 80) -> None:
        """A press of `seat`'s button, once the board has taken it (it counts a press when
        the button is let go: a press held 400 ms is not one yet when the call returns)."""
        made = int(self.board.snapshot()["presses"]) + 1
        self.board.press(seat, held_ms=held_ms)
        deadline = time.monotonic() + 3
        while int(self.board.snapshot()["presses"]) < made and time.monotonic() < deadline:
            time.sleep(0.02)

    def serial(self) -> None:
        """Noise, garbled frames and forged ones of no effect on the line to the host."""
        from firmware import wire

        if not self.board.plugged or self.board.ended:
            return
        rng = self.rng
        pick = rng.randrange(5)
        if pick == 0:
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))
        elif pick == 1:
            good = wire.frame(wire.PRESS, rng.randrange(256), b"0")
            cut = rng.randrange(1, len(good))
            byte = rng.choice([b for b in range(32, 127) if b != good[cut]])  # (never the same)
            data = good[:cut] + bytes([byte]) + good[cut + 1 :]
        elif pick == 2:  # a press of a seat that is no hex digit, or no seat played
            data = wire.frame(wire.PRESS, rng.randrange(256), rng.choice([b"Z", b"", b"00", b"?"]))
        elif pick == 3:
            kind = rng.choice([ord("X"), wire.ACK, wire.ERROR, ord("z"), wire.SHOW])
            payload = bytes(rng.randrange(33, 127) for _ in range(rng.randrange(0, 40)))
            data = wire.frame(
                kind, rng.randrange(256), payload.replace(b"@", b"").replace(b"*", b"")
            )
        else:
            data = b"@" * rng.randrange(1, 400) + b"\n" + b"Traceback x\r\n"
        self.board.say(data)
        time.sleep(0.05)
        self.observe(False, f"serial {data[:60]!r}")

    # -- kills --
    def killed_during(self, kind: GameKind, what: str) -> None:
        """The host SIGKILLed at a random moment of `what` (or between two actions)."""
        delay = self.rng.uniform(0, 0.05)
        proc = self.host.proc
        assert proc is not None
        killer = threading.Timer(delay, lambda: _kill(proc))
        killer.start()
        try:
            if what != "between":
                self.do(kind, what)
        except Gone:
            pass
        killer.join()
        self.restart(None if what == "between" else what)


def random_input(kind: GameKind, game: Game, rng: random.Random) -> Any:
    """A legal input now: the game's random player's (`GameKind.random_input`, optional),
    else one of the page's one-tap answers that the rules take."""
    own = getattr(kind, "random_input", None)
    if own is not None:
        return own(game, rng)
    from host.games import IllegalInput
    from host.games.page import answers_json

    choices = [c["input"] for a in answers_json(kind, game) for c in a["choices"]]
    rng.shuffle(choices)
    for inp in choices:
        try:
            game.apply(inp)
        except IllegalInput:
            continue
        game.undo()
        return inp
    raise RuntimeError(f"{kind.name}: no one-tap answer is legal now, and no random player")


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _kill(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)


def _differs(a: Seen, b: Seen) -> str:
    """What differs between two looks at the table, in a few words."""
    out = [f"inputs {len(a.inputs)} -> {len(b.inputs)}"] if a.inputs != b.inputs else []
    for name in ("game_id", "held", "paused", "redo"):
        if getattr(a, name) != getattr(b, name):
            out.append(f"{name} {getattr(a, name)} -> {getattr(b, name)}")
    if a.state != b.state and a.inputs == b.inputs:
        out.append("the state, its inputs the same")
    return "; ".join(out)


def _timed(acked: Seen, now: Seen) -> bool:
    """`now` is `acked` with its held result used by the correction window's end (the
    clock's move)."""
    if acked.held is None or now.held is not None or now.game_id != acked.game_id:
        return False
    return now.inputs.grew(acked.inputs, 1) and now.inputs.last == acked.held


def _one_more(acked: Seen, now: Seen, what: str) -> bool:
    """`now` is `acked` with the action `what` done (it was in flight when the kill came:
    committed, its answer lost)."""
    if what == "open":
        return True  # (the other game, or this one again: the next restart's look is its)
    if what == "burst":  # (one of its taps: an input, an undo, a redo or a pause)
        return any(_one_more(acked, now, w) for w in ("pause", "undo", "legal"))
    if now.game_id != acked.game_id:
        return False
    same_inputs = now.inputs == acked.inputs
    if what == "pause":
        return same_inputs and now.paused != acked.paused and now.held == acked.held
    if what == "undo":
        return (acked.inputs.grew(now.inputs, 1) and now.held in (acked.held, None)) or (
            same_inputs and acked.held is not None and now.held is None
        )
    # an input (a press: what it stands for) taken, or a result held
    return now.inputs.grew(acked.inputs) or (same_inputs and now.held != acked.held)


def random_setup(form: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A setup form filled at random, as a person could on the page: 2 to its most
    players, each field a choice of its own (`host.games.page`'s form)."""
    least, most = form["players"]["min"], form["players"]["max"]
    count = rng.randint(max(2, least), min(most, 4))
    names = [f"P{i + 1}" for i in range(count)]
    setup: dict[str, Any] = {"players": [{"name": n} for n in names]}
    for i, name in enumerate(names):
        for f in form["seat"]:
            _put(setup, f, i, name, names, rng, row=i)
    for f in form["fields"]:
        _put(setup, f, 0, "", names, rng, row=None)
    return setup


def _put(
    setup: dict[str, Any],
    f: Mapping[str, Any],
    i: int,
    name: str,
    names: list[str],
    rng: random.Random,
    row: int | None,
) -> None:
    from host.games.page import PLAYERS

    if f.get("check"):
        value: Any = rng.random() < 0.5
    elif "choices" in f:
        values = names if f["choices"] == PLAYERS else [c["value"] for c in f["choices"]]
        if f.get("distinct") and row is not None:
            values = values[row : row + 1] or values
        if f.get("multiple"):
            value = rng.sample(values, rng.randint(0, len(values)))
        elif f.get("count"):
            value = [rng.choice(values) for _ in range(f["count"])]
        elif "blank" in f and rng.random() < 0.3:
            if "blank_value" not in f:
                return
            value = f["blank_value"]
        else:
            value = rng.choice(values) if values else None
    elif f.get("text"):
        return
    else:
        low = f.get("min", 0)
        high = f.get("max", low + 3)
        default = f.get("default")
        number = (
            default if isinstance(default, int) and rng.random() < 0.7 else rng.randint(low, high)
        )
        value = [number] * f["count"] if f.get("count") else number
    path: list[Any] = [
        i if s == "{i}" else name if s == "{player}" else s for s in f["name"].split(".")
    ]
    into: Any = setup
    for key, after in itertools.pairwise(path):
        if isinstance(into, list):
            into = into[key]
        else:
            into = into.setdefault(key, [] if isinstance(after, int) else {})
    into[path[-1]] = value


# ---- the command ----------------------------------------------------------------------------


def bench(args: argparse.Namespace) -> int:
    """`dicetable bench chaos`: the run, its figures; status 1 if it found a defect."""
    tally, seconds = _run(args)
    for line in tally.lines():
        print(line)
    print(f"{seconds:.1f} s")
    return 1 if tally.defects else 0


def run_quick(
    seed: int,
    setups: Mapping[str, Any] | None = None,
    actions: int = 25,
    games: list[str] | None = None,
) -> Tally:
    """The short run of the tests (`--quick`, 2 phones, `actions` a game) of `games`
    (default: every one) with `seed`, each game set up as `setups` says (by its name; else
    at random): its figures."""
    args = argparse.Namespace(
        seed=seed, quick=True, actions=actions, phones=2, rounds=1, setups=setups, games=games
    )
    return _run(args)[0]


def _run(args: argparse.Namespace) -> tuple[Tally, float]:
    from host.board.virtual import VirtualBoard
    from host.errors import UserError
    from host.games.registry import kinds

    names = getattr(args, "games", None) or list(kinds())
    unknown = [n for n in names if n not in kinds()]
    if unknown:
        raise UserError(f"no game named {', '.join(unknown)} (games: {', '.join(kinds())})")
    faulthandler.register(signal.SIGUSR1)  # (where a run stuck is: kill -USR1 PID)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="dicetable-chaos-") as tmp, VirtualBoard() as board:
        chaos = Chaos(args, Path(tmp), board)
        print(f"chaos: seed {args.seed}, {len(chaos.phones)} phones, games {', '.join(names)}")
        chaos.start()
        signal.signal(signal.SIGTERM, _interrupt)
        try:
            for _ in range(args.rounds):
                for name in names:
                    chaos.play(name)
            chaos.look_at_console()
        except KeyboardInterrupt:
            print("interrupted: the figures so far", flush=True)
        finally:
            chaos.host.kill()
            if getattr(args, "keep", None):
                Path(args.keep).write_bytes(chaos.host.log.read_bytes())
    return chaos.tally, time.monotonic() - started
