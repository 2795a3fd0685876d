"""docs/games.md, how to add a game, says what the code does: its tables of a kind's and of
the dice capability's members are the protocols' members, the page's vocabulary it names
is host.games.page's, and every file, folder and module it points to is there."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from host.games import page
from host.games.kind import Dice, GameKind

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "games.md").read_text(encoding="utf-8")
OPTIONAL = {
    "standings",
    "demo",
    "extra_leds",
}  # looked up with getattr (host.games.kind), in the table too


def section(title: str) -> str:
    """The doc's text from `title` (a heading, or a bold lead) to the next heading."""
    start = DOC.index(title)
    end = re.search(r"^#+ ", DOC[start + len(title) :], re.MULTILINE)
    return DOC[start : start + len(title) + end.start()] if end else DOC[start:]


def table_members(text: str) -> set[str]:
    """The names in the first cells of the text's tables: `load(script, trace=None)` -> load."""
    cells = re.findall(r"^\| ([^|]+?) \|", text, re.MULTILINE)
    return {n for cell in cells for n in re.findall(r"`(\w+)", cell)} - {"member", "what"}


def protocol_members(protocol: type) -> set[str]:
    own = {n for n in vars(protocol) if not n.startswith("_")}
    return own | set(getattr(protocol, "__annotations__", {}))


def test_the_kind_table_is_the_game_kind_protocol() -> None:
    assert table_members(section("## The `GameKind`")) == protocol_members(GameKind) | OPTIONAL


def test_the_dice_table_is_the_dice_protocol() -> None:
    dice = section("**Dice**").split("**Cards**")[0]  # (the card capability's comes next)
    assert table_members(dice) == protocol_members(Dice)


def test_the_page_vocabulary_named_is_host_games_page() -> None:
    named = set(re.findall(r"`(\w+)\(", section("## The page's vocabulary")))
    named -= {"catalog", "view", "answers"} - set(vars(page))  # the kind's own members
    assert named and all(hasattr(page, n) for n in named), sorted(named - set(vars(page)))
    assert "PLAYERS" in section("## The page's vocabulary") and hasattr(page, "PLAYERS")


def test_every_file_folder_and_module_named_is_there() -> None:
    paths = set(re.findall(r"`((?:host|tests|docs|vision)/[\w./-]*)`", DOC))
    assert len(paths) > 10
    missing = [p for p in paths if not (ROOT / p).exists() and "NAME" not in p]
    assert missing == []
    for dotted in set(re.findall(r"`(host\.games(?:\.\w+)+)", DOC)):
        parts = dotted.split(".")
        for cut in range(len(parts), 1, -1):  # a module, then attributes of it
            try:
                found: object = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            for attr in parts[cut:]:
                assert hasattr(found, attr), dotted
                found = getattr(found, attr)
            break
        else:
            raise AssertionError(f"{dotted} is not a module")
