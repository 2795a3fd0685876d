"""The engine's compiled build (host/games/compiled.py): used where it was built from these
sources, and it plays exactly the games the plain Python engine plays."""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import host.games.kot
from host.games import compiled
from host.games.kot import COMPILED
from host.games.kot.bench import _setup
from host.games.kot.expansion import all_on
from host.games.kot.random_player import play_game

ROOT = Path(__file__).resolve().parents[3]
GAMES = 150

# run in a fresh process, where the engine is chosen at import (argv[1]: the games)
FINGERPRINT = (
    "import sys; from tests.games.kot.test_compiled import fingerprint; "
    "print(fingerprint(int(sys.argv[1])))"
)


def fingerprint(games: int) -> str:
    """One hash of `games` seeded random games of the base game and as many with every
    expansion: each game's inputs and final state."""
    h = hashlib.sha256()
    for options in (None, all_on()):
        for i in range(games):
            game = play_game(_setup(i, options), random.Random(i))
            h.update(json.dumps([game.log, game.to_json()], sort_keys=True).encode())
    return h.hexdigest()


def _in_use() -> bool:
    return compiled.engine_kind("host.games.kot") == "compiled by mypyc"


def _fingerprint(plain: bool) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(compiled.ENV, None)
    if plain:
        env[compiled.ENV] = "python"
    done = subprocess.run(
        [sys.executable, "-c", FINGERPRINT, str(GAMES)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=240,
    )
    return done.stdout.strip()


def test_the_engine_runs_compiled_where_it_was_built_from_these_sources() -> None:
    if shutil.which(os.environ.get("CC", "cc")) is None:
        pytest.skip("no C compiler here: the engine runs as plain Python")
    why = compiled.why_not_compiled()
    if why is not None and not why.startswith("not built"):
        pytest.skip(f"the compiled engine is not used: {why}")
    # make install builds it where a C compiler is: its absence is a broken build
    assert why is None, f"the engine is not compiled: {why}"
    assert _in_use()
    assert Path(host.games.kot.__file__ or "").parent == ROOT / "host" / "games" / "kot"


def test_compiled_and_plain_engines_play_the_same_games() -> None:
    if not _in_use():
        pytest.skip(f"the compiled engine is not used: {compiled.why_not_compiled()}")
    plain, built = _fingerprint(plain=True), _fingerprint(plain=False)
    assert plain == built
    assert fingerprint(GAMES) == built  # this process's compiled engine: the same games


def test_a_changed_source_keeps_the_stale_build_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = tmp_path / "host" / "games"
    shutil.copytree(ROOT / "host" / "games", games, ignore=shutil.ignore_patterns("__pycache__"))
    built = tmp_path / "var" / "compiled"
    built.mkdir(parents=True)
    monkeypatch.setattr(compiled, "GAMES", games)
    monkeypatch.setattr(compiled, "BUILT", built)
    monkeypatch.setattr(compiled, "MANIFEST", built / "manifest.json")
    monkeypatch.delenv(compiled.ENV, raising=False)
    monkeypatch.setattr(compiled, "_verdict", [])  # worked out afresh
    monkeypatch.setattr(compiled, "_compiled", {})
    manifest = {"python": sys.implementation.cache_tag, "sources": compiled.sources_hash()}
    compiled.MANIFEST.write_text(json.dumps(manifest))
    path: list[str] = ["src"]
    compiled.prefer_compiled("host.games.kot", path, COMPILED)
    assert path == [str(built / "host" / "games" / "kot"), "src"]
    turn = games / "kot" / "turn.py"
    turn.write_text(turn.read_text() + "\n# changed\n")
    path = ["src"]
    # in the same process: the same verdict
    compiled.prefer_compiled("host.games.kot", path, COMPILED)
    assert path == [str(built / "host" / "games" / "kot"), "src"]
    monkeypatch.setattr(compiled, "_verdict", [])  # a new process
    path = ["src"]
    compiled.prefer_compiled("host.games.kot", path, COMPILED)
    assert path == ["src"]
    assert compiled.why_not_compiled() == "built from other sources (make install builds it again)"
    monkeypatch.setenv(compiled.ENV, "python")
    assert compiled.why_not_compiled() == f"{compiled.ENV}=python"
