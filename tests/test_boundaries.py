"""The boundaries of DESIGN.md, checked on the source: who may import what.

- vision knows pixels and dice faces, nothing of the rules: it never imports host.
- a rules package is pure and deterministic: no camera, serial port, clock, web or threads.
- firmware knows the wire protocol, its displays and buttons: it imports no host code.
- nothing outside a game's own package names that game: the app, the board link, the
  page, the firmware and vision say no game's name, roles, places, faces or script format
  (vision may say faces and face-set names: they are its data).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from host.games.kind import dice_sets
from host.games.registry import kinds

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


def test_wording_imports_nothing_but_python_s_own_modules() -> None:
    """The words host.games.text and vision.words both say (wording: the plural argument,
    lists, values quoted) are in a package of its own: vision may import it (never the
    host), and so may a rules package (never vision)."""
    import sys

    imported = imported_modules(ROOT / "wording" / "__init__.py")
    assert {name.split(".")[0] for name in imported} <= set(sys.stdlib_module_names) | {
        "__future__"
    }
    for user in ("host/games/text.py", "vision/words.py"):  # (each says them from there)
        assert "wording" in imported_modules(ROOT / user)


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


# ---- nothing outside a game's own package names that game ----------------------------------

# Where no game may be named: the app, the board link, the page, the firmware, vision.
GAME_NEUTRAL = ["host/app", "host/board", "firmware", "vision"]
SOURCE_SUFFIXES = {".py", ".js", ".mjs", ".html", ".css"}

# Besides what each game's kind says of itself (its name, title, script format, package,
# and the face sets its dice are read with: `Dice.sets`, with their titles), the words of
# the games we know that nothing else has: their roles, places, dials and faces. Faces,
# card symbols and face sets (their names and the dice they read) are vision's own data
# (it draws and reads them), so vision may say them; nothing else may (the page shows a
# set by the title its game gives it: host.app.teaching.set_title). So may vision say the
# dials' short names ("short"): in its numeric code `vp` is a value's probabilities.
KNOWN_WORDS: dict[str, dict[str, set[str]]] = {
    "king-of-tokyo": {
        "words": {
            "Tokyo", "monster", "monsters", "smash", "Alienoid", "Cyber Kitty",
            "Giga Zaur", "Meka Dragon", "The King", "Space Penguin",
        },
        "faces": {"claw", "claws", "heart", "hearts", "energy"},
        "short": {"hp", "vp"},
    },
    "kingdom-run": {
        "words": {"runners", "grappling", "victory tokens"},
        "faces": {"purse", "flask"},  # (a Pico boots: not a face of its own)
    },
    "kato": {"words": {"traffic cone"}, "faces": {"draw four"}},
}  # fmt: skip


def words_of(kind: Any) -> tuple[set[str], set[str]]:
    """(words that name the game anywhere, words vision may still say: faces, face sets)."""
    package = type(kind).__module__.rsplit(".", 1)[0].rsplit(".", 1)[-1]
    family = kind.script_format.split("/")[0]
    known = KNOWN_WORDS.get(kind.name, {})
    sets = dice_sets(kind)
    vision_may = known.get("faces", set()) | known.get("short", set()) | {*sets, *sets.values()}
    own = {kind.name, kind.title, family, package, *known.get("words", set())}
    return own | vision_may, vision_may


def game_word_hits(folder: Path, words: set[str]) -> list[str]:
    pattern = re.compile(
        r"(?<![\w-])("
        + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
        + r")(?![\w-])",
        re.IGNORECASE,
    )
    hits = []
    for path in sorted(folder.rglob("*")):
        if path.suffix not in SOURCE_SUFFIXES or "__pycache__" in path.parts:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in pattern.finditer(line):
                hits.append(f"{path.relative_to(ROOT)}:{n} names {match.group(0)!r}")
    return hits


@pytest.mark.parametrize("kind", list(kinds().values()), ids=lambda k: k.name)
def test_no_game_neutral_code_names_a_game(kind: Any) -> None:
    words, vision_may = words_of(kind)
    found = []
    for folder in GAME_NEUTRAL:
        allowed = vision_may if folder == "vision" else set()
        found += game_word_hits(ROOT / folder, words - allowed)
    assert found == []


def test_the_game_word_check_sees_a_game_named(tmp_path: Path) -> None:
    # The check above passes vacuously if it is blind; show it is not.
    (tmp_path / "page.js").write_text('const PLACES = { city: "Tokyo City" };\n// kot-game/1\n')
    (tmp_path / "ok.py").write_text("heartbeat = 'hearty'  # kotlin\n")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        hits = game_word_hits(tmp_path, {"Tokyo", "kot-game", "heart", "kot"})
    finally:
        ROOT = saved
    assert hits == ["page.js:1 names 'Tokyo'", "page.js:2 names 'kot-game'"]
