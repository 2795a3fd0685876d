"""Property tests over thousands of random games with the power cards in play: the random
player buys and uses cards, and some games start with cards already dealt (hypothesis
draws the table, the options, the cards and the seed).

Soak run with more games: KOT_SOAK_GAMES=50000 pytest tests/games/kot/test_properties.py;
`make soak` plays 5,000 games with every option on (KOT_ALL_ON_GAMES in make test: 200);
`make soak GAMES=20000` plays 20,000 of them (`FIRST=S`: from seed S), saying every game that
broke (only this soak: pytest -m soak tests/games/kot --soak-games 20000).
Other examples than CI's: KOT_SOAK_RANDOM=1 pytest tests/games/kot/test_properties.py
--hypothesis-seed=N (each N its own games).
"""

from __future__ import annotations

import os
import random
import time
import traceback
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from host.games import IllegalInput
from host.games.kot import KingOfTokyo, MonsterPosition, Options, Position, Setup
from host.games.kot.cards import BOXES, DECKS
from host.games.kot.checks import card_named
from host.games.kot.expansion import EXPANSIONS, all_on
from host.games.kot.expansions.berserk import FACES as BERSERK_FACES
from host.games.kot.expansions.curse_cards import FATE_FACES
from host.games.kot.random_player import random_input
from tests.games.kot.invariants import INPUT_FIELDS, check_invariants

# the keep cards of each deck (Options.deck: the standard box's, the Dark Edition's)
KEEP = {deck: sorted(c for c, card in cards.items() if card.keep) for deck, cards in DECKS.items()}

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
        instant_win_now=draw(st.booleans()),
        **expansions,  # type: ignore[arg-type]
    )
    seed = draw(st.integers(0, 2**32))
    if draw(st.booleans()):  # a game that starts with keep cards in front of the monsters
        dealt = draw(st.lists(st.sampled_from(KEEP[options.deck]), max_size=3 * n, unique=True))
        monsters = {
            name: MonsterPosition(
                energy=draw(st.integers(0, 12)),
                cards=tuple(dealt[i::n]),
                tokens={t: draw(st.integers(0, 2)) for t in ("poison", "shrink")},
                cultists=draw(st.integers(0, 3)) if options.cultists else 0,
                wickedness=draw(st.integers(0, 10)) if options.wickedness else 0,
                berserk=draw(st.booleans()) if options.berserk else False,
                form=draw(st.sampled_from(("robot", "beast")))
                if options.transformation
                else "robot",
                zombie=draw(st.integers(0, 3)) == 0 if options.deck else False,
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
    box = BOXES[setup.options.deck]
    assert sorted(cards + [c for m in game.monsters for c in m.cards]) == sorted(box)
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
        bad["card"] = rng.choice(
            [*sorted(BOXES["dark"]), "Alien Metabolism", "jets", "Hael", *JUNK]
        )
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
    """Every option on (the Dark Edition's deck among them), the standard deck in one game
    of three, instant wins on the spot in one of four."""
    names = "ABCDEF"[: 2 + i % 5]
    options = all_on(
        table_deck=i % 2 == 0,
        wickedness=("front", "green", "mixed")[i % 3],
        deck="" if i % 3 == 1 else "dark",
        instant_win_now=i % 4 == 3,
    )
    return Setup.simple(*names, options=options, seed=i, first_player=None if i % 4 else "A")


def test_random_games_with_every_option_on_keep_the_invariants() -> None:
    """The base game's invariants and every expansion's, a curse always in play among
    them, in whole random games with every option on."""
    for i in range(ALL_ON_GAMES):
        played_checked(all_on_setup(i), random.Random(i))


# `make soak`'s count; `make soak GAMES=N FIRST=S` plays seeds S to S+N-1 instead
SOAK_GAMES = 5000


def broken_all_on_games(seeds: range, say: Callable[[str], None]) -> list[str]:
    """Each of the all-on games of `seeds` played whole (`played_checked`); the ones that
    broke (an invariant, an input refused, an error), each with its seed and what broke,
    all of them rather than the first: a sweep tells a fix's reach. Says how far it is."""
    broken = []
    start = time.monotonic()
    for n, i in enumerate(seeds, 1):
        try:
            played_checked(all_on_setup(i), random.Random(i))
        except Exception as e:  # any failure is a broken game, named with its seed
            where = traceback.extract_tb(e.__traceback__)[-1]
            what = f"{type(e).__name__} {str(e)[:200]}"
            broken.append(f"seed {i}: {what} at {where.filename}:{where.lineno}")
            say(f"broken: {broken[-1]}")
        if n % 1000 == 0 or n == len(seeds):
            s = time.monotonic() - start
            say(f"all-on soak: {n} of {len(seeds)} games, {len(broken)} broken, {s:.0f} s")
    return broken


@pytest.mark.soak
@pytest.mark.timeout(0)  # as long as the games asked for take
def test_soak_thousands_of_games_with_every_option_on(
    request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]
) -> None:
    """make soak: 5,000 games with every option on (a few minutes); `make soak GAMES=N
    FIRST=S` (pytest's --soak-games, --soak-first) plays N from seed S, saying how far it
    is and every game that broke, and fails naming them all."""
    games = request.config.getoption("--soak-games") or SOAK_GAMES
    first = request.config.getoption("--soak-first")

    def say(line: str) -> None:
        with capsys.disabled():
            print(line, flush=True)

    seeds = range(first, first + games)
    broken = broken_all_on_games(seeds, say)
    assert broken == [], f"{len(broken)} of {games} games broke:\n" + "\n".join(broken)
