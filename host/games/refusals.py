"""The refusals every game says alike, in one place: an input that is not one of the game's
(not an object, an unknown type, a field too many, no player, a player not at the table),
the game over, nothing to undo. Each returns a `Text` of host.games's words, said in the
reader's language (host/games/locales/LANG.json); a game raises it as its own error.

>>> str(unknown_type("jump", ["throw", "buy"]))
"unknown input type 'jump' (types: throw and buy)"
>>> str(malformed({"type": "buy", "hat": 1}, {"buy": {"card"}}, ["Ann"], ValueError, KeyError))
"the buy input has no field 'hat' (fields: card)"
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Set
from typing import TypeVar

from host.games.text import Quoted, Text, _

E = TypeVar("E")


def malformed(
    inp: object,
    fields: Mapping[str, Set[str]],
    players: Iterable[str],
    malformed_input: Callable[[Text], E],
    unknown_player_error: Callable[[Text], E],
) -> E:
    """The error for an input that is not well formed, found in that order: not an object, an
    unknown type, a field its type has not, no player, a player not at the table. `fields`:
    each input type's fields (with or without "type" and "player"); the two callables make
    the game's own errors (the slow path of an engine's apply, once its fast check failed)."""
    if not isinstance(inp, Mapping):
        return malformed_input(not_an_object(inp))
    kind = inp.get("type")
    allowed = fields.get(kind) if isinstance(kind, str) else None
    if allowed is None:
        return malformed_input(unknown_type(kind, fields))
    allowed = allowed - {"type", "player"}
    extra = inp.keys() - allowed - {"type", "player"}
    if extra:
        return malformed_input(no_such_field(str(kind), extra, allowed))
    if "player" not in inp:
        return malformed_input(no_player(str(kind)))
    return unknown_player_error(unknown_player(inp.get("player"), players))


def not_an_object(inp: object) -> Text:
    """The value sent quoted, as a player wrote it ("not 'throw'", "not a list of 'x'"):
    its Python type said "not str"."""
    return _("an input is a JSON object, not {what}", what=Quoted(inp))


def unknown_type(name: object, types: Iterable[str]) -> Text:
    return _("unknown input type {name} (types: {types})", name=Quoted(name), types=list(types))


def no_such_field(name: str, extra: Iterable[str], fields: Iterable[str]) -> Text:
    """`extra`: the fields the input has and its kind does not; `fields`: those it may have
    besides its type."""
    return _(
        "the {kind} input has no field {extra} (fields: {fields})",
        kind=name,
        extra=[Quoted(name) for name in sorted(extra)],  # ("'x' and 'y'", "「x」と「y」")
        fields=sorted(fields) or _("none besides type and player"),
    )


def no_player(name: str) -> Text:
    return _('the {kind} input needs the "player" who gives it', kind=name)


def unknown_player(name: object, players: Iterable[str], field: str = "") -> Text:
    """A player not at the table (`field`: the input's field naming them, if not "player")."""
    said = _("unknown player {name} (players: {players})", name=Quoted(name), players=list(players))
    return _("{at}: {why}", at=field, why=said) if field else said


def game_over() -> Text:
    return _("the game is over; undo the last input to change the end")


def nothing_to_undo() -> Text:
    return _("there is nothing to undo")


def not_a_setup() -> Text:
    return _("a game setup is a JSON object (players, options...)")


def unknown_format(found: object, reads: str) -> Text:
    """A script of a game this dicetable knows, in a format it does not."""
    return _(
        "unknown format {format}: this dicetable reads {reads}", format=Quoted(found), reads=reads
    )


def cannot_read(path: object, error: OSError) -> Text:
    """A file that cannot be read (the system's reason: a detail, as the system says it)."""
    return _("cannot read {path}: {why}", path=str(path), why=error.strerror or str(error))
