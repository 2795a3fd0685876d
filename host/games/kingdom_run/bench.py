"""Kingdom Run's part of `dicetable bench engine`: random 4-player races per second.

Four figures from the same run, each the best of a few rounds that take turns (CPU time of
this one process, so other work on the machine disturbs it less):
- random races: the random player chooses and the engine applies, to the end of each race;
- the engine alone: the same races' inputs applied again, without the random player;
- what it waits for: the same, asking `waiting_for()` (every legal choice) after each
  input, as the page does;
- a baseline: a trivial loop over the same inputs (copy each into a list, as any log does),
  so the engine's cost can be read as a ratio that holds across machines.
"""

from __future__ import annotations

import argparse
import random
from functools import partial

from host.games.bench import best_cpu_times, copy_inputs
from host.games.kingdom_run.engine import KingdomRun
from host.games.kingdom_run.random_player import play_game
from host.games.kingdom_run.setup import Setup

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def _setup(i: int) -> Setup:
    return Setup.simple(*PLAYERS, first_player=PLAYERS[i % 4])


def measure(games: int, rounds: int) -> dict[str, float]:
    """The figures, each the best of `rounds`; the runs take turns within a round so that
    they meet the same conditions on a shared machine."""
    logs = [play_game(_setup(i), random.Random(i)).log for i in range(games)]
    inputs = sum(len(log) for log in logs)

    def random_races() -> None:
        for i in range(games):
            play_game(_setup(i), random.Random(i))

    def engine_alone(ask: bool = False) -> None:
        for i, log in enumerate(logs):
            game = KingdomRun(_setup(i))
            for inp in log:
                game.apply(inp)
                if ask:
                    game.waiting_for()

    works = (
        random_races,
        engine_alone,
        lambda: engine_alone(ask=True),
        partial(copy_inputs, logs),
    )
    best = best_cpu_times(works, rounds)
    played, alone, asked, base = best
    return {
        "games": games,
        "inputs_per_game": inputs / games,
        "games_per_s": games / played,
        "us_per_input": played / inputs * 1e6,
        "engine_us_per_input": alone / inputs * 1e6,
        "waiting_us_per_input": (asked - alone) / inputs * 1e6,
        "baseline_us_per_input": base / inputs * 1e6,
    }


def bench(args: argparse.Namespace) -> int:
    if getattr(args, "compare", None):
        print("(--compare does not measure this game's engine yet: this tree's figures only)")
    quick = getattr(args, "quick", False)
    rounds = 2 if quick else 5
    r = measure(games=10 if quick else 200, rounds=rounds)  # quick: a smoke run
    print(
        f"random 4-player races: {r['games_per_s']:.0f} games/s "
        f"({1000 / r['games_per_s']:.2f} ms/game, {r['inputs_per_game']:.0f} inputs/game), "
        f"{r['us_per_input']:.2f} µs/input"
    )
    print(f"({r['games']} races on the first-race course, best of {rounds} rounds, on one core)")
    base = r["baseline_us_per_input"]
    print(
        f"engine alone (the same inputs again): {r['engine_us_per_input']:.2f} µs/input, "
        f"{r['engine_us_per_input'] / base:.1f}× the baseline; waiting_for() after each "
        f"(every legal choice listed): {r['waiting_us_per_input']:.2f} µs more"
    )
    print(f"baseline (copy each input into a list): {base:.2f} µs/input")
    return 0
