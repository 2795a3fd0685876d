"""Game scripts: the JSON save format and test-scenario format (docs/game-script.md).

A script holds the setup (players, options, seed, first player or a starting position),
the inputs in order, and optional expectations about the state along the way. Reading one
checks its shape and names every problem with its place in the file (`players[2].monster`,
`inputs[7]`), as a one-line `ScriptError`.

>>> script = parse_script({"format": FORMAT, "first_player": "Ann",
...     "players": [{"name": "Ann", "monster": "The King"}, {"name": "Bob", "monster": "Alienoid"}],
...     "inputs": [{"type": "throw", "player": "Ann", "thrown": ["claw"] * 6}]})
>>> replay(script).monster("Bob").hp   # nobody is in Tokyo: the first claws hit nobody
10
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from host.games import IllegalInput, Input
from host.games.files import JsonFileError, read_json
from host.games.kot.engine import KingOfTokyo
from host.games.kot.setup import (
    MonsterPosition,
    Options,
    Position,
    Seat,
    Setup,
    SetupError,
)

FORMAT = "kot-game/1"
_KEYS = {
    "format",
    "description",
    "players",
    "options",
    "seed",
    "first_player",
    "position",
    "inputs",
    "expect",
}


class ScriptError(ValueError):
    """A script that cannot be read or played; the message is one line."""


class ScriptFailed(ScriptError):
    """The script stopped at an illegal input or an unmet expectation; `game` is the state
    reached (before the failing input)."""

    def __init__(self, message: str, game: KingOfTokyo) -> None:
        super().__init__(message)
        self.game = game


@dataclass(frozen=True)
class Expect:
    """A partial state the game must match once `after` inputs are applied."""

    after: int
    state: Mapping[str, Any]


@dataclass(frozen=True)
class Script:
    setup: Setup
    inputs: Sequence[Input] = ()
    expect: Sequence[Expect] = field(default_factory=tuple)
    description: str = ""


def load_script(path: str | Path) -> Script:
    """Read a script file; every problem is a one-line ScriptError."""
    try:
        data = read_json(Path(path).read_bytes(), str(path))
    except OSError as error:
        raise ScriptError(f"cannot read {path}: {error.strerror or error}") from None
    except JsonFileError as error:
        raise ScriptError(str(error)) from None
    return parse_script(data)


def parse_script(data: object) -> Script:
    """Check a script's shape and turn it into a Script (the rules are checked on replay)."""
    obj = _object(data, "the script")
    fmt = obj.get("format")
    if fmt != FORMAT:
        if fmt is None:
            raise ScriptError(f'no "format": a game script starts with "format": "{FORMAT}"')
        raise ScriptError(f"unknown format {fmt!r}: this dicetable reads {FORMAT!r}")
    _known(obj, _KEYS, "the script")
    players = _list(obj.get("players"), "players")
    seats = []
    for i, p in enumerate(players):
        po = _object(p, f"players[{i}]")
        _known(po, {"name", "monster"}, f"players[{i}]")
        seats.append(
            Seat(
                _str(po.get("name"), f"players[{i}].name"),
                _str(po.get("monster"), f"players[{i}].monster"),
            )
        )
    options = _object(obj.get("options", {}), "options")
    _known(options, {"two_player_variant", "first_edition", "table_deck"}, "options")
    opts = Options(
        two_player_variant=_bool(
            options.get("two_player_variant", False), "options.two_player_variant"
        ),
        first_edition=_bool(options.get("first_edition", False), "options.first_edition"),
        table_deck=_bool(options.get("table_deck", False), "options.table_deck"),
    )
    seed = _int(obj.get("seed", 0), "seed")
    first = obj.get("first_player")
    position = None if obj.get("position") is None else _position(obj["position"])
    setup = Setup(
        tuple(seats),
        opts,
        seed,
        None if first is None else _str(first, "first_player"),
        position,
    )
    inputs = _list(obj.get("inputs", []), "inputs")
    for i, inp in enumerate(inputs):
        _object(inp, f"inputs[{i}]")
    expects = []
    for i, e in enumerate(_list(obj.get("expect", []), "expect")):
        eo = dict(_object(e, f"expect[{i}]"))
        after = _int(eo.pop("after", len(inputs)), f"expect[{i}].after")
        if not 0 <= after <= len(inputs):
            raise ScriptError(f"expect[{i}].after: {after} is not between 0 and {len(inputs)}")
        expects.append(Expect(after, eo))
    description = _str(obj.get("description", ""), "description")
    return Script(setup, inputs, tuple(expects), description)


def _position(data: object) -> Position:
    obj = _object(data, "position")
    _known(obj, {"monsters", "active_player", "turn", "face_up", "deck", "discard"}, "position")
    monsters = {}
    for name, m in _object(obj.get("monsters", {}), "position.monsters").items():
        at = f"position.monsters.{name}"
        mo = _object(m, at)
        _known(mo, {"hp", "vp", "energy", "location", "cards", "tokens", "mimic"}, at)
        mimic = None
        if mo.get("mimic") is not None:
            mimic_obj = _object(mo["mimic"], f"{at}.mimic")
            _known(mimic_obj, {"card", "owner"}, f"{at}.mimic")
            mimic = (
                _str(mimic_obj.get("card"), f"{at}.mimic.card"),
                _str(mimic_obj.get("owner"), f"{at}.mimic.owner"),
            )
        monsters[name] = MonsterPosition(
            hp=mo.get("hp", 10),
            vp=mo.get("vp", 0),
            energy=mo.get("energy", 0),
            location=mo.get("location"),
            cards=_strings(mo.get("cards", []), f"{at}.cards"),
            tokens=dict(_object(mo.get("tokens", {}), f"{at}.tokens")),
            mimic=mimic,
        )
    face_up = obj.get("face_up")
    deck = obj.get("deck")
    return Position(
        monsters=monsters,
        active_player=_str(obj.get("active_player"), "position.active_player"),
        turn=obj.get("turn", 1),
        face_up=None if face_up is None else _strings(face_up, "position.face_up"),
        deck=None if deck is None else _strings(deck, "position.deck"),
        discard=_strings(obj.get("discard", []), "position.discard"),
    )


def start(script: Script) -> KingOfTokyo:
    """The game at the script's setup, before any input."""
    try:
        return KingOfTokyo(script.setup)
    except SetupError as error:
        raise ScriptError(str(error)) from None


def replay(
    script: Script, each: Callable[[int, Input, KingOfTokyo], None] | None = None
) -> KingOfTokyo:
    """Play the script's inputs, checking its expectations; call `each` after every input.

    Raises ScriptFailed (with the game reached) at an illegal input or unmet expectation.
    """
    game = start(script)
    _check(script, game, 0)
    for i, inp in enumerate(script.inputs):
        try:
            game.apply(inp)
        except IllegalInput as error:
            raise ScriptFailed(f"inputs[{i}] ({describe(inp)}): {error}", game) from None
        if each is not None:
            each(i, inp, game)
        _check(script, game, i + 1)
    return game


def describe(inp: Input) -> str:
    """A few words naming an input, for messages: 'throw by Ann'."""
    kind = inp.get("type", "input without a type")
    return f"{kind} by {inp['player']}" if "player" in inp else str(kind)


def _check(script: Script, game: KingOfTokyo, applied: int) -> None:
    for i, expect in enumerate(script.expect):
        if expect.after == applied:
            problems = mismatches(game.to_json(), expect.state)
            if problems:
                raise ScriptFailed(
                    f"expect[{i}] (after {applied} inputs): {problems[0]}"
                    + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""),
                    game,
                )


def mismatches(actual: object, expected: object, path: str = "") -> list[str]:
    """How `actual` differs from the partial `expected`: dicts match on the keys given,
    lists element by element, "players" (a list) also by name as a dict.

    >>> mismatches({"players": [{"name": "Ann", "hp": 5}]}, {"players": {"Ann": {"hp": 3}}})
    ['players.Ann.hp is 5, expected 3']
    """
    where = path or "the state"
    if isinstance(expected, Mapping):
        if path == "players" and isinstance(actual, list):
            actual = {p.get("name"): p for p in actual}
        if not isinstance(actual, Mapping):
            return [f"{where} is {json.dumps(actual)}, expected an object"]
        found = []
        for key, value in expected.items():
            sub = f"{path}.{key}" if path else str(key)
            if key not in actual:
                found.append(f"{sub} is missing")
            else:
                found += mismatches(actual[key], value, sub)
        return found
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where} is {json.dumps(actual)}, expected {json.dumps(expected)}"]
        found = []
        for i, (a, e) in enumerate(zip(actual, expected, strict=True)):
            found += mismatches(a, e, f"{path}[{i}]")
        return found
    if actual != expected or type(actual) is not type(expected):
        return [f"{where} is {json.dumps(actual)}, expected {json.dumps(expected)}"]
    return []


def script_json(game: KingOfTokyo) -> dict[str, Any]:
    """The game as a script (its setup and every input so far): the save format."""
    setup = game.setup
    data: dict[str, Any] = {
        "format": FORMAT,
        "players": [{"name": s.name, "monster": s.monster} for s in setup.seats],
        "options": {
            "two_player_variant": setup.options.two_player_variant,
            "first_edition": setup.options.first_edition,
            "table_deck": setup.options.table_deck,
        },
        "seed": setup.seed,
    }
    if setup.first_player is not None:
        data["first_player"] = setup.first_player
    if setup.position is not None:
        data["position"] = _position_json(setup.position)
    data["inputs"] = [dict(inp) for inp in game.log]
    return data


def _position_json(pos: Position) -> dict[str, Any]:
    data: dict[str, Any] = {
        "turn": pos.turn,
        "active_player": pos.active_player,
        "monsters": {
            name: {
                "hp": m.hp,
                "vp": m.vp,
                "energy": m.energy,
                "location": m.location,
                "cards": list(m.cards),
                "tokens": dict(m.tokens),
                **({} if m.mimic is None else {"mimic": {"card": m.mimic[0], "owner": m.mimic[1]}}),
            }
            for name, m in pos.monsters.items()
        },
        "discard": list(pos.discard),
    }
    if pos.face_up is not None:
        data["face_up"] = list(pos.face_up)
    if pos.deck is not None:
        data["deck"] = list(pos.deck)
    return data


# ---- shape checks, each naming the place in the file ---------------------------------------


def _object(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ScriptError(f"{where}: expected a JSON object, not {_kind(value)}")
    return value


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ScriptError(f"{where}: expected a JSON list, not {_kind(value)}")
    return value


def _str(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise ScriptError(f"{where}: expected a string, not {_kind(value)}")
    return value


def _strings(value: object, where: str) -> tuple[str, ...]:
    return tuple(_str(v, f"{where}[{i}]") for i, v in enumerate(_list(value, where)))


def _int(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScriptError(f"{where}: expected a whole number, not {_kind(value)}")
    return value


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise ScriptError(f"{where}: expected true or false, not {_kind(value)}")
    return value


def _known(obj: Mapping[str, Any], keys: set[str], where: str) -> None:
    unknown = sorted(set(obj) - keys)
    if unknown:
        raise ScriptError(
            f"{where}: unknown field {unknown[0]!r} (fields: {', '.join(sorted(keys))})"
        )


def _kind(value: object) -> str:
    return "null" if value is None else json.dumps(value)[:40]
