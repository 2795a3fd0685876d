"""A random player: legal random choices and random dice, for property tests and the bench.

For the common steps (throws, resolve, the buy step, yields) it reads the same state the
engine's `waiting_for()` is built from, without building that list, so a random game
costs little more than the engine itself; any other decision it answers from
`waiting_for()`. The property tests check that every input it makes is one `waiting_for()`
lists. Dice come from the given seeded `random.Random`.

>>> from host.games.kot.setup import Setup
>>> game = play_game(Setup.simple("A", "B", "C", "D", seed=1), random.Random(1))
>>> game.game_over
True
"""

from __future__ import annotations

import itertools
import random

from host.games import Input
from host.games.kot.engine import BUY, FACES, ROLL, ROLLOFF, SWEEP_COST, KingOfTokyo
from host.games.kot.setup import Setup

MAX_INPUTS = 20_000  # a game longer than this is a bug (the game must always end)
THROW_AGAIN = 0.6  # chance to throw again while throws are left
BUY_CHANCE = 0.5  # chance to buy one of the affordable cards (again and again)
SWEEP_CHANCE = 0.1
LEAVE_CHANCE = 0.5  # chance to yield Tokyo when asked
CORRECT_CHANCE = 0.05  # with corrections=True, chance of a correction after a throw

# every combination of 3 dice, so 6 random faces cost two random numbers
_TRIPLES = list(itertools.product(FACES, repeat=3))


class NeverEnds(RuntimeError):
    """A random game did not end within MAX_INPUTS inputs."""


def _subsets(n: int) -> list[tuple[int, ...]]:
    """For n dice: the dice indexes of every subset, indexed by a random bitmask."""
    return [tuple(i for i in range(n) if mask >> i & 1) for mask in range(1 << n)]


_SUBSETS = [_subsets(n) for n in range(9)]  # up to 6 black and 2 green dice


def random_faces(rng: random.Random, n: int) -> list[str]:
    """n random faces; one random number per 6 dice (rng.random is the cheap call)."""
    faces: list[str] = []
    while len(faces) < n:
        x = int(rng.random() * 46656)  # 6 ** 6: two triples
        faces += _TRIPLES[x // 216] + _TRIPLES[x % 216]
    return faces[:n]


def random_input(game: KingOfTokyo, rng: random.Random, corrections: bool = False) -> Input:
    """One legal input, chosen at random."""
    phase = game.phase
    if game.pending:
        pending = game.pending[int(rng.random() * len(game.pending))]
        if pending.kind == "yield":
            return {
                "type": "yield",
                "player": pending.player.name,
                "leave": rng.random() < LEAVE_CHANCE,
            }
        return _from_waiting(game, rng)
    if phase == ROLL:
        player = game.active.name
        throws = game.throws
        if throws == 0:
            n = game.black + game.green
            if n == 6:  # the common case, inline: one random number for the 6 dice
                x = int(rng.random() * 46656)
                thrown = [*_TRIPLES[x // 216], *_TRIPLES[x % 216]]
            else:
                thrown = random_faces(rng, n)
            return {"type": "throw", "player": player, "thrown": thrown, "kept": []}
        if corrections and rng.random() < CORRECT_CHANCE:
            return {
                "type": "correct",
                "player": player,
                "from": rng.choice(game.dice),
                "to": rng.choice(FACES),
            }
        if throws < game.throws_allowed and rng.random() < THROW_AGAIN:
            dice = game.dice
            n = len(dice)
            keep = _SUBSETS[n][rng.getrandbits(n)]
            if len(keep) == n:
                keep = keep[1:]
            kept = [dice[i] for i in keep]
            return {
                "type": "throw",
                "player": player,
                "thrown": random_faces(rng, n - len(kept)),
                "kept": kept,
            }
        return {"type": "resolve", "player": player}
    if phase == BUY:
        who = game.active
        r = rng.random()
        if r < BUY_CHANCE:
            offer = [c for c in game.face_up if c and game.card_cost(who, c) <= who.energy]
            if offer:
                card = offer[int(rng.random() * len(offer))]
                return {"type": "buy", "player": who.name, "card": card}
        if r < BUY_CHANCE + SWEEP_CHANCE and who.energy >= SWEEP_COST and any(game.face_up):
            return {"type": "sweep", "player": who.name}
        return {"type": "end_turn", "player": who.name}
    if phase == ROLLOFF:
        return {
            "type": "throw",
            "player": game.rolloff[0].name,
            "thrown": random_faces(rng, 6),
            "kept": [],
        }
    return _from_waiting(game, rng)


def _from_waiting(game: KingOfTokyo, rng: random.Random) -> Input:
    """A decision the fast paths do not know: its bare input, from `waiting_for()`.
    (Card decisions that carry fields get their own fast path here with issue 4.)"""
    wait = rng.choice(game.waiting_for())
    return {"type": wait.kind, "player": wait.player}


def play(game: KingOfTokyo, rng: random.Random, corrections: bool = False) -> KingOfTokyo:
    """Play `game` to its end with random inputs."""
    apply = game.apply
    for _ in range(MAX_INPUTS):
        if game.phase == "over":
            return game
        apply(random_input(game, rng, corrections))
    raise NeverEnds(f"no end after {MAX_INPUTS} random inputs")


def play_game(setup: Setup, rng: random.Random, corrections: bool = False) -> KingOfTokyo:
    """A whole random game from `setup`."""
    return play(KingOfTokyo(setup), rng, corrections)
