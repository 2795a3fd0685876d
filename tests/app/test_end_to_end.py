"""End to end: `dicetable play` on the demo's recorded session, through vision (the real
reader on rendered frames), the rules engine, the virtual board (the real firmware under
real MicroPython, behind a pseudo-terminal) and the page (real Chromium following live)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from host.app.chromium import launch
from host.demo import demo_script, demo_session_folder
from host.games.kot import load_script, replay
from host.games.kot.view import dial_text
from tests.app.running import final, played_to_the_end

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow
# in the page: each turn line it showed, in order (the page draws each state it is sent)
WATCH = """() => {
  window.__turns = [];
  new MutationObserver(() => {
    const turn = document.querySelector("[data-test=turn]");
    const text = turn ? turn.textContent : "";
    if (text && window.__turns[window.__turns.length - 1] !== text) window.__turns.push(text);
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def test_a_recorded_session_through_vision_engine_virtual_board_and_page(tmp_path: Path) -> None:
    session = demo_session_folder()  # rendered once, cached
    command = [
        sys.executable, "-m", "host", "play", "--camera", str(session), "--board", "virtual",
        "--db", str(tmp_path / "games.db"), "--port", "0", "--speed", "0", "--window", "0.3",
        "--exit-at-end",
    ]  # fmt: skip
    expected = replay(load_script(demo_script())).to_json()
    winner = expected["winners"][0]
    with sync_playwright() as playwright:
        browser = launch(playwright)  # ready first: the page opens as soon as the app starts
        page = browser.new_page(viewport={"width": 390, "height": 844})
        lines = played_to_the_end(command, page, watch=WATCH)
        assert final(lines, "state") == expected
        # the page followed the game live: it shows the end, and every monster's dials
        expect(page.locator("[data-test=turn]")).to_have_text(f"Game over: {winner} won!")
        for p in expected["players"]:
            vp = page.locator(f"article[data-player={p['name']}] [data-dial=vp]")
            expect(vp).to_have_text(f"★ {p['vp']}")
        summary = page.locator("[data-section=log] summary")
        expect(summary).to_have_text(f"Game log ({expected['inputs']} steps)")
        drawn = page.evaluate("() => window.__turns")
        assert len(drawn) >= 6, drawn  # it drew the game as it went, turn after turn
        browser.close()
    # the board under real MicroPython shows the final dials
    shown = final(lines, "board")
    game = replay(load_script(demo_script()))
    want = [dial_text(m) for m in game.monsters]
    assert [s.replace(".", "").strip() for s in shown[: len(want)]] == [
        w.replace(".", "").strip() for w in want
    ]
