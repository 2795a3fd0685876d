"""A scripted game for the app's tests: a whole random 4-player King of Tokyo game (seeded,
so the same every time; the deck shuffled by hand, so every card turned over is an input),
with an undo and the same input again every few inputs."""

from __future__ import annotations

import random
from typing import Any

from host.app.store import Store, result_of
from host.games import Game
from host.games.kind import GameKind
from host.games.kot import KingOfTokyo
from host.games.kot.random_player import random_input
from host.games.kot.table_kind import KIND as KOT

PLAYERS = [
    {"name": "Ann", "monster": "The King"},
    {"name": "Bob", "monster": "Alienoid"},
    {"name": "Cat", "monster": "Meka Dragon"},
    {"name": "Dan", "monster": "Cyber Kitty"},
]


Ops = list[dict[str, Any]]


def scripted_game(seed: int = 11, undo_every: int = 9) -> tuple[dict[str, Any], Ops]:
    """(setup, operations): each operation is {"op": "input", "input": {...}} or
    {"op": "undo"}; playing them gives a finished game."""
    setup: dict[str, Any] = {
        "players": PLAYERS,
        "seed": seed,
        "first_player": "Ann",
        "options": {"table_deck": True},  # as at a real table: every card turned over entered
    }
    game = KOT.new(setup)
    rng = random.Random(seed)
    ops: list[dict[str, Any]] = []
    while not game.game_over:
        assert isinstance(game, KingOfTokyo)
        inp = random_input(game, rng, corrections=True)
        game.apply(inp)
        ops.append({"op": "input", "input": inp})
        if len(ops) % undo_every == 0 and not game.game_over:
            ops.append({"op": "undo"})
            ops.append({"op": "input", "input": inp})
    return setup, ops


def apply_op(game: Game, op: dict[str, Any]) -> None:
    """One operation played on a game in memory."""
    if op["op"] == "undo":
        game.undo()
    else:
        game.apply(op["input"])


def finished_script(seed: int) -> dict[str, Any]:
    """A whole scripted game as a game script (played in memory)."""
    setup, ops = scripted_game(seed=seed)
    game = KOT.new(setup)
    for op in ops:
        apply_op(game, op)
    return KOT.export(KOT.setup_of(setup), game.log)


def play_op(store: Store, game_id: int, kind: GameKind, game: Game, op: dict[str, Any]) -> None:
    """One operation, as the app does it: the engine first, then the store's commit."""
    apply_op(game, op)
    if op["op"] == "undo":
        store.undo(game_id, result_of(kind, game))
    else:
        store.append(game_id, op["input"], "script", result_of(kind, game))
