"""Follow the throws of a turn in a stream of frames.

A throw settles when the dice read the same (same faces, each die within a few pixels of
where it was) for `settle_frames` frames in a row. Nothing is reported while anything
moves, and a settled reading is reported once. A reading that does not fit what the game
expects (a die unread or cocked, more or fewer dice than in play) becomes a `Misfit` for a
person to look at, never a throw.

Which dice were kept and which thrown again is told by comparing with the throw before in
the same turn: a die with the same face at the same place was kept.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from vision.reader import UNKNOWN, DiceReader, DieReading


@dataclass(frozen=True)
class ThrowSettled:
    """Throw number `throw` of the turn has settled: what every die shows now."""

    throw: int
    dice: tuple[DieReading, ...]
    thrown: tuple[int, ...]  # indices into dice: thrown this time
    kept: tuple[int, ...]  # indices into dice: kept from the throw before
    frame: int  # index of the frame that settled it
    t: float  # stream time of that frame, seconds

    def faces(self, which: Sequence[int]) -> list[str]:
        return [self.dice[i].face for i in which]


@dataclass(frozen=True)
class Misfit:
    """The dice are still but their reading does not fit; a person should look."""

    reason: str
    dice: tuple[DieReading, ...]
    frame: int
    t: float


Event = ThrowSettled | Misfit


def same_dice(a: Sequence[DieReading], b: Sequence[DieReading], tolerance: float) -> bool:
    """True if every die of `a` has a twin in `b`: same face, centre within `tolerance` px."""
    if len(a) != len(b):
        return False
    return len(matches(a, b, tolerance)) == len(a)


def matches(
    a: Sequence[DieReading], b: Sequence[DieReading], tolerance: float
) -> dict[int, int]:
    """Pairs i -> j of dice a[i], b[j] with the same face within `tolerance` px (greedy,
    closest first; each die used once)."""
    pairs = []
    for i, da in enumerate(a):
        for j, db in enumerate(b):
            if da.face != db.face:
                continue
            d = float(np.hypot(da.center[0] - db.center[0], da.center[1] - db.center[1]))
            if d <= tolerance:
                pairs.append((d, i, j))
    out: dict[int, int] = {}
    used: set[int] = set()
    for _, i, j in sorted(pairs):
        if i not in out and j not in used:
            out[i] = j
            used.add(j)
    return out


class ThrowFollower:
    """Feed frames in order; get events when throws settle.

    The app tells it what to expect (`expect`: dice per colour in play) and when a new
    turn starts (`new_turn`), since only the rules know that.
    """

    def __init__(
        self, reader: DiceReader, settle_frames: int = 3, tolerance: float = 4.0
    ) -> None:
        self.reader = reader
        self.settle_frames = settle_frames
        self.tolerance = tolerance
        self.expected: Mapping[str, int] | None = None
        self._previous: list[DieReading] = []
        self._still = 0
        self._reported: list[DieReading] | None = None  # the last still reading reported
        self._turn_dice: list[DieReading] = []  # the last throw settled in this turn
        self._throws = 0
        self._frames = 0

    def expect(self, counts: Mapping[str, int] | None) -> None:
        """The dice in play per colour (None: no throw is due)."""
        self.expected = dict(counts) if counts is not None else None

    def new_turn(self) -> None:
        """A new turn: the next throw is throw 1 and no die counts as kept."""
        self._turn_dice = []
        self._throws = 0

    def feed(self, frame: np.ndarray, t: float) -> list[Event]:
        index = self._frames
        self._frames += 1
        dice = self.reader.read(frame)
        if same_dice(dice, self._previous, self.tolerance):
            self._still += 1
        else:
            self._still = 1
        self._previous = dice
        if self._still != self.settle_frames or self.expected is None:
            return []
        if self._reported is not None and same_dice(dice, self._reported, self.tolerance):
            return []  # the same dice still lying there: already told
        self._reported = dice
        problem = self._misfit(dice)
        if problem:
            return [Misfit(problem, tuple(dice), index, t)]
        kept_pairs = matches(dice, self._turn_dice, self.tolerance) if self._throws else {}
        kept = tuple(sorted(kept_pairs))
        thrown = tuple(i for i in range(len(dice)) if i not in kept_pairs)
        if not thrown:
            return []  # nothing was thrown: the dice were only touched
        self._throws += 1
        self._turn_dice = dice
        return [ThrowSettled(self._throws, tuple(dice), thrown, kept, index, t)]

    def _misfit(self, dice: Sequence[DieReading]) -> str:
        unread = [d for d in dice if d.face == UNKNOWN or d.cocked]
        if unread:
            return f"{len(unread)} die(s) not read: " + "; ".join(d.reason for d in unread)
        assert self.expected is not None
        seen = Counter(d.color or "any" for d in dice)
        want = {c: n for c, n in self.expected.items() if n}
        if sum(seen.values()) != sum(want.values()):
            return f"{sum(seen.values())} dice seen, {sum(want.values())} in play"
        if all(d.color is not None for d in dice) and dict(seen) != want:
            return f"dice seen by colour {dict(seen)}, in play {want}"
        return ""
