"""`dicetable bench PART`: benchmarks that print figures (never pass/fail timing tests).

Each part is a function `bench(args) -> int` in its own module, found by the table below,
so a part's benchmark lives beside the code it measures. Where a part can, it prints its
figures as ratios against a baseline measured in the same run, since these machines are
shared and noisy.
"""

from __future__ import annotations

import argparse
import importlib

from host.errors import UserError

# part -> (module with `bench(args) -> int`, what it measures)
PARTS: dict[str, tuple[str, str]] = {
    "engine": ("host.games.bench", "random full 4-player games per second, for each game"),
    "replay": ("host.replay_bench", "dicetable replay's start-to-end time against Python's start"),
    "vision": ("vision.bench", "milliseconds per frame to read 8 dice, and cards"),
    "live": ("vision.live.bench", "frames per second and settle-to-event delay"),
    "board": ("host.board.bench", "firmware frames per second, round trip, heap"),
    "play": ("host.app.bench", "settled frame to board and page delay, 20 viewers"),
    "learning": ("host.app.learning_bench", "a refit of 500 examples, the page during a refit"),
    "state": ("host.app.state_bench", "the page's state and an input, a long game against a short"),
    "chaos": (
        "host.app.chaos",
        "a seeded chaos soak: phones, board and kill -9 on a running table",
    ),
}
# the parts `all` leaves out: a soak that finds defects, not a figure to compare (make chaos)
NOT_IN_ALL = ("chaos",)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "part",
        choices=[*PARTS, "all"],
        help="what to measure: " + "; ".join(f"{k}: {v}" for k, (_, v) in PARTS.items()),
    )
    parser.add_argument(
        "--quick", action="store_true", help="a short run (fewer repetitions), for smoke tests"
    )
    parser.add_argument(
        "--compare",
        metavar="REV",
        help="engine: measure git revision REV too, in turns with this tree, and print the ratios",
    )
    chaos = parser.add_argument_group("chaos")
    chaos.add_argument("--seed", type=int, default=1, help="chaos: the random seed (default 1)")
    chaos.add_argument(
        "--actions", type=int, default=300, help="chaos: random actions per game (default 300)"
    )
    chaos.add_argument(
        "--phones", type=int, choices=(2, 3), default=3, help="chaos: phones (default 3)"
    )
    chaos.add_argument(
        "--rounds", type=int, default=1, help="chaos: times each game is played (default 1)"
    )
    chaos.add_argument(
        "--games", nargs="+", metavar="NAME", help="chaos: the games (default: every one)"
    )
    chaos.add_argument("--keep", metavar="FILE", help="chaos: save the host's console there")
    chaos.add_argument(
        "--window",
        type=float,
        metavar="SECONDS",
        help="chaos: the correction window (default 60: a phone uses the result held)",
    )


# the parts that measure a git revision beside this tree
COMPARES = ("engine",)


def run(args: argparse.Namespace) -> int:
    if getattr(args, "compare", None) and args.part not in (*COMPARES, "all"):
        raise UserError(
            f"the {args.part} benchmark cannot measure another revision (--compare is for: "
            f"{', '.join(COMPARES)}); run it in a checkout of that revision and compare"
        )
    if getattr(args, "compare", None):
        _revision(args.compare)  # (a name typed wrong is said now, not after the benches)
    parts = [p for p in PARTS if p not in NOT_IN_ALL] if args.part == "all" else [args.part]
    status = 0
    for part in parts:
        module_name, what = PARTS[part]
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            raise UserError(f"the {part} benchmark is not built yet ({error.name})") from error
        print(f"== bench {part}: {what}")
        status = max(status, int(module.bench(args)))
    return status


def _revision(rev: str) -> None:
    """UserError unless `rev` names a commit of this checkout's repository."""
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
            capture_output=True,
            check=False,
        )
    except OSError as error:
        raise UserError(f"--compare needs git to read {rev!r}: {error.strerror}") from None
    if done.returncode != 0:
        raise UserError(
            f"--compare: {rev!r} is no revision of {root}: give a commit, branch or tag "
            "(git log --oneline lists them)"
        )
