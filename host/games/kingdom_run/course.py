"""The course, as the players laid it: the start tile, the board parts, the finish line.

The box has 5 double-sided board parts that the players assemble freely (rules
reference). A part is described by its spaces in order, one character each: `.` a land
space, `~` a lake. The start tile comes first: 4 land spaces (spaces 0 to 3), each holding
one runner of every colour at the start. The finish line follows the last space; its 8
finish places are worth the points printed on the board, which the rules do not give: they
are configuration (`places`, highest first; `DEFAULT_PLACES` unless the players enter
their board's).

The presets are our own example courses, not the publisher's boards: to play on your own
board, count each part's spaces and lakes and enter them as parts.

>>> course = Course(("..~.", "~~"))
>>> course.length, course.lake_spaces
(10, (6, 8, 9))
>>> course.next_lake[0], course.next_lake[6], course.next_lake[9]
(6, 8, None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

from host.games.kingdom_run.errors import SetupError
from host.games.kingdom_run.rules import RUNNERS
from host.games.kingdom_run.text import _
from host.games.text import Quoted

LAND, LAKE = ".", "~"
START_SPACES = RUNNERS  # the start tile: one space per runner of a colour
MAX_PARTS = 5  # the box's board parts
MAX_PART_SPACES = 40  # more than any board part could hold: a typo, not a part
FINISH_PLACES = 8
# Our default for the finish places' values (the board prints its own): the first runner
# home is worth a lot more than the last, and a victory token (2 points) about a place.
DEFAULT_PLACES = (10, 8, 6, 5, 4, 3, 2, 1)


@dataclass(frozen=True)
class Course:
    parts: tuple[str, ...]  # each part's spaces in order, after the start tile
    places: tuple[int, ...] = DEFAULT_PLACES  # the finish places' points, highest first
    name: str = ""  # a preset's name, for people
    lakes: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    next_lake: tuple[int | None, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        lakes = (False,) * START_SPACES + tuple(c == LAKE for c in "".join(self.parts))
        following: list[int | None] = [None] * len(lakes)
        ahead = None
        for i in range(len(lakes) - 1, -1, -1):  # the next lake strictly after each space
            following[i] = ahead
            if lakes[i]:
                ahead = i
        object.__setattr__(self, "lakes", lakes)
        object.__setattr__(self, "next_lake", tuple(following))

    @property
    def length(self) -> int:
        """The number of spaces, the start tile's included; the finish line is after the
        last one (space `length - 1`)."""
        return len(self.lakes)

    @property
    def lake_spaces(self) -> tuple[int, ...]:
        return tuple(i for i, lake in enumerate(self.lakes) if lake)


PRESETS: dict[str, Course] = {
    course.name: course
    for course in (
        # a gentle course: five parts of 7 spaces, three lakes
        Course((".......", "...~...", ".......", "..~....", "....~.."), name="first-race"),
        # water everywhere: the drop matters, and runners get stuck
        Course(("..~....", ".~~....", "...~~..", "~....~.", "..~~..."), name="lakeland"),
        # three parts only, for a short game
        Course(("....~.", "..~...", ".~...."), name="sprint"),
    )
}
DEFAULT_PRESET = "first-race"


def check_course(course: Course) -> None:
    """SetupError naming what is wrong with a course entered by hand.

    >>> check_course(Course(("..x",)))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    host.games.kingdom_run.errors.SetupError: course.parts[0]: '..x' has 'x': a space is ...
    """
    if not 1 <= len(course.parts) <= MAX_PARTS:
        raise SetupError(
            _(
                "course.parts: {n, plural, one {# part} other {# parts}}; a "
                "course has 1 to {most} (the box's board parts)",
                n=len(course.parts),
                most=MAX_PARTS,
            )
        )
    for i, part in enumerate(course.parts):
        if not 1 <= len(part) <= MAX_PART_SPACES:
            raise SetupError(
                _(
                    "{at}: {n, plural, one {# space} other {# spaces}}; a part has 1 to {most}",
                    at=f"course.parts[{i}]",
                    n=len(part),
                    most=MAX_PART_SPACES,
                )
            )
        wrong = sorted(set(part) - {LAND, LAKE})
        if wrong:
            raise SetupError(
                _(
                    "{at}: {part} has {wrong}: a space is '.' (land) or '~' (a lake)",
                    at=f"course.parts[{i}]",
                    part=Quoted(part),
                    wrong=Quoted(wrong[0]),
                )
            )
    places = course.places
    if len(places) != FINISH_PLACES:
        raise SetupError(
            _(
                "{at}: {n, plural, one {# value} other {# values}}; the "
                "finish line has {most} places, highest first",
                at="course.finish_places",  # the setup form says its label (host.app.table)
                n=len(places),
                most=FINISH_PLACES,
            )
        )
    if any(p < 0 for p in places) or any(a < b for a, b in pairwise(places)):
        raise SetupError(
            _(
                "{at}: {places} must go from the highest down, none below 0",
                at="course.finish_places",
                places=list(places),  # said as the language lists numbers
            )
        )
