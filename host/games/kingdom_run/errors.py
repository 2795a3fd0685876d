"""The errors of the Kingdom Run rules: an illegal input leaves the game unchanged.

All inputs' errors derive from `host.games.IllegalInput`, so the app refuses any of them
alike; the subclasses tell a malformed input from one that is merely not allowed now.
"""

from __future__ import annotations

from host.games import IllegalInput


class SetupError(ValueError):
    """A setup (players, course, options, position) no game can start from; one line."""


class KingdomRunIllegalInput(IllegalInput):
    """Base of Kingdom Run's illegal inputs."""


class MalformedInput(KingdomRunIllegalInput):
    """Not an input of this game: missing or unknown field, unknown type, face or space."""


class UnknownPlayer(MalformedInput):
    """The input names a player who is not at the table."""


class NotYourTurn(KingdomRunIllegalInput):
    """An input from a player other than the one whose turn it is."""


class NotNow(KingdomRunIllegalInput):
    """An input of a kind the game does not take at this moment (a third throw...)."""


class RuleViolation(KingdomRunIllegalInput):
    """Taken now, but against the rules: a third boots, a sleeping runner moved..."""


class GameOver(KingdomRunIllegalInput):
    """All 8 finish places are filled; the game takes no more inputs (undo still works)."""
