"""The games the app can run: a small registry from a game script's format to its rules.

The app knows a game only through `host.games.Game` plus the few things below that only
the game's own package can tell: how to start one from a setup (the game script without
its inputs), how to save it as a script, which players hold which role (for the
statistics), what the page may offer for each thing the game waits for, and what a
player's button means at each moment. Each game registers one `GameKind`; King of Tokyo's
is in `host.app.kot`. Kingdom Run and KaTO will add theirs here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from host.games import Game, Input, Waiting
from host.games.files import JsonFileError, read_json

# The input kinds the app itself treats specially (names shared by the dice games):
# a "resolve" ends the throws and is held for the correction window, during which
# "correct" inputs fix a misread die.
RESOLVE = "resolve"
CORRECT = "correct"
THROW = "throw"
# A new game's player names fit the page's player cards and the terminal's lines (the rules
# take any name; games stored or imported with longer ones still open).
NAME_LENGTH = 24


def check_names(setup: Mapping[str, Any]) -> None:
    """GameFileError if a new game's player names are too long or hold control characters."""
    players = setup.get("players")
    for i, player in enumerate(players if isinstance(players, list) else []):
        name = player.get("name") if isinstance(player, Mapping) else None
        if isinstance(name, str) and (len(name) > NAME_LENGTH or not name.isprintable()):
            raise GameFileError(
                f"players[{i}].name: at most {NAME_LENGTH} printable characters, not {name!r}"
            )


class GameFileError(ValueError):
    """A setup or game script that cannot be started or replayed; one-line message."""


class GameKind(Protocol):
    """What the app needs from a game beyond the `Game` protocol."""

    name: str  # e.g. "king-of-tokyo": stored with every game
    title: str  # e.g. "King of Tokyo": for people
    script_format: str  # e.g. "kot-game/1": the "format" of its game scripts

    def new(self, setup: Mapping[str, Any]) -> Game:
        """A game at its setup (a script's fields without "inputs"), before any input;
        GameFileError naming the field at fault."""
        ...

    def load(self, script: Mapping[str, Any]) -> Game:
        """A game script replayed (every input checked); GameFileError naming the input."""
        ...

    def setup_of(self, script: Mapping[str, Any]) -> dict[str, Any]:
        """The setup part of a script (its fields without "inputs" and "expect")."""
        ...

    def export(self, setup: Mapping[str, Any], inputs: Sequence[Input]) -> dict[str, Any]:
        """The game script of a setup and its inputs (the save format)."""
        ...

    def roles(self, game: Game) -> dict[str, str]:
        """Each player's role (King of Tokyo: the monster), for the statistics."""
        ...

    def turn(self, game: Game) -> tuple[str, int]:
        """Whose turn and its number: a change tells the camera a new turn began."""
        ...

    def winners(self, game: Game) -> list[str]: ...

    def catalog(self) -> dict[str, Any]:
        """What the page's setup form offers: roles, options, cards..."""
        ...

    def answers(self, game: Game, waiting: Waiting) -> dict[str, Any]:
        """What the page offers for one thing the game waits for (see `answers_json`)."""
        ...

    def button_inputs(self, game: Game, player: str) -> list[Input]:
        """The inputs a press of `player`'s button stands for now (empty: none)."""
        ...

    def manual_throw(self, game: Game, faces: Sequence[str]) -> Input:
        """The throw input for dice entered by hand: the faces showing after the throw."""
        ...


_KINDS: dict[str, GameKind] = {}


def register(kind: GameKind) -> GameKind:
    _KINDS[kind.name] = kind
    return kind


def kinds() -> dict[str, GameKind]:
    _load_builtin()
    return dict(_KINDS)


def kind_named(name: str) -> GameKind:
    _load_builtin()
    try:
        return _KINDS[name]
    except KeyError:
        raise GameFileError(f"unknown game {name!r} (games: {', '.join(sorted(_KINDS))})") from None


def kind_of_script(script: object) -> GameKind:
    """The kind whose script format `script` declares, or GameFileError saying why not
    (not a script, a game this dicetable does not know, or a newer format version).

    >>> kind_of_script({"format": "kot-game/1"}).name
    'king-of-tokyo'
    >>> kind_of_script({"format": "kot-game/7"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    host.app.games.GameFileError: this file is a kot-game/7 game, from a newer dicetable; ...
    """
    _load_builtin()
    if not isinstance(script, Mapping):
        raise GameFileError('a game file is a JSON object with a "format" field')
    fmt = script.get("format")
    if not isinstance(fmt, str):
        raise GameFileError('not a game script: it has no "format" field (e.g. "kot-game/1")')
    for kind in _KINDS.values():
        if fmt == kind.script_format:
            return kind
    wanted = _split_format(fmt)
    for kind in _KINDS.values():
        known = _split_format(kind.script_format)
        if wanted and known and wanted[0] == known[0]:
            if wanted[1] > known[1]:
                raise GameFileError(
                    f"this file is a {fmt} game, from a newer dicetable; this one reads "
                    f"{kind.script_format}: update dicetable to open it"
                )
            raise GameFileError(
                f"unknown format {fmt!r}: this dicetable reads {kind.script_format}"
            )
    formats = ", ".join(sorted(k.script_format for k in _KINDS.values()))
    raise GameFileError(f"unknown game format {fmt!r} (this dicetable reads {formats})")


def parse_game_file(data: bytes | str, name: str = "the game file") -> object:
    """The JSON of a game file, or GameFileError saying why it is not one.

    >>> parse_game_file(b'{"format": "kot-game/1",')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    host.app.games.GameFileError: the game file is not JSON (cut short or damaged): ...
    """
    try:
        return read_json(data, name)
    except JsonFileError as error:
        raise GameFileError(str(error)) from None


def _split_format(fmt: str) -> tuple[str, int] | None:
    match = re.fullmatch(r"([a-z0-9-]+)/(\d+)", fmt)
    return (match.group(1), int(match.group(2))) if match else None


def answers_json(kind: GameKind, game: Game) -> list[dict[str, Any]]:
    """Everything the game waits for, each with what the page may offer to answer it:

    {"player", "kind", "options", "title", "choices": [{"label", "input"}...],
     "form": {...} or None}

    A choice is a complete input (one tap); a form asks for more (dice faces, a card
    from a list) before it becomes one. Kinds the game's adapter does not know get
    choices made from their options (see `generic_answers`), and the page always offers
    to type an input as JSON, so everything the engine waits for can be answered.
    """
    return [kind.answers(game, w) for w in game.waiting_for()]


def awaiting(answers: Sequence[Mapping[str, Any]]) -> str:
    """What the game waits for, in words: each answer's title, naming its player.

    >>> awaiting([{"player": "Ann", "title": "Ann: 2 hearts to use"},
    ...           {"player": "Ann", "title": "Fix a misread die"}])
    'Ann: 2 hearts to use; Ann: fix a misread die'
    """
    parts = []
    for a in answers:
        title, player = str(a["title"]), str(a["player"])
        if not title.startswith(player):
            title = f"{player}: {title[:1].lower()}{title[1:]}"
        parts.append(title)
    return "; ".join(parts)


def generic_answers(waiting: Waiting) -> dict[str, Any]:
    """Choices made from a Waiting's options when nothing better is known: a list option
    `cards` of names (or of objects with a "card") gives one input per item with field
    `card`; an option that is not a list gives a plain button with no extra field.

    >>> w = Waiting("Ann", "reveal", {"cards": ["Heal", "Tank"]})
    >>> [c["input"]["card"] for c in generic_answers(w)["choices"]]
    ['Heal', 'Tank']
    """
    base = {"type": waiting.kind, "player": waiting.player}
    choices: list[dict[str, Any]] = []
    for key, value in waiting.options.items():
        if not isinstance(value, list):
            continue
        field = key[:-1] if key.endswith("s") else key
        for item in value:
            if isinstance(item, Mapping):
                picked = item.get(field)
                if picked is None:
                    continue
                extra = ", ".join(f"{k} {v}" for k, v in item.items() if k != field)
                label = f"{picked} ({extra})" if extra else str(picked)
            elif isinstance(item, str | int | float | bool):
                picked, label = item, str(item)
            else:
                continue
            choices.append({"label": label, "input": {**base, field: picked}})
    if not choices:
        choices.append({"label": waiting.kind.replace("_", " "), "input": base})
    return {
        "player": waiting.player,
        "kind": waiting.kind,
        "options": dict(waiting.options),
        "title": waiting.kind.replace("_", " ").capitalize(),
        "choices": choices,
        "form": None,
    }


def _load_builtin() -> None:
    if not _KINDS:
        import host.app.kot  # noqa: F401  (registers itself)
