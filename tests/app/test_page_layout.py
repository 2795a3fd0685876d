"""The page at 390 px (a phone), measured: nothing overlaps, nothing is cut off, nothing
to tap is smaller than a finger, the bottom bar covers nothing (on a King of Tokyo turn
step by step, and on every main screen of every game, host.app.screens); and what the
page shows of the table beyond one game's taps: the QR code to join (read back by OpenCV
as a phone's camera would), the countdown (the server's deadline, the same on a reloaded
phone), a new PIN locking the other phones."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from playwright.sync_api import Browser, Page, expect

from host.app import screens
from tests.app.browser import PLAYERS, Served, open_page, served, throw_seen, unlock_page

pytestmark = pytest.mark.slow
expect.set_options(timeout=15_000)

# Every element a player reads or taps, measured in the page (boxes of visible elements,
# not those inside another of the list): any two that overlap, any that sticks out of
# the screen's width or is cut by its own box (text wider than its element, shown or ended
# with an ellipsis: "Annu…" is cut too), any squeezed narrower than four letters and onto
# more than two lines while it holds a few words (a title standing one character a line).
# an element's box as seen: clipped by the scrolling boxes it lies in
BOX = """(el) => {
    const r = el.getBoundingClientRect();
    let [l, t, rt, b] = [r.left, r.top, r.right, r.bottom];
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (!/auto|scroll|hidden/.test(getComputedStyle(p).overflowY)) continue;
      const c = p.getBoundingClientRect();
      [l, t] = [Math.max(l, c.left), Math.max(t, c.top)];
      [rt, b] = [Math.min(rt, c.right), Math.min(b, c.bottom)];
    }
    return { left: l, top: t, right: rt, bottom: b };
  }"""
MEASURE = """() => {
  const sel = "button, select, input, textarea, h1, h2, h3, p, li, td, th, .die, summary, "
    + "label, code, figcaption, #title";
  const els = [...document.querySelectorAll(sel)].filter((el) => {
    const r = el.getBoundingClientRect();
    // (checkVisibility: not inside a closed <details>, whose content keeps its boxes)
    return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true });
  });
  const fixed = (el) => !!el.closest("#bottom");
  const box = ${BOX};
  const shown = (el) => { const r = box(el); return r.right > r.left && r.bottom > r.top; };
  const leaves = els.filter((el) => !els.some((o) => o !== el && el.contains(o))).filter(shown);
  const name = (el) => el.tagName.toLowerCase() + (el.dataset.test ? `[${el.dataset.test}]` : "")
    + ":" + (el.textContent || "").trim().slice(0, 30);
  const wide = innerWidth;
  const lines = (el) => { // how many lines its text stands on
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  };
  const out = [], cut = [], squeezed = [], overlaps = [];
  for (const el of leaves) {
    const r = box(el), style = getComputedStyle(el);
    if (r.left < -0.5 || r.right > wide + 0.5) out.push(name(el));
    const clipped = style.overflowX === "visible" || style.textOverflow === "ellipsis";
    if (el.clientWidth && clipped && el.scrollWidth > el.clientWidth + 1) cut.push(name(el));
    const words = (el.textContent || "").trim().length > 6, em = parseFloat(style.fontSize);
    if (words && r.right - r.left < 4 * em && lines(el) > 2) squeezed.push(name(el));
  }
  for (let i = 0; i < leaves.length; i++) for (let j = i + 1; j < leaves.length; j++) {
    const a = leaves[i], b = leaves[j];
    if (fixed(a) !== fixed(b)) continue; // the bar over the page as it scrolls: see below
    const p = box(a), q = box(b);
    const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
    const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (x > 1 && y > 1) overlaps.push(name(a) + " × " + name(b));
  }
  return { out, cut, squeezed, overlaps, scroll: document.documentElement.scrollWidth - wide };
}""".replace("${BOX}", BOX)

# Every control a finger taps, at least TAP px tall and wide (a box to tick: its label; the
# columns of a die's faces may stand a little narrower, nine dice side by side); a thing
# made tappable (role=button: a race's space or runner a choice acts on) is one too
TAP, DIE_WIDE = 40, 36
SMALL = """([least, dieWide]) => {
  const small = [];
  const controls = "button, select, input, textarea, a[href], summary, [role=button]";
  for (const el of document.querySelectorAll(controls)) {
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    const tick = el.type === "checkbox" || el.type === "radio";
    const target = (tick && el.closest("label")) || el;
    const r = target.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const wide = el.classList.contains("die-button") ? dieWide : least;
    if (r.height < least - 0.5 || r.width < wide - 0.5) {
      small.push(`${Math.round(r.width)}x${Math.round(r.height)} ${el.tagName.toLowerCase()}:`
        + (target.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 30));
    }
  }
  return small;
}"""


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Served]:
    with served(tmp_path, window=30.0) as s:
        yield s


def measured(page: Page, screen: str) -> None:
    found: dict[str, Any] = page.evaluate(MEASURE)
    assert found["scroll"] <= 0, (screen, "the page scrolls sideways", found["scroll"])
    assert found["out"] == [], (screen, "cut off at the screen's edge", found["out"])
    assert found["cut"] == [], (screen, "text wider than its box", found["cut"])
    assert found["squeezed"] == [], (screen, "squeezed to a few letters", found["squeezed"])
    assert found["overlaps"] == [], (screen, "overlapping", found["overlaps"])
    small = page.evaluate(SMALL, [TAP, DIE_WIDE])
    assert small == [], (screen, f"smaller than {TAP} px to tap", small)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    last = page.evaluate(
        """() => { const box = ${BOX};
          return Math.max(...[...document.querySelectorAll("main *, #panel *")]
            .filter((e) => e.getBoundingClientRect().height > 0 && e.tagName !== "OPTION"
              && e.checkVisibility())
            .map((e) => box(e).bottom)); }""".replace("${BOX}", BOX)
    )
    bar = page.locator("#bottom").bounding_box()
    assert bar is not None and last <= bar["y"] + 0.5, (screen, "the bottom bar covers", last, bar)


def start(s: Served, **setup: Any) -> None:
    s.table.act({"do": "new_game", "game": "king-of-tokyo", "setup": {"players": PLAYERS, **setup}})


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_nothing_overlaps_or_is_cut_at_390_px(browser: Browser, table: Served, lang: str) -> None:
    page = open_page(browser, table, lang)
    measured(page, "no game")
    page.locator("[data-section=status] button").first.click()  # the setup form
    measured(page, "setup")
    page.locator("#panel .close").click()
    page.locator("[data-section=status] button").nth(1).click()  # the pick-up form
    measured(page, "pick up")
    page.locator("#panel .close").click()
    start(table, first_player="Ann")
    expect(page.locator("[data-test=turn]")).to_be_visible()
    # the new game's PIN, read off the board: the whole menu shows
    unlock_page(page, table.table.store.pin)
    measured(page, "a throw to enter")
    table.table.camera_event(throw_seen(["1", "1", "2", "claw", "heart", "energy"], doubt=2))
    page.locator("[data-test=odds-toggle]").click()
    expect(page.locator("[data-test=odds] table")).to_be_visible()
    measured(page, "a throw read, with the odds")
    table.table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})
    expect(page.locator("[data-test=countdown]")).to_be_visible()
    measured(page, "the correction window")
    page.click("[data-test=more]")
    measured(page, "more")
    page.click("[data-test=open-join]")
    expect(page.locator("[data-test=qr] svg")).to_be_visible()
    measured(page, "join")
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_every_main_screen_of_every_game_fits_a_phone(browser: Browser, lang: str) -> None:
    seen: list[str] = []

    def visit(name: str, page: Page) -> None:
        measured(page, name)
        seen.append(name)

    screens.walk(browser, lang, visit)
    assert seen == list(screens.names())


def test_the_walk_waits_for_pictures_still_loading_under_the_pages_policy(
    browser: Browser, table: Served
) -> None:
    """A picture still loading when the walk waits for it (a card cut out, on a loaded
    machine): the wait tries again until it has loaded, which the page's policy (no
    'unsafe-eval') refused for an expression waited on (Playwright evals it at each try),
    failing the walk under load now and then."""
    page = open_page(browser, table, unlock=False)
    loaded: list[str] = []

    def late(route: Any) -> None:  # (a picture slow to come)
        page.wait_for_timeout(500)
        loaded.append(route.request.url)
        route.fulfill(status=200, content_type="image/png", body=PNG)

    page.route("**/late.png", late)
    page.evaluate("() => document.body.append(Object.assign(new Image(), { src: '/late.png' }))")
    screens._drawn(page, table.table, images=True)
    assert len(loaded) == 1 and page.evaluate("() => [...document.images].every((i) => i.complete)")
    page.unroute_all()
    page.context.close()


PNG = bytes(cv2.imencode(".png", np.zeros((4, 4), np.uint8))[1])


def test_the_page_shows_a_qr_code_of_its_address(browser: Browser, table: Served) -> None:
    page = open_page(browser, table, unlock=False)
    page.click("[data-test=more]")
    page.click("[data-test=open-join]")
    code = page.locator("[data-test=qr]")
    expect(code.locator("svg")).to_be_visible()
    png = np.frombuffer(code.screenshot(), np.uint8)
    image = cv2.imdecode(png, cv2.IMREAD_GRAYSCALE)
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(image)
    assert text == table.url
    expect(page.locator("[data-test=join-url]").first).to_have_text(table.url)
    page.context.close()


def left(page: Page) -> float:
    return float((page.locator("[data-test=countdown]").text_content() or "").split()[0])


def test_the_countdown_is_the_servers_on_every_page_and_starts_again_after_a_fix(
    browser: Browser, table: Served
) -> None:
    start(table, first_player="Ann")
    table.table.camera_event(throw_seen(["1", "1", "2", "claw", "heart", "energy"]))
    first = open_page(browser, table)
    table.table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})
    expect(first.locator("[data-test=countdown]")).to_be_visible()
    first.wait_for_timeout(3000)
    other = open_page(browser, table)  # a phone (re)loaded 3 s into the window
    expect(other.locator("[data-test=countdown]")).to_be_visible()
    a, b = left(first), left(other)
    deadline = table.table.deadline or 0.0
    server = deadline - table.table.clock()
    assert abs(a - b) < 1.0 and a < 28.5 and abs(a - server) < 1.5, (a, b, server)
    fix = first.locator(".answer[data-kind=correct]")
    fix.locator("[data-from='2'] button[data-face='1']").click()
    expect(other.locator(".answer[data-kind=correct] [data-from='2']")).to_have_count(0)
    assert left(other) > 28.0 and left(first) > 28.0  # started again, on both
    first.context.close()
    other.context.close()


def test_a_new_pin_locks_the_other_phones_and_the_pin_can_be_shown(
    browser: Browser, table: Served
) -> None:
    start(table, first_player="Ann")
    mine = open_page(browser, table)
    theirs = open_page(browser, table)
    mine.click("[data-test=lock]")  # unlocked: the lock shows the PIN
    expect(mine.locator("[data-test=shown-pin]")).to_have_text(table.table.store.pin or "")
    mine.locator("#panel .close").click()
    table.table.act({"do": "new_game", "game": "king-of-tokyo", "setup": {"players": PLAYERS}})
    expect(theirs.locator("[data-test=lock]")).not_to_have_class("open")
    expect(theirs.locator("[data-test=message]")).to_contain_text("new table PIN")
    assert all(not n.wrong for n in table.web.pins.devices.values())  # no wrong PIN counted
    mine.context.close()
    theirs.context.close()


def test_a_new_game_asks_before_replacing_one_in_progress(browser: Browser, table: Served) -> None:
    start(table, first_player="Ann")
    table.table.camera_event(throw_seen(["1", "1", "2", "claw", "heart", "energy"]))
    page = open_page(browser, table)
    page.click("[data-test=more]")
    page.click("[data-test=open-setup]")
    for i, name in enumerate(["Eve", "Fay", "Gus", "Hal"]):
        page.fill(f"[aria-label='player {i + 1} name']", name)
    page.click("[data-test=start]")
    expect(page.locator("[data-test=confirm-new]")).to_be_visible()
    assert [g.id for g in table.table.store.games()] == [1]  # not replaced yet
    page.click("[data-test=confirm-new]")
    expect(page.locator("#title")).to_contain_text("2")
    assert table.table.game_id == 2
    page.context.close()


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_ten_dice_to_fix_wrap_into_columns_a_finger_wide(
    browser: Browser, table: Served, lang: str
) -> None:
    """False Blessing's 2 dice more, the berserk die and the die of fate: 10 dice, each a
    column of its faces. On a phone they stand in two bands of columns, each a finger wide
    and inside the box that asks for them (squeezed onto one band they were 31 px wide
    and the last ones stuck out of the box)."""
    position = {
        "active_player": "Ann",
        "curse": "False Blessing",
        "monsters": {"Ann": {"berserk": True}},
    }
    options = {"curses": True, "berserk": True}
    start(table, options=options, position=position)
    faces = ["1", "1", "2", "3", "heart", "claw", "claw", "energy", "berserk_claw", "fate_river"]
    table.table.act({"do": "throw", "faces": faces})
    page = open_page(browser, table, lang)
    answer = page.locator(".answer[data-kind=throw]")
    grid = answer.locator("[data-test=dice-grid]")
    expect(grid.locator(".dice-column")).to_have_count(10)
    box = answer.bounding_box()
    assert box is not None
    for button in grid.locator(".die-button").all():
        b = button.bounding_box()
        assert b is not None and b["width"] >= TAP - 0.5, b
        assert box["x"] <= b["x"] and b["x"] + b["width"] <= box["x"] + box["width"], (b, box)
    measured(page, "ten dice")
    page.context.close()


# Every placeholder of a shown input, measured in the input's own font against the room
# its box leaves: a placeholder cut off ("Chercher : un nom dan") says nothing.
PLACEHOLDERS_CUT = """() => {
  const canvas = document.createElement("canvas").getContext("2d");
  const cut = [];
  for (const el of document.querySelectorAll("input[placeholder], textarea[placeholder]")) {
    if (!el.checkVisibility({ visibilityProperty: true }) || !el.placeholder) continue;
    const style = getComputedStyle(el);
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const search = el.type === "search" ? 20 : 0;  // the box's clear button
    if (canvas.measureText(el.placeholder).width > room - search + 0.5) cut.push(el.placeholder);
  }
  return cut;
}"""


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_no_placeholder_is_cut_in_the_forms(browser: Browser, table: Served, lang: str) -> None:
    """The setup and pick-up forms' placeholders (a player's name, a card list's search)
    are read whole on a phone."""
    page = open_page(browser, table, lang)
    for form in range(2):  # the setup form, then the pick-up form
        page.locator("[data-section=status] button").nth(form).click()
        expect(page.locator("#panel form")).to_be_visible()
        assert page.evaluate(PLACEHOLDERS_CUT) == [], form
        page.locator("#panel .close").click()
    page.context.close()


def test_a_new_pin_locks_the_other_phones_after_the_host_restarted_too(
    browser: Browser, tmp_path: Path
) -> None:
    """A host restarted numbers its states afresh, from anywhere (table.Table): lower, half
    the time, than the state a page was unlocked at. Before, such a page took every state
    after the restart for one older than its unlocking and never learnt that a new game
    had drawn a new PIN: it stayed 'unlocked', and its next tap failed as a wrong PIN."""
    from host.app.store import Store
    from host.app.table import Table
    from host.app.web import WebServer
    from tests.app.fakes import FakeBoard

    def host(version: int, port: int = 0) -> tuple[Table, WebServer]:
        table = Table(Store(tmp_path / "games.db"), FakeBoard(), window=30, pin_seconds=30,
                      announce=lambda s: None)  # fmt: skip
        table.version = version  # (a run's versions start anywhere: here, where we say)
        table.start()
        web = WebServer(table, host="127.0.0.1", port=port)
        web.start()
        return table, web

    table, web = host(2_000_000_000)
    table.act({"do": "new_game", "game": "king-of-tokyo", "setup": {"players": PLAYERS}})
    port = int(web.url.rstrip("/").rsplit(":", 1)[1])
    mine = open_page(browser, web.url, pin=table.store.pin)  # unlocked at a high version
    web.close()
    table.close()  # the host stops; the page is offline
    expect(mine.locator("#live")).to_have_class("dot off")
    table, web = host(1_000, port)  # started again, its states numbered lower
    try:
        expect(mine.locator("#live")).to_have_class("dot on")  # it reconnects
        expect(mine.locator("[data-test=lock]")).to_have_class("open")  # the same PIN
        table.act({"do": "new_game", "game": "king-of-tokyo", "setup": {"players": PLAYERS}})
        expect(mine.locator("[data-test=lock]")).not_to_have_class("open")
        expect(mine.locator("[data-test=message]")).to_contain_text("new table PIN")
    finally:
        mine.context.close()
        web.close()
        table.close()


# where the lines of `cell` begin as drawn: each line's first character and the one before
# it in the text ("" for the first line)
LINE_STARTS = """(cell) => {
    const starts = [];
    let lastTop = null;
    let before = "";
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const r = range.getClientRects()[0];
        if (r && node.data[i].trim()) {
          if (lastTop === null || r.top > lastTop + 2) starts.push(before + node.data[i]);
          lastTop = r.top;
        }
        before = node.data[i];
      }
      before = " "; // (another element: a line may begin there)
    }
    return starts;
}"""


def test_the_games_list_breaks_its_lines_between_words(browser: Browser, table: Served) -> None:
    # a French phone's games list wrapped 'Léa (Alienoid' / '), Hugo (Cyber Kitty)' (360 px)
    # or 'Léa (Alienoid)' / ', Hugo' (375 px): the narrow cell broke anywhere
    racers = [
        {"name": n, "colour": c}
        for n, c in zip(
            ["Léa", "Hugo", "Chloé", "Théo"], ["red", "blue", "yellow", "green"], strict=True
        )
    ]
    table.table.act({"do": "new_game", "game": "kingdom-run", "setup": {"players": racers}})
    players = [{"name": "Léa", "monster": "Alienoid"}, {"name": "Hugo", "monster": "Cyber Kitty"}]
    table.table.act({"do": "new_game", "game": "king-of-tokyo", "setup": {"players": players}})
    page = open_page(
        browser, table, "fr", size={"width": 360, "height": 740}
    )  # many an Android phone
    page.click("[data-test=more]")
    page.get_by_text("Parties", exact=True).click()
    cells = page.locator("[data-test=games] .players-cell")
    expect(cells).to_have_count(2)
    for cell in cells.all():
        starts = cell.evaluate(LINE_STARTS)
        broken = [pair for pair in starts if pair[:-1].strip()]  # begun inside a word
        assert not broken, (cell.inner_text(), starts)
    measured(page, "the games list")
    page.context.close()
