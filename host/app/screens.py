"""The page's main screens, reached one after another in real Chromium on a table served for
the purpose (its own store in a folder of its own, no board, a stand-in camera): `dicetable
page screenshots OUT/` takes a picture of each in each language, and tests/app/test_i18n.py
reads each in French and Japanese for English left behind.

`walk(browser, lang, visit)` opens the page in `lang` (the browser's language, as a
player's phone would say it) and calls `visit(name, page)` on each screen once drawn:
home, the PIN form, the setup form of each game that has screens, the pick-up form (and
each other game's, chosen in its list); then the two teachings of the menu, as a table is
taught before a game night (`TEACHING`):
"Teach your dice" (its panel, a few throws seen, the groups of dice to name, their colours,
the set learnt, the dice sets) and "Teach your cards" (its panel, cards laid with what the
set as shipped reads, each confirmed or fixed with the kinds still to teach, the set
learnt); then each game's own screens (its kind's `screens`, host.games.kind.Screens: the
game plays its story on the table and names each screen as it comes; a new game brings its
own), then the games, statistics and JSON panels of the table those games were played on.
`names()` lists them in that order.

The camera is a stand-in (`_Camera`) fed frames our own renderers draw, seeded: the
renderer's own dice (vision.render) and the demo's own cards (vision.cards.pile); nothing from
shared/data. The table learns in folders of its own (XDG_DATA_HOME and XDG_CONFIG_HOME
point into its temporary folder while it is served, the refit's process too): the sets it
learns are never the machine's.
"""

from __future__ import annotations

import math
import os
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from host.app.board_seam import NoBoard
from host.app.camera import DiceWatcher
from host.app.store import Store
from host.app.table import Table
from host.app.teaching import Learning
from host.app.web import WebServer
from host.games import Input
from host.games.kind import Screens, screens_of
from host.games.registry import kinds
from vision.render import random_scenes

if TYPE_CHECKING:
    import numpy as np

PIN = "2468"
SIZE = {"width": 390, "height": 844}  # a phone
# players' names no language translates (none is a word of English, French or Japanese)
PLAYERS = ("Aiko", "Bruno", "Chloé", "Dai")
PANELS = ("games", "stats", "json")  # the table's panels, once the games were played
DRAWN_WITHIN = 10.0  # seconds a screen may take to be drawn
# the teachings' screens, on the table before its games
TEACHING = (
    "teach", "teach-throwing", "teach-groups", "teach-colours", "teach-learnt", "sets",
    "teach-cards", "cards-laid", "cards-fixed", "cards-learnt",
)  # fmt: skip
LEARNT_WITHIN = 90.0  # seconds a teaching's fit may take (the dice's: a process of its own)
DICE = random_scenes.THROWN  # the dice taught: those the renderer throws unless told (two colours)
THROWS, THROWN = 4, 9  # throws of 9 dice: each face 6 times (a fit needs 3 of each it learns
DICE_SEED = 5  # from, besides those it is checked on)
HAND = (("red", "7"), ("blue", "2"), ("green", "skip"), ("yellow", "9"), ("blue", "reverse"))
CARDS_SEED = 3  # (the shipped set is not sure of two of these cards, and reads one wrong)

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
    pickups = tuple(f"pickup-{game}" for game in _picked_up(shown))
    return ("home", "pin", *setups, "pickup", *pickups, *TEACHING, *own, *PANELS)


def _picked_up(shown: Mapping[str, Screens]) -> list[str]:
    """The games shown whose pick-up form the walk shows besides the first (the "pickup"
    screen): each chosen in the form's list of games."""
    found = [game for game in shown if kinds()[game].catalog().get("pickup") is not None]
    return found[1:]


def proper_names() -> tuple[str, ...]:
    """The names the screens show that no language translates: the players' and those
    each game's screens name (its characters). (The dice sets are shown by their titles,
    translated; a set's name as people type it, `dicetable vision read --faces NAME`, is
    marked `translate="no"` where the page shows it.)"""
    own = tuple(n for screens in games().values() for n in screens.proper_names)
    return PLAYERS + own


@contextmanager
def served_table(folder: Path | None = None) -> Iterator[tuple[Table, str, _Camera]]:
    """A table with no game, its page served on a free port, learning in folders of its own
    (in `folder`) as `dicetable play`'s does, with a stand-in camera: (table, url, camera)."""
    with tempfile.TemporaryDirectory(prefix="dicetable-screens-") as tmp:
        where = folder or Path(tmp)
        with _own_folders(where):
            from vision.learning.store import LearningStore

            table = Table(Store(where / "games.db"), NoBoard(), window=30, announce=lambda s: None)
            store = LearningStore()
            learning = Learning(store, table.touch, table.notice, play=False)
            table.learning = learning
            table.card_teaching.keep_in(store)
            camera = _Camera(table)
            table.start(pin=PIN)
            web = WebServer(table, host="127.0.0.1", port=0)
            web.start()
            try:
                yield table, web.url, camera
            finally:
                web.close()
                table.close()
                learning.close()


@contextmanager
def _own_folders(where: Path) -> Iterator[None]:
    """The sets taught and the examples kept go under `where` meanwhile (the refit's
    process too), never in the machine's folders."""
    names = ("XDG_DATA_HOME", "XDG_CONFIG_HOME")
    saved = {name: os.environ.get(name) for name in names}
    os.environ["XDG_DATA_HOME"] = str(where / "data")
    os.environ["XDG_CONFIG_HOME"] = str(where / "config")
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def walk(browser: Any, lang: str, visit: Visit, size: Mapping[str, int] = SIZE) -> None:
    """Every main screen of the page in `lang`, on a table of its own, each given to
    `visit` once drawn."""
    with served_table() as (table, url, camera):
        context = browser.new_context(locale=lang, viewport=dict(size))
        try:
            _story(table, context.new_page(), url, camera, visit)
        finally:
            context.close()


def _story(table: Table, page: Any, url: str, camera: _Camera, visit: Visit) -> None:
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
    for game in _picked_up(shown):  # each game's pick-up form, chosen in its list
        page.select_option("#panel select[data-keep=game]", game)
        visit(f"pickup-{game}", page)
    page.evaluate("closePanel()")
    _teach_dice(table, page, camera, visit)  # (as a table is taught before a game night)
    _teach_cards(table, page, camera, visit)
    page.evaluate("() => { clearTimeout(say.timer); $('message').hidden = true; }")  # (said)

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


# ---- the teachings -------------------------------------------------------------------------


class _Camera:
    """The table's camera, stood in for: frames fed as a camera sends them (each view held
    still a moment, with the sensor's noise), read on the walk's thread."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.watcher = DiceWatcher()
        self.t = 0.0
        table.camera_opened(self.watcher)

    def show(self, views: Sequence[np.ndarray], hold: int = 6) -> None:
        from host.recording import FPS
        from vision.live.sequences import held

        for _index, frame, _t in held(views, hold, FPS, seed=len(views)):
            for event in self.watcher.feed(frame, self.t):  # (none while teaching)
                self.table.camera_event(event)
            self.t += 1 / FPS


@cache
def _throws() -> tuple[tuple[np.ndarray, tuple[Any, ...]], ...]:
    """THROWS frames of THROWN dice of the set DICE (vision.render), each face as often: the
    frame, and the dice drawn in it (vision.render.draw.DrawnDie)."""
    import numpy as np

    from vision.glyphs import faces_of
    from vision.render.draw import render
    from vision.render.random_scenes import random_scene

    rng = np.random.default_rng(DICE_SEED)
    out = []
    for k in range(THROWS):
        scene = random_scene(rng, DICE, n_dice=THROWN)
        faces = faces_of(scene.dice[0].look.style)
        dice = tuple(
            replace(d, face=faces[(k * THROWN + j) % len(faces)]) for j, d in enumerate(scene.dice)
        )
        frame, drawn = render(replace(scene, dice=dice))
        out.append((frame, tuple(drawn)))
    return tuple(out)


@cache
def _hand() -> tuple[np.ndarray, np.ndarray, tuple[tuple[tuple[str, str], np.ndarray], ...]]:
    """The table with no card, then HAND laid on it (the demo's own cards: vision.cards.pile),
    and each card laid with its corners."""
    from host.recording import own_cards
    from vision.cards.compose import place_hand
    from vision.cards.pile import Pile

    pile = Pile(own_cards(), CARDS_SEED)
    (w, h), length = pile.size, pile.size[1] * 0.3
    quads = place_hand(pile.rng, len(HAND), length, pile.aspect, w, h)
    laid = [(pile.deck.card(c, v, length), q) for (c, v), q in zip(HAND, quads, strict=True)]
    return pile.frame(), pile.frame(laid), tuple(zip(HAND, quads, strict=True))


def _teach_dice(table: Table, page: Any, camera: _Camera, visit: Visit) -> None:
    """ "Teach your dice", as people do it: its panel, a few throws, each group named (one
    die put right where its group is wrong), each colour group named, the set learnt."""
    _panel(page, "teach")
    page.wait_for_selector("[data-test=teach-start-set]")
    visit("teach", page)
    page.select_option("#panel select", DICE)
    page.click("[data-test=teach-start-set]")
    page.wait_for_selector("[data-test=teach-throws]")
    throws = _throws()
    camera.show([frame for frame, _ in throws])
    _drawn(page, table, images=True)
    visit("teach-throwing", page)

    page.click("[data-test=teach-sort]")
    page.wait_for_selector("[data-test=teach-group]")
    _drawn(page, table)
    page.click("[data-test=teach-group] [data-test=teach-cut]")  # a die's own face, asked
    page.wait_for_selector("[data-test=teach-group] .picker button")
    _drawn(page, table, images=True)
    visit("teach-groups", page)

    flow = _flow(table, "teaching")
    truth = {c["id"]: _die_at(throws[c["throw"] - 1][1], c["center"]) for c in flow["cuts"]}
    for group in flow["groups"]:
        face = _most([truth[i].face for i in group["cuts"]])
        _teach(table, "name", group=group["id"], face=face)
        for i in group["cuts"]:
            if truth[i].face != face:
                _teach(table, "move", cut=i, face=truth[i].face)
    page.wait_for_selector("[data-test=teach-colour-group]")
    _drawn(page, table, images=True)
    visit("teach-colours", page)

    for group in _flow(table, "teaching")["colour_groups"]:
        color = _most([truth[i].color for i in group["cuts"]])
        _teach(table, "colour", group=group["id"], color=color)
        for i in group["cuts"]:
            if truth[i].color != color:
                _teach(table, "recolor", cut=i, color=truth[i].color)
    _drawn(page, table)
    page.click("[data-test=teach-fit]")
    page.wait_for_selector("[data-test=teach-result]", timeout=LEARNT_WITHIN * 1000)
    _drawn(page, table)
    visit("teach-learnt", page)

    _panel(page, "sets")
    page.wait_for_selector(f"#panel table[data-set={DICE}]")
    visit("sets", page)
    page.evaluate("closePanel()")
    page.click("[data-test=teach-close]")
    page.wait_for_selector("[data-test=teaching]", state="hidden")


def _teach_cards(table: Table, page: Any, camera: _Camera, visit: Visit) -> None:
    """ "Teach your cards": its panel, a hand laid (the cards with what the shipped set
    reads), each confirmed (the first one read wrong fixed on the page), the set learnt."""
    _panel(page, "teachCards")
    page.wait_for_selector("[data-test=cards-start]")
    visit("teach-cards", page)
    page.click("[data-test=cards-start]")
    page.wait_for_selector("[data-test=cards-seen]")
    empty, hand, laid = _hand()
    camera.show([empty, hand])
    cards = _flow(table, "cards", "flow")["cards"]
    if not cards:
        raise ValueError("the cards laid were not seen while teaching")
    _drawn(page, table, images=True)
    visit("cards-laid", page)

    fixed = False
    for card in cards:
        truth = _card_at(laid, card["center"])
        if truth is None:
            _teach_card(table, "leave_out", card=card["id"])
        elif truth != (card["guess"]["color"], card["guess"]["value"]) and not fixed:
            box = page.locator(f"[data-test=teach-card][data-card='{card['id']}']")
            box.locator("[data-test=card-color]").select_option(truth[0])
            box.locator("[data-test=card-value]").select_option(truth[1])
            box.locator("[data-test=card-confirm]").click()
            page.wait_for_selector(
                f"[data-test=teach-card][data-card='{card['id']}'][data-state=confirmed]"
            )
            fixed = True
        else:
            _teach_card(table, "confirm", card=card["id"], color=truth[0], value=truth[1])
    _drawn(page, table, images=True)
    visit("cards-fixed", page)

    page.click("[data-test=cards-learn]")
    page.wait_for_selector("[data-test=cards-result]", timeout=LEARNT_WITHIN * 1000)
    _drawn(page, table)
    visit("cards-learnt", page)
    page.click("[data-test=cards-close]")
    page.wait_for_selector("[data-test=cards-teaching]", state="hidden")


def _flow(table: Table, *path: str) -> dict[str, Any]:
    found: Any = table.view()
    for key in path:
        found = found[key]
    return dict(found)


def _teach(table: Table, step: str, **fields: Any) -> None:
    table.act({"do": "teach", "step": step, **fields})


def _teach_card(table: Table, step: str, **fields: Any) -> None:
    table.act({"do": "teach_cards", "step": step, **fields})


def _most(values: Sequence[str]) -> str:
    return max(sorted(set(values)), key=values.count)


def _die_at(drawn: Sequence[Any], center: Sequence[float]) -> Any:
    """The die drawn whose middle is nearest `center` (a cut's)."""
    return min(drawn, key=lambda d: math.dist(d.center, center))


def _card_at(
    laid: Sequence[tuple[tuple[str, str], np.ndarray]], center: Sequence[float]
) -> tuple[str, str] | None:
    """The card laid whose middle is nearest `center` (within half a card's width), or None
    (no card lies there)."""
    kind, quad = min(laid, key=lambda k: math.dist(k[1].mean(axis=0), center))
    width = min(math.dist(quad[0], quad[1]), math.dist(quad[1], quad[2]))
    return kind if math.dist(quad.mean(axis=0), center) < width / 2 else None


# ---- the page ---------------------------------------------------------------------------


def _panel(page: Any, name: str) -> None:
    page.evaluate("(name) => openPanel(name)", name)
    page.wait_for_selector(f"#panel[data-name={name}]:not([hidden])")


# Playwright evaluates what it waits for with eval: the page's Content-Security-Policy
# (no 'unsafe-eval') lets that pass only in its first, synchronous try. An expression is
# evaluated again at every later try, refused (EvalError): waiting for pictures still
# loading (a loaded machine) failed so. A function is evaluated once and then called.
IMAGES_LOADED = "() => [...document.images].every((i) => i.complete)"


def _drawn(page: Any, table: Table, images: bool = False) -> None:
    """Wait until the page shows the table's state as it is now (and, with `images`, its
    pictures loaded: the dice and cards cut out)."""
    deadline = time.monotonic() + DRAWN_WITHIN
    while time.monotonic() < deadline:
        shown = page.locator("body").get_attribute("data-version")
        if shown is not None and int(shown) >= table.version:
            page.wait_for_timeout(100)  # the sections drawn from it
            if images:  # (a function, not an expression: see IMAGES_LOADED)
                page.wait_for_function(IMAGES_LOADED)
            return
        page.wait_for_timeout(50)
    raise TimeoutError(f"the page did not draw the table's state {table.version}")
