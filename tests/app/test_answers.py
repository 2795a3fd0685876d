"""Everything the engine waits for can be answered on the page: over random games with the
power cards in play (cards dealt, the table deck), every answer the page offers for every
awaited input is one the rules accept, whether a one-tap choice, a form of fields filled
with any of the values it offers, or dice entered by hand."""

from __future__ import annotations

import copy
import functools
import itertools
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from host.games import legal_now
from host.games.kot import KingOfTokyo, MonsterPosition, Options, Position, Setup
from host.games.kot.cards import DECKS
from host.games.kot.expansion import all_on
from host.games.kot.random_player import random_faces, random_input
from host.games.kot.rules import FACES
from host.games.kot.table_kind import KIND as KOT
from host.games.page import answers_json

GAMES = 24
STEPS = 400  # inputs per game at most
PAGE_FORMS = {None, "dice", "correct", "fields"}  # what the page can draw (app.js)


def keep_cards(deck: str) -> list[str]:
    """The keep cards of a box's power deck ("" the standard box's, "dark" the Dark
    Edition's)."""
    return sorted(c for c, card in DECKS[deck].items() if card.keep)


def random_setup(seed: int) -> Setup:
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    names = "ABCDEF"[:n]
    expansions = seed % 4 >= 2  # half the games with every expansion, the tiles' sides in turn
    options = Options(table_deck=seed % 2 == 0)
    if expansions:  # (the Dark Edition's deck in every other one)
        wickedness = ("front", "green", "mixed")[seed % 3]
        deck = ("", "dark")[seed // 4 % 2]
        options = all_on(table_deck=seed % 2 == 0, wickedness=wickedness, deck=deck)
    dealt = rng.sample(keep_cards(options.deck), 3 * n)  # cards to use at every seat
    monsters = {
        name: MonsterPosition(
            energy=rng.randint(0, 12),
            cards=tuple(dealt[i::n]),
            tokens={"poison": rng.randint(0, 2), "shrink": rng.randint(0, 2)},
            cultists=rng.randint(0, 2) if expansions else 0,
            wickedness=rng.randint(0, 9) if expansions else 0,
            berserk=expansions and rng.random() < 0.5,
            form="beast" if expansions and rng.random() < 0.5 else "robot",
        )
        for i, name in enumerate(names)
    }
    if expansions and seed % 3:  # the green tiles in play: Fluxling asks at its owner's turns
        monsters[names[0]] = replace(monsters[names[0]], tiles=("Fluxling",))
    return Setup.simple(*names, options=options, seed=seed, position=Position(monsters, names[0]))


def values(field: dict[str, Any]) -> list[Any]:
    if "choices" in field:
        return [c["value"] for c in field["choices"]]
    return list(range(field["min"], field["max"] + 1))


def filled(form: dict[str, Any], chosen: dict[str, Any]) -> dict[str, Any]:
    """The form's input with its fields set, as app.js's fieldsForm does."""
    inp = copy.deepcopy(form["input"])
    for name, value in chosen.items():
        *path, last = name.split(".")
        into = inp
        for key in path:
            into = into.setdefault(key, {})
        into[last] = value
    return inp


def completions(form: dict[str, Any], name: str, value: Any) -> Iterator[dict[str, Any]]:
    """Ways to fill the other fields around `name` = `value`: the least of each number,
    every combination of the lists (few)."""
    others = [f for f in form["fields"] if f["name"] != name]
    choices = [values(f) if "choices" in f else [f["min"]] for f in others]
    for combo in itertools.islice(itertools.product(*choices), 200):
        yield {name: value, **{f["name"]: v for f, v in zip(others, combo, strict=True)}}


def check_answers(game: KingOfTokyo, rng: random.Random) -> list[str]:
    problems = []
    for answer in answers_json(KOT, game):
        where = f"{answer['kind']} by {answer['player']} ({answer['title']})"
        form = answer["form"]
        kind = None if form is None else form["type"]
        if kind not in PAGE_FORMS:
            problems.append(f"{where}: a form the page cannot draw: {kind}")
        if not answer["choices"] and form is None:
            problems.append(f"{where}: nothing offered")
        for c in answer["choices"]:
            if not legal_now(game, c["input"]):
                problems.append(f"{where}: the choice {c['label']!r} is refused: {c['input']}")
        if kind == "fields":
            for field in form["fields"]:
                for value in values(field):
                    ways = completions(form, field["name"], value)
                    if not any(legal_now(game, filled(form, c)) for c in ways):
                        problems.append(f"{where}: {field['name']} = {value!r} is refused")
        if kind == "dice":
            hands = dice_by_hand(game, answer, form, rng)
            for faces in hands:
                inp = KOT.dice.entered_throw(game, faces)
                if not legal_now(game, inp):
                    problems.append(f"{where}: the dice {faces} entered by hand are refused: {inp}")
    return problems


def dice_by_hand(
    game: KingOfTokyo, answer: dict[str, Any], form: dict[str, Any], rng: random.Random
) -> list[list[str]]:
    """Dice as they may lie after the throw the form asks for (as a person enters them)."""
    current, count = list(form["current"]), form["count"]
    options = answer["options"]
    if "rethrow" in options:  # only the dice showing that face are thrown again
        return [[f if f != options["rethrow"] else random_faces(rng, 1)[0] for f in current]]
    others = {d: n for d, n in options.get("dice", {}).items() if d not in ("black", "green")}
    own = [rng.choice(options["die_faces"][d]) for d, n in others.items() for _ in range(n)]
    # dice a curse locks stay as they lay (Vengeance of Horus, Scribe's Perseverance)
    locked = [f for f in current if f == game.locked] if "forced" not in options else []
    new = locked + random_faces(rng, count - len(own) - len(locked)) + own
    hands = [] if "rerolls" in options else [new]
    if len(current) == count:  # the same again, or one die changed (the first black one free)
        free = [i for i, f in enumerate(current) if f in FACES and f != game.locked]
        if free:
            i = free[0]
            hands += [current, [*current[:i], random_faces(rng, 1)[0], *current[i + 1 :]]]
        else:
            hands.append(current)
    return hands


@functools.cache
def play_checking(seed: int) -> tuple[frozenset[str], tuple[str, ...]]:
    """A random game, the page's answers checked at every step: the kinds of input it
    waited for, and the problems found."""
    game = KingOfTokyo(random_setup(seed))
    rng = random.Random(seed)
    kinds: set[str] = set()
    problems: list[str] = []
    for _ in range(STEPS):
        if game.game_over or problems:
            break
        problems += check_answers(game, rng)
        kinds |= {w.kind for w in game.waiting_for()}
        game.apply(random_input(game, rng, corrections=True))
    return frozenset(kinds), tuple(problems)


@pytest.mark.parametrize("seed", range(GAMES))
def test_every_answer_the_page_offers_is_accepted_by_the_rules(seed: int) -> None:
    kinds, problems = play_checking(seed)
    assert not problems, "\n".join(problems[:5])
    assert {"throw", "resolve", "buy", "end_turn"} <= kinds


def test_the_games_above_meet_every_kind_of_decision() -> None:
    """The random games reach every input the page must offer (so the test above sees
    each kind's answers at least once)."""
    kinds = frozenset().union(*(play_checking(seed)[0] for seed in range(GAMES)))
    every = {"throw", "resolve", "correct", "yield", "buy", "sweep", "end_turn", "use"}
    every |= {"pass", "hearts", "reveal", "healing", "cultist", "tile", "fluxling"}
    assert every <= kinds, every - kinds
