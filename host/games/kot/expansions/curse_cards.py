"""The 24 curse cards (rules reference section 5, its table; policies 40-52), BGA's ids.

A curse's permanent effect is two things: an effect on every monster, on the card hooks
(`effects.CardEffect`: only the hooks it overrides are called, so a curse costs nothing at
the moments it does not care about), given to every monster while the curse is in play;
and what it changes for the whole table (`enter`/`leave`: yielding forbidden, max HP
lower, keep cards without effect...). Its ankh and snake effects act when the die of fate
shows them (`ankh`, `snake`: "you" is the active monster, policy 4). "Take the Scarab"
moves the Golden Scarab to the active monster; the holder of an effect is the Scarab's
monster while it is in the game (`State.holder()`: nobody once it is eliminated, policy
46).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Final

from host.games.kot import market
from host.games.kot.effects import CardEffect, unusable
from host.games.kot.expansions import curse_decisions as ask
from host.games.kot.rules import CITY, fewer_dice
from host.games.kot.setup import CURSE_NAMES
from host.games.kot.state import ExtraTurn, Hit

if TYPE_CHECKING:
    from host.games.kot.state import Monster, State

EYE: Final = "fate_eye"
RIVER: Final = "fate_river"
SNAKE: Final = "fate_snake"
ANKH: Final = "fate_ankh"
FATE_FACES: Final = (EYE, RIVER, SNAKE, ANKH)  # the die of fate's, one per side, BGA's order (1-4)
NUMBERS = ("1", "2", "3")
SYMBOLS = ("heart", "energy", "claw")
FIRST, LAST = -10, 10  # priorities: before every card's hook, after every one
START = 1  # the curses' start of turn: after cards, tiles and the tower, before Mimic's switch


class Curse(CardEffect):
    """A curse card (see the module's docstring)."""

    number = 0  # BGA's id, 1-24

    def enter(self, game: State) -> None:
        """It comes into play: what it changes for the whole table."""

    def leave(self, game: State) -> None:
        """It leaves play (Eye of Horus): what it changed goes back."""

    def ankh(self, game: State, m: Monster) -> None:
        """The die of fate shows the ankh: its effect for the active monster `m`."""

    def snake(self, game: State, m: Monster) -> None:
        """The die of fate shows the snake: its effect on the active monster `m`."""


CURSES: dict[str, Curse] = {}  # name -> the curse


def curse(number: int) -> Callable[[type[Curse]], type[Curse]]:
    def register(cls: type[Curse]) -> type[Curse]:
        c = cls()
        c.number, c.name = number, CURSE_NAMES[number - 1]
        CURSES[c.name] = c
        return cls

    return register


# ---- what several curses do ------------------------------------------------------------


def take_scarab(game: State, m: Monster) -> None:
    game.scarab = m


class TakeScarab(Curse):
    """The curses whose ankh is "take the Scarab"."""

    def ankh(self, game: State, m: Monster) -> None:
        take_scarab(game, m)


def lose_hp(game: State, m: Monster, n: int) -> None:
    """A curse's loss: not a Smash (no yield); prevention applies."""
    if n > 0:
        game.hurt([Hit(m, n)])


def lose_energy(m: Monster, n: int) -> None:
    m.energy = max(0, m.energy - n)


def result_counts(game: State) -> dict[str, int]:
    """The symbols the active monster's dice show (the berserk die's double ones count
    2), before the result resolves (an ankh or snake that counts them)."""
    counts = dict.fromkeys((*NUMBERS, *SYMBOLS), 0)
    gives = game.gives
    for face in game.dice:
        if face in counts:
            counts[face] += 1
        elif face in gives:
            symbol, n = gives[face]
            counts[symbol] += n
    return counts


def take_tokyo(game: State, m: Monster) -> None:
    """ "You take control of Tokyo" (policy 45): every other monster in Tokyo moves out,
    without yielding; `m` goes to City, with the entry's reward unless it was in Tokyo
    already (from the Bay: a move, no reward); nothing if it may not enter this turn."""
    if not game.may_enter(m):
        return
    for x in (game.city, game.bay):
        if x is not None and x is not m:
            game.leave_tokyo(x)
    if m.location is None:
        game.enter_tokyo(m, CITY)
    elif m.location != CITY:
        game.move(m, CITY)


def leave_tokyo(game: State, m: Monster) -> None:
    """ "You leave Tokyo now and cannot enter it this turn" (not a yield)."""
    if m.location is not None:
        game.leave_tokyo(m)
    game.no_entry = True


def most(game: State, what: str) -> list[Monster]:
    """The living monster(s) with the most HP, VP or energy, every tied one (policy 47)."""
    alive = game.alive
    value = attrgetter(what)
    top = max(map(value, alive))
    return [m for m in alive if value(m) == top]


def ordeal(game: State, what: str) -> None:
    """The monster(s) with the most `what` lose 1 of it."""
    hit = most(game, what)
    if what == "hp":
        game.hurt([Hit(m, 1) for m in hit])
    elif what == "vp":
        for m in hit:
            game.gain_vp(m, -1)
    else:
        for m in hit:
            lose_energy(m, 1)


# ---- the curses, BGA's order -----------------------------------------------------------


@curse(1)
class PharaonicEgo(Curse):
    def enter(self, game: State) -> None:
        game.no_yield = True

    def leave(self, game: State) -> None:
        game.no_yield = False

    def ankh(self, game: State, m: Monster) -> None:
        leave_tokyo(game, m)

    def snake(self, game: State, m: Monster) -> None:
        take_tokyo(game, m)


@curse(2)
class IsissDisgrace(TakeScarab):
    def heal(self, game: State, owner: Monster, amount: int) -> int:
        return amount if owner is game.holder() else 0

    def snake(self, game: State, m: Monster) -> None:
        lose_hp(game, m, 1)


@curse(3)
class ThotsBlindness(TakeScarab):
    def energy(self, game: State, owner: Monster, amount: int) -> int:
        return amount if owner is game.holder() else 0

    def snake(self, game: State, m: Monster) -> None:
        lose_energy(m, 2)


@curse(4)
class TutankhamunsCurse(TakeScarab):
    def vp_gain(self, game: State, owner: Monster, amount: int) -> int:
        return amount if owner is game.holder() else 0

    def snake(self, game: State, m: Monster) -> None:
        game.gain_vp(m, -2)


@curse(5)
class BuriedInSand(Curse):
    """One throw fewer, never below 1; not while the die of fate shows the ankh (policy
    43: after each throw, `thrown`); the snake: the dice's claws do nothing this turn."""

    priority = FIRST

    def throws(self, game: State, owner: Monster, throws: int) -> int:
        return max(1, throws - 1)

    def thrown(self, game: State, owner: Monster) -> None:
        ankh = 1 if ANKH in game.dice else 0
        if ankh != game.fate_throw:  # the die of fate has turned to or from the ankh
            game.throws_allowed += ankh - game.fate_throw
            game.fate_throw = ankh

    def result(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if game.fate == SNAKE:
            unusable(game, counts, ("claw",))


@curse(6)
class RagingFlood(Curse):
    priority = LAST  # after the cards that add dice

    def dice(self, game: State, owner: Monster, black: int, green: int) -> tuple[int, int]:
        return fewer_dice(black, green, 1)

    def ankh(self, game: State, m: Monster) -> None:
        ask.ask_add_die(game, m, self.name)

    def snake(self, game: State, m: Monster) -> None:
        ask.remove_die(game, m, self.name)


@curse(7)
class HotepsPeace(TakeScarab):
    priority = FIRST  # the dice's claws; cards' claws still count (BGA: faces only)

    def result(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if owner is not game.holder():
            unusable(game, counts, ("claw",))

    def snake(self, game: State, m: Monster) -> None:
        lose_energy(m, result_counts(game)["claw"])


@curse(8)
class SetsStorm(Curse):
    priority = START  # after the cards', tiles' and tower's, before the switches

    def start_turn(self, game: State, owner: Monster) -> None:
        lose_hp(game, owner, 1)

    def ankh(self, game: State, m: Monster) -> None:
        game.heal(m, 2)

    def snake(self, game: State, m: Monster) -> None:
        lose_hp(game, m, 1)


@curse(9)
class BuildersUprising(Curse):
    priority = START  # after the cards', tiles' and tower's, before the switches

    def start_turn(self, game: State, owner: Monster) -> None:
        game.gain_vp(owner, -2)

    def ankh(self, game: State, m: Monster) -> None:
        if m.location is None:  # another turn after this one, without the die of fate
            game.next_turns.append(ExtraTurn(m, fateless=True))

    def snake(self, game: State, m: Monster) -> None:
        game.gain_vp(m, -2)


@curse(10)
class InadequateOffering(Curse):
    def cost(self, game: State, owner: Monster, card: str, cost: int) -> int:
        return cost + 2

    def ankh(self, game: State, m: Monster) -> None:
        market.put_into_play(game, m)

    def snake(self, game: State, m: Monster) -> None:
        ask.discard_keep_card(game, m, self.name)


@curse(11)
class BowBeforeRa(Curse):
    """Max HP 2 lower (policy 44: 10 with Even Bigger); restored without healing."""

    def enter(self, game: State) -> None:
        game.hp_less = 2
        for m in game.monsters:
            game.update_max_hp(m)

    def leave(self, game: State) -> None:
        game.hp_less = 0
        for m in game.monsters:
            game.update_max_hp(m)

    def ankh(self, game: State, m: Monster) -> None:
        game.heal(m, 2)

    def snake(self, game: State, m: Monster) -> None:
        lose_hp(game, m, 2)


@curse(12)
class VengeanceOfHorus(Curse):
    def enter(self, game: State) -> None:
        game.locked = "claw"

    def leave(self, game: State) -> None:
        game.locked = None

    def ankh(self, game: State, m: Monster) -> None:
        game.gain_vp(m, result_counts(game)["claw"])

    def snake(self, game: State, m: Monster) -> None:
        lose_hp(game, m, result_counts(game)["claw"])


class Ordeal(Curse):
    priority = START  # after the cards', tiles' and tower's, before the switches
    what = ""  # "hp", "vp" or "energy"

    def start_turn(self, game: State, owner: Monster) -> None:
        ordeal(game, self.what)

    def snake(self, game: State, m: Monster) -> None:
        ordeal(game, self.what)


@curse(13)
class OrdealOfTheMighty(Ordeal):
    what = "hp"

    def ankh(self, game: State, m: Monster) -> None:
        game.heal(m, 2)


@curse(14)
class OrdealOfTheWealthy(Ordeal):
    what = "vp"

    def ankh(self, game: State, m: Monster) -> None:
        game.gain_vp(m, 2)


@curse(15)
class OrdealOfTheSpiritual(Ordeal):
    what = "energy"

    def ankh(self, game: State, m: Monster) -> None:
        game.gain_energy(m, 2)


@curse(16)
class ResurrectionOfOsiris(Curse):
    def enter(self, game: State) -> None:
        game.hearts_inside = True

    def leave(self, game: State) -> None:
        game.hearts_inside = False

    def ankh(self, game: State, m: Monster) -> None:
        take_tokyo(game, m)

    def snake(self, game: State, m: Monster) -> None:
        leave_tokyo(game, m)


@curse(17)
class ForbiddenLibrary(TakeScarab):
    def enter(self, game: State) -> None:
        game.holder_buys = True

    def leave(self, game: State) -> None:
        game.holder_buys = False

    def snake(self, game: State, m: Monster) -> None:
        ask.discard_keep_card(game, m, self.name)


@curse(18)
class ConfusedSenses(TakeScarab):
    """After the die of fate resolves, the holder (not the active monster) may have up to
    2 of its dice thrown again (`curses.Curses`); the snake: this turn the holder gains
    the HP and energy the active monster would gain."""

    def heal(self, game: State, owner: Monster, amount: int) -> int:
        to = self._instead(game, owner)
        if to is None:
            return amount
        game.heal(to, amount, own=False)
        return 0

    def energy(self, game: State, owner: Monster, amount: int) -> int:
        to = self._instead(game, owner)
        if to is None:
            return amount
        game.gain_energy(to, amount)
        return 0

    @staticmethod
    def _instead(game: State, owner: Monster) -> Monster | None:
        if game.fate != SNAKE or owner is not game.active:
            return None
        holder = game.holder()
        return holder if holder is not owner else None


@curse(19)
class PharaonicSkin(TakeScarab):
    priority = FIRST  # before any defence is asked (Wings, Camouflage)

    def defend(self, game: State, owner: Monster, hit: Hit) -> bool:
        if owner is game.holder():
            hit.amount = 0
        return False

    def snake(self, game: State, m: Monster) -> None:
        holder = game.holder()
        if holder is not None and holder is not m:
            ask.ask_gift(game, m, holder, 2, self.name)


@curse(20)
class KhepriRebellion(Curse):
    priority = LAST  # after the other start-of-turn effects and switches

    def start_turn(self, game: State, owner: Monster) -> None:
        holder = game.holder()
        if holder is not None and holder is not owner and owner.alive:
            ask.ask_gift(game, holder, owner, 1, self.name)

    def ankh(self, game: State, m: Monster) -> None:
        take_scarab(game, m)
        ask.ask_scarab(game, m, self.name)

    def snake(self, game: State, m: Monster) -> None:
        take_scarab(game, m)


@curse(21)
class BodySpiritAndKa(Curse):
    """Numbers do nothing; the ankh lifts it this turn, the snake reverses it."""

    priority = FIRST

    def result(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if game.fate == ANKH:
            return
        unusable(game, counts, SYMBOLS if game.fate == SNAKE else NUMBERS)


@curse(22)
class FalseBlessing(Curse):
    """2 more dice (any spare dice: policy 22) and 1 more throw; once the claws have
    resolved, 1 HP lost per different face of the result (policy 49)."""

    priority = LAST  # after the berserk die's skull

    def dice(self, game: State, owner: Monster, black: int, green: int) -> tuple[int, int]:
        return black, green + 2

    def throws(self, game: State, owner: Monster, throws: int) -> int:
        return throws + 1

    def clawed(self, game: State, owner: Monster, claws: int) -> None:
        lose_hp(game, owner, len({f for f in game.dice if f not in FATE_FACES}))

    def ankh(self, game: State, m: Monster) -> None:
        ask.ask_bless(game, m, self.name)

    def snake(self, game: State, m: Monster) -> None:
        left = game.clockwise(m)
        if left:
            ask.ask_reroll(game, left[0], 2, self.name)


@curse(23)
class GazeOfTheSphinx(Curse):
    """Keep cards have no effect (copies of them neither); without Power Up!, the ankh and
    snake are 3 energy."""

    def enter(self, game: State) -> None:
        game.cards_off = True
        game.rehook_all()

    def leave(self, game: State) -> None:
        game.cards_off = False
        game.rehook_all()

    def ankh(self, game: State, m: Monster) -> None:
        game.gain_energy(m, 3)

    def snake(self, game: State, m: Monster) -> None:
        lose_energy(m, 3)


@curse(24)
class ScribesPerseverance(Curse):
    def enter(self, game: State) -> None:
        game.locked = "1"

    def leave(self, game: State) -> None:
        game.locked = None

    def ankh(self, game: State, m: Monster) -> None:
        game.gain_energy(m, result_counts(game)["1"])

    def snake(self, game: State, m: Monster) -> None:
        if "1" in game.dice:
            game.dice.remove("1")
