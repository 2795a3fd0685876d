"""docs/kingdom-run-script.md says what the code does: every input type and its fields,
every kind waited for, option, course and position field and state field is documented;
docs/kingdom-run.md's presets and default place values are the code's."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from host.games.kingdom_run import PRESETS, KingdomRun, Options, Position, Setup
from host.games.kingdom_run.course import DEFAULT_PLACES
from host.games.kingdom_run.engine import INPUT_FIELDS
from host.games.kingdom_run.setup import COLOURS

DOCS = Path(__file__).resolve().parents[3] / "docs"
DOC = (DOCS / "kingdom-run-script.md").read_text()
RULES = (DOCS / "kingdom-run.md").read_text()


def section(title: str) -> str:
    """The text of the doc's section (## or ###) with this title, up to the next one."""
    start = DOC.index(f"# {title}\n")
    rest = DOC[start + len(title) + 2 :]
    end = re.search(r"^##+ ", rest, re.MULTILINE)
    return rest[: end.start()] if end else rest


def first_cells(text: str) -> list[str]:
    return [c.strip("`") for c in re.findall(r"^\| ([^|]+?) \|", text, re.MULTILINE)]


def test_every_input_type_its_fields_and_every_waiting_kind_are_documented() -> None:
    assert set(first_cells(section("Inputs"))) >= set(INPUT_FIELDS)
    assert set(first_cells(section("What the game waits for"))) >= set(INPUT_FIELDS)
    for kind, fields in INPUT_FIELDS.items():
        row = next(line for line in DOC.splitlines() if line.startswith(f"| `{kind}` |"))
        for name in fields - {"type", "player"}:
            assert f"`{name}`" in row, (kind, name)


def test_every_option_course_and_position_field_and_state_field_is_documented() -> None:
    for option in (f.name for f in dataclasses.fields(Options)):
        assert f"`{option}`" in section("Top-level fields"), option
    assert set(first_cells(section("`course`: the board parts as laid"))) >= {
        "preset",
        "parts",
        "finish_places",
        "name",
    }
    position = first_cells(section("`position`: starting from a given position"))
    assert set(position) >= {f.name for f in dataclasses.fields(Position)}
    state = KingdomRun(Setup.simple("Ann", "Bob")).to_json()
    example = section("The state (`game.to_json()`)")
    for key in (*state, *state["players"][0], *state["course"]):
        assert f'"{key}"' in example, key
    for colour in COLOURS:
        assert f"`{colour}`" in section("Top-level fields"), colour


def test_the_rules_doc_gives_the_presets_and_the_default_place_values() -> None:
    for name, course in PRESETS.items():
        said = f"`{name}` ({len(course.parts)} parts, {course.length} spaces,"
        assert said in " ".join(RULES.split()), name
        lakes = re.search(rf"`{name}` \([^)]*?(\d+) lakes", " ".join(RULES.split()))
        assert lakes is not None and int(lakes.group(1)) == len(course.lake_spaces), name
    assert ", ".join(map(str, DEFAULT_PLACES)) in RULES
