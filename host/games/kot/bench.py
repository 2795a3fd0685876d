"""`dicetable bench engine`: random full 4-player games per second, and µs per input.

Three figures from the same run, each the best of a few rounds that take turns (CPU time
of this one process, so other work on the machine disturbs it less):
- random games: the random player chooses and the engine applies, to the end of each game;
- the engine alone: the same games' inputs applied again, without the random player;
- a baseline: a trivial loop over the same inputs (copy each into a list, as any log does),
  so the engine's cost can be read as a ratio that holds across machines.
The target is at least 500 games per second on one core, with the power cards in play
(the random player buys cards and uses them; the figures say how many per game).

`--compare REV` measures the engine of the git revision REV too, in the same run: each
round runs both in fresh processes, one after the other (in turns: ABBA...), and the
ratios of their best figures are printed (above 1: this tree is faster), for the base
game and for the game with every expansion on. REV's tree is a fresh export, so its
engine runs as plain Python; this tree's runs compiled if it is built (host/games/compiled.py):
DICETABLE_ENGINE=python compares plain with plain.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
from functools import partial
from pathlib import Path

from host.errors import UserError
from host.games.bench import best_cpu_times, copy_inputs
from host.games.compiled import engine_kind
from host.games.kot.engine import KingOfTokyo
from host.games.kot.expansion import EXPANSIONS, all_on
from host.games.kot.random_player import play_game
from host.games.kot.setup import Options, Setup

TARGET_GAMES_PER_S = 500
PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def _setup(i: int, options: Options | None = None) -> Setup:
    extra = {} if options is None else {"options": options}
    return Setup.simple(*PLAYERS, seed=i, first_player=PLAYERS[i % 4], **extra)


def measure(games: int, rounds: int, options: Options | None = None) -> dict[str, float]:
    """The figures, each the best of `rounds`; the three runs take turns within a round
    so that they meet the same conditions on a shared machine. `options`: the game's
    (None: the base game's)."""
    # the games' inputs for the engine-alone run (best_cpu_times keeps them out of the
    # garbage collector's way: what is timed is the engine, not the bench's bookkeeping)
    logs = [play_game(_setup(i, options), random.Random(i)).log for i in range(games)]
    inputs = sum(len(log) for log in logs)
    kinds = Counter(inp["type"] for log in logs for inp in log)

    def random_games() -> None:
        for i in range(games):
            play_game(_setup(i, options), random.Random(i))

    def engine_alone() -> None:
        for i, log in enumerate(logs):
            game = KingOfTokyo(_setup(i, options))
            for inp in log:
                game.apply(inp)

    works = (random_games, engine_alone, partial(copy_inputs, logs))
    played, alone, base = best_cpu_times(works, rounds)
    return {
        "games": games,
        "inputs_per_game": inputs / games,
        "buys_per_game": kinds["buy"] / games,  # cards in play: bought, then used
        "uses_per_game": kinds["use"] / games,
        "games_per_s": games / played,
        "us_per_input": played / inputs * 1e6,
        "engine_us_per_input": alone / inputs * 1e6,
        "baseline_us_per_input": base / inputs * 1e6,
    }


def bench(args: argparse.Namespace) -> int:
    quick = getattr(args, "quick", False)
    rounds = 2 if quick else 5
    games = 20 if quick else 400  # quick: a smoke run (the tests), no figure to quote
    rev = getattr(args, "compare", None)
    if rev:
        return compare(rev, games, rounds)
    print(f"the engine: {engine_kind(__package__ or '')}")
    r = measure(games=games, rounds=rounds)
    verdict = "reached" if r["games_per_s"] >= TARGET_GAMES_PER_S else "NOT reached"
    print(
        f"random 4-player games: {r['games_per_s']:.0f} games/s "
        f"({1000 / r['games_per_s']:.2f} ms/game, {r['inputs_per_game']:.0f} inputs/game), "
        f"{r['us_per_input']:.2f} µs/input; target {TARGET_GAMES_PER_S} games/s {verdict}"
    )
    print(
        f"({r['games']} games, best of {rounds} rounds, on one core; with cards in play: "
        f"{r['buys_per_game']:.1f} cards bought and {r['uses_per_game']:.1f} used per game)"
    )
    share = r["engine_us_per_input"] / r["us_per_input"]
    print(
        f"engine alone (the same inputs again, no random player): "
        f"{r['engine_us_per_input']:.2f} µs/input ({share:.0%} of the time)"
    )
    print(
        f"baseline (copy each input into a list): {r['baseline_us_per_input']:.2f} µs/input; "
        f"the engine costs {r['engine_us_per_input'] / r['baseline_us_per_input']:.1f}× that, "
        f"a random game's input {r['us_per_input'] / r['baseline_us_per_input']:.1f}×"
    )
    names = ", ".join(x.option for x in EXPANSIONS)
    x = measure(games=games, rounds=rounds, options=all_on())
    verdict = "reached" if x["games_per_s"] >= TARGET_GAMES_PER_S else "NOT reached"
    print(
        f"with every expansion on ({names}): {x['games_per_s']:.0f} games/s "
        f"({x['inputs_per_game']:.0f} inputs/game, {x['us_per_input']:.2f} µs/input; engine "
        f"alone {x['engine_us_per_input']:.2f} µs/input), "
        f"{x['games_per_s'] / r['games_per_s']:.2f}× the base game's {r['games_per_s']:.0f}; "
        f"target {TARGET_GAMES_PER_S} games/s {verdict}"
    )
    return 0


# the figures compared: key, what, unit, whether more is better
_COMPARED = (
    ("games_per_s", "random 4-player games", "games/s", True),
    ("us_per_input", "a random game's input", "µs", False),
    ("engine_us_per_input", "engine alone", "µs/input", False),
    ("baseline_us_per_input", "baseline (the same code in both: the noise)", "µs/input", False),
)
# one round of `measure` in the tree's own code: the base game's figures, then with every
# expansion on (argv: games, and "all" for the expansions)
_ROUND = (
    "import json, sys; from host.games.kot.bench import measure; "
    "from host.games.kot.expansion import all_on; "
    "options = all_on() if sys.argv[2] == 'all' else None; "
    "print(json.dumps(measure(int(sys.argv[1]), 1, options)))"
)
_GAMES = (("base", "the base game"), ("all", "every expansion on"))


def compare(rev: str, games: int, rounds: int) -> int:
    """This tree's figures and REV's, measured in turns in the same run, and their ratios:
    the base game's and with every expansion on."""
    root = Path(__file__).resolve().parents[3]
    with tempfile.TemporaryDirectory(prefix="dicetable-bench-") as old_tree:
        _export(root, rev, Path(old_tree))
        trees = [(rev, old_tree), ("this tree", str(root))]
        best: dict[tuple[str, str], dict[str, float]] = {
            (name, game): {} for name, _ in trees for game, _ in _GAMES
        }
        for i in range(rounds):
            for name, tree in trees if i % 2 == 0 else trees[::-1]:
                for game, _ in _GAMES:
                    figures = _round_in(tree, name, games, game)
                    kept = best[name, game]
                    for key, _, _, more in _COMPARED:
                        old = kept.get(key)
                        value = figures[key]
                        if old is None or (value > old if more else value < old):
                            kept[key] = value
    print(
        f"{games} games, best of {rounds} rounds each; {rev} and this tree in turns, in fresh "
        f"processes (CPU time on one core); the engine at {rev}: plain Python (a fresh export), "
        f"here: {engine_kind(__package__ or '')}"
    )
    for game, title in _GAMES:
        print(f"{title}:")
        then, now = best[rev, game], best["this tree", game]
        for key, what, unit, more in _COMPARED:
            ratio = now[key] / then[key] if more else then[key] / now[key]
            digits = 0 if more else 2
            print(
                f"  {what}: {then[key]:.{digits}f} {unit} at {rev}, {now[key]:.{digits}f} "
                f"{unit} here: {ratio:.2f}× as fast"
            )
    return 0


def _export(root: Path, rev: str, into: Path) -> None:
    """The files of revision `rev` of the git repository at `root`, into `into`."""
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "archive", "--format=tar", rev, "host"],
            capture_output=True,
            check=False,
        )
    except OSError as error:
        raise UserError(f"--compare needs git to read {rev!r}: {error.strerror}") from None
    if done.returncode != 0:
        why = done.stderr.decode(errors="replace").strip().splitlines()
        raise UserError(
            f"--compare: cannot read revision {rev!r} of {root} "
            f"({why[-1] if why else 'git archive failed'}): give a commit, branch or tag"
        )
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as tar:
        tar.extractall(into, filter="data")


def _round_in(tree: str, name: str, games: int, game: str) -> dict[str, float]:
    """One round of `measure` run by the code of `tree`, in a fresh process (`game`: "base"
    or "all", every expansion on)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([tree, os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-c", _ROUND, str(games), game],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise UserError(f"--compare: the engine bench of {name} failed: {last}")
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures
