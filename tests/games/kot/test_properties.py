"""Property tests over thousands of random games (hypothesis draws the table and the seed).

Soak run with more games: KOT_SOAK_GAMES=50000 pytest tests/games/kot/test_properties.py
"""

from __future__ import annotations

import os
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.games.kot import KingOfTokyo, Options, Setup
from host.games.kot.cards import BOX
from host.games.kot.random_player import random_input

GAMES = int(os.environ.get("KOT_SOAK_GAMES", "2000"))
FAST = settings(
    max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    n = draw(st.integers(2, 6))
    options = Options(
        two_player_variant=n == 2 and draw(st.booleans()),
        first_edition=draw(st.booleans()),
    )
    first = draw(st.sampled_from([None, *"ABCDEF"[:n]]))
    return Setup.simple(
        *"ABCDEF"[:n], options=options, seed=draw(st.integers(0, 2**32)), first_player=first
    )


def fingerprint(game: KingOfTokyo) -> tuple[Any, ...]:
    """Everything the game is, hidden parts included (deck order, random state)."""
    return (game.to_json(), list(game.deck), game.rng.getstate(), game.turn)


def check_invariants(game: KingOfTokyo) -> None:
    in_city = [m for m in game.monsters if m.location == "city"]
    in_bay = [m for m in game.monsters if m.location == "bay"]
    assert len(in_city) <= 1 and len(in_bay) <= 1
    assert game.city is (in_city[0] if in_city else None)
    assert game.bay is (in_bay[0] if in_bay else None)
    alive = [m for m in game.monsters if m.alive]
    assert game.alive_count == len(alive)
    if len(alive) <= 4:
        assert game.bay is None
    for m in game.monsters:
        assert m.energy >= 0
        assert 0 <= m.vp <= 20
        if m.alive:
            assert 0 < m.hp <= m.max_hp
        else:
            assert m.hp == 0 and m.location is None and not m.cards and m.energy == 0
    for w in game.waiting_for():
        assert game.monster(w.player).alive  # an eliminated monster never acts again
    cards = len(game.deck) + len(game.discard) + sum(1 for c in game.face_up if c)
    assert cards + sum(len(m.cards) for m in game.monsters) == len(BOX)  # none made or lost


@FAST
@given(setup=setups(), seed=st.integers(0, 2**32))
def test_random_games_keep_the_invariants(setup: Setup, seed: int) -> None:
    rng = random.Random(seed)
    game = KingOfTokyo(setup)
    check_invariants(game)
    for _ in range(5000):
        if game.game_over:
            break
        inp = random_input(game, rng, corrections=True)
        offered = {(w.player, w.kind) for w in game.waiting_for()}
        assert (inp["player"], inp["type"]) in offered  # only what the engine said it takes
        game.apply(inp)
        check_invariants(game)
    assert game.game_over  # the game always ends
    cards = [*game.deck, *(c for c in game.face_up if c), *game.discard]
    assert sorted(cards + [c for m in game.monsters for c in m.cards]) == sorted(BOX)
    winners = game.winners
    assert all(m.alive for m in winners)
    assert len(winners) <= 1 or all(m.vp >= 20 for m in winners)


def replayed(setup: Setup, log: list[Any]) -> KingOfTokyo:
    game = KingOfTokyo(setup)
    for inp in log:
        game.apply(inp)
    return game


@settings(FAST, max_examples=max(GAMES // 5, 10))
@given(setup=setups(), seed=st.integers(0, 2**32), data=st.data())
def test_replay_and_undo_redo_give_identical_states(
    setup: Setup, seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    game = KingOfTokyo(setup)
    while not game.game_over:
        game.apply(random_input(game, rng, corrections=True))
    log = list(game.log)
    assert fingerprint(replayed(setup, log)) == fingerprint(game)  # the log gives the game
    for k in (len(log), *(data.draw(st.integers(1, len(log))) for _ in range(2))):
        at_k = replayed(setup, log[:k])
        after = fingerprint(at_k)
        assert at_k.undo() == log[k - 1]
        assert fingerprint(at_k) == fingerprint(replayed(setup, log[: k - 1]))
        at_k.apply(log[k - 1])  # redo
        assert fingerprint(at_k) == after
