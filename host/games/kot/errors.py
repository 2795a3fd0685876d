"""The errors of the King of Tokyo rules: every one leaves the game unchanged.

All derive from `host.games.IllegalInput`, so the app refuses any of them alike; the
subclasses let a caller tell a malformed input from one that is merely not allowed now.
"""

from __future__ import annotations

from host.games import IllegalInput


class KotIllegalInput(IllegalInput):
    """Base of King of Tokyo's illegal inputs."""


class MalformedInput(KotIllegalInput):
    """Not an input of this game: missing or unknown field, unknown type or die face."""


class UnknownPlayer(MalformedInput):
    """The input names a player who is not at the table."""


class UnknownCardInput(MalformedInput):
    """The input names a card that is not in the box."""


class NotYourTurn(KotIllegalInput):
    """The right kind of input, from a player who may not give it now."""


class NotNow(KotIllegalInput):
    """An input of a kind the game does not wait for at this moment."""


class RuleViolation(KotIllegalInput):
    """Expected now, but against the rules: a 4th throw, buying without the energy..."""


class GameOver(KotIllegalInput):
    """The game has ended; it takes no more inputs (undo still works)."""


class InstantWin(Exception):  # not an error: the game's end, on the spot
    """A monster won on the spot with the option `instant_win_now` (policy 1): what was
    being done stops there, and the engine ends the game (not an illegal input: the
    input that led to it is taken)."""
