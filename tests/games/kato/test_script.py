"""The `kato-game/1` script format: its shape checked with one-line errors naming the
place, the setup checked by the rules, and a game saved as a script replays to itself."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from host.games.kato import KaTO, Setup
from host.games.kato.random_player import play_game
from host.games.kato.script import FORMAT, load_script, parse_script, replay, script_json, start
from host.games.kato.setup import DeckSpec, Options, Target
from host.games.scripts import ScriptError, ScriptFailed
from tests.games.kato.helpers import fingerprint


def base(**changes: Any) -> dict[str, Any]:
    script: dict[str, Any] = {"format": FORMAT, "players": [{"name": "Ann"}, {"name": "Bob"}]}
    script.update(changes)
    return script


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"format": "kato-game/2"}, "unknown format 'kato-game/2': this dicetable reads"),
        ({"players": "Ann"}, "players: expected a JSON list"),
        ({"players": [{"name": 3}]}, "players[0].name: expected a string, not 3"),
        ({"players": [{"name": "Ann", "monster": "x"}]}, "players[0]: unknown field 'monster'"),
        ({"target": {"points": 10, "rounds": 2}}, 'target: {"points": N} or {"rounds": N}'),
        ({"target": {"goals": 10}}, 'target: {"points": N} or {"rounds": N}'),
        ({"target": {"rounds": "3"}}, 'target.rounds: expected a whole number, not "3"'),
        ({"options": {"hand": 5}}, "options: unknown field 'hand' (fields: cone, hand_size,"),
        ({"options": {"several": 1}}, "options.several: expected true or false, not 1"),
        ({"options": {"cone": 10}}, "options.cone: expected a string, not 10"),
        ({"values": {"skip": "20"}}, 'values.skip: expected a whole number, not "20"'),
        ({"deck": {"colours": []}}, "deck: unknown field 'colours'"),
        ({"deck": {"colors": "red"}}, "deck.colors: expected a JSON list"),
        ({"position": {"round": 2, "score": {}}}, "position: unknown field 'score'"),
        ({"inputs": [3]}, "inputs[0]: expected a JSON object, not 3"),
        ({"expect": [{"after": 2}]}, "expect[0].after: 2 is not between 0 and 0"),
        ({"seed": 3}, "the script: unknown field 'seed'"),
    ],
)
def test_a_malformed_script_names_the_place(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ScriptError) as raised:
        parse_script(base(**changes))
    assert message in str(raised.value)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": [{"name": "Ann"}]}, "players: 2 to 10 players, not 1"),
        ({"players": [{"name": "Ann"}, {"name": "Ann"}]}, "players[1].name: 'Ann' is already"),
        ({"players": [{"name": "Ann"}, {"name": " "}]}, "players[1].name: a player needs a name"),
        ({"first_player": "Zed"}, "first_player: 'Zed' is not at the table"),
        ({"target": {"points": 0}}, "target.points: at least 1, not 0"),
        ({"options": {"hand_size": 8}}, "options.hand_size: 1 to 7 cards dealt, not 8"),
        ({"options": {"cone": "+10"}}, "options.cone: the cone's effect is one of reverse, cancel"),
        ({"values": {"draw4": 50}}, "values: unknown card value 'draw4'"),
        ({"values": {"wild": -5}}, "values.wild: a card is worth 0 points or more, not -5"),
        ({"deck": {"colors": []}}, "deck.colors: at least one colour"),
        ({"deck": {"colors": ["red", "red"]}}, "deck.colors[1]: 'red' is empty, repeated"),
        ({"deck": {"colors": ["black"]}}, "deck.colors[0]: 'black' is empty, repeated or black"),
        ({"deck": {"each_color": {"10": 2}}}, "deck.each_color: unknown kind '10'"),
        ({"deck": {"each_color": {"1": -1}}}, "deck.each_color.1: 0 copies or more, not -1"),
        ({"deck": {"wild": {"wild": 4, "cone": 1}}}, "deck.wild.cone: the deck has cones but"),
        ({"deck": {"colors": ["red"], "each_color": {"1": 2}, "wild": {}}}, "deck: 2 cards cannot"),
        ({"position": {"round": 0}}, "position.round: 1 or more, not 0"),
        ({"position": {"scores": {"Zed": 3}}}, "position.scores: 'Zed' is not at the table"),
        (
            {"position": {"round": 2, "scores": {"Ann": 500}}},
            "position.scores.Ann: Ann's 500 points reach the target (500): the game would be over",
        ),
        (
            {"position": {"round": 2, "scores": {"Bob": -20}}},
            "position.scores.Bob: a score is 0 points or more, not -20",
        ),
        (
            {"position": {"scores": {"Bob": 20}}},
            "position.scores.Bob: nobody has points before the first round is played, not 20",
        ),
        (
            {"position": {"round": 2, "scores": {"Ann": 20, "Bob": 30}}},
            "position.scores: 2 players have points after 1 round: each round scores for its "
            "winner alone",
        ),
        (
            {"target": {"rounds": 2}, "position": {"round": 3, "scores": {"Ann": 5}}},
            "position.round: after 2 rounds the game goes on only while the highest score is tied",
        ),
    ],
)
def test_a_setup_the_rules_cannot_start_names_the_field(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(ScriptError) as raised:
        start(parse_script(base(**changes)))
    assert message in str(raised.value)


def test_an_illegal_input_or_unmet_expectation_stops_the_replay_with_the_game_reached() -> None:
    inputs = [
        {"type": "turn_up", "player": "Bob", "card": {"color": "red", "value": "7"}},
        {"type": "play", "player": "Ann", "card": {"color": "blue", "value": "8"}},
    ]
    with pytest.raises(ScriptFailed) as raised:
        replay(parse_script(base(inputs=inputs)))
    assert str(raised.value).startswith("inputs[1] (play by Ann): blue 8 cannot be laid now")
    assert len(raised.value.game.log) == 1
    with pytest.raises(ScriptFailed, match=r"expect\[0\] \(after 1 input\): turn is \"Ann\""):
        replay(parse_script(base(inputs=inputs[:1], expect=[{"turn": "Bob"}])))


def test_a_game_saved_as_a_script_replays_to_the_same_game(tmp_path: Path) -> None:
    setup = Setup(
        ("Ann", "Bob", "Cat", "Dan"),
        Target("rounds", 3),
        "Cat",
        Options(hand_size=5, cone="cancel", several=True, play_drawn=True),
        values={"wild4": 40},
        deck=DeckSpec(("red", "green", "blue"), {"1": 3, "5": 3, "skip": 2, "draw2": 2}, None),
    )
    game, _ = play_game(setup, seed=4)
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(script_json(game)))
    again = replay(load_script(saved))
    assert fingerprint(again) == fingerprint(game)
    assert again.setup == game.setup
    assert script_json(again) == script_json(game)


def test_the_defaults_are_the_usual_deck_7_cards_and_500_points() -> None:
    game = start(parse_script(base()))
    assert sum(game.deck.values()) == 108
    assert game.setup.target == Target("points", 500)
    assert game.hand_sizes() == {"Ann": 7, "Bob": 7}
    assert isinstance(game, KaTO) and game.players[game.dealer] == "Bob"
