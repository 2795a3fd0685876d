"""A whole game by taps only, in real headless Chromium, on a phone (390x844) and on a
tablet in landscape, in English, French and Japanese: the setup form, the roll-off's
claws, throws entered and fixed by tapping dice (a third throw entered ends the throws),
a yield, cards turned over and bought through the search, undo and redo, and the
game-over summary. Everything is found by its data, never by its words, so the same
taps play in every language; and each screen is checked for English left untranslated
where the page's own words are concerned (its menu, the feed's heading, the summary)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.app.browser import Served, open_page, served

pytestmark = pytest.mark.slow
expect.set_options(timeout=15_000)  # a loaded machine: the table's answer may take a while

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1180, "height": 820}
WORDS = {  # the page's own words for the feed's heading and the bottom menu, per language
    "en": ("What happened", "☰ More"),
    "fr": ("Ce qui s'est passé", "☰ Plus"),
    "ja": ("これまでの出来事", "☰ その他"),
}


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Served]:
    with served(tmp_path, window=30.0) as s:
        yield s


def steps(s: Served) -> list[dict[str, Any]]:
    assert s.table.game_id is not None
    return s.table.store.inputs(s.table.game_id)


def moved(page: Page, tap: Any) -> None:
    """Tap, and wait for the table's answer to be drawn (a new state)."""
    before = page.locator("body").get_attribute("data-version") or ""
    tap()
    expect(page.locator("body")).not_to_have_attribute("data-version", before)


def answer(page: Page, kind: str, player: str) -> Any:
    return page.locator(f".answer[data-kind={kind}][data-player={player}]")


def tap_throw(page: Page, player: str, faces: list[str]) -> int:
    """One tap per die on its face: the last one sends the throw. A rethrow starts from
    the dice as they lay: one tap on each die that shows another face, then one to send.
    The taps it took."""
    form = answer(page, "throw", player)
    expect(form.locator("[data-test=dice-form]")).to_be_visible()
    grid = form.locator("[data-test=dice-grid]")
    if grid.count():
        lay = [c.get_attribute("data-from") or "" for c in grid.locator(".dice-column").all()]
        changed = rethrown(lay, faces)
        for die, face in changed:
            grid.locator(f"[data-die='{die}'] button[data-face='{face}']").click()
        moved(page, form.locator("[data-test=throw-done]").click)
        return len(changed) + 1
    palette = form.locator("[data-test=dice-palette]")
    for i, face in enumerate(faces):
        button = palette.locator(f"button[data-face='{face}']")
        if i == len(faces) - 1:
            moved(page, button.click)
        else:
            button.click()
    return len(faces)


def rethrown(lay: list[str], faces: list[str]) -> list[tuple[int, str]]:
    """The fewest dice of `lay` to change (die, its new face) for the dice to show `faces`."""
    spare = Counter(lay) - Counter(faces)
    new = list((Counter(faces) - Counter(lay)).elements())
    out = []
    for die, face in enumerate(lay):
        if spare[face] > 0:
            spare[face] -= 1
            out.append((die, new.pop()))
    return out


def choose(page: Page, kind: str, player: str, **fields: Any) -> None:
    """The one-tap choice of an answer whose input has these fields."""
    buttons = answer(page, kind, player).locator("button[data-input]")
    expect(buttons.first).to_be_visible()
    for i in range(buttons.count()):
        given = json.loads(buttons.nth(i).get_attribute("data-input") or "{}")
        if all(given.get(k) == v for k, v in fields.items()):
            moved(page, buttons.nth(i).click)
            return
    raise AssertionError(f"no {kind} choice with {fields} for {player}")


def reveal(page: Page, player: str, card: str) -> None:
    box = answer(page, "reveal", player)
    box.locator("[data-test=picker-search]").fill(card)
    moved(page, box.locator(f".picks button[data-value='{card}']").click)


def end_throws(page: Page, player: str) -> None:
    # after a rethrow entered by hand, "use this result" is in its form, above the grid
    inside = answer(page, "throw", player).locator("[data-test=throw-end]")
    if inside.count():
        moved(page, inside.click)
    else:
        choose(page, "resolve", player)
    moved(page, page.locator("[data-test=use-now]").click)


def check_words(page: Page, lang: str) -> None:
    heading, more = WORDS[lang]
    expect(page.locator("[data-test=more]")).to_have_text(more)
    expect(page.locator("[data-section=log] h3")).to_have_text(heading)


@pytest.mark.parametrize(
    ("lang", "size"),
    [("en", PHONE), ("fr", PHONE), ("ja", TABLET)],
    ids=["en-phone", "fr-phone", "ja-tablet"],
)
def test_a_whole_game_by_taps(browser: Browser, table: Served, lang: str, size: Any) -> None:
    page = open_page(browser, table, lang, size=size)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    if size is TABLET:  # the view for the middle of the table
        page.click("[data-test=more]")
        page.click("[data-test=table-view]")
        expect(page.locator("body")).to_have_class("table-view")
    # setup: two players, the roll-off decides who starts, the cards shuffled by hand
    page.locator("[data-section=status] button").first.click()
    form = page.locator("[data-test=setup-form]")
    while form.locator("fieldset.row").count() > 2:
        form.locator("button[type=button]").nth(1).click()  # − player
    for i, (name, monster) in enumerate([("Ann", "The King"), ("Bob", "Alienoid")]):
        row = form.locator("fieldset.row").nth(i)
        row.locator("[name=name]").fill(name)
        row.locator("select").select_option(monster)
    form.locator("[name=first_player]").select_option("")  # the roll-off
    moved(page, page.locator("[data-test=start]").click)
    for card in ("Heal", "Energize", "Tank"):  # the cards on offer, turned over
        reveal(page, "Ann", card)
    # the roll-off asks how many claws each threw: one tap
    moved(page, answer(page, "throw", "Ann").locator("button[data-count='4']").click)
    moved(page, answer(page, "throw", "Bob").locator("button[data-count='2']").click)
    assert [i["thrown"].count("claw") for i in steps(table)[3:5]] == [4, 2]

    # Ann: a throw tapped in, one die fixed with one tap on the face it shows
    tap_throw(page, "Ann", ["energy", "energy", "energy", "energy", "claw", "1"])
    fix = answer(page, "correct", "Ann")
    fix.locator("summary").click()  # folded: a throw entered by hand is entered again
    moved(page, fix.locator("[data-from='1'] button[data-face='claw']").first.click)
    end_throws(page, "Ann")  # 4 energy, 2 claws: Ann takes Tokyo
    expect(page.locator("[data-test=feed] > li").first).to_contain_text("Ann")
    check_words(page, lang)
    choose(page, "buy", "Ann", card="Heal")  # 3 of her 4 energy
    reveal(page, "Ann", "Jets")  # the card filling Heal's place, searched for
    choose(page, "end_turn", "Ann")

    # Bob: six claws; undone, and redone
    tap_throw(page, "Bob", ["claw"] * 6)
    moved(page, page.locator("[data-test=undo]").click)
    expect(answer(page, "throw", "Bob").locator("[data-test=dice-form]")).to_be_visible()
    assert steps(table)[-1]["type"] == "end_turn"
    moved(page, page.locator("[data-test=redo]").click)
    assert steps(table)[-1]["thrown"] == ["claw"] * 6
    end_throws(page, "Bob")
    choose(page, "yield", "Ann", leave=False)  # Ann stays in Tokyo with 4 HP
    choose(page, "end_turn", "Bob")

    # Ann in Tokyo: three throws tapped in; a rethrow asks only for the dice thrown
    # again (two, then four: a tap each and one to send); the third ends the throws
    assert tap_throw(page, "Ann", ["1", "2", "3", "heart", "heart", "energy"]) == 6
    assert tap_throw(page, "Ann", ["claw", "claw", "3", "heart", "heart", "energy"]) == 3
    assert steps(table)[-1]["thrown"] == ["claw", "claw"]  # the rest kept
    assert tap_throw(page, "Ann", ["claw"] * 6) == 5
    expect(page.locator("[data-test=countdown]")).to_be_visible()
    moved(page, page.locator("[data-test=use-now]").click)
    choose(page, "end_turn", "Ann")

    # Bob knocks Ann out: the game is over at the end of his turn
    tap_throw(page, "Bob", ["claw"] * 6)
    end_throws(page, "Bob")
    choose(page, "end_turn", "Bob")
    summary = page.locator("[data-section=summary]")
    expect(summary.locator("[data-test=winner]")).to_contain_text("Bob")
    expect(summary.locator("[data-test=final] tr")).to_have_count(2)
    expect(summary.locator("[data-test=final] tr.winner")).to_contain_text("Bob")
    expect(summary.locator(".turning li")).not_to_have_count(0)
    expect(page.locator("[data-test=result]")).to_have_count(0)  # no stale throw
    expect(page.locator("article.player.winner[data-player=Bob]")).to_be_visible()
    assert table.table.game is not None and table.table.game.game_over
    # a game over has nothing to pause: its Pause only drew a refusal ('La partie est
    # terminée')
    expect(page.locator("[data-test=pause]")).to_have_count(0)
    assert "null" not in page.locator("#menu").inner_text()
    expect(page.locator("[data-test=undo]")).to_be_enabled()  # (the last input undone)
    # what comes next is on the summary, not only under More: a new game's setup
    summary.locator("[data-test=next-game]").click()
    expect(page.locator("[data-test=setup-form]")).to_be_visible()
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
