"""`dicetable bench kato`: random 4-player KaTO games to 500 points per second.

Three figures from the same run, each the best of a few rounds that take turns (CPU time
of this process, so other work on the machine disturbs it less):
- random games: a simulated physical table (random_player.Table: real shuffled cards and
  hands) chooses each input, the engine applies it, the table follows;
- the engine alone: the same games' inputs applied again, without the table;
- what it waits for: the same, asking `waiting_for()` (every legal option) after each
  input, as the page does;
- a baseline: a trivial loop over the same inputs (copy each into a list, as any log
  does), so the engine's cost reads as a ratio that holds across machines.
"""

from __future__ import annotations

import argparse
from functools import partial

from host.games.bench import best_cpu_times, copy_inputs
from host.games.kato.engine import KaTO
from host.games.kato.random_player import play_game
from host.games.kato.setup import Setup

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def _setup(i: int) -> Setup:
    return Setup(PLAYERS, first_player=PLAYERS[i % 4])


def measure(games: int, rounds: int) -> dict[str, float]:
    played = [play_game(_setup(i), seed=i)[0] for i in range(games)]
    logs = [game.log for game in played]
    inputs = sum(len(log) for log in logs)
    deals = sum(game.round for game in played)

    def random_games() -> None:
        for i in range(games):
            play_game(_setup(i), seed=i)

    def engine_alone(ask: bool = False) -> None:
        for i, log in enumerate(logs):
            game = KaTO(_setup(i))
            for inp in log:
                game.apply(inp)
                if ask:
                    game.waiting_for()

    works = (random_games, engine_alone, partial(engine_alone, True), partial(copy_inputs, logs))
    random_s, alone_s, asked_s, base_s = best_cpu_times(works, rounds)
    return {
        "games": games,
        "rounds_per_game": deals / games,
        "inputs_per_game": inputs / games,
        "games_per_s": games / random_s,
        "us_per_input": random_s / inputs * 1e6,
        "engine_games_per_s": games / alone_s,
        "engine_us_per_input": alone_s / inputs * 1e6,
        "waiting_us_per_input": (asked_s - alone_s) / inputs * 1e6,
        "baseline_us_per_input": base_s / inputs * 1e6,
    }


def bench(args: argparse.Namespace) -> int:
    quick = getattr(args, "quick", False)
    rounds = 2 if quick else 5
    r = measure(games=8 if quick else 200, rounds=rounds)  # quick: a smoke run
    print(
        f"random 4-player games to 500 points: {r['games_per_s']:.0f} games/s "
        f"({1000 / r['games_per_s']:.2f} ms/game: {r['rounds_per_game']:.1f} rounds, "
        f"{r['inputs_per_game']:.0f} inputs), {r['us_per_input']:.2f} µs/input "
        f"(a simulated table chooses and follows each input)"
    )
    print(
        f"engine alone (the same inputs again): {r['engine_games_per_s']:.0f} games/s, "
        f"{r['engine_us_per_input']:.2f} µs/input ({r['games']} games, best of {rounds} rounds, "
        "one core)"
    )
    print(f"waiting_for() after each input: {r['waiting_us_per_input']:.2f} µs/input more")
    print(
        f"baseline (copy each input into a list): {r['baseline_us_per_input']:.2f} µs/input; "
        f"the engine costs {r['engine_us_per_input'] / r['baseline_us_per_input']:.1f}× that"
    )
    return 0
