"""The rules engines' hot modules compiled to C by mypyc, and loading them.

The random games of the property tests and `dicetable bench engine` spend their time in
a few modules of a rules engine (the turn flow, the state, the random player). mypyc, the
compiler of the mypy we type-check with, compiles exactly these typed sources to C
extensions, about twice as fast (docs/games.md says how a game uses it). The sources stay
the one truth:

- a package names its modules to compile in its `__init__` (`COMPILED`) and calls
  `prefer_compiled` there before it imports them;
- `python -m host.games.compiled` (run by `make install` when a source changes) builds
  every such package's modules into `var/compiled/`, with a manifest of the sources' hash;
  a build is kept in the user's cache (~/.cache/dicetable/compiled, by the sources' hash
  and the compiler's and Python's versions), so another checkout of the same sources on
  this machine (a CI run's clean clone, a second worktree) takes it instead of compiling
  again (~40 s of CPU);
- `prefer_compiled` puts the compiled modules first only if every source under
  `host/games` is the one they were built from; else the package runs as plain Python,
  as it does where no C compiler is, and as it does with DICETABLE_ENGINE=python.

A compiled module is the same code with stricter types: a tuple it unpacks is a new
tuple (never rely on a tuple's identity) and its functions cannot be patched from
outside. The tests run the compiled engine and check that it plays the same games as
the plain one.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

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


_compiled: dict[str, tuple[str, ...]] = {}  # package -> its compiled modules (prefer_compiled)
_verdict: list[str | None] = []  # why_not_compiled(), once a process (hashing takes ~9 ms)


def prefer_compiled(package: str, path: list[str], modules: tuple[str, ...]) -> None:
    """Put `package`'s compiled `modules` before its sources on its `__path__` (the
    package's own `__init__` calls this first), if they were built from these very sources."""
    _compiled[package] = modules
    if not _verdict:
        _verdict.append(why_not_compiled())
    if _verdict[0] is None:
        path.insert(0, str(BUILT.joinpath(*package.split("."))))


def engine_kind(package: str) -> str:
    """For the benches: how `package`'s modules run here."""
    names = [f"{package}.{m}" for m in _compiled.get(package, ())]
    if names and all(
        Path(getattr(sys.modules.get(n), "__file__", "")).suffix == ".so" for n in names
    ):
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
    kept = _kept(before)
    if _take(kept):
        print(f"took the engine modules compiled from these sources from {kept}")
    else:
        try:
            compiled = _compile()
        except (Exception, SystemExit) as error:  # mypy and setuptools end a failure with exit
            why = "its errors are above" if isinstance(error, SystemExit) else str(error)
            print(plain + f"compiling them failed ({why})")
            return 0
        if sources_hash() != before:
            print("the sources changed during the build: run it again")
            return 1
        _keep(kept)
        print(f"compiled {compiled} engine modules into {BUILT.relative_to(ROOT)}")
    MANIFEST.write_text(json.dumps({"python": sys.implementation.cache_tag, "sources": before}))
    return 0


KEEP_BUILDS = 8  # the user's cache keeps this many builds, the newest


def _kept(sources: str) -> Path:
    """Where a build of these sources by this Python and this mypyc is kept."""
    import sysconfig

    from mypy.version import __version__ as mypy_version

    what = [sources, sys.implementation.cache_tag, sysconfig.get_platform(), mypy_version]
    key = hashlib.sha256("\n".join(what).encode()).hexdigest()[:32]
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "dicetable" / "compiled" / key


def _take(kept: Path) -> bool:
    """The kept build's modules copied into BUILT, if there is one."""
    import shutil

    if not (kept / "host").is_dir():
        return False
    shutil.rmtree(BUILT / "host", ignore_errors=True)
    shutil.copytree(kept / "host", BUILT / "host")
    os.utime(kept)  # recently used: kept longer
    return True


def _keep(kept: Path) -> None:
    """The built modules (not the C or the objects) copied to the user's cache, whole or
    not at all; the oldest builds there beyond KEEP_BUILDS removed. A cache that cannot
    be written is no error: the next build compiles again."""
    import shutil
    import tempfile

    part: Path | None = None
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        part = Path(tempfile.mkdtemp(dir=kept.parent, prefix=".part-"))
        shutil.copytree(BUILT / "host", part / "host", ignore=_not_modules)
        part.rename(kept)
        builds = sorted(kept.parent.iterdir(), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in builds[KEEP_BUILDS:]:
            shutil.rmtree(old, ignore_errors=True)
    except OSError as error:
        if part is not None:
            shutil.rmtree(part, ignore_errors=True)
        print(f"(the build is not kept for other checkouts: {error})")


def _not_modules(folder: str, names: list[str]) -> list[str]:
    """For copytree: leave out all but folders and compiled modules."""
    return [n for n in names if not n.endswith(".so") and not Path(folder, n).is_dir()]


def _compile() -> int:
    """mypyc's C for every package's group of modules, built into BUILT; how many."""
    import shutil

    from mypyc.build import mypycify
    from setuptools import setup

    os.chdir(ROOT)  # mypy's configuration (pyproject.toml); the files name the modules
    groups: list[tuple[list[str], str | None]] = [
        ([f"{package.replace('.', '/')}/{m}.py" for m in modules], f"{package}.compiled")
        for package, modules in _packages().items()
    ]
    files = [f for group, _ in groups for f in group]
    if not files:  # mypyc would compile all that mypy checks
        raise RuntimeError("no package under host/games names modules to compile")
    extensions = mypycify(
        # its own mypy cache: the compile's options differ from `mypy`'s (make typecheck)
        ["--cache-dir", str(BUILT / "mypy-cache"), *files],
        separate=groups,
        target_dir=str(BUILT / "c"),
    )
    os.chdir(BUILT)  # out of the project's pyproject.toml, which setup() would read
    shutil.rmtree(BUILT / "host", ignore_errors=True)  # no module a package no longer names
    build_ext = ["build_ext", "--build-lib", str(BUILT), "--build-temp", str(BUILT / "build")]
    build_ext += ["--parallel", str(os.cpu_count() or 1)]  # each group's C at once
    setup(name="dicetable-compiled", ext_modules=extensions, script_args=["--quiet", *build_ext])
    return len(files)


def _packages() -> dict[str, tuple[str, ...]]:
    """Every package under host/games that names modules to compile: each is imported
    (as plain Python), and so says them through prefer_compiled."""
    import importlib

    os.environ[ENV] = "python"  # the sources themselves, never an older build
    for init in sorted(GAMES.rglob("__init__.py")):
        importlib.import_module(".".join(init.parent.relative_to(ROOT).parts))
    return dict(_compiled)


if __name__ == "__main__":
    # the packages say their modules to the imported module, not to this __main__ copy
    from host.games import compiled

    sys.exit(compiled.build())
