"""Every input the rules do not allow is refused with a one-line message of its own kind
(an IllegalInput subclass) and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from host.games import IllegalInput
from host.games.kato import KaTO
from host.games.kato.errors import (
    GameOver,
    MalformedInput,
    NoSuchCardLeft,
    NotNow,
    NotPlayable,
    NotYourTurn,
    UnknownCard,
    UnknownPlayer,
    WrongCount,
)
from host.games.kato.setup import Options, Target
from host.games.text import message
from tests.games.kato.helpers import (
    ANN_WINS,
    card,
    fingerprint,
    game_of,
    play,
    simple,
    turn_up,
    wild,
)

R7 = card("red", 7)
STARTED = (turn_up("Cat", R7),)
TWO = Options(hand_size=2)


def refused(game: KaTO, inp: Any, error: type[IllegalInput], message: str) -> None:
    before = fingerprint(game)
    with pytest.raises(error) as raised:
        game.apply(inp)
    assert message in str(raised.value)
    assert "\n" not in str(raised.value)
    assert fingerprint(game) == before


@pytest.mark.parametrize(
    ("inp", "error", "message"),
    [
        (
            play("Ann", card("blue", 8)),
            NotPlayable,
            "blue 8 cannot be laid now: a red card, a 7 or",
        ),
        (play("Ann", card("blue", "skip")), NotPlayable, "blue skip cannot be laid now"),
        (play("Bob", card("red", 8)), NotYourTurn, "no card played from Bob now; Ann plays"),
        (play("Ann", wild()), MalformedInput, 'a wild names the colour that follows: "named"'),
        (play("Ann", card("red", 8), "blue"), MalformedInput, "a red 8 names no colour"),
        (
            play("Ann", wild(), "purple"),
            MalformedInput,
            "named: one of red, yellow, green or blue",
        ),
        (play("Ann", card("purple", 8)), UnknownCard, "this deck has no purple 8"),
        (play("Ann", card("red", "draw4")), UnknownCard, "unknown value 'draw4'"),
        (play("Ann", wild("cone"), "red"), UnknownCard, "this deck has no cone"),
        (play("Ann", {"color": "red", "value": 8}), MalformedInput, "are strings"),
        (play("Ann", {"color": "red"}), MalformedInput, 'a card is {"color": ..., "value": ...}'),
        (simple("Ann", "play"), MalformedInput, 'a play names its "card"'),
        (
            simple("Ann", "play", cards=[card("red", 5), card("blue", 5)]),
            NotPlayable,
            "one card at a time (the house rule of several at once is off)",
        ),
        (simple("Ann", "pass"), NotNow, "no pass now; Ann plays"),
        (simple("Ann", "challenge"), NotNow, "no wild draw four to challenge now"),
        (simple("Ann", "verdict", guilty=True), NotNow, "no verdict now"),
        (simple("Ann", "color", color="red"), NotNow, "no colour named now"),
        (turn_up("Cat", R7), NotNow, "no card turned up now"),
        (simple("Bob", "hand", cards=[]), NotNow, "no hand is laid down now"),
        (simple("Ann", "kato"), NotNow, "Ann holds 7 cards: KaTO is called with one card left"),
        (simple("Ann", "catch", target="Bob"), NotNow, "Bob holds 7 cards: only a player left"),
        (simple("Ann", "catch", target="Zed"), UnknownPlayer, "target: unknown player 'Zed'"),
        (simple("Ann", "catch", target="Ann"), NotNow, "a player does not catch themselves"),
        (simple("Zed", "draw"), UnknownPlayer, "unknown player 'Zed' (players: Ann, Bob and Cat)"),
        ({"type": "draw"}, MalformedInput, 'the draw input needs the "player"'),
        ({"type": "dance", "player": "Ann"}, MalformedInput, "unknown input type 'dance'"),
        (simple("Ann", "draw", cards=2), MalformedInput, "the draw input has no field 'cards'"),
        ("draw", MalformedInput, "an input is a JSON object, not 'draw'"),
        (
            {"type": ["draw"], "player": "Ann"},
            MalformedInput,
            "unknown input type a list of 'draw'",
        ),
    ],
)
def test_a_turn_refuses(inp: Any, error: type[IllegalInput], message: str) -> None:
    refused(game_of(*STARTED), inp, error, message)


def test_a_card_the_deck_cannot_hold_any_more_is_refused_as_a_misread() -> None:
    game = game_of(*STARTED, play("Ann", card("red", 7)))  # both red 7s are face up
    refused(
        game, play("Bob", card("red", 7)), NoSuchCardLeft, "red 7: the deck has 2 and 2 are face up"
    )
    refused(game, play("Bob", card("red", 7)), NoSuchCardLeft, "(fix the reading)")
    game = game_of(turn_up("Cat", card("red", 0)))  # one red 0 in the deck
    refused(
        game, play("Ann", card("red", 0)), NoSuchCardLeft, "red 0: the deck has 1 and 1 is face up"
    )


def test_a_draw_owed_is_answered_only_by_a_wild_draw_four_or_a_draw() -> None:
    game = game_of(*STARTED, play("Ann", card("red", "draw2")))
    refused(game, play("Bob", card("blue", "draw2")), NotPlayable, "only a wild draw four on the 2")
    refused(game, play("Bob", wild(), "red"), NotPlayable, "cards owed")
    refused(game, simple("Bob", "challenge"), NotNow, "no wild draw four to challenge now")


def test_the_cone_that_reverses_does_not_answer_a_draw() -> None:
    game = game_of(*STARTED, play("Ann", card("red", "draw2")), options=Options(cone="reverse"))
    refused(game, play("Bob", wild("cone"), "red"), NotPlayable, "only a wild draw four on")


def test_a_verdict_is_true_or_false_from_the_challenger() -> None:
    game = game_of(*STARTED, play("Ann", wild("wild4"), "blue"), simple("Bob", "challenge"))
    refused(game, simple("Bob", "verdict", guilty="yes"), MalformedInput, "guilty: true (the +4")
    refused(game, simple("Ann", "verdict", guilty=True), NotYourTurn, "no verdict from Ann now")
    refused(game, simple("Bob", "draw"), NotNow, "Bob says whether Ann's wild draw four was")


def test_a_late_kato_call_is_refused_and_a_catch_waits_for_the_next_player() -> None:
    game = game_of(*STARTED, play("Ann", card("red", 3)), options=TWO)
    refused(game, simple("Bob", "catch", target="Ann"), NotNow, "Ann may still call KaTO until")
    game.apply(play("Bob", card("red", 4)))
    refused(game, simple("Ann", "kato"), NotNow, "too late: the next player has begun")
    game.apply(simple("Cat", "catch", target="Ann"))
    refused(game, simple("Bob", "catch", target="Ann"), NotNow, "Ann holds 3 cards")


def test_a_kato_called_is_not_called_again_nor_caught() -> None:
    game = game_of(*STARTED, play("Ann", card("red", 3)), simple("Ann", "kato"), options=TWO)
    refused(game, simple("Ann", "kato"), NotNow, "Ann has called KaTO already")
    game.apply(play("Bob", card("red", 4)))
    refused(game, simple("Cat", "catch", target="Ann"), NotNow, "Ann called KaTO in time")
    game = game_of(*STARTED, simple("Ann", "kato"), options=TWO)
    refused(game, simple("Ann", "kato"), NotNow, "Ann has called KaTO already")


def test_several_cards_are_numbers_of_one_value_all_held() -> None:
    game = game_of(*STARTED, options=Options(several=True, hand_size=2))
    mixed = simple("Ann", "play", cards=[card("red", 5), card("red", 6)])
    refused(game, mixed, NotPlayable, "numbers of one value (e.g. two 7s)")
    actions = simple("Ann", "play", cards=[card("red", "skip"), card("blue", "skip")])
    refused(game, actions, NotPlayable, "numbers of one value")
    three = simple("Ann", "play", cards=[card("red", 5), card("blue", 5), card("green", 5)])
    refused(game, three, WrongCount, "Ann holds 2 cards, not 3")
    refused(game, simple("Ann", "play", cards=[]), MalformedInput, "at least one")
    refused(game, simple("Ann", "play", cards="red 5"), MalformedInput, "a list of cards")
    first = simple("Ann", "play", cards=[card("blue", 5), card("red", 5)])
    refused(game, first, NotPlayable, "blue 5 cannot be laid now")  # the first is laid on the top


def test_the_card_to_lay_on_an_8_is_said_with_its_article() -> None:
    """'a red card, an 8 or a wild card': English said 'a 8' (French 'un 8' alike)."""
    game = game_of(turn_up("Cat", card("red", 8)))
    said = "blue 7 cannot be laid now: a red card, an 8 or a wild card"
    refused(game, play("Ann", card("blue", 7)), NotPlayable, said)
    with pytest.raises(NotPlayable) as raised:
        game.apply(play("Ann", card("blue", 7)))
    assert "du rouge, un 8 ou un changement de couleur" in message(raised.value).say("fr")


def test_hands_laid_down_are_checked_against_their_size_and_the_deck() -> None:
    game = game_of(*ANN_WINS, options=TWO)
    refused(
        game, simple("Bob", "hand", cards=[card("blue", 1)]), WrongCount, "Bob holds 3 cards, not 1"
    )
    red7s = [card("red", 7), card("red", 7), card("blue", 1)]  # one red 7 is on the discard pile
    refused(
        game,
        simple("Bob", "hand", cards=red7s),
        NoSuchCardLeft,
        "2 × red 7: the deck has 2 and 1 is face up already: is one",
    )
    # (said once: "Ann won the round; Ann won the round: ..." said it twice)
    said = "the round's winner lays down no cards; Ann won the round: "
    refused(game, simple("Ann", "hand", cards=[]), NotYourTurn, said)
    # (one colon a clause: "no card played now: Ann won the round: ..." said two)
    said = "no card played now; Ann won the round: Bob and Cat, lay down your cards"
    refused(game, play("Bob", card("red", 5)), NotNow, said)
    game.apply(simple("Bob", "hand", cards=[card("red", 7), card("blue", 1), card("blue", 2)]))
    again = simple("Bob", "hand", cards=[card("blue", 1)] * 3)
    refused(game, again, NotYourTurn, "Bob laid down their hand already")
    other_red7 = [card("red", 7), card("green", 1), card("green", 2)]  # Bob laid the other one
    refused(
        game,
        simple("Cat", "hand", cards=other_red7),
        NoSuchCardLeft,
        "red 7: the deck has 2 and 2 are face up",
    )


def test_the_dealer_turns_up_and_the_first_player_names_a_wild_turned_up() -> None:
    game = game_of()
    refused(game, turn_up("Ann", R7), NotYourTurn, "Cat (the dealer) turns up the first card")
    refused(game, play("Ann", R7), NotNow, "no card played now")
    game.apply(turn_up("Cat", wild()))
    refused(
        game, simple("Ann", "color", color="black"), MalformedInput, "color: one of red, yellow"
    )
    refused(game, simple("Bob", "color", color="red"), NotYourTurn, "Ann names the colour")
    refused(game, play("Ann", card("red", 1)), NotNow, "Ann names the colour of the wild card")


def test_a_game_over_takes_nothing_more_but_undo() -> None:
    game = game_of(
        *ANN_WINS,
        simple("Bob", "hand", cards=[card("blue", 1)] * 2 + [card("blue", 2)]),
        simple("Cat", "hand", cards=[card("blue", 3)] * 2 + [card("blue", 4)]),
        options=TWO,
        target=Target("points", 5),
    )
    assert game.game_over and game.waiting_for() == []
    refused(game, turn_up("Cat", R7), GameOver, "the game is over; undo the last input")
    assert game.undo()["player"] == "Cat"
    assert not game.game_over
    refused(KaTO(game.setup), None, MalformedInput, "an input is a JSON object")
    with pytest.raises(NotNow, match="nothing to undo"):
        KaTO(game.setup).undo()


def test_a_deck_of_one_card_is_said_in_the_singular() -> None:
    """The deck's size comes from the game's file, so it may be 1 (or 0): "1 card cannot
    deal", never "1 cards"."""
    from host.games.kato.setup import EACH_COLOR, DeckSpec, Setup, SetupError, check_setup
    from host.games.text import message

    one = {**dict.fromkeys(EACH_COLOR, 0), "7": 1}
    setup = Setup.simple("Ann", "Bob", deck=DeckSpec(colors=("red",), each_color=one, wild={}))
    with pytest.raises(SetupError) as refused:
        check_setup(setup)
    said = message(refused.value)
    assert said == "deck: 1 card cannot deal 7 to each of 2 players and turn one up (15 needed)"
    assert said.say("fr").startswith("deck\u00a0: 1 carte ne suffit pas pour en distribuer 7")


def test_a_deck_of_its_own_colours_says_them_as_given() -> None:
    """A colour the setup gives its deck ('purple') is said as given in every language, as
    a player's name: it went through the translations, which have none for it (random play
    at a broken game file met 'named: one of nonsense, yellow, green or blue')."""
    from host.games.kato.setup import DeckSpec
    from host.games.kato.story import story
    from tests.games.test_said_in_every_language import unsaid

    deck = DeckSpec(colors=("purple", "yellow", "green", "blue"))
    game = game_of(turn_up("Cat", card("purple", 7)), deck=deck)
    for inp in (play("Ann", wild(), "black"), play("Ann", card("red", 3)), play("Bob", R7)):
        with pytest.raises(IllegalInput) as raised:
            game.apply(inp)
        said = message(raised.value)
        assert unsaid(said) == [] and "purple" in said.say("ja"), said.say("ja")
    before = game.to_json()
    game.apply(play("Ann", wild(), "purple"))
    told = story(before, game.to_json(), play("Ann", wild(), "purple"))
    assert unsaid(told["said"]) == [] and "purple" in told["said"].say("fr")
