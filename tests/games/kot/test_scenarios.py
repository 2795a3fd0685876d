"""Every scenario script, run through the Python API and through `dicetable replay`.

A scenario is a game script with `expect` checks (docs/game-script.md): replaying it fails
at the first check the state does not meet.

- scenarios/: the rules, the edge cases and policies of the rules reference (section 4:
  `caseNN_*`), and the known mistakes of other implementations (`mistake_*`).
- cards/: for each of the 64 card names, `<card>.effect[.<what>].json` shows its effect
  and `<card>.not[.<what>].json` shows where it does not apply.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from host.cli import main
from host.games.kot.cards import CARDS
from host.games.kot.effects import EFFECTS
from host.games.kot.script import ScriptFailed, load_script, replay

HERE = Path(__file__).parent
SCENARIOS = sorted((HERE / "scenarios").glob("*.json"))
CARD_SCRIPTS = sorted((HERE / "cards").glob("*.json"))

# the known mistakes of other implementations (end of the rules reference)
MISTAKES = {
    "mistake_evacuation_orders_costs_vp_not_hp",
    "mistake_it_has_a_child_keeps_energy",
    "mistake_even_bigger_costs_4_and_opportunist_3",
    "mistake_empty_city_entered_without_claw",
}


def card_file(card: str) -> str:
    """The name a card's scripts start with.

    >>> card_file("We're Only Making It Stronger!")
    'we_re_only_making_it_stronger'
    """
    return re.sub(r"[^a-z0-9]+", "_", card.lower()).strip("_")


def _params() -> list[object]:
    return [pytest.param(path, id=path.stem) for path in SCENARIOS + CARD_SCRIPTS]


def test_the_edge_cases_and_policies_each_have_a_scenario() -> None:
    cases = {int(p.stem[4:6]) for p in SCENARIOS if p.stem.startswith("case")}
    assert cases >= set(range(1, 42))
    assert {p.stem for p in SCENARIOS} >= MISTAKES


def test_every_card_has_a_script_for_its_effect_and_one_where_it_does_not_apply() -> None:
    kinds: dict[str, set[str]] = {}
    for path in CARD_SCRIPTS:
        name, kind, *_ = path.stem.split(".")
        kinds.setdefault(name, set()).add(kind)
    assert len(CARDS) == 64
    for card in CARDS:
        assert kinds.get(card_file(card)) == {"effect", "not"}, card
    assert set(kinds) == {card_file(card) for card in CARDS}  # no script for no card


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


@pytest.mark.parametrize("card", sorted(CARDS))
def test_each_effect_script_needs_the_card(card: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the card's effect, its effect scripts fail: they test the card. (Some show
    what follows from the effect, e.g. a poison token removed by a heart: at least one
    fails.)"""
    scripts = [p for p in CARD_SCRIPTS if p.stem.startswith(f"{card_file(card)}.effect")]
    monkeypatch.delitem(EFFECTS, card)
    failed = 0
    for path in scripts:
        try:
            replay(load_script(path))
        except ScriptFailed:
            failed += 1
    assert failed, f"{card}'s effect scripts pass without its effect"
