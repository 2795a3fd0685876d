"""The transformation card (the Mutant Evolutions variant; rules reference section 6.3,
policies 57, 58; docs/kot-expansions.md).

Each monster has a transformation card, robot side up (BGA's "Biped form"). After its
Enter Tokyo step and before buying, the active monster may pay 1 energy to flip it, either
way: the decision "transform" (or "pass"), asked once a turn and only when it has the
energy. The robot side does nothing. On the beast side:

- once in its roll step, after a throw (after its last one too), it may throw one of its
  dice one extra time: the input "beast_reroll" picks the die (`face`), then the monster
  throws it (a "throw" decision with `forced`, as a curse's rethrow: the camera follows
  it); that throw is none of the turn's throws (it uses up none and needs none left:
  Giant Brain's extra throw stays), and it never takes the die of fate nor a locked die;
- it has no buy step: its turn goes from the flip to its end (no purchase, no sweep, and
  none of the buy step's cards: Made in a Lab), as BGA skips the whole step.

The card is no power card: It Has a Child! and elimination leave its side as it is.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from host.games import Input, Waiting
from host.games.kot.checks import check_energy
from host.games.kot.decision_kinds import Answer, DecisionKind, decision_kind
from host.games.kot.errors import MalformedInput, NotNow, RuleViolation
from host.games.kot.expansion import Expansion, expansion
from host.games.kot.expansions.curse_decisions import free_dice, throw_again
from host.games.kot.rules import ROLL
from host.games.kot.setup import SetupError
from host.games.kot.text import _, face_label
from host.games.kot.waiting import expect
from host.games.page import choice
from host.games.text import OneOf, Quoted, Text

if TYPE_CHECKING:
    from host.games.kot.setup import MonsterPosition, Setup
    from host.games.kot.state import Monster, Pending, State

ROBOT: Final = "robot"
BEAST: Final = "beast"
FORMS: Final = (ROBOT, BEAST)
FLIP_COST: Final = 1
FLIP: Final = "transform"  # the decision: the card flipped (or "pass")
REROLL: Final = "beast_reroll"  # the input: the beast's die thrown once more
USED: Final = "beast form"  # in `State.used`: the beast's extra throw is spent this turn


# ---- the flip --------------------------------------------------------------------------


def _decide_flip(game: State, pending: Pending, inp: Input) -> None:
    m = pending.player
    if inp["type"] == "pass":
        game.decided(pending)
        return
    cost = pending.options["cost"]
    check_energy(m, cost)  # (spent meanwhile)
    game.decided(pending)
    m.energy -= cost
    m.form = pending.options["form"]


def form_name(form: str) -> Text:
    """The side's name, said for people: "beast form"."""
    return _("beast form") if form == BEAST else _("robot form")


@decision_kind(FLIP, ())
class Transform(DecisionKind):
    """The active monster's transformation card flipped for 1 energy, after its Enter
    Tokyo step (or "pass")."""

    verb = _("flip the transformation card")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        form, cost = w.options["form"], w.options["cost"]
        if form == BEAST:
            title = _("{player}: flip to the beast form ({cost}⚡)?", player=w.player, cost=cost)
            label = _("Flip to the beast form ({cost}⚡)", cost=cost)
        else:
            title = _(
                "{player}: flip back to the robot form ({cost}⚡)?", player=w.player, cost=cost
            )
            label = _("Flip to the robot form ({cost}⚡)", cost=cost)
        return {"title": title, "choices": [choice(label, base)]}

    def declined(self, game: State, player: str) -> Text | None:
        return _("{player}: keep the transformation card as it is?", player=player)


# ---- the beast's extra throw of one die ---------------------------------------------------


def rerollable(game: State) -> list[str]:
    """The faces of the active monster's dice it may throw once more now (none if it may
    not): a beast in its roll step, after a throw, its extra throw not spent; its black and
    green dice and the berserk die, not the die of fate nor a locked die."""
    m = game.active
    if m.form != BEAST or game.phase != ROLL or game.pending or not game.throws:
        return []
    if USED in game.used or not m.alive:
        return []
    return sorted(set(free_dice(game, again=True)), key=game.face_rank)


def on_beast_reroll(game: State, who: Monster, inp: Input) -> None:
    face = inp.get("face")
    if not isinstance(face, str):
        raise MalformedInput(
            _(
                'a beast_reroll input says "face": the die thrown again, not {value}',
                value=Quoted(face),
            )
        )
    if game.phase != ROLL or who is not game.active:
        expect(game, who, REROLL, game.phase == ROLL)
    if who.form != BEAST:
        raise RuleViolation(
            _(
                "{player} is in robot form: only the beast form throws a die once more",
                player=who.name,
            )
        )
    if USED in game.used:
        raise RuleViolation(
            _("{player} has thrown a die once more this turn already (beast form)", player=who.name)
        )
    if not game.throws:
        raise NotNow(_("{player} throws a die once more only after a throw", player=who.name))
    dice = rerollable(game)
    if face not in dice:
        raise RuleViolation(
            _(
                "pick one of the dice showing {faces}",
                faces=OneOf(face_label(f) for f in dice),
            )
        )
    game.used.add(USED)
    throw_again(game, [face], BEAST, "form")


def give_back_throw(game: State) -> None:
    """The die picked left the dice before it was thrown (the berserk die, berserk ended):
    the beast's extra throw is not spent."""
    game.used.discard(USED)


@decision_kind(REROLL, ("face",), on_beast_reroll)
class BeastReroll(DecisionKind):
    """One of the active monster's dice thrown once more, once a turn (the beast form)."""

    verb = _("throw a die once more as a beast")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        return {
            "title": _("{player}: throw one die once more (beast form)?", player=w.player),
            # (the title says "beast form" once: each of the six buttons said it on a phone)
            "choices": [
                choice(
                    _("Throw again the die showing {face}", face=face_label(f)), {**base, "face": f}
                )
                for f in w.options["dice"]
            ],
        }

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp["face"] = rng.choice(options["dice"])


# ---- the expansion -------------------------------------------------------------------------


@expansion("transformation")
class TransformationExpansion(Expansion):
    def check(self, setup: Setup) -> None:
        pos = setup.position
        if pos is None:
            return
        for name, mp in pos.monsters.items():
            at = f"position.monsters.{name}.form"
            if mp.form not in FORMS:
                raise SetupError(
                    _('{at}: "robot" or "beast", not {value}', at=at, value=Quoted(mp.form))
                )
            if mp.form == BEAST and not setup.options.transformation:
                raise SetupError(
                    _("{at}: only with the option {option}", at=at, option=Quoted("transformation"))
                )

    def place(self, game: State, m: Monster, mp: MonsterPosition) -> None:
        m.form = mp.form

    def monster_json(self, game: State, m: Monster, out: dict[str, Any]) -> None:
        out["form"] = m.form

    def before_buy(self, game: State) -> None:
        m = game.active
        if m.energy >= FLIP_COST:  # asked only when it can pay
            to = BEAST if m.form == ROBOT else ROBOT
            game.ask(m, FLIP, {"form": to, "cost": FLIP_COST}, _decide_flip, optional=True)

    def buys(self, game: State, m: Monster) -> bool:
        return m.form != BEAST  # the beast's buy step is skipped whole (policy 58)

    def offers(self, game: State) -> list[Waiting]:
        dice = rerollable(game)
        return [Waiting(game.active.name, REROLL, {"dice": dice})] if dice else []
