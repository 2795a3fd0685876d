"""What the app knows of "a game": a small, game-neutral interface.

Each game is a rules package below this one (King of Tokyo: `host.games.kot`). The app,
the board link and the web page talk to a game only through `Game` below: apply an input,
ask what it waits for, what each seat's display shows, what dice the camera should expect,
and the state for the page. Rules packages are pure: no camera, serial port, clock, web or
threads, so every game replays exactly from its log of inputs.

Inputs are plain JSON-ready dicts with a "type" field (and usually "player"); each game
documents its own input types (King of Tokyo: docs/game-script.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

Input = Mapping[str, Any]


class IllegalInput(ValueError):
    """An input the rules do not allow now; the game's state is unchanged.

    Every game's own errors derive from this, so the app can refuse any of them alike.
    `says_awaited`: the message already says what the game waits for (else the app adds it).
    """

    says_awaited = False


@dataclass(frozen=True)
class Waiting:
    """What a game waits for: whose input, of which kind, and the legal options.

    `options` is JSON-ready and specific to `kind` (e.g. the cards one may buy).
    """

    player: str
    kind: str
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class DiceExpectation:
    """The dice the camera should see for the next throw: count per colour, face set."""

    face_set: str
    counts: Mapping[str, int]  # colour -> number of dice in play, e.g. {"black": 6}
    player: str


@dataclass(frozen=True)
class SeatDisplay:
    """One seat's display on the board: up to 4 characters (digits, '-', ' ', a few
    letters; a '.' after a character lights its decimal point) and its LED colour."""

    text: str
    led: tuple[int, int, int] = (0, 0, 0)
    blink: bool = False


@dataclass(frozen=True)
class BoardDisplay:
    """Everything the board shows: one entry per seat, plus the extra LEDs
    (King of Tokyo uses them for Tokyo City and Tokyo Bay)."""

    seats: Sequence[SeatDisplay]
    extra_leds: Sequence[tuple[int, int, int]] = ()


class Game(Protocol):
    """The interface every rules package offers the app."""

    @property
    def players(self) -> Sequence[str]: ...

    @property
    def log(self) -> Sequence[Input]:
        """The inputs applied so far, in order (the game is the fold of these)."""
        ...

    @property
    def game_over(self) -> bool: ...

    def waiting_for(self) -> Sequence[Waiting]:
        """Who may act now and how; empty once the game is over."""
        ...

    def apply(self, inp: Input) -> None:
        """Apply one input, or raise an IllegalInput subclass and change nothing."""
        ...

    def undo(self) -> Input:
        """Drop the last input (refold the rest); return the input dropped."""
        ...

    def expected_dice(self) -> DiceExpectation | None:
        """The dice the camera should see for the next throw, or None if no throw is due."""
        ...

    def throw_input(self, thrown: Sequence[str], kept: Sequence[str] = ()) -> Input:
        """The input for a throw the camera read: the faces of the dice just thrown and
        of the dice kept from the throw before (empty for a first throw)."""
        ...

    def display(self) -> BoardDisplay: ...

    def to_json(self) -> dict[str, Any]:
        """The whole state for the page and for `dicetable replay`."""
        ...
