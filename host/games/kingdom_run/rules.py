"""Kingdom Run's numbers and names, from the rules reference (../shared/rules/kingdom-run.md).

One place for each: the engine, the view, the random player and the docs' tests read them.
"""

from __future__ import annotations

# the six faces of each of the 4 dice; "equal" does the action of another die of the throw
BOOTS, HOOK, DROP, PURSE, FLASK, EQUAL = "boots", "hook", "drop", "purse", "flask", "equal"
FACES = (BOOTS, HOOK, DROP, PURSE, FLASK, EQUAL)
ACTIONS = (BOOTS, HOOK, DROP, PURSE, FLASK)  # what a die can do (equal copies one of these)
FACE_SET = "kingdom-run"  # the camera's face set for these dice
DICE_COLOUR = "white"  # the 4 dice are alike: one colour in the camera's expectation
DICE = 4
THROWS = 2  # the first throw, and one more of any of the dice
TWICE = 2  # the same action at most this many times a turn
RUNNERS = 4  # per player, one per start space at the start
SPACE_LIMIT = 4  # runners on one space at most
TOKENS_IN_BOX = 12  # victory tokens
MIN_PLAYERS, MAX_PLAYERS = 2, 4
