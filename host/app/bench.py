"""`dicetable bench play`: how fast a settled throw reaches the board and the page, and
how the page holds with 20 viewers.

1. The demo game's throws, as recorded frames, go through the camera seam (vision's
   reader and throw follower) into the table, which commits them and shows them on the
   virtual board (the real firmware under MicroPython, over a pseudo-terminal) and on the
   page (a server-sent events client, and the page itself in headless Chromium).
   Measured from the moment the settling frame is handed to vision to: the board
   acknowledging the new display, the events client receiving the new state, and the
   page in Chromium having drawn it. A throw vision does not settle right from its frames
   is a failure of the benchmark, never handed over as recorded.
2. 20 pages follow a game (events clients, and 20 pages in one headless Chromium) while
   changes are posted as the page does; measured: from posting a change to the 20th page
   having it, against a table followed by 1 page, the two measured in turn in the same
   run. (Without Playwright and Chromium, e.g. on a Pi, the Chromium lines are left out.)
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import socket
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from statistics import median
from typing import Any
from urllib.parse import urlsplit

from host.app.board_seam import Board, LinkBoard, NoBoard, open_board
from host.app.chromium import Chromium, PageWatcher
from host.app.store import Store
from host.app.table import Table
from host.app.web import WebServer
from host.errors import UserError
from host.games.registry import read_game_file

VIEWERS = 20
PIN = "1357"


def bench(args: argparse.Namespace) -> int:
    quick = bool(getattr(args, "quick", False))
    try:
        _CHROMIUM.append(Chromium())
    except UserError as error:
        print(f"  (no page drawn in Chromium: {error})")
    try:
        _bench(quick)
    finally:
        for chromium in _CHROMIUM:
            chromium.close()
        _CHROMIUM.clear()
    return 0


_CHROMIUM: list[Chromium] = []  # the one headless Chromium of this run, if there is one


def _bench(quick: bool) -> None:
    with tempfile.TemporaryDirectory(prefix="dicetable-bench-") as folder:
        try:
            board: Board = open_board("virtual")
        except UserError as error:
            print(f"  (no virtual board: {error}; measuring without a board)")
            board = NoBoard()
        try:
            settle_to_board_and_page(Path(folder), board, throws=6 if quick else 1000)
        finally:
            board.close()
        # a quick run (the smoke test) with a few pages: 20 in Chromium take a while to open
        viewers(Path(folder), changes=20 if quick else 120, many=3 if quick else VIEWERS)


# ---- 1. settled frame -> board and page -----------------------------------------------------


def settle_to_board_and_page(folder: Path, board: Board, throws: int) -> None:
    import cv2

    from host import recording
    from host.app.camera import DiceWatcher, ThrowSeen
    from host.demo import demo_script, demo_session_folder

    kind, script = read_game_file(demo_script())
    session = recording.load_session(demo_session_folder())
    frames = [[_image(cv2.imread(str(p)), p) for p in s.frames] for s in session.steps if s.frames]
    table = Table(Store(folder / "settle.db"), board, window=0.0, announce=lambda s: None)
    table.start(pin=PIN, clock_thread=False)
    web = WebServer(table, port=0)
    web.start()
    watcher = DiceWatcher()
    table.on_expect(watcher.expect)
    setup = {k: v for k, v in script.items() if k not in ("format", "inputs", "description")}
    table.act({"do": "new_game", "game": kind.name, "setup": setup}, "bench")
    page = EventClient(web.url)
    browser = _browser(web.url, 1)
    to_board: list[float] = []
    to_page: list[float] = []
    drawn: list[float] = []
    reading: list[float] = []
    throw_frames = iter(frames)
    frame_index = 0
    try:
        for inp in script["inputs"]:
            if inp["type"] != "throw":
                table.act({"do": "input", "input": dict(inp)}, "bench")
                table.tick()  # a held resolve (window 0) is applied now
                continue
            if len(to_board) >= throws:
                break
            event = None
            for image in next(throw_frames):
                start, wall = time.perf_counter(), time.time()
                events = watcher.feed(image, frame_index / session.fps)
                read = time.perf_counter() - start
                frame_index += 1
                if events:
                    event = events[0]
                    break  # the settling frame: its read time counts
            faces = sorted([*inp["thrown"], *inp.get("kept", [])])
            if not isinstance(event, ThrowSeen) or sorted([*event.thrown, *event.kept]) != faces:
                raise UserError(f"vision did not settle throw {len(to_board) + 1} right: {event}")
            reading.append(read)
            before = table.version
            table.camera_event(event)
            if isinstance(board, LinkBoard):
                board.link.wait_shown(2.0)
            to_board.append(time.perf_counter() - start)
            to_page.append(page.wait_version(before + 1, 5.0) - start)
            if browser is not None:
                drawn.append(browser.drawn(before + 1, 5.0) - wall)
    finally:
        page.close()
        if browser is not None:
            browser.close()
        web.close()
        table.close()
        table.store.close()
    real = isinstance(board, LinkBoard)
    where = "the virtual board (firmware under MicroPython)" if real else "no board"
    print(f"  {len(to_board)} throws of the demo game, each settled by vision from its recorded")
    print(f"  frames; board: {where}")
    app = [b - r for b, r in zip(to_board, reading, strict=True)]
    for what, values in (
        ("settled frame -> board shows it (acknowledged)", to_board),
        ("settled frame -> page has it (event received)", to_page),
        ("settled frame -> page drawn (Chromium)", drawn),
        ("  of which vision reading the settling frame", reading),
        ("  of which the app to the board (commit, link)", app),
    ):
        if values:
            print(f"  {what:<48} median {ms(values)}, p90 {ms(values, 0.9)}")


# ---- 2. 20 viewers ---------------------------------------------------------------------


def viewers(folder: Path, changes: int, many: int = VIEWERS) -> None:
    """Two tables at once, one followed by 1 page and one by `many`, each change measured
    on both in turn (after a few changes not counted), so the ratio is of the same moments."""
    tables = {count: Viewed(folder, count) for count in (1, many)}
    try:
        for i in range(WARM_UP + changes):
            for viewed in tables.values():
                viewed.change(i, counted=i >= WARM_UP)
    finally:
        for viewed in tables.values():
            viewed.close()
    one, followed = tables[1], tables[many]
    print(f"  {changes} changes posted as the page does (a throw, then undo), to a table")
    print(f"  followed by 1 page and to one followed by {many}, in turn")
    for what, a, b in (
        ("change -> every page has it (event received)", one.delays, followed.delays),
        ("change -> every page drawn (Chromium)", one.drawn, followed.drawn),
        ("change acknowledged (committed)", one.acks, followed.acks),
    ):
        if a and b:
            print(
                f"  {what}: 1 viewer median {ms(a)}; {many} viewers median {ms(b)}, "
                f"p90 {ms(b, 0.9)}, max {ms(b, 1.0)} ({median(b) / median(a):.1f}x)"
            )


WARM_UP = 5  # changes per table not counted (first connections, first writes)


class Viewed:
    """A table served on its own port, followed by `count` pages: server-sent events
    clients, and as many real pages in headless Chromium when it is there."""

    def __init__(self, folder: Path, count: int) -> None:
        store = Store(folder / f"viewers-{count}.db")
        self.table = Table(store, NoBoard(), announce=lambda s: None)
        self.table.start(pin=PIN, clock_thread=False)
        self.web = WebServer(self.table, port=0)
        self.web.start()
        self.table.act({"do": "new_game", **_demo_setup()})
        self.faces = _a_throw(self.table)
        self.clients = [EventClient(self.web.url) for _ in range(count)]
        for c in self.clients:
            c.wait_version(self.table.version, 5.0)
        self.browser = _browser(self.web.url, count)
        self.poster = Poster(self.web.url, self.table.store.pin or "")
        self.delays: list[float] = []
        self.drawn: list[float] = []
        self.acks: list[float] = []

    def change(self, i: int, counted: bool) -> None:
        action: dict[str, Any] = (
            {"do": "throw", "faces": self.faces} if i % 2 == 0 else {"do": "undo"}
        )
        start, wall = time.perf_counter(), time.time()
        version = self.poster.post({**action, "version": self.table.version})["version"]
        ack = time.perf_counter() - start
        delay = max(c.wait_version(version, 5.0) for c in self.clients) - start
        drawn = None if self.browser is None else self.browser.drawn(version, 5.0) - wall
        if counted:
            self.acks.append(ack)
            self.delays.append(delay)
            if drawn is not None:
                self.drawn.append(drawn)

    def close(self) -> None:
        self.poster.close()
        for c in self.clients:
            c.close()
        if self.browser is not None:
            self.browser.close()
        self.web.close()
        self.table.close()
        self.table.store.close()


def _browser(url: str, count: int) -> PageWatcher | None:
    """`count` real pages in headless Chromium following the table, if there is one."""
    return _CHROMIUM[0].watch(url, count) if _CHROMIUM else None


def _image(image: Any, path: Path) -> Any:
    if image is None:
        raise UserError(f"cannot read the recorded frame {path}: delete the demo session folder")
    return image


def _a_throw(table: Table) -> list[str]:
    """Faces for the first throw of the game on the table, entered by hand: one of each of
    its dice's faces in turn, for as many dice as it expects."""
    dice, game = (None if table.kind is None else table.kind.dice), table.game
    expected = None if dice is None or game is None else dice.expected(game)
    if dice is None or expected is None:
        raise UserError("the demo game expects no throw at its start: nothing to bench")
    faces = list(dice.faces)
    return [faces[i % len(faces)] for i in range(sum(expected.counts.values()))]


def _demo_setup() -> dict[str, Any]:
    """The demo game's setup: a game as any table plays it."""
    from host.demo import demo_script

    kind, script = read_game_file(demo_script())
    setup = {k: v for k, v in script.items() if k not in ("format", "inputs", "description")}
    return {"game": kind.name, "setup": setup}


# ---- small clients ----------------------------------------------------------------------


class EventClient:
    """A page following the table: reads the event stream in a thread and notes when each
    state version arrived."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
        self.conn.request("GET", "/api/events")
        self.response = self.conn.getresponse()
        self.arrived: dict[int, float] = {}
        self.changed = threading.Condition()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for raw in self.response:
                if raw.startswith(b"data: "):
                    version = state_version(raw[6:])
                    with self.changed:
                        self.arrived[version] = time.perf_counter()
                        self.changed.notify_all()
        except (OSError, ValueError):
            return

    def wait_version(self, version: int, timeout: float) -> float:
        """When a state of at least `version` arrived (perf_counter)."""
        found: Callable[[], list[float]] = lambda: [  # noqa: E731
            t for v, t in self.arrived.items() if v >= version
        ]
        with self.changed:
            if not self.changed.wait_for(found, timeout):
                raise RuntimeError(f"the page never got version {version}")
            return min(found())

    def close(self) -> None:
        # end the reader first (a stream's end, as the page going away), then the connection
        if self.conn.sock is not None:
            with contextlib.suppress(OSError):
                self.conn.sock.shutdown(socket.SHUT_RDWR)
        self.thread.join(timeout=2)
        self.conn.close()


def state_version(data: bytes) -> int:
    # the version is the state's first field: read it without parsing the whole state
    head = data[: data.index(b",")] if b"," in data else data
    return int(head.split(b":")[1])


class Poster:
    def __init__(self, url: str, pin: str) -> None:
        parts = urlsplit(url)
        self.conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
        self.pin = pin

    def post(self, action: dict[str, Any]) -> dict[str, Any]:
        body = json.dumps(action).encode()
        headers = {"Content-Type": "application/json", "X-Table-PIN": self.pin}
        self.conn.request("POST", "/api/action", body, headers)
        response = self.conn.getresponse()
        data: dict[str, Any] = json.loads(response.read())
        if response.status != 200:
            raise RuntimeError(f"the table refused {action}: {data}")
        return data

    def close(self) -> None:
        self.conn.close()


def ms(values: list[float], q: float = 0.5) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    value = median(ordered) if q == 0.5 else ordered[min(len(ordered) - 1, int(q * len(ordered)))]
    return f"{value * 1000:.1f} ms"
