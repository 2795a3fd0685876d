"""How Kingdom Run's demo game (data/demo-game.json, played by `dicetable demo --game
kingdom-run`) was made: `python -m host.games.kingdom_run.demo > FILE` writes it again.

A keen player: random dice (seeded), and of the choices the page offers for each action
(host.games.kingdom_run.answers) the one that leaves its own runners farthest ahead of
the others, so the demo looks like a race people play rather than random moves. Every
input is one the page offers; the game is checked by replaying it (the script's
`expect` holds its end).
"""

from __future__ import annotations

import random
import sys
from typing import Any

from host.games import Input
from host.games.kingdom_run.answers import answer
from host.games.kingdom_run.engine import KingdomRun
from host.games.kingdom_run.random_player import random_faces
from host.games.kingdom_run.rules import DICE, EQUAL, FLASK, PURSE
from host.games.kingdom_run.script import FORMAT, parse_script, start
from host.games.scripts import script_text

SEED = 2
PLAYERS = ({"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"},
           {"name": "Cat", "colour": "yellow"})  # fmt: skip
COURSE = {"preset": "sprint"}
WEAK = (EQUAL, FLASK, PURSE)  # faces a keen player throws again


def standing(s: dict[str, Any], me: str) -> float:
    """How well `me` is placed in state `s`: runners ahead, awake, tokens; less the best
    of the others."""

    def worth(p: dict[str, Any]) -> float:
        ahead = sum(p["runners"]) + p["finished"] * (s["course"]["spaces"] + 8)
        return ahead - 4 * len(p["asleep"]) + 3 * p["tokens"] + 2 * sum(p["places"])

    mine = next(worth(p) for p in s["players"] if p["name"] == me)
    others = max(worth(p) for p in s["players"] if p["name"] != me)
    return mine - 0.7 * others


def keen_input(game: KingdomRun, rng: random.Random) -> Input:
    me = game.active
    waits = game.waiting_for()
    kinds = {w.kind for w in waits}
    if "throw" in kinds and not game.turn.dice:
        return game.throw_input(random_faces(rng, DICE))
    if "throw" in kinds and game.turn.may_throw():
        kept = [f for f in game.turn.dice if f not in WEAK]
        if len(kept) < DICE and rng.random() < 0.6:
            return game.throw_input(random_faces(rng, DICE - len(kept)), kept)
    best: tuple[float, Input] | None = None
    for w in waits:
        if w.kind in ("throw", "correct"):
            continue
        for c in answer(game, w)["choices"]:
            inp = c["input"]
            game.apply(inp)
            value = standing(game.to_json(), me) + (1000 if game.game_over else 0)
            game.undo()
            if w.kind == "end_turn":
                value -= 0.5  # an action that does no harm is worth doing
            if best is None or value > best[0]:
                best = (value, inp)
    assert best is not None
    return best[1]


def demo_script(seed: int = SEED) -> dict[str, Any]:
    script: dict[str, Any] = {
        "format": FORMAT,
        "description": "Kingdom Run's demo game: 3 players race on the sprint course "
        f"(made by host.games.kingdom_run.demo, seed {seed})",
        "players": [dict(p) for p in PLAYERS],
        "course": COURSE,
    }
    game = start(parse_script(script))
    rng = random.Random(seed)
    while not game.game_over:
        game.apply(keen_input(game, rng))
    script["inputs"] = list(game.log)
    end = game.to_json()
    script["expect"] = [{"winners": end["winners"], "game_over": True}]
    return script


if __name__ == "__main__":
    sys.stdout.write(script_text(demo_script(int(sys.argv[1]) if len(sys.argv) > 1 else SEED)))
