"""Game scripts `kr-game/1`: every bad script is one line naming its place; a game saved as
a script replays to the same game; the doc's example is a working script."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from host.games.kingdom_run import PRESETS, Setup
from host.games.kingdom_run.random_player import play_game
from host.games.kingdom_run.script import load_script, parse_script, replay, script_json
from host.games.scripts import ScriptError, ScriptFailed

DOC = (Path(__file__).resolve().parents[3] / "docs" / "kingdom-run-script.md").read_text()


def script(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "kr-game/1",
        "players": [{"name": "Ann"}, {"name": "Bob"}],
        "inputs": [{"type": "throw", "player": "Ann", "thrown": ["boots"] * 4}],
    }
    data.update(changes)
    return data


def position(**fields: Any) -> dict[str, Any]:
    return script(position={"active_player": "Ann", **fields}, inputs=[])


WRONG: list[tuple[dict[str, Any], str]] = [
    ({"format": "kr-game/2"}, "unknown format 'kr-game/2': this dicetable reads kr-game/1"),
    ({"format": None}, 'no "format": a game script starts with "format": "kr-game/1"'),
    ({"colour": "red"}, "the script: unknown field 'colour' (fields: course, description,"),
    ({"players": "Ann, Bob"}, 'players: expected a JSON list, not "Ann, Bob"'),
    ({"players": [{"name": "Ann"}]}, "players: 1 player; Kingdom Run is for 2 to 4"),
    ({"players": [{"name": n} for n in "ABCDE"]}, "players: 5 players; Kingdom Run is for 2 to 4"),
    (
        {"players": [{"name": "Ann"}, {"name": "Ann"}]},
        "players[1].name: 'Ann' is already at the table",
    ),
    ({"players": [{"name": "Ann"}, {"name": " "}]}, "players[1].name: a player needs a name"),
    (
        {"players": [{"name": "Ann", "monster": "x"}, {"name": "Bob"}]},
        "players[0]: unknown field 'monster'",
    ),
    (
        {"players": [{"name": "Ann", "colour": "teal"}, {"name": "Bob"}]},
        "players[0].colour: unknown colour 'teal' (colours: red, blue",
    ),
    (
        {"players": [{"name": "Ann", "colour": "blue"}, {"name": "Bob"}]},
        "players[1].colour: blue runners are someone else's",
    ),
    ({"course": "sprint"}, 'course: expected a JSON object, not "sprint"'),
    (
        {"course": {"preset": "marsh"}},
        "course.preset: unknown course 'marsh' (presets: first-race, lakeland and sprint;",
    ),
    (
        {"course": {"preset": "sprint", "parts": ["..."]}},
        'course: a preset and board parts both given: choose "your own" as the course',
    ),
    ({"course": {}}, 'course: a "preset" or the "parts" as laid on the table'),
    (
        {"course": {"parts": []}},
        "course.parts: 0 parts; a course has 1 to 5 (the box's board parts)",
    ),
    ({"course": {"parts": ["..."] * 6}}, "course.parts: 6 parts"),
    ({"course": {"parts": ["...", ""]}}, "course.parts[1]: 0 spaces; a part has 1 to 40"),
    (
        {"course": {"parts": ["..x"]}},
        "course.parts[0]: '..x' has 'x': a space is '.' (land) or '~'",
    ),
    ({"course": {"parts": [3]}}, "course.parts[0]: expected a string, not 3"),
    (
        {"course": {"parts": ["..."], "finish_places": [3, 2, 1]}},
        "course.finish_places: 3 values; the finish line has 8 places, highest first",
    ),
    (
        {"course": {"parts": ["..."], "finish_places": [1, 2, 3, 4, 5, 6, 7, 8]}},
        "course.finish_places: 1, 2, 3, 4, 5, 6, 7 and 8 must go from the highest down",
    ),
    (
        {"course": {"parts": ["..."], "finish_places": [8, 7, 6, 5, 4, 3, 2, "1"]}},
        'course.finish_places[7]: expected a whole number, not "1"',
    ),
    ({"options": {"tokens_each": 7}}, "options.tokens_each: 7 each for 2 players; the box has 12"),
    (
        {"options": {"token_value": -1}},
        "options.token_value: -1; a victory token is worth 0 or more",
    ),
    (
        {"options": {"tokens": 3}},
        "options: unknown field 'tokens' (fields: token_value and tokens_each)",
    ),
    ({"first_player": "Zed"}, "first_player: unknown player 'Zed' (players: Ann and Bob)"),
    (position(active_player="Zed"), "position.active_player: unknown player 'Zed'"),
    (
        script(first_player="Ann", position={"active_player": "Ann"}),
        "first_player: a position says who plays (its active_player)",
    ),
    (position(turn=0), "position.turn: 0; turns count from 1"),
    (
        position(runners={"Ann": [4, 5, 6]}),
        "position.runners.Ann: 3 on the course and 0 past the finish line; a player has 4 runners",
    ),
    (
        position(finish=["Ann"], runners={"Ann": [4, 5, 6, 7]}),
        "position.runners.Ann: 4 on the course and 1 past the finish line",
    ),
    (
        position(runners={"Ann": [4, 5, 6, 39]}),
        "position.runners.Ann: no space 39 (the course has 0 to 38)",
    ),
    (
        position(runners={"Ann": [4, 4, 4, 5], "Bob": [4, 4, 0, 1]}),
        "position.runners: 5 runners on space 4; a space holds 4",
    ),
    (
        position(asleep={"Ann": [5]}),
        "position.asleep.Ann: 1 asleep on space 5, where Ann has 0 runners",
    ),
    (position(runners={"Zed": [1]}), "position.runners: unknown player 'Zed'"),
    (
        position(finish=["Ann"] * 4 + ["Bob"] * 4),
        "position.finish: 8 places filled; with all 8 the race is over",
    ),
    (position(tokens={"Ann": 7}), "position.tokens: 13 victory tokens in all; the box has 12"),
    (position(tokens={"Ann": -1}), "position.tokens.Ann: -1; tokens are 0 or more"),
    (position(tokens={"Ann": "x"}), 'position.tokens.Ann: expected a whole number, not "x"'),
    ({"inputs": [["throw"]]}, "inputs[0]: expected a JSON object"),
    ({"expect": [{"after": 9}]}, "expect[0].after: 9 is not between 0 and 1"),
    ({"expect": [{"error": "x"}]}, 'expect[0].error: the message of which "refuse" input?'),
]


@pytest.mark.parametrize(("changes", "says"), WRONG, ids=[w[1][:40] for w in WRONG])
def test_a_wrong_script_says_what_and_where_in_one_line(changes: dict[str, Any], says: str) -> None:
    data = changes if "format" in changes and "players" in changes else script(**changes)
    with pytest.raises(ScriptError) as raised:
        replay(parse_script(data))
    assert says in str(raised.value) and "\n" not in str(raised.value)


QUOTED = re.compile(r'"([^"]+)"|«\u00a0([^»]+)\u00a0»|「([^」]+)」')


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_a_preset_and_parts_both_given_says_what_to_do(lang: str) -> None:
    """The setup form offers a preset or "your own: the board parts below": a preset chosen
    with parts filled in is refused with what to do, the choice named as the form names it
    in the page's language (it said only "not both")."""
    from host.games.kingdom_run.text import _
    from host.games.text import message

    with pytest.raises(ScriptError) as refused:
        parse_script(script(course={"preset": "sprint", "parts": ["..."]}))
    said = message(refused.value).say(lang)  # type: ignore[attr-defined]
    choice = QUOTED.search(said)
    assert choice is not None, said
    label = _("your own: the board parts below").say(lang)
    assert label.startswith(next(g for g in choice.groups() if g)), (said, label)
    clear = {"en": "clear the board parts", "fr": "videz les parties", "ja": "空にして"}
    assert clear[lang] in said


def test_an_illegal_input_names_its_index_and_keeps_the_state_reached() -> None:
    data = script(
        inputs=[
            {"type": "throw", "player": "Ann", "thrown": ["hook"] * 4},
            {"type": "hook", "player": "Ann", "space": 3, "runner": "Ann"},
        ]
    )
    with pytest.raises(ScriptFailed) as raised:
        replay(parse_script(data))
    assert str(raised.value) == (
        "inputs[1] (hook by Ann): no runner ahead of space 3 to hook on to (nor past the "
        "finish line)"
    )
    assert raised.value.game.to_json()["dice"] == ["hook"] * 4


def test_the_file_errors(tmp_path: Path) -> None:
    with pytest.raises(ScriptError, match=r"cannot read .*: No such file or directory"):
        load_script(tmp_path / "none.json")
    (tmp_path / "cut.json").write_text('{"format": "kr-game/1",')
    cut = r"cut.json is not JSON \(cut short or damaged\): .* at line 1 column 24"
    with pytest.raises(ScriptError, match=cut):
        load_script(tmp_path / "cut.json")


@pytest.mark.parametrize("seed", range(6))
def test_a_saved_game_replays_to_the_same_game(seed: int) -> None:
    names = ("Ann", "Bob", "Cat", "Dan")[: 2 + seed % 3]
    course = list(PRESETS.values())[seed % 3]
    game = play_game(Setup.simple(*names, course=course), random.Random(seed), corrections=True)
    saved = json.loads(json.dumps(script_json(game)))  # through JSON text, as on disk
    again = replay(parse_script(saved))
    assert again.to_json() == game.to_json() and again.setup == game.setup


def test_the_docs_example_replays() -> None:
    example = re.search(r"## Example\n\n```json\n(.*?)```", DOC, re.DOTALL)
    assert example is not None
    game = replay(parse_script(json.loads(example.group(1))))
    assert game.active == "Bob" and len(game.log) == 6
