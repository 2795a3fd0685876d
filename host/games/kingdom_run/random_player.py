"""A random player: legal random choices and random dice, for property tests and the bench.

Every input it makes is built from the choices the engine offers: an action's fields from
that action's options, the very ones `waiting_for()` lists (computed here for the one
action chosen, not for all of them, so a random game costs little more than the engine).
The property tests check that each input is one `waiting_for()` lists. Dice come from the
given seeded `random.Random`.

>>> from host.games.kingdom_run.setup import Setup
>>> game = play_game(Setup.simple("A", "B", "C", "D"), random.Random(1))
>>> game.game_over, len(game.to_json()["finish"])
(True, 8)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from host.games import Input, NeverEnds
from host.games.kingdom_run.actions import ACTIONS
from host.games.kingdom_run.engine import KingdomRun
from host.games.kingdom_run.rules import DICE, FACES
from host.games.kingdom_run.setup import Setup
from host.games.kingdom_run.turn import THROW

MAX_INPUTS = 20_000  # a game longer than this is a bug (the game must always end)
THROW_AGAIN = 0.3  # chance to throw again when one may
END_EARLY = 0.03  # chance to end the turn while an action is still possible
CORRECT_CHANCE = 0.05  # with corrections=True, chance of a correction when one may


def random_faces(rng: random.Random, n: int) -> list[str]:
    return [FACES[int(rng.random() * len(FACES))] for _ in range(n)]


def random_input(game: KingdomRun, rng: random.Random, corrections: bool = False) -> Input:
    """One legal input, chosen at random."""
    turn = game.turn
    inp: dict[str, Any] = {"player": game.active}
    if turn.phase == THROW or (turn.may_throw() and rng.random() < THROW_AGAIN):
        kept = [f for f in turn.dice if rng.random() < 0.5][: DICE - 1]
        return {**inp, "type": "throw", "thrown": random_faces(rng, DICE - len(kept)), "kept": kept}
    if corrections and turn.left and rng.random() < CORRECT_CHANCE:
        old = rng.choice(turn.left)
        new = rng.choice([f for f in FACES if f != old])
        return {**inp, "type": "correct", "from": old, "to": new}
    if rng.random() >= END_EARLY:
        kinds = [kind for kind in ACTIONS if turn.times_left(kind)]
        rng.shuffle(kinds)
        for kind in kinds:
            options = ACTIONS[kind].options(game.race, turn.seat)
            if options is not None:
                inp["type"] = kind
                _FIELDS[kind](inp, options, rng)
                return inp
    return {**inp, "type": "end_turn"}


def _boots(inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
    choice = rng.choice(options["spaces"])
    runners = [name for name, n in choice["runners"].items() for _ in range(n)]
    rng.shuffle(runners)
    inp["space"] = choice["space"]
    inp["runners"] = runners[: rng.randint(1, len(runners))]


def _runner(inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
    choice = rng.choice(options["runners"])
    inp["space"], inp["runner"] = choice["space"], choice["runner"]


def _flask(inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
    choices = [(c, True) for c in options["wake"]] + [(c, False) for c in options["sleep"]]
    choice, wake = rng.choice(choices)
    inp["space"], inp["runner"], inp["wake"] = choice["space"], choice["runner"], wake


# action -> how its fields are chosen among its options
_FIELDS: dict[str, Callable[[dict[str, Any], Mapping[str, Any], random.Random], None]] = {
    "boots": _boots,
    "hook": _runner,
    "drop": _runner,
    "purse": lambda inp, options, rng: inp.update({"from": rng.choice(options["from"])}),
    "flask": _flask,
}


def play(game: KingdomRun, rng: random.Random, corrections: bool = False) -> KingdomRun:
    """Play `game` to its end with random inputs."""
    for _ in range(MAX_INPUTS):
        if game.game_over:
            return game
        game.apply(random_input(game, rng, corrections))
    raise NeverEnds(f"no end after {MAX_INPUTS} random inputs")


def play_game(setup: Setup, rng: random.Random, corrections: bool = False) -> KingdomRun:
    """A whole random race from `setup`."""
    return play(KingdomRun(setup), rng, corrections)
