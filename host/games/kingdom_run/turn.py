"""One player's turn: the throws, the dice left to use, the actions done.

A turn goes: throw the 4 dice; maybe throw any of them once more; then use the dice, one
action per die, in any order, each action at most twice; the turn ends when every die is
used or the player ends it. An `equal` die does the action of another die of the throw;
a die showing the action itself is always used first (it can do nothing else, so the
equal die stays free for another action: policy 6 of docs/kingdom-run.md).

>>> turn = Turn(seat=0, number=1)
>>> turn.show(["equal", "boots", "purse", "equal"])
>>> turn.dice, turn.times_left("boots"), turn.times_left("hook")  # no die shows a hook
(['boots', 'purse', 'equal', 'equal'], 2, 0)
>>> turn.spend("boots"); turn.spend("boots"); turn.left
['purse', 'equal']
"""

from __future__ import annotations

from collections.abc import Iterable

from host.games.kingdom_run.rules import ACTIONS, EQUAL, FACES, THROWS, TWICE

THROW, ACT, OVER = "throw", "act", "over"  # phases: before the first throw, after it, the end


class Turn:
    __slots__ = ("dice", "done", "left", "number", "phase", "seat", "throws")

    def __init__(self, seat: int, number: int) -> None:
        self.seat = seat  # whose turn
        self.number = number  # counted across all players, from 1
        self.phase = THROW
        self.dice: list[str] = []  # what the 4 dice show (after any correction), in FACES order
        self.left: list[str] = []  # the faces of the dice not used yet, in FACES order
        self.throws = 0
        self.done = dict.fromkeys(ACTIONS, 0)  # action -> times done this turn

    @property
    def acted(self) -> bool:
        """An action was done: the throws are over."""
        return any(self.done.values())

    def may_throw(self) -> bool:
        return self.phase == THROW or (
            self.phase == ACT and self.throws < THROWS and not self.acted
        )

    def show(self, faces: Iterable[str]) -> None:
        """The dice after a throw: all of them still to use."""
        self.dice = sorted(faces, key=FACES.index)
        self.left = list(self.dice)
        self.throws += 1
        self.phase = ACT

    def fix(self, old: str, new: str) -> None:
        """A misread die not used yet shows `new`, not `old`."""
        for faces in (self.left, self.dice):
            faces.remove(old)
            faces.append(new)
            faces.sort(key=FACES.index)

    def times_left(self, action: str) -> int:
        """How many more times `action` may be done this turn: the limit, and the dice
        left that can do it (its own, or an equal die while another die shows it)."""
        if self.phase != ACT:
            return 0
        dice = self.left.count(action)
        if action in self.dice:
            dice += self.left.count(EQUAL)
        return min(TWICE - self.done[action], dice)

    def spend(self, action: str) -> None:
        """Use a die for `action`: one showing it, else an equal die."""
        self.left.remove(action if action in self.left else EQUAL)
        self.done[action] += 1
