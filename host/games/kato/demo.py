"""How KaTO's demo game (data/demo-game.json, played by `dicetable demo --game kato`) was
made: `python -m host.games.kato.demo > FILE` writes it again.

`camera_game` plays a whole game at a random table (host.games.kato.random_player: a real
deck shuffled, seeded; real hands; calls forgotten and caught, +4s challenged) as the
camera can follow it: the losers lay their hands down in seating order from the winner's
left (as host.games.kato.seen reads them), none longer than the camera's frame holds.
The demo is such a game: 3 players, 3 rounds of 3 cards dealt, the usual deck. Every
input is one the rules take; the game is checked by replaying it (the script's `expect`
holds its end).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from host.games.kato.engine import KaTO
from host.games.kato.random_player import Table
from host.games.kato.script import FORMAT, parse_script, replay
from host.games.kato.seen import CARDS
from host.games.kato.table_kind import KIND
from host.games.scripts import script_text

SEED = 6
PLAYERS = ("Ann", "Bob", "Cat")
ROUNDS, HAND = 3, 3
MAX_HAND = 8  # a hand laid down fits the camera's frame (vision.cards.pile)


def camera_game(
    seed: int,
    players: Sequence[str] = ("Ann", "Bob"),
    rounds: int = 2,
    hand_size: int = 4,
    deck: Mapping[str, Any] | None = None,
) -> dict[str, Any] | None:
    """The game script of a whole game (with `deck`, the script's deck: default the
    usual one), or None if a loser held more than MAX_HAND cards."""
    setup: dict[str, Any] = {
        "players": [{"name": p} for p in players],
        "target": {"rounds": rounds},
        "options": {"hand_size": hand_size},
    }
    if deck is not None:
        setup["deck"] = dict(deck)
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


def demo_script(seed: int = SEED) -> dict[str, Any]:
    made = camera_game(seed, PLAYERS, ROUNDS, HAND)
    if made is None:
        raise ValueError(f"seed {seed}: a hand too long for the camera's frame")
    script: dict[str, Any] = {
        "format": FORMAT,
        "description": f"KaTO's demo game: 3 players, {ROUNDS} rounds of {HAND} cards dealt "
        f"(made by host.games.kato.demo, seed {seed})",
        **{k: v for k, v in made.items() if k not in ("format", "description", "inputs")},
        "inputs": made["inputs"],
    }
    end = replay(parse_script(script)).to_json()
    scores = {p["name"]: {"score": p["score"]} for p in end["players"]}
    script["expect"] = [{"players": scores, "winners": end["winners"], "game_over": True}]
    return script


if __name__ == "__main__":
    sys.stdout.write(script_text(demo_script(int(sys.argv[1]) if len(sys.argv) > 1 else SEED)))
