"""A view of cards lying still, and a card lying where another lay: what the camera's cards
(host.app.card_camera) and the page's card teaching (vision.cards.flow) both wait for.

A view settles when the same view is found on SETTLE frames in a row (a hand laying a
card is not a card laid). What a view is, is the caller's: the cards' places (`place`),
with their kinds or without.

    >>> still = Still()
    >>> [still.see(view) for view in ("a", "a", "b", "b", "b", "b")]
    [False, False, False, False, True, False]
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Protocol

SETTLE = 3  # frames in a row finding the same cards: the view lies still
SAME_PLACE = 0.25  # of a card's long side: a card this close, turned alike, lies where it lay
SAME_TURN = 12.0  # degrees


class Placed(Protocol):
    """Where a card lies (vision.cards.reader.CardReading has it)."""

    @property
    def center(self) -> tuple[float, float]: ...

    @property
    def angle(self) -> float: ...

    @property
    def corners(self) -> Sequence[Sequence[float]]: ...


class Still:
    """Follows the views of frames fed one by one: `see` says when one settles."""

    def __init__(self) -> None:
        self.view: Hashable = None  # the view of the last frames
        self.streak = 0  # how many frames in a row found it
        self.since = 0.0  # when it was first found (the stream's time)

    def see(self, view: Hashable, t: float = 0.0) -> bool:
        """One frame's view (`t`: its time): True on the frame it comes to lie still."""
        if view != self.view:
            self.view, self.streak, self.since = view, 0, t
        self.streak += 1
        return self.streak == SETTLE

    @property
    def lying(self) -> bool:
        """The view settled on a frame before this one, and lies there still."""
        return self.streak > SETTLE

    def anew(self) -> None:
        """Look at the view anew: the next frame's view settles on its own frames."""
        self.view, self.streak = None, 0


def place(c: Placed) -> tuple[int, int, int]:
    """Where a card lies, roughly (a card moved makes a new view)."""
    return (round(c.center[0] / 16), round(c.center[1] / 16), round(c.angle / 10))


def same_place(a: Placed, b: Placed) -> bool:
    """`a` lies where `b` lay: about the same place and turn."""
    side = math.dist(b.corners[1], b.corners[2])
    turn = abs(a.angle - b.angle) % 180
    return math.dist(a.center, b.center) <= SAME_PLACE * side and min(turn, 180 - turn) <= SAME_TURN
