"""The page's main screens, reached one after another in real Chromium on a table served for
the purpose (its own store in a folder of its own, no camera, no board): `dicetable page
screenshots OUT/` takes a picture of each in each language, and tests/app/test_i18n.py
reads each in French and Japanese for English left behind.

`walk(browser, lang, visit)` opens the page in `lang` (the browser's language, as a
player's phone would say it) and calls `visit(name, page)` on each screen once drawn:
home, the PIN form, the setup form of each game that has screens, the pick-up form, then
each such game's own screens (its kind's `screens`, host.games.kind.Screens: the game
plays its story on the table and names each screen as it comes; a new game brings its
own), then the games, statistics and JSON panels of the table those games were played
on. `names()` lists them in that order.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from host.app.board_seam import NoBoard
from host.app.store import Store
from host.app.table import Table
from host.app.web import WebServer
from host.games import Input
from host.games.kind import Screens, screens_of
from host.games.registry import kinds

PIN = "2468"
SIZE = {"width": 390, "height": 844}  # a phone
# players' names no language translates (none is a word of English, French or Japanese)
PLAYERS = ("Aiko", "Bruno", "Chloé", "Dai")
PANELS = ("games", "stats", "json")  # the table's panels, once the games were played
DRAWN_WITHIN = 10.0  # seconds a screen may take to be drawn

Visit = Callable[[str, Any], None]  # (the screen's name, the Playwright page showing it)


def games() -> dict[str, Screens]:
    """The games whose screens the walk shows, in the catalog's order: game -> screens."""
    found = {name: screens_of(kind) for name, kind in kinds().items()}
    return {name: screens for name, screens in found.items() if screens is not None}


def names() -> tuple[str, ...]:
    """Every screen `walk` shows, in order."""
    shown = games()
    setups = tuple(f"setup-{game}" for game in shown)
    own = tuple(name for screens in shown.values() for name in screens.names)
    return ("home", "pin", *setups, "pickup", *own, *PANELS)


def proper_names() -> tuple[str, ...]:
    """The names the screens show that no language translates: the players', and those
    each game's screens name (its characters)."""
    return PLAYERS + tuple(n for screens in games().values() for n in screens.proper_names)


@contextmanager
def served_table(folder: Path | None = None) -> Iterator[tuple[Table, str]]:
    """A table with no game, its page served on a free port: (table, url)."""
    with tempfile.TemporaryDirectory(prefix="dicetable-screens-") as tmp:
        where = folder or Path(tmp)
        table = Table(Store(where / "games.db"), NoBoard(), window=30, announce=lambda s: None)
        table.start(pin=PIN)
        web = WebServer(table, host="127.0.0.1", port=0)
        web.start()
        try:
            yield table, web.url
        finally:
            web.close()
            table.close()


def walk(browser: Any, lang: str, visit: Visit, size: Mapping[str, int] = SIZE) -> None:
    """Every main screen of the page in `lang`, on a table of its own, each given to
    `visit` once drawn."""
    with served_table() as (table, url):
        context = browser.new_context(locale=lang, viewport=dict(size))
        try:
            _story(table, context.new_page(), url, visit)
        finally:
            context.close()


def _story(table: Table, page: Any, url: str, visit: Visit) -> None:
    page.set_default_timeout(DRAWN_WITHIN * 1000)
    page.goto(url)
    page.wait_for_selector("#live.on")
    _drawn(page, table)
    visit("home", page)
    page.click("[data-test=lock]")
    visit("pin", page)
    page.fill("[data-test=pin]", PIN)
    page.click("#pin-form button[type=submit]")
    page.wait_for_selector("body:not(.readonly)")
    shown = games()
    for game in shown:
        _panel(page, "setup")
        page.select_option("#panel select", game)
        visit(f"setup-{game}", page)
    _panel(page, "pickup")
    visit("pickup", page)
    page.evaluate("closePanel()")

    for game, screens in shown.items():
        stage = _Stage(table, page, game)
        expected = iter(screens.names)
        for name in screens.play(stage):
            if name != next(expected, None):
                raise ValueError(f"{game}'s screens name {name!r} out of their order")
            _drawn(page, table)
            visit(name, page)
        if next(expected, None) is not None:
            raise ValueError(f"{game}'s screens did not show all of {screens.names}")

    for name in PANELS:
        _panel(page, name)
        visit(name, page)
    page.evaluate("closePanel()")


class _Stage:
    """The table as a game's screens move it on (host.games.kind.Stage): as the players
    would, from the server's side; a refusal from the page."""

    players: Sequence[str] = PLAYERS

    def __init__(self, table: Table, page: Any, game: str) -> None:
        self.table, self.page, self.game = table, page, game

    def new_game(self, setup: Mapping[str, Any]) -> None:
        self.table.act({"do": "new_game", "game": self.game, "setup": dict(setup)})

    def answer(self, kind: str, **fields: Any) -> None:
        game = self.table.game
        assert game is not None
        wait = next(w for w in game.waiting_for() if w.kind == kind)
        self.table.act({"do": "input", "input": {"type": kind, "player": wait.player, **fields}})

    def answer_all(self, kind: str) -> None:
        while self.table.game is not None and any(
            w.kind == kind for w in self.table.game.waiting_for()
        ):
            self.answer(kind)

    def throw(self, faces: Sequence[str]) -> None:
        self.table.act({"do": "throw", "faces": list(faces)})

    def refused(self, input: Input) -> None:
        """The page sends an input the rules refuse (as a phone a step behind would),
        once it shows the table as it is: the refusal shows, in the page's language."""
        _drawn(self.page, self.table)
        self.page.evaluate("(input) => act({do: 'input', input})", dict(input))
        self.page.wait_for_selector("#message.error:not([hidden])")


# ---- the page ---------------------------------------------------------------------------


def _panel(page: Any, name: str) -> None:
    page.evaluate("(name) => openPanel(name)", name)
    page.wait_for_selector(f"#panel[data-name={name}]:not([hidden])")


def _drawn(page: Any, table: Table) -> None:
    """Wait until the page shows the table's state as it is now."""
    deadline = time.monotonic() + DRAWN_WITHIN
    while time.monotonic() < deadline:
        shown = page.locator("body").get_attribute("data-version")
        if shown is not None and int(shown) >= table.version:
            page.wait_for_timeout(100)  # the sections drawn from it
            return
        page.wait_for_timeout(50)
    raise TimeoutError(f"the page did not draw the table's state {table.version}")
