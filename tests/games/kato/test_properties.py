"""Property tests over thousands of random rounds played at a simulated physical table
(random_player.Table: a real shuffled deck and real hands; hypothesis draws the table,
the house rules, the deck, the target and the seed):

- the engine's counts are the table's: every hand's size, the draw pile, the discard pile;
  the deck is never short or duplicated (no card made or lost, none seen more often than
  the deck has it);
- every input is one `waiting_for()` offered; the scores only grow; every game ends;
- the log replays to the same game, and undo then redo gives it back;
- wrong inputs thrown in at any moment are refused and change nothing.

More: KATO_SOAK_ROUNDS=50000 pytest tests/games/kato/test_properties.py, or the `soak`
test below (make soak: 50,000 rounds).
"""

from __future__ import annotations

import os
import random
import sys
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.games import IllegalInput
from host.games.kato import DeckSpec, KaTO, Options, Position, Setup, Target
from host.games.kato.cards import ACTIONS, COLORS, NUMBERS, WILDS
from host.games.kato.engine import INPUT_FIELDS
from host.games.kato.phases import COUNT, OVER, PLAY, VERDICT
from host.games.kato.random_player import Table, random_input
from host.games.kato.setup import CONE_EFFECTS, SetupError
from tests.games.kato.helpers import fingerprint

ROUNDS = int(os.environ.get("KATO_SOAK_ROUNDS", "2000"))
EXAMPLES = max(ROUNDS // 20, 10)  # for each hypothesis test below (whole games each)
FAST = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)
NAMES = "ABCDEFGHIJ"


def random_deck(rng: random.Random) -> DeckSpec:
    """The usual deck, or a smaller one (the draw pile then runs out often)."""
    if rng.random() < 0.5:
        return DeckSpec()
    colors = COLORS[: rng.randint(1, 4)]
    each = {kind: rng.randint(0, 2) for kind in NUMBERS + ACTIONS}
    wild = {kind: rng.randint(0, 3) for kind in WILDS}
    return DeckSpec(colors, each, wild)


def random_setup(rng: random.Random) -> Setup:
    """A table of 2 to 10, any house rules, deck, target, first player, maybe a later round."""
    players = tuple(NAMES[: rng.randint(2, 10)])
    cone = rng.choice([None, *CONE_EFFECTS])
    options = Options(
        hand_size=rng.choice([7, 7, 5, 3, 2, 1]),
        cone=cone,
        several=rng.random() < 0.5,
        play_drawn=rng.random() < 0.5,
    )
    deck = random_deck(rng)
    if cone is None and deck.wild is not None:
        deck = DeckSpec(deck.colors, deck.each_color, {**deck.wild, "cone": 0})
    if rng.random() < 0.5:
        target = Target("points", rng.choice([1, 50, 150, 300]))
    else:
        target = Target("rounds", rng.randint(1, 3))
    position = None
    if rng.random() < 0.25:  # a later round, with scores
        limit = target.amount - 1 if target.kind == "points" else 200
        first = rng.randint(1, 4)  # no more players with points than rounds played
        scored = rng.sample(players, min(first - 1, len(players)))
        position = Position(first, {p: rng.randint(0, max(limit, 0)) for p in scored})
    setup = Setup(players, target, rng.choice(players), options, deck=deck, position=position)
    try:
        KaTO(setup)
    except SetupError:  # too small a deck for the table, or a position past the target
        return Setup(players, target, setup.first_player, options)
    return setup


setups = st.builds(random_setup, st.randoms(use_true_random=False))


def check(game: KaTO, table: Table, scores: list[int]) -> None:
    """The invariants after every input."""
    piles = game.piles
    assert piles.draw >= 0
    assert piles.draw + len(piles.discard) + sum(game.hands) == piles.size  # none made or lost
    if game.phase != OVER:  # the table's hands laid down are gone; the engine keeps the count
        assert piles.draw == len(table.pile)
        assert piles.discard == table.discard
        laid = game.laid
        assert all(n == len(table.hands[s]) for s, n in enumerate(game.hands) if s not in laid)
    if game.phase in (COUNT, OVER) or len(game.log) % 8 == 0:  # the cards seen, now and then
        seen = Counter(piles.discard)
        for cards in game.laid.values():
            seen.update(cards)
        assert +piles.seen == seen
        assert all(n <= game.deck[card] for card, n in seen.items())
    if game.scores != scores:  # a round was scored: the scores only grow
        assert all(new >= old for new, old in zip(game.scores, scores, strict=True))
        position = game.setup.position
        start = sum(position.scores.values()) if position else 0
        assert sum(game.scores) == start + sum(r["points"] for r in game.history)
    assert game.owed >= 0
    assert not game.owed or game.phase in (PLAY, VERDICT)
    assert game.bluff is None or game.owed >= 4
    if game.window is not None or game.forgot or game.called:
        marks = [{game.window} - {None}, game.forgot, game.called]
        assert sum(map(len, marks)) == len(set().union(*marks))  # one call state per player
        assert all(game.hands[s] == 1 for mark in marks for s in mark)
    if game.phase == COUNT:
        assert game.winner is not None and game.hands[game.winner] == 0


def played(setup: Setup, seed: int) -> KaTO:
    """A whole game at a random physical table, checked after every input."""
    game = KaTO(setup)
    table = Table(game, random.Random(seed))
    scores = list(game.scores)
    check(game, table, scores)
    for _ in range(30_000):
        if game.game_over:
            break
        inp = table.choose(game)
        offered = {(w.player, w.kind) for w in game.waiting_for()}
        assert offered  # the game waits for something until it is over
        assert (inp["player"], inp["type"]) in offered  # only what the engine said it takes
        game.apply(inp)
        table.follow(game, inp)
        check(game, table, scores)
        scores = list(game.scores)
    assert game.game_over  # every game ends
    assert game.waiting_for() == []
    return game


def replayed(setup: Setup, log: list[Any]) -> KaTO:
    game = KaTO(setup)
    for inp in log:
        game.apply(inp)
    return game


def test_thousands_of_random_rounds_at_a_real_table_keep_the_invariants() -> None:
    """Whole games until ROUNDS rounds are played; each replays from its log to the same
    game, and undo then redo of its last input gives it back."""
    rounds = games = 0
    while rounds < ROUNDS:
        setup = random_setup(random.Random(games))
        game = played(setup, games)
        first = setup.position.round if setup.position else 1
        rounds += game.round - first + 1
        games += 1
        log = list(game.log)
        end = fingerprint(game)
        again = replayed(setup, log)
        assert fingerprint(again) == end, games  # the state is the fold of the log
        assert again.undo() == log[-1]
        again.apply(log[-1])
        assert fingerprint(again) == end, games


@FAST
@given(setup=setups, seed=st.integers(0, 2**32), data=st.data())
def test_undo_at_any_point_then_redo_gives_identical_states(
    setup: Setup, seed: int, data: st.DataObject
) -> None:
    log = list(played(setup, seed).log)
    for k in (len(log), *(data.draw(st.integers(1, len(log))) for _ in range(2))):
        at_k = replayed(setup, log[:k])
        after = fingerprint(at_k)
        assert at_k.undo() == log[k - 1]
        assert fingerprint(at_k) == fingerprint(replayed(setup, log[: k - 1]))
        at_k.apply(log[k - 1])
        assert fingerprint(at_k) == after


@FAST
@given(setup=setups, seed=st.integers(0, 2**32))
def test_any_input_offered_keeps_the_deck_whole(setup: Setup, seed: int) -> None:
    """Inputs picked from `waiting_for()` alone, with no hands behind them: plays no real
    deck would give, and hands laid down made of any cards left. The deck's bookkeeping
    holds, and every input offered is taken."""
    rng = random.Random(seed)
    game = KaTO(setup)
    for _ in range(400):
        if game.game_over:
            break
        game.apply(random_input(game, rng))
        piles = game.piles
        assert piles.draw + len(piles.discard) + sum(game.hands) == piles.size
        assert all(n <= game.deck[card] for card, n in piles.seen.items())


def test_the_inputs_offered_at_random_end_a_game_of_10_rounds() -> None:
    """`random_input` (the chaos soak's player: no hands behind it) ends a game of the
    page's longest usual target soon: chosen as often as a draw, a play let the hands grow
    and 2 of 60 such games went past 20,000 inputs (the soak said "no end")."""
    lengths = []
    for seed in range(40):
        rng = random.Random(seed)
        game = KaTO(Setup.simple("A", "B", target=Target("rounds", 10)))
        n = 0
        while not game.game_over and n < 5_000:
            game.apply(random_input(game, rng))
            n += 1
        lengths.append(n)
    assert max(lengths) < 5_000, sorted(lengths)[-5:]


JUNK: list[Any] = [None, True, 3, "", "red", "Zed", [], {}, ["red"], {"color": "red"}, 7]


def mutated(game: KaTO, inp: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal input made (most likely) illegal: another player or type, a field dropped,
    added or given a wrong value, another card."""
    bad = dict(inp)
    change = rng.randrange(5)
    if change == 0:
        bad["player"] = rng.choice([*game.players, *JUNK])
    elif change == 1:
        bad["type"] = rng.choice([*INPUT_FIELDS, "dance", *JUNK])
    elif change == 2 and len(bad) > 2:
        del bad[rng.choice([k for k in bad if k != "type"])]
    elif change == 3:
        fields = [*sorted(INPUT_FIELDS.get(bad.get("type"), {"card"})), "extra"]  # type: ignore[arg-type]
        bad[rng.choice(fields)] = rng.choice(JUNK)
    else:
        color = rng.choice([*COLORS, "black", "purple"])
        bad["card"] = {"color": color, "value": rng.choice([*NUMBERS, *ACTIONS, *WILDS, "x"])}
    return bad


@FAST
@given(setup=setups, seed=st.integers(0, 2**32))
def test_wrong_inputs_at_any_moment_are_refused_and_change_nothing(setup: Setup, seed: int) -> None:
    """Each wrong input is either legal (a mutation can happen to be: then `waiting_for()`
    listed it, and the table's game goes on from the engine's own) or raises an
    IllegalInput, never another error, and leaves the game exactly as it was."""
    rng = random.Random(seed)
    game = KaTO(setup)
    table = Table(game, rng)
    while not game.game_over and len(game.log) < 3000:
        inp = dict(table.choose(game))
        if rng.random() < 0.3:
            bad = mutated(game, inp, rng)
            before = fingerprint(game)
            offered = {(w.player, w.kind) for w in game.waiting_for()}
            try:
                game.apply(bad)
            except IllegalInput:
                assert fingerprint(game) == before, bad
            else:
                assert (bad["player"], bad["type"]) in offered, bad
                return  # the table no longer holds what the engine follows
        game.apply(inp)
        table.follow(game, inp)


@pytest.mark.soak
@pytest.mark.timeout(3600)
def test_soak_many_more_random_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """make soak: 50,000 rounds (a few minutes)."""
    monkeypatch.setattr(sys.modules[__name__], "ROUNDS", 50_000)
    test_thousands_of_random_rounds_at_a_real_table_keep_the_invariants()
