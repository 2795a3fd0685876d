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

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from host.games import CardExpectation, DiceExpectation, Game, Input, Waiting
from host.games.text import Text, Words, _

# The input kinds of the throw protocol the app handles for dice games (those whose kind
# has `dice`): a "throw" is what the camera read (or a person entered), a "resolve"
# ({"type", "player"}) ends the throws and is held for the correction window, during
# which "correct" inputs ({"type", "player", "from", "to"}: faces) fix a misread die. In a
# game without dice these names mean nothing special.
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


class Dice(Protocol):
    """A dice game's throws at the table: what the camera should see, how a throw read
    (or entered by hand) becomes the game's input. A game whose kind has no `dice` is
    played without the camera's dice (its throws, if any, are entered as inputs).

    An optional member `sets` (read with `dice_sets`) names the face sets its dice are
    read with (vision's names: what people type after `--faces`), in the order it lists
    them, each with what players call those dice (a `Text` of the game's words, "King of
    Tokyo dice"): the page shows the table's dice sets by these titles. A set no game
    titles is shown by vision's title for it (vision.faceset.TITLES), else by its name
    (a set taught under a name of its own, as it was typed).

    An optional member `words` ({face: its word, a `Text`}) names in words the faces
    whose label is a sign (King of Tokyo's ♥, ⚡): the page's screen-reader names and
    tooltips say those (host.games.page.dice_faces)."""

    # every face its dice show, in the order the page lists them -> the face's label there
    faces: Mapping[str, str]

    def expected(self, game: Game) -> DiceExpectation | None:
        """The dice the camera should see for the next throw, or None if no throw is due."""
        ...

    def throw_input(self, game: Game, thrown: Sequence[str], kept: Sequence[str]) -> Input:
        """The input for a throw the camera read: the faces of the dice just thrown and
        of the dice kept from the throw before (empty for a first throw)."""
        ...

    def entered_throw(self, game: Game, faces: Sequence[str]) -> Input:
        """The input for dice entered by hand: the faces showing after the throw."""
        ...


@dataclass(frozen=True)
class NoCardInput:
    """Why the cards the camera read make no input, in words for the page."""

    reason: str


class Cards(Protocol):
    """A card game's cards at the table, as the camera reads them (an optional member
    `cards` of a kind: read with `cards_of`): what it should look for now, and how the
    cards it read become the game's input. A card is {"color", "value"}, as vision reads
    it and the rules take it (one name per fact: a card's `value`, never its `face`)."""

    # the card set the camera reads the game's cards with (vision's name: the shipped set,
    # or the one the table was taught of its own deck under that name)
    card_set: str

    def names(self) -> Mapping[str, str]:
        """The game's words for each colour and value vision says of its cards (a `Text`
        each, said in the page's language): the page names the cards it teaches with them."""
        ...

    def expected(self, game: Game) -> CardExpectation | None:
        """What the camera should read for the next input, or None (nothing to read)."""
        ...

    def card_input(
        self, game: Game, expected: CardExpectation, cards: Sequence[Mapping[str, str]]
    ) -> Input | NoCardInput:
        """The input for `cards` read as `expected` asked (the cards newly laid on the
        discard pile, or a whole hand), or why they make none (a wild card whose colour is
        not named yet). Cards entered on the page before the camera saw them are the
        table's to match (host.app.table), not the kind's."""
        ...


class Stage(Protocol):
    """A table served to a real browser, for the page's screen walk (host.app.screens):
    what a game's `Screens` story does to it, as the players would, from the server's side
    (the one exception, `refused`, is the page's own act)."""

    # the players' names, which no language translates (a story takes as many as it needs)
    players: Sequence[str]

    def new_game(self, setup: Mapping[str, Any]) -> None:
        """A new game of the story's own kind from `setup` (its script's fields)."""
        ...

    def answer(self, kind: str, **fields: Any) -> None:
        """Answer the first thing of `kind` the game waits for (its player's input)."""
        ...

    def answer_all(self, kind: str) -> None:
        """Answer every thing of `kind` the game waits for, one after another."""
        ...

    def throw(self, faces: Sequence[str]) -> None:
        """The dice the camera read (or a person entered) showing `faces`."""
        ...

    def refused(self, input: Input) -> None:
        """The page sends `input`, which the rules refuse (as a phone a step behind
        would): the refusal shows, in the page's language."""
        ...


@dataclass(frozen=True)
class Screens:
    """A game's main screens on the page (an optional member `screens` of a kind: read
    with `screens_of`): the page's screen walk (host.app.screens: the translations'
    screenshots, the English-left-behind and the phone-width tests) shows its setup form,
    then plays `play` on a table of its own and shows the page each time it yields a
    screen's name, as `names` lists them in order."""

    names: tuple[str, ...]  # unique among every game's (say each with the game's prefix)
    play: Callable[[Stage], Iterator[str]]
    proper_names: tuple[str, ...] = ()  # names it shows that no language translates


class GameKind(Protocol):
    """What the app needs from a game beyond the `Game` protocol.

    Optional members, looked up with getattr where they are used (docs/games.md):
    `catalog_order` (its place in the catalog, 0 by default) and
    `random_input(game, rng)` (a random legal input, for the tests' random play over
    every game; without it they tap the page's answers at random).
    """

    name: str  # e.g. "king-of-tokyo": stored with every game, names it in "new_game"
    title: str  # for people, e.g. "King of Tokyo"
    script_format: str  # the "format" of its game scripts, "<family>/<version>"
    # optional capabilities: None for a game without them (a card reader will be another)
    dice: Dice | None

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
        """Each player, in seating order, with their role (a character, a colour...; ""
        in a game whose players hold none): the list of games names the players by it,
        the statistics count wins per role and per player."""
        ...

    def turn(self, game: Game) -> tuple[str, int]:
        """Whose turn and its number: a change tells the camera a new turn began."""
        ...

    def winners(self, game: Game) -> list[str]: ...

    def catalog(self) -> dict[str, Any]:
        """What the page's forms offer (host.games.page): {"role": what a role is called,
        for the statistics; "setup": its new-game form; "pickup": its form for a game in
        progress, or None}."""
        ...

    def view(self, game: Game) -> dict[str, Any]:
        """The state for people, in the page's vocabulary (`host.games.page.view`)."""
        ...

    def answers(self, game: Game, waiting: Waiting) -> dict[str, Any]:
        """What the page offers for one thing the game waits for (host.games.page)."""
        ...

    def button_inputs(self, game: Game, player: str) -> list[Input]:
        """The inputs a press of `player`'s button stands for now (empty: none)."""
        ...


# Optional members a kind may have (read through the functions below, so a kind without
# them still plays): `cards`, a `Cards` (what the camera reads of a card game); `demo`, a
# game script shipped with the game that `dicetable demo` plays; `standings(game)`, its
# scores in a few lines for a terminal; `words`, its package's `host.games.text.Words`
# (its names translated where the app shows them outside the game's own view: roles in
# the list of games and the statistics); `story(before, after, input)`, what an input did
# in words for the page's feed, from the game's JSON state before and after it: {"said":
# the input, "did": [what changed], "key": [turning points]}; without a story,
# `inputs_said`, input type -> what it does in words ("ends the turn"), tells each input;
# `screens`, its main screens on the page (`Screens`), for the page's screen walk;
# `extra_leds`, what its display shows on the board's extra LEDs (`BoardDisplay.extra_leds`,
# in order), in its words: the virtual board says each by its name in the reader's language.


def role_name(kind: GameKind | None, role: str) -> str:
    """A role (a monster, a colour) as a `Text` of its game's words, to be said in the
    reader's language (as it is if the kind has no words)."""
    words: Words | None = getattr(kind, "words", None)
    return role if words is None else words.name(role)


def cards_of(kind: GameKind) -> Cards | None:
    """The kind's cards as the camera reads them, if it has any (the member `cards`)."""
    cards: Cards | None = getattr(kind, "cards", None)
    return cards


def dice_sets(kind: GameKind) -> Mapping[str, str]:
    """The face sets the kind's dice are read with -> what players call them (its dice's
    optional member `sets`); empty for a game without dice or whose dice title none."""
    sets: Mapping[str, str] = getattr(kind.dice, "sets", None) or {}
    return sets


def screens_of(kind: GameKind) -> Screens | None:
    """The kind's main screens on the page, if it has any (the member `screens`)."""
    screens: Screens | None = getattr(kind, "screens", None)
    return screens


def extra_leds_of(kind: GameKind | None) -> tuple[str, ...]:
    """What the kind's display shows on the board's extra LEDs, in order, each a `Text` of
    its words (the member `extra_leds`); empty for a game that lights none, or no game."""
    return tuple(getattr(kind, "extra_leds", ()))


def demo_of(kind: GameKind) -> Path | None:
    """The game script the kind ships for `dicetable demo`, if any."""
    demo = getattr(kind, "demo", None)
    return None if demo is None else Path(demo)


def standings(kind: GameKind, game: Game) -> list[str]:
    """The game's scores in a few lines for a terminal, as its kind tells them (else each
    player with their role, then who won once the game is over).

    >>> from types import SimpleNamespace as Kind
    >>> race = Kind(roles=lambda g: {"Ann": "red"}, winners=lambda g: ["Bob"])
    >>> standings(race, Kind(players=["Ann", "Bob"], game_over=True))
    ['Ann (red)', 'Bob', 'Winner: Bob']
    """
    told = getattr(kind, "standings", None)
    if told is not None:
        return list(told(game))
    roles = kind.roles(game)
    lines = [f"{p} ({roles[p]})" if roles.get(p) else p for p in game.players]
    if game.game_over:
        lines.append("Winner: " + (", ".join(kind.winners(game)) or "nobody"))
    return lines


def story_of(
    kind: GameKind,
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    inp: Input,
    steps: Sequence[tuple[Any, Mapping[str, Any]]] = (),
) -> dict[str, Any]:
    """What `inp` did, in words, as the kind tells it (else its player and kind). `steps`:
    where the game said what caused its changes (a game's `causes`: each cause, and the
    state where it ended), passed on to its story (`story(before, after, inp, steps)`).

    >>> from types import SimpleNamespace as Kind
    >>> story_of(Kind(), {}, {}, {"type": "end_turn", "player": "Ann"})["said"]
    'Ann: end turn'
    >>> ended = Kind(inputs_said={"end_turn": _("ends the turn")})
    >>> story_of(ended, {}, {}, {"type": "end_turn", "player": "Ann"})["said"]
    'Ann ends the turn'
    """
    told = getattr(kind, "story", None)
    if told is not None:
        return dict(told(before, after, inp, steps) if steps else told(before, after, inp))
    kind_said: Mapping[str, Text] = getattr(kind, "inputs_said", {})
    what, who = kind_said.get(str(inp.get("type"))), inp.get("player")
    if what is not None:  # the game's words for what its input does
        said = _("{player} {what}", player=str(who), what=what) if who else what
    else:  # its type, as the game script writes it
        what = _("{type}", type=str(inp.get("type", "")).replace("_", " "))
        said = _("{player}: {what}", player=str(who), what=what) if who else what
    return {"said": said, "did": [], "key": []}
