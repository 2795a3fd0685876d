"""A served table for the page's tests (the page itself runs in real headless Chromium:
host.app.chromium)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from host.app.camera import ThrowSeen
from host.app.connections import Limits
from host.app.store import Store
from host.app.table import Table
from host.app.web import WebServer
from tests.app.fakes import FakeBoard

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


def throw_seen(thrown: list[str], kept: list[str] | None = None, doubt: int = -1) -> ThrowSeen:
    """A settled throw as the camera reports it, with a real JPEG snapshot; die `doubt`
    (an index into thrown) is read with low confidence."""
    kept = kept or []
    image = np.full((240, 320, 3), (40, 90, 40), np.uint8)
    _, jpeg = cv2.imencode(".jpg", image)
    dice = [{"face": f, "confidence": 0.98, "kept": True} for f in kept]
    dice += [{"face": f, "confidence": 0.55 if i == doubt else 0.97} for i, f in enumerate(thrown)]
    return ThrowSeen(thrown, kept, dice, bytes(jpeg), settled_at=0.0, frame=0)
