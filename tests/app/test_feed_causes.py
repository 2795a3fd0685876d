"""The feed tells each change with what caused it: a change a curse, a card's effect at a
turn's start or end, Reflective Hide or poison made is told with its cause, never as the
doing of the input that set it off (audit39: False Blessing's loss, after the yields, stood
under "Hugo reste à Tokyo"); told alike as the game is played and as the store refolds it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from host.app.feed import load
from host.app.table import Table
from host.games.text import localize
from tests.app.fakes import Clock, FakeBoard
from tests.app.test_table import new_table

GAMES = Path(__file__).parents[1] / "games" / "kot"
PLAYERS = [
    {"name": "Ann", "monster": "The King"},
    {"name": "Hugo", "monster": "Alienoid"},
    {"name": "Cat", "monster": "Cyber Kitty"},
]
FALSE_BLESSING = {
    "format": "kot-game/1",
    "players": PLAYERS,
    "options": {"curses": True},
    "position": {
        "active_player": "Ann",
        "monsters": {"Hugo": {"location": "city"}},
        "curse": "False Blessing",
        "scarab": "Cat",
    },
    "inputs": [
        {
            "type": "throw",
            "player": "Ann",
            "thrown": ["claw", "claw", "1", "2", "3", "heart", "energy", "energy", "fate_river"],
            "kept": [],
        },
        {"type": "resolve", "player": "Ann"},
        {"type": "yield", "player": "Hugo", "leave": False},
    ],
}


def script(name: str) -> dict[str, Any]:
    return dict(json.loads((GAMES / name).read_text()))


def played(tmp_path: Path, game: dict[str, Any]) -> tuple[Table, list[dict[str, Any]]]:
    """The game imported but its last input, which is then played on the table: the
    entries of the feed as played."""
    table = new_table(tmp_path / "games.db", FakeBoard(), Clock())
    *before, last = game["inputs"]
    start = {k: v for k, v in game.items() if k != "expect"}  # (its checks: of the whole)
    table.act({"do": "import", "script": {**start, "inputs": before}})
    table.act({"do": "input", "input": last})
    if table.holding is not None:  # the end of the throws, held: used now
        table.act({"do": "input", "input": last})
    return table, table._feed.entries


def did(entry: dict[str, Any], lang: str = "en") -> list[str]:
    return [str(localize(d, lang)) for d in entry["did"]]


@pytest.mark.parametrize(
    ("game", "said", "told"),
    [
        (
            FALSE_BLESSING,
            "Hugo stays in Tokyo",
            ["Ann: −6 ♥ (False Blessing)"],  # its permanent effect, once the claws resolve
        ),
        (
            script("expansions/curse.set_s_storm.permanent.json"),
            "Ann ends the turn",
            ["Bob: −1 ♥ (Set's Storm)"],  # at the start of Bob's turn
        ),
        (
            script("scenarios/case13_poison_at_end_of_turn_denies_win.json"),
            "A ends the turn",
            ["A: −1 ♥, −2 energy, leaves Tokyo and is eliminated (poison)"],
        ),
        (
            script("expansions/dark.reflective_hide.smash.json"),
            "Bob resolves the dice: 1, 2, 3, ⚡, claw and claw",
            ["Ann: −2 ♥", "Bob: +1 energy", "Bob: −1 ♥ (Reflective Hide)"],
        ),
        (
            script("expansions/policy38_skull_after_claws_not_a_smash.json"),
            "Ann resolves the dice: 1, 1, 2, 2, 3, claw and berserk 💀",
            ["Bob: −1 ♥", "Ann: −1 ♥ (the berserk die)"],
        ),
        (
            script("expansions/berserk.enter.four_claws.json"),
            "Ann resolves the dice: 1, 2, claw, claw, claw and claw",
            ["Ann: +1 VP, enters Tokyo City and goes berserk"],  # her claws' doing: bare
        ),
    ],
    ids=[
        "false-blessing-after-the-yield",
        "set-s-storm",
        "poison",
        "reflective-hide",
        "berserk-skull",
        "berserk",
    ],
)
def test_a_change_is_told_with_its_cause(
    tmp_path: Path, game: dict[str, Any], said: str, told: list[str]
) -> None:
    if " resolves " in said:  # the inputs up to the resolve (the ones after it: not this case)
        game = {**game, "inputs": game["inputs"][:2]}
    table, entries = played(tmp_path, game)
    assert str(localize(entries[-1]["said"], "en")) == said
    assert did(entries[-1]) == told
    # told again as the store refolds the game: the same
    assert table.game_id is not None
    _, _, feed = load(table.store, table.game_id)
    assert [did(e) for e in feed.entries] == [did(e) for e in entries]


def test_a_turn_started_in_tokyo_is_told_as_such_in_every_language(tmp_path: Path) -> None:
    """The VP of a turn started in Tokyo are the next monster's turn's, not the doing of
    the turn ended: 'Hugo : +2 PV (Hugo commence son tour dans Tokyo City)'."""
    game = {
        "format": "kot-game/1",
        "players": PLAYERS,
        "position": {"active_player": "Ann", "monsters": {"Hugo": {"location": "city"}}},
        "inputs": [
            {"type": "throw", "player": "Ann", "thrown": ["1", "2", "3", "1", "2", "energy"]},
            {"type": "resolve", "player": "Ann"},
            {"type": "end_turn", "player": "Ann"},
        ],
    }
    _, entries = played(tmp_path, game)
    assert did(entries[-1]) == ["Hugo: +2 VP (Hugo starts the turn in Tokyo City)"]
    assert did(entries[-1], "fr") == ["Hugo\u00a0: +2 ★ (Hugo commence son tour dans Tokyo City)"]
    assert did(entries[-1], "ja") == ["Hugo：+2勝利ポイント（Hugoがトーキョーでターンを始めた）"]
    assert did(FALSE_ENTRY := played(tmp_path / "fb", FALSE_BLESSING)[1][-1], "fr") == [
        "Ann\u00a0: −6 ♥ (Fausse bénédiction)"
    ]
    assert str(localize(FALSE_ENTRY["said"], "fr")) == "Hugo reste à Tokyo"
