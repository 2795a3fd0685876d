"""The registry: games found by looking at host.games' rules packages and by the modules
DICETABLE_GAMES names; found by name and by script format."""

from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import host.games
from host.games.kind import GameFileError
from host.games.registry import GAMES_ENV, default_kind, kind_named, kind_of_script, kinds

ROOT = Path(__file__).resolve().parents[2]


def test_every_rules_package_with_a_table_kind_is_found() -> None:
    packages = [p.name for p in pkgutil.iter_modules(host.games.__path__) if p.ispkg]
    with_kind = [p for p in packages if (ROOT / "host" / "games" / p / "table_kind.py").exists()]
    assert with_kind, "no rules package offers a table_kind"
    found = {type(k).__module__ for k in kinds().values()}
    assert {f"host.games.{p}.table_kind" for p in with_kind} <= found
    assert default_kind() is next(iter(kinds().values()))


def test_scripts_are_matched_by_their_format() -> None:
    for kind in kinds().values():
        assert kind_of_script({"format": kind.script_format}) is kind
        assert kind_named(kind.name) is kind
        family, version = kind.script_format.split("/")
        with pytest.raises(GameFileError, match="from a newer dicetable"):
            kind_of_script({"format": f"{family}/{int(version) + 1}"})
    for bad, said in (
        ([], "a JSON object"),
        ({}, 'no "format"'),
        ({"format": "chess-game/1"}, "unknown game format"),
    ):
        with pytest.raises(GameFileError, match=said):
            kind_of_script(bad)
    with pytest.raises(GameFileError, match="unknown game 'chess'"):
        kind_named("chess")


def _listed(tmp_path: Path, games: str) -> subprocess.CompletedProcess[str]:
    code = "from host.games.registry import kinds; print(list(kinds()))"
    env = {**os.environ, GAMES_ENV: games, "PYTHONPATH": f"{ROOT}{os.pathsep}{tmp_path}"}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )


def test_a_game_outside_host_games_joins_by_the_environment(tmp_path: Path) -> None:
    (tmp_path / "elsewhere_game.py").write_text(
        "class Kind:\n    name = 'elsewhere'\n    title = 'Elsewhere'\n"
        "    script_format = 'elsewhere-game/1'\nKIND = Kind()\n"
    )
    done = _listed(tmp_path, " elsewhere_game ,")
    assert done.returncode == 0, done.stderr
    names = json.loads(done.stdout.replace("'", '"'))
    built_in = [n for n, k in kinds().items() if type(k).__module__.startswith("host.games.")]
    assert names == [*built_in, "elsewhere"]  # after the built-in ones


def test_a_wrong_module_in_the_environment_is_one_clear_error(tmp_path: Path) -> None:
    (tmp_path / "not_a_game.py").write_text("X = 1\n")
    for module, said in (("no_such_module_here", "cannot be imported"), ("not_a_game", "no KIND")):
        done = _listed(tmp_path, module)
        assert done.returncode != 0 and said in done.stderr


def test_threads_asking_at_once_all_get_the_whole_catalog() -> None:
    """The page's first request may come while the table starts: neither may see a
    catalog found only in part (it once said 'this dicetable reads' no format at all)."""
    code = (
        "import threading\n"
        "from host.games.registry import kinds\n"
        "seen, start = [], threading.Barrier(6)\n"
        "def ask():\n"
        "    start.wait()\n"
        "    seen.append(len(kinds()))\n"
        "threads = [threading.Thread(target=ask) for _ in range(6)]\n"
        "for t in threads: t.start()\n"
        "for t in threads: t.join()\n"
        "print(seen)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    seen = json.loads(result.stdout)
    assert len(seen) == 6 and set(seen) == {len(kinds())}, seen
