"""What a game starts from: the seats, the course, the options, and maybe a position.

A `Setup` is plain, frozen data; `KingdomRun(setup)` builds the state from it. A
`Position` starts the game at the beginning of someone's turn with the runners, finish
places and victory tokens as given, so a scenario starts where it matters and a table can
pick up a race already under way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from host.games import refusals
from host.games.kingdom_run.course import (
    DEFAULT_PRESET,
    FINISH_PLACES,
    PRESETS,
    Course,
    check_course,
)
from host.games.kingdom_run.errors import SetupError
from host.games.kingdom_run.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    RUNNERS,
    SPACE_LIMIT,
    TOKENS_IN_BOX,
)
from host.games.kingdom_run.text import _
from host.games.text import Quoted

# the runners' colours (one per player) and the LED colour that stands for each
COLOURS: dict[str, tuple[int, int, int]] = {
    "red": (255, 0, 0),
    "blue": (0, 64, 255),
    "yellow": (255, 160, 0),
    "green": (0, 255, 0),
    "purple": (160, 0, 255),
    "orange": (255, 64, 0),
    "white": (255, 255, 255),
    "pink": (255, 64, 128),
}
DEFAULT_COLOURS = ("red", "blue", "yellow", "green")  # by seat, when none is given
TOKEN_VALUE = 2  # points per victory token: the purse's face reads "2 points de victoire"


@dataclass(frozen=True)
class Seat:
    name: str  # the player's name, unique at the table
    colour: str  # their runners' colour, one of COLOURS


@dataclass(frozen=True)
class Options:
    # victory tokens each player starts with; None: the box's 12 shared out evenly
    tokens_each: int | None = None
    token_value: int = TOKEN_VALUE  # points per victory token at the end


@dataclass(frozen=True)
class Position:
    """The table at the start of `active_player`'s turn.

    `runners`: per player, the spaces of their runners on the course (a space once per
    runner); a player not listed has the runners that are not in `finish` on the start
    spaces. `asleep`: per player, the spaces where one of those runners sleeps (once per
    sleeping runner). `finish`: who holds each filled finish place, highest first.
    `tokens`: victory tokens per player (not listed: `Options.tokens_each`'s share).
    """

    active_player: str
    turn: int = 1
    runners: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    asleep: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    finish: tuple[str, ...] = ()
    tokens: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Setup:
    seats: tuple[Seat, ...]
    course: Course = PRESETS[DEFAULT_PRESET]
    options: Options = Options()
    first_player: str | None = None  # None: the first seat starts
    position: Position | None = None

    @classmethod
    def simple(cls, *names: str, **kwargs: object) -> Setup:
        """Seats in the default colours: handy for tests and the benchmark.

        >>> Setup.simple("Ann", "Bob").seats[1]
        Seat(name='Bob', colour='blue')
        """
        seats = tuple(Seat(n, DEFAULT_COLOURS[i]) for i, n in enumerate(names))
        return cls(seats, **kwargs)  # type: ignore[arg-type]

    @property
    def tokens_each(self) -> int:
        share = self.options.tokens_each
        return TOKENS_IN_BOX // len(self.seats) if share is None else share

    def runner_spaces(self, name: str) -> tuple[int, ...]:
        """Where `name`'s runners on the course start (the position's, or the start
        spaces, one per space, for those not past the finish line)."""
        pos = self.position
        if pos is not None and name in pos.runners:
            return pos.runners[name]
        home = 0 if pos is None else pos.finish.count(name)
        return tuple(range(RUNNERS - home))


def check_setup(setup: Setup) -> None:
    """SetupError naming the first thing no game can start from."""
    names = [s.name for s in setup.seats]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise SetupError(
            _(
                "players: {n, plural, one {# player} other {# players}}; "
                "Kingdom Run is for {least} to {most}",
                n=len(names),
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
            )
        )
    for i, seat in enumerate(setup.seats):
        if not seat.name.strip():
            raise SetupError(_("{at}: a player needs a name", at=f"players[{i}].name"))
        if names.index(seat.name) != i:
            raise SetupError(
                _(
                    "{at}: {name} is already at the table",
                    at=f"players[{i}].name",
                    name=Quoted(seat.name),
                )
            )
        if seat.colour not in COLOURS:
            raise SetupError(
                _(
                    "{at}: unknown colour {name} (colours: {colours})",
                    at=f"players[{i}].colour",
                    name=Quoted(seat.colour),
                    colours=list(COLOURS),
                )
            )
        if [s.colour for s in setup.seats].index(seat.colour) != i:
            raise SetupError(
                _(
                    "{at}: {colour} runners are someone else's",
                    at=f"players[{i}].colour",
                    colour=_.name(seat.colour),
                )
            )
    check_course(setup.course)
    share, value = setup.options.tokens_each, setup.options.token_value
    if share is not None and not 0 <= share * len(names) <= TOKENS_IN_BOX:
        raise SetupError(
            _(
                "options.tokens_each: {share} each for {n} players; the box has {most} "
                "victory tokens",
                share=share,
                n=len(names),
                most=TOKENS_IN_BOX,
            )
        )
    if value < 0:
        raise SetupError(
            _("options.token_value: {value}; a victory token is worth 0 or more", value=value)
        )
    if setup.first_player is not None and setup.first_player not in names:
        raise SetupError(refusals.unknown_player(setup.first_player, names, "first_player"))
    if setup.position is not None:
        if setup.first_player is not None:
            raise SetupError(_("first_player: a position says who plays (its active_player)"))
        _check_position(setup, setup.position, names)


def _check_position(setup: Setup, pos: Position, names: list[str]) -> None:
    if pos.active_player not in names:
        raise SetupError(
            refusals.unknown_player(pos.active_player, names, "position.active_player")
        )
    if pos.turn < 1:
        raise SetupError(_("position.turn: {n}; turns count from 1", n=pos.turn))
    for what in ("runners", "asleep", "tokens"):
        for name in getattr(pos, what):
            if name not in names:
                raise SetupError(refusals.unknown_player(name, names, f"position.{what}"))
    for i, name in enumerate(pos.finish):
        if name not in names:
            raise SetupError(refusals.unknown_player(name, names, f"position.finish[{i}]"))
    if len(pos.finish) >= FINISH_PLACES:
        raise SetupError(
            _(
                "position.finish: {n, plural, one {# place filled} other {# places filled}}; "
                "with all {most} the race is over",
                n=len(pos.finish),
                most=FINISH_PLACES,
            )
        )
    length = setup.course.length
    on_space: Counter[int] = Counter()
    for name in names:
        spaces = setup.runner_spaces(name)
        where = f"position.runners.{name}"
        if len(spaces) + pos.finish.count(name) != RUNNERS:
            raise SetupError(
                _(
                    "{at}: {n} on the course and {past} past the finish line; a player has "
                    "{most} runners",
                    at=where,
                    n=len(spaces),
                    past=pos.finish.count(name),
                    most=RUNNERS,
                )
            )
        for space in spaces:
            if not 0 <= space < length:
                raise SetupError(
                    _(
                        "{at}: no space {space} (the course has 0 to {last})",
                        at=where,
                        space=space,
                        last=length - 1,
                    )
                )
        on_space.update(spaces)
        sleeping = Counter(pos.asleep.get(name, ()))
        for space, n in sorted(sleeping.items()):
            if n > spaces.count(space):
                raise SetupError(
                    _(
                        "{at}: {n} asleep on space {space}, where {player} has "
                        "{runners, plural, one {# runner} other {# runners}}",
                        at=f"position.asleep.{name}",
                        n=n,
                        space=space,
                        player=name,
                        runners=spaces.count(space),
                    )
                )
    for space, n in sorted(on_space.items()):
        if n > SPACE_LIMIT:
            raise SetupError(
                _(
                    "position.runners: {n} runners on space {space}; a space holds {most}",
                    n=n,
                    space=space,
                    most=SPACE_LIMIT,
                )
            )
    for name, n in pos.tokens.items():
        if n < 0:
            raise SetupError(
                _("{at}: {n}; tokens are 0 or more", at=f"position.tokens.{name}", n=n)
            )
    total = sum(pos.tokens.get(name, setup.tokens_each) for name in names)
    if total > TOKENS_IN_BOX:
        raise SetupError(
            _(
                "position.tokens: {n} victory tokens in all; the box has {most}",
                n=total,
                most=TOKENS_IN_BOX,
            )
        )
