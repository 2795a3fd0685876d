"""Property tests over thousands of random games with the power cards in play: the random
player buys and uses cards, and some games start with cards already dealt (hypothesis
draws the table, the options, the cards and the seed).

Soak run with more games: KOT_SOAK_GAMES=50000 pytest tests/games/kot/test_properties.py;
`make soak` plays 5,000 games with every option on (KOT_ALL_ON_GAMES in make test: 200).
Other examples than CI's: KOT_SOAK_RANDOM=1 pytest tests/games/kot/test_properties.py
--hypothesis-seed=N (each N its own games).
"""

from __future__ import annotations

import os
import random
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from host.games import IllegalInput
from host.games.kot import KingOfTokyo, MonsterPosition, Options, Position, Setup
from host.games.kot.cards import BOX, CARDS
from host.games.kot.checks import card_named
from host.games.kot.decision_kinds import KINDS
from host.games.kot.expansion import EXPANSIONS, all_on
from host.games.kot.expansions.berserk import FACES as BERSERK_FACES
from host.games.kot.expansions.curse_cards import CURSES, FATE_FACES
from host.games.kot.expansions.wickedness import PAIRS, TILES
from host.games.kot.random_player import random_input

INPUT_FIELDS = {name: kind.fields for name, kind in KINDS.items()}  # input type -> its fields

KEEP = sorted(c for c, card in CARDS.items() if card.keep)

GAMES = int(os.environ.get("KOT_SOAK_GAMES", "2000"))
# derandomize: the suite is the same in every CI run, so a red run is a change's doing, not
# the draw's; the soak (KOT_SOAK_GAMES, KOT_SOAK_RANDOM) explores further, and what it finds
# joins the tests as an @example
FAST = settings(
    max_examples=GAMES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
    derandomize=not os.environ.get("KOT_SOAK_RANDOM"),
)


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    n = draw(st.integers(2, 6))
    names = "ABCDEF"[:n]
    expansions = {  # each expansion on or off: all of their mixes come up
        x.option: draw(st.sampled_from(x.values)) for x in EXPANSIONS if draw(st.booleans())
    }
    options = Options(
        two_player_variant=n == 2 and draw(st.booleans()),
        first_edition=draw(st.booleans()),
        table_deck=draw(st.integers(0, 4)) == 0,
        **expansions,  # type: ignore[arg-type]
    )
    seed = draw(st.integers(0, 2**32))
    if draw(st.booleans()):  # a game that starts with keep cards in front of the monsters
        dealt = draw(st.lists(st.sampled_from(KEEP), max_size=3 * n, unique=True))
        monsters = {
            name: MonsterPosition(
                energy=draw(st.integers(0, 12)),
                cards=tuple(dealt[i::n]),
                tokens={t: draw(st.integers(0, 2)) for t in ("poison", "shrink")},
                cultists=draw(st.integers(0, 3)) if options.cultists else 0,
                wickedness=draw(st.integers(0, 10)) if options.wickedness else 0,
                berserk=draw(st.booleans()) if options.berserk else False,
            )
            for i, name in enumerate(names)
        }
        position = Position(monsters, draw(st.sampled_from(names)))
        return Setup.simple(*names, options=options, seed=seed, position=position)
    first = draw(st.sampled_from([None, *names]))
    return Setup.simple(*names, options=options, seed=seed, first_player=first)


def fingerprint(game: KingOfTokyo) -> tuple[Any, ...]:
    """Everything the game is, hidden parts included (deck order, random state)."""
    return (game.to_json(), list(game.deck), game.known_top, game.rng.getstate(), game.turn)


def check_invariants(game: KingOfTokyo) -> None:
    in_city = [m for m in game.monsters if m.location == "city"]
    in_bay = [m for m in game.monsters if m.location == "bay"]
    assert len(in_city) <= 1 and len(in_bay) <= 1
    assert game.city is (in_city[0] if in_city else None)
    assert game.bay is (in_bay[0] if in_bay else None)
    alive = [m for m in game.monsters if m.alive]
    assert game.alive_count == len(alive)
    if len(alive) <= 4:
        assert game.bay is None
    for m in game.monsters:
        assert m.energy >= 0
        assert 0 <= m.vp <= 20
        assert all(count > 0 for count in m.tokens.values())  # tokens never negative (or 0)
        copies = (m.mimic[0] if m.mimic else None, m.flux[0] if m.flux else None)
        bigger = "Even Bigger" in (*m.cards, *copies) and not game.cards_off  # Gaze of the Sphinx
        big = bigger or "Full Regeneration" in m.tiles
        assert m.max_hp == (12 if big else 10) - (2 if is_curse(game, "Bow Before Ra") else 0)
        assert all(CARDS[c].keep for c in m.cards)  # a discard card never stays in play
        if m.mimic is not None:
            assert "Mimic" in m.cards and m.mimic[0] in game.monster(m.mimic[1]).cards
        if m.alive:
            assert 0 < m.hp <= m.max_hp
        else:
            assert m.hp == 0 and m.location is None and not m.cards and m.energy == 0
            assert not m.tokens and m.mimic is None and not m.cultists
            assert not m.tiles and m.flux is None and m not in game.tower.values()
            assert not m.berserk
        assert m.cultists >= 0 and (game.setup.options.cultists or not m.cultists)
        assert 0 <= m.wickedness <= 10 and (game.setup.options.wickedness or not m.wickedness)
        assert game.setup.options.berserk or not m.berserk
        if m.flux is not None:
            assert "Fluxling" in m.tiles and m.flux[0] in game.monster(m.flux[1]).cards
    check_expansions(game)
    waits = game.waiting_for()
    for w in waits:
        assert game.monster(w.player).alive  # an eliminated monster never acts again
        assert w.kind in INPUT_FIELDS
    deciding = [p.player for p in game.pending]
    assert len(deciding) == len(set(deciding))  # one decision at a time per player
    assert not game.game_over or not waits
    cards = len(game.deck) + len(game.discard) + sum(1 for c in game.face_up if c)
    cards += (game.known_top is not None) + (game.playing is not None)
    assert cards + sum(len(m.cards) for m in game.monsters) == len(BOX)  # none made or lost


def check_expansions(game: KingOfTokyo) -> None:
    """Each wickedness tile is in one place only (lying, owned, or out of the game), and
    its other side nowhere; each tower level has at most one holder, a living one."""
    if game.setup.options.wickedness:
        places = [
            *(t for pile in game.tiles_lying.values() for t in pile),
            *(t for m in game.monsters for t in m.tiles),
            *game.tiles_gone,
        ]
        sides = [frozenset(pair) for t in places for pair in PAIRS if t in pair]
        assert len(set(sides)) == len(sides) == len(PAIRS)
        assert all(TILES[t].level == level for level, p in game.tiles_lying.items() for t in p)
    else:
        assert not any(m.tiles for m in game.monsters) and not game.tiles_lying
    if game.setup.options.tokyo_tower:
        assert set(game.tower) == {1, 2, 3}
        assert all(m is None or m.alive for m in game.tower.values()) or game.game_over
    else:
        assert not game.tower
    if game.setup.options.curses:
        check_curses(game)
    else:
        assert game.curse is None and game.scarab is None and not game.curse_deck


def is_curse(game: KingOfTokyo, name: str) -> bool:
    return game.curse is not None and game.curse.name == name


def check_curses(game: KingOfTokyo) -> None:
    """A curse always in play (but while the table says which one was turned over), each
    curse in one place only, the table's rules as the curse in play says; the Golden
    Scarab with a monster once the game has started; the die of fate in every throw but
    Builders' Uprising's turns."""
    c = game.curse
    revealing = any(p.kind == "curse" for p in game.pending)
    assert c is not None or revealing
    places = [*game.curse_deck, *game.curse_discard, *([c.name] if c else [])]
    assert len(places) == len(set(places)) == len(CURSES)  # (one being revealed: in the deck)
    assert game.no_yield == is_curse(game, "Pharaonic Ego")
    assert game.hearts_inside == is_curse(game, "Resurrection of Osiris")
    assert game.holder_buys == is_curse(game, "Forbidden Library")
    assert game.cards_off == is_curse(game, "Gaze of the Sphinx")
    vengeance, scribe = (
        is_curse(game, "Vengeance of Horus"),
        is_curse(game, "Scribe's Perseverance"),
    )
    assert game.locked == ("claw" if vengeance else "1" if scribe else None)
    for m in game.alive:  # every monster has the curse's effect (if it has hooks)
        assert (c is not None and c in m.extra) == (c is not None and bool(c.hooked))
    if game.phase not in ("rolloff",) and game.turn:
        assert game.scarab is not None
    if game.phase == "roll":
        fate = [f for f in game.dice if f in FATE_FACES]
        assert len(fate) == (game.other_dice.get("fate", 0) if game.throws else 0)


# found by random runs: Mimic's and Fluxling's start-of-turn switches asked of B at once
# (two decisions pending for one player; now asked one after the other)
MIMIC_AND_FLUXLING = Setup.simple(
    "A",
    "B",
    options=Options(two_player_variant=True, wickedness="green"),
    seed=274,
    position=Position(
        {"A": MonsterPosition(tokens={"shrink": 2}), "B": MonsterPosition(wickedness=3)}, "B"
    ),
)


def played_checked(setup: Setup, rng: random.Random) -> KingOfTokyo:
    """A whole random game (with corrections), the invariants checked after every input,
    and each input one the engine said it takes; the game always ends."""
    game = KingOfTokyo(setup)
    check_invariants(game)
    for _ in range(5000):
        if game.game_over:
            break
        inp = random_input(game, rng, corrections=True)
        offered = {(w.player, w.kind) for w in game.waiting_for()}
        assert (inp["player"], inp["type"]) in offered, (setup.seed, inp)
        if inp["type"] == "throw" and any(f in BERSERK_FACES for f in inp["thrown"]):
            assert game.monster(inp["player"]).berserk  # the berserk die only while berserk
        if inp["type"] == "throw" and any(f in FATE_FACES for f in inp["thrown"]):
            assert setup.options.curses and inp["player"] == game.active.name
        game.apply(inp)
        check_invariants(game)
    assert game.game_over, setup.seed  # the game always ends
    return game


@FAST
@given(setup=setups(), seed=st.integers(0, 2**32))
@example(setup=MIMIC_AND_FLUXLING, seed=0)
def test_random_games_keep_the_invariants(setup: Setup, seed: int) -> None:
    game = played_checked(setup, random.Random(seed))
    top = [game.known_top] if game.known_top else []
    assert game.playing is None
    cards = [*game.deck, *top, *(c for c in game.face_up if c), *game.discard]
    assert sorted(cards + [c for m in game.monsters for c in m.cards]) == sorted(BOX)
    winners = game.winners
    assert all(m.alive or m in game.roared for m in winners)  # Final Roar wins eliminated
    assert len(winners) <= 1 or all(m.vp >= 20 or m in game.instant for m in winners)
    # every one of these games replays from its log, and undo then redo of its last input
    # gives it back (the test below also undoes at random points, over fewer games)
    log = list(game.log)
    end = fingerprint(game)
    again = replayed(setup, log)
    assert fingerprint(again) == end
    assert again.undo() == log[-1]
    again.apply(log[-1])
    assert fingerprint(again) == end


def replayed(setup: Setup, log: list[Any]) -> KingOfTokyo:
    game = KingOfTokyo(setup)
    for inp in log:
        game.apply(inp)
    return game


@settings(FAST, max_examples=max(GAMES // 5, 10))
@given(setup=setups(), seed=st.integers(0, 2**32), data=st.data())
def test_replay_and_undo_redo_give_identical_states(
    setup: Setup, seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    game = KingOfTokyo(setup)
    while not game.game_over:
        game.apply(random_input(game, rng, corrections=True))
    log = list(game.log)
    assert fingerprint(replayed(setup, log)) == fingerprint(game)  # the log gives the game
    for k in (len(log), *(data.draw(st.integers(1, len(log))) for _ in range(2))):
        at_k = replayed(setup, log[:k])
        after = fingerprint(at_k)
        assert at_k.undo() == log[k - 1]
        assert fingerprint(at_k) == fingerprint(replayed(setup, log[: k - 1]))
        at_k.apply(log[k - 1])  # redo
        assert fingerprint(at_k) == after


# values that are wrong for some field of some input: other types, unknown names and faces
JUNK: list[Any] = [
    None,
    True,
    3,
    -1,
    2.5,
    "",
    "skull",
    "Jetz",
    "deck",
    [],
    {},
    ["claw"],
    [{}],
    [["1"]],
    {"poison": 1},
    {"poison": -1},
    {"A": 9},
    {"x": [1]},
]


def mutated(game: KingOfTokyo, inp: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal input made (most likely) illegal: another player or type, a field dropped,
    added or given a wrong value, a die face or card changed."""
    bad = dict(inp)
    change = rng.randrange(6)
    if change == 0:
        bad["player"] = rng.choice([*game.players, "Zed", *JUNK])
    elif change == 1:
        bad["type"] = rng.choice([*INPUT_FIELDS, "dance", *JUNK])
    elif change == 2 and len(bad) > 2:
        del bad[rng.choice([k for k in bad if k != "type"])]
    elif change == 3:
        kind = bad.get("type")
        fields = [*sorted(INPUT_FIELDS.get(kind, {"thrown", "card"}) - {"type"}), "extra"]
        bad[rng.choice(fields)] = rng.choice(JUNK)
    elif change == 4 and isinstance(bad.get("thrown"), list):
        dice = list(bad["thrown"])
        if dice and rng.random() < 0.5:
            dice.pop()
        else:
            dice.append(rng.choice(["claw", "skull", 3]))
        bad["thrown"] = dice
    else:
        bad["card"] = rng.choice([*sorted(BOX), "Alien Metabolism", "jets", "Hael", *JUNK])
    return bad


@settings(FAST, max_examples=max(GAMES // 10, 10))
@given(setup=setups(), seed=st.integers(0, 2**32))
def test_illegal_inputs_at_any_moment_are_refused_and_change_nothing(
    setup: Setup, seed: int
) -> None:
    """Wrong inputs thrown in at random moments of random games: each one is either legal
    (a mutation can happen to be: then `waiting_for()` listed it) or raises an
    IllegalInput (never another error) and leaves the game exactly as it was. An
    eliminated monster's inputs are all refused."""
    rng = random.Random(seed)
    game = KingOfTokyo(setup)
    while not game.game_over:
        inp = dict(random_input(game, rng, corrections=True))
        if rng.random() < 0.3:
            bad = mutated(game, inp, rng)
            dead = [m.name for m in game.monsters if not m.alive]
            if dead and rng.random() < 0.3:
                bad = {**inp, "player": rng.choice(dead)}
            before = fingerprint(game)
            waits = game.waiting_for()
            try:
                game.apply(bad)
            except IllegalInput:
                assert fingerprint(game) == before, bad
                game.apply(inp)
            else:
                assert bad["player"] not in dead, bad  # an eliminated monster acted
                # what the engine takes, it said it was waiting for
                offered = [w for w in waits if (w.player, w.kind) == (bad["player"], bad["type"])]
                assert offered, bad
                if bad["type"] == "buy":
                    cards = [c["card"] for w in offered for c in w.options["cards"]]
                    assert card_named(bad["card"]) in cards, bad
        else:
            game.apply(inp)
        check_invariants(game)


# every option on (all the expansions, curses included), half the games at a table deck:
# thousands of games under make soak, 200 in make test (derandomized: seeded)
ALL_ON_GAMES = int(os.environ.get("KOT_ALL_ON_GAMES", "200"))


def all_on_setup(i: int) -> Setup:
    names = "ABCDEF"[: 2 + i % 5]
    options = all_on(table_deck=i % 2 == 0, wickedness=("front", "green", "mixed")[i % 3])
    return Setup.simple(*names, options=options, seed=i, first_player=None if i % 4 else "A")


def test_random_games_with_every_option_on_keep_the_invariants() -> None:
    """The base game's invariants and every expansion's, a curse always in play among
    them, in whole random games with every option on."""
    for i in range(ALL_ON_GAMES):
        played_checked(all_on_setup(i), random.Random(i))


@pytest.mark.soak
@pytest.mark.timeout(3600)
def test_soak_thousands_of_games_with_every_option_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """make soak: 5,000 games with every option on (a few minutes)."""
    monkeypatch.setattr(sys.modules[__name__], "ALL_ON_GAMES", 5000)
    test_random_games_with_every_option_on_keep_the_invariants()
