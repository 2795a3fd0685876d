"""Every scenario script (rules and the edge cases of the rules reference, section 4), run
through the Python API and through `dicetable replay`.

A scenario is a game script with `expect` checks (docs/game-script.md): replaying it fails
at the first check the state does not meet. Scenarios that need a card's effect are
expected to fail until the power cards are built (issue 4); strict, so the card engineer
notices each one that starts to pass and takes it off the list.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from host.cli import main
from host.games.kot.script import load_script, replay

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))

NEEDS_CARD_EFFECTS = {
    "case02_jets_yield_loses_no_hp",
    "case03_armor_plating_no_loss_no_yield",
    "case04_card_damage_offers_no_yield",
    "case06_card_elimination_city_stays_empty",
    "case11_all_eliminated_nobody_wins",
    "case12_jet_fighters_at_zero_hp_is_no_win",
    "case13_poison_at_end_of_turn_denies_win",
    "case14_eater_of_the_dead_shares_the_victory",
    "case17_card_healing_works_in_tokyo",
    "case18_two_player_variant_friend_of_children",
    "case18_two_player_variant_urbavore",
    "case19_it_has_a_child",
    "case20_frenzy_after_end_of_turn_effects",
    "case21_death_from_above",
    "case22_fire_breathing_neighbours",
    "case22_fire_breathing_two_players",
}


def _params() -> list[object]:
    params = []
    for path in SCENARIOS:
        marks = []
        if path.stem in NEEDS_CARD_EFFECTS:
            marks.append(pytest.mark.xfail(strict=True, reason="card effects: issue 4"))
        params.append(pytest.param(path, id=path.stem, marks=marks))
    return params


def test_the_edge_cases_each_have_a_scenario() -> None:
    cases = {int(p.stem[4:6]) for p in SCENARIOS if p.stem.startswith("case")}
    assert cases >= set(range(1, 23))
    assert {p.stem for p in SCENARIOS} >= NEEDS_CARD_EFFECTS


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
