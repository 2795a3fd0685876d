"""Helpers for KaTO's tests: cards and inputs in few words, and a game's fingerprint."""

from __future__ import annotations

from typing import Any

from host.games.kato import KaTO, Setup


def card(color: str, value: object) -> dict[str, str]:
    return {"color": color, "value": str(value)}


def wild(value: str = "wild") -> dict[str, str]:
    return {"color": "black", "value": value}


def play(player: str, c: dict[str, str], named: str | None = None) -> dict[str, Any]:
    inp: dict[str, Any] = {"type": "play", "player": player, "card": c}
    if named is not None:
        inp["named"] = named
    return inp


def turn_up(player: str, c: dict[str, str]) -> dict[str, Any]:
    return {"type": "turn_up", "player": player, "card": c}


def simple(player: str, kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "player": player, **fields}


def game_of(
    *inputs: dict[str, Any], players: tuple[str, ...] = ("Ann", "Bob", "Cat"), **setup: Any
) -> KaTO:
    """A game (Ann plays first, so the last seat deals) after the inputs."""
    game = KaTO(Setup(players, **setup))
    for inp in inputs:
        game.apply(inp)
    return game


def fingerprint(game: KaTO) -> tuple[Any, ...]:
    """Everything the game is, the parts not in its JSON included."""
    seen = {c: n for c, n in game.piles.seen.items() if n}
    return (game.to_json(), seen, game.armed, sorted(game.called), game.display())


# Two cards dealt (options hand_size=2): Ann lays both, calling KaTO, while Bob and Cat
# draw: Ann wins the round, Bob and Cat hold 3 cards each.
ANN_WINS = (
    turn_up("Cat", card("red", 7)),
    play("Ann", card("red", 3)),
    simple("Ann", "kato"),
    simple("Bob", "draw"),
    simple("Cat", "draw"),
    play("Ann", card("red", 4)),
)
