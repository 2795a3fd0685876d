"""The web page in real headless Chromium: set up a game, play a turn whose throw is fixed
on the page, a yield, cards on offer entered and one bought, undo, changes refused without
the PIN, a second viewer following live, pick-up, pause, export and import."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import struct
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from host.app.camera import MisfitSeen
from host.games.kot import parse_script, replay
from tests.app.browser import PHONE, PLAYERS, Served, open_page, served, throw_seen
from tests.app.scripted import finished_script

pytestmark = pytest.mark.slow


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Served]:
    with served(tmp_path) as s:
        yield s


def start_game(s: Served, **setup: Any) -> None:
    s.table.act(
        {
            "do": "new_game",
            "game": "king-of-tokyo",
            "setup": {"players": PLAYERS, "first_player": "Ann", **setup},
        }
    )


def stored(s: Served) -> list[dict[str, Any]]:
    assert s.table.game_id is not None
    return s.table.store.inputs(s.table.game_id)


def card(page: Page, name: str) -> Any:
    return page.locator(f"article[data-player={name}]")


def reveal(page: Page, player: str, name: str) -> None:
    """Enter the card turned over on the table: searched for, then tapped (one tap)."""
    box = page.locator(f".answer[data-kind=reveal][data-player={player}]")
    box.locator("[data-test=picker-search]").fill(name)
    before = page.locator("body").get_attribute("data-version") or ""
    box.locator(f".picks button[data-value='{name}']").click()
    expect(page.locator("body")).not_to_have_attribute("data-version", before)


def faces_shown(page: Page, where: str) -> list[str]:
    """The faces of the dice drawn in `where` (each die a glyph: its face in data-face)."""
    return list(page.locator(f"{where} .die").evaluate_all("(ds) => ds.map((d) => d.dataset.face)"))


def more(page: Page, item: str) -> None:
    """A panel of the bottom menu's "More"."""
    page.click("[data-test=more]")
    page.click(f"[data-test=open-{item}]")


def test_set_up_a_four_player_game(browser: Browser, table: Served) -> None:
    page = open_page(browser, table)
    pin_before = table.table.store.pin
    page.get_by_role("button", name="Set up a game").click()
    # a name no longer than the game allows (the rules refuse longer ones)
    expect(page.locator("[aria-label='player 1 name']")).to_have_attribute("maxlength", "24")
    for i, p in enumerate(PLAYERS):
        page.fill(f"[aria-label='player {i + 1} name']", p["name"])
        page.select_option(f"[aria-label='player {i + 1} monster']", p["monster"])
    page.select_option("[aria-label='first player']", "Bob")
    expect(page.locator("[name=table_deck]")).to_be_checked()  # the deck shuffled by hand
    page.click("[data-test=start]")
    # the cards face up are turned over on the table and entered on the page
    # (how many: it said "turn over the deck's top cards")
    expect(page.locator("[data-test=turn]")).to_contain_text(
        "Set out the cards on offer: turn over the deck's top 3 cards"
    )
    pin = table.table.store.pin
    assert pin != pin_before  # a new game, a new PIN, on the board until the first throw
    for name in ("Heal", "Energize", "Tank"):
        reveal(page, "Bob", name)
    assert table.board.texts() == [pin] * 4
    expect(page.locator("[data-test=face-up]")).to_have_text("Heal · Energize · Tank")
    expect(page.locator("[data-test=turn]")).to_have_text("Turn 1: Bob (Alienoid)")
    expect(page.locator("article.player")).to_have_count(4)
    row = table.table.store.games()[0]
    assert row.roles == {p["name"]: p["monster"] for p in PLAYERS}
    assert [i["card"] for i in stored(table)] == ["Heal", "Energize", "Tank"]
    assert table.table.store.setup(row.id)["options"]["table_deck"] is True
    assert not page.errors  # type: ignore[attr-defined]


def test_a_pin_fixed_by_the_host_is_not_said_new_at_a_game_s_start(
    browser: Browser, table: Served
) -> None:
    """`dicetable play --pin`: the PIN stays from game to game; the page said 'Le nouveau
    code de la table est 4444' at each new game, as if it had changed."""
    table.table.fixed_pin = True
    pin = table.table.store.pin
    page = open_page(browser, table, "fr")
    page.locator("[data-section=status] button").first.click()
    for i, name in enumerate(["Aiko", "Bruno", "Chloé", "Dai"]):
        page.fill(f"#panel [name=name] >> nth={i}", name)
    page.click("#panel [data-test=start]")
    expect(page.locator("[data-test=message]")).to_have_text(
        f"La partie commence. Le code de la table reste {pin}."
    )
    assert table.table.store.pin == pin


def test_a_setup_sent_from_two_phones_does_not_take_the_table_from_the_first_unasked(
    browser: Browser, table: Served
) -> None:
    """Two phones set the game up at once (a table PIN fixed by the host: both stay
    unlocked). The second one's Start, sent against the table before the first game, is
    refused (the table changed: look again), and its player taps Start again, as one
    who taps a second after the first: that started a second game that took the table
    from the first without a word, the first having no input yet. Now the page asks
    first, in its language, as it does for a game in progress."""
    table.table.fixed_pin = True  # `dicetable play --pin`: the PIN does not change
    phones = [open_page(browser, table, lang) for lang in ("fr", "ja")]
    for page, names in zip(
        phones, (["Aiko", "Bruno", "Chloé", "Dai"], ["Ann", "Bob", "Cy", "Dan"]), strict=True
    ):
        page.locator("[data-section=status] button").first.click()
        for i, name in enumerate(names):
            page.fill(f"#panel [name=name] >> nth={i}", name)
    phones[1].evaluate("events.close()")  # its state is the table's before the first game
    phones[0].click("#panel [data-test=start]")
    expect(phones[0].locator("#title")).to_contain_text("partie 1")
    phones[1].click("#panel [data-test=start]")
    expect(phones[1].locator("[data-test=message]")).to_contain_text(
        "これが届く前にテーブルが変わりました"
    )
    phones[1].click("#panel [data-test=start]")  # again
    expect(phones[1].locator(".confirm")).to_have_text(
        "ゲーム1は別のページで今準備されたところです。一覧には残り、新しいゲームがテーブルを"
        "使います。 それでも新しいゲームを始める"
    )
    assert [g.id for g in table.table.store.games()] == [1] and table.table.game_id == 1
    phones[1].click("#panel [data-test=confirm-new]")  # asked, and meant
    expect(phones[0].locator("#title")).to_contain_text("partie 2")
    assert table.table.game_id == 2
    assert not any(page.errors for page in phones)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("fr", "Deux joueurs s'appellent Ann\u00a0: donnez à chacun un nom bien à lui."),
        ("ja", "Annという名前のプレイヤーが2人います：それぞれ別の名前にしてください。"),
    ],
)
def test_two_players_of_one_name_are_told_at_the_form(
    browser: Browser, table: Served, lang: str, said: str
) -> None:
    """Said in the player's words at the field, not as the game's refusal of a script
    ("players[1].name: 'Ann' sits twice at the table")."""
    page = open_page(browser, table, lang)
    page.locator("[data-section=status] button").first.click()
    names = page.locator("#panel [name=name]")
    for i, name in enumerate(["Ann", "Bob", " Ann ", "Dai"]):
        names.nth(i).fill(name)
    page.click("[data-test=start]")
    expect(page.locator("[data-test=message]")).to_have_text(said)
    expect(names.nth(2)).to_be_focused()
    assert table.table.store.games() == []
    names.nth(2).fill("Cat")
    page.click("[data-test=start]")
    expect(page.locator("[data-test=turn]")).to_be_visible()
    assert len(table.table.store.games()) == 1
    assert not page.errors  # type: ignore[attr-defined]


def test_a_setup_refused_names_the_player_not_the_scripts_place(
    browser: Browser, table: Served
) -> None:
    """Two players of one monster: the refusal says whose field, as the form shows it
    ("Monstre d'Aiko"), not where in a script ('players[0].monster')."""
    page = open_page(browser, table, "fr")
    page.locator("[data-section=status] button").first.click()
    for i, name in enumerate(["Aiko", "Bruno", "Chloé", "Dai"]):
        page.fill(f"#panel [name=name] >> nth={i}", name)
    for i in (0, 1):
        page.select_option(f"#panel select[name=monster] >> nth={i}", "The King")
    page.click("#panel [data-test=start]")
    expect(page.locator("[data-test=message]")).to_have_text(
        "impossible de commencer cette partie\u00a0: Monstre d'Aiko\u00a0: "
        "The King est joué deux fois"
    )
    assert table.table.store.games() == []


def test_a_turn_whose_throw_is_fixed_on_the_page(browser: Browser, table: Served) -> None:
    start_game(table)
    page = open_page(browser, table)
    table.table.camera_event(throw_seen(["1", "1", "2", "claw", "heart", "energy"], doubt=2))
    expect(page.locator("[data-test=snapshot]")).to_be_visible()
    expect(page.locator("[data-test=readings] li.doubt")).to_have_text("55%")
    expect(page.locator("[data-test=readings] li.doubt .die")).to_have_attribute("data-face", "2")
    table.board.pressed.append(0)  # Ann ends her throws with her button
    expect(page.locator("[data-test=countdown]")).to_be_visible()
    fix = page.locator(".answer[data-kind=correct]")
    fix.locator("[data-from='2'] button[data-face='1']").click()  # one tap per die fixed
    expect(page.locator("[data-test=result] .die[data-face='2']")).to_have_count(0)
    assert faces_shown(page, "[data-test=result]") == ["1", "1", "1", "heart", "energy", "claw"]
    page.get_by_role("button", name="Use it now").click()
    expect(card(page, "Ann").locator("[data-dial=vp]")).to_have_text("★ 2")
    assert [i["type"] for i in stored(table)] == ["throw", "correct", "resolve"]
    history = table.table.store.history(table.table.game_id or 0)
    assert [h["source"] for h in history] == ["camera", "page", "page"]


def test_french_elides_before_a_name_on_the_page_and_from_the_server(
    browser: Browser, table: Served
) -> None:
    """ "Le résultat d'Ann", not "de Ann": the page's own words (its countdown) and the
    server's (the history's die fixed) elide alike."""
    start_game(table)
    page = open_page(browser, table, "fr")
    table.table.camera_event(throw_seen(["1", "1", "2", "claw", "heart", "energy"]))
    table.board.pressed.append(0)  # Ann ends her throws with her button
    expect(page.locator("[data-section=window] p").first).to_contain_text(
        "Le résultat d'Ann compte dans"
    )
    fix = page.locator(".answer[data-kind=correct]")
    fix.locator("[data-from='2'] button[data-face='1']").click()
    expect(page.locator("[data-section=log]")).to_contain_text("Dé d'Ann corrigé")
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Waiting for Ann: throw the dice, use this result or fix a misread die"),
        (
            "fr",
            "En attente d'Ann\u00a0: lancez les dés, gardez ce résultat ou corrigez un dé mal lu",
        ),
        ("ja", "Ann：ダイスを振る、この出目で確定する、または読み違えたダイスを直す"),
    ],
)
def test_the_waiting_line_says_a_fix_as_a_sentence(
    browser: Browser, table: Served, lang: str, said: str
) -> None:
    """What the game waits for reads as one sentence: 'Ann : corrigez un dé mal lu', not
    a heading's 'Ann : Corriger un dé mal lu' glued to the player's name; the player named
    once before all their requests, offered as a choice: it read 'Ann : gardez ce résultat ;
    Ann : corrigez un dé mal lu' (host.games.page.awaiting)."""
    start_game(table)
    page = open_page(browser, table, lang)
    table.table.camera_event(throw_seen(["1", "1", "2", "claw", "heart", "energy"]))
    fix = page.locator(".answer[data-kind=correct] h3")
    expect(fix).to_have_text(
        {"en": "Ann: fix a misread die", "fr": "Ann\u00a0: corrigez un dé mal lu"}.get(
            lang, "Ann：読み違えたダイスを直す"
        )
    )
    expect(page.locator("[data-test=awaited]")).to_contain_text(said)
    assert not page.errors  # type: ignore[attr-defined]


def test_a_throw_read_by_the_camera_opens_the_fix_and_folds_the_entry(
    browser: Browser, table: Served
) -> None:
    """Two grids of the same dice (enter the next throw, fix a misread die) told apart by
    the moment: the camera read the throw, so fixing it is open and entering the next
    one by hand is folded under a title saying when it is for (one tap opens it, and it
    stays open as the game moves); a throw the camera then cannot read opens the entry."""
    start_game(table)
    page = open_page(browser, table)
    table.table.camera_event(throw_seen(["1", "1", "2", "claw", "heart", "energy"], doubt=2))
    fix = page.locator(".answer[data-kind=correct]")
    entry = page.locator(".answer[data-kind=throw]")
    expect(fix.locator("[data-test=dice-grid]")).to_be_visible()
    expect(entry.locator("summary")).to_contain_text("only if the camera cannot read it")
    expect(entry.locator("[data-test=dice-grid]")).to_be_hidden()
    assert page.locator(".answer").last.get_attribute("data-kind") == "throw"  # after the rest
    entry.locator("summary").click()
    expect(entry.locator("[data-test=dice-grid]")).to_be_visible()
    before = page.locator("body").get_attribute("data-version") or ""
    fix.locator("[data-from='2'] button[data-face='1']").click()
    expect(page.locator("body")).not_to_have_attribute("data-version", before)
    expect(entry.locator("[data-test=dice-grid]")).to_be_visible()  # kept open
    table.table.camera_event(MisfitSeen("7 dice seen, 6 in play", [], b"", 0.0, 3))
    expect(fix.locator("summary")).to_contain_text("only if one is wrong")
    expect(fix.locator("[data-test=dice-grid]")).to_be_hidden()
    expect(page.locator(".answer[data-kind=throw] [data-test=dice-grid]")).to_be_visible()
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_a_throw_entered_by_hand_opens_the_entry_and_folds_the_fix(
    browser: Browser, table: Served, lang: str
) -> None:
    start_game(table)
    page = open_page(browser, table, lang)
    table.table.act({"do": "throw", "faces": ["1", "1", "2", "claw", "heart", "energy"]})
    entry = page.locator(".answer[data-kind=throw]")
    fix = page.locator(".answer[data-kind=correct]")
    expect(entry.locator("[data-test=dice-grid]")).to_be_visible()
    expect(fix.locator("[data-test=dice-grid]")).to_be_hidden()
    expect(fix.locator("summary h3")).to_be_visible()
    expect(page.locator("details.answer")).to_have_count(1)
    fix.locator("summary").click()
    before = page.locator("body").get_attribute("data-version") or ""
    fix.locator("[data-from='2'] button[data-face='1']").click()
    expect(page.locator("body")).not_to_have_attribute("data-version", before)
    assert [i["type"] for i in stored(table)][-2:] == ["throw", "correct"]
    assert not page.errors  # type: ignore[attr-defined]


def test_each_die_is_entered_among_its_own_kind_s_faces(browser: Browser, table: Served) -> None:
    """With curses, a throw holds the die of fate: its column offers its four faces, the
    black dice's their six (not all ten in every column)."""
    # (seeded: the table draws a seed at random, and a first curse such as Raging Flood
    # takes a die away, so another throw would be refused)
    start_game(table, options={"curses": True}, seed=0)
    page = open_page(browser, table)
    thrown = ["1", "1", "2", "claw", "heart", "energy", "fate_snake"]
    table.table.camera_event(throw_seen(thrown, doubt=2))
    form = page.locator(".answer[data-kind=throw] [data-test=dice-grid]")
    expect(form.locator(".dice-column")).to_have_count(7)
    fate = form.locator(".dice-column[data-from=fate_snake] button")
    expect(fate).to_have_count(4)
    assert fate.evaluate_all("(bs) => bs.map((b) => b.dataset.face)") == [
        "fate_eye",
        "fate_river",
        "fate_snake",
        "fate_ankh",
    ]
    expect(form.locator(".dice-column[data-from=claw] button")).to_have_count(6)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("fr", "une touche par dé (6 dés et le dé du destin)"),
        ("ja", "1個につき1回、ダイス6個と運命のダイス"),
    ],
)
def test_a_throw_with_the_die_of_fate_says_which_dice_to_tap(
    browser: Browser, table: Served, lang: str, said: str
) -> None:
    """With curses a throw is 7 dice to tap, the last a "?" like the others: the entry
    says which dice they are."""
    start_game(table, options={"curses": True}, seed=0)
    page = open_page(browser, table, lang)
    form = page.locator(".answer[data-kind=throw] [data-test=dice-form]")
    expect(form.locator("[data-test=dice-slots] .die-slot")).to_have_count(7)
    expect(form.locator("p.quiet").first).to_contain_text(said)
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "names"),
    [("fr", ["le dé berserk", "le dé du destin"]), ("ja", ["バーサークダイス", "運命のダイス"])],
)
def test_each_kind_of_die_s_faces_are_a_row_named_by_the_die(
    browser: Browser, table: Served, lang: str, names: list[str]
) -> None:
    """A berserk monster's throw with curses: the berserk die's ⚡ and claw look as the
    black dice's, and the 10 faces were one row (tapping the black ⚡ for the berserk
    die's was refused). Each kind's faces are a row of their own, named by its die."""
    table.table.act({"do": "new_game", "game": "king-of-tokyo", "setup": {
        "players": PLAYERS[:2], "options": {"curses": True, "berserk": True}, "seed": 0,
        "position": {"active_player": "Ann", "monsters": {"Ann": {"berserk": True}}},
    }})  # fmt: skip
    page = open_page(browser, table, lang)
    rows = page.locator(".answer[data-kind=throw] [data-test=dice-palette] .palette-row")
    expect(rows).to_have_count(3)
    expect(rows.nth(0).locator(".palette-name")).to_have_count(0)  # the dice themselves
    for row, name in zip((rows.nth(1), rows.nth(2)), names, strict=True):
        expect(row.locator(".palette-name")).to_have_text(name)
    berserk = rows.nth(1).locator("button").evaluate_all("(bs) => bs.map((b) => b.dataset.face)")
    assert "berserk_energy" in berserk and "energy" not in berserk
    before = page.locator("body").get_attribute("data-version") or ""
    for face in ["1", "1", "2", "2", "3", "heart"]:
        rows.nth(0).locator(f"button[data-face='{face}']").click()
    rows.nth(1).locator("button[data-face=berserk_energy]").click()
    rows.nth(2).locator("button[data-face=fate_river]").click()
    expect(page.locator("body")).not_to_have_attribute("data-version", before)
    assert stored(table)[-1]["thrown"][-2:] == ["berserk_energy", "fate_river"]
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["cœur", "énergie", "Baffe", "énergie berserk", "crâne berserk"]),
        ("ja", ["ハート", "エネルギー", "攻撃", "バーサークエネルギー", "バーサークドクロ"]),
        ("en", ["heart", "energy", "claw", "berserk energy", "berserk skull"]),
    ],
)
def test_a_die_s_faces_are_named_in_words_for_screen_readers(
    browser: Browser, table: Served, lang: str, words: list[str]
) -> None:
    """The dice's buttons are named by the faces' words in the page's language: a screen
    reader said '♥' and '⚡' (the faces' signs, their labels), and so did their tooltips."""
    table.table.act({"do": "new_game", "game": "king-of-tokyo", "setup": {
        "players": PLAYERS[:2], "options": {"berserk": True}, "seed": 0,
        "position": {"active_player": "Ann", "monsters": {"Ann": {"berserk": True}}},
    }})  # fmt: skip
    page = open_page(browser, table, lang)
    palette = page.locator(".answer[data-kind=throw] [data-test=dice-palette]")
    faces = ["heart", "energy", "claw", "berserk_energy", "berserk_skull"]
    for face, word in zip(faces, words, strict=True):
        button = palette.locator(f"button[data-face={face}]")
        expect(button).to_have_attribute("aria-label", word)
        expect(button.locator(".die")).to_have_attribute("title", word)
    table.table.camera_event(throw_seen(["1", "2", "3", "heart", "energy", "claw", "berserk_claw"]))
    grid = page.locator(".answer[data-kind=throw] [data-test=dice-grid]")
    column = grid.locator(".dice-column[data-die='3']")
    die = {"fr": "dé 4\u00a0: ", "ja": "ダイス4：", "en": "die 4: "}[lang]
    expect(column.locator("button[data-face=heart]")).to_have_attribute(
        "aria-label", die + words[0]
    )
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "fr",
            "Tour 1\u00a0: Ann (The King) · 20\u00a0★ pour Ann\u00a0: "
            "la victoire viendra à la fin de ce tour",
        ),
        ("ja", "ターン1：Ann（ザ・キング）· Annが20勝利ポイント：このターンの終わりに勝利"),
    ],
)
def test_twenty_vp_reached_says_the_win_comes_at_the_end_of_the_turn(
    browser: Browser, table: Served, lang: str, said: str
) -> None:
    """Élodie reached 20 ★ and her turn went on (to buy, to end it), the page saying
    nothing of the win to come: a French table thought the count wrong."""
    table.table.act({"do": "new_game", "game": "king-of-tokyo", "setup": {
        "players": PLAYERS[:2], "options": {"table_deck": False}, "seed": 0,
        "position": {"active_player": "Ann", "monsters": {"Ann": {"vp": 17}}},
    }})  # fmt: skip
    page = open_page(browser, table, lang)
    table.table.act({"do": "throw", "faces": ["3", "3", "3", "1", "2", "heart"]})
    table.table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})
    table.table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})  # now
    expect(page.locator("[data-test=turn]")).to_have_text(said)
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_use_this_result_is_on_a_phone_s_screen_beside_a_rethrow_by_hand(
    browser: Browser, table: Served, lang: str
) -> None:
    """A throw entered by hand: the rethrow's grid (six rows of faces) pushed 'Garder ce
    résultat' below a phone's screen, under the page's bar. It is drawn in the rethrow's
    form, above the grid, and taken from there; the camera's throw keeps it apart."""
    start_game(table, options={"table_deck": False})
    page = open_page(browser, table, lang)
    table.table.act({"do": "throw", "faces": ["1", "1", "2", "claw", "heart", "energy"]})
    end = page.locator(".answer[data-kind=throw] [data-test=throw-end]")
    expect(end).to_be_visible()
    expect(page.locator(".answer[data-kind=resolve]")).to_have_count(0)  # not twice
    bar = page.locator("#bottom").bounding_box()
    box = end.bounding_box()
    assert bar is not None and box is not None and box["y"] + box["height"] <= bar["y"]
    end.click()
    expect(page.locator("[data-test=countdown]")).to_be_visible()  # the result held, to fix
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "said"),
    [("fr", "Touchez un dé de la rangée pour le reprendre."), ("ja", "並んだダイスをタップすると")],
)
def test_a_refused_throw_says_how_to_take_a_die_back(
    browser: Browser, table: Served, lang: str, said: str
) -> None:
    """Seven black faces tapped for 6 dice and the die of fate: refused, the row stayed
    full and every face tapped did nothing, with no word that a die in the row is taken
    back by a tap. The page says so once a die is tapped; the fix is then taken."""
    start_game(table, options={"curses": True}, seed=0)
    page = open_page(browser, table, lang)
    form = page.locator(".answer[data-kind=throw] [data-test=dice-form]")
    back = form.locator("[data-test=take-back]")
    expect(back).to_be_hidden()  # nothing tapped: nothing to take back
    palette = form.locator("[data-test=dice-palette]")
    for face in ["1", "1", "2", "claw", "heart", "energy", "energy"]:
        palette.locator(f"button[data-face='{face}']").click()
    expect(page.locator("[data-test=message]")).to_have_class("error")  # refused
    expect(back).to_contain_text(said)
    form.locator("[data-test=dice-slots] [data-slot='6']").click()  # the 7th, taken back
    before = page.locator("body").get_attribute("data-version") or ""
    palette.locator("button[data-face=fate_snake]").click()
    expect(page.locator("body")).not_to_have_attribute("data-version", before)
    assert "fate_snake" in stored(table)[-1]["thrown"]
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "awaited"),
    [
        ("fr", "En attente d'Ann\u00a0: lancez les dés"),
        ("ja", "次を待っています。Ann：ダイスを振る"),
    ],
)
def test_a_cultist_to_spend_is_offered_not_waited_for(
    browser: Browser, table: Served, lang: str, awaited: str
) -> None:
    """Bob's cultist may be spent at any time: the page said 'En attente : Ann : lancez
    les dés ; Bob : dépenser un cultiste (il en reste 1) ?' all game long, as if the game
    waited for Bob. The spend is offered, and what is awaited is Ann's throw."""
    table.table.act({"do": "new_game", "game": "king-of-tokyo", "setup": {
        "players": PLAYERS[:2], "options": {"cultists": True, "table_deck": False}, "seed": 0,
        "position": {"active_player": "Ann", "monsters": {"Bob": {"cultists": 1, "hp": 8}}},
    }})  # fmt: skip
    page = open_page(browser, table, lang)
    expect(page.locator(".answer[data-kind=cultist][data-player=Bob] button")).to_have_count(2)
    expect(page.locator("[data-test=awaited]")).to_have_text(awaited)
    assert not page.errors  # type: ignore[attr-defined]


def to_yield(s: Served) -> None:
    t = s.table
    t.camera_event(throw_seen(["1", "2", "3", "claw", "heart", "energy"]))
    t.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})
    t.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})  # now
    t.act({"do": "input", "input": {"type": "end_turn", "player": "Ann"}})
    t.camera_event(throw_seen(["claw", "claw", "2", "2", "3", "heart"]))
    t.act({"do": "input", "input": {"type": "resolve", "player": "Bob"}})
    t.act({"do": "input", "input": {"type": "resolve", "player": "Bob"}})


def test_a_yield_decision_on_the_page(browser: Browser, table: Served) -> None:
    start_game(table)
    page = open_page(browser, table)
    to_yield(table)
    expect(page.locator(".answer[data-kind=yield] h3")).to_have_text("Ann: yield Tokyo City?")
    # said in words, as the answers are: what is awaited, whose it is
    expect(page.locator("[data-test=awaited]")).to_have_text("Waiting for Ann: yield Tokyo City?")
    page.get_by_role("button", name="Yield (leave Tokyo City)").click()
    expect(card(page, "Bob").locator(".place")).to_have_text("📍 Tokyo City")
    expect(card(page, "Ann").locator(".place")).to_have_count(0)
    assert stored(table)[-1] == {"type": "yield", "player": "Ann", "leave": True}


def test_cards_on_offer_entered_and_one_bought(browser: Browser, table: Served) -> None:
    page = open_page(browser, table)
    page.get_by_role("button", name="Pick up a game in progress").click()
    for i, p in enumerate(PLAYERS[:2]):
        page.fill(f"[aria-label='player {i + 1} name']", p["name"])
        page.select_option(f"[aria-label='player {i + 1} monster']", p["monster"])
    page.fill("[aria-label='player 1 energy']", "7")
    page.select_option("[aria-label='whose turn']", "Ann")
    for i, name in enumerate(["Heal", "Energize", "Corner Store"]):
        page.select_option(f"[aria-label='card on offer {i + 1}']", name)
    page.click("[data-test=start]")
    expect(page.locator("[data-test=face-up]")).to_have_text("Heal · Energize · Corner Store")
    table.table.camera_event(throw_seen(["1", "2", "3", "heart", "2", "3"]))
    page.get_by_role("button", name="Use this result").click()
    page.get_by_role("button", name="Use it now").click()
    page.get_by_role("button", name="Buy Heal (3⚡)").click()
    expect(card(page, "Ann").locator("[data-dial=energy]")).to_have_text("⚡ 4")
    # the card turned over to fill Heal's place: only cards the deck still holds offered
    offered = page.locator(".answer[data-kind=reveal] .picks button")
    expect(offered.filter(has_text="Tank")).to_have_count(1)
    expect(offered.filter(has_text="Energize")).to_have_count(0)  # it is face up
    reveal(page, "Ann", "Tank")
    expect(page.locator("[data-test=face-up]")).to_have_text("Tank · Energize · Corner Store")
    assert stored(table)[-2:] == [
        {"type": "buy", "player": "Ann", "card": "Heal"},
        {"type": "reveal", "player": "Ann", "card": "Tank"},
    ]
    page.get_by_role("button", name="Buy Tank (5⚡)").wait_for(state="detached")  # 4⚡ left


def test_an_expansion_s_fields_are_shown_only_with_its_option(
    browser: Browser, table: Served
) -> None:
    """Picking up a game on a phone: each expansion's fields (cultists, wickedness, Tokyo
    Tower, curses...) stood in every row, their options unticked. Each is shown with its
    option ticked (or chosen), what was typed kept while it is hidden, and left out then."""
    page = open_page(browser, table, "fr")
    page.get_by_role("button", name="Reprendre une partie en cours").click()
    form = page.locator("[data-test=pickup-form]")
    row = form.locator("fieldset.row").first
    for i, p in enumerate(PLAYERS[:2]):
        form.locator("fieldset.row").nth(i).locator("[name=name]").fill(p["name"])
    options = form.locator(".options")
    cultists = row.locator("input[name=cultists]")
    hidden = [
        cultists,
        row.locator("input[name=wickedness]"),
        row.locator("select[name=tiles]"),
        row.locator("input[name=berserk]"),
        row.locator("select[name=form]"),
        row.locator("input[name=zombie]"),
        form.locator("select[name='1']"),  # Tokyo Tower's levels
        form.locator("select[name=curse]"),
        form.locator("select[name=scarab]"),
    ]
    for field in hidden:
        expect(field).to_be_hidden()
    expect(row.locator("input[name=hp]")).to_be_visible()
    options.locator("input[name=cultists]").check()
    expect(cultists).to_be_visible()
    cultists.fill("2")
    options.locator("input[name=cultists]").uncheck()
    expect(cultists).to_be_hidden()
    options.locator("input[name=cultists]").check()
    expect(cultists).to_have_value("2")  # kept
    form.locator("select[name=wickedness]").last.select_option("front")  # the option's list
    expect(row.locator("select[name=tiles]")).to_be_visible()
    form.locator("select[name=curse]").wait_for(state="hidden")
    options.locator("input[name=cultists]").uncheck()  # the 2 cultists left out
    form.locator("select[name=active_player]").select_option("Ann")
    page.click("[data-test=start]")
    expect(form).to_have_count(0)  # picked up (it was refused: cultists with no option)
    setup = table.table.store.setup(table.table.game_id or 0)
    assert "cultists" not in setup["position"]["monsters"]["Ann"]
    assert setup["options"]["wickedness"] == "front"
    assert not page.errors  # type: ignore[attr-defined]


def test_undo_on_the_page(browser: Browser, table: Served) -> None:
    start_game(table)
    page = open_page(browser, table)
    table.table.camera_event(throw_seen(["1", "2", "3", "claw", "heart", "energy"]))
    expect(page.locator("[data-test=result]")).to_contain_text("throw 1 of 3")
    page.click("[data-test=undo]")
    expect(page.locator("[data-test=result]")).to_have_count(0)
    assert stored(table) == []
    assert table.table.store.history(table.table.game_id or 0)[0]["undone"] is not None


def test_the_undo_and_pause_notices_say_no_source_tag(browser: Browser, table: Served) -> None:
    """The notices of an undo, a pause and a resume are player sentences: they ended in
    the door's tag, '(page)', which told nobody anything (every undo is a page's)."""
    start_game(table)
    page = open_page(browser, table, lang="fr")
    table.table.camera_event(throw_seen(["1", "2", "3", "claw", "heart", "energy"]))
    expect(page.locator("[data-test=result]")).to_contain_text("lancer 1 sur 3")
    page.click("[data-test=undo]")
    message = page.locator("#message")
    expect(message).to_have_text(re.compile("^annulé\u00a0: "))
    said = [message.inner_text()]
    table.table.act({"do": "pause"})
    expect(message).to_have_text("partie en pause")
    table.table.act({"do": "resume"})
    expect(message).to_have_text("partie reprise")
    said += [n.text.say("fr") for n in table.table.notices]
    assert not [s for s in said if re.search(r"\((page|bouton|caméra|minuteur)\)", s)], said
    assert not page.errors  # type: ignore[attr-defined]


def test_changes_are_refused_without_the_pin(browser: Browser, table: Served) -> None:
    start_game(table)
    page = open_page(browser, table, unlock=False)
    expect(page.locator("[data-section=answers]")).to_contain_text("Read-only")
    expect(page.locator("[data-test=undo]")).to_have_count(0)
    # a request made by hand, without the PIN, then with a wrong one
    for headers in ({}, {"X-Table-PIN": "0000"}):
        status = page.evaluate(
            """async (headers) => (await fetch('/api/action', {method: 'POST',
                headers: {'Content-Type': 'application/json', ...headers},
                body: JSON.stringify({do: 'throw', faces: ['1','1','1','1','1','1']})})).status""",
            headers,
        )
        assert status == 403
    page.click("[data-test=lock]")
    page.fill("[data-test=pin]", "9999")
    page.click("#pin-form button[type=submit]")
    expect(page.locator("[data-test=message]")).to_contain_text("wrong PIN")
    for _ in range(4):  # one at a time: answers of taps in flight at once may cross
        # the page takes a tap only once the last answer is read (its body too, after the
        # response event): a tap before that is the same tap, ignored, and sends nothing
        expect(page.locator("body")).not_to_have_class(re.compile(r"\bbusy\b"))
        with page.expect_response("**/api/login"):
            page.click("#pin-form button[type=submit]")
    expect(page.locator("[data-test=message]")).to_contain_text("too many wrong PINs")
    assert stored(table) == []


def test_a_phone_joining_mid_game_is_told_where_the_pin_is_now(
    browser: Browser, table: Served
) -> None:
    """Past the first throw the board shows the dials, not the PIN: the PIN form and a
    wrong PIN say where it is then, a page already unlocked (in French here)."""
    start_game(table)
    page = open_page(browser, table, "fr", unlock=False)
    page.click("[data-test=lock]")
    expect(page.locator("#pin-form small")).to_contain_text(
        "ensuite, une page déjà déverrouillée le montre (son 🔓)"
    )
    page.fill("[data-test=pin]", "9999")
    page.click("#pin-form button[type=submit]")
    expect(page.locator("[data-test=message]")).to_have_text(
        "code erroné\u00a0: le code de la table s'affiche sur les écrans du plateau au début "
        "de la partie, ensuite sur une page déjà déverrouillée (son 🔓)"
    )
    # the page unlocked shows it, under its 🔓
    other = open_page(browser, table, "fr")
    other.click("[data-test=lock]")
    expect(other.locator("[data-test=shown-pin]")).to_have_text(table.table.store.pin or "")


def test_a_second_viewer_follows_live(browser: Browser, table: Served) -> None:
    start_game(table)
    player = open_page(browser, table)
    viewer = open_page(browser, table, unlock=False)
    faces = ["1", "1", "1", "heart", "claw", "energy"]
    palette = player.locator(".answer[data-kind=throw] [data-test=dice-palette]")
    for face in faces:  # one tap per die: the last one sends the throw
        palette.locator(f"button[data-face='{face}']").click()
    expect(viewer.locator("[data-test=result]")).to_contain_text("throw 1 of 3")
    player.get_by_role("button", name="Use this result").click()
    expect(viewer.locator("[data-test=countdown]")).to_be_visible()
    player.get_by_role("button", name="Use it now").click()
    expect(viewer.locator("article[data-player=Ann] [data-dial=vp]")).to_have_text("★ 2")
    expect(viewer.locator("[data-test=feed] > li")).to_have_count(2)
    expect(viewer.locator("[data-test=feed] > li").first).to_contain_text("Ann resolves the dice")


def test_pick_up_a_game_in_progress(browser: Browser, table: Served) -> None:
    page = open_page(browser, table)
    page.get_by_role("button", name="Pick up a game in progress").click()
    page.click("text=+ player")
    for i, p in enumerate(PLAYERS[:3]):
        page.fill(f"[aria-label='player {i + 1} name']", p["name"])
        page.select_option(f"[aria-label='player {i + 1} monster']", p["monster"])
    page.fill("[aria-label='player 2 HP']", "6")
    page.fill("[aria-label='player 2 VP']", "14")
    page.select_option("[aria-label='player 2 place']", "city")
    page.select_option("[aria-label='player 3 cards']", ["Acid Attack", "Jets"])
    page.select_option("[aria-label='whose turn']", "Cat")
    page.fill("[aria-label='turn']", "12")
    page.click("[data-test=start]")
    for name in ("Frenzy", "Wings", "Made in a Lab"):  # the cards on offer, not entered above
        reveal(page, "Cat", name)
    expect(page.locator("[data-test=turn]")).to_have_text("Turn 12: Cat (Meka Dragon)")
    expect(page.locator("[data-test=face-up]")).to_have_text("Frenzy · Wings · Made in a Lab")
    bob = card(page, "Bob")
    expect(bob.locator("[data-dial=hp]")).to_have_text("♥ 6/10")
    expect(bob.locator("[data-dial=vp]")).to_have_text("★ 14")
    expect(card(page, "Cat").locator(".cards")).to_have_text("🃏 Acid Attack, Jets")


def test_pause_and_resume(browser: Browser, table: Served) -> None:
    start_game(table)
    page = open_page(browser, table)
    page.click("[data-test=pause]")
    expect(page.locator("[data-test=paused]")).to_be_visible()
    table.table.camera_event(throw_seen(["1", "2", "3", "claw", "heart", "energy"]))
    assert stored(table) == []
    page.click("[data-test=pause]")
    expect(page.locator("[data-test=paused]")).to_have_count(0)
    table.table.camera_event(throw_seen(["1", "2", "3", "claw", "heart", "energy"]))
    expect(page.locator("[data-test=result]")).to_contain_text("throw 1 of 3")


def test_export_and_import_a_game(browser: Browser, table: Served, tmp_path: Path) -> None:
    start_game(table)
    table.table.camera_event(throw_seen(["1", "2", "3", "claw", "heart", "energy"]))
    page = open_page(browser, table)
    more(page, "games")
    with page.expect_download() as download:
        page.get_by_role("link", name="Export").click()
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    script = json.loads(saved.read_text())
    assert script["format"] == "kot-game/1" and len(script["inputs"]) == 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**script, "format": "kot-game/9"}))
    page.set_input_files("[data-test=import-file]", str(bad))
    expect(page.locator("[data-test=message]")).to_contain_text("newer dicetable")
    page.set_input_files("[data-test=import-file]", str(saved))  # the game itself: known
    expect(page.locator("[data-test=message]")).to_contain_text("Already in the list as game 1")
    expect(page.locator("[data-test=games] tr[data-game]")).to_have_count(1)
    other = tmp_path / "other.json"  # the same game, one throw earlier: another game
    other.write_text(json.dumps({**script, "inputs": []}))
    page.set_input_files("[data-test=import-file]", str(other))
    expect(page.locator("[data-test=message]")).to_contain_text("Imported as game 2")
    expect(page.locator("[data-test=games] tr[data-game]")).to_have_count(2)
    expect(page.locator("#title")).to_contain_text("game 2")


def test_a_game_file_is_imported_whatever_the_table_did_meanwhile(
    browser: Browser, table: Served, tmp_path: Path
) -> None:
    """Importing a file depends on nothing the page shows: a throw the camera saw (or the
    correction window closing) just before is no reason to refuse it and make the player
    choose the file again (it was sent with the page's state version: a race under load)."""
    start_game(table)
    script = {**table.table.store.export(1), "inputs": []}
    page = open_page(browser, table)
    more(page, "games")
    page.evaluate("events.close()")  # the page hears nothing more: its state goes stale
    table.table.camera_event(throw_seen(["1", "2", "3", "claw", "heart", "energy"]))
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(script))
    page.set_input_files("[data-test=import-file]", str(saved))
    expect(page.locator("[data-test=message]")).to_contain_text("Imported as game 2")


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_a_damaged_game_file_is_said_in_the_pages_language(
    browser: Browser, table: Served, tmp_path: Path, lang: str
) -> None:
    """A file cut short is said in the page's words, not with the browser's own English
    ("Unexpected end of JSON input")."""
    page = open_page(browser, table, lang)
    more(page, "games")
    cut = tmp_path / "cut.json"
    cut.write_text('{"format": "kot-game/1", "players": [')
    page.set_input_files("[data-test=import-file]", str(cut))
    said = {
        "fr": "cut.json n'est pas un fichier de partie\u00a0: ce n'est pas du JSON "
        "(coupé ou abîmé)",
        "ja": "cut.jsonはゲームファイルではありません：JSON ではありません（途中で切れているか"
        "壊れています）",
    }
    expect(page.locator("[data-test=message]")).to_have_text(said[lang])
    assert table.table.store.games() == []


def test_a_game_file_too_big_or_too_deep_is_refused_in_the_pages_language(
    browser: Browser, table: Served, tmp_path: Path
) -> None:
    """The server's limits on what is posted are met by a file imported on the page: said
    in French there, not in the API's English."""
    page = open_page(browser, table, "fr")
    more(page, "games")
    deep = tmp_path / "deep.json"
    deep.write_text('{"format": "kot-game/1", "x": ' + "[" * 40 + "]" * 40 + "}")
    page.set_input_files("[data-test=import-file]", str(deep))
    expect(page.locator("[data-test=message]")).to_have_text(
        "le contenu de la requête est imbriqué sur plus de 32 niveaux\u00a0: ce n'est pas "
        "un fichier de partie"
    )
    big = tmp_path / "big.json"
    big.write_text(json.dumps({"format": "kot-game/1", "description": "x" * 3_000_000}))
    page.set_input_files("[data-test=import-file]", str(big))
    expect(page.locator("[data-test=message]")).to_contain_text(
        "un fichier de partie est bien plus petit"
    )
    assert table.table.store.games() == []


@pytest.mark.parametrize(
    ("lang", "said"),
    [("fr", "Il n'y a rien à cette adresse."), ("ja", "このアドレスには何もありません。")],
)
def test_an_address_typed_wrong_leads_to_the_page(
    browser: Browser, table: Served, lang: str, said: str
) -> None:
    page = open_page(browser, table, lang, unlock=False)
    page.goto(table.url.rstrip("/") + "/index.html")
    expect(page.locator("[data-test=lost]")).to_have_text(said)
    link = page.locator("[data-test=to-the-page]")
    box = link.bounding_box()
    assert box is not None and box["height"] >= 40  # a finger's width, as the page's
    link.click()
    expect(page.locator("#live")).to_have_class("dot on")
    assert page.url.rstrip("/") == table.url.rstrip("/")


def test_card_powers_answered_on_the_page(browser: Browser, table: Served) -> None:
    """Forms of fields: a die changed by a card, hearts shared out (a count inside an
    object field of the input)."""
    monsters = {"Ann": {"energy": 6, "cards": ["Stretchy"], "tokens": {"poison": 1}}}
    position = {"active_player": "Ann", "face_up": ["Heal", "Tank", "Wings"], "monsters": monsters}
    table.table.act(
        {
            "do": "new_game",
            "game": "king-of-tokyo",
            "setup": {"players": PLAYERS[:2], "position": position},
        }
    )
    table.table.act({"do": "throw", "faces": ["heart", "heart", "1", "2", "3", "claw"]})
    page = open_page(browser, table)
    use = page.locator(".answer[data-kind=use]")
    use.locator("[aria-label='the die showing']").select_option("3")
    use.locator("[aria-label='turned to']").select_option("heart")
    use.get_by_role("button", name="Use Stretchy (2⚡)").click()
    expect(card(page, "Ann").locator("[data-dial=energy]")).to_have_text("⚡ 4")
    expect(page.locator("[data-test=result] .die[data-face='3']")).to_have_count(0)
    assert faces_shown(page, "[data-test=result]") == ["1", "2", "heart", "heart", "heart", "claw"]
    page.get_by_role("button", name="Use this result").click()
    page.get_by_role("button", name="Use it now").click()
    hearts = page.locator(".answer[data-kind=hearts]")
    hearts.locator("[aria-label='remove poison tokens']").fill("1")
    before = page.locator("body").get_attribute("data-version") or ""
    hearts.get_by_role("button", name="Use them so").click()
    # (the card row had no poison shown before either: wait for the table's answer)
    expect(page.locator("body")).not_to_have_attribute("data-version", before)
    expect(card(page, "Ann").locator(".cards")).to_have_text(["🃏 Stretchy"])  # no poison
    assert stored(table)[1:] == [
        {"type": "use", "player": "Ann", "card": "Stretchy", "from": "3", "to": "heart"},
        {"type": "resolve", "player": "Ann"},
        {"type": "hearts", "player": "Ann", "remove": {"poison": 1}},
    ]
    assert not page.errors  # type: ignore[attr-defined]


def test_statistics_on_the_page(browser: Browser, table: Served) -> None:
    wins: dict[str, int] = {}
    for seed in (1, 2):
        script = finished_script(seed)
        table.table.act({"do": "import", "script": script, "open": False})
        for name in replay(parse_script(script)).to_json()["winners"]:
            monster = next(p["monster"] for p in PLAYERS if p["name"] == name)
            wins[monster] = wins.get(monster, 0) + 1
    page = open_page(browser, table, unlock=False)  # reading needs no PIN
    more(page, "stats")
    expect(page.locator("#panel")).to_contain_text("2 finished games")
    rows = page.locator("[data-test=stats] tr")
    expect(rows).to_have_count(1 + len(PLAYERS))  # a heading, then each monster
    for monster, n in wins.items():
        row = rows.filter(has_text=monster)
        expect(row.locator("td").nth(1)).to_have_text(str(n))
        expect(row.locator("td").nth(2)).to_have_text("2")
    expect(page.locator("#panel")).to_contain_text("Game length:")


def test_statistics_name_each_games_roles_by_its_own_word(browser: Browser, table: Served) -> None:
    """King of Tokyo's monsters under "monster" while a Kingdom Run race is on the table
    (its "colour" stood over them), each game's roles in a table of its own."""
    from host.games.kingdom_run.table_kind import KIND as RACE

    table.table.act({"do": "import", "script": finished_script(1), "open": False})
    race = json.loads(RACE.demo.read_text())
    table.table.act({"do": "import", "script": race, "open": True})
    assert table.table.kind is RACE and table.table.game is not None
    page = open_page(browser, table, "fr", unlock=False)
    more(page, "stats")
    kot = page.locator("[data-test=stats][data-game=king-of-tokyo]")
    expect(kot.locator("th").first).to_have_text("monstre")
    expect(kot.locator("tr")).to_have_count(1 + len(PLAYERS))
    run = page.locator("[data-test=stats][data-game=kingdom-run]")
    expect(run.locator("th").first).to_have_text("couleur")
    expect(run.locator("tr")).to_have_count(1 + len(race["players"]))
    expect(page.locator("#panel h3")).to_have_text(["King of Tokyo", "Kingdom Run"])


def test_the_bottom_menu_never_covers_the_end_of_the_page(browser: Browser, table: Served) -> None:
    """On a phone, scrolled to the very end with a long form open (pick up a game), the
    last thing on the page is above the fixed menu, so it can be read and tapped."""
    page = open_page(browser, table)
    page.get_by_role("button", name="Pick up a game in progress").click()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    last = page.locator("main > section:visible").last.locator("*:visible").last
    expect(last).to_be_visible()
    bottom, menu = last.bounding_box(), page.locator("#bottom").bounding_box()
    assert bottom is not None and menu is not None
    assert bottom["y"] + bottom["height"] <= menu["y"], (bottom, menu)
    assert not page.errors  # type: ignore[attr-defined]


BUY_LAYOUT = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  const answers = [...document.querySelectorAll("[data-section=answers] > .answer")];
  return {
    height: document.documentElement.scrollHeight,
    main: box("main").width,
    answers: box("[data-section=answers]"),
    throw: box("[data-section=throw]"),
    across: document.querySelector("[data-section=answers]").classList.contains("across"),
    lefts: new Set(answers.map((a) => Math.round(a.getBoundingClientRect().left))).size,
    controls: Math.min(...[...document.querySelectorAll("[data-section=answers] button")]
      .map((b) => b.getBoundingClientRect().height)),
  };
}"""


@pytest.mark.parametrize(
    ("width", "height"),
    [(1024, 768), (768, 1024), (390, 844)],
    ids=["landscape", "portrait", "phone"],
)
def test_the_buy_screen_keeps_its_three_answers_beside_the_dice_on_a_tablet(
    browser: Browser, table: Served, width: int, height: int
) -> None:
    """Buy, sweep and end the turn, one under the other (414 px), are no taller than a
    tablet's screen: they keep their column beside the dice and the seats. Before, three
    answers always went in a row across the screen, pushing the dice and the seats down by
    the tallest of them (buy: 194 px): at 1024x768 the page stood 1196 px tall, 1029 now,
    and the seats below the screen's end. A phone is as it was: the answers across its
    width, one under the other. Each control stays at least 40 px tall."""
    position = {
        "active_player": "Ann",
        "face_up": ["Heal", "Energize", "Corner Store"],
        "monsters": {"Ann": {"energy": 8}},
    }
    table.table.act(
        {
            "do": "new_game",
            "game": "king-of-tokyo",
            "setup": {"players": PLAYERS, "position": position},
        }
    )
    table.table.camera_event(throw_seen(["1", "2", "3", "1", "2", "heart"]))
    page = open_page(browser, table, size={"width": width, "height": height})
    page.get_by_role("button", name="Use this result").click()
    page.get_by_role("button", name="Use it now").click()
    expect(page.locator("[data-section=answers] > .answer")).to_have_count(3)
    expect(page.get_by_role("button", name="Buy Corner Store (3⚡)")).to_be_visible()
    found = page.evaluate(BUY_LAYOUT)
    assert found["lefts"] == 1 and not found["across"], found  # one under the other
    assert found["controls"] >= 40, found
    if width < 768:  # a phone: across its width, the dice under the answers
        assert found["answers"]["width"] >= 0.99 * found["main"], found
        assert found["throw"]["top"] >= found["answers"]["bottom"], found
        return
    assert found["answers"]["width"] < 0.5 * found["main"], found  # beside the dice:
    assert abs(found["throw"]["top"] - found["answers"]["top"]) < 2, found
    if width == 1024:
        assert found["height"] <= 1100, found
        page.set_viewport_size({"width": 1024, "height": 360})  # a screen lower than them
        expect(page.locator("[data-section=answers]")).to_have_class("across")
        assert page.evaluate(BUY_LAYOUT)["lefts"] == 3  # side by side across it
    assert not page.errors  # type: ignore[attr-defined]


def test_a_double_tap_is_done_once(browser: Browser, table: Served) -> None:
    """The first tap ends the throws; the second, while the first is on its way, is not
    sent (and were it sent, it carries the same state's version and is refused: test_web),
    so the correction window is not skipped."""
    start_game(table)
    page = open_page(browser, table)
    table.table.camera_event(throw_seen(["1", "2", "3", "claw", "heart", "energy"]))
    use = page.get_by_role("button", name="Use this result")
    use.wait_for()
    seen = page.evaluate("state.version")
    sent: list[Any] = []
    page.on("request", lambda r: sent.append(r) if r.url.endswith("/api/action") else None)
    use.evaluate("(button) => { button.click(); button.click(); }")
    expect(page.locator("[data-test=countdown]")).to_be_visible()
    assert [json.loads(r.post_data or "{}")["version"] for r in sent] == [seen]
    assert [i["type"] for i in stored(table)] == ["throw"]
    assert table.table.holding is not None  # the window is open, not skipped


def test_a_tap_on_a_state_gone_by_is_refused_and_the_page_shows_the_table_now(
    browser: Browser, table: Served
) -> None:
    """A page whose live updates lag (its stream stops delivering, the connection seemingly
    up) taps an answer another phone already gave: refused, and the page shows the table
    as it is without waiting for its stream."""
    start_game(table)
    table.table.camera_event(throw_seen(["1", "2", "3", "claw", "heart", "energy"]))
    page = open_page(browser, table)
    context = page.context
    page.get_by_role("button", name="Use this result").wait_for()
    page.evaluate("() => events.close()")  # no more states arrive (and no error is seen)
    use = page.get_by_role("button", name="Use this result")
    use.wait_for()
    table.table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})  # a phone
    use.click()
    expect(page.locator("[data-test=message]")).to_contain_text("the table changed")
    expect(page.locator("[data-test=countdown]")).to_be_visible()
    assert page.get_by_role("button", name="Use this result").count() == 0
    assert [i["type"] for i in stored(table)] == ["throw"]
    assert table.table.holding is not None  # the window stays open
    context.close()


class _Line:
    """The phone's network between the page and the host: `asleep()` kills every connection
    open now as minutes asleep do to a phone's: the host dropped them, and the phone was
    never told (nothing reaches it), until it sends on one (reset, as a host answers a
    connection it no longer has)."""

    def __init__(self, port: int) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.server.getsockname()[1])
        self.to, self.open = port, []  # type: ignore[var-annotated]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                page, _ = self.server.accept()
            except OSError:
                return
            host, alive = socket.create_connection(("127.0.0.1", self.to)), [True]
            self.open.append(alive)
            for a, b in ((page, host), (host, page)):
                threading.Thread(
                    target=self._pass, args=(a, b, alive, a is page), daemon=True
                ).start()

    @staticmethod
    def _pass(a: socket.socket, b: socket.socket, alive: list[bool], from_page: bool) -> None:
        with contextlib.suppress(OSError):
            while data := a.recv(65536):
                if alive[0]:
                    b.sendall(data)
                elif from_page:  # the phone sends on a connection the host dropped
                    a.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    a.close()
                    b.close()
                    return
            if alive[0]:
                b.shutdown(socket.SHUT_WR)

    def asleep(self) -> None:
        for alive in self.open:
            alive[0] = False


def test_a_phone_woken_after_minutes_asleep_shows_the_table_as_it_is_now(
    browser: Browser, table: Served
) -> None:
    """A phone asleep for minutes: its event stream died meanwhile (the host dropped it, the
    phone was not told). Woken, the page showed the game as it was when it fell asleep, its
    dot still saying live, for as long as nobody tapped (and after a tap refused, every later
    change went unseen). The host's beats every 15 s now reach the page: one that hears
    nothing for 40 s connects again, and one shown again (the screen on, a tab thawed) that
    heard nothing for 20 s does so at once. The page's clock is Playwright's, moved on."""
    start_game(table)
    line = _Line(table.web.address[1])
    page = browser.new_context(viewport=dict(PHONE)).new_page()  # type: ignore[arg-type]
    page.clock.install()
    page.goto(f"http://127.0.0.1:{line.port}/")
    expect(page.locator("[data-test=turn]")).to_have_text("Turn 1: Ann (The King)")
    line.asleep()  # (the page left open: its timers run on, as a phone's do)
    table.table.act({"do": "throw", "faces": ["1", "1", "1", "heart", "claw", "energy"]})
    page.clock.fast_forward("00:30")  # no beat for 30 s: it may be dead, it is not said yet
    expect(page.locator("#live")).to_have_class("dot on")
    page.clock.fast_forward("00:15")
    expect(page.locator("[data-test=result]")).to_contain_text("throw 1 of 3")
    expect(page.locator("#live")).to_have_class("dot on")
    line.asleep()  # asleep again, 25 s this time, then the screen turned on
    table.table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})
    page.clock.fast_forward("00:25")
    expect(page.locator("#live")).to_have_class("dot on")  # (not yet 40 s)
    assert page.locator("[data-test=countdown]").count() == 0
    # the browser says the page is shown again (headless Chromium has no screen to turn on)
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator("[data-test=countdown]")).to_be_visible()
    page.context.close()


def test_a_notice_is_said_as_it_comes_and_not_again_on_a_page_opened_after(
    browser: Browser, table: Served
) -> None:
    """The table's first notice is said too (a page opened on a table with none took it for
    one told before it opened); a page opened later does not say it again."""
    page = open_page(browser, table, unlock=False)
    table.table.notice("info", "the dice set kot learnt from 36 dice")
    expect(page.locator("[data-test=message]")).to_have_text("the dice set kot learnt from 36 dice")
    later = open_page(browser, table, unlock=False)
    later.wait_for_timeout(300)
    expect(later.locator("[data-test=message]")).to_be_hidden()
    table.table.notice("warning", "camera: it is back")
    expect(later.locator("[data-test=message]")).to_have_text("camera: it is back")
    page.context.close()
    later.context.close()


def test_json_that_is_not_one_input_is_said_in_the_page_language(
    browser: Browser, table: Served
) -> None:
    """☰ More → Send an input as JSON: a list (or a number) is not an input, said in the
    page's language; it went to the server, whose refusal of a malformed request is in the
    API's own English ('an "input" action carries "input": ...')."""
    start_game(table)
    page = open_page(browser, table, "ja")
    page.click("[data-test=more]")
    page.click("[data-test=open-json]")
    for typed in ["[1, 2]", "3", "null"]:
        page.fill("[data-test=json-input]", typed)
        page.locator("#panel").get_by_role("button", name="送信").click()
        expect(page.locator("[data-test=message]")).to_have_text(
            '入力はJSONのオブジェクトです：{"type": "...", "player": "..."}'
        )
    assert stored(table) == []


def test_the_pick_up_form_names_its_game(browser: Browser, table: Served) -> None:
    """Only some games can be picked up in progress: the form says which (a KaTO table met
    King of Tokyo's monsters under "Reprendre une partie en cours", not told whose)."""
    page = open_page(browser, table, lang="fr")
    page.get_by_role("button", name="Reprendre une partie en cours").click()
    expect(page.locator("[data-test=pickup-form] h2")).to_have_text(
        "Reprendre une partie de King of Tokyo en cours"
    )
