"""The chaos soak's figures: actions by kind, restarts, games ended, legal inputs refused
(and why), defects."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Tally:
    actions: Counter[str] = field(default_factory=Counter)
    restarts: int = 0
    games: list[str] = field(default_factory=list)  # each game ended: its kind
    setups: list[dict[str, Any]] = field(default_factory=list)  # each game's, as taken
    refused: Counter[str] = field(default_factory=Counter)  # legal inputs refused: why
    defects: list[str] = field(default_factory=list)

    def defect(self, what: str) -> None:
        if what not in self.defects:
            self.defects.append(what)
            print(f"DEFECT: {what}", flush=True)

    def lines(self) -> list[str]:
        total = sum(self.actions.values())
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.actions.items()))
        return [
            f"actions: {total} ({kinds})",
            f"restarts after kill -9: {self.restarts}",
            f"games ended: {len(self.games)} ({', '.join(self.games)})",
            f"legal inputs the table refused: {sum(self.refused.values())}",
            *(f"  {n} x {why}" for why, n in self.refused.most_common(8)),
            f"defects: {len(self.defects)}",
            *(f"  - {d}" for d in self.defects),
        ]
