"""What the board shows (host/games/kato/view.py's docstring says so): each seat's running
score, `P` and the cards owed on the seat that must draw, the turn and the direction in
the LEDs; and the state the page gets."""

from __future__ import annotations

from host.games import SeatDisplay
from host.games.kato.setup import Options, Position, Target
from host.games.kato.view import GREEN, OFF, WHITE, dim
from tests.games.kato.helpers import ANN_WINS, card, game_of, play, simple, turn_up, wild

RED, BLUE = (255, 0, 0), (0, 0, 255)
R7 = card("red", 7)


def test_before_the_first_card_the_dealer_blinks_white_and_the_seats_show_the_scores() -> None:
    game = game_of(position=Position(3, {"Ann": 42, "Cat": 7}))
    assert list(game.display().seats) == [
        SeatDisplay("  42", OFF),
        SeatDisplay("   0", OFF),
        SeatDisplay("   7", WHITE, blink=True),  # Cat deals
    ]
    assert game.display().extra_leds == ()


def test_the_turn_is_bright_in_the_colour_to_play_and_the_next_seat_dim() -> None:
    game = game_of(turn_up("Cat", R7))
    assert [s.led for s in game.display().seats] == [RED, dim(RED), OFF]
    game.apply(play("Ann", card("red", "reverse")))  # play goes to the right: Cat, then Bob
    assert [s.led for s in game.display().seats] == [OFF, dim(RED), RED]
    game.apply(play("Cat", wild(), "blue"))
    assert [s.led for s in game.display().seats] == [dim(BLUE), BLUE, OFF]
    assert not any(s.blink for s in game.display().seats)


def test_the_seat_that_must_draw_shows_p_and_the_count_and_blinks() -> None:
    game = game_of(turn_up("Cat", R7), play("Ann", card("red", "draw2")))
    bob = game.display().seats[1]
    assert (bob.text, bob.led, bob.blink) == ("P  2", RED, True)
    game.apply(play("Bob", wild("wild4"), "blue"))
    cat = game.display().seats[2]
    assert (cat.text, cat.led, cat.blink) == ("P  6", BLUE, True)
    assert game.display().seats[1].text == "   0"
    game.apply(simple("Cat", "draw"))
    assert [s.text for s in game.display().seats] == ["   0"] * 3


def test_a_wild_turned_up_blinks_white_until_the_colour_is_named() -> None:
    game = game_of(turn_up("Cat", wild()))
    ann = game.display().seats[0]
    assert (ann.led, ann.blink) == (WHITE, True)
    game.apply(simple("Ann", "color", color="blue"))
    assert game.display().seats[0] == SeatDisplay("   0", BLUE)


def test_a_challenge_blinks_the_challenger_until_the_verdict() -> None:
    game = game_of(
        turn_up("Cat", R7), play("Ann", wild("wild4"), "blue"), simple("Bob", "challenge")
    )
    bob = game.display().seats[1]
    assert (bob.text, bob.blink) == ("P  4", True)


def test_the_round_won_shows_green_and_the_losers_to_count_blink() -> None:
    game = game_of(*ANN_WINS, options=Options(hand_size=2), target=Target("points", 50))
    assert [(s.led, s.blink) for s in game.display().seats] == [
        (GREEN, False),
        (WHITE, True),
        (WHITE, True),
    ]
    game.apply(simple("Bob", "hand", cards=[card("blue", 9), wild(), card("red", 0)]))
    assert [(s.led, s.blink) for s in game.display().seats][1] == (OFF, False)
    game.apply(simple("Cat", "hand", cards=[card("green", 1)] * 2 + [card("green", 2)]))
    assert game.game_over  # 59 + 4 points: past the target of 50
    assert [(s.text, s.led) for s in game.display().seats] == [
        ("  63", GREEN),
        ("   0", OFF),
        ("   0", OFF),
    ]


def test_scores_past_four_digits_show_9999() -> None:
    game = game_of(target=Target("points", 20000), position=Position(2, {"Ann": 12345}))
    assert game.display().seats[0].text == "9999"


def test_the_state_for_the_page() -> None:
    game = game_of(turn_up("Cat", R7), play("Ann", card("red", "draw2")))
    state = game.to_json()
    assert state["game"] == "kato"
    assert state["turn"] == "Bob" and state["next"] == "Cat" and state["owed"] == 2
    assert state["players"][0] == {"name": "Ann", "score": 0, "cards": 6, "kato": None}
    assert state["values"]["wild4"] == 50 and state["values"]["7"] == 7
    assert state["target"] == {"points": 500}
    assert state["inputs"] == 2 and state["rounds"] == [] and not state["game_over"]
    assert state["turns"] == 1  # Ann's (the card turned up is no one's turn)
