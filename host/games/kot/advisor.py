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

The black and green dice chase the face; the die of fate shows none of theirs, and the
berserk die's claws add to a knock-out: kept once it shows some, thrown again while it shows
none (the chance of each claw count from its sides), independently of the other dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

from host.games.kot.rules import FACE_SET, NUMBERS, ROLL
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
    dice = _chasing(game)
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
        if weakest.hp <= len(dice) + max(_claws_of_others(game, 1)):
            found.append(Goal("claw", weakest.hp, _("knock out {player}", player=weakest.name)))
    if me.location is None and me.hp <= SAFE_HP and me.hp < me.max_hp:
        back_to = min(me.max_hp, SAFE_HP + 1)
        found.append(Goal("heart", back_to - me.hp, _("back to {hp} HP", hp=back_to)))
    return found


def _chasing(game: KingOfTokyo) -> list[str]:
    """The dice that chase a face: the black and green ones (the die of fate shows none of
    their faces; the berserk die's claws count apart, `_claws_of_others`)."""
    return [d for d in game.dice if d in FACE_SET]


def _claws(game: KingOfTokyo, face: str) -> int:
    symbol = game.gives.get(face)
    return symbol[1] if symbol is not None and symbol[0] == "claw" else 0


def _claws_of_others(game: KingOfTokyo, throws: int) -> dict[int, Fraction]:
    """The claws the other dice (the berserk die) add by the end, and their chances: a die
    showing claws is kept; one that shows none is thrown again each throw left, and kept
    once it shows claws (each claw count with the chance its sides give it)."""
    ways = {0: Fraction(1)}
    for face in game.dice:
        die = game.die_of.get(face)
        if face in FACE_SET or die is None:
            continue
        shown = _claws(game, face)
        after = {shown: Fraction(1)}
        if not shown:
            sides = [_claws(game, f) for f in game.die_faces[die]]
            miss = Fraction(sides.count(0), len(sides))
            after = {0: miss**throws}
            for n in set(sides) - {0}:  # the first throw with claws, of n claws
                after[n] = Fraction(sides.count(n), len(sides)) / (1 - miss) * (1 - miss**throws)
        ways = _added(ways, after)
    return ways


def _added(ways: dict[int, Fraction], more: dict[int, Fraction]) -> dict[int, Fraction]:
    """Two independent counts added: the chance of each sum."""
    out: dict[int, Fraction] = {}
    for a, pa in ways.items():
        for b, pb in more.items():
            out[a + b] = out.get(a + b, Fraction(0)) + pa * pb
    return out


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
    dice = _chasing(game)
    throws = game.throws_allowed - game.throws
    rows = []
    for g in found:
        kept = dice.count(g.face)
        keep = [g.face] * kept
        # the claws an expansion's die adds (the berserk die's): kept once it shows some
        others = _claws_of_others(game, throws) if g.face == "claw" else {0: Fraction(1)}
        if g.face == "claw":
            keep += [d for d in game.dice if d not in FACE_SET and _claws(game, d)]
        free = len(dice) - kept
        chance = sum(
            (p * chance_at_least(free, g.need - kept - c, throws) for c, p in others.items()),
            Fraction(0),
        )
        rows.append(
            {
                "keep": keep,
                "goal": g.label,
                "need": _("{n} × {face}", n=g.need, face=face_label(g.face)),
                "chance": float(chance),
            }
        )
    return {
        "label": _("Odds for the throws left ({n})", n=throws),
        "note": _("Keep the dice shown, throw the others again, each time"),
        "rows": rows,
    }
