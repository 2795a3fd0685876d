"""A KaTO game the camera can follow (host.games.kato.demo.camera_game) with the cards of
shared/data/cards/deck-a: red, yellow and green 1-9 and the action cards, the wild cards
(the kinds its photos show)."""

from __future__ import annotations

from typing import Any

from host.games.kato import demo

DECK: dict[str, Any] = {
    "colors": ["red", "yellow", "green"],
    "each_color": {**{str(n): 2 for n in range(1, 10)}, "skip": 2, "reverse": 2, "draw2": 2},
    "wild": {"wild": 4, "wild4": 4},
}


def camera_game(
    seed: int, players: tuple[str, ...] = ("Ann", "Bob"), rounds: int = 2, hand_size: int = 4
) -> dict[str, Any] | None:
    """The game script of a whole game of the deck's cards, or None if a loser held more
    cards than the camera's frame holds."""
    return demo.camera_game(seed, players, rounds, hand_size, deck=DECK)
