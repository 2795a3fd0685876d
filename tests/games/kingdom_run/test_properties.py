"""Property tests over thousands of random races: hypothesis draws the table (2 to 4
players, a preset or a course of random parts, place values, tokens, and sometimes a race
already under way), the random player plays it out with random dice and corrections.

Checked after every input: never more than 4 runners on a space, 4 runners per player, no
action more than twice in a turn, no token made or lost. Checked for every race: it ends,
with 8 finish places; replaying its log gives the same race; undo then redo gives the
same state. Over fewer races: undo then redo at random points, every choice the engine
offers is legal and every legal choice is offered, every input of the random player is
one `waiting_for()` lists, and wrong inputs are refused without a change.

`make soak` runs the soak test below: KR_SOAK_GAMES races (default 50,000).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.games import IllegalInput, Input
from host.games.kingdom_run import PRESETS, Course, KingdomRun, Options, Position, Setup
from host.games.kingdom_run.course import FINISH_PLACES
from host.games.kingdom_run.engine import INPUT_FIELDS
from host.games.kingdom_run.race import FINISHED
from host.games.kingdom_run.random_player import play, random_input
from host.games.kingdom_run.rules import ACTIONS, RUNNERS, SPACE_LIMIT, TWICE
from host.games.kingdom_run.turn import ACT

GAMES = int(os.environ.get("KR_GAMES", "1000"))
FAST = settings(
    max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)
NAMES = ("Ann", "Bob", "Cat", "Dan")


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    n = draw(st.integers(2, 4))
    names = NAMES[:n]
    if draw(st.booleans()):
        course = draw(st.sampled_from(sorted(PRESETS.values(), key=lambda c: c.name)))
    else:
        parts = draw(st.lists(st.text("..~", min_size=1, max_size=12), min_size=1, max_size=5))
        places = sorted(draw(st.lists(st.integers(0, 20), min_size=8, max_size=8)), reverse=True)
        course = Course(tuple(parts), tuple(places))
    share = draw(st.sampled_from([None, *range(12 // n + 1)]))
    options = Options(tokens_each=share, token_value=draw(st.integers(0, 3)))
    if draw(st.integers(0, 3)) == 0:  # a race already under way
        rng = draw(st.randoms(use_true_random=False))
        return Setup.simple(
            *names, course=course, options=options, position=position(rng, names, course)
        )
    first = draw(st.sampled_from([None, *names]))
    return Setup.simple(*names, course=course, options=options, first_player=first)


def position(rng: random.Random, names: tuple[str, ...], course: Course) -> Position:
    """A random legal position: some places filled, runners anywhere, some asleep."""
    finish: list[str] = []
    for _ in range(rng.randrange(FINISH_PLACES)):
        name = rng.choice(names)
        if finish.count(name) < RUNNERS:
            finish.append(name)
    count: Counter[int] = Counter()
    runners, asleep = {}, {}
    for name in names:
        spaces = []
        for _ in range(RUNNERS - finish.count(name)):
            space = rng.randrange(course.length)
            while count[space] >= SPACE_LIMIT:
                space = (space + 1) % course.length
            count[space] += 1
            spaces.append(space)
        runners[name] = tuple(spaces)
        asleep[name] = tuple(s for s in spaces if rng.random() < 0.2)
    return Position(rng.choice(names), rng.randint(1, 50), runners, asleep, tuple(finish))


def check_invariants(game: KingdomRun, tokens: int) -> None:
    race, turn = game.race, game.turn
    count = [0] * race.length
    for rs in race.runners:
        assert len(rs) == RUNNERS
        for r in rs:
            if r.space != FINISHED:
                count[r.space] += 1
    assert count == race.count and max(count) <= SPACE_LIMIT  # never more than 4 a space
    assert len(race.places) <= FINISH_PLACES
    for seat, rs in enumerate(race.runners):
        assert race.places.count(seat) <= sum(1 for r in rs if r.space == FINISHED)
    assert sum(race.tokens) == tokens and min(race.tokens) >= 0  # none made or lost
    assert max(turn.done.values()) <= TWICE  # an action at most twice a turn
    if turn.phase == ACT:
        assert len(turn.left) + sum(turn.done.values()) == 4  # one die per action
    assert game.game_over == race.full


def check_waiting(game: KingdomRun, inp: Input) -> None:
    """What the game waits for is the active player's, and `inp` is among it."""
    waits = game.waiting_for()
    assert all(w.player == game.active and w.kind in INPUT_FIELDS for w in waits)
    assert game.game_over == (not waits)
    assert (inp["player"], inp["type"]) in {(w.player, w.kind) for w in waits}


def total_tokens(game: KingdomRun) -> int:
    return sum(game.race.tokens)


def replayed(setup: Setup, log: list[Input]) -> KingdomRun:
    game = KingdomRun(setup)
    for inp in log:
        game.apply(inp)
    return game


@FAST
@given(setup=setups(), seed=st.integers(0, 2**32))
def test_random_races_keep_the_invariants_end_and_replay(setup: Setup, seed: int) -> None:
    rng = random.Random(seed)
    game = KingdomRun(setup)
    tokens = total_tokens(game)
    check_invariants(game, tokens)
    while not game.game_over:
        game.apply(random_input(game, rng, corrections=True))
        check_invariants(game, tokens)
        assert len(game.log) < 20_000  # the race always ends
    assert len(game.race.places) == FINISH_PLACES and game.to_json()["winners"]
    log = list(game.log)
    end = game.to_json()
    again = replayed(setup, log)
    assert again.to_json() == end  # the log gives the race
    assert again.undo() == log[-1]
    again.apply(log[-1])  # redo
    assert again.to_json() == end


@settings(FAST, max_examples=max(GAMES // 10, 10))
@given(setup=setups(), seed=st.integers(0, 2**32), data=st.data())
def test_undo_then_redo_anywhere_gives_the_same_state(
    setup: Setup, seed: int, data: st.DataObject
) -> None:
    game = play(KingdomRun(setup), random.Random(seed), corrections=True)
    log = list(game.log)
    for k in (len(log), *(data.draw(st.integers(1, len(log))) for _ in range(3))):
        at_k = replayed(setup, log[:k])
        after = at_k.to_json()
        assert at_k.undo() == log[k - 1]
        assert at_k.to_json() == replayed(setup, log[: k - 1]).to_json()
        at_k.apply(log[k - 1])
        assert at_k.to_json() == after


def candidates(game: KingdomRun) -> list[dict[str, Any]]:
    """Every action input naming one runner (or one victim), legal or not."""
    player, names = game.active, game.players
    found: list[dict[str, Any]] = [{"type": "purse", "from": n} for n in names]
    for space in range(game.race.length):
        for owner in names:
            runner = {"space": space, "runner": owner}
            found += [{"type": "hook", **runner}, {"type": "drop", **runner}]
            found += [{"type": "flask", **runner, "wake": wake} for wake in (True, False)]
            found.append({"type": "boots", "space": space, "runners": [owner]})
    return [{**c, "player": player} for c in found]


def offered(game: KingdomRun, inp: dict[str, Any]) -> bool:
    """Whether `inp` is among the choices `waiting_for()` lists."""
    waits = {w.kind: w.options for w in game.waiting_for()}
    options = waits.get(inp["type"])
    if options is None:
        return False
    kind = inp["type"]
    if kind == "purse":
        return inp["from"] in options["from"]
    if kind == "boots":
        return any(
            s["space"] == inp["space"] and inp["runners"][0] in s["runners"]
            for s in options["spaces"]
        )
    choice = {"space": inp["space"], "runner": inp["runner"]}
    if kind == "flask":
        return choice in options["wake" if inp["wake"] else "sleep"]
    return any({"space": c["space"], "runner": c["runner"]} == choice for c in options["runners"])


@settings(FAST, max_examples=max(GAMES // 25, 10))
@given(setup=setups(), seed=st.integers(0, 2**32))
def test_the_engine_offers_every_legal_choice_and_only_those(setup: Setup, seed: int) -> None:
    """At a few random moments of a race, each single-runner action input is tried: the
    engine takes it exactly when `waiting_for()` offers it (and undo gives the state
    back)."""
    rng = random.Random(seed)
    game = KingdomRun(setup)
    while not game.game_over:
        if game.turn.phase == ACT and rng.random() < 0.03:
            before = game.to_json()
            for inp in candidates(game):
                listed = offered(game, inp)
                try:
                    game.apply(inp)
                except IllegalInput:
                    assert not listed, inp
                    continue
                assert listed, inp
                game.undo()
                assert game.to_json() == before
        game.apply(random_input(game, rng))


JUNK: list[Any] = [None, True, 3, -1, 2.5, "", "Zed", "skull", [], {}, ["Ann", 3], [[0]], 99]


def mutated(game: KingdomRun, inp: Input, rng: random.Random) -> dict[str, Any]:
    """A legal input made (most likely) illegal: another player or type, a field dropped,
    added or given a wrong value."""
    bad = dict(inp)
    change = rng.randrange(4)
    if change == 0:
        bad["player"] = rng.choice([*game.players, *JUNK])
    elif change == 1:
        bad["type"] = rng.choice([*INPUT_FIELDS, "dance", *JUNK])
    elif change == 2 and len(bad) > 2:
        del bad[rng.choice([k for k in bad if k != "type"])]
    else:
        fields = [*sorted(INPUT_FIELDS.get(bad.get("type"), {"space"}) - {"type"}), "extra"]
        bad[rng.choice(fields)] = rng.choice([*JUNK, *game.players, *range(-1, 40)])
    return bad


@settings(FAST, max_examples=max(GAMES // 10, 10))
@given(setup=setups(), seed=st.integers(0, 2**32))
def test_wrong_inputs_at_any_moment_are_refused_and_change_nothing(setup: Setup, seed: int) -> None:
    rng = random.Random(seed)
    game = KingdomRun(setup)
    while not game.game_over:
        inp = random_input(game, rng, corrections=True)
        check_waiting(game, inp)  # the random player plays only what the engine offers
        if rng.random() < 0.3:
            bad = mutated(game, inp, rng)
            before, waits = game.to_json(), game.waiting_for()
            try:
                game.apply(bad)
            except IllegalInput:
                assert game.to_json() == before, bad
            else:  # a mutation can happen to be legal: then the engine offered it
                assert bad.get("type") in {w.kind for w in waits}, bad
                continue
        game.apply(inp)


@pytest.mark.soak
def test_soak_many_random_races() -> None:
    """The first property over KR_SOAK_GAMES random races (plain seeded loops)."""
    games = int(os.environ.get("KR_SOAK_GAMES", "50000"))
    courses = sorted(PRESETS.values(), key=lambda c: c.name)
    for i in range(games):
        rng = random.Random(i)
        setup = Setup.simple(*NAMES[: 2 + i % 3], course=courses[i % len(courses)])
        game = KingdomRun(setup)
        tokens = total_tokens(game)
        while not game.game_over:
            game.apply(random_input(game, rng, corrections=True))
            check_invariants(game, tokens)
            assert len(game.log) < 20_000
        assert replayed(setup, list(game.log)).to_json() == game.to_json()


def test_the_random_player_uses_every_action() -> None:
    """The properties above see every action (and corrections, second throws)."""
    seen: Counter[str] = Counter()
    for seed in range(10):
        game = play(KingdomRun(Setup.simple(*NAMES)), random.Random(seed), corrections=True)
        seen.update(inp["type"] for inp in game.log)
    assert set(seen) == {*ACTIONS, "throw", "correct", "end_turn"}
