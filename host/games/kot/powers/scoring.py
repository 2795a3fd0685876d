"""Keep cards that give VP, energy or HP at their moment, and need no decision.

Cards that look at the result: "the result has a claw" counts claws added by cards
(policy 32); Complete Destruction, Gourmet and Detritivore look at the dice only
(`game.rolled`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from host.games.kot.cards import RENAMED
from host.games.kot.effects import EFFECTS, CardEffect, Counter, card, register

if TYPE_CHECKING:
    from host.games.kot.state import Monster, State

BIG_HP = 12  # max HP with Even Bigger


@card("Alpha Monster")
class AlphaMonster(CardEffect):
    def resolved(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if counts["claw"]:
            game.gain_vp(owner, 1)


@card("Complete Destruction")
class CompleteDestruction(CardEffect):
    def resolved(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if all(game.rolled.values()):  # every face shows on the dice
            game.gain_vp(owner, 9)


@card("Gourmet")
class Gourmet(CardEffect):
    def resolved(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if game.rolled["1"] >= 3:
            game.gain_vp(owner, 2)


@card("Detritivore")
class Detritivore(CardEffect):
    def resolved(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        rolled = game.rolled
        if rolled["1"] and rolled["2"] and rolled["3"]:
            game.gain_vp(owner, 2)


@card("Media-Friendly")
class MediaFriendly(CardEffect):
    """+1 VP for each power card its owner buys, not for itself (policy 36)."""

    def any_bought(self, game: State, owner: Monster, buyer: Monster, card: str) -> None:
        if buyer is owner and card != self.name:
            game.gain_vp(owner, 1)


@card("Eater of the Dead")
class EaterOfTheDead(CardEffect):
    def eliminated(self, game: State, owner: Monster, victim: Monster) -> None:
        game.gain_vp(owner, 3)


@card("Energy Hoarder")
class EnergyHoarder(CardEffect):
    def end_turn(self, game: State, owner: Monster) -> None:
        if owner.energy >= 6:
            game.gain_vp(owner, owner.energy // 6)


@card("Herbivore")
class Herbivore(CardEffect):
    """+1 VP at the end of a turn in which its owner made no other monster lose HP
    (policy 34)."""

    def end_turn(self, game: State, owner: Monster) -> None:
        if not game.harmed:
            game.gain_vp(owner, 1)


@card("Rooting for the Underdog")
class RootingForTheUnderdog(CardEffect):
    """+1 VP at the end of its owner's turn if no living monster has fewer VP (ties
    count: policy 27); checked once, +1 VP per copy (BGA)."""

    def end_turn(self, game: State, owner: Monster) -> None:
        if self.first(owner, "end_turn") and all(
            m.vp >= owner.vp for m in game.monsters if m.alive
        ):
            game.gain_vp(owner, self.copies(owner))


@card("Solar Powered")
class SolarPowered(CardEffect):
    """At the end of its owner's turn, with no energy: +1 energy (checked once, +1 per
    copy: BGA). The Dark Edition's Lunar Powered is this card renamed (cards.RENAMED)."""

    def end_turn(self, game: State, owner: Monster) -> None:
        if owner.energy == 0 and self.first(owner, "end_turn"):
            game.gain_energy(owner, self.copies(owner))


for _old, (_new, _cost) in RENAMED.items():
    register(_new, type(EFFECTS[_old])())


@card("Friend of Children")
class FriendOfChildren(CardEffect):
    def energy(self, game: State, owner: Monster, amount: int) -> int:
        return amount + 1 if amount > 0 else amount


@card("Regeneration")
class Regeneration(CardEffect):
    """+1 HP per healing event (policy 26)."""

    def heal(self, game: State, owner: Monster, amount: int) -> int:
        return amount + 1 if amount > 0 else amount


@card("We're Only Making It Stronger!")
class OnlyMakingItStronger(CardEffect):
    """+1 energy for a single loss of 2 HP or more (policy 25)."""

    def lost_hp(self, game: State, owner: Monster, amount: int) -> None:
        if amount >= 2:
            game.gain_energy(owner, 1)


@card("Even Bigger")
class EvenBigger(CardEffect):
    """Max HP 12 while owned, +2 HP when bought; losing it lowers max HP back and caps
    HP (policy 37)."""

    big = True

    def gained(self, game: State, owner: Monster) -> None:
        game.update_max_hp(owner)

    def lost(self, game: State, owner: Monster) -> None:
        game.update_max_hp(owner)

    def bought(self, game: State, buyer: Monster) -> None:
        game.heal(buyer, 2)


@card("Battery Monster")
class BatteryMonster(Counter):
    """6 energy on the card (token "battery"); 2 move to its owner's pool at the start of
    each of its turns; discarded when empty. Each copy has its own (BGA: a Fluxling
    copy's on the tile)."""

    token, full = "battery", 6

    def start_turn(self, game: State, owner: Monster) -> None:
        left = self.counters(owner)
        move = min(2, left)
        self.set_counters(game, owner, left - move)
        if move:
            game.gain_energy(owner, move)
        if left - move == 0:
            game.discard_effect(owner, self)


@card("Urbavore")
class Urbavore(CardEffect):
    """+1 VP when its owner starts a turn in Tokyo (in the two-player variant too); in
    Tokyo, a result with a claw gets one more."""

    priority = 1  # after the cards that add claws whatever the dice show

    def start_turn(self, game: State, owner: Monster) -> None:
        if owner.location is not None:
            game.gain_vp(owner, 1)

    def result(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if owner.location is not None and counts["claw"]:
            counts["claw"] += 1
