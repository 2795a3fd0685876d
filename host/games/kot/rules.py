"""King of Tokyo's rules as numbers (rules reference, sections 1 and 2), and the rules that
are plain arithmetic on them.

Every other module of the package takes these from here; nothing here knows a game.
"""

from __future__ import annotations

import itertools
import random
from typing import Final

# Final: the compiled engine inlines these instead of looking each up in this module
FACES: Final = ("1", "2", "3", "heart", "energy", "claw")
FACE_SET: Final = frozenset(FACES)
NUMBERS: Final = (("1", 1), ("2", 2), ("3", 3))  # face, VP for three of a kind
START_HP: Final = 10
BIG_HP: Final = 12  # max HP with Even Bigger (or Full Regeneration)
WIN_VP: Final = 20  # also the top of the VP dial: VP never go above it
BLACK_DICE: Final = 6
GREEN_DICE: Final = 2  # the box's green dice: cards add at most these
THROWS: Final = 3
CITY: Final = "city"
BAY: Final = "bay"
BAY_MIN_ALIVE: Final = 5  # Tokyo Bay is used only while more than 4 monsters are alive
# tokens a heart may remove outside Tokyo
POISON: Final = "poison"
SHRINK: Final = "shrink"
HEAL_PRICE: Final = 2  # energy per HP healed by another monster's Healing Ray
FACE_UP: Final = 3  # cards on the market
SWEEP_COST: Final = 2

# the phases of a turn (and of the game around it)
ROLLOFF: Final = "rolloff"
ROLL: Final = "roll"
RESOLVE: Final = "resolve"
BUY: Final = "buy"
END: Final = "end"
OVER: Final = "over"


def fewer_dice(black: int, green: int, fewer: int) -> tuple[int, int]:
    """Remove `fewer` dice, black ones first, never below 1 die (policy 29).

    >>> fewer_dice(6, 1, 2), fewer_dice(6, 2, 9)
    ((4, 1), (1, 0))
    """
    total = max(1, black + green - fewer)
    green = min(green, total - 1)  # at least one black die stays
    return total - green, green


# every combination of 3 dice: a random number below 6 ** 6 gives 6 faces at once
FACE_TRIPLES = list(itertools.product(FACES, repeat=3))


def random_faces(rng: random.Random, n: int) -> list[str]:
    """n dice thrown at random (for the random player and simulations): one random number
    per 6 dice (rng.random is the cheap call)."""
    faces: list[str] = []
    while len(faces) < n:
        x = int(rng.random() * 46656)  # 6 ** 6: two triples
        faces += FACE_TRIPLES[x // 216] + FACE_TRIPLES[x % 216]
    return faces[:n]
