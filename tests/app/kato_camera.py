"""A KaTO game the camera can follow, played at a random table (host.games.kato.random_player)
with the cards of shared/data/cards/deck-a (red, yellow and green 1-9 and the action
cards, the wild cards: the kinds its photos show), the losers laying their hands down from
the winner's left, as the camera reads them (host.games.kato.seen)."""

from __future__ import annotations

import random
from typing import Any

from host.games.kato import KaTO
from host.games.kato.random_player import Table
from host.games.kato.seen import CARDS
from host.games.kato.table_kind import KIND

DECK: dict[str, Any] = {
    "colors": ["red", "yellow", "green"],
    "each_color": {**{str(n): 2 for n in range(1, 10)}, "skip": 2, "reverse": 2, "draw2": 2},
    "wild": {"wild": 4, "wild4": 4},
}
MAX_HAND = 8  # a hand laid down fits the camera's frame


def camera_game(
    seed: int, players: tuple[str, ...] = ("Ann", "Bob"), rounds: int = 2, hand_size: int = 4
) -> dict[str, Any] | None:
    """The game script of a whole game, or None if a loser held more than MAX_HAND cards."""
    setup = {
        "players": [{"name": p} for p in players],
        "target": {"rounds": rounds},
        "options": {"hand_size": hand_size},
        "deck": DECK,
    }
    game = KIND.new(setup)
    assert isinstance(game, KaTO)
    table = Table(game, random.Random(seed))
    while not game.game_over:
        expected = CARDS.expected(game)
        inp = table.choose(game)
        if inp["type"] == "hand":
            assert expected is not None
            seat = game.seats[expected.player]
            hand = [c.json() for c in table.hands[seat]]
            if len(hand) > MAX_HAND:
                return None
            inp = {"type": "hand", "player": expected.player, "cards": hand}
        game.apply(inp)
        table.follow(game, inp)
    return KIND.export(KIND.setup_of(setup), game.log)
