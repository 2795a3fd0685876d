"""A served table for the page's tests (the page itself runs in real headless Chromium:
host.app.chromium)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from host.app.camera import ThrowSeen
from host.app.connections import Limits
from host.app.store import Store
from host.app.table import Table
from host.app.web import WebServer
from tests.app.fakes import FakeBoard

if TYPE_CHECKING:
    import pytest
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 390, "height": 844}
PLAYERS = [
    {"name": "Ann", "monster": "The King"},
    {"name": "Bob", "monster": "Alienoid"},
    {"name": "Cat", "monster": "Meka Dragon"},
    {"name": "Dan", "monster": "Cyber Kitty"},
]


@dataclass
class Served:
    table: Table
    board: FakeBoard
    web: WebServer

    @property
    def url(self) -> str:
        return self.web.url


@contextmanager
def served(
    folder: Path, window: float = 30.0, host: str = "127.0.0.1", limits: Limits | None = None
) -> Iterator[Served]:
    board = FakeBoard()
    table = Table(
        Store(folder / "games.db"), board, window=window, pin_seconds=30, announce=lambda s: None
    )
    table.start()  # a PIN drawn at random, a new one per game
    web = WebServer(table, host=host, port=0, limits=limits)
    web.start()
    try:
        yield Served(table, board, web)
    finally:
        web.close()
        table.close()


@contextmanager
def served_learning(
    folder: Path, monkeypatch: pytest.MonkeyPatch, window: float = 30.0
) -> Iterator[Served]:
    """`served`, its table learning its dice (host.app.teaching), its learning store and
    the sets taught in `folder` (the XDG data and config folders the test's process uses)."""
    from host.app.teaching import Learning
    from vision.learning.store import LearningStore

    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(folder / "data"))
    with served(folder, window=window) as s:
        s.table.learning = Learning(LearningStore(), s.table.touch, s.table.notice)
        try:
            yield s
        finally:
            s.table.learning.close()


def throw_seen(thrown: list[str], kept: list[str] | None = None, doubt: int = -1) -> ThrowSeen:
    """A settled throw as the camera reports it, with a real JPEG snapshot; die `doubt`
    (an index into thrown) is read with low confidence."""
    kept = kept or []
    image = np.full((240, 320, 3), (40, 90, 40), np.uint8)
    _, jpeg = cv2.imencode(".jpg", image)
    dice = [{"face": f, "confidence": 0.98, "kept": True} for f in kept]
    dice += [{"face": f, "confidence": 0.55 if i == doubt else 0.97} for i, f in enumerate(thrown)]
    return ThrowSeen(thrown, kept, dice, bytes(jpeg), settled_at=0.0, frame=0)


def open_page(
    browser: Browser,
    at: Served | str,
    lang: str = "en",
    unlock: bool = True,
    size: Mapping[str, int] = PHONE,
    pin: str | None = None,
    timeout_ms: float = 15_000,
) -> Page:
    """The page of the table served `at` (or at that address) on a phone in `lang`, live,
    and unlocked with the table's PIN (`pin` for a table served otherwise) unless
    `unlock` is False; its script errors are collected in `page.errors`."""
    from playwright.sync_api import expect

    page = browser.new_context(locale=lang, viewport=dict(size)).new_page()  # type: ignore[arg-type]
    page.set_default_timeout(timeout_ms)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(at if isinstance(at, str) else at.url)
    expect(page.locator("#live")).to_have_class("dot on")
    if unlock:
        unlock_page(page, pin if pin is not None or isinstance(at, str) else at.table.store.pin)
    return page


def unlock_page(page: Page, pin: str | None) -> None:
    """The PIN entered on the page: unlocked (the lock's class "open", in every language)."""
    from playwright.sync_api import expect

    page.click("[data-test=lock]")
    page.fill("[data-test=pin]", pin or "")
    page.click("#pin-form button[type=submit]")
    expect(page.locator("[data-test=lock]")).to_have_class("open")


@dataclass
class PlayedTable:
    """`dicetable play` running on a recorded session, its page open and unlocked. What it
    prints is read as it comes (a full pipe would stop it), into `lines`."""

    page: Page
    proc: subprocess.Popen[str]
    errors: Path  # what it printed on its standard error
    lines: list[str] = field(default_factory=list)
    _printed: threading.Condition = field(default_factory=threading.Condition)
    _reader: threading.Thread | None = None

    def read(self) -> None:
        """Read its output in the background from now on."""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            with self._printed:
                self.lines.append(line.rstrip("\n"))
                self._printed.notify_all()

    def wait_printed(self, line: str, timeout: float = 90) -> None:
        """Until it has printed `line` (it is said what it printed last if it does not)."""
        with self._printed:
            if not self._printed.wait_for(lambda: line in self.lines, timeout):
                raise AssertionError(f"not printed: {line!r}; printed last: {self.lines[-5:]}")

    def finish(self, timeout: float = 120) -> None:
        """The command ends by itself at the game's end (--exit-at-end), with no error."""
        self.proc.wait(timeout)
        if self._reader is not None:
            self._reader.join(timeout)
        assert self.proc.returncode == 0, self.errors.read_text()

    def printed(self, prefix: str) -> Any:
        """The JSON it printed after `prefix` ("final state: ", "final board: ")."""
        line = next(x for x in self.lines if x.startswith(prefix))
        return json.loads(line[len(prefix) :])


@contextmanager
def played_table(browser: Browser, session: Path, folder: Path, pin: str) -> Iterator[PlayedTable]:
    """The whole product as a player meets it: `dicetable play` on the recorded `session`
    (its camera), the virtual board (real MicroPython), a database in `folder`, and its
    page open on a phone in Chromium, unlocked with `pin`. Killed if still running after."""
    command = [
        sys.executable, "-m", "host", "play", "--camera", str(session), "--manual",
        "--board", "virtual", "--db", str(folder / "games.db"), "--port", "0",
        "--speed", "0", "--window", "0", "--pin", pin, "--exit-at-end",
    ]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    errors = folder / "play.stderr"
    with errors.open("w") as err:  # (a file: a pipe nobody reads could fill and stop it)
        proc = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=err, text=True
        )
    assert proc.stdout is not None
    page = browser.new_page(viewport=PHONE)  # type: ignore[arg-type]
    try:
        page.set_default_timeout(30_000)
        played = PlayedTable(page, proc, errors)
        url = ""
        while not url:
            line = proc.stdout.readline()
            assert line, f"dicetable play ended early: {errors.read_text()}"
            played.lines.append(line.rstrip("\n"))
            if "the table's page is at" in line:
                url = line.split(" at ")[1].split()[0]
        played.read()
        page.goto(url)
        unlock_page(page, pin)
        yield played
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        page.close()
