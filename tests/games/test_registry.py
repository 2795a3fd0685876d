"""The registry: games found by looking at host.games' rules packages and by the modules
DICETABLE_GAMES names; found by name and by script format."""

from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import host.games
from host.games.kind import GameFileError, GameKind
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


def test_a_wrong_module_in_the_environment_is_said_and_the_other_games_work(
    tmp_path: Path,
) -> None:
    (tmp_path / "not_a_game.py").write_text("X = 1\n")
    for module, said in (("no_such_module_here", "no such module"), ("not_a_game", "no KIND")):
        done = _listed(tmp_path, module)
        assert done.returncode == 0, done.stderr
        built_in = [n for n, k in kinds().items() if type(k).__module__.startswith("host.games.")]
        assert json.loads(done.stdout.replace("'", '"')) == built_in
        (line,) = done.stderr.splitlines()
        assert module in line and said in line and "the other games work" in line


# A rules folder of host.games whose code fails, in every way it can: a syntax error, an
# exception while its package is imported, a dependency it lacks, no KIND.
BROKEN = {
    "syntax": {"table_kind.py": "KIND = (\n"},
    "raising": {"__init__.py": "raise RuntimeError('boom')\n", "table_kind.py": ""},
    "lacking": {"table_kind.py": "import no_such_dependency_here\n"},
    "kindless": {"table_kind.py": "X = 1\n"},
}


def _with_broken_games(tmp_path: Path, argv: list[str]) -> subprocess.CompletedProcess[str]:
    """`dicetable ARGV` with the broken rules folders above beside host/games' own."""
    for package, files in BROKEN.items():
        (tmp_path / package).mkdir(exist_ok=True)
        for name, text in {"__init__.py": "", **files}.items():
            (tmp_path / package / name).write_text(text)
    code = (
        "import sys, host.games; host.games.__path__.append(sys.argv[1])\n"
        "from host.cli import main; sys.exit(main(sys.argv[2:]))"
    )
    return subprocess.run(
        [sys.executable, "-c", code, str(tmp_path), *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_a_game_whose_code_fails_is_left_out_and_said_the_others_work(tmp_path: Path) -> None:
    kind = default_kind()
    script = tmp_path / "game.json"
    setup = kind.setup_of({"format": kind.script_format, **_a_setup(kind)})
    script.write_text(json.dumps(kind.export(setup, [])))
    done = _with_broken_games(tmp_path, ["replay", str(script)])
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == kind.new(setup).to_json()  # the other game plays
    lines = done.stderr.splitlines()
    assert len(lines) == len(BROKEN) and "Traceback" not in done.stderr
    said = {
        "syntax": "SyntaxError",
        "raising": "RuntimeError: boom at",
        "lacking": "No module named 'no_such_dependency_here' at",
        "kindless": "has no KIND",
    }
    for package, why in said.items():
        (line,) = [x for x in lines if f"{package}" in x]
        assert line.startswith("dicetable: ") and why in line, line
        assert "the other games work" in line
        if package != "kindless":
            assert f"the game in {tmp_path / package} cannot be loaded" in line
            assert "fix it or remove that folder" in line
    # a script of a game left out: unknown, and the games left out are named
    script.write_text('{"format": "syntax-game/1", "inputs": []}')
    done = _with_broken_games(tmp_path, ["replay", str(script)])
    assert done.returncode != 0 and "Traceback" not in done.stderr
    last = done.stderr.splitlines()[-1]
    assert "unknown game format 'syntax-game/1'" in last and "host.games.syntax" in last


def test_the_engine_bench_of_a_game_whose_code_fails_is_said_the_others_run(
    tmp_path: Path,
) -> None:
    (tmp_path / "fine").mkdir()
    (tmp_path / "fine" / "__init__.py").write_text("")
    (tmp_path / "fine" / "bench.py").write_text(
        "def bench(args):\n    print('ran')\n    return 0\n"
    )
    (tmp_path / "syntax").mkdir()
    (tmp_path / "syntax" / "__init__.py").write_text("")
    (tmp_path / "syntax" / "bench.py").write_text("def bench(\n")
    code = (
        "import sys, host.games, host.games.bench, host.cli\n"
        "host.games.__path__[:] = [sys.argv[1]]  # only these two games\n"
        "from host.cli import main; sys.exit(main(['bench', 'engine', '--quick']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "-- fine\nran\n" in done.stdout
    assert "-- syntax: cannot be loaded (SyntaxError:" in done.stdout


def _a_setup(kind: GameKind) -> dict[str, Any]:
    from tests.games.forms import filled

    return filled(kind.catalog()["setup"])


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
