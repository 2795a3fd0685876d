"""A whole KaTO game of three rounds played through the page in real Chromium:
`dicetable play --manual` on a recorded session drawn from a game script
(tests.app.kato_camera: the cards of shared/data/cards/deck-a laid on a table photo), the
cards laid on the discard pile and the hands laid down at each round's end read from its
frames by the real reader with the shipped `cards` set, every other input tapped on the
page as a player would (a draw, the KaTO call, a wild card's colour named), the virtual
board (the real firmware under real MicroPython) showing each seat's score at the end.

A card the camera cannot read (it says `unknown` rather than guess), or does not see (a
black card on the pile it does not find), is entered on the page, as a person would. Which
those are is worked out first, by the same watcher and reader on the same frames (so the
test does not wait for what will not come); the test holds that most cards are read and
that none is read wrong."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from host import recording
from host.app.camera import CameraEvent, DiceWatcher
from host.app.card_camera import CardsSeen
from host.games.kato import KaTO
from host.games.kato.script import parse_script, replay, start
from host.games.kato.seen import CARDS
from host.games.kato.table_kind import KIND
from host.games.kato.text import card_name
from host.games.kato.view import seat_text
from tests.app.browser import played_table
from tests.app.kato_camera import camera_game
from vision.images import read_image

PIN = "4821"
SEED, ROUNDS, HAND = 5, 3, 3  # a short game: 26 inputs, 16 of them the camera's
READ_REACHED = 14  # of those 16, read by the camera (14 since the dice on the table photo are
# known by their size; the rest on the page)
pytestmark = pytest.mark.slow
WAITING = "dicetable: the recording waits for the people to play the game's input "

# the page has drawn a state with at least this many inputs in its log (its feed numbers
# each step as the game counts them, the latest first)
STEPS = """(n) => {
  const steps = [...document.querySelectorAll("[data-section=log] li[data-step]")];
  return Math.max(0, ...steps.map((li) => Number(li.dataset.step))) >= n;
}"""
# what the page shows after the n-th input, or the camera's latest view if it was not
# read (a new snapshot whose caption says so): "read", that snapshot's address, or false
SEEN = """([n, last]) => {
  const steps = [...document.querySelectorAll("[data-section=log] li[data-step]")];
  if (Math.max(0, ...steps.map((li) => Number(li.dataset.step))) >= n) return "read";
  const shot = document.querySelector("[data-test=snapshot]");
  const said = document.querySelector("[data-test=seen]");
  const src = shot ? shot.getAttribute("src") : null;
  if (src && src !== last && said && /not read|refused/.test(said.textContent)) return src;
  return false;
}"""


def seen_by_camera(inp: dict[str, Any]) -> bool:
    """The camera's input: a card laid (but a wild named on the page), a hand laid down."""
    return inp["type"] in ("turn_up", "play", "hand") and not inp.get("named")


def camera_outcomes(session: recording.Session, inputs: list[dict[str, Any]]) -> list[str]:
    """What the camera will make of each input of the game, as the table's watcher reads
    the session's frames while the game expects them: "read", "misfit" (said not read),
    "unseen" (nothing new seen), or "page" (an input the camera does not give)."""
    game = start(parse_script(SCRIPT))
    watcher = DiceWatcher()
    steps = iter(session.steps)
    out = []

    def feed(step: recording.Step) -> list[CameraEvent]:
        watcher.expect(CARDS.expected(game), len(game.log))
        return [e for k, f in enumerate(step.frames) for e in watcher.feed(read_image(f), k)]

    for inp in inputs:
        step = next(steps)
        if not seen_by_camera(inp):
            out.append("page")
            game.apply(inp)
            if inp.get("named"):  # the card named on the page, then seen: a confirmation
                confirm = [e for e in feed(next(steps)) if isinstance(e, CardsSeen)]
                assert all(e.cards == [inp["card"]] for e in confirm), (inp, confirm)
            continue
        events = feed(step)
        seen = [e for e in events if isinstance(e, CardsSeen)]
        laid = inp["cards"] if inp["type"] == "hand" else [inp["card"]]
        assert all(sorted(map(str, e.cards)) == sorted(map(str, laid)) for e in seen), (inp, seen)
        out.append("read" if seen else "misfit" if events else "unseen")
        game.apply(inp)
    return out


def the_choice(game: KaTO, inp: dict[str, Any]) -> dict[str, Any]:
    """The page's choice that makes `inp`."""
    for w in game.waiting_for():
        for c in KIND.answers(game, w)["choices"]:
            if c["input"] == inp:
                return {**c, "kind": w.kind}
    raise AssertionError(f"the page offers no choice for {inp}")


def tap(page: Page, c: dict[str, Any]) -> None:
    box = page.locator(f".answer[data-kind={c['kind']}]")
    box.get_by_role("button", name=c["label"], exact=True).click()


def enter_hand(page: Page, inp: dict[str, Any]) -> None:
    """Lay down a hand on the page's form, card by card: each searched and tapped in its
    one list (the last card tapped sends the hand)."""
    box = page.locator(f".answer[data-kind=hand][data-player={inp['player']}]")
    for card in inp["cards"]:
        name = card_name(card)
        box.locator("[data-test=picker-search]").fill(name)
        box.locator("[data-test=picker] button.pick").filter(has_text=name).first.click()


SCRIPT = camera_game(SEED, rounds=ROUNDS, hand_size=HAND) or {}


def unordered_hands(state: dict[str, Any]) -> dict[str, Any]:
    rounds = [
        {**r, "hands": {p: sorted(h, key=str) for p, h in r["hands"].items()}}
        for r in state["rounds"]
    ]
    # the hands laid last, as the camera read them (as they lie) or the page entered them
    laid = {p: sorted(h, key=str) for p, h in state.get("laid", {}).items()}
    return {**state, "rounds": rounds, **({"laid": laid} if "laid" in state else {})}


def test_a_whole_game_played_on_the_page_with_the_camera_and_the_board(
    browser: Browser, tmp_path: Path
) -> None:
    script = SCRIPT
    session = tmp_path / "session"
    inputs = [dict(i) for i in script["inputs"]]
    drawn = recording.render_session(script, session, recording.photo_cards())
    outcomes = camera_outcomes(drawn, inputs)
    expected = replay(parse_script(script)).to_json()
    game = start(parse_script(script))
    with played_table(browser, session, tmp_path, PIN) as table:
        page = table.page
        last: str | None = None  # the snapshot of the last reading said not read
        for i, (inp, outcome) in enumerate(zip(inputs, outcomes, strict=True)):
            if outcome == "misfit":  # the page says it was not read
                said = page.wait_for_function(SEEN, arg=[i + 1, last], timeout=90_000)
                last = said.json_value()
            if outcome == "unseen":  # the camera has looked at the frames (and seen nothing)
                table.wait_printed(f"{WAITING}{i + 1}")
            if outcome in ("misfit", "unseen") and inp["type"] == "hand":
                enter_hand(page, inp)
            elif outcome != "read":
                tap(page, the_choice(game, inp))
            game.apply(inp)
            if not game.game_over:  # the page has the game as it is now (or later)
                page.wait_for_function(STEPS, arg=i + 1, timeout=90_000)
        expect(page.locator("[data-test=turn]")).to_have_text(
            f"Game over: {' and '.join(expected['winners'])} won!", timeout=90_000
        )
        table.finish()
    state = table.printed("final state: ")
    # the camera's cards and the page's taps: the script's game (a hand read by the camera
    # lists its cards as they lie)
    assert unordered_hands(state) == unordered_hands(expected)
    assert len(state["rounds"]) == ROUNDS
    # most of the camera's cards are read (the rest entered on the page; none read wrong:
    # camera_outcomes holds that)
    assert outcomes.count("read") >= READ_REACHED, outcomes
    # the board under real MicroPython shows each seat's score
    shown = table.printed("final board: ")
    want = [seat_text(p["score"]) for p in expected["players"]]
    assert shown[: len(want)] == want
