"""The boundaries of DESIGN.md, checked on the source: who may import what.

- vision knows pixels and dice faces, nothing of the rules: it never imports host.
- a rules package is pure and deterministic: no camera, serial port, clock, web or threads.
- firmware knows the wire protocol, its displays and buttons: it imports no host code.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Modules a rules package must not import (the first dotted part is compared too).
IMPURE_FOR_RULES = {
    "vision",
    "cv2",
    "serial",
    "socket",
    "http",
    "asyncio",
    "threading",
    "multiprocessing",
    "subprocess",
    "time",
    "datetime",
    "sqlite3",
    "host.board",
    "host.app",
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def violations(folder: Path, forbidden: set[str]) -> list[str]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        for name in imported_modules(path):
            parts = name.split(".")
            prefixes = {".".join(parts[: i + 1]) for i in range(len(parts))}
            if prefixes & forbidden:
                found.append(f"{path.relative_to(ROOT)} imports {name}")
    return found


def rules_packages() -> list[Path]:
    games = ROOT / "host" / "games"
    return [p for p in sorted(games.iterdir()) if (p / "__init__.py").exists()]


def test_vision_never_imports_host() -> None:
    assert violations(ROOT / "vision", {"host"}) == []


def test_firmware_imports_no_host_or_vision_code() -> None:
    assert violations(ROOT / "firmware", {"host", "vision"}) == []


def test_game_interface_is_pure() -> None:
    assert violations_in_file(ROOT / "host" / "games" / "__init__.py") == []


def violations_in_file(path: Path) -> list[str]:
    return [n for n in imported_modules(path) if n.split(".")[0] in IMPURE_FOR_RULES]


@pytest.mark.parametrize("package", rules_packages(), ids=lambda p: p.name)
def test_rules_packages_are_pure(package: Path) -> None:
    # The CLI and benchmark modules of a rules package may use the clock and files;
    # the rules themselves may not.
    forbidden = IMPURE_FOR_RULES
    found = [
        v
        for v in violations(package, forbidden)
        if not v.split(" ")[0].endswith(("_cli.py", "bench.py"))
    ]
    assert found == []


def test_the_checker_sees_a_forbidden_import(tmp_path: Path) -> None:
    # The checks above pass vacuously if the checker is blind; show it is not.
    (tmp_path / "bad.py").write_text("import time\nfrom vision.reader import x\n")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert sorted(violations(tmp_path, {"time", "vision"})) == [
            "bad.py imports time",
            "bad.py imports vision.reader",
        ]
    finally:
        ROOT = saved
