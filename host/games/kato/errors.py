"""The errors of the KaTO rules: every one leaves the game unchanged.

All derive from `host.games.IllegalInput`, so the app refuses any of them alike; the
subclasses tell a malformed input from one that is merely not allowed now, and a card
that breaks the rules from a card the deck cannot hold (most likely a misread).
"""

from __future__ import annotations

from host.games import IllegalInput


class KatoIllegalInput(IllegalInput):
    """Base of KaTO's illegal inputs."""


class MalformedInput(KatoIllegalInput):
    """Not an input of this game: a missing or unknown field, an unknown type."""


class UnknownPlayer(MalformedInput):
    """The input names a player who is not at the table."""


class UnknownCard(MalformedInput):
    """A card this deck does not have (a colour or value it has no card of)."""


class NotYourTurn(KatoIllegalInput):
    """The right kind of input, from a player who may not give it now."""


class NotNow(KatoIllegalInput):
    """An input of a kind the game does not wait for at this moment."""


class NotPlayable(KatoIllegalInput):
    """A card the rules do not let the player lay on the top card now."""


class NoSuchCardLeft(KatoIllegalInput):
    """Every copy of the card is already face up (on the discard pile, or laid down at the
    round's end): it cannot be in a hand, so it was most likely misread."""


class WrongCount(KatoIllegalInput):
    """A hand laid down at the end of a round with more or fewer cards than it holds."""


class GameOver(KatoIllegalInput):
    """The game has ended; it takes no more inputs (undo still works)."""
