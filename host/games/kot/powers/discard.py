"""The discard cards: each acts once, when bought (it is on the discard pile already).

Gains come before losses on the buyer (Jet Fighters: 5 VP, then 4 HP, so a monster at
18 VP and 4 HP is out, not a winner: edge case 12). Damage from these cards is one loss
per monster, all at once, and never offers a yield (edge case 4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from host.games.kot.effects import CardEffect, card, register
from host.games.kot.rules import CITY
from host.games.kot.state import ExtraTurn

if TYPE_CHECKING:
    from host.games.kot.state import Monster, State


class Gain(CardEffect):
    """The buyer gains VP, energy and HP, may lose HP; every other monster may lose HP.

    `everyone` loses HP too, the buyer included (High Altitude Bombing)."""

    def __init__(
        self,
        vp: int = 0,
        energy: int = 0,
        heal: int = 0,
        lose: int = 0,
        others_lose: int = 0,
        everyone_loses: int = 0,
    ) -> None:
        self.vp, self.energy_gain, self.heal_gain = vp, energy, heal
        self.lose, self.others_lose, self.everyone_loses = lose, others_lose, everyone_loses

    def bought(self, game: State, buyer: Monster) -> None:
        if self.vp:
            game.gain_vp(buyer, self.vp)
        if self.energy_gain:
            game.gain_energy(buyer, self.energy_gain)
        if self.heal_gain:
            game.heal(buyer, self.heal_gain)
        if self.lose:
            game.hurt_each([buyer], self.lose, buyer)
        if self.others_lose:
            game.hurt_each(game.clockwise(buyer), self.others_lose, buyer)
        if self.everyone_loses:
            game.hurt_each(game.monsters, self.everyone_loses, buyer)


for _name, _gain in {
    "Apartment Building": Gain(vp=3),
    "Commuter Train": Gain(vp=2),
    "Corner Store": Gain(vp=1),
    "Skyscraper": Gain(vp=4),
    "Energize": Gain(energy=9),
    "Heal": Gain(heal=2),
    "Nuclear Power Plant": Gain(vp=2, heal=3),
    "Jet Fighters": Gain(vp=5, lose=4),
    "National Guard": Gain(vp=2, lose=2),
    "Tank": Gain(vp=4, lose=3),
    "Flame Thrower": Gain(others_lose=2),
    "Gas Refinery": Gain(vp=2, others_lose=3),
    "High Altitude Bombing": Gain(everyone_loses=3),
}.items():
    register(_name, _gain)


@card("Evacuation Orders")
class EvacuationOrders(CardEffect):
    """Every other monster loses 5 VP (VP, not HP)."""

    def bought(self, game: State, buyer: Monster) -> None:
        for m in game.clockwise(buyer):
            game.gain_vp(m, -5)


@card("Vast Storm")
class VastStorm(CardEffect):
    """+2 VP; every other monster loses 1 energy for every 2 it holds."""

    def bought(self, game: State, buyer: Monster) -> None:
        game.gain_vp(buyer, 2)
        for m in game.clockwise(buyer):
            m.energy -= m.energy // 2


@card("Death From Above")
class DeathFromAbove(CardEffect):
    """+2 VP and take Tokyo City if not in Tokyo: the monster in City leaves, one in Bay
    stays; moving in counts as entering Tokyo (policies 21 and 23)."""

    def bought(self, game: State, buyer: Monster) -> None:
        game.gain_vp(buyer, 2)
        if buyer.location is None and not buyer.hooks["stays_out"]:  # (Hibernation)
            if game.city is not None:
                game.leave_tokyo(game.city)
            game.enter_tokyo(buyer, CITY)


@card("Frenzy")
class Frenzy(CardEffect):
    """Another turn after this one, once this turn's end-of-turn effects are done (policy
    20); bought on another monster's turn (Opportunist), it comes after that turn."""

    def bought(self, game: State, buyer: Monster) -> None:
        game.next_turns.append(ExtraTurn(buyer))
