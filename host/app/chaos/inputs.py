"""What the phones send besides the page's own requests: a legal input now (the game's
random player), a setup form filled at random, and JSON with a field changed."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from host.games import Game
    from host.games.kind import GameKind

JUNK: tuple[Any, ...] = (
    None, True, False, -1, 0, 7, 2**53, 10**20, 1e308, -1e308, 3.5, "", "x" * 5000,
    "名前", "../../etc/passwd", "<script>", [], {}, [None], [[[]]], {"a": 1}, "unknown",
)  # fmt: skip


def random_input(kind: GameKind, game: Game, rng: random.Random) -> Any:
    """A legal input now: the game's random player's (`GameKind.random_input`, optional),
    else one of the page's one-tap answers that the rules take."""
    own = getattr(kind, "random_input", None)
    if own is not None:
        return own(game, rng)
    from host.games import legal_now
    from host.games.page import answers_json

    choices = [c["input"] for a in answers_json(kind, game) for c in a["choices"]]
    rng.shuffle(choices)
    for inp in choices:
        if legal_now(game, inp):
            return inp
    raise RuntimeError(f"{kind.name}: no one-tap answer is legal now, and no random player")


def mutated(value: Any, rng: random.Random) -> Any:
    """`value` (JSON) with one field, item or the whole changed, dropped or added to."""
    value = json.loads(json.dumps(value))
    paths: list[list[Any]] = [[]]

    def walk(v: Any, path: list[Any]) -> None:
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for k, x in items:
            paths.append([*path, k])
            walk(x, [*path, k])

    walk(value, [])
    path = rng.choice(paths)
    if not path:
        return rng.choice(JUNK)
    parent = value
    for k in path[:-1]:
        parent = parent[k]
    how = rng.random()
    if how < 0.15 and isinstance(parent, dict):
        del parent[path[-1]]
    elif how < 0.25 and isinstance(parent, dict):
        parent[rng.choice(["extra", "player", "type", "cards", "faces"])] = rng.choice(JUNK)
    elif how < 0.35 and isinstance(parent, list):
        parent.append(rng.choice(JUNK))
    else:
        parent[path[-1]] = rng.choice(JUNK)
    return value


def random_setup(form: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A setup form filled at random, as a person could on the page: 2 to its most
    players, each field a choice of its own (`host.games.page`'s form)."""
    least, most = form["players"]["min"], form["players"]["max"]
    count = rng.randint(max(2, least), min(most, 4))
    names = [f"P{i + 1}" for i in range(count)]
    setup: dict[str, Any] = {"players": [{"name": n} for n in names]}
    for i, name in enumerate(names):
        for f in form["seat"]:
            _put(setup, f, i, name, names, rng, row=i)
    for f in form["fields"]:
        _put(setup, f, 0, "", names, rng, row=None)
    return setup


def _put(
    setup: dict[str, Any],
    f: Mapping[str, Any],
    i: int,
    name: str,
    names: list[str],
    rng: random.Random,
    row: int | None,
) -> None:
    from host.games.page import PLAYERS

    if f.get("check"):
        value: Any = rng.random() < 0.5
    elif "choices" in f:
        values = names if f["choices"] == PLAYERS else [c["value"] for c in f["choices"]]
        if f.get("distinct") and row is not None:
            values = values[row : row + 1] or values
        if f.get("multiple"):
            value = rng.sample(values, rng.randint(0, len(values)))
        elif f.get("count"):
            value = [rng.choice(values) for _ in range(f["count"])]
        elif "blank" in f and rng.random() < 0.3:
            if "blank_value" not in f:
                return
            value = f["blank_value"]
        else:
            value = rng.choice(values) if values else None
    elif f.get("text"):
        return
    elif f.get("units"):  # a number and what it counts: mostly a unit's own default (short)
        unit = rng.choice(f["units"])
        low = f.get("min", 0)
        number = unit["default"] if rng.random() < 0.7 else rng.randint(low, low + 3)
        value = {unit["value"]: number}
    else:
        low = f.get("min", 0)
        high = f.get("max", low + 3)
        default = f.get("default")
        number = (
            default if isinstance(default, int) and rng.random() < 0.7 else rng.randint(low, high)
        )
        value = [number] * f["count"] if f.get("count") else number
    path: list[Any] = [
        i if s == "{i}" else name if s == "{player}" else s for s in f["name"].split(".")
    ]
    into: Any = setup
    for key, after in itertools.pairwise(path):
        if isinstance(into, list):
            into = into[key]
        else:
            into = into.setdefault(key, [] if isinstance(after, int) else {})
    into[path[-1]] = value
