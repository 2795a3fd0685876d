"""King of Tokyo's rules as numbers (rules reference, sections 1 and 2), and the rules that
are plain arithmetic on them.

Every other module of the package takes these from here; nothing here knows a game.
"""

from __future__ import annotations

import itertools
import random

FACES = ("1", "2", "3", "heart", "energy", "claw")
FACE_SET = frozenset(FACES)
NUMBERS = (("1", 1), ("2", 2), ("3", 3))  # face, VP for three of a kind
START_HP = 10
BIG_HP = 12  # max HP with Even Bigger (or Full Regeneration)
WIN_VP = 20  # also the top of the VP dial: VP never go above it
BLACK_DICE = 6
GREEN_DICE = 2  # the box's green dice: cards add at most these
THROWS = 3
CITY, BAY = "city", "bay"
BAY_MIN_ALIVE = 5  # Tokyo Bay is used only while more than 4 monsters are alive
POISON, SHRINK = "poison", "shrink"  # tokens a heart may remove outside Tokyo
HEAL_PRICE = 2  # energy per HP healed by another monster's Healing Ray
FACE_UP = 3  # cards on the market
SWEEP_COST = 2

# the phases of a turn (and of the game around it)
ROLLOFF, ROLL, RESOLVE, BUY, END, OVER = "rolloff", "roll", "resolve", "buy", "end", "over"


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
