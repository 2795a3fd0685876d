"""A random player: legal random choices and random dice, for property tests and the bench.

For the common steps (throws, resolve, the buy step, yields) it reads the same state the
engine's `waiting_for()` is built from, without building that list, so a random game
costs little more than the engine itself (and its lists are built by loops, not
comprehensions: on this interpreter a comprehension is one more call, a few percent of a
random game with every expansion); any other decision it answers from
`waiting_for()`. The fields of a decision come from its kind's `random`
(`host.games.kot.decision_kinds`), as the engine's fields and the page's answers do. The
property tests check that every input it makes is one `waiting_for()` lists. Dice come
from the given seeded `random.Random`.

>>> from host.games.kot.setup import Setup
>>> game = play_game(Setup.simple("A", "B", "C", "D", seed=1), random.Random(1))
>>> game.game_over
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from host.games import Input, NeverEnds, Waiting
from host.games.kot import market
from host.games.kot.decision_kinds import KINDS
from host.games.kot.effects import NOT_IN_TOKYO
from host.games.kot.engine import KingOfTokyo
from host.games.kot.rules import (
    BUY,
    FACE_TRIPLES,
    FACES,
    ROLL,
    ROLLOFF,
    SWEEP_COST,
    random_faces,
)
from host.games.kot.setup import Setup
from host.games.kot.waiting import uses

MAX_INPUTS: Final = 20_000  # a game longer than this is a bug (the game must always end)
THROW_AGAIN: Final = 0.6  # chance to throw again while throws are left
BUY_CHANCE: Final = 0.5  # chance to buy one of the affordable cards (again and again)
SWEEP_CHANCE: Final = 0.1
USE_CHANCE: Final = 0.3  # chance to use a card (or buy as a card allows) when one can
CORRECT_CHANCE: Final = 0.05  # with corrections=True, chance of a correction after a throw
STANDING_CHANCE: Final = 0.05  # chance to take an expansion's action at any time (a cultist...)


def _subsets(n: int) -> list[tuple[int, ...]]:
    """For n dice: the dice indexes of every subset, indexed by a random bitmask."""
    return [tuple(i for i in range(n) if mask >> i & 1) for mask in range(1 << n)]


# made for each number of dice when first thrown (all 15 at import cost every process
# that imports the engine ~20 ms: 32,767 tuples)
_SUBSETS: dict[int, list[tuple[int, ...]]] = {}


def random_input(game: KingOfTokyo, rng: random.Random, corrections: bool = False) -> Input:
    """One legal input, chosen at random."""
    if game.standing and rng.random() < STANDING_CHANCE:
        standing = _standing(game, rng)
        if standing is not None:
            return standing
    phase = game.phase
    if game.pending:
        pending = game.pending[int(rng.random() * len(game.pending))]
        if pending.kind == "yield":  # the common decision, without building waiting_for()
            return _with_fields("yield", pending.player.name, pending.options, rng)
        return _from_waiting(game, rng)
    if phase == ROLL:
        player = game.active.name
        throws = game.throws
        if throws == 0:
            n = game.black + game.green
            if n == 6:  # the common case, inline: one random number for the 6 dice
                x = int(rng.random() * 46656)
                thrown = [*FACE_TRIPLES[x // 216], *FACE_TRIPLES[x % 216]]
            else:
                thrown = random_faces(rng, n)
            if game.other_dice:  # the expansions' own dice (the berserk die)
                thrown += _other_faces(game, rng, game.other_dice)
            return {"type": "throw", "player": player, "thrown": thrown, "kept": []}
        if game.active.hooks["offer"] and rng.random() < USE_CHANCE:
            offers = uses(game, game.active)
            if offers:
                return _with_fields("use", player, rng.choice(offers), rng)
        if corrections and rng.random() < CORRECT_CHANCE:
            misread = rng.choice(game.dice)
            die = game.die_of.get(misread) if game.die_of else None
            faces = FACES if die is None else game.die_faces[die]
            return {"type": "correct", "player": player, "from": misread, "to": rng.choice(faces)}
        if throws < game.throws_allowed and rng.random() < THROW_AGAIN:
            dice = game.dice
            n = len(dice)
            subsets = _SUBSETS.get(n)
            if subsets is None:
                subsets = _SUBSETS[n] = _subsets(n)
            keep = subsets[rng.getrandbits(n)]
            locked = game.locked  # a curse: the dice showing it are kept
            if locked is not None and locked in dice:
                keep = _with_locked(dice, keep, locked)
            if len(keep) == n:  # one die at least is thrown, if one is free to be
                free = [i for i in keep if dice[i] != locked]
                keep = tuple(i for i in keep if i != free[0]) if free else keep
            if len(keep) < n:
                return _rethrow(game, rng, player, dice, keep)
        if (
            throws >= game.throws_allowed
            and game.active.hooks["rethrow"]
            and rng.random() < THROW_AGAIN
            and game.expected_dice() is not None
        ):
            return _from_waiting(game, rng, ("throw",))  # Background Dweller's 3s
        if game.standing and rng.random() < USE_CHANCE:  # before resolving: one more throw?
            standing = _standing(game, rng, player)
            if standing is not None:
                return standing
        return {"type": "resolve", "player": player}
    if phase == BUY:
        who = game.active
        special_buys = game.peek is who or who.hooks["buys_owned"]
        if (who.hooks["offer"] or special_buys) and rng.random() < USE_CHANCE:
            # cards used, or bought not face up
            special = [("use", o) for o in uses(game, who)]
            if special_buys:
                special += [("buy", o) for o in market.offer(game, who) if "from" in o]
            if special:
                kind, options = rng.choice(special)
                if kind == "buy":
                    return _with_fields(kind, who.name, {"cards": [options]}, rng)
                return _with_fields(kind, who.name, options, rng)
        r = rng.random()
        if r < BUY_CHANCE and game.may_buy(who):
            offer: list[str] = []
            outside = who.location is None  # (market.may_have, inline)
            for c in game.face_up:
                if (
                    c
                    and game.card_cost(who, c) <= who.energy
                    and (outside or c not in NOT_IN_TOKYO)
                ):
                    offer.append(c)
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


def _with_locked(dice: list[str], keep: tuple[int, ...], locked: str) -> tuple[int, ...]:
    """The indexes `keep` and those of the dice showing the `locked` face (a curse)."""
    out: list[int] = []
    for i in range(len(dice)):
        if i in keep or dice[i] == locked:
            out.append(i)
    return tuple(out)


def _rethrow(
    game: KingOfTokyo, rng: random.Random, player: str, dice: list[str], keep: tuple[int, ...]
) -> Input:
    """A throw again of the dice but those at the indexes `keep`."""
    n = len(dice)
    kept: list[str] = []
    for i in keep:
        kept.append(dice[i])
    if game.other_dice:  # each die thrown again shows a face of its own kind
        die_of, die_faces = game.die_of, game.die_faces
        others = []
        for i, face in enumerate(dice):
            if face in die_of and i not in keep:
                faces = die_faces[die_of[face]]
                others.append(faces[int(rng.random() * len(faces))])
        thrown = random_faces(rng, n - len(kept) - len(others)) + others
    else:
        thrown = random_faces(rng, n - len(kept))
    return {"type": "throw", "player": player, "thrown": thrown, "kept": kept}


def _other_faces(game: KingOfTokyo, rng: random.Random, counts: Mapping[str, int]) -> list[str]:
    """Random faces of the expansions' own dice: `counts` die -> how many."""
    out = []
    for d, n in counts.items():
        faces = game.die_faces[d]
        for _ in range(n):
            out.append(faces[int(rng.random() * len(faces))])
    return out


def _standing(game: KingOfTokyo, rng: random.Random, player: str | None = None) -> Input | None:
    """An expansion's action at any time (a cultist spent...), by `player` or anyone."""
    waits: list[Waiting] = []
    for x in game.standing:
        for w in x.offers(game):
            if player is None or w.player == player:
                waits.append(w)
    if not waits:
        return None
    w = waits[int(rng.random() * len(waits))]
    return _with_fields(w.kind, w.player, w.options, rng)


def _from_waiting(game: KingOfTokyo, rng: random.Random, kinds: tuple[str, ...] = ()) -> Input:
    """A random input among those `waiting_for()` lists (of `kinds`, if given), with
    random legal fields built from its options."""
    waits = game.waiting_for()
    if kinds:
        waits = [w for w in waits if w.kind in kinds]
    wait = waits[int(rng.random() * len(waits))]
    return _with_fields(wait.kind, wait.player, wait.options, rng)


def _with_fields(kind: str, player: str, options: Mapping[str, Any], rng: random.Random) -> Input:
    """An input of `kind` by `player`, its fields chosen at random among `options`."""
    inp: dict[str, Any] = {"type": kind, "player": player}
    KINDS[kind].random(inp, options, rng)
    return inp


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
