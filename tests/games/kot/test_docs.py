"""docs/game-script.md says what the code does: every input type, option, position field,
state field and card is documented, the card table agrees with cards.py, and every card
its owner uses has its row among the card inputs."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from host.games.kot import KingOfTokyo, MonsterPosition, Options, Setup
from host.games.kot.cards import ALIASES, CARDS
from host.games.kot.effects import EFFECTS
from tests.games.kot.invariants import INPUT_FIELDS

DOC = (Path(__file__).resolve().parents[3] / "docs" / "game-script.md").read_text()


def section(title: str) -> str:
    """The text of the doc's section (## or ###) with this title, up to the next one."""
    start = DOC.index(f"# {title}\n")
    rest = DOC[start + len(title) + 2 :]
    end = re.search(r"^##+ ", rest, re.MULTILINE)
    return rest[: end.start()] if end else rest


def first_cells(text: str) -> list[str]:
    """The first cell of each row of the tables in `text`."""
    return re.findall(r"^\| ([^|]+?) \|", text, re.MULTILINE)


def test_every_input_type_and_waiting_kind_is_documented() -> None:
    inputs = {cell.strip("`") for cell in first_cells(section("Inputs"))}
    kinds = {cell.strip("`") for cell in first_cells(section("What the game waits for"))}
    assert set(INPUT_FIELDS) <= inputs
    assert set(INPUT_FIELDS) <= kinds
    for kind, fields in INPUT_FIELDS.items():  # each field of each input is named
        row = next(line for line in DOC.splitlines() if line.startswith(f"| `{kind}` |"))
        for name in fields - {"type", "player"}:
            assert f"`{name}`" in row or f"`{name}`" in section("Card inputs"), (kind, name)


def test_every_option_position_field_and_state_field_is_documented() -> None:
    for option in Options.__dataclass_fields__:
        assert f"`{option}`" in section("Top-level fields"), option
    position = section("`position`: starting from a given position")
    for field in (f.name for f in dataclasses.fields(MonsterPosition)):
        assert f"`{field}`" in position, field
    state = KingOfTokyo(Setup.simple("Ann", "Bob", first_player="Ann")).to_json()
    example = section("The state (`dicetable replay` output, `game.to_json()`)")
    for key in (*state, *state["players"][0]):
        assert f'"{key}"' in example, key


def test_the_card_table_is_the_box() -> None:
    rows = re.findall(
        r"^\| ([^|]+?) \| (\d+) \| (keep|discard) \| (\d) \| ([^|]*?) ?\|$",
        section("Cards"),
        re.MULTILINE,
    )
    first_edition = {ours: theirs for theirs, ours in ALIASES.items()}
    documented = {
        name: (int(cost), kind == "keep", int(copies), alias)
        for name, cost, kind, copies, alias in rows
    }
    assert documented == {
        c.name: (c.cost, c.keep, c.copies, first_edition.get(c.name, "")) for c in CARDS.values()
    }


def test_every_card_its_owner_uses_has_a_row_among_the_card_inputs() -> None:
    documented = ", ".join(first_cells(section("Card inputs")))
    used = [name for name, effect in EFFECTS.items() if "offer" in effect.hooked]
    assert used  # Energy Drink, Stretchy, Rapid Healing...
    for card in used:
        assert card in documented, card
