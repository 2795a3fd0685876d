"""The Dark Edition's own power cards (the option `deck: "dark"`; rules reference
king-of-tokyo-expansions.md section 1, "Other Dark Edition changes"; texts and costs
BGA's: policy 23). Lunar Powered is Solar Powered renamed (`scoring`); It Has a Child!'s
reset of the wickedness gauge is with the card (`damage`).

Out of turn, as the base cards' (Wings, Rapid Healing): Super Jump is asked when its
owner would lose HP (a "use", or "pass"); Unstable DNA when its owner yields Tokyo (a
"use" naming the card taken, or "pass"); Hibernation is discarded with a "use" at any
time no other decision is pending (`"any_time": true`, as Rapid Healing).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from host.games.kot.checks import card_chosen
from host.games.kot.effects import CardEffect, card, unusable
from host.games.kot.errors import RuleViolation
from host.games.kot.powers.damage import PaidDefence, back_again
from host.games.kot.rules import BIG_HP
from host.games.kot.state import Hit
from host.games.kot.text import _
from host.games.text import Quoted, Text

if TYPE_CHECKING:
    from host.games import Input
    from host.games.kot.state import Monster, Pending, State

LAST = 10  # a result hook after every card and tile that adds claws


@card("Hibernation")
class Hibernation(CardEffect):
    """Not bought in Tokyo. While owned: no HP lost, never into Tokyo (even empty), no
    card bought, only the result's hearts and energy count (no VP, wickedness, claws...).
    Discarded at any time (a "use") to end all of it."""

    in_tokyo = False
    stays_out = True
    buys_nothing = True
    any_time = True
    priority = LAST  # its result: after every card and tile that adds claws
    # its defence before every other: there is no loss left to prevent (Wings...)
    priorities = MappingProxyType({"defend": -1})

    def defend(self, game: State, owner: Monster, hit: Hit) -> bool:
        hit.amount = 0
        return False

    def result(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        unusable(game, counts, ("1", "2", "3", "claw"))

    def offer(self, game: State, owner: Monster) -> dict[str, Any] | None:
        return {"card": self.name, "discard": True, "any_time": True}

    def use(self, game: State, owner: Monster, inp: Input, options: dict[str, Any]) -> None:
        for eff in list(owner.effects):  # every copy: all of it ends
            if eff.name == self.name:
                game.discard_effect(owner, eff)


@card("Nanobots")
class Nanobots(CardEffect):
    """At the start of its owner's turn, below 3 HP: +2 HP (its own healing); checked
    once, one healing of 2 HP per copy (BGA)."""

    def start_turn(self, game: State, owner: Monster) -> None:
        if owner.hp < 3 and self.first(owner, "start_turn"):
            game.heal(owner, 2 * self.copies(owner))


@card("Natural Selection")
class NaturalSelection(CardEffect):
    """On buying: +4 energy, +4 HP. One more die (any spare die: policy 22). A turn of its
    owner that ends with a 3 in the result: it loses all its HP (a loss of its own doing,
    once however many copies: BGA's, whose dealer is the owner, so its Reflective Hide
    answers it; after Metamorph's discards, before the end-of-turn effects; defences
    apply)."""

    def bought(self, game: State, buyer: Monster) -> None:
        game.gain_energy(buyer, 4)
        game.heal(buyer, 4)

    def dice(self, game: State, owner: Monster, black: int, green: int) -> tuple[int, int]:
        return black, green + 1

    def before_end(self, game: State, owner: Monster) -> None:
        if self.first(owner, "before_end"):
            game.later(lambda g: self._end(g, owner))

    def _end(self, game: State, owner: Monster) -> None:
        if owner.alive and self.copies(owner) and "3" in game.dice:
            game.hurt([Hit(owner, owner.hp, owner)])


@card("Reflective Hide")
class ReflectiveHide(CardEffect):
    """Every monster that makes its owner lose HP loses 1 HP too, its owner included when
    it hurt itself (Jet Fighters, the berserk die's skull...: BGA); with two copies (a
    Fluxling copy), one loss of 2 HP (BGA's count). A loss of the card's, with no source
    (so two Reflective Hides do not echo for ever), once the loss that caused it is done:
    before the yields a Smash asks (the Smash waits for it: turn.smash)."""

    def hurt_by(self, game: State, owner: Monster, source: Monster, amount: int) -> None:
        if self.first(owner, "hurt_by"):
            n = self.copies(owner)
            game.later(lambda g: self._reflect(g, source, n))

    def _reflect(self, game: State, source: Monster, n: int) -> None:
        told = game.causes is not None  # a feed tells it as the card's, not the Smash's
        if told:
            game.because_of(self)
        game.hurt_each([source], n, None)
        if told:
            game.because(None)


@card("Super Jump")
class SuperJump(PaidDefence):
    """Once in each monster's turn, when its owner would lose HP: 1 energy cancels the
    loss of 1 HP (asked, as Wings; after Wings, Camouflage and Armor Plating)."""

    priority = 3
    price = 1

    def may(self, game: State, owner: Monster) -> bool:
        return self.key(owner) not in game.used  # once a turn, each copy (BGA)

    def prevent(self, game: State, owner: Monster, hit: Hit) -> None:
        game.used.add(self.key(owner))
        hit.amount -= 1


@card("Unstable DNA")
class UnstableDNA(CardEffect):
    """Yielding Tokyo, its owner may swap this card for a keep card of the monster that
    smashed it (a "use" naming the card and its owner, or "pass"): each has the other's
    card as if given (not bought)."""

    def yielded(self, game: State, owner: Monster, place: str) -> None:
        attacker = game.active
        if self.copy or self.name not in owner.cards or attacker is owner or not attacker.alive:
            return  # (a copy of the card has nothing to swap)
        targets = [{"target": c, "owner": attacker.name} for c in dict.fromkeys(attacker.cards)]
        if targets:
            options = {"card": self.name, "targets": targets}
            game.ask(owner, "use", options, self._answer, optional=True)

    def _answer(self, game: State, pending: Pending, inp: Input) -> None:
        owner = pending.player
        if inp["type"] == "pass":
            game.decided(pending)
            return

        def refused(target: str, of: object) -> Text:
            return _(
                "{player} cannot swap {card} for {target} of {owner}",
                player=owner.name,
                card=_.name(self.name),
                target=_.name(target),
                owner=Quoted(of),
            )

        target, named = card_chosen(inp, pending.options["targets"], self.name, refused)
        other = game.by_name[named]
        if self.name not in owner.cards or target not in other.cards:  # gone meanwhile
            raise RuleViolation(refused(target, other.name))
        game.decided(pending)
        game.take_card(owner, self.name)
        game.take_card(other, target)
        game.give_card(other, self.name)
        game.give_card(owner, target)


class Zombie(CardEffect):
    """What Zombify leaves on its monster for the rest of the game: max HP 12, and its
    heart dice do nothing (an effect of its own, as an expansion's: `Monster.extra`)."""

    name = "zombie"
    big = True
    priority = LAST

    def result(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        unusable(game, counts, ("heart",))


ZOMBIE = Zombie()


def zombify(game: State, m: Monster) -> None:
    """`m` is a zombie from now on (Zombify; or a position that says so)."""
    game.give_effect(m, ZOMBIE)
    game.update_max_hp(m)


def is_zombie(m: Monster) -> bool:
    return ZOMBIE in m.extra


@card("Zombify")
class Zombify(CardEffect):
    """The first time its owner reaches 0 HP: its cards (this one too) and tiles
    discarded, wickedness and VP to 0, out of Tokyo, 12 HP, still playing; for the rest
    of the game max HP 12 and heart dice that do nothing. It counts as reaching 0 HP
    (Eater of the Dead); a zombie's Zombify does nothing (only the first time)."""

    priority = 1  # after Rapid Healing, with It Has a Child! (the first card owned first)

    def zero_hp(self, game: State, owner: Monster) -> bool:
        if is_zombie(owner):
            return False
        back_again(game, owner, gauge=True)
        zombify(game, owner)
        owner.hp = min(BIG_HP, owner.max_hp)  # 12 (10 under Bow Before Ra)
        return True


@card("Monster Pets")
class MonsterPets(CardEffect):
    """Discard card: every monster, its buyer included, loses 3 VP."""

    def bought(self, game: State, buyer: Monster) -> None:
        for m in game.monsters:
            if m.alive:
                game.gain_vp(m, -3)
