"""A race on the page in real headless Chromium: the course drawn as a track (lakes,
every runner in its colour, a sleeping one laid down), the dice with their actions, a
tap on a runner or a space doing an action, the finish places with the note that their
points are configuration, and the setup form saying so."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.app.browser import Served, open_page, served, throw_seen

pytestmark = pytest.mark.slow

RACERS = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Served]:
    with served(tmp_path) as s:
        yield s


def start_race(s: Served, **setup: Any) -> None:
    s.table.act({"do": "new_game", "game": "kingdom-run", "setup": {"players": RACERS, **setup}})


def inputs(s: Served) -> list[dict[str, Any]]:
    assert s.table.game_id is not None
    return s.table.store.inputs(s.table.game_id)


def runner(page: Page, space: int, player: str) -> Any:
    return page.locator(f"[data-track=course] [data-space='{space}'] .token[data-player={player}]")


def changed(page: Page, before: str) -> None:
    expect(page.locator("body")).not_to_have_attribute("data-version", before)


def test_the_setup_form_says_the_finish_places_are_configuration(
    browser: Browser, table: Served
) -> None:
    page = open_page(browser, table)
    page.get_by_role("button", name="Set up a game").click()
    page.select_option("[aria-label=game]", "kingdom-run")
    form = page.locator("[data-test=setup-form]")
    expect(form).to_contain_text("printed on your board")
    page.fill("[aria-label='player 1 name']", "Ann")
    page.fill("[aria-label='player 2 name']", "Bob")
    page.fill("[aria-label='finish place points 1']", "12")
    page.click("[data-test=start]")
    expect(page.locator("[data-test=turn]")).to_have_text("Turn 1: Ann (red)")
    finish = page.locator("[data-list=finish]")
    expect(finish).to_contain_text("12: free")
    expect(page.locator(".list", has=finish)).to_contain_text("configuration")
    assert not page.errors  # type: ignore[attr-defined]


def test_the_course_drawn_with_every_runner(browser: Browser, table: Served) -> None:
    position = {"active_player": "Ann", "runners": {"Bob": [0, 1, 14, 20]}, "asleep": {"Bob": [20]}}
    start_race(table, position=position)
    page = open_page(browser, table, unlock=False)
    track = page.locator("[data-track=course]")
    expect(track.locator("[data-space]")).to_have_count(39)  # first-race: 4 + 35 spaces
    expect(track.locator("[data-look=water]")).to_have_count(3)
    expect(track.locator("[data-space='14']")).to_have_attribute("data-look", "water")
    expect(track.locator(".token")).to_have_count(8)
    expect(runner(page, 14, "Bob")).to_have_text("blue")  # in a lake
    expect(runner(page, 20, "Bob")).to_have_class("token flipped")  # asleep
    expect(runner(page, 20, "Bob")).to_have_attribute("title", "Bob's runner, asleep")
    expect(runner(page, 0, "Ann")).to_have_class("token")
    expect(track.locator(".tap")).to_have_count(0)  # read-only: nothing to tap
    assert not page.errors  # type: ignore[attr-defined]


def test_a_tap_on_a_runner_or_a_space_does_an_action(browser: Browser, table: Served) -> None:
    start_race(table, first_player="Ann")
    page = open_page(browser, table)
    table.table.camera_event(throw_seen(["hook", "flask", "boots", "purse"]))
    dice = page.locator("[data-test=result] .die")
    # drawn as the dice are (our glyphs), named in words for a screen reader and a long press
    expect(dice).to_have_count(4)
    assert dice.evaluate_all("(ds) => ds.map((d) => d.dataset.face)") == [
        "boots",
        "hook",
        "purse",
        "flask",
    ]  # in the order of the faces
    expect(dice.first).to_have_attribute("aria-label", "boots: scatter")
    expect(dice.locator("svg")).to_have_count(4)
    # Bob's runner on space 2 can be hooked or put to sleep: the tap offers both
    before = page.locator("body").get_attribute("data-version") or ""
    runner(page, 2, "Bob").click()
    picker = page.locator("[data-test=track-picker]")
    expect(picker.locator("button")).to_have_text(
        ["Hook: Bob's runner on space 2 to space 3", "Put Bob's runner on space 2 to sleep"]
    )
    picker.get_by_role("button", name="Put Bob's runner on space 2 to sleep").click()
    changed(page, before)
    # asleep, and no die left can move or wake it: not tappable
    expect(runner(page, 2, "Bob")).to_have_class("token flipped")
    expect(dice.nth(3)).to_have_class("die used")
    # the boots: a tap on space 0 offers its runners one by one and all of them
    before = page.locator("body").get_attribute("data-version") or ""
    page.locator("[data-track=course] [data-space='0']").click(position={"x": 3, "y": 3})
    picker.get_by_role("button", name="Boots: all 2 runners on space 0 (Ann and Bob)").click()
    changed(page, before)
    expect(runner(page, 1, "Ann")).to_have_count(2)
    expect(runner(page, 2, "Bob")).to_have_count(2)
    last = inputs(table)[-1]
    assert last == {"type": "boots", "player": "Ann", "space": 0, "runners": ["Ann", "Bob"]}
    assert inputs(table)[-2] == {
        "type": "flask", "player": "Ann", "space": 2, "runner": "Bob", "wake": False
    }  # fmt: skip
    # a runner that only one action can take: one tap does it
    before = page.locator("body").get_attribute("data-version") or ""
    runner(page, 2, "Ann").click()
    changed(page, before)
    assert inputs(table)[-1] == {"type": "hook", "player": "Ann", "space": 2, "runner": "Ann"}
    expect(page.locator("[data-list=actions]")).to_contain_text("grappling hook: chase 1/2")
    assert not page.errors  # type: ignore[attr-defined]


FOUR = [
    {"name": "Aiko", "colour": "red"},
    {"name": "Bruno", "colour": "blue"},
    {"name": "Chloé", "colour": "yellow"},
    {"name": "Dai", "colour": "green"},
]
LAYOUT = """() => {
  const box = (e) => e.getBoundingClientRect();
  const answers = [...document.querySelectorAll("[data-section=answers] > .answer")];
  const space = box(document.querySelector("[data-track=course] [data-space='10']"));
  return {
    height: document.documentElement.scrollHeight,
    main: box(document.querySelector("main")).width,
    course: box(document.querySelector("[data-track=course]")).width,
    courseTop: box(document.querySelector("[data-track=course]")).top,
    answersTop: box(document.querySelector("[data-section=answers]")).top,
    space: space.width,
    columns: new Set(answers.map((a) => Math.round(box(a).left))).size,
  };
}"""


@pytest.mark.parametrize(
    ("width", "height", "columns", "tall"),
    [(1024, 768, 3, 2600), (768, 1024, 2, 3100)],
    ids=["landscape", "portrait"],
)
def test_a_tablet_lays_the_answers_side_by_side_and_the_course_across(
    browser: Browser, table: Served, width: int, height: int, columns: int, tall: int
) -> None:
    """A four-runner turn waits for seven answers: on a tablet they sit side by side (in
    one narrow column the page stood 3445 px tall at 1024x768, 3714 at 768x1024), and the
    course spans the screen in large spaces (it was a third of the width, spaces of 38
    px); the table view shows the course first, under the headline, larger still."""
    start_race(table, players=FOUR, first_player="Aiko")
    table.table.act({"do": "throw", "faces": ["boots", "hook", "drop", "flask"]})
    page = open_page(browser, table, "fr", size={"width": width, "height": height})
    expect(page.locator("[data-section=answers] > .answer")).to_have_count(7)
    found = page.evaluate(LAYOUT)
    assert found["columns"] >= columns, found
    assert found["course"] >= 0.9 * found["main"] and found["space"] >= 64, found
    assert found["height"] <= tall, found
    page.click("[data-test=more]")
    page.click("[data-test=table-view]")
    expect(page.locator("body")).to_have_class("table-view")
    found = page.evaluate(LAYOUT)
    assert found["course"] >= 0.9 * found["main"] and found["space"] >= 90, found
    assert found["courseTop"] < found["answersTop"], found  # the board first
    assert not page.errors  # type: ignore[attr-defined]


def test_a_shared_win_is_said_for_every_winner(browser: Browser, table: Served) -> None:
    """Players tied without a place share the win (policy 12): the headline, the summary
    and the list of games name them as the page's language lists ("Cat et Dan"), and
    French says "victoire de", never "Cat, Dan a gagné" (a verb for one player)."""
    scenarios = Path(__file__).parents[1] / "games" / "kingdom_run" / "scenarios"
    script = json.loads(
        (scenarios / "policy12_players_tied_without_a_place_share_the_win.json").read_text()
    )
    table.table.act({"do": "import", "script": script})
    page = open_page(browser, table, "fr")
    expect(page.locator("[data-test=turn]")).to_have_text(
        "La course est finie\u00a0: victoire de Cat et Dan\u00a0!"
    )
    expect(page.locator("[data-test=winner]")).to_have_text("🏆 Victoire de Cat et Dan\u00a0!")
    assert not page.errors  # type: ignore[attr-defined]


def test_a_die_s_faces_are_named_for_screen_readers_in_the_page_language(
    browser: Browser, table: Served
) -> None:
    """Each face of a die's column to tap is named 'dé 1 : bottes : égrener', 'ダイス1：
    ブーツ：散らす': one text of the language, not 'ダイス1: ...' glued with an ASCII colon."""
    start_race(table)
    table.table.act({"do": "throw", "faces": ["boots", "hook", "drop", "purse"]})
    for lang, said in [
        ("fr", "dé 1\u00a0: bottes\u00a0: égrener"),
        ("ja", "ダイス1：ブーツ：散らす"),
        ("en", "die 1: boots: scatter"),
    ]:
        page = open_page(browser, table, lang)
        button = page.locator(
            "[data-test=dice-grid] .dice-column[data-die='0'] button[data-face=boots]"
        )
        expect(button.first).to_have_attribute("aria-label", said)
        page.context.close()


def test_the_first_player_is_offered_once_by_name(browser: Browser, table: Served) -> None:
    """Who starts is picked among the names typed, each once: the list offered 'le joueur
    1' and 'Léa' (the same person) too. Unpicked, the first row's player starts."""
    page = open_page(browser, table, "fr")
    page.locator("[data-section=status] button").first.click()
    page.locator("#panel select").first.select_option("kingdom-run")
    form = page.locator("[data-test=setup-form]")
    names = form.locator("[name=name]")
    names.nth(0).fill("Léa")
    names.nth(1).fill("Hugo")
    first = form.locator("select[name=first_player]")
    expect(first.locator("option")).to_have_text(["Léa", "Hugo"])
    expect(first).to_have_value("Léa")
    first.select_option("Hugo")
    page.click("[data-test=start]")
    expect(page.locator("[data-test=turn]")).to_contain_text("Hugo")
    assert table.table.store.setup(table.table.game_id or 0)["first_player"] == "Hugo"


def test_a_player_more_or_fewer_is_greyed_out_at_the_game_s_limits(
    browser: Browser, table: Served
) -> None:
    """A race is for 2 to 4: '− player' at 2 players and '+ player' at 4 are greyed out
    (a tap on them did nothing, and said nothing)."""
    page = open_page(browser, table)
    page.get_by_role("button", name="Set up a game").click()
    page.select_option("[aria-label=game]", "kingdom-run")
    names = page.locator("[data-test=setup-form] [name=name]")
    more, fewer = (
        page.locator("[data-test=more-players]"),
        page.locator("[data-test=fewer-players]"),
    )
    expect(names).to_have_count(2)
    expect(fewer).to_be_disabled()
    more.click()
    more.click()
    expect(names).to_have_count(4)
    expect(more).to_be_disabled()
    expect(fewer).to_be_enabled()
    fewer.click()
    expect(more).to_be_enabled()
    assert not page.errors  # type: ignore[attr-defined]


def test_a_wrong_finish_place_is_said_by_the_form_s_label(browser: Browser, table: Served) -> None:
    """Points entered out of order are refused naming the form's field as the form shows it
    ("Points des places d'arrivée"), not the script's "course.finish_places"."""
    page = open_page(browser, table, "fr")
    page.locator("[data-section=status] button").first.click()
    page.locator("#panel select").first.select_option("kingdom-run")
    names = page.locator("[data-test=setup-form] [name=name]")
    names.nth(0).fill("Aiko")
    names.nth(1).fill("Bruno")
    page.locator("[data-test=setup-form] input[type=number]").first.fill("1")
    page.click("[data-test=start]")
    said = "Points des places d'arrivée\u00a0: 1, 8, 6, 5, 4, 3, 2 et 1 doivent aller du plus"
    expect(page.locator("[data-test=message]")).to_contain_text(said)
    expect(page.locator("[data-test=message]")).not_to_contain_text("course.")


def test_a_race_on_the_board_parts_as_laid_set_up_on_the_page(
    browser: Browser, table: Served
) -> None:
    """The table's own course, from the setup form: the course "your own", then each
    board part as laid, its spaces in order (. land, ~ a lake). The page offered only our
    example courses, so a table's real board could be played only by importing a script."""
    page = open_page(browser, table, "fr")
    page.locator("[data-section=status] button").first.click()
    page.locator("#panel select").first.select_option("kingdom-run")
    form = page.locator("[data-test=setup-form]")
    names = form.locator("[name=name]")
    names.nth(0).fill("Aiko")
    names.nth(1).fill("Bruno")
    form.locator("select[name=preset]").select_option("")  # your own: the parts below
    parts = form.locator("input[name=parts]")
    expect(parts).to_have_count(5)
    parts.nth(0).fill("....~...")
    parts.nth(1).fill("..~~...")
    page.click("[data-test=start]")
    track = page.locator("[data-track=course]")
    expect(track.locator("[data-space]")).to_have_count(19)  # 4 start spaces + 8 + 7
    expect(track.locator("[data-look=water]")).to_have_count(3)
    expect(track.locator("[data-space='8']")).to_have_attribute("data-look", "water")
    expect(page.locator("[data-section=tracks]")).to_contain_text(
        "votre propre parcours\u00a0: 19 cases, 3 lacs"
    )
    assert table.table.store.setup(table.table.game_id or 0)["course"]["parts"] == [
        "....~...",
        "..~~...",
    ]


def test_the_board_parts_are_greyed_out_while_a_preset_is_chosen(
    browser: Browser, table: Served
) -> None:
    """A preset course and board parts cannot be sent together (the game refuses them, "a
    preset and board parts both given"): the parts are greyed out while a preset is chosen,
    typed ones kept for "your own", and a preset chosen after them races the preset."""
    page = open_page(browser, table)
    page.get_by_role("button", name="Set up a game").click()
    page.select_option("[aria-label=game]", "kingdom-run")
    form = page.locator("[data-test=setup-form]")
    form.locator("[name=name]").nth(0).fill("Ann")
    form.locator("[name=name]").nth(1).fill("Bob")
    preset, parts = form.locator("select[name=preset]"), form.locator("input[name=parts]")
    expect(parts).to_have_count(5)
    for n in range(5):
        expect(parts.nth(n)).to_be_disabled()  # the preset chosen at first
    preset.select_option("")  # your own: the parts below
    expect(parts.nth(0)).to_be_enabled()
    parts.nth(0).fill("....~...")
    preset.select_option("sprint")
    expect(parts.nth(0)).to_be_disabled()
    expect(parts.nth(0)).to_have_value("....~...")  # kept, should "your own" be chosen again
    page.click("[data-test=start]")
    expect(page.locator("[data-test=turn]")).to_have_text("Turn 1: Ann (red)")
    course = table.table.store.setup(table.table.game_id or 0)["course"]
    assert course["name"] == "sprint" and "....~..." not in course["parts"]
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_a_phone_sees_where_each_runner_stands_near_the_top(
    browser: Browser, table: Served, lang: str
) -> None:
    """On a phone a race's course lay under the seven answers and the dice, 3,000 px down
    the page: a player scrolled past everything to see the race (audit39). Where each
    player's runners stand is drawn small under the headline, a lane each, on the first
    screen above the bottom bar; a tap on it goes to the course."""
    position = {"active_player": "Aiko", "runners": {"Bruno": [0, 1, 14, 20]}}
    start_race(table, players=FOUR, position=position)
    table.table.act({"do": "throw", "faces": ["boots", "hook", "drop", "flask"]})
    page = open_page(browser, table, lang, size={"width": 390, "height": 844})
    expect(page.locator("[data-section=answers] > .answer")).to_have_count(7)
    overview = page.locator("[data-overview=course]")
    expect(overview.locator(".lane")).to_have_count(4)
    bruno = overview.locator(".lane[data-player=Bruno] .pip")
    assert bruno.evaluate_all("(ps) => ps.map((p) => +p.dataset.space)") == [0, 1, 14, 20]
    expect(overview.locator(".lane.active")).to_have_attribute("data-player", "Aiko")
    bar = page.locator("#bottom").bounding_box()
    box = overview.bounding_box()
    assert bar is not None and box is not None
    assert box["y"] + box["height"] <= bar["y"], (box, bar)  # seen without a scroll
    overview.click()
    course = page.locator("[data-track=course]")
    expect(course).to_be_in_viewport()
    assert not page.errors  # type: ignore[attr-defined]


def test_the_dice_tapped_so_far_are_kept_when_the_page_is_reloaded(
    browser: Browser, table: Served
) -> None:
    # a player tapped three of the four dice, then the phone reloaded the page (a pull
    # down, a tab woken): the three were gone and had to be tapped again
    start_race(table)
    page = open_page(browser, table, lang="fr")
    for face in ("boots", "hook", "drop"):
        page.click(f"[data-test=dice-palette] [data-face={face}]")
    page.reload()
    expect(page.locator("#live")).to_have_class("dot on")
    slots = page.locator("[data-test=dice-slots] .die-slot")
    expect(slots.locator(".die.empty")).to_have_count(1)
    expect(page.locator("[data-test=take-back]")).to_be_visible()
    page.click("[data-test=dice-palette] [data-face=purse]")  # the fourth sends the throw
    expect(page.locator("[data-test=dice-slots]")).to_have_count(0)
    throw = next(i for i in reversed(inputs(table)) if i["type"] == "throw")
    assert throw["thrown"] == ["boots", "hook", "drop", "purse"]
    assert not page.errors  # type: ignore[attr-defined]


def test_no_last_throw_is_said_when_no_dice_are_shown(browser: Browser, table: Served) -> None:
    # a table with no camera, Bob's turn: under the dice to tap, 'Dernier lancer : entré à
    # la main' alone, of Ann's throw, whose dice were no longer shown
    start_race(table)
    page = open_page(browser, table, lang="fr")
    table.table.act({"do": "throw", "faces": ["boots", "hook", "drop", "flask"]})
    expect(page.locator("[data-test=result] .die")).to_have_count(4)
    expect(page.locator("[data-test=seen]")).to_have_text("Dernier lancer\u00a0: entré à la main")
    table.table.act({"do": "input", "input": {"type": "end_turn", "player": "Ann"}})
    expect(page.locator("[data-test=turn]")).to_contain_text("Bob")
    expect(page.locator("[data-test=dice-palette]")).to_be_visible()
    expect(page.locator("[data-test=seen]")).to_have_count(0)
    assert not page.errors  # type: ignore[attr-defined]


def test_a_notice_begins_with_a_capital(browser: Browser, table: Served) -> None:
    # the table's notices are written as clauses ('undone: ...', 'game paused'); shown
    # alone as a sentence they read 'annulé : Léa égrène des coureurs avec les bottes'
    start_race(table)
    page = open_page(browser, table, lang="fr")
    table.table.act({"do": "throw", "faces": ["boots", "hook", "drop", "flask"]})
    expect(page.locator("[data-test=result] .die")).to_have_count(4)
    page.click("[data-test=undo]")
    message = page.locator("#message")
    expect(message).to_contain_text("annulé")  # (the words as the server said them)
    assert message.inner_text().startswith("Annulé\u00a0: Ann lance"), message.inner_text()
    assert not page.errors  # type: ignore[attr-defined]


def test_a_board_part_box_looks_greyed_out_while_a_preset_is_chosen(
    browser: Browser, table: Served
) -> None:
    # the boxes were disabled but drawn as every box: white, dark-edged; a player tapped
    # one and could type nothing, with nothing to say why
    page = open_page(browser, table, lang="fr")
    page.get_by_role("button", name="Préparer une partie").click()
    page.select_option("[aria-label=jeu]", "kingdom-run")
    form = page.locator("[data-test=setup-form]")
    look = "(el) => { const s = getComputedStyle(el); return [s.opacity, s.backgroundColor]; }"
    part, name = form.locator("input[name=parts]").first, form.locator("[name=name]").first
    expect(part).to_be_disabled()
    assert part.evaluate(look) != name.evaluate(look)
    form.locator("select[name=preset]").select_option("")  # your own: the parts below
    expect(part).to_be_enabled()
    assert part.evaluate(look) == name.evaluate(look)
    assert not page.errors  # type: ignore[attr-defined]


def test_the_games_list_names_each_game(browser: Browser, table: Served) -> None:
    # a table's list of games, a race and a King of Tokyo with the same friends: the rows
    # told them apart only by the roles beside the names ('rouge', 'Alienoid')
    start_race(table)
    players = [{"name": "Ann", "monster": "Alienoid"}, {"name": "Bob", "monster": "Cyber Kitty"}]
    table.table.act({"do": "new_game", "game": "king-of-tokyo", "setup": {"players": players}})
    page = open_page(browser, table, lang="fr")
    page.click("[data-test=more]")
    page.click("[data-test=open-games]")
    expect(page.locator("[data-game='1'] [data-test=game-name]")).to_have_text("Kingdom Run")
    expect(page.locator("[data-game='2'] [data-test=game-name]")).to_have_text("King of Tokyo")
    assert not page.errors  # type: ignore[attr-defined]


def test_the_games_list_follows_the_game_while_it_is_open(browser: Browser, table: Served) -> None:
    # the list left open on a phone said 'en cours, 22 entrées' under a game just won
    start_race(table)
    page = open_page(browser, table, lang="fr")
    page.click("[data-test=more]")
    page.click("[data-test=open-games]")
    row = page.locator("[data-game='1']")
    expect(row).to_contain_text("en cours, 0 entrée")
    table.table.act({"do": "throw", "faces": ["boots", "hook", "drop", "flask"]})
    expect(row).to_contain_text("en cours, 1 entrée")
    table.table.act({"do": "pause"})
    expect(row).to_contain_text("en pause, 1 entrée")
    assert not page.errors  # type: ignore[attr-defined]
