"""Headless Chromium for measuring and testing the page as people see it: Debian's
Chromium driven by Playwright (a development tool: `pip install -e '.[dev]'`; Playwright's
own browser download needs the internet, so the system's Chromium is used).

`Chromium().watch(url, n)` opens pages on the table's address and notes, in each page, when it drew
each state version (the page sets <body data-version> as it draws a state), on the
host's clock, so a benchmark can tell how long a change took to reach the pages.
"""

from __future__ import annotations

import os
import time
from typing import Any

from host.errors import UserError

CHROMIUM = os.environ.get("DICETABLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 390, "height": 844}

# In the page: when each version was drawn (the observer runs right after the page's
# render() has updated the DOM), on the page's clock (ms since the epoch).
_WATCH = """() => {
  window.__drawn = {};
  const note = () => {
    const v = Number(document.body.dataset.version);
    if (!(v in window.__drawn)) window.__drawn[v] = performance.timeOrigin + performance.now();
  };
  note();
  new MutationObserver(note).observe(document.body, {attributes: true,
    attributeFilter: ["data-version"]});
}"""
_DRAWN = (
    "(v) => { const t = Object.entries(window.__drawn).filter(([k]) => Number(k) >= v)"
    ".map(([, t]) => t); return t.length ? Math.min(...t) : null; }"
)


def launch(playwright: Any) -> Any:
    """Debian's Chromium, headless; a clear error if it is missing."""
    if not os.path.exists(CHROMIUM):
        raise UserError(f"{CHROMIUM} is missing: run scripts/need-chromium (make browser)")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


class Chromium:
    """One headless Chromium (Playwright's sync API: use it from one thread)."""

    def __init__(self) -> None:
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            raise UserError("Playwright is not installed (pip install -e '.[dev]')") from None
        self._playwright = sync_playwright().start()
        try:
            self.browser = launch(self._playwright)
        except BaseException:
            self._playwright.stop()
            raise

    def watch(self, url: str, count: int) -> PageWatcher:
        return PageWatcher(self.browser, url, count)

    def close(self) -> None:
        self.browser.close()
        self._playwright.stop()


class PageWatcher:
    """`count` phone-sized pages following the table at `url`."""

    def __init__(self, browser: Any, url: str, count: int) -> None:
        # a context per page, as each phone is a browser of its own (a browser keeps at
        # most 6 connections to a server, and each page holds one for its event stream)
        self.contexts: list[Any] = []
        self.pages: list[Any] = []
        self.offsets: list[float] = []  # per page: its clock minus ours (s)
        try:
            for _ in range(count):
                self.contexts.append(browser.new_context(viewport=PHONE))
                page = self.contexts[-1].new_page()
                page.goto(url)
                page.locator("#live.on").wait_for()  # following the table live
                page.evaluate(_WATCH)
                self.pages.append(page)
                self.offsets.append(_offset(page))
        except BaseException:
            self.close()
            raise

    def drawn(self, version: int, timeout: float) -> float:
        """When the last page drew a state of at least `version` (time.time())."""
        deadline = time.monotonic() + timeout
        times = []
        for page, offset in zip(self.pages, self.offsets, strict=True):
            while (t := page.evaluate(_DRAWN, version)) is None:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"a page never drew version {version}")
                time.sleep(0.002)
            times.append(t / 1000 - offset)
        return max(times)

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def _offset(page: Any) -> float:
    """The page's clock minus ours, to within half the quickest of a few round trips."""
    best = None
    for _ in range(5):
        before = time.time()
        theirs = page.evaluate("() => performance.timeOrigin + performance.now()") / 1000
        after = time.time()
        if best is None or after - before < best[0]:
            best = (after - before, theirs - (before + after) / 2)
    assert best is not None
    return best[1]
