"""A whole King of Tokyo game with wickedness and curses played through the page in real
Chromium: `dicetable play --manual` on a recorded session drawn from a game script
(tests/app/curses_wickedness_game.json: the black dice and the die of fate thrown in the
tray simulator, each drawn in its own look), its throws read from the frames by the real
reader (the black dice with the shipped `kot` set, the die of fate with `fate`), every
other input tapped on the page as a player would (Khepri's gifts, the Golden Scarab given,
a wickedness tile taken, yields, sweeps, the ends of turns), the virtual board (the real
firmware under real MicroPython) showing each seat at the end.

A die the camera cannot read (it says `unknown` rather than guess) is said on the page
with one tap, as a person would. Which those are is worked out
first, by the same watcher and reader on the same frames, told what the table tells it (so
the test does not wait for what will not come); the test fails on any die read wrong."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from host import recording
from host.app.camera import DiceWatcher, MisfitSeen, ThrowSeen
from host.demo import rendered_session
from host.games import Game, Input
from host.games.kind import RESOLVE, THROW
from host.games.kot.script import load_script, replay, start
from host.games.kot.table_kind import KIND
from tests.app.browser import played_table
from vision.images import read_image

SCRIPT = Path(__file__).with_name("curses_wickedness_game.json")
PIN = "4821"
FATE = ("fate_eye", "fate_river", "fate_snake", "fate_ankh")
CURSE_DECISIONS = {"gift", "scarab", "discard_card", "add_die", "remove_die", "reroll", "bless"}
ASKED_AT_MOST = 0.15  # of the dice thrown, those the camera asks a person about
pytestmark = pytest.mark.slow

# "taken" once the page has drawn a state with at least this many inputs in its log (its
# feed numbers each step as the game counts them, the latest first); the caption of a
# reading of the camera that was not taken, as soon as the page shows one
STEPS = """(n) => {
  const steps = [...document.querySelectorAll("[data-section=log] li[data-step]")];
  if (Math.max(0, ...steps.map((li) => Number(li.dataset.step))) >= n) return "taken";
  const said = document.querySelector("[data-test=seen]");
  const text = said ? said.textContent : "";
  return /^Last throw: (not read|refused)/.test(text) ? text : false;
}"""


@dataclass
class Seen:
    """What the camera makes of one throw input: read whole, or some dice asked about
    (die -> the face a person says it shows)."""

    said: dict[int, str] = field(default_factory=dict)


def turn_of(game: Game) -> Hashable:
    """The turn the table tells the camera (host.app.table.Table.turn_key, within one game
    and no undo): a new one starts a new turn for the follower."""
    expected = KIND.dice.expected(game)
    return (KIND.turn(game), None if expected is None else expected.player)


def ends_the_throws(game: Game, player: str) -> bool:
    """The throw just taken was the last: the table ends the throws itself."""
    waits = {w.kind for w in game.waiting_for() if w.player == player}
    return RESOLVE in waits and THROW not in waits


def camera_outcomes(session: recording.Session, inputs: list[Input]) -> list[Seen | None]:
    """What the camera will make of each throw of the game (None: an input of the page), as
    the table's watcher reads the session's frames told what the table tells it: the dice
    in play and the turn after every input, no throw due while dice are asked about. Fails
    on a throw not seen, a reading that does not fit, or any die read wrong."""
    game = start(load_script(SCRIPT))
    watcher = DiceWatcher()
    frames = 0
    out: list[Seen | None] = []
    for i, (inp, step) in enumerate(zip(inputs, session.steps, strict=True)):
        watcher.expect(KIND.dice.expected(game), turn_of(game))
        if inp["type"] != THROW:
            assert step.input == inp, (i, step)
            out.append(None)
            game.apply(inp)
            continue
        events = []
        for path in step.frames:
            events += watcher.feed(read_image(path), frames / session.fps)
            frames += 1
        throws = [e for e in events if isinstance(e, ThrowSeen)]
        misfits = [e.reason for e in events if isinstance(e, MisfitSeen)]
        assert len(throws) == 1 and not misfits, (i, inp, throws, misfits)
        seen = throws[0]
        # the dice not read, said as the script's throw has them (a die of fate by its role)
        left = Counter(inp["thrown"]) + Counter(inp["kept"])
        left -= Counter(d["face"] for d in seen.dice if d["face"] != "unknown")
        said = {}
        for die, d in enumerate(seen.dice):
            if d["face"] == "unknown":
                fate = d.get("color") == "fate"
                faces = [f for f in left.elements() if (f in FATE) == fate]
                face = d.get("best_guess") if d.get("best_guess") in faces else faces[0]
                said[die] = str(face)
                left[str(face)] -= 1
        faces = [said.get(die, d["face"]) for die, d in enumerate(seen.dice)]
        thrown = [f for f, d in zip(faces, seen.dice, strict=True) if not d.get("kept")]
        kept = [f for f, d in zip(faces, seen.dice, strict=True) if d.get("kept")]
        made = KIND.dice.throw_input(game, thrown, kept)
        assert Counter(made["thrown"]) == Counter(inp["thrown"]), f"inputs[{i}] read WRONG: {made}"
        assert Counter(made["kept"]) == Counter(inp["kept"]), f"inputs[{i}] read WRONG: {made}"
        if said:  # people say them; meanwhile no throw is due
            watcher.expect(None, turn_of(game))
            watcher.answer(seen.throw, said)
        out.append(Seen(said))
        game.apply(inp)
    return out


def covered(inputs: list[Input]) -> None:
    """The game holds what it is here to show: the die of fate's every face, an eye of
    Horus revealing the next curse, curse decisions, a wickedness tile taken, the Golden
    Scarab moving, and an end."""
    game = start(load_script(SCRIPT))
    fates: set[str] = set()
    revealed = scarab_moved = 0
    for inp in inputs:
        before = game.to_json()
        game.apply(inp)
        after = game.to_json()
        if after["fate"] and after["fate"] != before["fate"]:
            fates.add(after["fate"])
            revealed += after["fate"] == "fate_eye" and after["curse"] != before["curse"]
        scarab_moved += after["scarab"] != before["scarab"]
    kinds = Counter(i["type"] for i in inputs)
    assert fates == set(FATE) and revealed and scarab_moved and game.game_over
    assert sum(kinds[k] for k in CURSE_DECISIONS) and kinds["tile"]


def tap(page: Page, inp: Input) -> None:
    """The page's one-tap choice that makes `inp`."""
    buttons = page.locator(f".answer[data-player='{inp['player']}'] button[data-input]")
    expect(buttons.first).to_be_visible()
    given = [json.loads(b or "{}") for b in buttons.evaluate_all(
        "(bs) => bs.map((b) => b.getAttribute('data-input'))"
    )]  # fmt: skip
    assert inp in given, f"the page offers no choice for {inp}: {given}"
    buttons.nth(given.index(inp)).click()


def say_dice(page: Page, said: dict[int, str]) -> None:
    """Say the face of each die the camera asks about: one tap each."""
    for die, face in said.items():
        ask = page.locator(f"[data-test=ask-die][data-die='{die}']")
        ask.locator(f"button[data-face='{face}']").click()
        expect(ask.locator("button")).to_have_count(0)  # taken


def test_a_cursed_and_wicked_game_on_the_page_with_the_camera_and_the_board(
    browser: Browser, tmp_path: Path
) -> None:
    script = load_script(SCRIPT)
    inputs = [dict(i) for i in script.inputs]
    covered(inputs)
    session = rendered_session(SCRIPT, "curses-session")  # rendered once, cached
    outcomes = camera_outcomes(recording.load_session(session), inputs)
    final = replay(script)
    expected = final.to_json()
    game = start(script)
    with played_table(browser, session, tmp_path, PIN) as table:
        page = table.page
        ended = False  # the last throw ended the throws: the table resolves it itself
        for i, (inp, seen) in enumerate(zip(inputs, outcomes, strict=True)):
            if seen is not None:  # the camera's throw: its dice not read said on the page
                say_dice(page, seen.said)
            elif not (ended and inp["type"] == RESOLVE):
                tap(page, inp)
            game.apply(inp)
            ended = inp["type"] == THROW and ends_the_throws(game, inp["player"])
            if not game.game_over:  # the page has the game as it is now (or later)
                drawn = page.wait_for_function(STEPS, arg=i + 1, timeout=90_000)
                assert drawn.json_value() == "taken", f"inputs[{i}] {inp}: {drawn.json_value()}"
        winner = " and ".join(expected["winners"])
        expect(page.locator("[data-test=turn]")).to_have_text(
            f"Game over: {winner} won!", timeout=90_000
        )
        shown_on_page(page, expected)
        table.finish()
    assert table.printed("final state: ") == expected  # the camera's throws and the taps
    # the board under real MicroPython shows each seat as the game does (an eliminated
    # monster's seat dark)
    shown = table.printed("final board: ")
    want = [s.text for s in final.display().seats]
    assert shown[: len(want)] == want
    # the camera read most dice (the rest said on the page, one tap each; none read wrong:
    # camera_outcomes holds that)
    throws = [s for s in outcomes if s is not None]
    dice = sum(len(i["thrown"]) for i in inputs if i["type"] == THROW)
    asked = sum(len(s.said) for s in throws)
    assert asked <= ASKED_AT_MOST * dice, (asked, dice)


def shown_on_page(page: Page, state: dict[str, Any]) -> None:
    """The page shows the game's end as the script's final state has it."""
    for p in state["players"]:
        seat = page.locator(f"article[data-player='{p['name']}']")
        expect(seat.locator("[data-dial=hp]")).to_have_text(f"♥ {p['hp']}/{p['max_hp']}")
        expect(seat.locator("[data-dial=vp]")).to_have_text(f"★ {p['vp']}")
        expect(seat.locator("[data-dial=energy]")).to_have_text(f"⚡ {p['energy']}")
        expect(seat.locator("[data-dial=wickedness]")).to_have_text(f"😈 {p['wickedness']}/10")
        if p["tiles"]:
            expect(seat.locator("[data-list=tiles]")).to_have_text(f"😈 {', '.join(p['tiles'])}")
    curse = page.locator(".list").filter(has=page.locator("[data-list=curse]"))
    expect(curse.locator("h3")).to_have_text(f"Curse: {state['curse']}")
    expect(curse).to_contain_text(f"The die of fate shows {KIND.dice.faces[state['fate']]}")
    summary = page.locator("[data-section=summary]")
    expect(summary.locator("[data-test=winner]")).to_have_text(
        f"🏆 {', '.join(state['winners'])} won!"
    )
    expect(summary.locator("[data-test=final] tr")).to_have_count(len(state["players"]))
    for name in state["winners"]:
        expect(summary.locator("[data-test=final] tr.winner")).to_contain_text(name)
