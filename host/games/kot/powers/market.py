"""Keep cards about buying and owning power cards.

Buying from another monster (Parasitic Tentacles) or the deck's top card (Made in a Lab)
is buying a power card like any other (policies 28 and 41: on-purchase effects,
Media-Friendly and Alien Origin apply).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from host.games.kot import market
from host.games.kot.checks import card_chosen, card_named, only_fields
from host.games.kot.effects import CardEffect, card
from host.games.kot.errors import RuleViolation
from host.games.kot.rules import BUY
from host.games.kot.text import _
from host.games.text import Quoted, Text

if TYPE_CHECKING:
    from host.games import Input
    from host.games.kot.state import Monster, Pending, State


@card("Alien Origin")
class AlienOrigin(CardEffect):
    def cost(self, game: State, owner: Monster, card: str, cost: int) -> int:
        return cost - 1


@card("Parasitic Tentacles")
class ParasiticTentacles(CardEffect):
    """Its owner may buy keep cards other monsters own, paying them (a "buy" input with
    "from": the owner's name)."""

    buys_owned = True


@card("Made in a Lab")
class MadeInALab(CardEffect):
    """In its owner's buy step: look at the deck's top card ("use"), then it may be
    bought ("buy" with "from": "deck")."""

    def offer(self, game: State, owner: Monster) -> dict[str, Any] | None:
        mine = game.phase == BUY and game.active is owner and game.peek is not owner
        return {"card": self.name} if mine and market.can_look(game) else None

    def use(self, game: State, owner: Monster, inp: Input, options: dict[str, Any]) -> None:
        market.look_at_top(game, owner)


@card("Opportunist")
class Opportunist(CardEffect):
    """A card revealed (in another monster's turn): its owner may buy it at once."""

    def revealed(self, game: State, owner: Monster, cards: list[str]) -> None:
        if self.first(owner, "revealed"):  # one question, however many copies
            game.later(lambda g: self._ask(g, owner, cards))

    def _ask(self, game: State, owner: Monster, cards: list[str]) -> None:
        if not owner.alive or self not in owner.effects or owner is game.active:
            return
        if not game.may_buy(owner):  # a curse (Forbidden Library)
            return
        offer = []
        for c in dict.fromkeys(cards):
            cost = game.card_cost(owner, c)
            if c in game.face_up and cost <= owner.energy and market.may_have(game, owner, c):
                offer.append({"card": c, "cost": cost})
        if offer:
            options = {"cards": offer, "card": self.name}
            game.ask(owner, "buy", options, self._answer, optional=True, data=cards)

    def _answer(self, game: State, pending: Pending, inp: Input) -> None:
        owner, cards = pending.player, pending.data
        if inp["type"] == "pass":
            game.decided(pending)
            return
        only_fields(inp, (), self.name)
        bought = card_named(inp.get("card"))
        if bought not in (o["card"] for o in pending.options["cards"]):
            names = [_.name(o["card"]) for o in pending.options["cards"]]
            raise RuleViolation(
                _(
                    "{player} may buy {cards} now, not {card}",
                    player=owner.name,
                    cards=names,
                    card=_.name(bought),
                )
            )
        cost = game.card_cost(owner, bought)
        if cost > owner.energy:  # spent meanwhile (Rapid Healing)
            raise RuleViolation(
                _(
                    "{card} costs {cost} energy, {player} has {energy}",
                    card=_.name(bought),
                    cost=cost,
                    player=owner.name,
                    energy=owner.energy,
                )
            )
        game.decided(pending)
        game.later(lambda g: self._ask(g, owner, cards))  # then maybe another of these
        market.purchase(game, owner, bought, cost, game.face_up.index(bought))


@card("Metamorph")
class Metamorph(CardEffect):
    """End of its owner's turn: discard keep cards ("use" with "target": the card), one
    at a time, each for its printed cost in energy; "pass" to stop."""

    def before_end(self, game: State, owner: Monster) -> None:
        if self.first(owner, "before_end"):  # one question, however many copies
            self._ask(game, owner)

    def _ask(self, game: State, owner: Monster) -> None:
        if owner.alive and self in owner.effects and owner.cards:
            targets = [{"target": c} for c in dict.fromkeys(owner.cards)]
            options = {"card": self.name, "targets": targets}
            game.ask(owner, "use", options, self._answer, optional=True)

    def _answer(self, game: State, pending: Pending, inp: Input) -> None:
        owner = pending.player
        if inp["type"] == "pass":
            game.decided(pending)
            return
        only_fields(inp, ("target",), self.name)
        target = card_named(inp.get("target"))
        if target not in owner.cards:
            raise RuleViolation(
                _("{player} has no {card} to discard", player=owner.name, card=_.name(target))
            )
        game.decided(pending)
        game.take_card(owner, target)
        game.discard.append(target)
        game.gain_energy(owner, market.printed_cost(game, target))
        self._ask(game, owner)


@card("Mimic")
class Mimic(CardEffect):
    """Copies a keep card another monster owns, as if just bought (policy 36): chosen
    when bought, and again at the start of its owner's turn for 1 energy ("use" with
    "target" and "owner"). The copy ends when that card leaves its owner."""

    priority = 5  # its switch after the other start-of-turn effects (expansions' order)

    def bought(self, game: State, buyer: Monster) -> None:
        self._ask(game, buyer, 0)

    def start_turn(self, game: State, owner: Monster) -> None:
        if owner.energy >= 1:
            self._ask(game, owner, 1)

    def lost(self, game: State, owner: Monster) -> None:
        if self not in owner.effects:
            game.set_mimic(owner, None)

    def _ask(self, game: State, owner: Monster, cost: int) -> None:
        targets = [
            {"target": c, "owner": m.name}
            for m in game.clockwise(owner)
            for c in dict.fromkeys(m.cards)
            if (c, m.name) != owner.mimic
        ]
        if targets:
            options = {"card": self.name, "cost": cost, "targets": targets}
            game.ask(owner, "use", options, self._answer, optional=True)

    def _answer(self, game: State, pending: Pending, inp: Input) -> None:
        owner = pending.player
        if inp["type"] == "pass":
            game.decided(pending)
            return

        def refused(target: str, of: object) -> Text:
            return _(
                "{player} cannot copy {card} of {owner}",
                player=owner.name,
                card=_.name(target),
                owner=Quoted(of),
            )

        target, named = card_chosen(inp, pending.options["targets"], self.name, refused)
        if owner.energy < pending.options["cost"]:
            raise RuleViolation(
                _("{player} has no energy left to pay for a new copy", player=owner.name)
            )
        game.decided(pending)
        owner.energy -= pending.options["cost"]
        game.set_mimic(owner, (target, named))
