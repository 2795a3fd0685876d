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
from collections.abc import Callable, Mapping
from typing import Any

from host.games import Input
from host.games.kot import market
from host.games.kot.engine import KingOfTokyo
from host.games.kot.rules import BUY, FACES, ROLL, ROLLOFF, SWEEP_COST
from host.games.kot.setup import Setup
from host.games.kot.waiting import uses

MAX_INPUTS = 20_000  # a game longer than this is a bug (the game must always end)
THROW_AGAIN = 0.6  # chance to throw again while throws are left
BUY_CHANCE = 0.5  # chance to buy one of the affordable cards (again and again)
SWEEP_CHANCE = 0.1
LEAVE_CHANCE = 0.5  # chance to yield Tokyo when asked
ACCEPT_CHANCE = 0.7  # chance to accept (and pay for) Healing Ray's healing
USE_CHANCE = 0.3  # chance to use a card (or buy as a card allows) when one can
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
        if game.active.hooks["offer"] and rng.random() < USE_CHANCE:
            offers = uses(game, game.active)
            if offers:
                return _with_fields("use", player, rng.choice(offers), rng)
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
        if (
            throws >= game.throws_allowed
            and game.active.hooks["rethrow"]
            and rng.random() < THROW_AGAIN
            and game.expected_dice() is not None
        ):
            return _from_waiting(game, rng, ("throw",))  # Background Dweller's 3s
        return {"type": "resolve", "player": player}
    if phase == BUY:
        who = game.active
        if who.effects and rng.random() < USE_CHANCE:  # cards used, or bought not face up
            special = [("use", o) for o in uses(game, who)]
            if game.peek is who or who.hooks["buys_owned"]:
                special += [("buy", o) for o in market.offer(game, who) if "from" in o]
            if special:
                kind, options = rng.choice(special)
                if kind == "buy":
                    return _with_fields(kind, who.name, {"cards": [options]}, rng)
                return _with_fields(kind, who.name, options, rng)
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


def _from_waiting(game: KingOfTokyo, rng: random.Random, kinds: tuple[str, ...] = ()) -> Input:
    """A random input among those `waiting_for()` lists (of `kinds`, if given), with
    random legal fields built from its options."""
    waits = [w for w in game.waiting_for() if not kinds or w.kind in kinds]
    wait = waits[int(rng.random() * len(waits))]
    return _with_fields(wait.kind, wait.player, wait.options, rng)


def _with_fields(kind: str, player: str, options: Mapping[str, Any], rng: random.Random) -> Input:
    """An input of `kind` by `player`, its fields chosen at random among `options`."""
    inp: dict[str, Any] = {"type": kind, "player": player}
    builder = _BUILDERS.get(kind)
    if builder is not None:
        builder(inp, options, rng)
    return inp


def _throw_fields(inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
    dice = options["dice"]
    keepable = list(options.get("keepable", ()))
    if "rerolls" in options:  # one die of someone else's result, thrown again
        keepable.pop(int(rng.random() * len(keepable)))
        inp["thrown"], inp["kept"] = random_faces(rng, 1), keepable
    elif "rethrow" in options:  # only the dice showing that face are thrown again
        face = options["rethrow"]
        kept = [f for f in keepable if f != face]
        inp["thrown"], inp["kept"] = random_faces(rng, len(keepable) - len(kept)), kept
    else:  # a whole new throw (a defensive throw, a first throw)
        inp["thrown"], inp["kept"] = random_faces(rng, dice["black"] + dice["green"]), []


def _use_fields(inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
    inp["card"] = options["card"]
    if "targets" in options:
        inp.update(rng.choice(options["targets"]))
    if "from" in options:
        old = rng.choice(options["from"])
        inp["from"] = old
        inp["to"] = rng.choice([f for f in options["to"] if f != old])


def _buy_fields(inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
    choice = rng.choice(options["cards"])
    inp["card"] = choice["card"]
    if "from" in choice:
        inp["from"] = choice["from"]


def _hearts_fields(inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
    """Each heart goes at random: to a token, another monster, or itself."""
    remove: dict[str, int] = {}
    heal: dict[str, int] = {}
    for _ in range(options["hearts"]):
        choices = [("remove", t) for t, n in options["tokens"].items() if remove.get(t, 0) < n]
        choices += [("heal", x) for x, n in options["heal"].items() if heal.get(x, 0) < n]
        choices.append(("self", ""))
        where, name = rng.choice(choices)
        if where == "remove":
            remove[name] = remove.get(name, 0) + 1
        elif where == "heal":
            heal[name] = heal.get(name, 0) + 1
    inp["remove"], inp["heal"] = remove, heal


def _reveal_fields(inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
    """A card of the deck, each copy as likely as the others (as a shuffled deck)."""
    cards = [card for card, n in options["cards"].items() for _ in range(n)]
    inp["card"] = rng.choice(cards)


_BUILDERS: dict[str, Callable[[dict[str, Any], Mapping[str, Any], random.Random], None]] = {
    "throw": _throw_fields,
    "use": _use_fields,
    "buy": _buy_fields,
    "hearts": _hearts_fields,
    "reveal": _reveal_fields,
    "yield": lambda inp, options, rng: inp.update(leave=rng.random() < LEAVE_CHANCE),
    "healing": lambda inp, options, rng: inp.update(accept=rng.random() < ACCEPT_CHANCE),
}


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
