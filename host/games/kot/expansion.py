"""Where an expansion plugs into the game: one `Expansion` per game option.

An expansion (docs/kot-expansions.md; rules: king-of-tokyo-expansions.md) is turned on by
its option (`Options.<option>`). What a monster gains from it (cultists, a wickedness
tile, berserk...) is an effect on the monster like a card's (`effects.CardEffect`, in
`Monster.extra`), on the card hooks; what the expansion adds around them is here: its
state at setup and in a position, its part of the JSON state, the actions its players may
take at any time ("standing" offers, listed by `waiting_for`). A game without the option
never calls it: the base game costs what it did.

The expansions live in `host.games.kot.expansions` and register themselves with
`@expansion`; the game lists the ones its options turn on in `State.expansions`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from host.games import Waiting
    from host.games.kot.setup import MonsterPosition, Options, Position, Setup
    from host.games.kot.state import Monster, State


class Expansion:
    option = ""  # the Options field that turns it on (set by @expansion)
    values: tuple[object, ...] = (True,)  # the values of the option that turn it on
    standing = False  # it offers actions at any time (`offers`)
    after_last_throw = False  # it has a step after the last throw (`last_throw`)
    has_before_buy = False  # it has a step between Enter Tokyo and buying (`before_buy`)
    die = ""  # the name of its own die (the berserk die), if it has one
    die_said = ""  # what players call that die, a Text ("the berserk die"), for the page
    faces: tuple[str, ...] = ()  # that die's faces, one per side (a face may repeat)
    # its faces that count as symbols: face -> (symbol, how many)
    gives: Mapping[str, tuple[str, int]] = MappingProxyType({})

    def __init_subclass__(cls) -> None:
        cls.standing = cls.offers is not Expansion.offers
        cls.after_last_throw = cls.last_throw is not Expansion.last_throw
        cls.has_before_buy = cls.before_buy is not Expansion.before_buy

    def on(self, options: Options) -> bool:
        return bool(getattr(options, self.option))

    def check(self, setup: Setup) -> None:
        """Raise SetupError naming the first problem of the expansion's part of a setup
        (its option's value, a position's state)."""

    def setup(self, game: State) -> None:
        """The table before anything happens (each monster's effects, the supply...)."""

    def place(self, game: State, m: Monster, mp: MonsterPosition) -> None:
        """A position's state for monster `m` (already checked)."""

    def place_table(self, game: State, pos: Position) -> None:
        """A position's shared state (after every monster's `place`)."""

    def first_turn(self, game: State, m: Monster) -> None:
        """The game's first turn is about to start, `m`'s (after a roll-off too)."""

    def out(self, game: State, m: Monster) -> None:
        """`m` is eliminated: what it had of the expansion leaves the game."""

    def revived(self, game: State, m: Monster) -> None:
        """`m` is back with It Has a Child! (its cards discarded)."""

    def monster_json(self, game: State, m: Monster, out: dict[str, Any]) -> None:
        """Add the expansion's part of `m` to its JSON state."""

    def state_json(self, game: State, out: dict[str, Any]) -> None:
        """Add the expansion's shared part to the JSON state."""

    def turn_dice(self, game: State, m: Monster) -> int:
        """How many of its dice `m` throws this turn, besides the black and green ones
        (counted after the start-of-turn effects)."""
        return 0

    def check_throw(self, game: State, thrown: list[str], kept: list[str], last: bool) -> None:
        """Raise RuleViolation if the throw's faces of its die are wrong (`last`: a throw
        after the last one, of some faces only: Background Dweller)."""

    def last_throw(self, game: State) -> None:
        """The active monster stops throwing ("resolve"), before the others' cards
        (Psychic Probe) and the result: its own step (the die of fate resolves). A
        decision it asks, and the steps it pushes (`game.later`), come first."""

    def before_buy(self, game: State) -> None:
        """After the active monster's Enter Tokyo step (it is alive), before its buy step:
        its own step (the transformation flip). A decision it asks, and the steps it
        pushes (`game.later`), come first."""

    def buys(self, game: State, m: Monster) -> bool:
        """Whether `m`, the active monster, has its buy step now (False: skipped whole,
        sweeping and the buy step's cards included: the beast form). Asked only of the
        expansions with a `before_buy` step, once it is over."""
        return True

    def offers(self, game: State) -> list[Waiting]:
        """The actions its players may take now, whatever else the game waits for."""
        return []


EXPANSIONS: list[Expansion] = []  # in the order of the turn's hooks (the rules' order)

X = TypeVar("X", bound=type[Expansion])


def expansion(option: str) -> Callable[[X], X]:
    """Register an instance of the decorated class as the expansion of `option`."""

    def register(cls: X) -> X:
        x = cls()
        x.option = option
        EXPANSIONS.append(x)
        return cls

    return register


def turned_on(options: Options) -> list[Expansion]:
    return [x for x in EXPANSIONS if x.on(options)]


def all_on(**base: object) -> Options:
    """Options with every expansion on (its last value) but as `base` says, for the bench
    and the tests."""
    from host.games.kot.setup import Options

    values = {x.option: x.values[-1] for x in EXPANSIONS} | base
    return Options(**values)  # type: ignore[arg-type]
