"""The refusals every game says alike, in one place: an input that is not one of the game's
(not an object, an unknown type, a field too many, no player, a player not at the table),
the game over, nothing to undo. Each returns a `Text` of host.games's words, said in the
reader's language (host/games/locales/LANG.json); a game raises it as its own error.

>>> str(unknown_type("jump", ["throw", "buy"]))
"unknown input type 'jump' (types: throw, buy)"
"""

from __future__ import annotations

from collections.abc import Iterable

from host.games.text import Text, _


def not_an_object(inp: object) -> Text:
    return _("an input is a JSON object, not {what}", what=type(inp).__name__)


def unknown_type(name: object, types: Iterable[str]) -> Text:
    return _("unknown input type {name} (types: {types})", name=repr(name), types=", ".join(types))


def no_such_field(name: str, extra: Iterable[str], fields: Iterable[str]) -> Text:
    """`extra`: the fields the input has and its kind does not; `fields`: those it may have
    besides its type."""
    return _(
        "a {kind} input has no field {extra} (fields: {fields})",
        kind=name,
        extra=", ".join(sorted(map(repr, extra))),
        fields=", ".join(sorted(fields)) or _("none besides type and player"),
    )


def no_player(name: str) -> Text:
    return _('a {kind} input needs the "player" who gives it', kind=name)


def unknown_player(name: object, players: Iterable[str], field: str = "") -> Text:
    """A player not at the table (`field`: the input's field naming them, if not "player")."""
    said = _(
        "unknown player {name} (players: {players})", name=repr(name), players=", ".join(players)
    )
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
        "unknown format {format}: this dicetable reads {reads}", format=repr(found), reads=reads
    )


def cannot_read(path: object, error: OSError) -> Text:
    """A file that cannot be read (the system's reason: a detail, as the system says it)."""
    return _("cannot read {path}: {why}", path=str(path), why=error.strerror or str(error))
