"""The keep advisor's odds against exhaustive enumeration: every outcome of every throw
left (6^n for n dice thrown), with the player keeping the chased face each time."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import pytest

from host.games.kot import KingOfTokyo, MonsterPosition, Options, Position, Setup
from host.games.kot.advisor import advice, chance_at_least, goals
from host.games.kot.expansions.berserk import FACES as BERSERK_SIDES
from host.games.kot.expansions.berserk import GIVES
from host.games.kot.rules import FACES

CLAWS = {face: n for face, (symbol, n) in GIVES.items() if symbol == "claw"}  # berserk die's


@cache
def enumerated(free: int, showing: int, need: int, throws: int) -> Fraction:
    """The chance of ending with at least `need` dice on the face, `showing` of them
    kept, `free` thrown again up to `throws` times: each of the 6^free outcomes of the
    next throw, one by one (the sub-results are shared: the same dice left, the same
    chance)."""
    if showing >= need or throws == 0 or free == 0:
        return Fraction(int(showing >= need))
    total = Fraction(0)
    for outcome in itertools.product(FACES, repeat=free):
        hits = outcome.count("claw")  # any one face: the dice are fair
        total += enumerated(free - hits, showing + hits, need, throws - 1)
    return total / 6**free


@pytest.mark.parametrize("throws", [1, 2])
@pytest.mark.parametrize("free", range(0, 7))
def test_binomial_odds_equal_enumeration(free: int, throws: int) -> None:
    for showing in range(0, 7 - free):
        for need in range(0, 8):
            assert chance_at_least(free, need - showing, throws) == enumerated(
                free, showing, need, throws
            ), (free, showing, need, throws)


def at(active: str, n: int = 3, **monsters: MonsterPosition) -> KingOfTokyo:
    return KingOfTokyo(Setup.simple(*"ABCDEF"[:n], position=Position(monsters, active)))


def test_the_advice_after_a_first_throw_is_the_enumerated_odds() -> None:
    game = at("B", A=MonsterPosition(hp=4, location="city"), B=MonsterPosition(hp=3))
    game.apply(game.throw_input(["1", "1", "claw", "heart", "energy", "2"]))
    shown = advice(game)
    assert shown is not None
    rows = {r["goal"]: r for r in shown["rows"]}
    # chasing 1s: two kept, 4 dice free, 2 throws left, one more 1 wanted
    assert rows["three 1s: 1 VP"]["keep"] == ["1", "1"]
    assert rows["three 1s: 1 VP"]["chance"] == float(enumerated(4, 2, 3, 2))
    assert rows["three 2s: 2 VP"]["chance"] == float(enumerated(5, 1, 3, 2))
    assert "three 3s: 3 VP" not in rows  # no 3 showing
    # A holds Tokyo with 4 HP: 4 claws knock it out, one claw kept
    assert rows["knock out A"]["chance"] == float(enumerated(5, 1, 4, 2))
    # B, outside Tokyo at 3 HP, wants 4 hearts to be back at 7
    assert rows["back to 7 HP"]["chance"] == float(enumerated(5, 1, 4, 2))
    assert 0 < rows["back to 7 HP"]["chance"] < rows["three 1s: 1 VP"]["chance"] < 1


def test_no_advice_before_the_first_throw_or_after_the_last() -> None:
    game = at("A")
    assert advice(game) is None
    for _ in range(3):
        game.apply(game.throw_input(["1", "2", "3", "heart", "energy", "energy"]))
    assert goals(game) == []
    assert advice(game) is None


def expansion_game(curse: str | None, **monsters: MonsterPosition) -> KingOfTokyo:
    options = Options(curses=curse is not None, berserk=True)
    position = Position(monsters, "A", curse=curse)
    return KingOfTokyo(Setup.simple("A", "B", options=options, position=position))


@cache
def with_berserk(free: int, showing: int, berserk: int | None, need: int, throws: int) -> Fraction:
    """The chance of `need` claws at the end, the berserk die thrown too while it shows
    none (`berserk`: the claws it shows once kept): every outcome of each throw, each black
    die a claw (1/6) or not, the berserk die one of its six sides."""
    if throws == 0 or (free == 0 and berserk is not None):
        return Fraction(int(showing + (berserk or 0) >= need))
    sides = [None] if berserk is not None else [CLAWS.get(f, 0) for f in BERSERK_SIDES]
    total = Fraction(0)
    for hits in itertools.product([True, False], repeat=free):
        weight = Fraction(1, 6) ** sum(hits) * Fraction(5, 6) ** (free - sum(hits))
        for side in sides:
            kept = berserk if side is None else (side or None)
            total += (
                weight
                / len(sides)
                * with_berserk(free - sum(hits), showing + sum(hits), kept, need, throws - 1)
            )
    return total


def test_the_die_of_fate_and_the_berserk_die_count_only_for_what_they_can_show() -> None:
    """The die of fate shows no face chased: the odds are the black dice's alone (it was
    counted as one more die that could show a 1). The berserk die's claws count toward a
    knock-out: kept once it shows some, thrown again while it shows none (its sides)."""
    fate = expansion_game("Forbidden Library", B=MonsterPosition(hp=4, location="city"))
    fate.apply(fate.throw_input(["1", "1", "claw", "heart", "energy", "2", "fate_river"]))
    rows = {r["goal"]: r for r in (advice(fate) or {})["rows"]}
    assert rows["three 1s: 1 VP"]["chance"] == float(enumerated(4, 2, 3, 2))
    assert rows["knock out B"]["chance"] == float(enumerated(5, 1, 4, 2))
    shown = expansion_game(
        None, A=MonsterPosition(berserk=True), B=MonsterPosition(hp=4, location="city")
    )
    shown.apply(shown.throw_input(["1", "1", "claw", "heart", "energy", "2", "berserk_claw"]))
    rows = {r["goal"]: r for r in (advice(shown) or {})["rows"]}
    assert rows["knock out B"]["keep"] == ["claw", "berserk_claw"]
    assert rows["knock out B"]["chance"] == float(enumerated(5, 2, 4, 2))
    none = expansion_game(
        None, A=MonsterPosition(berserk=True), B=MonsterPosition(hp=4, location="city")
    )
    none.apply(none.throw_input(["1", "1", "claw", "heart", "energy", "2", "berserk_energy"]))
    rows = {r["goal"]: r for r in (advice(none) or {})["rows"]}
    assert rows["knock out B"]["chance"] == float(with_berserk(5, 1, None, 4, 2))


def test_the_advice_s_note_is_a_sentence_of_its_own() -> None:
    # the note stands alone under the odds, a paragraph: 'gardez les dés montrés et
    # relancez les autres, à chaque fois' began in lower case
    from host.games.text import localize

    game = at("B", A=MonsterPosition(hp=4, location="city"), B=MonsterPosition(hp=3))
    game.apply(game.throw_input(["1", "1", "claw", "heart", "energy", "2"]))
    shown = advice(game)
    assert shown is not None
    assert localize(shown["note"], "en") == "Keep the dice shown, throw the others again, each time"
    assert localize(shown["note"], "fr") == (
        "Gardez les dés montrés et relancez les autres, à chaque fois"
    )
