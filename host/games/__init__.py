"""What the app knows of "a game": a small, game-neutral interface.

Each game is a rules package below this one. The app, the board link and the web page
talk to a game in play only through `Game` below: apply an input, ask what it waits for,
undo, what each seat's display shows, and its whole state. Everything else the table
needs of a game (its setup form, what the page offers, its buttons, and the optional
capabilities such as dice: which face set, how many dice, how a read throw becomes an
input) is its kind's (`host.games.kind`); docs/games.md tells how to add a game. Rules
packages are pure: no camera, serial port, clock, web or threads, so every game replays
exactly from its log of inputs.

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


class NeverEnds(RuntimeError):
    """A game of random players did not end within the random player's limit of inputs:
    a rule that loops, found by the property tests and the benches."""


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
    """The dice the camera should see for the next throw: the face set to read them with
    (vision's name: a shipped or taught set), the count per colour, who throws; and the
    roles read with a face set of their own (dice of another kind thrown with them)."""

    face_set: str
    # colour -> number of dice in play, e.g. {"black": 6, "green": 1}; a face set without
    # colours counts {"any": n}
    counts: Mapping[str, int]
    player: str
    # role -> the face set its dice are read with, for roles that are no colour of
    # `face_set` (e.g. {"d4": "my-d4-set"}): its dice count under that role in `counts`
    face_sets: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class CardExpectation:
    """The cards the camera should read for the next input: `what` is "discard" (the card
    `player` lays on the discard pile) or "hand" (the `count` cards `player` lays face up
    at a round's end), read with `card_set` (vision's name: the shipped or a taught set)."""

    card_set: str
    what: str
    player: str
    count: int = 1
    # the card on top of the discard pile now, (colour, value) as the camera reads them
    # (None: none, or no discard awaited): a camera that starts on a round under way (the
    # host restarted) takes it for the pile as it lies, not for a card laid
    top: tuple[str, str] | None = None
    # the cards lying face up when a hand is awaited (the discard pile's top card, the hands
    # laid down before it this round), (colour, value) each: a camera that starts while the
    # hand is awaited (the host restarted) takes as many cards alike for those, not the hand's
    lying: tuple[tuple[str, str], ...] = ()
    # the game's words for the colours and values the camera reads (id -> a `Text`, as
    # `Cards.names`): what is said of a card it cannot read names its likeliest by them
    # ("le plus probable : 9 jaune", not the set's ids "yellow 9"); not part of what is awaited
    names: tuple[tuple[str, str], ...] = field(default=(), compare=False)


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
    """One game in play: the interface every rules package offers the app."""

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

    def display(self) -> BoardDisplay: ...

    def to_json(self) -> dict[str, Any]:
        """The whole state for the page and for `dicetable replay`."""
        ...


def legal_now(game: Game, inp: Input) -> bool:
    """Whether the rules take `inp` now: tried, then undone (the game as it was either
    way): a random player picking among the inputs offered keeps the first it takes."""
    try:
        game.apply(inp)
    except IllegalInput:
        return False
    game.undo()
    return True
