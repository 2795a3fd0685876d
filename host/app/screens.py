"""The page's main screens, reached one after another in real Chromium on a table served for
the purpose (its own store in a folder of its own, no camera, no board): `dicetable page
screenshots OUT/` takes a picture of each in each language, and tests/app/test_i18n.py
reads each in French and Japanese for English left behind.

`walk(browser, lang, visit)` opens the page in `lang` (the browser's language, as a
player's phone would say it) and calls `visit(name, page)` on each screen once drawn:
home, the PIN form, the setup forms of each game, the pick-up form, a King of Tokyo turn
(the cards set out, the throw, the result, the correction window, the purchases, a
monster asked to yield), the games, statistics and JSON panels, a game over, a turn with
every expansion on (wickedness, cultists, the tower, a berserk monster, a curse asking
another player which die is thrown again), and a turn of Kingdom Run and of KaTO (an
input in the feed, an input the rules refuse).
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from host.app.board_seam import NoBoard
from host.app.store import Store
from host.app.table import Table
from host.app.web import WebServer

PIN = "2468"
SIZE = {"width": 390, "height": 844}  # a phone
# players' names no language translates (none is a word of English, French or Japanese)
PLAYERS = ("Aiko", "Bruno", "Chloé", "Dai")
MONSTERS = ("The King", "Alienoid", "Meka Dragon", "Cyber Kitty")
# the screens, in the order `walk` shows them
SCREENS = (
    "home",
    "pin",
    "setup-king-of-tokyo",
    "setup-kingdom-run",
    "setup-kato",
    "pickup",
    "kot-set-out",
    "kot-throw",
    "kot-result",
    "kot-window",
    "kot-buy",
    "kot-yield",
    "games",
    "stats",
    "json",
    "kot-over",
    "kot-expansions",
    "kingdom-run",
    "kato",
)
DRAWN_WITHIN = 10.0  # seconds a screen may take to be drawn

Visit = Callable[[str, Any], None]  # (the screen's name, the Playwright page showing it)


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
    for game in ("king-of-tokyo", "kingdom-run", "kato"):
        _panel(page, "setup")
        if game != "king-of-tokyo":
            page.select_option("#panel select", game)
        visit(f"setup-{game}", page)
    _panel(page, "pickup")
    visit("pickup", page)
    page.evaluate("closePanel()")

    _new_game(table, "king-of-tokyo", options={"table_deck": True})
    _drawn(page, table)
    visit("kot-set-out", page)
    for card in ("Healing Ray", "Energize", "Jets"):
        _answer(table, "reveal", card=card)
    _drawn(page, table)
    visit("kot-throw", page)
    _throw(table, ["energy", "energy", "energy", "energy", "claw", "claw"])
    _drawn(page, table)
    visit("kot-result", page)
    _answer(table, "resolve")
    _drawn(page, table)
    visit("kot-window", page)
    _answer(table, "resolve")  # the result held for the correction window: used now
    _drawn(page, table)
    visit("kot-buy", page)
    _answer(table, "end_turn")
    _throw(table, ["claw", "claw", "claw", "1", "2", "heart"])  # Bruno hits Aiko in Tokyo
    _answer(table, "resolve")
    _answer(table, "resolve")  # the result held for the correction window: used now
    _drawn(page, table)
    visit("kot-yield", page)
    for name in ("games", "stats", "json"):
        _panel(page, name)
        visit(name, page)
    page.evaluate("closePanel()")

    _new_game(
        table,
        "king-of-tokyo",
        position={
            "active_player": PLAYERS[0],
            "turn": 9,
            "monsters": {PLAYERS[0]: {"vp": 19}},
            "face_up": ["Frenzy", "Wings", "Tank"],
        },
    )
    _throw(table, ["3", "3", "3", "heart", "energy", "1"])
    _answer(table, "resolve")
    _answer(table, "resolve")
    _answer_all(table, "end_turn")
    _drawn(page, table)
    visit("kot-over", page)

    _new_game(
        table,
        "king-of-tokyo",
        options={"cultists": True, "wickedness": "front", "tokyo_tower": True, "berserk": True}
        | {"curses": True},
        position={
            "active_player": PLAYERS[0],
            "monsters": {
                PLAYERS[0]: {"berserk": True, "wickedness": 4, "cultists": 1},
                PLAYERS[1]: {"location": "city"},
            },
            "tower": {"1": PLAYERS[1]},
            "curse": "Confused Senses",
            "scarab": PLAYERS[1],
        },
    )
    _throw(table, ["1", "1", "1", "2", "3", "heart", "berserk_claw", "fate_river"])
    _answer(table, "resolve")
    _answer(table, "resolve")  # used now; Confused Senses: Bruno picks a die of Aiko's
    _drawn(page, table)
    visit("kot-expansions", page)

    _new_game(table, "kingdom-run")
    _throw(table, ["boots", "hook", "drop", "flask"])  # an input in the feed
    _drawn(page, table)
    _refused(page, {"type": "end_turn", "player": PLAYERS[1]})  # the rules' words
    visit("kingdom-run", page)
    _new_game(table, "kato")
    _answer(table, "turn_up", card={"color": "red", "value": "7"})
    _drawn(page, table)
    _refused(page, {"type": "draw", "player": PLAYERS[2]})
    visit("kato", page)


# ---- moving the table on (as the players would, from the server's side) ------------------


def _new_game(table: Table, game: str, **setup: Any) -> None:
    players: list[dict[str, Any]] = [{"name": n} for n in PLAYERS]
    if game == "king-of-tokyo":
        for p, monster in zip(players, MONSTERS, strict=True):
            p["monster"] = monster
        if "position" in setup:
            players = players[:2]
    if game == "kato":
        players = players[:3]
    if "position" not in setup:
        setup["first_player"] = PLAYERS[0]
    table.act({"do": "new_game", "game": game, "setup": {"players": players, **setup}})


def _answer(table: Table, kind: str, **fields: Any) -> None:
    """Answer the first thing of `kind` the game waits for."""
    assert table.game is not None
    wait = next(w for w in table.game.waiting_for() if w.kind == kind)
    table.act({"do": "input", "input": {"type": kind, "player": wait.player, **fields}})


def _answer_all(table: Table, kind: str) -> None:
    while table.game is not None and any(w.kind == kind for w in table.game.waiting_for()):
        _answer(table, kind)


def _throw(table: Table, faces: list[str]) -> None:
    table.act({"do": "throw", "faces": faces})


# ---- the page ---------------------------------------------------------------------------


def _panel(page: Any, name: str) -> None:
    page.evaluate("(name) => openPanel(name)", name)
    page.wait_for_selector(f"#panel[data-name={name}]:not([hidden])")


def _refused(page: Any, inp: Mapping[str, Any]) -> None:
    """The page sends an input the rules refuse (as a phone a step behind would): the
    refusal shows, in the page's language."""
    page.evaluate("(input) => act({do: 'input', input})", dict(inp))
    page.wait_for_selector("#message.error:not([hidden])")


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
