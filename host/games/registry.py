"""The games this dicetable can run, found by name and by script format.

Games register themselves; nothing outside a game's package imports it by name:

- a rules package below `host.games` (say `host.games.kot`) that has a `table_kind`
  module is found by looking at `host.games`' subpackages: that module's `KIND` is the
  game's `GameKind` (host.games.kind);
- a game kept elsewhere (a test-only game, one being written) is named in the environment
  variable DICETABLE_GAMES: module names separated by commas, each with a `KIND`. An
  environment variable rather than a packaging entry point: it needs no installed
  distribution (the tests' own game lives under tests/, and an entry point is only seen
  once its package's metadata is installed again), it reaches a `dicetable play` started
  as a subprocess, and it is explicit: nothing joins a table by merely being installed;
- `register(kind)` adds one in-process.

The catalog's order: the games of `host.games` by their KIND's `catalog_order` (0 if it
has none; the games after King of Tokyo say 1) then package name, then those of
DICETABLE_GAMES in the order named, then any registered by hand. The first is the default
game of a "new_game" that names none.

A game that cannot be loaded (its module does not import, or has no proper KIND) is left
out, not fatal: the other games work, `broken()` says which failed, why and what to do,
and the first look at the registry says so on stderr (once a process), so every command
run then names it; the table's page shows it too.
"""

from __future__ import annotations

import importlib
import importlib.util
import operator
import os
import pkgutil
import re
import sys
import threading
import traceback
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any

from host.games import refusals
from host.games.files import JsonFileError, read_json
from host.games.kind import GameFileError, GameKind, dice_sets
from host.games.text import Quoted, Text, _, message

GAMES_ENV = "DICETABLE_GAMES"
KIND_MODULE = "table_kind"  # the module of a rules package that holds its KIND
ORDER = "catalog_order"  # a KIND's optional place among host.games' games (default 0)

_KINDS: dict[str, GameKind] = {}
_BROKEN: dict[str, Text] = {}  # module -> why it is left out, and what to do
_titles: tuple[tuple[GameKind, ...], Mapping[str, str]] | None = None  # (dice_set_titles)
_found = False
_finding = False  # (the thread finding them asks again, from a game's module)
_find_lock = threading.RLock()


def register(kind: GameKind) -> GameKind:
    """Add a game (or replace the one of the same name); returns it."""
    _KINDS[kind.name] = kind
    return kind


def kinds() -> dict[str, GameKind]:
    """Every game, by name, in the catalog's order."""
    _find()
    return dict(_KINDS)


def dice_set_titles() -> Mapping[str, str]:
    """Every dice set a game titles (its dice's `sets`: host.games.kind.dice_sets) -> what
    players call it, gathered once for the catalog (again only if another catalog comes:
    a game registered, or a test's own)."""
    global _titles
    found = tuple(kinds().values())
    known = () if _titles is None else _titles[0]
    if _titles is None or len(known) != len(found) or any(map(operator.is_not, known, found)):
        titles: dict[str, str] = {}
        for kind in found:
            titles.update(dice_sets(kind))
        _titles = (found, MappingProxyType(titles))
    return _titles[1]


def face_labels(face_set: str) -> Mapping[str, str]:
    """The faces of the dice a face set reads -> what players call them, as the game whose
    dice it reads labels them (its dice's `faces`); for sets read together ("kot+berserk"),
    each one's; empty for a set no game reads (a set a person taught and named)."""
    labels: dict[str, str] = {}
    for part in face_set.split("+"):
        for kind in kinds().values():
            if kind.dice is not None and part in dice_sets(kind):
                labels.update(kind.dice.faces)
    return labels


def broken() -> dict[str, Text]:
    """The game modules left out because they cannot be loaded: module name -> one line
    saying why and what to do."""
    _find()
    return dict(_BROKEN)


def default_kind() -> GameKind:
    """The catalog's first game: a "new_game" that names no game starts one of these."""
    found = kinds()
    if not found:
        raise GameFileError(_left_out(_("no game is installed (host/games has no rules package)")))
    return next(iter(found.values()))


def kind_named(name: str) -> GameKind:
    _find()
    try:
        return _KINDS[name]
    except KeyError:
        games = sorted(_KINDS)
        said = _("unknown game {name} (games: {games})", name=Quoted(name), games=games)
        raise GameFileError(_left_out(said)) from None


def kind_of_script(script: object) -> GameKind:
    """The kind whose script format `script` declares, or GameFileError saying why not
    (not a script, a game this dicetable does not know, or a newer format version)."""
    _find()
    if not isinstance(script, Mapping):
        raise GameFileError(_('a game file is a JSON object with a "format" field'))
    fmt = script.get("format")
    if not isinstance(fmt, str):
        raise GameFileError(_('not a game script: it has no "format" field (its game and version)'))
    for kind in _KINDS.values():
        if fmt == kind.script_format:
            return kind
    wanted = _split_format(fmt)
    for kind in _KINDS.values():
        known = _split_format(kind.script_format)
        if wanted and known and wanted[0] == known[0]:
            if wanted[1] > known[1]:
                raise GameFileError(
                    _(
                        "this file is a {format} game, from a newer dicetable; this one reads "
                        "{reads}: update dicetable to open it",
                        format=fmt,
                        reads=kind.script_format,
                    )
                )
            raise GameFileError(refusals.unknown_format(fmt, kind.script_format))
    formats = sorted(k.script_format for k in _KINDS.values())
    said = _(
        "unknown game format {format} (this dicetable reads {reads})",
        format=Quoted(fmt),
        reads=formats,
    )
    raise GameFileError(_left_out(said))


def parse_game_file(data: bytes | str, name: str | None = None) -> object:
    """The JSON of a game file, or GameFileError saying why it is not one.

    >>> parse_game_file(b'{"format": "x-game/1",')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    host.games.kind.GameFileError: the game file is not JSON (cut short or damaged): ...
    """
    try:
        return read_json(data, _("the game file") if name is None else name)
    except JsonFileError as error:
        raise GameFileError(message(error)) from None


MAX_GAME_FILE = 64 << 20  # bytes: a game of thousands of inputs is a few hundred KB


def read_game_file(path: str | Path) -> tuple[GameKind, dict[str, Any]]:
    """A game script file's kind and JSON; GameFileError saying what is wrong with it."""
    try:
        with Path(path).open("rb") as f:
            data = f.read(MAX_GAME_FILE + 1)  # (/dev/zero, a disk image: never read whole)
    except OSError as error:
        raise GameFileError(refusals.cannot_read(path, error)) from None
    if len(data) > MAX_GAME_FILE:
        raise GameFileError(
            _(
                "{path} is no game file: it is bigger than {most} MB (a game file is far smaller)",
                path=str(path),
                most=MAX_GAME_FILE >> 20,
            )
        )
    script = parse_game_file(data, str(path))
    kind = kind_of_script(script)
    assert isinstance(script, dict)
    return kind, script


def _split_format(fmt: str) -> tuple[str, int] | None:
    match = re.fullmatch(r"([a-z0-9-]+)/(\d+)", fmt)
    return (match.group(1), int(match.group(2))) if match else None


def _find() -> None:
    """Find the games once: host.games' rules packages, then DICETABLE_GAMES'. Another
    thread asking meanwhile (the page's first request while the table starts) waits for
    the whole catalog; a game's module asking while it is imported gets what is found."""
    global _found, _finding
    if _found:
        return
    with _find_lock:
        if _found or _finding:
            return
        _finding = True
        try:
            _find_all()
            _found = True
        finally:
            _finding = False


def _find_all() -> None:
    import host.games

    by_hand = dict(_KINDS)
    _KINDS.clear()
    _BROKEN.clear()
    built_in: list[ModuleType] = []
    packages = [p for p in pkgutil.iter_modules(host.games.__path__) if p.ispkg]
    for package in sorted(packages, key=lambda p: p.name):
        name = f"host.games.{package.name}.{KIND_MODULE}"
        folder = Path(getattr(package.module_finder, "path", "."), package.name)
        where = _("the game in {folder} cannot be loaded", folder=str(folder))
        found = _imported(name, where, _("fix it or remove that folder"), missing_ok=True)
        if found is not None:
            built_in.append(found)
    for found in sorted(built_in, key=lambda m: getattr(getattr(m, "KIND", None), ORDER, 0)):
        _take(found)
    for name in filter(None, (m.strip() for m in os.environ.get(GAMES_ENV, "").split(","))):
        where = _("{env} names {name}, which cannot be loaded", env=GAMES_ENV, name=name)
        found = _imported(name, where, _("fix it or unset {env}", env=GAMES_ENV), missing_ok=False)
        if found is not None:
            _take(found)
    for name, kind in by_hand.items():
        _KINDS.setdefault(name, kind)
    for why in _BROKEN.values():
        print(f"dicetable: {why}", file=sys.stderr)


def _imported(name: str, where: str, todo: str, missing_ok: bool) -> ModuleType | None:
    """The game module `name`, or None with why in _BROKEN: whatever goes wrong while a
    game's code is imported (a syntax error, a missing dependency, an exception at import)
    leaves that game out, never the others. A missing module is no game (a rules package
    without a table yet) if `missing_ok`."""
    try:
        if importlib.util.find_spec(name) is not None:
            return importlib.import_module(name)
        said = "no such module"
    except Exception as error:  # any failure of a game's own code
        said = f"{type(error).__name__}: {error}{_at(error)}"
    if not missing_ok or said != "no such module":
        _BROKEN[name] = _(
            "{where} ({why}): {todo}; the other games work", where=where, why=said, todo=todo
        )
    return None


def _at(error: BaseException) -> str:
    """Where in a game's files `error` was raised: ' at FILE:LINE' (a syntax error names
    its own place)."""
    if isinstance(error, SyntaxError):
        return ""
    frames = traceback.extract_tb(error.__traceback__)
    own = [f for f in frames if "importlib" not in f.filename]
    return f" at {own[-1].filename}:{own[-1].lineno}" if own else ""


def _take(module: ModuleType) -> None:
    kind = getattr(module, "KIND", None)
    if not all(isinstance(getattr(kind, a, None), str) for a in ("name", "script_format")):
        _BROKEN[module.__name__] = _(
            "{module} has no KIND with a name and a script_format (the game's GameKind, "
            "docs/games.md): it is left out; the other games work",
            module=module.__name__,
        )
        return
    register(kind)  # type: ignore[arg-type]


def _left_out(said: Text) -> Text:
    """For an unknown game: `said`, and the games left out because they cannot be loaded."""
    if not _BROKEN:
        return said
    return _("{said}; left out, as they cannot be loaded: {games}", said=said, games=list(_BROKEN))
