"""A new game's setup as the page's form has it: its player names checked (they fit the
page's player cards and the terminal's lines), and the rules' refusals of it said by the
form's own words (a player by their name, a field by its label)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from host.app.text import _
from host.games.kind import GameFileError, GameKind
from host.games.text import Text

# A new game's player names fit the page's player cards and the terminal's lines (the rules
# take any name; games stored or imported with longer ones still open).
NAME_LENGTH = 24

_SEAT_AT = re.compile(r"players\[(\d+)\](?:\.[\w.]+)?")  # a player's field in a setup


def as_the_form_says(said: object, setup: Mapping[str, Any], kind: GameKind | None) -> object:
    """A new game's refusal as the setup form's reader says it: a player's field named
    where it is in a script ("players[1].name") said as the player (their name, else
    "player 2"), a field of the form ("course.finish_places") by its label there; a game's
    refusals name it in their `at` field."""
    at = said.fields.get("at") if isinstance(said, Text) else None
    found = _SEAT_AT.fullmatch(at) if isinstance(at, str) else None
    if found is None:
        spec = kind.catalog().get("setup") if kind is not None and isinstance(at, str) else None
        labels = {f["name"]: f["label"] for f in (spec or {}).get("fields", [])}
        if at not in labels:
            return said
        assert isinstance(said, Text)
        return Text(said.domain, said.template, {**said.fields, "at": labels[at]})
    assert isinstance(said, Text)
    i = int(found.group(1))
    players = setup.get("players")
    seat = players[i] if isinstance(players, list) and i < len(players) else None
    name = seat.get("name") if isinstance(seat, Mapping) else None
    who = name.strip() if isinstance(name, str) and name.strip() else _("player {n}", n=i + 1)
    return Text(said.domain, said.template, {**said.fields, "at": who})


def check_names(setup: Mapping[str, Any]) -> None:
    """GameFileError if a new game's player names are too long or hold control characters."""
    players = setup.get("players")
    for i, player in enumerate(players if isinstance(players, list) else []):
        name = player.get("name") if isinstance(player, Mapping) else None
        if isinstance(name, str) and (len(name) > NAME_LENGTH or not name.isprintable()):
            raise GameFileError(
                f"players[{i}].name: at most {NAME_LENGTH} printable characters, not {name!r}"
            )
