"""A random player: legal random choices and random dice, for property tests and the bench.

It picks among what `waiting_for()` offers, so every input it makes is one the engine
said it would take; the dice are thrown with the given seeded `random.Random`.

>>> from host.games.kot.setup import Setup
>>> game = play_game(Setup.simple("A", "B", "C", "D", seed=1), random.Random(1))
>>> game.game_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from host.games import Input, Waiting
from host.games.kot.engine import FACES, KingOfTokyo
from host.games.kot.setup import Setup

MAX_INPUTS = 20_000  # a game longer than this is a bug (the game must always end)


class NeverEnds(RuntimeError):
    """A random game did not end within MAX_INPUTS inputs."""


def random_input(game: KingOfTokyo, rng: random.Random, corrections: bool = False) -> Input:
    """One legal input, chosen at random among what the game waits for."""
    waits = game.waiting_for()
    kinds = {w.kind: w for w in waits}
    throw = kinds.get("throw")
    if throw is not None and ("resolve" not in kinds or rng.random() < 0.6):
        return _throw(game, throw, rng)
    if corrections and "correct" in kinds and rng.random() < 0.05:
        w = kinds["correct"]
        return {
            "type": "correct",
            "player": w.player,
            "from": rng.choice(w.options["dice"]),
            "to": rng.choice(FACES),
        }
    if "resolve" in kinds:
        return {"type": "resolve", "player": kinds["resolve"].player}
    if "end_turn" in kinds:
        player = kinds["end_turn"].player
        r = rng.random()
        if "buy" in kinds and r < 0.5:
            card = rng.choice(kinds["buy"].options["cards"])["card"]
            return {"type": "buy", "player": player, "card": card}
        if "sweep" in kinds and r < 0.6:
            return {"type": "sweep", "player": player}
        return {"type": "end_turn", "player": player}
    w = rng.choice(waits)  # a decision out of turn: a yield
    return {"type": "yield", "player": w.player, "leave": rng.random() < 0.5}


def _throw(game: KingOfTokyo, wait: Waiting, rng: random.Random) -> Input:
    dice: Sequence[str] = wait.options.get("keepable", ())
    n = sum(wait.options["dice"].values())
    kept = [face for face in dice if rng.random() < 0.5] if dice else []
    if len(kept) == n:
        kept.pop()
    thrown = rng.choices(FACES, k=n - len(kept))
    return {"type": "throw", "player": wait.player, "thrown": thrown, "kept": kept}


def play(game: KingOfTokyo, rng: random.Random, corrections: bool = False) -> KingOfTokyo:
    """Play `game` to its end with random inputs."""
    for _ in range(MAX_INPUTS):
        if game.game_over:
            return game
        game.apply(random_input(game, rng, corrections))
    raise NeverEnds(f"no end after {MAX_INPUTS} random inputs")


def play_game(setup: Setup, rng: random.Random, corrections: bool = False) -> KingOfTokyo:
    """A whole random game from `setup`."""
    return play(KingOfTokyo(setup), rng, corrections)
