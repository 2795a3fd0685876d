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

from collections.abc import Callable, Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any

from host.games import Input
from host.games.kot.engine import KingOfTokyo
from host.games.kot.setup import (
    MonsterPosition,
    Options,
    Position,
    Seat,
    Setup,
    SetupError,
)
from host.games.scripts import (
    Script,
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

# re-exported: callers of this module's replay catch its failures and describe its inputs
from host.games.scripts import ScriptError as ScriptError
from host.games.scripts import ScriptFailed as ScriptFailed
from host.games.scripts import describe as describe
from host.games.scripts import mismatches as mismatches

FORMAT = "kot-game/1"
BASE_OPTIONS = ("two_player_variant", "first_edition", "table_deck")
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


def load_script(path: str | Path) -> Script[Setup]:
    """Read a script file; every problem is a one-line ScriptError."""
    return parse_script(read_script_file(path))


def parse_script(data: object) -> Script[Setup]:
    """Check a script's shape and turn it into a Script (the rules are checked on replay)."""
    obj = as_object(data, "the script")
    check_format(obj, FORMAT)
    known_fields(obj, _KEYS, "the script")
    players = as_list(obj.get("players"), "players")
    seats = []
    for i, p in enumerate(players):
        po = as_object(p, f"players[{i}]")
        known_fields(po, {"name", "monster"}, f"players[{i}]")
        seats.append(
            Seat(
                as_str(po.get("name"), f"players[{i}].name"),
                as_str(po.get("monster"), f"players[{i}].monster"),
            )
        )
    opts = _options(as_object(obj.get("options", {}), "options"))
    seed = as_int(obj.get("seed", 0), "seed")
    first = obj.get("first_player")
    position = None if obj.get("position") is None else _position(obj["position"])
    setup = Setup(
        tuple(seats),
        opts,
        seed,
        None if first is None else as_str(first, "first_player"),
        position,
    )
    return script_of(setup, obj)


def _options(obj: Mapping[str, Any]) -> Options:
    """The options: booleans (false when left out), and the wickedness tiles' side."""
    known_fields(obj, {f.name for f in fields(Options)}, "options")
    kinds = {f.name: type(f.default) for f in fields(Options)}
    values: dict[str, Any] = {
        k: (as_bool if kinds[k] is bool else as_str)(v, f"options.{k}") for k, v in obj.items()
    }
    return Options(**values)


def _options_json(options: Options) -> dict[str, Any]:
    """The base game's options always, the expansions' only when on (older files read the
    same)."""
    out = {name: getattr(options, name) for name in BASE_OPTIONS}
    for f in fields(Options):
        if f.name not in BASE_OPTIONS and getattr(options, f.name) != f.default:
            out[f.name] = getattr(options, f.name)
    return out


def _position(data: object) -> Position:
    obj = as_object(data, "position")
    known_fields(
        obj,
        {
            "monsters",
            "active_player",
            "turn",
            "face_up",
            "deck",
            "discard",
            "wickedness_tiles",
            "tower",
            "curse",
            "curse_deck",
            "curse_discard",
            "scarab",
        },
        "position",
    )
    monsters = {}
    for name, m in as_object(obj.get("monsters", {}), "position.monsters").items():
        at = f"position.monsters.{name}"
        mo = as_object(m, at)
        known_fields(mo, {f.name for f in fields(MonsterPosition)}, at)
        mimic = None
        if mo.get("mimic") is not None:
            mimic_obj = as_object(mo["mimic"], f"{at}.mimic")
            known_fields(mimic_obj, {"card", "owner"}, f"{at}.mimic")
            mimic = (
                as_str(mimic_obj.get("card"), f"{at}.mimic.card"),
                as_str(mimic_obj.get("owner"), f"{at}.mimic.owner"),
            )
        monsters[name] = MonsterPosition(
            hp=mo.get("hp", 10),
            vp=mo.get("vp", 0),
            energy=mo.get("energy", 0),
            location=mo.get("location"),
            cards=as_strings(mo.get("cards", []), f"{at}.cards"),
            tokens=dict(as_object(mo.get("tokens", {}), f"{at}.tokens")),
            mimic=mimic,
            cultists=mo.get("cultists", 0),
            wickedness=mo.get("wickedness", 0),
            tiles=as_strings(mo.get("tiles", []), f"{at}.tiles"),
            berserk=mo.get("berserk", False),
            form=mo.get("form", "robot"),
            zombie=mo.get("zombie", False),
        )
    face_up = obj.get("face_up")
    deck = obj.get("deck")
    lying = obj.get("wickedness_tiles")
    tower = as_object(obj.get("tower", {}), "position.tower")
    curse = obj.get("curse")
    curse_deck = obj.get("curse_deck")
    scarab = obj.get("scarab")
    return Position(
        monsters=monsters,
        active_player=as_str(obj.get("active_player"), "position.active_player"),
        turn=obj.get("turn", 1),
        face_up=None if face_up is None else as_strings(face_up, "position.face_up"),
        deck=None if deck is None else as_strings(deck, "position.deck"),
        discard=as_strings(obj.get("discard", []), "position.discard"),
        wickedness_tiles=None if lying is None else as_strings(lying, "position.wickedness_tiles"),
        tower={level: as_str(name, f"position.tower.{level}") for level, name in tower.items()},
        curse=None if curse is None else as_str(curse, "position.curse"),
        curse_deck=None if curse_deck is None else as_strings(curse_deck, "position.curse_deck"),
        curse_discard=as_strings(obj.get("curse_discard", []), "position.curse_discard"),
        scarab=None if scarab is None else as_str(scarab, "position.scarab"),
    )


def start(script: Script[Setup]) -> KingOfTokyo:
    """The game at the script's setup, before any input."""
    return started(KingOfTokyo, script, SetupError)


def replay(
    script: Script,
    each: Callable[[int, Input, KingOfTokyo], None] | None = None,
    game: KingOfTokyo | None = None,
) -> KingOfTokyo:
    """Play the script's inputs, checking its expectations; call `each` after every input
    (from `game`, the script's `start` already made, else a new one).

    Raises ScriptFailed (with the game reached) at an illegal input or unmet expectation.
    """
    return play_inputs(start(script) if game is None else game, script.inputs, script.expect, each)


def script_json(game: KingOfTokyo) -> dict[str, Any]:
    """The game as a script (its setup and every input so far): the save format."""
    setup = game.setup
    data: dict[str, Any] = {
        "format": FORMAT,
        "players": [{"name": s.name, "monster": s.monster} for s in setup.seats],
        "options": _options_json(setup.options),
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
                **({"cultists": m.cultists} if m.cultists else {}),
                **({"wickedness": m.wickedness} if m.wickedness else {}),
                **({"tiles": list(m.tiles)} if m.tiles else {}),
                **({"berserk": True} if m.berserk else {}),
                **({"form": m.form} if m.form != "robot" else {}),
                **({"zombie": True} if m.zombie else {}),
            }
            for name, m in pos.monsters.items()
        },
        "discard": list(pos.discard),
    }
    if pos.face_up is not None:
        data["face_up"] = list(pos.face_up)
    if pos.deck is not None:
        data["deck"] = list(pos.deck)
    if pos.wickedness_tiles is not None:
        data["wickedness_tiles"] = list(pos.wickedness_tiles)
    if pos.tower:
        data["tower"] = dict(pos.tower)
    if pos.curse is not None:
        data["curse"] = pos.curse
    if pos.curse_deck is not None:
        data["curse_deck"] = list(pos.curse_deck)
    if pos.curse_discard:
        data["curse_discard"] = list(pos.curse_discard)
    if pos.scarab is not None:
        data["scarab"] = pos.scarab
    return data
