"""The page in French, Japanese and English, in real headless Chromium: the language comes
from the browser's (navigator.languages), a switch on the page changes it and is
remembered, the page's `lang` follows, and what the server says comes in it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from host.app import screens
from host.app.camera import MisfitSeen
from host.games.registry import kinds
from host.games.text import LANGUAGES, Text, as_text, plural_forms, read_locale
from host.locales import keys_used, packages
from tests.app.browser import PLAYERS, Served, open_page, served, throw_seen, unlock_page
from vision.words import _ as vision_said

pytestmark = pytest.mark.slow


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Served]:
    with served(tmp_path) as s:
        yield s


def test_the_browser_language_is_spoken_and_the_switch_is_remembered(
    browser: Browser, table: Served
) -> None:
    page = open_page(browser, table, "fr-CA", unlock=False)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("[data-test=main]")).to_contain_text("Aucune partie sur la table.")
    expect(page.locator("[data-test=lock]")).to_have_text("🔒 Code")
    expect(page.locator("[data-test=menu]")).to_contain_text("Plus")
    page.select_option("[data-test=language]", "ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("[data-test=main]")).to_contain_text("テーブルにゲームはありません。")
    page.reload()  # remembered on this device, whatever the browser says
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("[data-test=menu]")).to_contain_text("その他")
    page.context.close()


def test_a_language_the_table_does_not_speak_is_english(browser: Browser, table: Served) -> None:
    page = open_page(browser, table, "de-DE", unlock=False)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("[data-test=main]")).to_contain_text("No game on the table.")
    page.context.close()


@pytest.mark.parametrize(
    ("browser_lang", "said", "left"),
    [
        ("en-GB", "a, b and c", "Still to do: a; b."),
        ("fr-FR", "a, b et c", "Reste à faire\u00a0: a\u00a0; b."),
        ("ja-JP", "a、bとc", "残り：a。b。"),
    ],
)
def test_the_page_lists_items_as_its_language_does(
    browser: Browser, table: Served, browser_lang: str, said: str, left: str
) -> None:
    # the page's lists (kinds of cards still to teach, faces no die shows yet) are joined as
    # the server's texts join theirs (wording.LIST_JOINS), and so are sentences one
    # after another (SENTENCE_JOINS: what the dice teaching still needs)
    page = open_page(browser, table, browser_lang, unlock=False)
    expect(page.locator("html")).to_have_attribute("lang", browser_lang[:2])
    assert page.evaluate("listed(['a', 'b', 'c'])") == said
    assert page.evaluate("[listed([]), listed(['a'])]") == ["", "a"]
    assert page.evaluate("WORDS.left(['a', 'b'])") == left
    assert page.evaluate("[sentences([]), sentences(['a'])]") == ["", "a"]
    page.context.close()


def test_the_pin_form_is_in_the_page_language(browser: Browser, table: Served) -> None:
    page = open_page(browser, table, "ja-JP", unlock=False)
    page.click("[data-test=lock]")
    expect(page.locator("[data-test=pin-form]")).to_contain_text("テーブルのPIN")
    expect(page.locator("#pin-form button[type=submit]")).to_have_text("ロック解除")
    page.context.close()


def test_the_card_picker_finds_a_card_in_every_language_and_by_cost(
    browser: Browser, table: Served
) -> None:
    from host.games.kot.cards import ALL_CARDS

    page = open_page(browser, table, "fr-FR", unlock=False)
    unlock_page(page, table.table.store.pin)
    page.evaluate("openPanel('pickup')")
    row = page.locator("#panel fieldset.row").first
    cards, search = row.locator("select[name=cards]"), row.locator("input[type=search]")
    shown = cards.locator("option:not([hidden])")
    for typed, found in (
        ("guéri", ["Guérison rapide", "Rayon guérisseur"]),  # French, accents or not
        ("GUERISSEUR", ["Rayon guérisseur"]),
        ("healing ray", ["Rayon guérisseur"]),  # the English name
        ("回復光線", ["Rayon guérisseur"]),  # the Japanese one
    ):
        search.fill(typed)
        expect(shown).to_have_text(found)
    search.fill("8")  # a cost: every card costing 8, nothing costing 18 or more
    costing = sorted(c.name for c in ALL_CARDS.values() if c.cost == 8)
    assert (
        sorted(
            page.evaluate(
                """(el) => [...el.options].filter((o) => !o.hidden)
        .map((o) => o.value)""",
                cards.element_handle(),
            )
        )
        == costing
    )
    search.fill("6")  # a cost in either deck: Freeze Time costs 6 in the Dark Edition's
    expect(shown.filter(has_text="Arrêt du temps")).to_have_count(1)
    search.fill("")
    expect(shown).to_have_count(len(ALL_CARDS))  # either deck's cards (a dark game's too)
    page.context.close()


# ---- no English left: every screen in French and in Japanese ------------------------------

WORD = re.compile(r"[^\W\d_]+")


def words(text: str) -> set[str]:
    return {w.casefold() for w in WORD.findall(text) if len(w) > 1}


def screen_text(page: Page) -> str:
    """What a player reads on the screen: its text (the lists' choices too) and the words
    of its labels, placeholders and tooltips; not what the page marks as no language's
    (`translate="no"`: a dice set's name as people type it in a command)."""
    said = page.evaluate(
        """() => [document.title, [...document.querySelectorAll("[translate=no]")].reduce(
            (text, el) => text.replace(el.innerText, " "), document.body.innerText),
            ...[...document.querySelectorAll(
            "[aria-label], [placeholder], [title], [alt]")].flatMap((el) =>
            ["aria-label", "placeholder", "title", "alt"].map((a) => el.getAttribute(a) || ""))]"""
    )
    return "\n".join(said)


def kept_words(lang: str) -> set[str]:
    """The words a language's own files use (a name kept as it is, "Tokyo City", is one of
    them), and the proper names: the players' and those the games' screens name
    (host.app.screens), the table's, and each language's name in itself (the switch). The
    shipped games' titles are translated (a French title is the French edition's, kept in
    its file); a test-only game's title is a proper name."""
    kept = words(" ".join((*screens.proper_names(), *LANGUAGES.values(), "dicetable")))
    tests_own = [k for k in kinds().values() if not type(k).__module__.startswith("host.")]
    kept |= words(" ".join(kind.title for kind in tests_own))
    for folder in packages().values():
        path = folder / "locales" / f"{lang}.json"
        if path.is_file():
            for part in read_locale(path).values():
                kept |= words(" ".join(part.values()))
    return kept


def english_left(text: str, english: set[str], kept: set[str]) -> list[str]:
    """The words of `text` that are English (`english`: the words the page shows in
    English) and not the language's own (`kept`).

    >>> sorted(english_left("Partie terminée : Aiko won", {"game", "over", "won"}, {"partie"}))
    ['won']
    """
    return sorted((words(text) & english) - kept)


@pytest.fixture(scope="module")
def english(browser: Browser) -> set[str]:
    """Every word the page shows in English on its screens, and every English word of the
    translations' keys (the templates' fields left out)."""
    seen: set[str] = set()
    screens.walk(browser, "en-US", lambda name, page: seen.update(words(screen_text(page))))
    for domain, folder in packages().items():
        keys = keys_used(domain, folder)
        # (a count's forms said without their syntax: "{n, plural, one {# game} ...")
        seen |= words(re.sub(r"\{\w+\}|\{\w+, plural,|\b(one|other) \{", " ", " ".join(keys)))
    return seen


@pytest.mark.parametrize("lang", ["fr-FR", "ja-JP"])
def test_every_screen_speaks_the_language_with_no_english_left(
    browser: Browser, english: set[str], lang: str
) -> None:
    assert {"throw", "dice", "card", "buy", "game"} <= english  # the check can see English
    kept = kept_words(lang.split("-")[0])
    left: dict[str, list[str]] = {}
    visited: list[str] = []

    def visit(name: str, page: Page) -> None:
        visited.append(name)
        found = english_left(screen_text(page), english, kept)
        if found:
            left[name] = found

    screens.walk(browser, lang, visit)
    assert visited == list(screens.names())  # every screen was seen
    assert left == {}, f"English left in {lang}: {left}"


def test_english_left_is_found_and_a_language_own_words_are_not() -> None:
    english = words("Game over: Aiko won! Tokyo City")
    kept = words("Aiko Partie terminée a gagné Tokyo City")  # Aiko: a proper name
    assert english_left("Partie terminée : Aiko won!", english, kept) == ["won"]
    assert english_left("Partie terminée : Aiko a gagné ! (Tokyo City)", english, kept) == []


def test_page_screenshots_writes_each_screen_in_each_language(tmp_path: Path) -> None:
    import subprocess
    import sys

    import cv2

    done = subprocess.run(
        [sys.executable, "-m", "host", "page", "screenshots", str(tmp_path / "shots")],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for lang in LANGUAGES:
        shots = sorted((tmp_path / "shots" / lang).glob("*.png"))
        assert [p.name.split("-", 1)[1][:-4] for p in shots] == list(screens.names())
        for shot in shots:
            image = cv2.imread(str(shot))
            # at a phone's width (wider where a screen overflows it: the layout tests' job)
            assert image is not None and image.shape[1] >= 390 and image.shape[0] >= 844, shot
    assert f"{len(screens.names()) * len(LANGUAGES)} screenshots" in done.stdout


def test_a_number_with_decimals_is_written_as_each_language_writes_it(
    browser: Browser, table: Served
) -> None:
    """A decimal comma in French, a dot in English and Japanese: the odds' chances, the
    correction window's countdown (the page's), and a die's confidence in the camera's
    reason (the server's)."""
    table.table.act({"do": "new_game", "game": "king-of-tokyo",
                     "setup": {"players": PLAYERS, "first_player": "Ann"}})  # fmt: skip
    table.table.camera_event(throw_seen(["1", "1", "2", "claw", "heart", "energy"]))
    marks = {"en": ".", "fr": ",", "ja": "."}
    pages = {lang: open_page(browser, table, lang, unlock=False) for lang in marks}
    for lang, page in pages.items():
        page.locator("[data-test=odds-toggle]").click()
        chances = page.locator("[data-test=odds] .chance").all_text_contents()
        decimals = [c for c in chances if re.search(r"\d[.,]\d", c)]
        assert decimals and all(marks[lang] in c for c in decimals), (lang, chances)
    table.table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})
    for lang, page in pages.items():
        expect(page.locator("[data-test=countdown]")).to_have_text(
            re.compile(rf"^\d+\{marks[lang]}\d\D")
        )
    why = as_text(vision_said("unsure: {p:.2f} < {threshold:.2f}", p=0.55, threshold=0.9))
    table.table.camera_event(MisfitSeen(why, [], b"", 0.0, 2))
    for lang, page in pages.items():
        said = f"0{marks[lang]}55 < 0{marks[lang]}90"
        expect(page.locator("[data-test=seen]")).to_contain_text(said)
        page.context.close()


# ---- a count's words: each language's plural forms -----------------------------------------


def test_the_page_says_every_count_in_the_language_s_forms_as_the_server_does(
    browser: Browser, table: Served
) -> None:
    """The page's t() chooses a count's form with the browser's Intl.PluralRules, the
    server with host.games.text.plural: every plural text of the page, said for 0, 1, 2
    and more, is the same in both, in every language; and a count drawn on the screens is
    in its form ("0 partie terminée", "1 entrée")."""
    keys = sorted(k for k in keys_used("host.app", packages()["host.app"]) if "plural," in k)
    assert len(keys) >= 5
    counts = (0, 1, 2, 5, 1_000_000)
    for lang in LANGUAGES:
        page = open_page(browser, table, lang, unlock=False)
        for key in keys:
            fields = {f: "X" for f in re.findall(r"\{(\w+)\}", re.sub(r"#", "", key))}
            for n in counts:
                given = {**fields, **{c: n for c, _ in plural_forms(key)}}
                page_said = page.evaluate("([key, fields]) => t(key, fields)", [key, given])
                server_said = Text("host.app", key, given).say(lang)
                assert page_said == server_said, (lang, key, n)
        page.context.close()
    said = {"en": "0 finished games", "fr": "0 partie terminée", "ja": "終了したゲーム0件"}
    for lang, text in said.items():
        page = open_page(browser, table, lang, unlock=False)
        page.click("[data-test=more]")
        # the menu says the panel as its title does (it said "Stats" over "Statistiques")
        menu = page.locator("[data-test=open-stats]").inner_text()
        page.click("[data-test=open-stats]")
        expect(page.locator("#panel")).to_contain_text(text)
        expect(page.locator("#panel h2")).to_have_text(menu)
        page.context.close()
    table.table.act({"do": "new_game", "game": "king-of-tokyo",
                     "setup": {"players": PLAYERS, "first_player": "Ann"}})  # fmt: skip
    games = {
        "en": ["playing, 0 inputs", "playing, 1 input"],
        "fr": ["en cours, 0 entrée", "en cours, 1 entrée"],
    }
    pages = {lang: open_page(browser, table, lang, unlock=False) for lang in games}
    for lang, page in pages.items():
        page.click("[data-test=more]")
        page.click("[data-test=open-games]")
        expect(page.locator("[data-test=games]")).to_contain_text(games[lang][0])
    faces = ["1", "1", "2", "claw", "heart", "energy"]
    table.table.act(
        {"do": "input", "input": {"type": "throw", "player": "Ann", "thrown": faces, "kept": []}}
    )
    for lang, page in pages.items():
        page.click("[data-test=more]")
        page.click("[data-test=open-games]")
        expect(page.locator("[data-test=games]")).to_contain_text(games[lang][1])
        page.context.close()


# the plural argument's cases, said by wording.plurals (host.games.text and vision.words)
# and by app.js's plurals(): nested fields, two counts, a form the language lacks, no
# number, decimals, a round million
PLURAL_CASES: list[tuple[str, dict[str, object]]] = [
    ("{n, plural, one {# die} other {# dice}} left", {"n": n})
    for n in (0, 1, 2, 1.5, 1_000_000, "x")
] + [
    ("{n, plural, one {{who}: # card} other {{who}: # cards}}", {"n": 1, "who": "Ann"}),
    ("{a, plural, one {# A} other {# As}} and {b, plural, other {# Bs}}", {"a": 1, "b": 1}),
    ("{n, plural, one {# only}}", {"n": 2}),
    ("{n, plural,  one  {#}  other {# x} }", {"n": 1}),
    ("no argument {n}", {"n": 1}),
]


def test_the_page_chooses_a_count_s_form_as_wording_does(browser: Browser, table: Served) -> None:
    """app.js writes the plural argument a third time (the page cannot import Python's):
    its patterns are wording's, and the same cases come out the same in every language
    (before, host.games.text, vision.words and app.js each wrote them: nothing held the
    page's to the others')."""
    import wording
    from host.games.text import plural

    for lang in LANGUAGES:
        page = open_page(browser, table, lang, unlock=False)
        patterns = page.evaluate("[PLURAL.source, PLURAL_FORM.source]")
        assert patterns == [wording.PLURAL_ARGUMENT.pattern, wording.PLURAL_FORM.pattern]
        for template, fields in PLURAL_CASES:
            page_said = page.evaluate("([t, f]) => plurals(t, f)", [template, fields])
            server = wording.plurals(template, fields, lambda n, lang=lang: plural(n, lang))
            assert page_said == server, (lang, template, fields)
        page.context.close()


def test_a_range_whose_ends_are_equal_is_said_as_one_number(
    browser: Browser, table: Served
) -> None:
    """The statistics' game lengths: "1 turn; 1 minute" when every game was as long (it read
    "1–1 turns (median 1)"), the range otherwise; French says a range in its end's form
    (CLDR's plural ranges: "0,5–1,5 minute"), English and Japanese in their other."""
    ranges = {
        "equal": ({"min": 1, "max": 1, "median": 1}, {"min": 1, "max": 1, "median": 1}),
        "apart": ({"min": 12, "max": 30, "median": 20}, {"min": 0.5, "max": 1.5, "median": 1}),
    }
    said = {
        ("en", "equal"): "Game length: 1 turn; 1 minute",
        ("fr", "equal"): "Durée des parties\u00a0: 1 tour\u00a0; 1 minute",
        ("ja", "equal"): "ゲームの長さ：1ターン、1分",
        ("en", "apart"): "Game length: 12–30 turns (median 20); 0.5–1.5 minutes (median 1)",
        ("fr", "apart"): "Durée des parties\u00a0: 12–30 tours (médiane 20)\u00a0; "
        "0,5–1,5 minute (médiane 1)",
        ("ja", "apart"): "ゲームの長さ：12〜30ターン（中央値20）、0.5〜1.5分（中央値1）",
    }
    for (lang, which), text in said.items():
        turns, minutes = ranges[which]
        stats = {"games": 2, "roles": [], "players": [], "turns": turns, "minutes": minutes}
        page = open_page(browser, table, lang, unlock=False)
        page.route("**/api/stats", lambda route, _request, s=stats: route.fulfill(json=s))
        page.click("[data-test=more]")
        page.click("[data-test=open-stats]")
        expect(page.locator("#panel")).to_contain_text(text)
        page.context.close()


def test_a_language_switch_keeps_what_was_typed_and_chosen(browser: Browser, table: Served) -> None:
    """Switching the page's language draws every word anew: before, it drew the open panel
    and the game's forms anew too, so a setup half filled in, an input's JSON being typed
    or the dice tapped so far were lost. Each is kept, in the new language's words."""
    page = open_page(browser, table)
    page.get_by_role("button", name="Set up a game").click()
    form = page.locator("[data-test=setup-form]")
    page.click("[data-test=more-players]")  # a player more than the form's start
    rows = form.locator("input[name=name]").count()
    for i, p in enumerate(PLAYERS[:3]):
        page.fill(f"[aria-label='player {i + 1} name']", p["name"])
        page.select_option(f"[aria-label='player {i + 1} monster']", p["monster"])
    page.select_option("[aria-label='first player']", "Cat")
    page.uncheck("[name=table_deck]")
    page.select_option("[data-test=language]", "ja")
    expect(form.locator("h2")).to_contain_text("新しいゲーム")
    names = form.locator("input[name=name]")
    expect(names).to_have_count(rows)
    for i, p in enumerate(PLAYERS[:3]):
        expect(names.nth(i)).to_have_value(p["name"])
        expect(form.locator("select[name=monster]").nth(i)).to_have_value(p["monster"])
    expect(form.locator("select[name=first_player]")).to_have_value("Cat")
    expect(form.locator("[name=table_deck]")).not_to_be_checked()
    form.locator("select[data-keep=game]").select_option("kingdom-run")  # another game
    form.locator("input[name=name]").first.fill("Eve")
    page.select_option("[data-test=language]", "fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(form.locator("select[data-keep=game]")).to_have_value("kingdom-run")
    expect(form.locator("input[name=name]").first).to_have_value("Eve")
    page.evaluate("openPanel('json')")
    typed = '{"type": "throw", "player": "Ann", "thrown": ["1"'
    page.fill("[data-test=json-input]", typed)
    page.select_option("[data-test=language]", "en")
    expect(page.locator("#panel h2")).to_have_text("Send an input as JSON")
    expect(page.locator("[data-test=json-input]")).to_have_value(typed)
    page.evaluate("closePanel()")
    setup = {"players": PLAYERS[:2], "first_player": "Ann"}
    table.table.act({"do": "new_game", "game": "king-of-tokyo", "setup": setup})
    expect(page.locator("[data-test=lock]")).not_to_have_class("open")  # a new game's PIN
    unlock_page(page, table.table.store.pin)
    entry = page.locator(".answer[data-kind=throw]")
    for face in ("1", "heart"):  # two dice of six tapped
        entry.locator(f"[data-test=dice-palette] button[data-face='{face}']").click()
    page.select_option("[data-test=language]", "ja")
    expect(page.locator("[data-test=turn]")).to_contain_text("ターン")  # the state in Japanese
    expect(entry.locator(".die-slot .die.empty")).to_have_count(4)
    for face in ("2", "2", "claw", "energy"):
        entry.locator(f"[data-test=dice-palette] button[data-face='{face}']").click()
    expect(page.locator("[data-test=result]")).to_be_visible()
    assert table.table.store.inputs(table.table.game_id or 0)[-1]["thrown"] == [
        "1", "heart", "2", "2", "claw", "energy"
    ]  # fmt: skip
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
