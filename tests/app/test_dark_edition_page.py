"""The Dark Edition's box set up once on the page, in real headless Chromium: picking its
power cards (or its dice) in the setup form fills the box's other parts still blank (its
dice, its deck, its wickedness tiles red side up); each stays changeable on its own. The
game then plays the Dark Edition's deck, its cards named in the page's language."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.app.browser import Served, open_page, served

pytestmark = pytest.mark.slow
expect.set_options(timeout=15_000)  # a loaded machine: the table's answer may take a while

KOT_FR = Path(__file__).resolve().parents[2] / "host" / "games" / "kot" / "locales" / "fr.json"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Served]:
    with served(tmp_path, window=30.0) as s:
        yield s


def setup_form(browser: Browser, table: Served, lang: str = "en") -> tuple[object, object]:
    page = open_page(browser, table, lang)
    page.locator("[data-section=status] button").first.click()
    form = page.locator("[data-test=setup-form]")
    while form.locator("fieldset.row").count() > 2:
        form.locator("[data-test=fewer-players]").click()
    for i, name in enumerate(("Ann", "Bob")):
        form.locator("fieldset.row").nth(i).locator("[name=name]").fill(name)
    return page, form


@pytest.mark.parametrize("picked", ["deck", "dice"])
def test_the_dark_edition_s_box_is_set_up_in_one_choice(
    browser: Browser, table: Served, picked: str
) -> None:
    page, form = setup_form(browser, table, "fr")
    form.locator(f"select[name={picked}]").select_option("dark")  # type: ignore[attr-defined]
    for name, value in (("dice", "dark"), ("deck", "dark"), ("wickedness", "front")):
        expect(form.locator(f"select[name={name}]")).to_have_value(value)  # type: ignore[attr-defined]
    form.locator("[name=first_player]").select_option("Ann")  # type: ignore[attr-defined]
    form.locator("input[name=table_deck]").uncheck()  # type: ignore[attr-defined]
    page.locator("[data-test=start]").click()  # type: ignore[attr-defined]
    expect(page.locator("[data-test=turn]")).to_contain_text("Ann")  # type: ignore[attr-defined]
    game = table.table.game
    assert game is not None
    options = game.setup.options  # type: ignore[attr-defined]
    assert (options.deck, options.dice, options.wickedness) == ("dark", "dark", "front")
    names = json.loads(KOT_FR.read_text())
    french = {**names["printed"], **names["ours"]}
    body = page.locator("body")  # type: ignore[attr-defined]
    for card in game.to_json()["face_up"]:
        expect(body).to_contain_text(french[card])  # the Dark Edition's cards in French too
    assert not page.errors  # type: ignore[attr-defined]


def test_a_part_already_chosen_stays_as_chosen(browser: Browser, table: Served) -> None:
    """The box fills only what is still blank: green tiles chosen first stay green; and
    the standard deck chosen back after the dark dice is taken as chosen."""
    page, form = setup_form(browser, table)
    form.locator("select[name=wickedness]").select_option("green")  # type: ignore[attr-defined]
    form.locator("select[name=dice]").select_option("dark")  # type: ignore[attr-defined]
    expect(form.locator("select[name=deck]")).to_have_value("dark")  # type: ignore[attr-defined]
    expect(form.locator("select[name=wickedness]")).to_have_value("green")  # type: ignore[attr-defined]
    form.locator("select[name=deck]").select_option("")  # type: ignore[attr-defined]
    form.locator("[name=first_player]").select_option("Ann")  # type: ignore[attr-defined]
    form.locator("input[name=table_deck]").uncheck()  # type: ignore[attr-defined]
    page.locator("[data-test=start]").click()  # type: ignore[attr-defined]
    expect(page.locator("[data-test=turn]")).to_contain_text("Ann")  # type: ignore[attr-defined]
    game = table.table.game
    assert game is not None
    options = game.setup.options  # type: ignore[attr-defined]
    assert (options.deck, options.dice, options.wickedness) == ("", "dark", "green")
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "cultists", "wickedness"),
    [
        ("fr", "1 PV, 1 énergie ou un lancer de plus", "jauge de méchanceté"),
        ("ja", "ライフ1、エネルギー1、または振り直し1回", "悪名+2"),
    ],
)
def test_each_expansion_s_option_says_what_it_does(
    browser: Browser, table: Served, lang: str, cultists: str, wickedness: str
) -> None:
    """A new player read 'Cultistes (pack Cthulhu)', 'Berserk (pack Cybertooth)' and the
    rest as names alone: each option says in a line what it does."""
    _page, form = setup_form(browser, table, lang)
    options = ("two_player_variant", "cultists", "tokyo_tower", "berserk", "curses")
    for name in (*options, "transformation"):
        note = form.locator(f".check-field:has(input[name={name}]) small.note")  # type: ignore[attr-defined]
        expect(note).to_be_visible()
    note = form.locator(".check-field:has(input[name=cultists]) small.note")  # type: ignore[attr-defined]
    expect(note).to_contain_text(cultists)
    note = form.locator("p:has(select[name=wickedness]) small.note")  # type: ignore[attr-defined]
    expect(note).to_contain_text(wickedness)


@pytest.mark.parametrize(
    ("lang", "devious"),
    [
        ("fr", "Prendre Sournois\u00a0: Un lancer de plus à chaque tour."),
        ("ja", "ずる賢さを取る：毎ターン振り直しが1回多い。"),
    ],
)
def test_a_wickedness_tile_is_offered_with_what_it_does(
    browser: Browser, table: Served, lang: str, devious: str
) -> None:
    """Three 1s took the gauge to 3: the tiles were offered by their names alone
    ('Prendre Sournois', 'Prendre Éternel'...), what each does nowhere on the page."""
    table.table.act({"do": "new_game", "game": "king-of-tokyo", "setup": {
        "players": [{"name": "Ann", "monster": "The King"}, {"name": "Bob", "monster": "Alienoid"}],
        "options": {"wickedness": "front", "table_deck": False}, "seed": 0,
        "position": {"active_player": "Ann", "monsters": {"Ann": {"wickedness": 1}}},
    }})  # fmt: skip
    page = open_page(browser, table, lang)
    table.table.act({"do": "throw", "faces": ["1", "1", "1", "2", "3", "heart"]})
    table.table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})
    table.table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})  # now
    tiles = page.locator(".answer[data-kind=tile] .choices button")
    expect(tiles).to_have_count(4)
    expect(tiles.first).to_have_text(devious)
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "lists"),
    [("fr", ["Cartes", "Tuiles de méchanceté"]), ("ja", ["カード", "悪名タイル"])],
)
def test_a_monster_s_cards_and_tiles_are_named_in_the_pick_up_form(
    browser: Browser, table: Served, lang: str, lists: list[str]
) -> None:
    """Picking up a game: each player's row held two lists of names, the cards and the
    wickedness tiles, told apart by their names alone. Each says what it lists."""
    page = open_page(browser, table, lang)
    page.evaluate("openPanel('pickup')")
    row = page.locator("[data-test=pickup-form] fieldset.row").first
    expect(row.locator(".multi > span")).to_have_text(lists)
    assert not page.errors  # type: ignore[attr-defined]


# the widest choice of each list of the form (its text as drawn), and the room inside it
WIDEST = """(form) => { const c = document.createElement("canvas").getContext("2d");
  return [...form.querySelectorAll("select:not([multiple])")].map((s) => {
    c.font = getComputedStyle(s).font;
    const widest = Math.max(...[...s.options].map((o) => c.measureText(o.textContent).width));
    return [s.name, Math.ceil(widest), s.clientWidth]; }); }"""


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_every_choice_of_the_setup_is_shown_whole_on_a_phone(
    browser: Browser, table: Served, lang: str
) -> None:
    """On a phone (390 px) a list shows its choice cut: 'Au lancer (le plus de Baffes
    commence', 'ceux de la boîte standard (noirs et ver', 'ダイスで決める（攻撃の目が最も多い
    人から', the Dark Edition's deck worse, a race's 'le vôtre : les parties de plateau
    ci-dessou'. Each choice fits its list (its arrow aside), in every game's setup and the
    pick-up."""
    page, _form = setup_form(browser, table, lang)
    cut = []
    for game in ("king-of-tokyo", "kingdom-run", "kato", "pick up"):
        if game == "pick up":
            page.evaluate("openPanel('pickup')")  # type: ignore[attr-defined]
            # every expansion's option on: their fields are shown only with it
            options = page.locator("#panel form .options input[type=checkbox]")  # type: ignore[attr-defined]
            for i in range(options.count()):
                options.nth(i).check()
            page.locator("#panel form select[name=wickedness]").select_option("front")  # type: ignore[attr-defined]
            page.locator("#panel form select[name=deck]").select_option("dark")  # type: ignore[attr-defined]
        else:
            page.locator("select[data-keep=game]").select_option(game)  # type: ignore[attr-defined]
        form = page.locator("#panel form")  # type: ignore[attr-defined]
        cut += [(game, name, widest, room) for name, widest, room in form.evaluate(WIDEST)
                if widest > room - 30]  # fmt: skip
    assert cut == []
