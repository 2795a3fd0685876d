"""Cultists (Monster Pack 01: Cthulhu; rules reference section 3, policies 30-34).

After its dice resolve, the active monster gains one cultist per face (1, 2, 3, heart,
energy, claw) its result holds four or more of, claws added by cards included (policy
31); the supply is unlimited (policy 30). Its owner spends one, at any time, for 1 HP
(its own healing: Regeneration adds 1; never above max HP), 1 energy (Friend of Children
adds 1), or, in its own roll step once its throws are used up, one more throw (policy
33): the "cultist" input, offered whatever else the game waits for. At 0 HP a cultist is
spent by itself to stay alive (it only helps: policy 32). Cultists stay through It Has a
Child! (policy 34) and go with their monster when it is eliminated.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from host.games import Input, Waiting
from host.games.kot.decision_kinds import Answer, DecisionKind, decision_kind
from host.games.kot.effects import CardEffect
from host.games.kot.errors import MalformedInput, NotNow, RuleViolation
from host.games.kot.expansion import Expansion, expansion
from host.games.kot.rules import FACES, OVER, ROLL, ROLLOFF
from host.games.kot.text import _
from host.games.page import choice
from host.games.text import Quoted

if TYPE_CHECKING:
    from host.games.kot.setup import MonsterPosition
    from host.games.kot.state import Monster, State

KIND: Final = "cultist"
# what a cultist is spent for
HP: Final = "hp"
ENERGY: Final = "energy"
THROW: Final = "throw"
SPENDS: Final = (HP, ENERGY, THROW)
FOUR_OF_A_KIND: Final = 4


class Cultists(CardEffect):
    """Each monster's cultists: gained from its result, spent at 0 HP to stay alive."""

    name = "cultists"

    def resolved(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if max(counts.values()) < FOUR_OF_A_KIND:
            return  # the common case, in one step: no face four times
        gained = 0
        for face in FACES:
            if counts[face] >= FOUR_OF_A_KIND:
                gained += 1
        owner.cultists += gained

    def zero_hp(self, game: State, owner: Monster) -> bool:
        while owner.hp <= 0 and owner.cultists:
            owner.cultists -= 1
            if not game.heal(owner, 1):  # no healing now (a curse): the cultist stays
                owner.cultists += 1
                break
        return False


CULTISTS = Cultists()


def spends(game: State, m: Monster) -> list[str]:
    """What `m` may spend a cultist for now (nothing if it has none)."""
    if not m.cultists or not m.alive or game.phase in (OVER, ROLLOFF):
        return []
    out = [HP] if m.hp < m.max_hp else []
    out.append(ENERGY)
    if (
        m is game.active
        and game.phase == ROLL
        and not game.pending
        and game.throws
        and game.throws >= game.throws_allowed
    ):
        out.append(THROW)
    return out


def spend_cultist(game: State, who: Monster, inp: Input) -> None:
    """The "cultist" input: one cultist spent (checked first)."""
    spend = inp.get("spend")
    if spend not in SPENDS:
        raise MalformedInput(
            _(
                'a cultist input says "spend": "hp", "energy" or "throw", not {value}',
                value=Quoted(spend),
            )
        )
    if not who.cultists:
        raise RuleViolation(_("{player} has no cultist to spend", player=who.name))
    if spend not in spends(game, who):
        if spend == HP:
            raise RuleViolation(
                _(
                    "{player} is at its most HP ({hp}): a cultist heals no more",
                    player=who.name,
                    hp=who.max_hp,
                )
            )
        raise NotNow(
            _(
                "{player} spends a cultist for a throw only in its own roll, once its throws "
                "are used up",
                player=who.name,
            )
        )
    who.cultists -= 1
    if spend == HP:
        game.heal(who, 1)  # its own healing event
    elif spend == ENERGY:
        game.gain_energy(who, 1)
    else:
        game.throws_allowed += 1


@decision_kind(KIND, ("spend",), spend_cultist)
class SpendCultist(DecisionKind):
    """A cultist spent for 1 HP, 1 energy or one more throw, at any time."""

    verb = _("spend a cultist")

    standing = True

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        labels = {
            HP: _("Spend a cultist: +1 HP"),
            ENERGY: _("Spend a cultist: +1 energy"),
            THROW: _("Spend a cultist: one more throw"),
        }
        return {
            "title": _(
                "{player}: spend a cultist ({n} left)?", player=w.player, n=w.options["cultists"]
            ),
            "choices": [choice(labels[s], {**base, "spend": s}) for s in w.options["spend"]],
        }

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp["spend"] = rng.choice(options["spend"])


@expansion("cultists")
class CultistsExpansion(Expansion):
    def setup(self, game: State) -> None:
        for m in game.monsters:
            game.give_effect(m, CULTISTS)

    def place(self, game: State, m: Monster, mp: MonsterPosition) -> None:
        m.cultists = mp.cultists

    def monster_json(self, game: State, m: Monster, out: dict[str, Any]) -> None:
        out["cultists"] = m.cultists

    def offers(self, game: State) -> list[Waiting]:
        waits = []
        for m in game.monsters:
            if m.cultists:
                spend = spends(game, m)
                if spend:
                    options = {"spend": spend, "cultists": m.cultists, "any_time": True}
                    waits.append(Waiting(m.name, KIND, options))
        return waits
