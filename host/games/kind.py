"""What the table needs of a game beyond `host.games.Game`: its kind.

A `Game` is one game in play (its state and log). A `GameKind` is the game itself, as the
table app, the page and `dicetable replay` know it: how to start one from a setup (the
game script without its inputs), replay and save one, which role each player holds (for
the statistics), what the page may offer for each thing the game waits for, what a
player's button means. Each rules package offers one `GameKind`, found by the registry
(`host.games.registry`); see docs/games.md for how to add a game.

Plain data only: no camera, serial port, clock or web here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from host.games import Game, Input, Waiting

# The input kinds of the throw protocol the app handles for dice games: a "throw" is what
# the camera read (or a person entered), a "resolve" ends the throws and is held for the
# correction window, during which "correct" inputs fix a misread die.
THROW = "throw"
RESOLVE = "resolve"
CORRECT = "correct"

# called with (None, None, game) for the setup's state, then (index, input, game) after
# every input of a script replayed
Trace = Callable[[int | None, Input | None, Game], None]


class GameFileError(ValueError):
    """A setup or game script that cannot be started or replayed; one-line message."""


class ReplayStopped(GameFileError):
    """A script stopped at an input the rules refuse, or an unmet expectation: the message
    names the input; `game` is the game reached before it."""

    def __init__(self, message: str, game: Game) -> None:
        super().__init__(message)
        self.game = game


class GameKind(Protocol):
    """What the app needs from a game beyond the `Game` protocol."""

    name: str  # e.g. "king-of-tokyo": stored with every game, names it in "new_game"
    title: str  # for people, e.g. "King of Tokyo"
    script_format: str  # the "format" of its game scripts, "<family>/<version>"

    def new(self, setup: Mapping[str, Any]) -> Game:
        """A game at its setup (a script's fields without "inputs"), before any input;
        GameFileError naming the field at fault."""
        ...

    def load(self, script: Mapping[str, Any], trace: Trace | None = None) -> Game:
        """A game script replayed (every input checked, and its expectations if the format
        has them), calling `trace` along the way; ReplayStopped at the input at fault,
        GameFileError for a script that does not even start."""
        ...

    def setup_of(self, script: Mapping[str, Any]) -> dict[str, Any]:
        """The setup part of a script (its fields without "format", "inputs", "expect"),
        normalised so that a stored setup reads back the same."""
        ...

    def export(self, setup: Mapping[str, Any], inputs: Sequence[Input]) -> dict[str, Any]:
        """The game script of a setup and its inputs (the save format)."""
        ...

    def roles(self, game: Game) -> dict[str, str]:
        """Each player's role (a character, a colour...), for the statistics."""
        ...

    def turn(self, game: Game) -> tuple[str, int]:
        """Whose turn and its number: a change tells the camera a new turn began."""
        ...

    def winners(self, game: Game) -> list[str]: ...

    def catalog(self) -> dict[str, Any]:
        """What the page's setup form offers: roles, options..."""
        ...

    def answers(self, game: Game, waiting: Waiting) -> dict[str, Any]:
        """What the page offers for one thing the game waits for (host.games.page)."""
        ...

    def button_inputs(self, game: Game, player: str) -> list[Input]:
        """The inputs a press of `player`'s button stands for now (empty: none)."""
        ...

    def manual_throw(self, game: Game, faces: Sequence[str]) -> Input:
        """The throw input for dice entered by hand: the faces showing after the throw."""
        ...
