"""The page's tests share one real headless Chromium per test module (host.app.chromium).

Every page a test opens is watched: a script error the page did not catch, or anything the
page's Content-Security-Policy refused (an inline style set as an attribute is dropped in
silence: the dice's grid fell to one column so), fails the test that opened it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, sync_playwright

from host.app.chromium import launch

_faults: list[str] = []


def _watch(page: Any) -> None:
    page.on("pageerror", lambda error: _faults.append(f"{page.url}: script error: {error}"))

    def console(message: Any) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            _faults.append(f"{page.url}: {message.text}")

    page.on("console", console)


def _watched(browser: Browser) -> Browser:
    """The browser, its new contexts and pages watched (Playwright has no browser-wide
    event for a new page)."""
    new_context, new_page = browser.new_context, browser.new_page

    def watched_context(*args: Any, **kwargs: Any) -> Any:
        context = new_context(*args, **kwargs)
        context.on("page", _watch)
        return context

    def watched_page(*args: Any, **kwargs: Any) -> Any:
        page = new_page(*args, **kwargs)
        _watch(page)
        return page

    browser.new_context = watched_context  # type: ignore[method-assign]
    browser.new_page = watched_page  # type: ignore[method-assign]
    return browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield _watched(browser)
        browser.close()


@pytest.fixture(autouse=True)
def _no_page_faults() -> Iterator[None]:
    _faults.clear()
    yield
    found, _faults[:] = list(_faults), []
    assert found == [], "the page reported faults:\n" + "\n".join(found)
