"""A look at the table as a phone sees it (`/api/state`): what nothing acknowledged may
lose, and what differs between two looks."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from host.app.chaos.phones import Phone


@dataclass(frozen=True)
class Log:
    """A game's inputs as the page gets them: how many, and the last ones (each numbered
    from 1, as JSON): enough to tell one log from another as it grows or is undone, without
    the whole script at every look (a long game's every look would cost its length)."""

    count: int
    tail: tuple[tuple[int, str], ...]

    def __len__(self) -> int:
        return self.count

    @property
    def last(self) -> str | None:
        return self.tail[-1][1] if self.tail and self.tail[-1][0] == self.count else None

    def agrees(self, other: Log) -> bool:
        """The inputs both show, the same."""
        mine = dict(self.tail)
        return all(mine.get(n, i) == i for n, i in other.tail if n <= min(self.count, other.count))

    def grew(self, before: Log, by: int | None = None) -> bool:
        """`before` with inputs added (`by` of them, or any number)."""
        more = self.count - before.count
        return (more > 0 if by is None else more == by) and self.agrees(before)


@dataclass(frozen=True)
class Seen:
    """The game on the table as a phone sees it: what nothing acknowledged may lose."""

    game_id: int | None
    inputs: Log  # the inputs (undone ones left out)
    state: str  # the game's own JSON
    held: str | None  # the result held in the correction window
    paused: bool
    over: bool
    version: int
    redo: bool = False  # what was undone can be given back

    # what two looks are compared by (the version moves with any change, taken or not;
    # `over` follows from the state)
    KEPT: ClassVar[tuple[str, ...]] = ("game_id", "inputs", "state", "held", "paused", "redo")

    def same(self, other: Seen) -> bool:
        return all(getattr(self, name) == getattr(other, name) for name in self.KEPT)

    def differs(self, other: Seen) -> str:
        """What differs from `other` (a later look), in a few words."""
        out = []
        if self.inputs != other.inputs:
            out.append(f"inputs {len(self.inputs)} -> {len(other.inputs)}")
        for name in ("game_id", "held", "paused", "redo"):
            if getattr(self, name) != getattr(other, name):
                out.append(f"{name} {getattr(self, name)} -> {getattr(other, name)}")
        if self.state != other.state and self.inputs == other.inputs:
            out.append("the state, its inputs the same")
        return "; ".join(out)


def seen(phone: Phone) -> Seen:
    view = phone.get("/api/state")
    game = view["game"]
    if game is None:
        return Seen(None, Log(0, ()), "", None, False, False, int(view["version"]))
    window = game["window"]
    tail = tuple((int(e["n"]), json.dumps(e["input"], sort_keys=True)) for e in game["log"])
    return Seen(
        int(game["id"]),
        Log(int(game["inputs"]), tail),
        json.dumps(game["state"], sort_keys=True),
        None if window is None else json.dumps(window["input"], sort_keys=True),
        bool(game["paused"]),
        game["summary"] is not None,
        int(view["version"]),
        bool(game["redo"]),
    )
