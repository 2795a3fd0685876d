"""Keep cards that change the dice in play, the throws, or the faces of the result.

Dice in play are counted at the start of a turn (Extra Head's green dice; Shrink Ray's
tokens and Freeze Time take dice away in the engine), and `expected_dice()` reports them.
The active player's own changes are "use" inputs in its roll step, after a throw and
before "resolve": Energy Drink and Smoke Cloud add a throw once the throws are used up;
Herd Culler, Plot Twist and Stretchy change one die of the result. Psychic Probe is
another monster's throw of one of the active player's dice, after its last throw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from host.games.kot.checks import check_face, check_faces, check_rethrow
from host.games.kot.effects import CardEffect, Counter, card
from host.games.kot.errors import RuleViolation
from host.games.kot.rules import FACE_SET, FACES, ROLL
from host.games.kot.state import ExtraTurn
from host.games.kot.text import _, face_label

if TYPE_CHECKING:
    from host.games import Input
    from host.games.kot.state import Monster, Pending, State


@card("Extra Head")
class ExtraHead(CardEffect):
    """One more (green) die; the box has 2, so a third Extra Head (Mimic) adds none."""

    def dice(self, game: State, owner: Monster, black: int, green: int) -> tuple[int, int]:
        return black, green + 1


@card("Giant Brain")
class GiantBrain(CardEffect):
    def throws(self, game: State, owner: Monster, throws: int) -> int:
        return throws + 1


@card("Background Dweller")
class BackgroundDweller(CardEffect):
    """Dice showing 3 may be thrown again after the last throw, as often as one likes."""

    def rethrow(self, game: State, owner: Monster) -> str | None:
        return "3"


@card("Freeze Time")
class FreezeTime(CardEffect):
    """A result whose dice show 1-1-1: another turn afterwards with one die fewer (one
    fewer again for each Freeze Time turn in a row). One turn however many copies (BGA)."""

    def resolved(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if game.rolled["1"] >= 3 and self.first(owner, "resolved"):
            game.next_turns.append(ExtraTurn(owner, game.fewer + 1))


def own_roll_step(game: State, owner: Monster) -> bool:
    """Whether it is `owner`'s roll step, after at least one throw."""
    return game.phase == ROLL and game.active is owner and game.throws > 0


class ExtraThrow(CardEffect):
    """Once the throws are used up: pay for one more throw."""

    def offer(self, game: State, owner: Monster) -> dict[str, Any] | None:
        if own_roll_step(game, owner) and game.throws >= game.throws_allowed:
            return self.price(owner)
        return None

    def price(self, owner: Monster) -> dict[str, Any] | None:
        """The options of the use (what it costs), or None if `owner` cannot pay."""
        raise NotImplementedError

    def use(self, game: State, owner: Monster, inp: Input, options: dict[str, Any]) -> None:
        self.pay(game, owner)
        game.throws_allowed += 1

    def pay(self, game: State, owner: Monster) -> None:
        raise NotImplementedError


@card("Energy Drink")
class EnergyDrink(ExtraThrow):
    def price(self, owner: Monster) -> dict[str, Any] | None:
        return {"card": self.name, "cost": 1} if owner.energy >= 1 else None

    def pay(self, game: State, owner: Monster) -> None:
        owner.energy -= 1


@card("Smoke Cloud")
class SmokeCloud(ExtraThrow, Counter):
    """3 charges (token "smoke"), one per extra throw; discarded when empty. With two
    copies (a Fluxling copy), one use offered, of their charges together, the copy's
    spent first (its card stays)."""

    token, full = "smoke", 3

    def price(self, owner: Monster) -> dict[str, Any] | None:
        charges = 0
        for eff in owner.effects:
            if eff.name == self.name and isinstance(eff, Counter):
                charges += eff.counters(owner)
        return {"card": self.name, "charges": charges} if charges else None

    def pay(self, game: State, owner: Monster) -> None:
        spent: Counter = self
        for eff in owner.effects:  # the Fluxling copy's charges first
            if eff.name == self.name and isinstance(eff, Counter) and eff.counters(owner):
                spent = eff
        left = spent.counters(owner) - 1
        spent.set_counters(game, owner, left)
        if not left:
            game.discard_effect(owner, spent)


class ChangeDie(CardEffect):
    """Change one die of the result (`from` one face `to` another) before resolving."""

    to_faces: tuple[str, ...] = FACES
    price = 0

    def offer(self, game: State, owner: Monster) -> dict[str, Any] | None:
        if not own_roll_step(game, owner) or owner.energy < self.price:
            return None
        sources = [f for f in FACES if f in game.dice and (f,) != self.to_faces]
        if not sources:
            return None
        options: dict[str, Any] = {"card": self.name, "from": sources, "to": list(self.to_faces)}
        if self.price:
            options["cost"] = self.price
        return options

    def use(self, game: State, owner: Monster, inp: Input, options: dict[str, Any]) -> None:
        old, new = check_face(inp.get("from"), "from"), check_face(inp.get("to"), "to")
        if old not in options["from"]:
            raise RuleViolation(
                _(
                    "{card} changes a die showing {faces}",
                    card=_.name(self.name),
                    faces=[face_label(f) for f in options["from"]],
                )
            )
        if new not in options["to"] or new == old:
            raise RuleViolation(
                _(
                    "{card} changes a {face} to {faces}",
                    card=_.name(self.name),
                    face=face_label(old),
                    faces=[face_label(f) for f in options["to"]],
                )
            )
        owner.energy -= self.price
        game.change_die(old, new)
        self.used(game, owner)

    def used(self, game: State, owner: Monster) -> None:
        """After the change: what the card does once used."""


@card("Herd Culler")
class HerdCuller(ChangeDie):
    """Once per turn, one die becomes a 1."""

    to_faces = ("1",)

    def offer(self, game: State, owner: Monster) -> dict[str, Any] | None:
        return None if self._unused(owner, game) is None else super().offer(game, owner)

    def used(self, game: State, owner: Monster) -> None:
        unused = self._unused(owner, game)
        if unused is not None:
            game.used.add(unused)

    def _unused(self, owner: Monster, game: State) -> str | None:
        """A copy of the card not used this turn (each copy once a turn: BGA keys the use
        by the card), as `State.used` says it."""
        for eff in owner.effects:
            if eff.name == self.name and eff.key(owner) not in game.used:
                return eff.key(owner)
        return None


@card("Plot Twist")
class PlotTwist(ChangeDie):
    """One die to any face, then the card is discarded."""

    def used(self, game: State, owner: Monster) -> None:
        game.discard_effect(owner, _last_copy(self, owner))


@card("Stretchy")
class Stretchy(ChangeDie):
    """2 energy: one die to any face (as often as one can pay)."""

    price = 2


@card("Psychic Probe")
class PsychicProbe(CardEffect):
    """After another monster's last throw, its owner may throw one of that monster's dice
    again (a "throw" of 1 die, the others kept); a heart discards the card."""

    def after_throws(self, game: State, owner: Monster, thrower: Monster) -> None:
        if self.first(owner, "after_throws"):  # one question, however many copies
            game.later(lambda g: self._ask(g, owner))

    def _ask(self, game: State, owner: Monster) -> None:
        free = [f for f in game.dice if f in FACE_SET and f != game.locked]  # (a curse's lock)
        if owner.alive and self in owner.effects and free and game.active.alive:
            options = {
                "dice": {"black": game.black, "green": game.green},
                "rerolls": 1,
                "keepable": list(game.dice),
                "card": self.name,
            }
            if game.locked is not None:
                options["locked"] = game.locked
            game.ask(owner, "throw", options, self._answer, optional=True)

    def _answer(self, game: State, pending: Pending, inp: Input) -> None:
        owner = pending.player
        if inp["type"] == "pass":
            game.decided(pending)
            return
        thrown = check_faces(inp.get("thrown"), "thrown")
        kept = check_faces(inp.get("kept", []), "kept", game.faces)
        if len(thrown) != 1:
            raise RuleViolation(
                _("{card} throws 1 die again, not {n}", card=_.name(self.name), n=len(thrown))
            )
        check_rethrow(game.dice, thrown, kept, len(game.dice))
        if game.die_of and len([f for f in kept if f in game.die_of]) != len(
            [f for f in game.dice if f in game.die_of]
        ):  # thrown is a black or green die's face: so was the die thrown again
            raise RuleViolation(
                _("{card} throws again one of the black or green dice", card=_.name(self.name))
            )
        if game.locked is not None and kept.count(game.locked) < game.dice.count(game.locked):
            raise RuleViolation(
                _(
                    "the dice showing {face} may not be thrown again this turn",
                    face=face_label(game.locked),
                )
            )
        game.decided(pending)
        game.dice = kept + thrown
        if thrown == ["heart"]:
            game.discard_effect(owner, _last_copy(self, owner))


def _last_copy(effect: CardEffect, owner: Monster) -> CardEffect:
    """The copy of a card that discards itself once used (Plot Twist, Psychic Probe's
    heart): with two, the Fluxling tile's copy goes (its card stays)."""
    last = effect
    for eff in owner.effects:
        if eff.name == effect.name:
            last = eff
    return last
