"""A whole race played through the page in real Chromium: `dicetable play --manual` on
Kingdom Run's demo session (its throws are the camera's: the recorded frames read by the
real reader with the shipped `kingdom-run` face set), every other input tapped on the
page as a player would (a runner or a space of the drawn course when the choice points
at one, else its button), the virtual board (the real firmware under real MicroPython)
showing each seat's tokens and score at the end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from host.demo import demo_script, demo_session_folder
from host.games.kingdom_run import KingdomRun
from host.games.kingdom_run.script import load_script, replay, start
from host.games.kingdom_run.table_kind import KIND
from host.games.kingdom_run.view import dial_text
from tests.app.browser import played_table

PIN = "4821"
pytestmark = pytest.mark.slow


# the page has drawn a state with at least this many inputs in its log (its feed numbers
# each step as the game counts them, the latest first)
SEEN = """(n) => {
  const steps = [...document.querySelectorAll("[data-section=log] li[data-step]")];
  return Math.max(0, ...steps.map((li) => Number(li.dataset.step))) >= n;
}"""


def the_choice(game: KingdomRun, inp: dict[str, Any]) -> dict[str, Any]:
    """The page's choice that makes `inp` (the demo's every input is one the page offers)."""
    for w in game.waiting_for():
        for c in KIND.answers(game, w)["choices"]:
            if c["input"] == inp:
                return {**c, "kind": w.kind}
    raise AssertionError(f"the page offers no choice for {inp}")


def tap(page: Page, c: dict[str, Any]) -> None:
    """Do choice `c` on the page: a tap on what it acts on in the track, else its button."""
    if "on" in c:
        on = c["on"]
        space = page.locator(f"[data-track={on['track']}] [data-space='{on['space']}']")
        if "player" in on:
            space.locator(f".token.tap[data-player={on['player']}]").first.click()
        else:
            space.click(position={"x": 3, "y": 3})  # the space, not a runner on it
        picker = page.locator("[data-test=track-picker] button")
        if picker.count():  # several choices for it: the one wanted
            picker.filter(has_text=c["label"]).first.click()
        return
    box = page.locator(f".answer[data-kind={c['kind']}]")
    if box.locator("select").count():
        box.locator("select").first.select_option(label=c["label"])
        box.get_by_role("button", name="OK").click()
    else:
        box.get_by_role("button", name=c["label"], exact=True).click()


def test_a_whole_race_played_on_the_page_with_the_camera_and_the_board(
    browser: Browser, tmp_path: Path
) -> None:
    session = demo_session_folder("kingdom-run")  # rendered once, cached
    script = load_script(demo_script("kingdom-run"))
    expected = replay(script).to_json()
    game = start(script)
    taps = 0
    with played_table(browser, session, tmp_path, PIN) as table:
        page = table.page
        for i, inp in enumerate(script.inputs):
            if inp["type"] != "throw":  # the camera's; the rest is tapped
                tap(page, the_choice(game, dict(inp)))
                taps += 1
            game.apply(inp)
            if not game.game_over:  # the page has the table as it is now (or later)
                page.wait_for_function(SEEN, arg=i + 1, timeout=90_000)
        expect(page.locator("[data-test=turn]")).to_have_text(
            expected_headline(expected), timeout=90_000
        )
        table.finish()
    assert table.printed("final state: ") == expected  # the camera's throws and the taps
    assert taps > 80
    # the board under real MicroPython shows each seat's tokens and score so far
    shown = table.printed("final board: ")
    want = [dial_text(p["tokens"], p["score"]) for p in expected["players"]]
    assert shown[: len(want)] == want


def expected_headline(state: dict[str, Any]) -> str:
    return f"The race is over: {' and '.join(state['winners'])} won!"
