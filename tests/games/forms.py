"""A game's setup form filled in as a person who only types the players' names would:
every other field as the page first shows it (host/app/static/app.js, `control`)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from host.games.page import PLAYERS


def filled(spec: Mapping[str, Any], players: int | None = None) -> dict[str, Any]:
    """The setup the page sends for form `spec` (a catalog's "setup" or "pickup") with
    `players` rows (default: as many as it shows at first) named P1, P2..."""
    count = spec["players"]["start"] if players is None else players
    names = [f"P{i + 1}" for i in range(count)]
    setup: dict[str, Any] = {}
    for i, name in enumerate(names):
        put(setup, ["players", i, "name"], name)
        for f in spec["seat"]:
            _into(setup, f, i, name, names)
    for f in spec["fields"]:
        _into(setup, f, 0, "", names)
    return setup


def _into(
    setup: dict[str, Any], f: Mapping[str, Any], row: int, name: str, names: list[str]
) -> None:
    present, value = shown_value(f, row, names)
    if present:
        path = [row if s == "{i}" else name if s == "{player}" else s for s in f["name"].split(".")]
        put(setup, path, value)


def shown_value(f: Mapping[str, Any], row: int, names: Sequence[str]) -> tuple[bool, Any]:
    """(set at all, the value) of a field as the page first shows it in row `row`."""
    default = f.get("default")
    count = f.get("count")
    at = (lambda k: default[k]) if isinstance(default, list) else (lambda k: default)
    if f.get("check"):
        return True, bool(default)
    if "choices" in f:
        values = list(names) if f["choices"] == PLAYERS else [c["value"] for c in f["choices"]]
        blank = "blank" in f

        def selected(k: int) -> list[str]:
            if f.get("distinct"):
                return values[row : row + 1]
            return [v for v in values if v == at(k)]

        if f.get("multiple"):
            return True, selected(0)
        picks = []
        for k in range(count or 1):
            chosen = selected(k)
            picks.append(chosen[0] if chosen else ("" if blank or not values else values[0]))
        if count:
            kept = [p for p in picks if p != ""]
            return bool(kept), kept
        if picks[0] == "":
            return ("blank_value" in f), f.get("blank_value")
        return True, picks[0]
    if f.get("text"):  # lines of text: the blank ones left out (a board part as laid)
        lines = [str(at(k) or "").strip() for k in range(count or 1)]
        kept = [line for line in lines if line]
        return (bool(kept), kept) if count else (bool(kept), kept[0] if kept else "")
    numbers = [at(k) if at(k) is not None else f.get("min", 0) for k in range(count or 1)]
    return True, numbers if count else numbers[0]


def put(obj: dict[str, Any], path: Sequence[str | int], value: Any) -> None:
    into: Any = obj
    for key, after in itertools.pairwise(path):
        if isinstance(into, list):
            while len(into) <= int(key):
                into.append(None)
            if into[int(key)] is None:
                into[int(key)] = [] if isinstance(after, int) else {}
            into = into[int(key)]
        else:
            into = into.setdefault(key, [] if isinstance(after, int) else {})
    if isinstance(into, list):
        while len(into) <= int(path[-1]):
            into.append(None)
        into[int(path[-1])] = value
    else:
        into[path[-1]] = value
