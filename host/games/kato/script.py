"""KaTO game scripts (`kato-game/1`): the save format and the test-scenario format.

A script holds the setup (players, first player, target, house rules, values, deck, or a
starting position), the inputs in order, and optional expectations along the way
(docs/kato-script.md). Every problem is one line naming its place in the file.

>>> draw2 = {"color": "red", "value": "draw2"}
>>> script = parse_script({"format": FORMAT, "players": [{"name": "Ann"}, {"name": "Bob"}],
...     "inputs": [{"type": "turn_up", "player": "Bob", "card": draw2}]})
>>> replay(script).to_json()["owed"]   # a +2 turned up: the first player draws 2
2
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from host.games import Input
from host.games.kato.engine import KaTO
from host.games.kato.setup import (
    POINTS,
    ROUNDS,
    DeckSpec,
    Options,
    Position,
    Setup,
    SetupError,
    Target,
)
from host.games.kato.text import _
from host.games.scripts import (
    Script,
    ScriptError,
    as_bool,
    as_int,
    as_list,
    as_object,
    as_str,
    as_strings,
    check_format,
    known_fields,
    play_inputs,
    read_script_file,
    script_of,
    started,
)

FORMAT = "kato-game/1"
FIELDS = {  # a script's top-level fields
    "format",
    "description",
    "players",
    "first_player",
    "target",
    "options",
    "values",
    "deck",
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
    known_fields(obj, FIELDS, "the script")
    players = []
    for i, p in enumerate(as_list(obj.get("players"), "players")):
        po = as_object(p, f"players[{i}]")
        known_fields(po, {"name"}, f"players[{i}]")
        players.append(as_str(po.get("name"), f"players[{i}].name"))
    first = obj.get("first_player")
    setup = Setup(
        players=tuple(players),
        target=_target(obj.get("target", {POINTS: Target().amount})),
        first_player=None if first is None else as_str(first, "first_player"),
        options=_options(obj.get("options", {})),
        values=_counts(obj.get("values", {}), "values"),
        deck=_deck(obj.get("deck", {})),
        position=None if obj.get("position") is None else _position(obj["position"]),
    )
    return script_of(setup, obj)


def _target(data: object) -> Target:
    obj = as_object(data, "target")
    if len(obj) != 1 or next(iter(obj)) not in (POINTS, ROUNDS):
        raise ScriptError(
            _("target: {points} or {rounds}", points='{"points": N}', rounds='{"rounds": N}')
        )
    kind = next(iter(obj))
    return Target(kind, as_int(obj[kind], f"target.{kind}"))


def _options(data: object) -> Options:
    obj = as_object(data, "options")
    known_fields(obj, set(Options.__dataclass_fields__), "options")
    cone = obj.get("cone")
    return Options(
        hand_size=as_int(obj.get("hand_size", Options.hand_size), "options.hand_size"),
        cone=None if cone is None else as_str(cone, "options.cone"),
        several=as_bool(obj.get("several", False), "options.several"),
        play_drawn=as_bool(obj.get("play_drawn", False), "options.play_drawn"),
    )


def _deck(data: object) -> DeckSpec:
    obj = as_object(data, "deck")
    known_fields(obj, {"colors", "each_color", "wild"}, "deck")
    default = DeckSpec()
    wild = obj.get("wild")
    return DeckSpec(
        colors=as_strings(obj["colors"], "deck.colors") if "colors" in obj else default.colors,
        each_color=_counts(obj.get("each_color", default.each_color), "deck.each_color"),
        wild=None if wild is None else _counts(wild, "deck.wild"),
    )


def _position(data: object) -> Position:
    obj = as_object(data, "position")
    known_fields(obj, {"round", "scores"}, "position")
    return Position(
        round=as_int(obj.get("round", 1), "position.round"),
        scores=_counts(obj.get("scores", {}), "position.scores"),
    )


def _counts(data: object, where: str) -> dict[str, int]:
    return {k: as_int(v, f"{where}.{k}") for k, v in as_object(data, where).items()}


def start(script: Script[Setup]) -> KaTO:
    """The game at the script's setup, before any input."""
    return started(KaTO, script, SetupError)


def replay(script: Script[Setup], each: Callable[[int, Input, KaTO], None] | None = None) -> KaTO:
    """Play the script's inputs, checking its expectations; call `each` after every input.

    Raises ScriptFailed (with the game reached) at an illegal input or unmet expectation.
    """
    return play_inputs(start(script), script.inputs, script.expect, each)


def script_json(game: KaTO) -> dict[str, Any]:
    """The game as a script (its setup and every input so far): the save format."""
    setup = game.setup
    options = setup.options
    data: dict[str, Any] = {
        "format": FORMAT,
        "players": [{"name": name} for name in setup.players],
        "first_player": setup.first,
        "target": {setup.target.kind: setup.target.amount},
        "options": {
            "hand_size": options.hand_size,
            "cone": options.cone,
            "several": options.several,
            "play_drawn": options.play_drawn,
        },
        "values": dict(setup.values),
        "deck": _deck_json(setup.deck),
    }
    if setup.position is not None:
        data["position"] = {"round": setup.position.round, "scores": dict(setup.position.scores)}
    data["inputs"] = [dict(inp) for inp in game.log]
    return data


def _deck_json(deck: DeckSpec) -> dict[str, Any]:
    data: dict[str, Any] = {"colors": list(deck.colors), "each_color": dict(deck.each_color)}
    if deck.wild is not None:
        data["wild"] = dict(deck.wild)
    return data
