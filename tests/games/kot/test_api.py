"""The Game interface around the rules: undo, corrections, the board display, the dice the
camera should expect, setups and positions, and illegal inputs."""

from __future__ import annotations

import pytest

from host.games import IllegalInput
from host.games.kot import KingOfTokyo, MonsterPosition, Options, Position, Setup, SetupError
from host.games.kot.errors import GameOver, MalformedInput, NotNow, RuleViolation, UnknownCardInput
from host.games.kot.view import BAY_COLOUR, CITY_COLOUR, OFF, OUT_COLOUR, WINNER_COLOUR, dim


def at(active: str, n: int = 3, **monsters: MonsterPosition) -> KingOfTokyo:
    names = "ABCDEF"[:n]
    return KingOfTokyo(Setup.simple(*names, position=Position(monsters, active)))


def throw(game: KingOfTokyo, faces: str, kept: str = "") -> None:
    short = {"c": "claw", "h": "heart", "e": "energy"}
    game.apply(game.throw_input([short.get(f, f) for f in faces], [short.get(f, f) for f in kept]))


def act(game: KingOfTokyo, kind: str, player: str | None = None, **fields: object) -> None:
    game.apply({"type": kind, "player": player or game.active.name, **fields})


def test_undo_drops_the_last_input_and_redo_gives_the_same_state() -> None:
    game = at("B", A=MonsterPosition(hp=5, location="city"))
    states = [game.to_json()]
    for inp in (
        game.throw_input(["claw", "claw", "1", "2", "3", "heart"]),
        {"type": "resolve", "player": "B"},
        {"type": "yield", "player": "A", "leave": True},
    ):
        game.apply(inp)
        states.append(game.to_json())
    log = list(game.log)
    for i in range(len(log), 0, -1):
        assert game.undo() == log[i - 1]
        assert game.to_json() == states[i - 1]
    for i, inp in enumerate(log):
        game.apply(inp)
        assert game.to_json() == states[i + 1]
    game.undo(), game.undo(), game.undo()
    with pytest.raises(NotNow, match="nothing to undo"):
        game.undo()


def test_undo_after_the_game_ended() -> None:
    game = at("B", n=2, A=MonsterPosition(hp=2, location="city"))
    throw(game, "cc1123")
    act(game, "resolve")  # A is out: B plays the rest of its turn (policy 14)
    act(game, "end_turn")
    assert game.game_over and [m.name for m in game.winners] == ["B"]
    assert game.waiting_for() == [] and game.expected_dice() is None
    with pytest.raises(GameOver):
        act(game, "end_turn")
    game.undo()
    assert not game.game_over and game.phase == "buy"
    game.undo()
    assert game.monster("A").alive


def test_correct_changes_one_die_of_the_current_result() -> None:
    game = at("A")
    throw(game, "111223")
    act(game, "correct", **{"from": "3", "to": "1"})
    assert sorted(game.dice) == ["1", "1", "1", "1", "2", "2"]
    with pytest.raises(RuleViolation, match="no die shows ♥"):
        act(game, "correct", **{"from": "heart", "to": "1"})
    with pytest.raises(MalformedInput, match="not a die face"):
        act(game, "correct", **{"from": "1", "to": "skull"})


def test_kept_dice_must_come_from_the_result() -> None:
    game = at("A")
    throw(game, "111223")
    with pytest.raises(RuleViolation, match="kept dice must come from the last result"):
        throw(game, "c", kept="1112c")
    with pytest.raises(RuleViolation, match="not the 6 dice in play"):
        throw(game, "c", kept="111")
    with pytest.raises(RuleViolation, match="at least one die"):
        throw(game, "", kept="111223")
    with pytest.raises(MalformedInput, match="no field 'dice'"):
        game.apply({"type": "throw", "player": "A", "thrown": ["1"], "dice": []})


def test_buying_needs_the_card_face_up_and_the_energy() -> None:
    setup = Setup.simple(
        "A",
        "B",
        position=Position(
            {"A": MonsterPosition(energy=4), "B": MonsterPosition(location="city")},
            "A",
            face_up=("Heal", "Energize", "Tank"),
        ),
    )
    game = KingOfTokyo(setup)
    throw(game, "112233")
    act(game, "resolve")
    before = game.to_json()
    for card, error, message in (
        ("Energize", RuleViolation, "costs 8 energy, A has 4"),
        ("Jets", RuleViolation, "Jets is not face up"),
        ("Jetz", UnknownCardInput, "unknown card 'Jetz'"),
    ):
        with pytest.raises(error, match=message):
            act(game, "buy", card=card)
        assert game.to_json() == before
    act(game, "buy", card="tank")  # names are matched without regard to case
    assert game.discard[-1] == "Tank" and game.monster("A").energy == 0
    with pytest.raises(RuleViolation, match="cannot sweep"):
        act(game, "sweep")


def test_expected_dice_and_throw_input_name_the_thrower() -> None:
    game = KingOfTokyo(Setup.simple("A", "B", "C"))  # roll-off
    assert game.expected_dice().player == "A"  # type: ignore[union-attr]
    assert game.expected_dice().counts == {"black": 6, "green": 0}  # type: ignore[union-attr]
    game.apply(game.throw_input(["claw"] * 6))
    assert game.throw_input(["1"])["player"] == "B"
    with pytest.raises(RuleViolation, match="roll-off"):
        game.apply(game.throw_input(["1"] * 5))


def test_the_camera_reads_the_box_s_dice_and_an_expansion_s_die_with_its_own_set() -> None:
    standard = KingOfTokyo(Setup.simple("A", "B", first_player="A"))
    assert standard.expected_dice().face_set == "kot"  # type: ignore[union-attr]
    dark = KingOfTokyo(Setup.simple("A", "B", first_player="A", options=Options(dice="dark")))
    assert dark.expected_dice().face_set == "kot-dark"  # type: ignore[union-attr]
    assert dark.expected_dice().counts == {"black": 6, "green": 0}  # type: ignore[union-attr]
    with pytest.raises(SetupError, match=r"options\.dice"):
        KingOfTokyo(Setup.simple("A", "B", options=Options(dice="smoky")))
    berserk = KingOfTokyo(
        Setup.simple(
            "A",
            "B",
            options=Options(berserk=True),
            position=Position({"A": MonsterPosition(berserk=True)}, "A"),
        )
    )
    expected = berserk.expected_dice()
    assert expected is not None and expected.counts["berserk"] == 1
    assert expected.face_sets == {"berserk": "berserk"}  # read with a set of its own


def test_display_shows_hp_vp_and_whose_turn() -> None:
    game = at(
        "C",
        n=6,
        A=MonsterPosition(hp=7, vp=12, location="city"),
        B=MonsterPosition(location="bay"),
        D=MonsterPosition(hp=0),
    )
    board = game.display()
    assert [s.text for s in board.seats] == [" 7.12", "10.00", "10.00", "----", "10.00", "10.00"]
    outside = (255, 255, 255)
    assert [s.led for s in board.seats] == [
        dim(CITY_COLOUR),
        dim(BAY_COLOUR),
        outside,
        OUT_COLOUR,
        dim(outside),
        dim(outside),
    ]
    assert not any(s.blink for s in board.seats)  # C throws: no decision to flag
    assert board.extra_leds == (CITY_COLOUR, BAY_COLOUR)
    throw(game, "cc1123")
    act(game, "resolve")
    board = game.display()
    assert [s.blink for s in board.seats] == [True, True, False, False, False, False]  # yields
    act(game, "yield", "A", leave=True)
    act(game, "yield", "B", leave=True)
    board = game.display()
    assert board.seats[2].led == CITY_COLOUR and board.seats[2].blink  # C's buy step
    assert board.extra_leds == (CITY_COLOUR, dim(BAY_COLOUR))


def test_display_at_the_end_lights_the_winners() -> None:
    game = at("B", n=2, A=MonsterPosition(hp=1, location="city"))
    throw(game, "c11223")
    act(game, "resolve")
    act(game, "end_turn")
    board = game.display()
    assert [s.led for s in board.seats] == [OFF, WINNER_COLOUR]
    assert board.extra_leds[1] == OFF  # no Bay in a 2-player game


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (Setup.simple("A"), "2 to 6 players"),
        (Setup.simple("A", "A"), "sits twice"),
        (Setup.simple("A", "B", "C", options=Options(two_player_variant=True)), "2 players"),
        (Setup.simple("A", "B", position=Position({"A": MonsterPosition(hp=11)}, "A")), "hp: 11"),
        (
            Setup.simple("A", "B", position=Position({"B": MonsterPosition(hp=0)}, "A")),
            "fewer than 2",
        ),
        (
            Setup.simple(
                "A", "B", "C", position=Position({"A": MonsterPosition(location="bay")}, "A")
            ),
            "Bay",
        ),
        (
            Setup.simple(
                "A",
                "B",
                position=Position(
                    {"A": MonsterPosition(location="city"), "B": MonsterPosition(location="city")},
                    "A",
                ),
            ),
            "already in Tokyo City",
        ),
        (
            Setup.simple("A", "B", position=Position({}, "A", face_up=("Heal", "Heal"))),
            "Heal is placed 2",
        ),
        (
            Setup.simple("A", "B", position=Position({"C": MonsterPosition()}, "A")),
            "unknown player 'C'",
        ),
        (
            Setup.simple("A", "B", first_player="A", position=Position({}, "B")),
            "not with a position",
        ),
    ],
)
def test_impossible_setups_are_refused(setup: Setup, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        KingOfTokyo(setup)


def test_a_position_keeps_the_rest_of_the_box_as_deck() -> None:
    setup = Setup.simple(
        "A",
        "B",
        position=Position({"A": MonsterPosition(cards=("Jets", "Extra Head"))}, "A", turn=9),
    )
    game = KingOfTokyo(setup)
    assert len(game.deck) + 3 + 2 == 66 and game.turn == 9
    assert KingOfTokyo(setup).face_up == game.face_up  # the seed decides


def test_every_illegal_input_is_an_illegal_input() -> None:
    game = at("A")
    for inp in ({}, {"type": 3}, "throw", {"type": "throw"}, {"type": "yield", "player": "B"}):
        with pytest.raises(IllegalInput):
            game.apply(inp)  # type: ignore[arg-type]


@pytest.mark.parametrize("table_deck", [False, True])
def test_a_position_with_fewer_face_up_cards_fills_the_empty_places(table_deck: bool) -> None:
    """Three cards lie face up whenever the deck has cards: a position that names one gets
    the other two from the deck, or (a deck shuffled at the table) asks for them."""
    setup = Setup.simple(
        "A",
        "B",
        options=Options(table_deck=table_deck),
        position=Position({}, "A", face_up=("Heal",), deck=("Tank", "Frenzy", "Jets")),
    )
    game = KingOfTokyo(setup)
    if table_deck:
        assert [w.kind for w in game.waiting_for()] == ["reveal"]
        for card in ("Jets", "Frenzy"):
            game.apply({"type": "reveal", "player": "A", "card": card})
        assert sorted(game.deck) == ["Tank"]
    else:
        assert game.deck == ["Jets"]  # the top card first in a position: Tank, then Frenzy
    assert game.face_up[0] == "Heal" and None not in game.face_up
    assert sorted(c for c in game.face_up if c) == sorted(
        ["Heal", "Jets", "Frenzy"] if table_deck else ["Heal", "Tank", "Frenzy"]
    )
    assert next(w.kind for w in game.waiting_for()) == "throw"


@pytest.mark.parametrize("turn", [None, 9])
def test_the_turn_shown_while_the_cards_on_offer_are_set_out_is_the_one_to_come(
    turn: int | None,
) -> None:
    """Before the first turn starts (at a table deck the face-up cards are entered first)
    the state says the turn about to be played, not the one before it."""
    position = None if turn is None else Position({}, "A", turn=turn)
    setup = Setup.simple(
        "A", "B", first_player=None if position else "A", position=position,
        options=Options(table_deck=True),
    )  # fmt: skip
    game = KingOfTokyo(setup)
    expected = turn or 1
    assert [w.kind for w in game.waiting_for()] == ["reveal"]
    assert game.to_json()["turn"] == expected
    for card in ("Jets", "Frenzy", "Heal"):
        game.apply({"type": "reveal", "player": "A", "card": card})
    assert next(w.kind for w in game.waiting_for()) == "throw"
    assert game.to_json()["turn"] == expected


def test_the_turn_shown_during_a_roll_off_is_the_first() -> None:
    game = KingOfTokyo(Setup.simple("A", "B"))
    assert game.phase == "rolloff" and game.to_json()["turn"] == 1


def test_a_position_with_no_card_left_anywhere_leaves_places_empty() -> None:
    setup = Setup.simple(
        "A", "B", position=Position({}, "A", face_up=("Heal",), deck=(), discard=())
    )
    assert KingOfTokyo(setup).face_up == ["Heal", None, None]
