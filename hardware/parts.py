"""The parts list (hardware/parts.json): what to buy, how many, and the currents the power
budget is computed from."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

PARTS_JSON = Path(__file__).with_name("parts.json")


def load(path: Path = PARTS_JSON) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def part(data: dict[str, Any], part_id: str) -> dict[str, Any]:
    for item in data["parts"]:
        if item["id"] == part_id:
            found: dict[str, Any] = item
            return found
    raise KeyError(f"no part {part_id!r} in the parts list")


def table(data: dict[str, Any]) -> str:
    """The parts list as a Markdown table."""
    lines = ["| qty | part | why |", "|---:|---|---|"]
    lines += [f"| {p['qty']} | {p['name']} | {p['why']} |" for p in data["parts"]]
    return "\n".join(lines)
