"""`dicetable bench engine`: every rules package's engine benchmark, in one run.

A rules package below `host.games` that has a `bench` module (with `bench(args) -> int`)
is found by looking at `host.games`' subpackages, so a new game's benchmark joins without
being named here; each prints its own figures (and its own baseline) under its package's
name, so the games' figures stand side by side, measured in the same run.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import pkgutil


def engine_benches() -> list[str]:
    """The modules of the rules packages' engine benchmarks, by package name."""
    import host.games

    packages = sorted(p.name for p in pkgutil.iter_modules(host.games.__path__) if p.ispkg)
    modules = [f"host.games.{package}.bench" for package in packages]
    return [m for m in modules if importlib.util.find_spec(m) is not None]


def bench(args: argparse.Namespace) -> int:
    status = 0
    for name in engine_benches():
        print(f"-- {name.split('.')[-2]}")
        status = max(status, int(importlib.import_module(name).bench(args)))
    return status
