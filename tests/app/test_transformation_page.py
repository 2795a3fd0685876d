"""King of Tokyo's transformation card on the page, in real headless Chromium, at a French
and a Japanese table on a phone: the setup form's line says when the card is flipped (the
flip is offered to every monster with the energy, after its Enter Tokyo step: the line said
"after entering Tokyo", and a monster never in Tokyo was offered it), the flip's button
says another word than the pass beside it, and the question with its cost is joined as a
question in what the game waits for."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.app.browser import Served, open_page, served

pytestmark = pytest.mark.slow
expect.set_options(timeout=15_000)  # a loaded machine: the table's answer may take a while


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Served]:
    with served(tmp_path, window=30.0) as s:
        yield s


def flip_asked(table: Served) -> None:
    """Bob, never in Tokyo, with 2 energy: asked to flip his card after his Enter Tokyo step."""
    position = {
        "active_player": "Bob",
        "monsters": {"Ann": {"location": "city"}, "Bob": {"energy": 2}},
    }
    players = [{"name": "Ann", "monster": "The King"}, {"name": "Bob", "monster": "Alienoid"}]
    setup = {"players": players, "options": {"transformation": True}, "position": position}
    table.table.act({"do": "new_game", "game": "king-of-tokyo", "setup": setup})
    table.table.act({"do": "throw", "faces": ["1", "2", "3", "heart", "heart", "energy"]})
    for _ in range(2):  # resolved, then its result used at once
        table.table.act({"do": "input", "input": {"type": "resolve", "player": "Bob"}})
    game = table.table.game
    assert game is not None
    assert [w.kind for w in game.waiting_for()] == ["transform", "pass"]


def test_the_setup_form_says_the_card_is_flipped_before_buying(
    browser: Browser, table: Served
) -> None:
    page = open_page(browser, table, "fr")
    page.locator("[data-section=status] button").first.click()
    note = page.locator("[data-test=setup-form] label.check:has(input[name=transformation]) + *")
    expect(note).to_contain_text("Une fois par tour, avant les achats, la retourner")
    expect(note).not_to_contain_text("entré dans Tokyo")


def test_the_flip_says_another_word_than_the_pass_in_french(
    browser: Browser, table: Served
) -> None:
    flip_asked(table)
    page = open_page(browser, table, "fr")
    flip = page.locator(".answer[data-kind=transform] button")
    expect(flip).to_have_text("Prendre la forme bête (1⚡)")
    expect(page.locator(".answer[data-kind=pass] button")).to_have_text("Passer")
    # (it read 'Passer en forme bête (1⚡)' beside 'Passer', which keeps the robot side)
    assert not flip.inner_text().startswith("Passer")


def test_the_flip_s_question_is_joined_as_a_question_in_japanese(
    browser: Browser, table: Served
) -> None:
    flip_asked(table)
    page = open_page(browser, table, "ja")
    expect(page.locator("[data-test=awaited]")).to_have_text(
        "次を待っています。Bob：ビーストに変身する？（1⚡）\u3000変身カードはそのまま？"
    )  # it read '変身する？（1⚡）。Bob：', then 'Bob：…？（1⚡）Bob：…' (Bob named once)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "ja",
            "Aikoの変身カード：オプション「変身カード（ミュータント・エボリューション・バリアント）」",
        ),
        ("fr", "Carte Transformation d'Aiko\u00a0: seulement avec l'option « Carte Transformation"),
    ],
)
def test_a_beast_picked_up_without_the_option_is_told_which_option_to_tick(
    browser: Browser, table: Served, lang: str, said: str
) -> None:
    """A pick-up with a beast and the card's option left unticked is refused naming the
    option as the form shows it: it named the script's key ('transformation オプション',
    English in a Japanese sentence). (The form now shows the card's side only with the
    option ticked: the pick-up is sent as the form would, with the side and not the option.)"""
    page = open_page(browser, table, lang)
    page.locator("[data-test=more]").click()
    page.locator("[data-test=open-pickup]").click()
    expect(page.locator("[data-test=pickup-form]")).to_be_visible()
    players = [{"name": "Aiko", "monster": "The King"}, {"name": "Ken", "monster": "Alienoid"}]
    position = {"active_player": "Aiko", "monsters": {"Aiko": {"form": "beast"}}}
    setup = {"players": players, "position": position}
    page.evaluate("(setup) => act({ do: 'new_game', game: 'king-of-tokyo', setup })", setup)
    expect(page.locator("[data-test=message]")).to_contain_text(said.replace("« ", "«\u00a0"))
    assert table.table.game is None


def test_the_beast_s_one_die_is_asked_as_one_die_in_french(browser: Browser, table: Served) -> None:
    """The beast's die thrown once more is entered alone: the form asks for 'le dé' (it
    asked 'Entrez les dés : le dé qui montrait 1, relancé.')."""
    position = {"active_player": "Ann", "monsters": {"Ann": {"form": "beast"}}}
    players = [{"name": "Ann", "monster": "The King"}, {"name": "Bob", "monster": "Alienoid"}]
    setup = {"players": players, "options": {"transformation": True}, "position": position}
    table.table.act({"do": "new_game", "game": "king-of-tokyo", "setup": setup})
    table.table.act({"do": "throw", "faces": ["1", "2", "3", "heart", "heart", "energy"]})
    page = open_page(browser, table, "fr")
    page.get_by_role("button", name="Relancer le dé qui montre 1").click()
    expect(page.locator("[data-test=dice-form] > p.quiet").first).to_have_text(
        "Entrez le dé\u00a0: le dé qui montrait 1, relancé."
    )
    expect(page.locator("[data-test=dice-slots] button")).to_have_count(1)


def test_a_beast_s_last_throw_held_says_its_die_may_still_be_thrown(
    browser: Browser, table: Served
) -> None:
    """After a beast's last throw its result is held for the correction window, which
    shows only fixes: the beast's die thrown once more was hidden, and lost when the
    window shut. The window says it, and 'Not yet' offers it."""
    position = {"active_player": "Ann", "monsters": {"Ann": {"form": "beast"}}}
    players = [{"name": "Ann", "monster": "The King"}, {"name": "Bob", "monster": "Alienoid"}]
    setup = {"players": players, "options": {"transformation": True}, "position": position}
    table.table.act({"do": "new_game", "game": "king-of-tokyo", "setup": setup})
    for first in ("1", "2", "3"):  # three throws: the last ends them
        table.table.act({"do": "throw", "faces": [first, "2", "3", "heart", "energy", "claw"]})
    assert table.table.holding is not None
    page = open_page(browser, table, "fr")
    expect(page.locator("[data-test=window-also]")).to_have_text(
        "Encore possible avant (touchez «\u00a0Pas encore\u00a0: relancer\u00a0»)\u00a0: "
        "Ann\u00a0: relancer un dé une fois de plus (forme bête)\u00a0?"
    )
    page.locator("[data-test=not-yet]").click()
    expect(page.locator(".answer[data-kind=beast_reroll] button").first).to_have_text(
        "Relancer le dé qui montre 2"
    )


@pytest.mark.parametrize(
    ("lang", "form", "button"),
    [
        ("fr", "forme bête", "Relancer le dé qui montre 1"),
        ("en", "beast form", "Throw again the die showing 1"),
        ("ja", "ビースト", "1のダイスをもう一度振る"),
    ],
)
def test_the_beast_s_buttons_say_the_beast_form_once(
    browser: Browser, table: Served, lang: str, form: str, button: str
) -> None:
    """On a phone, each of the beast's six buttons began 'Forme bête :' ('Forme bête :
    relancer le dé qui montre 1', six times): the answer's title says it once."""
    position = {"active_player": "Ann", "monsters": {"Ann": {"form": "beast"}}}
    players = [{"name": "Ann", "monster": "The King"}, {"name": "Bob", "monster": "Alienoid"}]
    setup = {"players": players, "options": {"transformation": True}, "position": position}
    table.table.act({"do": "new_game", "game": "king-of-tokyo", "setup": setup})
    table.table.act({"do": "throw", "faces": ["1", "2", "3", "heart", "claw", "energy"]})
    page = open_page(browser, table, lang)
    answer = page.locator(".answer[data-kind=beast_reroll]")
    expect(answer.locator("h3")).to_contain_text(form)
    expect(answer.locator("button")).to_have_count(6)
    expect(answer.locator("button").first).to_have_text(button)
    assert not any(form.lower() in b.lower() for b in answer.locator("button").all_inner_texts())
    assert not page.errors  # type: ignore[attr-defined]


def test_a_window_with_nothing_else_to_do_says_nothing_more(
    browser: Browser, table: Served
) -> None:
    """A robot's last throw held: nothing else is said under the countdown."""
    players = [{"name": "Ann", "monster": "The King"}, {"name": "Bob", "monster": "Alienoid"}]
    setup = {"players": players, "first_player": "Ann", "options": {"transformation": True}}
    table.table.act({"do": "new_game", "game": "king-of-tokyo", "setup": setup})
    for first in ("1", "2", "3"):
        table.table.act({"do": "throw", "faces": [first, "2", "3", "heart", "energy", "claw"]})
    page = open_page(browser, table, "fr")
    expect(page.locator("[data-test=countdown]")).to_be_visible()
    expect(page.locator("[data-test=window-also]")).to_have_count(0)
