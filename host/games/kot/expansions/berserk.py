"""Berserk (Monster Pack 04: Cybertooth; rules reference section 4, policies 35-39).

A monster whose result holds four or more claws when its claws resolve (the berserk die's
double claw counts 2, claws added by cards count; whether or not anyone loses HP: policy
36) becomes berserk. While berserk it throws the berserk die with its other dice, from
its next turn's first throw (policy 39), kept or thrown again like any die; dice-count
effects (Shrink Ray, Freeze Time) never remove it. Its faces resolve with the result: 1
or 2 energy, 1 or 2 claws added to the Smash, and the skull: 1 HP lost from the monster's
own die once its claws have resolved (not a Smash: policy 38). The monster stops being
berserk as soon as it gains HP by its own doing (hearts, cards, cultists, the tower,
tiles): a heal that changes nothing, HP from another monster (Healing Ray) and It Has a
Child!'s reset do not end it (policy 37). Hearts resolve before claws, so one result can
end berserk and start it again; a berserk die thrown before berserk ended still resolves
with its result. If berserk ends during its own roll (a cultist, Rapid Healing), the die
leaves the dice at once.

The die's faces in throw inputs: "berserk_energy", "berserk_energy_2", "berserk_claw"
(two sides), "berserk_claw_2", "berserk_skull".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from host.games.kot.effects import CardEffect
from host.games.kot.errors import RuleViolation
from host.games.kot.expansion import Expansion, expansion
from host.games.kot.rules import ROLL
from host.games.kot.setup import SetupError
from host.games.kot.text import _, face_label
from host.games.text import Quoted

if TYPE_CHECKING:
    from host.games.kot.setup import MonsterPosition, Setup
    from host.games.kot.state import Monster, State

DIE: Final = "berserk"
ENERGY: Final = "berserk_energy"
ENERGY_2: Final = "berserk_energy_2"
CLAW: Final = "berserk_claw"
CLAW_2: Final = "berserk_claw_2"
SKULL: Final = "berserk_skull"
FACES: Final = (ENERGY, ENERGY_2, CLAW, CLAW, CLAW_2, SKULL)  # one per side, BGA's order (1-6)
GIVES = {ENERGY: ("energy", 1), ENERGY_2: ("energy", 2), CLAW: ("claw", 1), CLAW_2: ("claw", 2)}
ENTER_CLAWS: Final = 4  # claws of a result that make its monster berserk
SKULL_HP: Final = 1


class Berserk(CardEffect):
    """Every monster's: four claws make it berserk; the berserk die's skull once its claws
    have resolved (also when its hearts ended berserk in this result); the end of berserk
    on its own healing. (The die's energy and claws join the result where the dice are
    counted: `State.gives`.)"""

    name = "berserk"
    told = False  # going berserk is its claws' doing; the skull's loss is told as the die's

    def clawed(self, game: State, owner: Monster, claws: int) -> None:
        if not owner.berserk and claws >= ENTER_CLAWS:
            owner.berserk = True
        if game.other_dice and SKULL in game.dice:  # its own die's loss (policy 38)
            told = game.causes is not None
            if told:
                game.because(_("the berserk die"))
            game.hurt_each([owner], SKULL_HP, owner)
            if told:
                game.because(None)

    def healed(self, game: State, owner: Monster, hp: int, own: bool) -> None:
        if own and owner.berserk:
            end_berserk(game, owner)


BERSERK = Berserk()


def end_berserk(game: State, m: Monster) -> None:
    m.berserk = False
    if m is not game.active:
        return
    if game.phase == ROLL and game.other_dice.get(DIE):
        del game.other_dice[DIE]  # its die leaves the dice it throws
        dice = game.dice
        for face in dice:
            if face in GIVES or face == SKULL:
                dice.remove(face)
                break
    options = game.setup.options
    if game.pending and (options.curses or options.transformation):
        # a curse's rethrow being picked or thrown (Confused Senses, False Blessing) after
        # the last throw, or the beast form's one die: the die lies as it was thrown, never
        # thrown again now
        from host.games.kot.expansions.curse_decisions import berserk_ended

        berserk_ended(game)


FACE_SET = frozenset(FACES)


def berserk_faces(dice: list[str]) -> int:
    return sum(map(FACE_SET.__contains__, dice))


@expansion("berserk")
class BerserkExpansion(Expansion):
    die = DIE
    die_said = _("the berserk die")
    faces = FACES
    gives = GIVES

    def setup(self, game: State) -> None:
        for m in game.monsters:
            game.give_effect(m, BERSERK)

    def check(self, setup: Setup) -> None:
        pos = setup.position
        if pos is None:
            return
        for name, mp in pos.monsters.items():
            at = f"position.monsters.{name}.berserk"
            if not isinstance(mp.berserk, bool):
                raise SetupError(
                    _("{at}: true or false, not {value}", at=at, value=Quoted(mp.berserk))
                )
            if mp.berserk and not setup.options.berserk:
                raise SetupError(
                    _("{at}: only with the option {option}", at=at, option=Quoted("berserk"))
                )
            if mp.berserk and mp.hp == 0:
                raise SetupError(_("{at}: an eliminated monster is not berserk", at=at))

    def place(self, game: State, m: Monster, mp: MonsterPosition) -> None:
        m.berserk = mp.berserk

    def out(self, game: State, m: Monster) -> None:
        m.berserk = False

    def turn_dice(self, game: State, m: Monster) -> int:
        return 1 if m.berserk else 0

    def check_throw(self, game: State, thrown: list[str], kept: list[str], last: bool) -> None:
        n = game.other_dice.get(DIE, 0)
        shown = sum(map(FACE_SET.__contains__, thrown)) + sum(map(FACE_SET.__contains__, kept))
        if shown != n:
            if n:
                raise RuleViolation(
                    _(
                        "{player} is berserk: the berserk die is one of its dice (faces {faces})",
                        player=game.active.name,
                        faces=[face_label(f) for f in dict.fromkeys(FACES)],
                    )
                )
            raise RuleViolation(
                _(
                    "{player} is not berserk: no berserk die in its throw (it comes with four "
                    "claws, from the next turn)",
                    player=game.active.name,
                )
            )
        if last and berserk_faces(thrown):
            raise RuleViolation(_("after the last throw the berserk die stays as it lies"))

    def monster_json(self, game: State, m: Monster, out: dict[str, Any]) -> None:
        out["berserk"] = m.berserk
