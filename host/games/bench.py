"""`dicetable bench engine`: every rules package's engine benchmark, in one run.

A rules package below `host.games` that has a `bench` module (with `bench(args) -> int`)
is found by looking at `host.games`' subpackages, so a new game's benchmark joins without
being named here; each prints its own figures (and its own baseline) under its package's
name, so the games' figures stand side by side, measured in the same run. They time their
runs alike (`best_cpu_times`) against the same baseline (`copy_inputs`).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import pkgutil
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path


def engine_benches() -> list[str]:
    """The modules of the rules packages' engine benchmarks, by package name."""
    import host.games

    # seen on disk, not imported: a package whose code fails says so when its bench runs
    packages = [p for p in pkgutil.iter_modules(host.games.__path__) if p.ispkg]
    folders = {p.name: Path(getattr(p.module_finder, "path", ""), p.name) for p in packages}
    with_bench = [name for name, folder in folders.items() if (folder / "bench.py").exists()]
    return [f"host.games.{package}.bench" for package in sorted(with_bench)]


def bench(args: argparse.Namespace) -> int:
    status = 0
    for name in engine_benches():
        package = name.split(".")[-2]
        try:
            module = importlib.import_module(name)
        except Exception as error:  # a game's own code that fails: the others still run
            print(f"-- {package}: cannot be loaded ({type(error).__name__}: {error}): fix it")
            status = 1
            continue
        print(f"-- {package}")
        status = max(status, int(module.bench(args)))
    return status


def best_cpu_times(works: Sequence[Callable[[], object]], rounds: int) -> list[float]:
    """Each work's best CPU time in seconds (of this process, so other work on the machine
    disturbs it less) over `rounds`; the works take turns within a round so that they meet
    the same conditions on a shared machine. What is alive now (the logs a bench keeps) is
    frozen out of the garbage collector's way: what is timed is the work."""
    best = [float("inf")] * len(works)
    gc.freeze()
    try:
        for _ in range(rounds):
            for k, work in enumerate(works):
                start = time.process_time()
                work()
                best[k] = min(best[k], time.process_time() - start)
    finally:
        gc.unfreeze()
    return best


def copy_inputs(logs: Iterable[Sequence[Mapping[str, object]]]) -> None:
    """The baseline: copy each input of the logs into a list, as any log does."""
    for log in logs:
        copies = []
        for inp in log:
            copies.append(dict(inp))
