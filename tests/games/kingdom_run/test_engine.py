"""The engine through the game-neutral `Game` protocol: inputs refused with one line and no
change, undo, the dice capability, and what each seat's display shows."""

from __future__ import annotations

from typing import Any

import pytest

from host.games import DiceExpectation, Game, IllegalInput, SeatDisplay
from host.games.kingdom_run import KingdomRun, Position, Setup
from host.games.kingdom_run.errors import (
    GameOver,
    MalformedInput,
    NotNow,
    NotYourTurn,
    RuleViolation,
    UnknownPlayer,
)
from host.games.kingdom_run.setup import COLOURS
from host.games.kingdom_run.view import dim
from host.games.text import message


def thrown(game: KingdomRun, *faces: str) -> KingdomRun:
    game.apply(game.throw_input(faces))
    return game


def test_it_is_a_game() -> None:
    game: Game = KingdomRun(Setup.simple("Ann", "Bob"))  # mypy checks the protocol
    assert list(game.players) == ["Ann", "Bob"] and not game.log and not game.game_over
    assert game.to_json()["game"] == "kingdom-run"


BAD: list[tuple[Any, type[IllegalInput], str]] = [
    ("boots", MalformedInput, "an input is a JSON object, not 'boots'"),
    ({"type": "run", "player": "Ann"}, MalformedInput, "unknown input type 'run'"),
    (
        {"type": "hook", "player": "Ann", "space": 0, "runner": "Ann", "to": 3},
        MalformedInput,
        "the hook input has no field 'to'",
    ),
    ({"type": "hook", "space": 0, "runner": "Ann"}, MalformedInput, 'needs the "player"'),
    (
        {"type": "hook", "player": "Zed", "space": 0, "runner": "Ann"},
        UnknownPlayer,
        "unknown player 'Zed' (players: Ann and Bob)",
    ),
    ({"type": "hook", "player": ["Ann"], "space": 0, "runner": "Ann"}, UnknownPlayer, "unknown"),
    (
        {"type": "hook", "player": "Bob", "space": 0, "runner": "Ann"},
        NotYourTurn,
        "it is Ann's turn, not Bob's",
    ),
    (
        {"type": "hook", "player": "Ann", "space": True, "runner": "Ann"},
        MalformedInput,
        "space: true is no space",
    ),
    (
        {"type": "hook", "player": "Ann", "space": "3", "runner": "Ann"},
        MalformedInput,
        "space: '3' is no space",
    ),
    ({"type": "hook", "player": "Ann", "space": -1, "runner": "Ann"}, MalformedInput, "(0 to 38)"),
    (
        {"type": "hook", "player": "Ann", "space": 0, "runner": "Zed"},
        UnknownPlayer,
        "runner: unknown player 'Zed'",
    ),
    ({"type": "hook", "player": "Ann", "space": 0}, UnknownPlayer, "runner: unknown player null"),
    (
        {"type": "boots", "player": "Ann", "space": 0, "runners": "Ann"},
        MalformedInput,
        "runners: the players whose runners",
    ),
    (
        {"type": "boots", "player": "Ann", "space": 0, "runners": ["Ann", 3]},
        UnknownPlayer,
        "runners: unknown player 3",
    ),
    (
        {"type": "flask", "player": "Ann", "space": 0, "runner": "Ann", "wake": "yes"},
        MalformedInput,
        "wake: true (wake a sleeping runner) or false",
    ),
    ({"type": "purse", "player": "Ann"}, UnknownPlayer, "from: unknown player null"),
    (
        {"type": "drop", "player": "Ann", "space": 0, "runner": "Ann"},
        RuleViolation,
        "no die shows the drop",
    ),
    (
        {"type": "correct", "player": "Ann", "from": "skull", "to": "boots"},
        MalformedInput,
        "from: 'skull' is no face of the dice (boots, hook, drop, purse, flask and equal)",
    ),
    ({"type": "throw", "player": "Ann", "thrown": "boots"}, MalformedInput, "thrown: a list"),
    (
        {"type": "throw", "player": "Ann", "thrown": ["boots"] * 5, "kept": []},
        NotNow,
        "2 throws, the most allowed",
    ),
]


@pytest.mark.parametrize(("inp", "error", "says"), BAD, ids=[b[2][:30] for b in BAD])
def test_a_wrong_input_is_refused_in_one_line_and_changes_nothing(
    inp: Any, error: type[IllegalInput], says: str
) -> None:
    game = thrown(KingdomRun(Setup.simple("Ann", "Bob")), "boots", "boots", "hook", "purse")
    game.apply(game.throw_input(["purse", "flask"], ["boots", "hook"]))
    before = game.to_json()
    with pytest.raises(error) as raised:
        game.apply(inp)
    assert says in str(raised.value) and "\n" not in str(raised.value)
    assert game.to_json() == before and len(game.log) == 2


def test_the_wrong_number_of_dice_is_refused() -> None:
    game = KingdomRun(Setup.simple("Ann", "Bob"))
    with pytest.raises(RuleViolation, match="0 dice kept and 3 thrown: the game has 4 dice"):
        game.apply(game.throw_input(["boots"] * 3))
    with pytest.raises(RuleViolation, match="nothing to keep"):
        game.apply(game.throw_input(["boots"] * 2, ["hook"] * 2))


def test_the_turn_refused_before_a_throw_says_each_bracket_once() -> None:
    """'it is Ann's turn, not Bob's (Ann throws the dice)': the Japanese said the player
    refused in brackets, then the throw awaited in brackets ('（Bobではありません）（Annが...')."""
    game = KingdomRun(Setup.simple("Ann", "Bob"))
    with pytest.raises(NotYourTurn) as raised:
        game.apply(game.throw_input(["boots"] * 4) | {"player": "Bob"})
    said = message(raised.value)
    assert said == "it is Ann's turn, not Bob's (Ann throws the dice)"
    assert said.say("fr") == "c'est le tour d'Ann, pas de Bob (Ann lance les dés)"
    assert said.say("ja") == "今はBobではなくAnnの番です（Annがダイスを振ります）"


def test_undo_refolds_the_log_without_its_last_input() -> None:
    game = thrown(KingdomRun(Setup.simple("Ann", "Bob")), "boots", "hook", "drop", "equal")
    at_throw = game.to_json()
    move = {"type": "boots", "player": "Ann", "space": 3, "runners": ["Ann"]}
    game.apply(move)
    assert game.to_json()["players"][0]["runners"] == [0, 1, 2, 4]
    assert game.undo() == move
    assert game.to_json() == at_throw
    game.undo()
    assert game.to_json() == KingdomRun(Setup.simple("Ann", "Bob")).to_json()
    with pytest.raises(NotNow, match="nothing to undo"):
        game.undo()


def test_the_game_over_takes_no_input_but_undo() -> None:
    pos = Position("Ann", finish=("Bob",) * 4 + ("Ann",) * 3, runners={"Ann": (38,)})
    game = thrown(
        KingdomRun(Setup.simple("Ann", "Bob", position=pos)), "boots", "hook", "drop", "equal"
    )
    game.apply({"type": "boots", "player": "Ann", "space": 38, "runners": ["Ann"]})
    assert game.game_over and game.waiting_for() == [] and game.expected_dice() is None
    with pytest.raises(GameOver):
        game.apply({"type": "end_turn", "player": "Ann"})
    game.undo()
    assert not game.game_over


def test_the_dice_capability() -> None:
    game = KingdomRun(Setup.simple("Ann", "Bob", first_player="Bob"))
    expected = DiceExpectation("kingdom-run", {"white": 4}, "Bob")
    assert game.expected_dice() == expected  # the first throw
    assert game.throw_input(["boots"] * 4) == {
        "type": "throw",
        "player": "Bob",
        "thrown": ["boots"] * 4,
        "kept": [],
    }
    thrown(game, "boots", "hook", "drop", "purse")
    assert game.expected_dice() == expected  # a second throw may come
    game.apply({"type": "boots", "player": "Bob", "space": 0, "runners": ["Bob"]})
    assert game.expected_dice() is None  # the dice are in use
    game.apply({"type": "end_turn", "player": "Bob"})
    assert game.expected_dice() == DiceExpectation("kingdom-run", {"white": 4}, "Ann")
    thrown(game, "boots", "hook", "drop", "purse")
    thrown(game, "boots", "hook", "drop", "purse")
    assert game.expected_dice() is None  # two throws: no more


def test_the_display_shows_tokens_and_score_and_the_led_whose_turn_and_who_finished() -> None:
    pos = Position("Bob", finish=("Cat",) * 4)
    game = KingdomRun(Setup.simple("Ann", "Bob", "Cat", position=pos))
    red, blue = COLOURS["red"], COLOURS["blue"]
    cat = SeatDisplay(" 4.37", dim((255, 255, 255)))  # 10+8+6+5 and 4 tokens; finished: white
    assert list(game.display().seats) == [
        SeatDisplay(" 4.08", dim(red)),
        SeatDisplay(" 4.08", blue),
        cat,
    ]
    thrown(game, "purse", "hook", "drop", "equal")  # Bob now decides: his LED blinks
    game.apply({"type": "purse", "player": "Bob", "from": "Ann"})
    assert list(game.display().seats) == [
        SeatDisplay(" 3.06", dim(red)),
        SeatDisplay(" 5.10", blue, blink=True),
        cat,
    ]
    assert game.display().extra_leds == ()


def test_the_display_at_the_end_blinks_the_winners() -> None:
    pos = Position("Ann", finish=("Bob",) * 4 + ("Ann",) * 3, runners={"Ann": (38,)})
    game = thrown(
        KingdomRun(Setup.simple("Ann", "Bob", position=pos)), "boots", "hook", "drop", "equal"
    )
    game.apply({"type": "boots", "player": "Ann", "space": 38, "runners": ["Ann"]})
    assert game.to_json()["winners"] == ["Bob"]  # 29 + 12 against 10 + 12
    assert list(game.display().seats) == [
        SeatDisplay(" 6.22", (0, 0, 0)),
        SeatDisplay(" 6.41", COLOURS["blue"], blink=True),
    ]


def test_a_bug_halfway_through_a_change_restores_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    game = thrown(KingdomRun(Setup.simple("Ann", "Bob")), "boots", "hook", "drop", "equal")
    before = game.to_json()

    def broken(self: object, *args: object) -> None:
        raise ZeroDivisionError("a bug")

    from host.games.kingdom_run.turn import Turn

    monkeypatch.setattr(Turn, "spend", broken)
    with pytest.raises(ZeroDivisionError):
        game.apply({"type": "boots", "player": "Ann", "space": 3, "runners": ["Ann"]})
    monkeypatch.undo()
    assert game.to_json() == before


@pytest.mark.parametrize("seed", range(5))
def test_the_board_can_show_every_display_of_a_race(seed: int) -> None:
    """Through the real SHOW encoding: every text fits 4 cells of the board's font."""
    import random

    from host.board.frames import show_payload
    from host.games.kingdom_run.course import Course
    from host.games.kingdom_run.random_player import random_input

    places = Course(("......", "~~..."), places=(60, 50, 40, 30, 20, 10, 5, 0))  # scores > 99
    game = KingdomRun(Setup.simple("Ann", "Bob", "Cat", "Dan", course=places))
    rng = random.Random(seed)
    while not game.game_over:
        show_payload(game.display())
        game.apply(random_input(game, rng))
    assert show_payload(game.display())
