"""A KaTO game's setup: who plays, the target, the house rules, the deck and its values.

Everything the table agrees before the first card is dealt (seed, sections 3, 8 and 9):
the players in seating order (the next player is on the left), who plays first, the
target (a number of points, or of rounds), the house rules, what the deck holds and what
each card is worth at the end of a round. A game can also start at the beginning of a
later round (`Position`: the round's number and the scores so far).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from host.games.kato.cards import (
    ACTIONS,
    BLACK,
    COLORS,
    CONE,
    CONES_WITH_THE_RULE,
    DEFAULT_VALUES,
    EACH_COLOR,
    NUMBERS,
    VALUES,
    WILD_CARDS,
    WILDS,
    Deck,
    composition,
)
from host.games.kato.text import _
from host.games.text import OneOf, Quoted

MIN_PLAYERS, MAX_PLAYERS = 2, 10
HAND_SIZE = 7  # cards dealt to each player (fewer is a house rule)
POINTS, ROUNDS = "points", "rounds"
DEFAULT_TARGET = 500  # points: the seed leaves the number to the table
# the most a target may be (the rules leave it to the table: any from 1 to these): a
# score the board's five digits show, rounds a table could play in a night and more
MOST_TARGET = {"points": 99999, "rounds": 99}
CONE_EFFECTS = ("reverse", "cancel", "plus10")  # the traffic cone's effect, the table's pick


class SetupError(ValueError):
    """A setup the rules cannot start; the message is one line naming the field."""


@dataclass(frozen=True)
class Target:
    """What ends the game: the first to reach `amount` points, or `amount` rounds played
    (then the highest score wins)."""

    kind: str = POINTS
    amount: int = DEFAULT_TARGET


@dataclass(frozen=True)
class Options:
    """The house rules of the seed's section 9 (all off by default).

    - hand_size: cards dealt to each player (the seed's 7, or fewer);
    - cone: the traffic-cone wild card is in the deck, with the effect the table picks:
      "reverse" (the direction changes), "cancel" (it cancels the cards a player must
      draw) or "plus10" (the next player draws 10);
    - several: several number cards of one value may be laid at once;
    - play_drawn: after drawing a card (not a penalty), the player may still play.
    """

    hand_size: int = HAND_SIZE
    cone: str | None = None
    several: bool = False
    play_drawn: bool = False


@dataclass(frozen=True)
class DeckSpec:
    """What the deck holds: `each_color` copies of each kind in each colour, `wild` copies
    of each wild kind (None: 4 wild, 4 wild draw four, and a cone with the cone rule)."""

    colors: tuple[str, ...] = COLORS
    each_color: Mapping[str, int] = field(default_factory=lambda: dict(EACH_COLOR))
    wild: Mapping[str, int] | None = None

    def wild_counts(self, options: Options) -> dict[str, int]:
        if self.wild is not None:
            return {**dict.fromkeys(WILDS, 0), **self.wild}
        return {**WILD_CARDS, CONE: CONES_WITH_THE_RULE if options.cone else 0}


@dataclass(frozen=True)
class Position:
    """Start at the beginning of round `round` with these scores (0 for players not named);
    the setup's `first_player` plays first in it."""

    round: int = 1
    scores: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    target: Target = Target()
    first_player: str | None = None  # None: the first seat
    options: Options = Options()
    values: Mapping[str, int] = field(default_factory=dict)  # changes to DEFAULT_VALUES
    deck: DeckSpec = DeckSpec()
    position: Position | None = None

    @classmethod
    def simple(cls, *players: str, **fields: object) -> Setup:
        """A setup from player names and any of the other fields, for tests and benches."""
        return cls(tuple(players), **fields)  # type: ignore[arg-type]

    def cards(self) -> Deck:
        return composition(
            self.deck.colors, self.deck.each_color, self.deck.wild_counts(self.options)
        )

    def card_values(self) -> dict[str, int]:
        return {**DEFAULT_VALUES, **self.values}

    @property
    def first(self) -> str:
        return self.players[0] if self.first_player is None else self.first_player


def check_setup(setup: Setup) -> None:
    """SetupError naming the first thing wrong with the setup."""
    players = setup.players
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise SetupError(
            _(
                "players: {least} to {most} players, not {n}",
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                n=len(players),
            )
        )
    for i, name in enumerate(players):
        if not name.strip():
            raise SetupError(_("{at}: a player needs a name", at=f"players[{i}].name"))
        if name in players[:i]:
            raise SetupError(
                _(
                    "{at}: {name} is already at the table",
                    at=f"players[{i}].name",
                    name=Quoted(name),
                )
            )
    if setup.first_player is not None and setup.first_player not in players:
        raise SetupError(
            _(
                "{at}: {name} is not at the table",
                at="first_player",
                name=Quoted(setup.first_player),
            )
        )
    target = setup.target
    if target.kind not in (POINTS, ROUNDS):
        raise SetupError(_('target: "points" or "rounds", not {value}', value=Quoted(target.kind)))
    if target.amount < 1:
        raise SetupError(
            _("{at}: at least 1, not {n}", at=f"target.{target.kind}", n=target.amount)
        )
    if target.amount > MOST_TARGET[target.kind]:
        raise SetupError(
            _(
                "{at}: at most {most}, not {n}",
                at=f"target.{target.kind}",
                most=MOST_TARGET[target.kind],
                n=target.amount,
            )
        )
    _check_options(setup.options)
    _check_deck(setup)
    for value, points in setup.values.items():
        if value not in VALUES:
            raise SetupError(
                _(
                    "values: unknown card value {name} (values: {values})",
                    name=Quoted(value),
                    values=list(VALUES),
                )
            )
        if points < 0:
            raise SetupError(
                _(
                    "{at}: a card is worth 0 points or more, not {n}",
                    at=f"values.{value}",
                    n=points,
                )
            )
    if setup.position is not None:
        _check_position(setup)


def _check_options(options: Options) -> None:
    if not 1 <= options.hand_size <= HAND_SIZE:
        raise SetupError(
            _(
                "options.hand_size: 1 to {most} cards dealt, not {n}",
                most=HAND_SIZE,
                n=options.hand_size,
            )
        )
    if options.cone is not None and options.cone not in CONE_EFFECTS:
        raise SetupError(
            _(
                "options.cone: the cone's effect is one of {effects} (or null: no cone), "
                "not {value}",
                effects=OneOf(CONE_EFFECTS),
                value=Quoted(options.cone),
            )
        )


def _check_deck(setup: Setup) -> None:
    spec = setup.deck
    if not spec.colors:
        raise SetupError(_("deck.colors: at least one colour"))
    for i, color in enumerate(spec.colors):
        if not color or color == BLACK or color in spec.colors[:i]:
            raise SetupError(
                _(
                    "{at}: {value} is empty, repeated or black (the wild cards')",
                    at=f"deck.colors[{i}]",
                    value=Quoted(color),
                )
            )
    _check_counts(spec.each_color, NUMBERS + ACTIONS, "deck.each_color")
    wild = spec.wild_counts(setup.options)
    _check_counts(wild, WILDS, "deck.wild")
    if wild[CONE] and setup.options.cone is None:
        raise SetupError(_("deck.wild.cone: the deck has cones but options.cone names no effect"))
    needed = len(setup.players) * setup.options.hand_size + 1
    held = sum(setup.cards().values())
    if held < needed:
        raise SetupError(
            _(
                "deck: {n, plural, one {# card} other {# cards}} cannot deal {hand} to each of "
                "{players} players and turn one up ({needed} needed)",
                n=held,
                hand=setup.options.hand_size,
                players=len(setup.players),
                needed=needed,
            )
        )


def _check_counts(counts: Mapping[str, int], kinds: Sequence[str], where: str) -> None:
    for value, n in counts.items():
        if value not in kinds:
            raise SetupError(
                _(
                    "{at}: unknown kind {name} (kinds: {kinds})",
                    at=where,
                    name=Quoted(value),
                    kinds=list(kinds),
                )
            )
        if n < 0:
            raise SetupError(_("{at}: 0 copies or more, not {n}", at=f"{where}.{value}", n=n))


def _check_position(setup: Setup) -> None:
    """A position the game could have reached: scores of players at the table, 0 or more,
    no more players with points than rounds played (each round scores for its winner
    alone), and the game not over yet (a score at the target, the rounds agreed played)."""
    position = setup.position
    assert position is not None
    if position.round < 1:
        raise SetupError(_("position.round: 1 or more, not {n}", n=position.round))
    for name, score in position.scores.items():
        if name not in setup.players:
            raise SetupError(
                _("{at}: {name} is not at the table", at="position.scores", name=Quoted(name))
            )
        if score < 0:
            raise SetupError(
                _(
                    "{at}: a score is 0 points or more, not {n}",
                    at=f"position.scores.{name}",
                    n=score,
                )
            )
    scored = [name for name, score in position.scores.items() if score > 0]
    played = position.round - 1
    if scored and not played:
        raise SetupError(
            _(
                "{at}: nobody has points before the first round is played, not {n}",
                at=f"position.scores.{scored[0]}",
                n=position.scores[scored[0]],
            )
        )
    if len(scored) > played:
        raise SetupError(
            _(
                "position.scores: {n, plural, one {# player has} other {# players have}} "
                "points after {rounds, plural, one {# round} other {# rounds}}: each round "
                "scores for its winner alone",
                n=len(scored),
                rounds=played,
            )
        )
    target = setup.target
    if target.kind == POINTS:
        for name, score in position.scores.items():
            if score >= target.amount:
                raise SetupError(
                    _(
                        "{at}: {player}'s {n} points reach the target ({target}): the game "
                        "would be over",
                        at=f"position.scores.{name}",
                        player=name,
                        n=score,
                        target=target.amount,
                    )
                )
    scores = [*sorted(position.scores.values(), reverse=True), 0, 0]
    if target.kind == ROUNDS and position.round > target.amount and scores[0] != scores[1]:
        raise SetupError(
            _(
                "position.round: after {n, plural, one {# round} other {# rounds}} the game "
                "goes on only while the highest score is tied",
                n=target.amount,
            )
        )
