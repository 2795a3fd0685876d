"""The base game's flow through the Python API: throws, resolve, Tokyo, yields, end."""

from __future__ import annotations

import pytest

from host.games import IllegalInput
from host.games.kot import KingOfTokyo, Setup
from host.games.kot.errors import NotNow, NotYourTurn, RuleViolation


def throw(game: KingOfTokyo, *faces: str, kept: tuple[str, ...] = ()) -> None:
    game.apply(game.throw_input(list(faces), list(kept)))


def act(game: KingOfTokyo, kind: str, player: str | None = None, **fields: object) -> None:
    game.apply({"type": kind, "player": player or game.active.name, **fields})


def test_first_player_enters_city_and_scores_numbers() -> None:
    game = KingOfTokyo(Setup.simple("Ann", "Bob", "Cat", first_player="Ann"))
    throw(game, "2", "2", "2", "2", "claw", "energy")
    act(game, "resolve")
    ann = game.monster("Ann")
    assert (ann.vp, ann.energy, ann.location) == (3 + 1, 1, "city")
    assert all(m.hp == 10 for m in game.monsters)  # the first claws hit nobody


def test_smash_from_outside_offers_yield_and_attacker_takes_city() -> None:
    game = KingOfTokyo(Setup.simple("Ann", "Bob", "Cat", first_player="Ann"))
    throw(game, "1", "2", "3", "heart", "heart", "energy")
    act(game, "resolve")
    act(game, "end_turn")
    throw(game, "claw", "claw", "1", "2", "3", "heart")
    act(game, "resolve", "Bob")
    assert [(w.player, w.kind) for w in game.waiting_for()] == [("Ann", "yield")]
    act(game, "yield", "Ann", leave=True)
    assert game.monster("Ann").hp == 8
    assert game.city is game.monster("Bob")
    assert game.monster("Bob").vp == 1


def test_illegal_inputs_change_nothing() -> None:
    game = KingOfTokyo(Setup.simple("Ann", "Bob", first_player="Ann"))
    before = game.to_json()
    bad = [
        {"type": "throw", "player": "Bob", "thrown": ["1"] * 6},
        {"type": "throw", "player": "Ann", "thrown": ["7"] * 6},
        {"type": "throw", "player": "Ann", "thrown": ["1"] * 5},
        {"type": "resolve", "player": "Ann"},
        {"type": "buy", "player": "Ann", "card": "Heal"},
        {"type": "yield", "player": "Ann", "leave": True},
        {"type": "dance", "player": "Ann"},
        {"type": "throw", "player": "Zed", "thrown": ["1"] * 6},
    ]
    for inp in bad:
        with pytest.raises(IllegalInput):
            game.apply(inp)
        assert game.to_json() == before
    with pytest.raises(NotYourTurn):
        game.apply(bad[0])


def test_three_throws_at_most_then_resolve() -> None:
    game = KingOfTokyo(Setup.simple("Ann", "Bob", first_player="Ann"))
    throw(game, "1", "1", "2", "3", "heart", "claw")
    throw(game, "1", "1", "1", "1", kept=("heart", "claw"))
    throw(game, "claw", kept=("1", "1", "1", "1", "heart"))
    assert [w.kind for w in game.waiting_for()] == ["resolve", "correct"]
    with pytest.raises(RuleViolation, match="3 throws"):
        throw(game, "claw", kept=("1", "1", "1", "1", "heart"))
    act(game, "resolve")
    assert game.monster("Ann").vp == 2 + 1


def test_no_throw_due_after_resolve() -> None:
    game = KingOfTokyo(Setup.simple("Ann", "Bob", first_player="Ann"))
    assert game.expected_dice() is not None
    throw(game, "1", "1", "2", "3", "heart", "claw")
    act(game, "resolve")
    assert game.expected_dice() is None
    with pytest.raises(NotNow):
        throw(game, "1", "1", "2", "3", "heart", "claw")
