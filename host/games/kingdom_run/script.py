"""Game scripts `kr-game/1`: the save format and test-scenario format of Kingdom Run.

A script holds the setup (players, the course, options, first player or a starting
position), the inputs in order, and optional expectations about the state along the way
(docs/kingdom-run-script.md). Reading one checks its shape and names every problem with
its place in the file, as a one-line `ScriptError`; the rules are checked on replay.

>>> script = parse_script({"format": FORMAT, "players": [{"name": "Ann"}, {"name": "Bob"}],
...     "course": {"preset": "sprint"},
...     "inputs": [{"type": "throw", "player": "Ann", "thrown": ["boots"] * 4}]})
>>> replay(script).to_json()["dice_left"]
['boots', 'boots', 'boots', 'boots']
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from host.games import Input
from host.games.kingdom_run.course import DEFAULT_PLACES, DEFAULT_PRESET, PRESETS, Course
from host.games.kingdom_run.engine import KingdomRun
from host.games.kingdom_run.errors import SetupError
from host.games.kingdom_run.setup import DEFAULT_COLOURS, Options, Position, Seat, Setup
from host.games.kingdom_run.text import _
from host.games.scripts import (
    Script,
    ScriptError,
    as_int,
    as_list,
    as_object,
    as_str,
    check_format,
    known_fields,
    play_inputs,
    read_script_file,
    script_of,
    started,
)
from host.games.text import Quoted

FORMAT = "kr-game/1"
_KEYS = {
    "format",
    "description",
    "players",
    "course",
    "options",
    "first_player",
    "position",
    "inputs",
    "expect",
}


def load_script(path: str | Path) -> Script[Setup]:
    """Read a script file; every problem is a one-line ScriptError."""
    return parse_script(read_script_file(path))


def parse_script(data: object) -> Script[Setup]:
    """Check a script's shape and turn it into a Script (the rules are checked on replay)."""
    obj = as_object(data, "the script")
    check_format(obj, FORMAT)
    known_fields(obj, _KEYS, "the script")
    seats = []
    for i, p in enumerate(as_list(obj.get("players"), "players")):
        po = as_object(p, f"players[{i}]")
        known_fields(po, {"name", "colour"}, f"players[{i}]")
        default = DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]
        seats.append(
            Seat(
                as_str(po.get("name"), f"players[{i}].name"),
                as_str(po.get("colour", default), f"players[{i}].colour"),
            )
        )
    options = as_object(obj.get("options", {}), "options")
    known_fields(options, {"tokens_each", "token_value"}, "options")
    share = options.get("tokens_each")
    opts = Options(
        tokens_each=None if share is None else as_int(share, "options.tokens_each"),
        token_value=as_int(options.get("token_value", Options.token_value), "options.token_value"),
    )
    first = obj.get("first_player")
    setup = Setup(
        tuple(seats),
        _course(obj.get("course", {"preset": DEFAULT_PRESET})),
        opts,
        None if first is None else as_str(first, "first_player"),
        None if obj.get("position") is None else _position(obj["position"]),
    )
    return script_of(setup, obj)


def _course(data: object) -> Course:
    obj = as_object(data, "course")
    known_fields(obj, {"preset", "parts", "finish_places", "name"}, "course")
    places = obj.get("finish_places")
    values = DEFAULT_PLACES if places is None else _ints(places, "course.finish_places")
    if "preset" in obj:
        if "parts" in obj:
            raise ScriptError(
                _(
                    'course: a preset and board parts both given: choose "your own" as the '
                    "course to race on the board parts, or clear the board parts to race the "
                    "preset"
                )
            )
        name = as_str(obj["preset"], "course.preset")
        if name not in PRESETS:
            raise ScriptError(
                _(
                    "course.preset: unknown course {name} (presets: {presets}; "
                    'or give your own "parts")',
                    name=Quoted(name),
                    presets=list(PRESETS),
                )
            )
        preset = PRESETS[name]
        return Course(preset.parts, values if places is not None else preset.places, name)
    if "parts" not in obj:
        raise ScriptError(_('course: a "preset" or the "parts" as laid on the table'))
    parts = tuple(
        as_str(p, f"course.parts[{i}]") for i, p in enumerate(as_list(obj["parts"], "course.parts"))
    )
    return Course(parts, values, as_str(obj.get("name", ""), "course.name"))


def _position(data: object) -> Position:
    obj = as_object(data, "position")
    known_fields(
        obj, {"active_player", "turn", "runners", "asleep", "finish", "tokens"}, "position"
    )

    def spaces(field: str) -> dict[str, tuple[int, ...]]:
        table = as_object(obj.get(field, {}), f"position.{field}")
        return {name: _ints(v, f"position.{field}.{name}") for name, v in table.items()}

    tokens = as_object(obj.get("tokens", {}), "position.tokens")
    finish = as_list(obj.get("finish", []), "position.finish")
    return Position(
        active_player=as_str(obj.get("active_player"), "position.active_player"),
        turn=as_int(obj.get("turn", 1), "position.turn"),
        runners=spaces("runners"),
        asleep=spaces("asleep"),
        finish=tuple(as_str(n, f"position.finish[{i}]") for i, n in enumerate(finish)),
        tokens={name: as_int(n, f"position.tokens.{name}") for name, n in tokens.items()},
    )


def _ints(value: object, where: str) -> tuple[int, ...]:
    return tuple(as_int(v, f"{where}[{i}]") for i, v in enumerate(as_list(value, where)))


def start(script: Script[Setup]) -> KingdomRun:
    """The game at the script's setup, before any input."""
    return started(KingdomRun, script, SetupError)


def replay(
    script: Script, each: Callable[[int, Input, KingdomRun], None] | None = None
) -> KingdomRun:
    """Play the script's inputs, checking its expectations; call `each` after every input.

    Raises ScriptFailed (with the game reached) at an illegal input or unmet expectation.
    """
    return play_inputs(start(script), script.inputs, script.expect, each)


def script_json(game: KingdomRun) -> dict[str, Any]:
    """The game as a script (its setup and every input so far): the save format. The
    course is written out part by part, so a saved race replays even if a preset changes."""
    setup = game.setup
    course = setup.course
    data: dict[str, Any] = {
        "format": FORMAT,
        "players": [{"name": s.name, "colour": s.colour} for s in setup.seats],
        "course": {
            "name": course.name,
            "parts": list(course.parts),
            "finish_places": list(course.places),
        },
        "options": {"token_value": setup.options.token_value},
    }
    if setup.options.tokens_each is not None:
        data["options"]["tokens_each"] = setup.options.tokens_each
    if setup.first_player is not None:
        data["first_player"] = setup.first_player
    if setup.position is not None:
        data["position"] = _position_json(setup.position)
    data["inputs"] = [dict(inp) for inp in game.log]
    return data


def _position_json(pos: Position) -> dict[str, Any]:
    return {
        "active_player": pos.active_player,
        "turn": pos.turn,
        "runners": {name: list(s) for name, s in pos.runners.items()},
        "asleep": {name: list(s) for name, s in pos.asleep.items()},
        "finish": list(pos.finish),
        "tokens": dict(pos.tokens),
    }
