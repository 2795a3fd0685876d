"""Keep cards about claws, damage, its prevention, tokens and elimination.

Claws added by cards are claws of the result (policy 32); Spiked Tail and Urbavore add
theirs after the others. Prevention of one loss of HP goes Wings, Camouflage, Armor
Plating (policy 24; `CardEffect.defend` in priority order); the victims are asked one
after the other. At 0 HP, Rapid Healing pays to stay in (automatic: it only helps), then
It Has a Child! brings its owner back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from host.games.kot.cards import DARK
from host.games.kot.checks import check_faces, only_fields
from host.games.kot.effects import CardEffect, card
from host.games.kot.errors import RuleViolation
from host.games.kot.rules import BLACK_DICE, GREEN_DICE, POISON, SHRINK, START_HP
from host.games.kot.state import Hit
from host.games.kot.text import _

if TYPE_CHECKING:
    from host.games import Input
    from host.games.kot.state import Monster, Pending, State


@card("Acid Attack")
class AcidAttack(CardEffect):
    def result(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        counts["claw"] += 1


@card("Poison Quills")
class PoisonQuills(CardEffect):
    def result(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if game.rolled["2"] >= 3:  # the dice only
            counts["claw"] += 2


@card("Spiked Tail")
class SpikedTail(CardEffect):
    priority = 1  # after the cards that add claws whatever the dice show

    def result(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if counts["claw"]:
            counts["claw"] += 1


@card("Burrowing")
class Burrowing(CardEffect):
    """+1 claw while in Tokyo, claw rolled or not (policy 31); yielding Tokyo, the
    monster taking its place loses 1 HP (in the enter step), one loss of 1 HP per copy
    its owner has then (BGA)."""

    burrows = True

    def result(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if owner.location is not None:
            counts["claw"] += 1

    def yielded(self, game: State, owner: Monster, place: str) -> None:
        game.burrowed[place] = owner


@card("Nova Breath")
class NovaBreath(CardEffect):
    """The Smash hits every other monster, wherever it is."""

    def smash(self, game: State, owner: Monster, hits: list[Hit]) -> None:
        hit = {h.victim for h in hits}
        for m in game.clockwise(owner):
            if m not in hit:
                hits.append(Hit(m, game.claws, owner, smash=True))


@card("Fire Breathing")
class FireBreathing(CardEffect):
    """The nearest living neighbours, left and right (one in a 2-player game), lose 1 HP
    more, wherever they are: a loss of its own (policies 25, 40), of 1 HP per copy."""

    def smash(self, game: State, owner: Monster, hits: list[Hit]) -> None:
        if not self.first(owner, "smash"):
            return
        others = game.clockwise(owner)  # (none left: a curse ended them before the claws)
        n = self.copies(owner)
        for m in dict.fromkeys((others[0], others[-1])) if others else ():
            hits.append(Hit(m, n, owner))


class Token(CardEffect):
    """Each monster the Smash makes lose HP gets a token (policy 33)."""

    token = ""

    def smashed(self, game: State, owner: Monster, victim: Monster, lost: int) -> None:
        game.set_token(victim, self.token, victim.tokens.get(self.token, 0) + 1)


@card("Poison Spit")
class PoisonSpit(Token):
    """Poison: 1 HP per token at the end of the poisoned monster's turn (engine)."""

    token = POISON


@card("Shrink Ray")
class ShrinkRay(Token):
    """Shrink: 1 die fewer per token (engine, at the start of a turn)."""

    token = SHRINK


@card("Jets")
class Jets(CardEffect):
    """Yielding Tokyo after a Smash, its owner loses no HP to it; the loss waits for the
    decision (so a lethal Smash can be fled)."""

    yields_unhurt = True


@card("Healing Ray")
class HealingRay(CardEffect):
    """Its owner's hearts may heal other monsters (in Tokyo too: policy 35), each HP
    paid 2 energy by the monster healed (the "hearts" and "healing" decisions)."""

    heals_others = True


@card("Armor Plating")
class ArmorPlating(CardEffect):
    priority = 2

    def defend(self, game: State, owner: Monster, hit: Hit) -> bool:
        if hit.amount == 1:
            hit.amount = 0
        return False


class PaidDefence(CardEffect):
    """A defence its owner pays energy for, asked when it would lose HP (a "use", or
    "pass"): Wings, Super Jump (the Dark Edition's)."""

    price = 0

    def defend(self, game: State, owner: Monster, hit: Hit) -> bool:
        if owner.energy < self.price or not self.may(game, owner):
            return False
        options = {"card": self.name, "cost": self.price, "lost": hit.amount}
        game.ask(owner, "use", options, self._answer, optional=True, data=hit)
        return True

    def may(self, game: State, owner: Monster) -> bool:
        """Whether the card may be used now (besides its price)."""
        return True

    def prevent(self, game: State, owner: Monster, hit: Hit) -> None:
        """Used (and paid): what it takes off the loss."""
        raise NotImplementedError

    def _answer(self, game: State, pending: Pending, inp: Input) -> None:
        only_fields(inp, (), self.name)
        owner, hit = pending.player, pending.data
        if inp["type"] == "use" and owner.energy < self.price:  # spent meanwhile
            raise RuleViolation(
                _(
                    "{player} has no {cost} energy left for {card}",
                    player=owner.name,
                    cost=self.price,
                    card=_.name(self.name),
                )
            )
        game.decided(pending)
        if inp["type"] == "use":
            owner.energy -= self.price
            self.prevent(game, owner, hit)
        game.defend(hit)


@card("Wings")
class Wings(PaidDefence):
    """2 energy: no HP lost for the rest of the turn; asked when its owner would lose HP."""

    priority = 0
    price = 2

    def defend(self, game: State, owner: Monster, hit: Hit) -> bool:
        if owner in game.shielded:
            hit.amount = 0
            return False
        if not self.first(owner, "defend"):
            return False  # asked once, however many copies
        return super().defend(game, owner, hit)

    def prevent(self, game: State, owner: Monster, hit: Hit) -> None:
        game.shielded.append(owner)
        hit.amount = 0


@card("Camouflage")
class Camouflage(CardEffect):
    """A throw of one die per HP about to be lost (at most the box's 8 dice); each heart
    cancels 1."""

    priority = 1

    def defend(self, game: State, owner: Monster, hit: Hit) -> bool:
        if not self.first(owner, "defend"):
            return False  # one throw, however many copies (BGA)
        n = min(hit.amount, BLACK_DICE + GREEN_DICE)
        dice = {"black": min(n, BLACK_DICE), "green": max(0, n - BLACK_DICE)}
        options = {"dice": dice, "card": self.name, "lost": hit.amount}
        game.ask(owner, "throw", options, self._answer, data=hit)
        return True

    def _answer(self, game: State, pending: Pending, inp: Input) -> None:
        thrown = check_faces(inp.get("thrown"), "thrown")
        dice = pending.options["dice"]
        n = dice["black"] + dice["green"]
        if check_faces(inp.get("kept", []), "kept") or len(thrown) != n:
            raise RuleViolation(
                _(
                    "{card} throws {n, plural, one {# die} other {# dice}} (one "
                    "per HP), keeping none",
                    card=_.name(self.name),
                    n=n,
                )
            )
        hit = pending.data
        game.decided(pending)
        hit.amount = max(0, hit.amount - thrown.count("heart"))
        game.defend(hit)


@card("Rapid Healing")
class RapidHealing(CardEffect):
    """At any time, 2 energy: +1 HP; at 0 HP it is used at once if it can pay."""

    any_time = True
    price = 2

    def offer(self, game: State, owner: Monster) -> dict[str, Any] | None:
        if owner.energy >= self.price and owner.hp < owner.max_hp:
            return {"card": self.name, "cost": self.price, "any_time": True}
        return None

    def use(self, game: State, owner: Monster, inp: Input, options: dict[str, Any]) -> None:
        owner.energy -= self.price
        game.heal(owner, 1)  # a healing event of its own (policy 41)

    def zero_hp(self, game: State, owner: Monster) -> bool:
        if owner.energy >= self.price:
            owner.energy -= self.price
            game.heal(owner, 1)
        return False


@card("It Has a Child!")
class ItHasAChild(CardEffect):
    """At 0 HP: all its cards discarded (this one too), VP and tokens lost, back to 10
    HP outside Tokyo, energy kept, still playing; it counts as reaching 0 HP (Eater of
    the Dead). The Dark Edition's card also puts the wickedness gauge back to 0 (its
    tiles go either way: policy 12)."""

    priority = 1  # after Rapid Healing

    def zero_hp(self, game: State, owner: Monster) -> bool:
        back_again(game, owner, gauge=game.setup.options.deck == DARK)
        owner.tokens = {}
        owner.hp = START_HP
        game.update_max_hp(owner)  # 10, or lower under a curse (Bow Before Ra)
        return True


def back_again(game: State, owner: Monster, gauge: bool) -> None:
    """A monster back in the game at 0 HP (It Has a Child!, Zombify): its cards
    discarded, what the expansions say (its wickedness tiles discarded), VP to 0, out of
    Tokyo; `gauge`: its wickedness gauge back to 0 too (the Dark Edition's cards)."""
    game.discard_all(owner)
    for x in game.expansions:
        x.revived(game, owner)
    if gauge:
        owner.wickedness = 0  # thresholds can be passed again (policy 7)
    owner.vp = 0
    game.leave_tokyo(owner)
