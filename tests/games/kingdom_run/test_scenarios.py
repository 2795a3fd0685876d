"""Every scenario script replays and meets its expectations (docs/kingdom-run-script.md).

scenarios/ holds one or more scripts per rule and per policy of docs/kingdom-run.md,
named after it (`rule07_*.json`, `policy04_*.json`); a script that breaks a rule is
refused there by an `expect` with `refuse`. The scripts are checked against the doc's
numbering, and a few broken rules are shown to make their scripts fail.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from host.cli import main
from host.games.kingdom_run import race, turn
from host.games.kingdom_run.race import Race
from host.games.kingdom_run.script import load_script, replay
from host.games.kingdom_run.turn import Turn
from host.games.scripts import ScriptFailed

HERE = Path(__file__).parent
SCENARIOS = sorted((HERE / "scenarios").glob("*.json"))
DOC = (HERE.parents[2] / "docs" / "kingdom-run.md").read_text()


def numbered(title: str) -> set[int]:
    """The numbers of the list in the doc's section with this title."""
    start = DOC.index(f"## {title}\n")
    end = DOC.find("\n## ", start + 1)
    text = DOC[start : end if end > 0 else None]
    return {int(n) for n in re.findall(r"^(\d+)\. ", text, re.MULTILINE)}


def covered(prefix: str) -> set[int]:
    return {
        int(p.stem[len(prefix) : len(prefix) + 2]) for p in SCENARIOS if p.stem.startswith(prefix)
    }


def test_every_rule_and_policy_has_a_scenario_and_every_scenario_one_of_them() -> None:
    rules, policies = numbered("Rules"), numbered("Where the rules are silent: policies")
    assert rules == set(range(1, 18))  # the reference's rules, each a test
    assert len(policies) >= 14
    assert covered("rule") == rules
    assert covered("policy") == policies
    assert all(p.stem.startswith(("rule", "policy")) for p in SCENARIOS)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_through_dicetable_replay(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script(path)
    assert script.expect, "a scenario states what it expects"
    assert script.description
    status = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert status == 0, err
    game = replay(script)
    assert len(game.log) == len(script.inputs)
    assert json.loads(out) == game.to_json()


def test_a_failing_scenario_is_one_line_from_dicetable_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads((HERE / "scenarios" / "rule01_two_players.json").read_text())
    data["expect"][0]["turn"] = 2
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["turn"] == 1  # the state reached is printed
    assert err == f"dicetable replay: {path}: expect[0] (after 0 inputs): turn is 1, expected 2\n"


def _no_limit_on_a_space(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(race, "SPACE_LIMIT", 99)


def _three_times(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turn, "TWICE", 3)


def _three_throws(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turn, "THROWS", 3)


def _hook_stops_at_the_line(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Race.hook_target
    monkeypatch.setattr(
        Race,
        "hook_target",
        lambda self, *a: None if real(self, *a) == self.length else real(self, *a),
    )


def _anyone_robbed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Race, "racing", lambda self, seat: True)


def _equal_used_first(monkeypatch: pytest.MonkeyPatch) -> None:
    def spend(self: Turn, action: str) -> None:
        self.left.remove("equal" if "equal" in self.left else action)
        self.done[action] += 1

    monkeypatch.setattr(Turn, "spend", spend)


def _sleepers_move(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        Race,
        "runner",
        lambda self, seat, space, asleep: next(
            (r for r in self.runners[seat] if r.space == space), None
        ),
    )


# a broken rule -> the scripts (by name prefix) of which at least one must fail
BROKEN: dict[str, tuple[Callable[[pytest.MonkeyPatch], None], str]] = {
    "no limit on a space": (_no_limit_on_a_space, "rule15"),
    "an action three times": (_three_times, "rule14"),
    "three throws": (_three_throws, "rule02"),
    "the hook stops at the line": (_hook_stops_at_the_line, "rule05"),
    "a finished player robbed": (_anyone_robbed, "rule09"),
    "the equal die used first": (_equal_used_first, "policy06"),
    "sleeping runners move": (_sleepers_move, "rule12"),
}


@pytest.mark.parametrize("broken", BROKEN)
def test_a_broken_rule_fails_its_scripts(broken: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scripts test the rules: with a rule broken, a script for it fails."""
    breaks, prefix = BROKEN[broken]
    scripts = [p for p in SCENARIOS if p.stem.startswith(prefix)]
    assert scripts
    breaks(monkeypatch)
    failed = 0
    for path in scripts:
        try:
            replay(load_script(path))
        except ScriptFailed:
            failed += 1
    assert failed, f"{prefix}'s scripts pass with {broken}"
