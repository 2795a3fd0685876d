"""The page in French, Japanese and English, in real headless Chromium: the language comes
from the browser's (navigator.languages), a switch on the page changes it and is
remembered, the page's `lang` follows, and what the server says comes in it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from host.app.chromium import launch
from tests.app.browser import Served, served

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Served]:
    with served(tmp_path) as s:
        yield s


def open_in(browser: Browser, s: Served, locale: str) -> Page:
    page = browser.new_context(locale=locale, viewport={"width": 390, "height": 844}).new_page()
    page.set_default_timeout(10_000)
    page.goto(s.url)
    expect(page.locator("#live")).to_have_class("dot on")
    return page


def test_the_browser_language_is_spoken_and_the_switch_is_remembered(
    browser: Browser, table: Served
) -> None:
    page = open_in(browser, table, "fr-CA")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("[data-test=main]")).to_contain_text("Aucune partie sur la table.")
    expect(page.locator("[data-test=lock]")).to_have_text("🔒 Code")
    expect(page.locator("[data-test=menu]")).to_contain_text("Parties")
    page.select_option("[data-test=language]", "ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("[data-test=main]")).to_contain_text("テーブルにゲームはありません。")
    page.reload()  # remembered on this device, whatever the browser says
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("[data-test=menu]")).to_contain_text("ゲーム一覧")
    page.context.close()


def test_a_language_the_table_does_not_speak_is_english(browser: Browser, table: Served) -> None:
    page = open_in(browser, table, "de-DE")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("[data-test=main]")).to_contain_text("No game on the table.")
    page.context.close()


def test_the_pin_form_is_in_the_page_language(browser: Browser, table: Served) -> None:
    page = open_in(browser, table, "ja-JP")
    page.click("[data-test=lock]")
    expect(page.locator("[data-test=pin-form]")).to_contain_text("テーブルのPIN")
    expect(page.locator("#pin-form button[type=submit]")).to_have_text("ロック解除")
    page.context.close()


def unlock(page: Page, s: Served) -> None:
    page.click("[data-test=lock]")
    page.fill("[data-test=pin]", s.table.store.pin or "")
    page.click("#pin-form button[type=submit]")
    expect(page.locator("body")).not_to_have_class("readonly")


def test_the_card_picker_finds_a_card_in_every_language_and_by_cost(
    browser: Browser, table: Served
) -> None:
    from host.games.kot.cards import CARDS

    page = open_in(browser, table, "fr-FR")
    unlock(page, table)
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
    costing = sorted(c.name for c in CARDS.values() if c.cost == 8)
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
    search.fill("")
    expect(shown).to_have_count(len(CARDS))
    page.context.close()
