"""Every scenario script (rules and the edge cases of the rules reference, section 4), run
through the Python API and through `dicetable replay`.

A scenario is a game script with `expect` checks (docs/game-script.md): replaying it fails
at the first check the state does not meet.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from host.cli import main
from host.games.kot.script import load_script, replay

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def _params() -> list[object]:
    return [pytest.param(path, id=path.stem) for path in SCENARIOS]


def test_the_edge_cases_each_have_a_scenario() -> None:
    cases = {int(p.stem[4:6]) for p in SCENARIOS if p.stem.startswith("case")}
    assert cases >= set(range(1, 23))


@pytest.mark.parametrize("path", _params())
def test_scenario_through_the_api(path: Path) -> None:
    script = load_script(path)
    assert script.expect, "a scenario states what it expects"
    game = replay(script)
    assert len(game.log) == len(script.inputs)


@pytest.mark.parametrize("path", _params())
def test_scenario_through_replay(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert json.loads(out) == replay(load_script(path)).to_json()
