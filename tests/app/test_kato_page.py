"""KaTO on the page, in real Chromium: the setup form drawn from the kind's catalog (the
target in points or rounds, the cards' values as configuration, more players than the
board has seats said), the cards the camera read shown and played, and a hand laid down
confirmed on the page's form of cards."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from host.app.camera import DiceWatcher, _snapshot
from host.app.card_camera import CardWatcher
from host.app.table import Table
from tests.app.browser import PHONE, Served, open_page, served
from tests.app.test_card_camera import Scripted, reading, seen, still
from vision.cards.reader import CardReading

pytestmark = pytest.mark.slow


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Served]:
    with served(tmp_path) as s:
        yield s


def new_kato(
    t: Table, hand_size: int | None = None, players: tuple[str, ...] = ("Ann", "Bob"), **setup: Any
) -> None:
    """A game of KaTO set up on `t` between `players`, each dealt `hand_size` cards (else
    as the rules deal), with `setup` besides."""
    if hand_size is not None:
        setup["options"] = {"hand_size": hand_size}
    setup = {"players": [{"name": name} for name in players], **setup}
    t.act({"do": "new_game", "game": "kato", "setup": setup})


def bob_to_lay_down_3(t: Table) -> None:
    """A game of KaTO of 2 cards each whose first round Ann has just won: Bob lays down
    the 3 cards he holds."""
    new_kato(t, hand_size=2)
    assert seen(t, ("red", "7")) == "read"
    assert seen(t, ("red", "3")) == "read"
    t.act({"do": "input", "input": {"type": "kato", "player": "Ann"}})
    t.act({"do": "input", "input": {"type": "draw", "player": "Bob"}})
    assert seen(t, ("red", "5")) == "read"  # Ann wins the round; Bob holds 3


def not_read(t: Table, laid: list[CardReading]) -> None:
    """The camera sees the cards `laid` lie still, as the game on `t` expects them, and
    cannot read them as cards laid: its misfit, taken by `t`."""
    watcher = DiceWatcher()
    watcher.cards = CardWatcher(_snapshot, load=lambda name: Scripted([laid]))
    t.on_expect(watcher.expect)
    (misfit,) = still(watcher, 0, 0.0, 1.0)
    assert t.camera_event(misfit) == "misfit"


def test_the_setup_form_offers_rounds_values_and_says_who_has_no_seat(
    browser: Browser, table: Served
) -> None:
    page = open_page(browser, table)
    page.get_by_role("button", name="Set up a game").click()
    page.select_option("[aria-label=game]", "kato")
    note = page.locator("[data-test=seats-note]")
    expect(note).to_be_hidden()
    for _ in range(5):
        page.get_by_role("button", name="+ player").click()
    # one player beyond the seats is said alone (it read "players 7 to 7 have")
    expect(note).to_have_text(
        "The board has 6 seats: player 7 has no display or button, and plays on the page"
    )
    page.get_by_role("button", name="+ player").click()
    expect(note).to_have_text(
        "The board has 6 seats: players 7 to 8 have no display or button, and play on the page"
    )
    page.get_by_role("button", name="− player").click()
    page.get_by_role("button", name="− player").click()
    expect(note).to_be_hidden()
    for i, name in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]):
        page.fill(f"[aria-label='player {i + 1} name']", name)
    page.select_option("[aria-label='the game is played to: counted in']", label="rounds")
    page.fill("[aria-label='the game is played to']", "3")
    page.fill("[aria-label='points: skip']", "25")
    page.click("[data-test=start]")
    expect(page.locator("[data-test=turn]")).to_contain_text("Round 1")
    assert table.table.game_id is not None
    setup = table.table.store.setup(table.table.game_id)
    assert setup["target"] == {"rounds": 3} and setup["values"]["skip"] == 25
    # the list of games names its players (they hold no role: the cell was empty)
    page.click("[data-test=more]")
    page.click("[data-test=open-games]")
    cell = page.locator(f"[data-game='{table.table.game_id}'] .players-cell")
    expect(cell).to_have_text("Ann, Bob, Cat, Dan, Eve, Fay")
    assert not page.errors  # type: ignore[attr-defined]


def test_a_french_table_sets_up_a_game_to_its_own_150_points(
    browser: Browser, table: Served
) -> None:
    """The target is the table's own, not one of a list (100 to 1000 points, 1 to 10
    rounds: a table that agreed on 150 points could not set up its game): a number and
    what it counts beside it; the game ends when a score reaches the 150."""
    t: Table = table.table
    page = open_page(browser, table, lang="fr")  # on a phone (390 px wide)
    page.get_by_role("button", name="Préparer une partie").click()
    page.select_option("[data-keep=game]", "kato")
    form = page.locator("[data-test=setup-form]")
    page.fill("[aria-label='nom du joueur 1']", "Ann")
    page.fill("[aria-label='nom du joueur 2']", "Bob")
    target = form.locator("[aria-label='la partie se joue en']")
    unit = form.locator("[aria-label='la partie se joue en\u00a0: compté en']")
    expect(unit.locator("option")).to_have_text(["points", "manches"])
    # each unit its own number: 500 points, then 3 rounds, and back to the points typed
    expect(target).to_have_value("500")
    target.fill("150")
    unit.select_option("rounds")
    expect(target).to_have_value("3")
    unit.select_option("points")
    expect(target).to_have_value("150")
    # the number and its unit sit on one line of a phone's width
    box, beside = target.bounding_box(), unit.bounding_box()
    assert box and beside and abs(box["y"] - beside["y"]) < box["height"]
    assert beside["x"] + beside["width"] <= PHONE["width"]
    page.fill("[aria-label='cartes distribuées']", "2")
    form.locator("input[name=skip]").fill("136")  # Bob's hand below: 136 + 9 + 5 = 150
    page.click("[data-test=start]")
    expect(page.locator("[data-test=turn]")).to_contain_text("Manche 1")
    assert t.game_id is not None
    assert t.store.setup(t.game_id)["target"] == {"points": 150}
    # Ann wins the first round; Bob lays down 150 points: Ann reaches the 150, the game ends
    assert seen(t, ("red", "7")) == "read"
    assert seen(t, ("red", "3")) == "read"
    t.act({"do": "input", "input": {"type": "kato", "player": "Ann"}})
    t.act({"do": "input", "input": {"type": "draw", "player": "Bob"}})
    assert seen(t, ("red", "5")) == "read"
    hand = [("blue", "skip"), ("green", "9"), ("yellow", "5")]
    cards = [{"color": c, "value": v} for c, v in hand]
    t.act({"do": "input", "input": {"type": "hand", "player": "Bob", "cards": cards}})
    expect(page.locator("[data-test=turn]")).to_have_text(
        "Partie terminée\u00a0: victoire d'Ann\u00a0!"
    )
    expect(page.locator("article[data-player=Ann] [data-dial=score]")).to_have_text("points 150")
    assert t.game.game_over  # type: ignore[union-attr]
    assert not page.errors  # type: ignore[attr-defined]


def test_a_japanese_table_sets_its_target_in_points_as_a_number_is_counted(
    browser: Browser, table: Served
) -> None:
    """On a Japanese phone the target's unit reads as a number's counter, '500 点' (it read
    '500 得点', 'score' as a unit); a player's points are still their 得点, on the seat and in
    the pick-up's rows."""
    t: Table = table.table
    page = open_page(browser, table, lang="ja")  # on a phone (390 px wide)
    page.get_by_role("button", name="ゲームを準備").click()
    page.select_option("[data-keep=game]", "kato")
    form = page.locator("[data-test=setup-form]")
    unit = form.locator("select[name=target-unit]")
    expect(unit.locator("option")).to_have_text(["点", "ラウンド"])
    target = form.locator("input[name=target]")
    box, beside = target.bounding_box(), unit.bounding_box()
    assert box and beside and abs(box["y"] - beside["y"]) < box["height"]
    assert beside["x"] + beside["width"] <= PHONE["width"]
    page.locator("[data-test=more]").click()
    page.locator("[data-test=open-pickup]").click()
    page.select_option("[data-test=pickup-form] [data-keep=game]", "kato")
    rows = page.locator("[data-test=pickup-form] fieldset.row label.dial")
    expect(rows.first).to_have_text("得点")
    new_kato(t)
    expect(page.locator("article[data-player=Ann] [data-dial=score]")).to_have_text("得点 0")
    assert not page.errors  # type: ignore[attr-defined]


def test_cards_read_by_the_camera_then_a_hand_confirmed_on_the_page(
    browser: Browser, table: Served
) -> None:
    t: Table = table.table
    new_kato(t, hand_size=1, target={"rounds": 2})
    page = open_page(browser, table)
    assert seen(t, ("red", "7")) == "read"  # Bob turns up a red 7
    expect(page.locator("[data-test=seen]")).to_have_text("Cards seen last: read by the camera")
    assert seen(t, ("red", "3")) == "read"  # Ann lays her only card: she wins the round
    expect(page.locator("[data-test=turn]")).to_have_text(
        "Round 1 won by Ann: the points are counted"
    )
    # Bob lays his one card down beside another: the page says what is wrong, and what next
    not_read(t, [reading("yellow", "5", at=(100, 100)), reading("blue", "2", at=(300, 100))])
    said = "2 cards seen where Bob lays down 1: take away the cards that are not Bob's"
    expect(page.locator("[data-test=seen]")).to_contain_text(f"Cards seen last: not read — {said}")
    # Bob's hand: the camera did not read it; he enters it on the page
    box = page.locator(".answer[data-kind=hand][data-player=Bob]")
    # its tap sends it: no button "Lay down these cards" under one card
    expect(box.locator("button:not(.pick)")).to_have_count(0)
    # a card is searched and tapped; the hand's only card, its tap enters the hand
    box.locator("[aria-label='card 1']").fill("yellow 5")
    box.locator("[data-test=picker] button.pick").filter(has_text="yellow 5").click()
    expect(page.locator("[data-test=turn]")).to_have_text("Round 2: Ann's turn")  # she deals
    state = t.game.to_json()  # type: ignore[union-attr]
    assert state["rounds"][0] == {
        "round": 1,
        "winner": "Ann",
        "points": 5,
        "hands": {"Bob": [{"color": "yellow", "value": "5"}]},
    }
    assert [h["source"] for h in t.store.history(t.game_id)] == ["camera", "camera", "page"]  # type: ignore[arg-type]
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "sure", "unsure", "alt"),
    [
        ("fr", "5 jaune", "?\u00a0(+2 bleu)", "les cartes vues par la caméra"),
        ("ja", "黄の5", "？（青の+2）", "カメラが見たカード"),
    ],
)
def test_the_cards_the_camera_read_are_named_in_the_page_language(
    browser: Browser, table: Served, lang: str, sure: str, unsure: str, alt: str
) -> None:
    """The camera's readings under its snapshot in the game's words: they read "yellow 5"
    and "? (blue draw2)", the card set's ids, on a French or Japanese page."""
    t: Table = table.table
    new_kato(t, hand_size=1)
    page = open_page(browser, table, lang=lang)
    not_read(t, [reading("yellow", "5", at=(100, 100)),
                 reading("", "", at=(300, 100), best=("blue", "draw2"))])  # fmt: skip
    readings = page.locator("[data-test=readings] li b")
    expect(readings).to_have_text([sure, unsure])
    expect(page.locator("[data-test=snapshot]")).to_have_attribute("alt", alt)
    assert not page.errors  # type: ignore[attr-defined]


def test_a_hand_is_entered_in_one_list_a_slot_per_card_on_a_phone(
    browser: Browser, table: Served
) -> None:
    """A hand of 5 cards laid down on the page: one list, a slot per card showing what was
    tapped (a slot tapped takes its card back), the last card sends the hand. Each card
    had a list of its own, every one the whole deck: five lists, and none showed its
    choice."""
    t: Table = table.table
    new_kato(t, hand_size=3)
    for inp in (
        {"type": "turn_up", "player": "Bob", "card": {"color": "red", "value": "7"}},
        {"type": "play", "player": "Ann", "card": {"color": "red", "value": "3"}},
        {"type": "draw", "player": "Bob"},
        {"type": "play", "player": "Ann", "card": {"color": "red", "value": "5"}},
        {"type": "draw", "player": "Bob"},
        {"type": "play", "player": "Ann", "card": {"color": "red", "value": "8"}},
    ):
        t.act({"do": "input", "input": inp})
    page = open_page(browser, table, lang="fr")
    box = page.locator(".answer[data-kind=hand][data-player=Bob]")
    expect(box.locator("[data-test=picker]")).to_have_count(1)  # one list, not five
    slots = box.locator("[data-test=slots] button")
    expect(slots).to_have_text(["?"] * 5)
    search = box.locator("[data-test=picker-search]")

    def tap(name: str) -> None:
        search.fill(name)
        box.locator("[data-test=picker] button.pick").filter(has_text=name).first.click()

    for name in ("9 jaune", "+2 bleu", "changement de couleur", "0 vert"):
        tap(name)
    expect(slots).to_have_text(["9 jaune", "+2 bleu", "changement de couleur", "0 vert", "?"])
    expect(search).to_have_value("")  # the next card is searched afresh
    slots.nth(1).click()  # not a blue +2: taken back
    expect(slots).to_have_text(["9 jaune", "?", "changement de couleur", "0 vert", "?"])
    box_height = box.bounding_box()
    assert box_height is not None and box_height["height"] < PHONE["height"]
    tap("+2 vert")
    tap("1 rouge")  # the last: the hand is sent
    expect(page.locator("[data-test=turn]")).to_have_text("Manche 2\u00a0: au tour d'Ann")
    hands = t.game.to_json()["rounds"][0]["hands"]  # type: ignore[union-attr]
    assert hands == {"Bob": [
        {"color": "yellow", "value": "9"}, {"color": "green", "value": "draw2"},
        {"color": "black", "value": "wild"}, {"color": "green", "value": "0"},
        {"color": "red", "value": "1"},
    ]}  # fmt: skip
    assert not page.errors  # type: ignore[attr-defined]


def test_a_hand_laid_down_is_shown_not_played_in_japanese(browser: Browser, table: Served) -> None:
    """At a round's end a Japanese table is asked to show the cards left, not to play them:
    it read 'Bob：残りの3枚を出す' and 'Bobが手札を出す：…', 出す being the word of a card
    played on the pile ('赤の5を出す')."""
    t: Table = table.table
    new_kato(t, hand_size=2)
    for inp in (
        {"type": "turn_up", "player": "Bob", "card": {"color": "red", "value": "7"}},
        {"type": "play", "player": "Ann", "card": {"color": "red", "value": "3"}},
        {"type": "draw", "player": "Bob"},
        {"type": "play", "player": "Ann", "card": {"color": "red", "value": "5"}},
    ):
        t.act({"do": "input", "input": inp})
    page = open_page(browser, table, lang="ja")
    box = page.locator(".answer[data-kind=hand][data-player=Bob]")
    expect(box.locator("h3")).to_have_text("Bob：残りの3枚を見せる")
    search = box.locator("[data-test=picker-search]")
    for name in ("黄の9", "青の+2", "緑の0"):
        search.fill(name)
        box.locator("[data-test=picker] button.pick").filter(has_text=name).first.click()
    expect(page.locator("[data-test=feed]")).to_contain_text(
        "Bobが手札を見せた：黄の9、青の+2と緑の0"
    )
    assert "出す" not in page.locator("[data-test=feed] li").first.inner_text()
    assert not page.errors  # type: ignore[attr-defined]


def test_a_card_the_camera_read_wrong_is_fixed_in_one_tap(browser: Browser, table: Served) -> None:
    """The camera reads a green 8 where Ann laid a green 6: the rules take it (it may be
    laid). Under what was read, one tap on the card laid replaces the reading (before: an
    undo, then the card found among the answers; and the card entered then waited for the
    camera to confirm it, so the next player's green 6 would have been taken for it)."""
    t: Table = table.table
    new_kato(t, hand_size=3)
    page = open_page(browser, table, lang="fr")
    assert seen(t, ("green", "7")) == "read"  # Bob turns up a green 7
    assert seen(t, ("green", "8")) == "read"  # Ann's green 6, read as a green 8
    fix = page.locator("[data-test=cards-fix]")
    fix.locator("summary").click()
    fix.locator("[data-test=picker-search]").fill("6 vert")
    fix.locator("button.pick").filter(has_text="6 vert").click()
    expect(page.locator("[data-test=seen]")).to_have_text(
        "Dernières cartes vues\u00a0: corrigé sur la page"
    )
    state = t.game.to_json()  # type: ignore[union-attr]
    assert state["top"] == {"color": "green", "value": "6"} and state["turn"] == "Bob"
    given = [(h["source"], h["undone"] is not None) for h in t.store.history(t.game_id)]  # type: ignore[arg-type]
    assert given == [("camera", False), ("camera", True), ("page", False)]
    expect(page.locator("[data-section=log] li").first).to_contain_text("Ann pose un 6 vert")
    expect(fix).to_have_count(0)
    # Bob lays the other green 6: a card laid, not Ann's taken for seen
    assert seen(t, ("green", "6")) == "read"
    assert t.game.to_json()["turn"] == "Ann"  # type: ignore[union-attr]
    assert not page.errors  # type: ignore[attr-defined]


def test_a_card_tapped_wrong_while_the_camera_reads_it_is_asked_in_one_tap(
    browser: Browser, table: Served
) -> None:
    """Ann lays a green 6; before the camera has read it, a phone enters a green 5 for her.
    The camera's green 6 is asked about, not played as Bob's (before, it was): under what
    was read, one tap says they were Ann's (her play fixed) or the next play (Bob's)."""
    t: Table = table.table
    new_kato(t, hand_size=3)
    page = open_page(browser, table, lang="fr")
    assert seen(t, ("green", "7")) == "read"  # Bob turns up a green 7
    mistap = {"type": "play", "player": "Ann", "card": {"color": "green", "value": "5"}}
    t.act({"do": "input", "input": mistap})
    assert seen(t, ("green", "6")) == "differs"
    expect(page.locator("[data-test=seen]")).to_have_text(
        "Dernières cartes vues : pas comme saisies sur la page"
    )
    asked = page.locator("[data-test=cards-differ]")
    expect(asked.locator("[data-test=differ-next]")).to_have_text("C'est le coup suivant (de Bob)")
    asked.locator("[data-test=differ-fix]").click()  # "Ce sont celles de Ann : corriger..."
    expect(page.locator("[data-test=seen]")).to_have_text(
        "Dernières cartes vues : corrigé sur la page"
    )
    state = t.game.to_json()  # type: ignore[union-attr]
    assert state["top"] == {"color": "green", "value": "6"} and state["turn"] == "Bob"
    expect(asked).to_have_count(0)
    assert not page.errors  # type: ignore[attr-defined]


def test_a_hand_the_camera_read_wrong_is_fixed_in_its_slots(
    browser: Browser, table: Served
) -> None:
    """A hand read whole but one card wrong (a yellow 9 read for a yellow 6): its cards
    stand in their slots under what was read; one tapped out, the right one tapped in."""
    t: Table = table.table
    bob_to_lay_down_3(t)
    page = open_page(browser, table, lang="ja")
    hand = (("yellow", "9"), ("blue", "2"), ("green", "skip"))
    assert seen(t, *hand) == "read"  # Bob's hand, a yellow 6 read as a 9
    fix = page.locator("[data-test=cards-fix]")
    fix.locator("summary").click()
    slots = fix.locator("[data-test=slots] button")
    expect(slots).to_have_text(["黄の9", "青の2", "緑のスキップ"])
    slots.first.click()
    expect(slots).to_have_text(["?", "青の2", "緑のスキップ"])
    fix.locator("[data-test=picker-search]").fill("黄の6")
    fix.locator("button.pick").filter(has_text="黄の6").click()  # the last slot: sent
    expect(page.locator("[data-test=seen]")).to_have_text("直前に見たカード：ページで修正")
    assert t.game.to_json()["rounds"][0]["hands"] == {  # type: ignore[union-attr]
        "Bob": [card("yellow", "6"), card("blue", "2"), card("green", "skip")]
    }
    assert not page.errors  # type: ignore[attr-defined]


def card(color: str, value: str) -> dict[str, str]:
    return {"color": color, "value": value}


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        pytest.param(
            "fr",
            "la caméra ne peut pas lire 1 carte\u00a0: valeur difficile à distinguer (le plus "
            "probable\u00a0: 6 jaune)\u00a0; touchez la bonne carte sur la page, ou posez-la "
            "bien à plat, sous une bonne lumière, sans reflet, pour que la caméra la relise",
            id="fr",
        ),
        pytest.param(
            "ja",
            "カメラが読めないカードが1枚あります：値が見分けにくい（いちばん近いのは黄の6）。"
            "ページで正しいカードをタップするか、カメラが読み直せるよう、反射のない明るい所に"
            "平らに置いてください",
            id="ja",
        ),
    ],
)
def test_a_card_not_read_is_said_in_the_players_words_without_the_camera_s_figures(
    browser: Browser, table: Served, lang: str, said: str, tmp_path: Path
) -> None:
    """A card laid that the camera is unsure of: the notice and the caption under the
    snapshot say what it could not tell and what to do; they said the reader's figures
    ('valeur incertaine : 0,50 < 0,90 (le plus probable : 6 jaune) ; entrez-la sur la
    page'), which tell a player nothing."""
    t: Table = table.table
    new_kato(t)
    assert seen(t, ("red", "7")) == "read"
    page = open_page(browser, table, lang=lang)
    not_read(t, [reading("", "", at=(300, 100), best=("yellow", "6"))])
    expect(page.locator("#message")).to_have_text(said)
    expect(page.locator("[data-test=seen]")).to_contain_text(said)
    page.screenshot(path=str(tmp_path / f"unread-{lang}.png"), full_page=True)
    for text in (
        page.locator("#message").inner_text(),
        page.locator("[data-test=seen]").inner_text(),
    ):
        assert not re.search(r"\d[.,]\d|<", text), text
    assert not page.errors  # type: ignore[attr-defined]


def test_a_hand_not_all_read_is_filled_in_to_confirm_in_one_tap(
    browser: Browser, table: Served
) -> None:
    """Bob lays his 3 cards; the camera reads two and is unsure of the third (likeliest a
    yellow 6). His form is filled in with them, the unsure one marked: one tap sends the
    hand (before: three empty lists to search, the camera's reading only in the notice)."""
    t: Table = table.table
    bob_to_lay_down_3(t)
    page = open_page(browser, table, lang="fr")
    not_read(t, [reading("blue", "2", at=(100, 100)),
                 reading("", "", at=(300, 100), best=("yellow", "6")),
                 reading("green", "skip", at=(500, 100))])  # fmt: skip
    box = page.locator(".answer[data-kind=hand][data-player=Bob]")
    slots = box.locator("[data-test=slots] button")
    expect(slots).to_have_text(["2 bleu", "6 jaune ?", "«\u00a0passer son tour\u00a0» vert"])
    box.get_by_role("button", name="Poser ces cartes").click()
    expect(page.locator("[data-test=turn]")).to_contain_text("Manche 2")
    # the view not read, its cards entered since: said so, not "not read — tap the right
    # card on the page" still, over the next turns
    expect(page.locator("[data-test=seen]")).to_have_text(
        "Dernières cartes vues\u00a0: entré à la main"
    )
    assert t.game.to_json()["rounds"][0]["hands"] == {  # type: ignore[union-attr]
        "Bob": [card("blue", "2"), card("yellow", "6"), card("green", "skip")]
    }
    assert not page.errors  # type: ignore[attr-defined]


def test_the_table_view_shows_the_top_card_and_the_colour_asked_large(
    browser: Browser, table: Served
) -> None:
    """The tablet in the middle of the table (1024x768, table view): after a wild, the
    colour asked stands beside the top card, large, where everyone looks; it was a grey
    note under it ('couleur demandée : vert ; 82 cartes dans la pioche'), smaller than the
    seats' dials."""
    t: Table = table.table
    new_kato(t, players=("Ann", "Bob", "Cat"))
    assert seen(t, ("red", "7")) == "read"
    wild = {"type": "play", "player": "Ann", "card": card("black", "wild4"), "named": "green"}
    t.act({"do": "input", "input": wild})
    tablet = {"width": 1024, "height": 768}
    page = open_page(browser, table.url + "?view=table", lang="fr", size=tablet, pin=t.store.pin)
    pile = page.locator("[data-list=discard]")
    expect(pile).to_have_text("+4 · couleur demandée\u00a0: vert")
    size = pile.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 30, size
    # on the screen, unscrolled, above the bar of buttons at its foot (under the answers,
    # three after a +4, it stood below the screen)
    box, bar = pile.bounding_box(), page.locator("#bottom").bounding_box()
    assert box is not None and bar is not None and box["y"] + box["height"] <= min(768, bar["y"])
    seats = page.locator("[data-section=players]").bounding_box()  # the seats beside it, too
    assert seats is not None and seats["y"] < box["y"] + box["height"]
    assert not page.errors  # type: ignore[attr-defined]


def test_several_numbers_of_one_value_are_laid_on_the_page(browser: Browser, table: Served) -> None:
    """The house rule of several numbers at once: the camera says "2 new cards on the
    discard pile: enter the play on the page", and the page offered one card at a time
    only. The play's box has a slot per card: tapped in the order laid, sent in one tap."""
    t: Table = table.table
    new_kato(t, options={"several": True, "hand_size": 4})
    t.act({"do": "input", "input": {"type": "turn_up", "player": "Bob", "card": card("red", "7")}})
    page = open_page(browser, table, lang="fr")
    box = page.locator(".answer[data-kind=play] [data-test=slots-form]")
    expect(box.locator("[data-test=slots] button")).to_have_count(4)
    send = box.get_by_role("button", name="Poser ces cartes")
    search = box.locator("[data-test=picker-search]")
    for name in ("7 bleu", "7 vert"):
        search.fill(name)
        expect(send).to_be_hidden()  # (one card is a play of its own: its button above)
        box.locator("[data-test=picker] button.pick").filter(has_text=name).first.click()
    send.click()
    expect(page.locator("[data-test=turn]")).to_have_text("Manche 1\u00a0: au tour de Bob")
    state = t.game.to_json()  # type: ignore[union-attr]
    assert state["top"] == card("green", "7") and state["players"][0]["cards"] == 2
    assert not page.errors  # type: ignore[attr-defined]


def test_a_game_begun_on_paper_is_picked_up_in_french(browser: Browser, table: Served) -> None:
    """A table that began KaTO on paper picks it up on the page: the points so far in each
    player's row, the round about to start; a position past the target is refused in
    French, naming the field as the form shows it ("Points d'Ann", not the script's
    "position.scores.Ann"); the game goes on to the target, the old points counted."""
    t: Table = table.table
    page = open_page(browser, table, lang="fr")
    page.get_by_role("button", name="Reprendre une partie en cours").click()
    page.select_option("[data-keep=game]", "kato")
    form = page.locator("[data-test=pickup-form]")
    expect(form.locator("h2")).to_have_text("Reprendre une partie de KaTO en cours")
    page.fill("[aria-label='nom du joueur 1']", "Ann")
    page.fill("[aria-label='nom du joueur 2']", "Bob")
    page.fill("[aria-label='joueur 1\u00a0: points']", "120")
    page.fill("[aria-label='joueur 2\u00a0: points']", "40")
    page.fill("[aria-label='manche qui commence']", "3")
    page.fill("[aria-label='la partie se joue en']", "100")  # (points, as it comes)
    page.fill("[aria-label='cartes distribuées']", "2")
    page.click("[data-test=start]")
    expect(page.locator("[data-test=message]")).to_have_text(
        "impossible de commencer cette partie\u00a0: Points d'Ann\u00a0: les 120 points "
        "d'Ann atteignent l'objectif (100)\u00a0: la partie serait finie"
    )
    assert t.game_id is None
    page.fill("[aria-label='joueur 1\u00a0: points']", "70")
    page.click("[data-test=start]")
    expect(page.locator("[data-test=turn]")).to_have_text("Manche 3\u00a0: au tour de Bob")
    expect(page.locator("article[data-player=Ann] [data-dial=score]")).to_have_text("points 70")
    expect(page.locator("article[data-player=Bob] [data-dial=score]")).to_have_text("points 40")
    assert t.game_id is not None
    setup = t.store.setup(t.game_id)
    assert setup["position"] == {"round": 3, "scores": {"Ann": 70, "Bob": 40}}
    # the round: Ann lays her 2 cards, Bob lays down 3 worth 34: 70 + 34 reach the 100
    for seen_card in (("red", "7"), ("red", "3")):
        assert seen(t, seen_card) == "read"
    t.act({"do": "input", "input": {"type": "kato", "player": "Ann"}})
    t.act({"do": "input", "input": {"type": "draw", "player": "Bob"}})
    assert seen(t, ("red", "1")) == "read"
    hand = [("blue", "skip"), ("green", "9"), ("yellow", "5")]
    t.act(
        {
            "do": "input",
            "input": {
                "type": "hand",
                "player": "Bob",
                "cards": [{"color": c, "value": v} for c, v in hand],
            },
        }
    )
    expect(page.locator("[data-test=turn]")).to_contain_text("Partie terminée")
    expect(page.locator("article[data-player=Ann] [data-dial=score]")).to_have_text("points 104")
    points = page.locator("[data-table=scores]")
    expect(points.locator("th")).to_contain_text(["avant la manche 3", "manche 3", "total"])
    expect(points.locator("tr[data-row=Ann] td")).to_have_text(["70", "34", "104"])
    assert t.game.game_over  # type: ignore[union-attr]
    assert not page.errors  # type: ignore[attr-defined]
