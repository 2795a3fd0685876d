"""The keep advisor: before a rethrow, the exact odds of what a player cares about, for
the keep choices that matter.

Each goal is "at least `need` dice showing one face" by the end of the throws left, when
the player keeps every die that shows that face and throws the others again (the way one
chases a face). Under that play each free die shows the face by the end with chance
1 - (5/6)^throws, independently of the others, so the chance of the goal is a binomial
tail, exact as a fraction (tests/games/kot/test_advisor.py checks it against every
sequence of throws enumerated).

The goals:
- three of a kind of a number already showing (its VP: the number, +1 per extra die);
- enough claws to knock out the weakest monster the throw would hit;
- outside Tokyo, hurt to `SAFE_HP` or less: enough hearts to be back above it (out of
  reach of one full throw of claws).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

from host.games.kot.rules import NUMBERS, ROLL
from host.games.kot.text import _, face_label

if TYPE_CHECKING:
    from host.games.kot.engine import KingOfTokyo

SAFE_HP = 6  # at this many HP or fewer, one throw of 6 claws can knock a monster out
MISS = Fraction(5, 6)  # a die thrown once does not show a given face


def chance_at_least(free: int, need: int, throws: int) -> Fraction:
    """The chance that, of `free` dice thrown up to `throws` times (each die showing the
    face kept), at least `need` show the face at the end.

    >>> chance_at_least(1, 1, 1), chance_at_least(1, 1, 2), chance_at_least(3, 0, 1)
    (Fraction(1, 6), Fraction(11, 36), Fraction(1, 1))
    >>> chance_at_least(2, 3, 2)
    Fraction(0, 1)
    """
    if need <= 0:
        return Fraction(1)
    hit = 1 - MISS**throws
    return sum(
        (comb(free, k) * hit**k * (1 - hit) ** (free - k) for k in range(need, free + 1)),
        Fraction(0),
    )


@dataclass(frozen=True)
class Goal:
    face: str  # the face chased: the dice showing it are kept
    need: int  # dice showing it wanted at the end, in all
    label: str  # what it gives, for people


def goals(game: KingOfTokyo) -> list[Goal]:
    """The goals that matter for the active player's next rethrow (none if no rethrow is
    due: before the first throw, after the last, a card's partial rethrow)."""
    if not _rethrow_due(game):
        return []
    me = game.active
    dice = list(game.dice)
    found = []
    for face, vp in NUMBERS:
        if face in dice:  # a number not showing at all is rarely worth chasing
            found.append(Goal(face, 3, _("three {face}s: {vp} VP", face=face, vp=vp)))
    if me.location is None:
        targets = [m for m in game.monsters if m.alive and m.location is not None]
    else:
        targets = [m for m in game.monsters if m.alive and m.location is None and m is not me]
    if targets:
        weakest = min(targets, key=lambda m: m.hp)
        if weakest.hp <= len(dice):
            found.append(Goal("claw", weakest.hp, _("knock out {player}", player=weakest.name)))
    if me.location is None and me.hp <= SAFE_HP and me.hp < me.max_hp:
        back_to = min(me.max_hp, SAFE_HP + 1)
        found.append(Goal("heart", back_to - me.hp, _("back to {hp} HP", hp=back_to)))
    return found


def _rethrow_due(game: KingOfTokyo) -> bool:
    if game.phase != ROLL or game.pending or game.game_over or not game.throws:
        return False
    if game.throws >= game.throws_allowed or game.rethrow_face() is not None:
        return False
    return any(w.kind == "throw" and w.player == game.active.name for w in game.waiting_for())


def advice(game: KingOfTokyo) -> dict[str, Any] | None:
    """The advisor as the page draws it (host.games.page `odds`), or None."""
    found = goals(game)
    if not found:
        return None
    dice = list(game.dice)
    throws = game.throws_allowed - game.throws
    rows = []
    for g in found:
        kept = dice.count(g.face)
        chance = chance_at_least(len(dice) - kept, g.need - kept, throws)
        rows.append(
            {
                "keep": [g.face] * kept,
                "goal": g.label,
                "need": _("{n} × {face}", n=g.need, face=face_label(g.face)),
                "chance": float(chance),
            }
        )
    return {
        "label": _("Odds for the throws left ({n})", n=throws),
        "note": _("keep the dice shown, throw the others again, each time"),
        "rows": rows,
    }
