"""One deck under one camera: its cards are one size.

A find whose long and short sides are both far from the usual sides of the cards read
beside it (a die, a coaster, a phone: the finder finds a red die as a card 0.6 of the
cards' size each way, and the set may even read it as one) is no card of the deck. A card
half under another keeps one side a card's, so both sides must be off. The reader applies
it to the cards of one frame where at least 3 are read (a die read as a card is then one
of them at most: with fewer it may be the reference, and a card laid beside it the odd
one); the table's card watcher (host.app.card_camera) to the last cards it read (each
once) and those of the view: a camera moved closer is followed within a few cards.

    >>> card, die = sides(((0, 0), (100, 0), (100, 150), (0, 150))), (91.0, 55.0)
    >>> card, off(die, [card]), off((150.0, 60.0), [card]), off(die, []), off(die, [card], 3)
    ((150.0, 100.0), True, False, False, False)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (the table imports this without OpenCV, which the finder needs)
    from vision.cards.finder import Corners

# The cards read vary 0.88-1.22 of their frame's median on our rendered tables (seed 3101,
# 80 frames of train designs); this span is that widened by a quarter each way (the
# renderer draws cards of one frame at several sizes; the table's are one deck's): a find
# outside it, both ways, is none. Dice of the table photos: 0.4-0.6.
SPAN = (0.65, 1.5)

Sides = tuple[float, float]


def sides(corners: Corners) -> Sides:
    """A card's long and short sides (pixels), each the mean of the two opposite."""
    p = corners
    a = (math.dist(p[0], p[1]) + math.dist(p[2], p[3])) / 2
    b = (math.dist(p[1], p[2]) + math.dist(p[3], p[0])) / 2
    return max(a, b), min(a, b)


def off(found: Sides, cards: Sequence[Sides], least: int = 1) -> bool:
    """Whether a find of `found` sides is no card beside cards of `cards` sides (their
    median: a stray die read as a card among them does not move it). Fewer than `least`:
    nothing said."""
    if len(cards) < max(1, least):
        return False
    low, high = SPAN
    usual = (statistics.median(c[0] for c in cards), statistics.median(c[1] for c in cards))
    return all(not low <= side / u <= high for side, u in zip(found, usual, strict=True))
