"""docs/kato-script.md says what the code does: every input type and its fields, every
kind of waiting, option, setup field and state field is documented, the policies are
numbered in order and each names scripts that exist, and every policy script is named."""

from __future__ import annotations

import re
from pathlib import Path

from host.games.kato import KaTO, Options, Setup
from host.games.kato.engine import INPUT_FIELDS
from host.games.kato.script import FIELDS

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "kato-script.md").read_text()
SCENARIOS = {p.stem for p in (Path(__file__).parent / "scenarios").glob("*.json")}


def section(title: str) -> str:
    start = DOC.index(f"# {title}\n")
    rest = DOC[start + len(title) + 2 :]
    end = re.search(r"^##+ ", rest, re.MULTILINE)
    return rest[: end.start()] if end else rest


def first_cells(text: str) -> set[str]:
    return {cell.strip("`") for cell in re.findall(r"^\| ([^|]+?) \|", text, re.MULTILINE)}


def test_every_input_and_its_fields_and_every_waiting_kind_is_documented() -> None:
    assert set(INPUT_FIELDS) <= first_cells(section("Inputs"))
    assert set(INPUT_FIELDS) <= first_cells(section("What the game waits for"))
    for kind, fields in INPUT_FIELDS.items():
        row = next(line for line in DOC.splitlines() if line.startswith(f"| `{kind}` |"))
        for name in fields:
            assert f"`{name}`" in row, (kind, name)


def test_every_setup_field_option_and_state_field_is_documented() -> None:
    assert first_cells(section("Top-level fields")) >= FIELDS
    assert set(Options.__dataclass_fields__) <= first_cells(section("`options`: the house rules"))
    state = KaTO(Setup.simple("Ann", "Bob")).to_json()
    example = section("The state (`game.to_json()`)")
    for key in state:
        assert f'"{key}"' in example, key
    for key in state["players"][0]:
        assert f'"{key}"' in example, key


def test_the_policies_are_numbered_and_each_names_its_scripts() -> None:
    policies = section("Policies: where the seed is silent or ambiguous")
    numbers = [int(n) for n in re.findall(r"^(\d+)\. \*\*", policies, re.MULTILINE)]
    assert numbers == list(range(1, len(numbers) + 1))
    named = set(re.findall(r"`((?:rule|policy)_[a-z0-9_]+)`", policies))
    assert named <= SCENARIOS  # every script named exists
    assert {s for s in SCENARIOS if s.startswith("policy_")} <= named  # every policy's is named


def test_the_default_values_and_deck_are_what_the_doc_says() -> None:
    game = KaTO(Setup.simple("Ann", "Bob"))
    values = section("`values`: what each card is worth")
    assert "numbers at face value" in values and "20" in values and "50" in values
    assert game.values == {
        **{str(n): n for n in range(10)},
        "skip": 20,
        "reverse": 20,
        "draw2": 20,
        "wild": 50,
        "wild4": 50,
        "cone": 50,
    }
    assert "108 cards" in section("`deck`: what the deck holds")
    assert sum(game.deck.values()) == 108
