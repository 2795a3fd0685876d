"""A new game's setup as the page's form has it: its player names checked (they fit the
page's player cards and the terminal's lines), and the rules' refusals of it said by the
form's own words (a player by their name, a field by its label)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from host.app.text import _
from host.games.kind import GameFileError, GameKind
from host.games.text import ENGLISH, Quoted, Text, say

# A new game's player names fit the page's player cards and the terminal's lines (the rules
# take any name; games stored or imported with longer ones still open).
NAME_LENGTH = 24

# a path a refusal writes at its start, where its template has it ("position.round: ...")
_LEADING_PATH = re.compile(r"[\w.\[\]]+(?=:)")
_PLACES = {"{player}": r"(?P<player>.+?)", "{i}": r"(?P<i>\d+)"}  # a seat field's row


def as_the_form_says(said: object, setup: Mapping[str, Any], kind: GameKind | None) -> object:
    """A new game's (or a pick-up's) refusal as the form's reader says it: a field named
    where it is in a script said by its label as the form shows it ("position.round":
    "Round about to start"), a player's field by its label and the player ("position.scores.
    Ann": "Points of Ann", fr "Points d'Ann"; "players[1].colour": "Colour of Bob"), a
    player's part or name by the player (their name, else "player 2"). The field named is
    the refusal's `at` field, else the path it begins with ("position.round: 1 or more").

    (tests/app/test_new_game.py: every game's every field, in every language)
    """
    if not isinstance(said, Text) or kind is None:
        return said
    said = _option_named(said, setup, kind)
    at = said.fields.get("at")
    if isinstance(at, str):
        named = form_name(at, setup, kind)
        return (
            said
            if named is None
            else Text(said.domain, said.template, {**said.fields, "at": named})
        )
    found = _LEADING_PATH.match(str(said))
    named = None if found is None else form_name(found.group(), setup, kind)
    return said if found is None or named is None else _Renamed(said, found.group(), named)


def _option_named(said: Text, setup: Mapping[str, Any], kind: GameKind) -> Text:
    """The refusal with the option it names (its field `option`, the script's key quoted:
    "only with the option 'transformation'") said by the form's label, quoted: "only with
    the option 'Transformation card (Mutant Evolutions variant)'" (fr « ... », ja 「...」)."""
    option = said.fields.get("option")
    key = option.quoted if isinstance(option, Quoted) else None
    named = form_name(f"options.{key}", setup, kind) if isinstance(key, str) else None
    if named is None:
        return said
    return Text(said.domain, said.template, {**said.fields, "option": _QuotedLabel(named)})


class _QuotedLabel(Text):
    """A form's label quoted as each language quotes a name (Quoted), said in the reader's
    language."""

    label: object

    def __new__(cls, label: object) -> _QuotedLabel:
        made = str.__new__(cls, Quoted(say(label, ENGLISH)))
        made.domain, made.template, made.fields = "", str.__str__(made), {}
        made.label = label
        return made

    def __getnewargs__(self) -> tuple[object]:  # type: ignore[override]
        return (self.label,)

    def say(self, lang: str) -> str:
        return Quoted(say(self.label, lang)).said(lang)


def form_name(at: str, setup: Mapping[str, Any], kind: GameKind) -> object | None:
    """What the form calls the place `at` of a setup (a script's path: "players[1].colour",
    "position.scores.Ann", "options.hand_size"): its field's label as shown, with the player
    for a field of a player's row; a player's own part ("position.seats.Ann", "players[0]
    .name") the player; None: no field of the game's forms."""
    path = re.sub(r"\[(\d+)\]", r".\1", at)
    # (a setup with a position is a pick-up's: its form's labels first, "plays first in
    # this round" where a new game's says "first player")
    for pattern, label, _seat in _fields(kind, pickup="position" in setup):
        found = pattern.match(path)
        if found is None:
            continue
        who = _who(found.groupdict(), setup)
        shown = AsShown(label)
        return shown if who is None else _("{field} of {player}", field=shown, player=who)
    for pattern in (*_stems(kind), re.compile(r"players\.(?P<i>\d+)(?=$|\.)")):
        found = pattern.match(path)
        if found is not None:
            return _who(found.groupdict(), setup)
    return None


def _who(places: Mapping[str, str], setup: Mapping[str, Any]) -> str | None:
    """The player a seat field's row names: the name in the path, or the name entered in
    row i (else "player i+1"); None for a field of no row."""
    if places.get("player") is not None:
        return places["player"]
    if places.get("i") is None:
        return None
    i = int(places["i"])
    players = setup.get("players")
    seat = players[i] if isinstance(players, list) and i < len(players) else None
    name = seat.get("name") if isinstance(seat, Mapping) else None
    return name.strip() if isinstance(name, str) and name.strip() else _("player {n}", n=i + 1)


def _fields(kind: GameKind, pickup: bool) -> list[tuple[re.Pattern[str], object, bool]]:
    """Every field of the game's setup and pick-up forms (the pick-up's labels first if
    `pickup`): a pattern of the script paths it sets (and what lies under them), its
    label, whether it is in a player's row; the longest names first (the most precise)."""
    catalog = kind.catalog()
    found: dict[str, tuple[re.Pattern[str], object, bool]] = {}
    forms = ("pickup", "setup") if pickup else ("setup", "pickup")
    for spec in (catalog.get(form) for form in forms):
        for seat, key in ((True, "seat"), (False, "fields")):
            for f in (spec or {}).get(key, []):
                found.setdefault(f["name"], (_pattern(f["name"].split(".")), f["label"], seat))
    return [found[name] for name in sorted(found, key=len, reverse=True)]


def _stems(kind: GameKind) -> list[re.Pattern[str]]:
    """The paths of a player's own part of the setup ("position.seats.{player}"): the
    names of a player's row's fields up to the player."""
    stems: set[tuple[str, ...]] = set()
    catalog = kind.catalog()
    for spec in (catalog.get("setup"), catalog.get("pickup")):
        for f in (spec or {}).get("seat", []):
            parts = f["name"].split(".")
            cut = next((n for n, part in enumerate(parts) if part in _PLACES), None)
            if cut is not None:
                stems.add(tuple(parts[: cut + 1]))
    return [_pattern(list(stem)) for stem in sorted(stems, key=len, reverse=True)]


def _pattern(parts: list[str]) -> re.Pattern[str]:
    return re.compile(r"\.".join(_PLACES.get(p, re.escape(p)) for p in parts) + r"(?=$|\.)")


class AsShown(Text):
    """A form's label as the form shows it alone: its first letter a capital ("points":
    "Points", in every language)."""

    def __new__(cls, label: object) -> AsShown:
        text = label if isinstance(label, Text) else Text("", str(label))
        made = str.__new__(cls, _capital(str.__str__(text)))
        made.domain, made.template, made.fields = text.domain, text.template, text.fields
        return made

    def __getnewargs__(self) -> tuple[Text]:  # type: ignore[override]
        return (Text(self.domain, self.template, self.fields),)

    def say(self, lang: str) -> str:
        return _capital(Text(self.domain, self.template, self.fields).say(lang))


class _Renamed(Text):
    """A refusal whose template begins with a path ("position.round: 1 or more"), said in
    each language with the form's name for it in its place (the translations keep the path
    first)."""

    said: Text
    path: str
    named: object

    def __new__(cls, said: Text, path: str, named: object) -> _Renamed:
        made = str.__new__(cls, _renamed(said.say(ENGLISH), path, named, ENGLISH))
        made.domain, made.template, made.fields = said.domain, said.template, said.fields
        made.said, made.path, made.named = said, path, named
        return made

    def __getnewargs__(self) -> tuple[Text, str, object]:  # type: ignore[override]
        return (self.said, self.path, self.named)

    def say(self, lang: str) -> str:
        return _renamed(self.said.say(lang), self.path, self.named, lang)


def _renamed(said: str, path: str, named: object, lang: str) -> str:
    return say(named, lang) + said[len(path) :] if said.startswith(path) else said


def _capital(said: str) -> str:
    return said[:1].upper() + said[1:]


def check_names(setup: Mapping[str, Any]) -> None:
    """GameFileError if a new game's player names are too long or hold control characters."""
    players = setup.get("players")
    for i, player in enumerate(players if isinstance(players, list) else []):
        name = player.get("name") if isinstance(player, Mapping) else None
        if isinstance(name, str) and (len(name) > NAME_LENGTH or not name.isprintable()):
            raise GameFileError(
                f"players[{i}].name: at most {NAME_LENGTH} printable characters, not {name!r}"
            )
