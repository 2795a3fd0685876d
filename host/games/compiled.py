"""The rules engines' hot modules compiled to C by mypyc, and loading them.

The random games of the property tests and `dicetable bench engine` spend their time in
a few modules of a rules engine (the turn flow, the state, the random player). mypyc, the
compiler of the mypy we type-check with, compiles exactly these typed sources to C
extensions, about 1.7x as fast with every King of Tokyo expansion on and 1.9x for the
base game (docs/kot-expansions.md, "Speed"). The sources stay the one truth:

- `python -m host.games.compiled` (run by `make install` when a source changes) builds
  them into `var/compiled/`, with a manifest of the sources' hashes;
- `prefer_compiled`, called by the package before it imports its modules, puts the
  compiled ones first only if every source under `host/games` is the one they were
  built from; else the package runs as plain Python, as it does where no C compiler is,
  and as it does with DICETABLE_ENGINE=python.

A compiled module is the same code with stricter types: a tuple it unpacks is a new
tuple (never rely on a tuple's identity) and its functions cannot be patched from
outside. The tests run the compiled engine and check that it plays the same games as
the plain one (tests/games/kot/test_compiled.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

# package -> its modules compiled: the per-input paths of the random games. Not the modules
# of the cards, the tiles and the curse cards: their classes are made by decorators, which
# mypyc compiles as plain Python classes, and those may not derive from compiled ones.
COMPILED = {
    "host.games.kot": (
        "checks",
        "decisions",
        "engine",
        "market",
        "random_player",
        "rules",
        "state",
        "turn",
        "view",
        "waiting",
    ),
    "host.games.kot.expansions": ("berserk", "cultists", "curses", "tower"),
}
ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "host" / "games"
BUILT = ROOT / "var" / "compiled"
MANIFEST = BUILT / "manifest.json"
ENV = "DICETABLE_ENGINE"  # "python": never the compiled modules


def sources_hash() -> str:
    """One hash of every source under host/games (the compiled modules and what they use:
    a change anywhere there may change what they were compiled against)."""
    h = hashlib.sha256()
    for path in sorted(GAMES.rglob("*.py")):
        h.update(str(path.relative_to(GAMES)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def why_not_compiled() -> str | None:
    """Why the compiled modules are not used here (None: they are)."""
    if os.environ.get(ENV) == "python":
        return f"{ENV}=python"
    try:
        manifest = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return "not built (make install builds it: it needs a C compiler)"
    if manifest.get("python") != sys.implementation.cache_tag:
        return f"built for {manifest.get('python')}, this is {sys.implementation.cache_tag}"
    if manifest.get("sources") != sources_hash():
        return "built from other sources (make install builds it again)"
    return None


_verdict: list[str | None] = []  # why_not_compiled(), once a process (hashing takes ~9 ms)


def prefer_compiled(package: str, path: list[str]) -> None:
    """Put `package`'s compiled modules before its sources on its `__path__` (the package's
    own `__init__` calls this first), if they were built from these very sources."""
    if package not in COMPILED:
        return
    if not _verdict:
        _verdict.append(why_not_compiled())
    if _verdict[0] is None:
        path.insert(0, str(BUILT.joinpath(*package.split("."))))


def engine_kind(package: str) -> str:
    """For the benches: how `package`'s modules run here."""
    first = f"{package}.{COMPILED[package][0]}"
    if first in sys.modules and Path(sys.modules[first].__file__ or "").suffix == ".so":
        return "compiled by mypyc"
    return f"plain Python ({why_not_compiled() or 'not loaded'})"


def build() -> int:
    """Compile every package's modules into var/compiled. Where they cannot be compiled (no
    C compiler or Python headers, or the compile fails), say so and leave the engines in
    plain Python: slower, never a broken install (the tests say it where a compiler is)."""
    import shutil
    import sysconfig

    plain = "the engines stay plain Python (slower): "
    if not shutil.which(os.environ.get("CC", "cc")):
        print(plain + "no C compiler (apt-get install gcc, then make install)")
        return 0
    if not Path(sysconfig.get_paths()["include"], "Python.h").exists():
        print(plain + "no Python headers (apt-get install python3-dev, then make install)")
        return 0
    MANIFEST.unlink(missing_ok=True)
    before = sources_hash()
    try:
        compiled = _compile()
    except (Exception, SystemExit) as error:  # mypy and setuptools end a failure with exit
        why = "its errors are above" if isinstance(error, SystemExit) else str(error)
        print(plain + f"compiling them failed ({why})")
        return 0
    if sources_hash() != before:
        print("the sources changed during the build: run it again")
        return 1
    MANIFEST.write_text(json.dumps({"python": sys.implementation.cache_tag, "sources": before}))
    print(f"compiled {compiled} engine modules into {BUILT.relative_to(ROOT)}")
    return 0


def _compile() -> int:
    """mypyc's C for every package's group of modules, built into BUILT; how many."""
    from mypyc.build import mypycify
    from setuptools import setup

    os.chdir(ROOT)  # mypy's configuration (pyproject.toml); the files name the modules
    groups: list[tuple[list[str], str | None]] = [
        ([f"{package.replace('.', '/')}/{m}.py" for m in modules], f"{package}.compiled")
        for package, modules in COMPILED.items()
    ]
    files = [f for group, _ in groups for f in group]
    extensions = mypycify(
        # its own mypy cache: the compile's options differ from `mypy`'s (make typecheck)
        ["--cache-dir", str(BUILT / "mypy-cache"), *files],
        separate=groups,
        target_dir=str(BUILT / "c"),
    )
    os.chdir(BUILT)  # out of the project's pyproject.toml, which setup() would read
    build_ext = ["build_ext", "--build-lib", str(BUILT), "--build-temp", str(BUILT / "build")]
    setup(name="dicetable-compiled", ext_modules=extensions, script_args=["--quiet", *build_ext])
    return len(files)


if __name__ == "__main__":
    sys.exit(build())
