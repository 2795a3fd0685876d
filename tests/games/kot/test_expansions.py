"""The expansions' scripts (docs/kot-expansions.md), run through the Python API and through
`dicetable replay`; and each policy of the expansions reference (section 7) that the
expansions built so far touch has its script.

Script names: `<expansion>.<rule>.<what>.json` for the rules of its section, and
`policyNN_<what>.json` for the policies.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from host.cli import main
from host.games.kot import KingOfTokyo, MonsterPosition, Options, Position, Setup, SetupError
from host.games.kot.expansion import all_on
from host.games.kot.random_player import play_game
from host.games.kot.script import load_script, replay

HERE = Path(__file__).parent
SCRIPTS = sorted((HERE / "expansions").glob("*.json"))

# the policies of king-of-tokyo-expansions.md section 7 about the expansions built
POLICIES = {
    "cultists": {30, 31, 32, 33},
}


def test_each_policy_of_the_expansions_built_has_a_script() -> None:
    covered = {int(p.stem[6:8]) for p in SCRIPTS if p.stem.startswith("policy")}
    for expansion, policies in POLICIES.items():
        assert policies <= covered, (expansion, sorted(policies - covered))


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_script_through_the_api(path: Path) -> None:
    script = load_script(path)
    assert script.expect, "a script states what it expects"
    game = replay(script)
    assert len(game.log) == len(script.inputs)


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_script_through_replay(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert json.loads(out) == replay(load_script(path)).to_json()


def random_logs(games: int, **options: object) -> list[list[dict[str, object]]]:
    opts = all_on(**options)
    logs = []
    for i in range(games):
        setup = Setup.simple("A", "B", "C", "D", seed=i, first_player="A", options=opts)
        logs.append([dict(inp) for inp in play_game(setup, random.Random(i)).log])
    return logs


def test_the_random_player_spends_cultists_every_way() -> None:
    spent = Counter(
        inp["spend"] for log in random_logs(100) for inp in log if inp["type"] == "cultist"
    )
    assert set(spent) == {"hp", "energy", "throw"}, spent


def test_cultists_in_a_position_need_the_option() -> None:
    position = Position({"A": MonsterPosition(cultists=2)}, "A")
    with pytest.raises(SetupError, match=r"position.monsters.A.cultists: only with the cultists"):
        KingOfTokyo(Setup.simple("A", "B", position=position))
    game = KingOfTokyo(Setup.simple("A", "B", position=position, options=Options(cultists=True)))
    assert game.to_json()["players"][0]["cultists"] == 2


def test_a_game_without_expansions_shows_none_of_their_state() -> None:
    state = KingOfTokyo(Setup.simple("A", "B", first_player="A")).to_json()
    assert "cultists" not in state["players"][0]
