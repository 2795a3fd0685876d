"""Soak runs (marked `soak`: the app's crash soak, the games' long property runs) run only
when asked: `make soak` (pytest -m soak).

The test-only game (tests/games/piprace) joins the registry for the whole run, the way
any game kept outside host/games does (docs/games.md): so every test that goes over the
registered games (tests/games/test_every_game.py, the boundaries) covers it too, and the
commands the tests start as subprocesses know it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# One OpenBLAS thread in every test process (and the commands they start), set before
# numpy loads: `make test` runs two workers on two cores, and OpenBLAS's own threads,
# spinning while they wait, fought them (a table's teaching took 3x longer). OpenCV keeps
# its threads: the app a test starts reads frames while the test's worker waits for it.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from host.games.registry import GAMES_ENV
from host.text import ENVIRONMENT

# The terminal speaks the language of its environment (host.text): the tests, and the
# commands they start, read its English unless a test asks for another language (LANG=...
# in the command's environment, or --lang), whatever the machine that runs them speaks.
for _name in ENVIRONMENT:
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"

TEST_GAME = "tests.games.piprace.table_kind"
ROOT = Path(__file__).resolve().parents[1]
_named = [m for m in os.environ.get(GAMES_ENV, "").split(",") if m]
os.environ[GAMES_ENV] = ",".join([*_named, TEST_GAME] if TEST_GAME not in _named else _named)
# the commands the tests start (an installed `dicetable` too) import the game from here
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(ROOT), *(p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p)]
)


def pytest_addoption(parser: pytest.Parser) -> None:
    """`make soak GAMES=N FIRST=S`: how many random games a game's soak plays, and the
    seed of the first (the seeds follow on), instead of its own count from seed 0."""
    group = parser.getgroup("soak", "soak runs (pytest -m soak)")
    group.addoption("--soak-games", type=int, default=None, metavar="N", help="games a soak plays")
    group.addoption("--soak-first", type=int, default=0, metavar="S", help="a soak's first seed")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "soak" in (config.option.markexpr or ""):
        return
    skip = pytest.mark.skip(reason="a soak run: make soak (pytest -m soak)")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)
