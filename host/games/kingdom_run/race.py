"""The race on the table: every runner's space, the finish places, the victory tokens.

Everything here is what the table shows between two turns; the dice and the turn are the
engine's. Players are seat numbers (their index in the setup); a runner past the finish
line is on `FINISHED`. How a runner lands (rules reference, limits): at most 4 runners on a
space, and a runner that would land on a full space goes on to the next free one; past
the last space it crosses the finish line and takes the next finish place, if one is left.

>>> from host.games.kingdom_run.setup import Setup
>>> race = Race(Setup.simple("Ann", "Bob", "Cat", "Dan"))
>>> race.count[:5]               # the start tile is full: a runner of each colour per space
[4, 4, 4, 4, 0]
>>> race.landing(1)              # a runner aimed at a full start space goes on
4
"""

from __future__ import annotations

from host.games.kingdom_run.course import FINISH_PLACES
from host.games.kingdom_run.rules import SPACE_LIMIT
from host.games.kingdom_run.setup import Setup

FINISHED = -1  # the space of a runner past the finish line


class Runner:
    """One pawn: its owner's seat, its space (or FINISHED), and whether it sleeps."""

    __slots__ = ("asleep", "owner", "space")

    def __init__(self, owner: int, space: int, asleep: bool = False) -> None:
        self.owner = owner
        self.space = space
        self.asleep = asleep

    def __repr__(self) -> str:
        return f"<runner of {self.owner} on {self.space}{' asleep' if self.asleep else ''}>"


class Race:
    def __init__(self, setup: Setup) -> None:
        self.course = setup.course
        self.lakes = setup.course.lakes
        self.length = setup.course.length
        self.names = [s.name for s in setup.seats]
        self.seat_of = {name: i for i, name in enumerate(self.names)}
        self.count = [0] * self.length  # runners per space
        self.places: list[int] = []  # who holds each filled finish place, highest first
        self.runners: list[list[Runner]] = []  # per seat
        pos = setup.position
        for seat, name in enumerate(self.names):
            mine = [Runner(seat, space) for space in setup.runner_spaces(name)]
            for space in pos.asleep.get(name, ()) if pos is not None else ():
                next(r for r in mine if r.space == space and not r.asleep).asleep = True
            for r in mine:
                self.count[r.space] += 1
            self.runners.append(mine)
        if pos is not None:
            self.places = [self.seat_of[name] for name in pos.finish]
            for seat in self.places:
                self.runners[seat].append(Runner(seat, FINISHED))
        self.tokens = [
            setup.tokens_each if pos is None else pos.tokens.get(name, setup.tokens_each)
            for name in self.names
        ]
        self._board: list[Runner] | None = None  # `board`, until a runner moves or flips
        self._distinct: list[Runner] | None = None

    # ---- questions -----------------------------------------------------------------------

    @property
    def board(self) -> list[Runner]:
        """The runners on the course, by space, then seat, the sleeping ones last."""
        if self._board is None:
            self._board = sorted(
                (r for rs in self.runners for r in rs if r.space != FINISHED),
                key=lambda r: (r.space, r.owner, r.asleep),
            )
        return self._board

    @property
    def distinct(self) -> list[Runner]:
        """The board with one runner per (space, owner, asleep): runners alike are one
        choice."""
        if self._distinct is None:
            self._distinct = []
            last = None
            for r in self.board:
                key = (r.space, r.owner, r.asleep)
                if key != last:
                    last = key
                    self._distinct.append(r)
        return self._distinct

    def next_runner(self) -> list[int | None]:
        """For each space, the next space ahead with a runner on it (None: none ahead)."""
        ahead: list[int | None] = [None] * self.length
        count, following = self.count, None
        for space in range(self.length - 1, -1, -1):
            ahead[space] = following
            if count[space]:
                following = space
        return ahead

    @property
    def full(self) -> bool:
        """All the finish places are filled: the race is over."""
        return len(self.places) >= FINISH_PLACES

    def on_course(self, seat: int) -> list[Runner]:
        return [r for r in self.runners[seat] if r.space != FINISHED]

    def racing(self, seat: int) -> bool:
        """Still racing: at least one runner not past the finish line."""
        return any(r.space != FINISHED for r in self.runners[seat])

    def awake(self, seat: int) -> int:
        """The player's awake runners on the course."""
        return sum(1 for r in self.runners[seat] if r.space != FINISHED and not r.asleep)

    def runner(self, seat: int, space: int, asleep: bool) -> Runner | None:
        """One of `seat`'s runners on `space`, asleep or awake as asked (they are alike)."""
        for r in self.runners[seat]:
            if r.space == space and r.asleep is asleep:
                return r
        return None

    def landing(self, target: int) -> int:
        """Where a runner aimed at space `target` lands: the first space from `target` on
        that is not full, or FINISHED past the last space."""
        count, length = self.count, self.length
        while target < length and count[target] >= SPACE_LIMIT:
            target += 1
        return target if target < length else FINISHED

    def hook_target(self, space: int, ahead: int | None = None) -> int | None:
        """Where the hook aims a runner on `space`: the next space ahead with a runner on
        it (`ahead`, when known: see `next_runner`); past the finish line if no runner is
        ahead on the course but one has crossed it; None if no runner is ahead at all."""
        if ahead is None:
            count = self.count
            ahead = next((s for s in range(space + 1, self.length) if count[s]), None)
        if ahead is not None:
            return ahead
        crossed = any(r.space == FINISHED for rs in self.runners for r in rs)
        return self.length if crossed else None

    def drop_target(self, space: int) -> int | None:
        """Where the drop aims a runner on `space`: one space on from a lake, else the
        next lake (None: no lake ahead)."""
        return space + 1 if self.lakes[space] else self.course.next_lake[space]

    def scatter(self, space: int, n: int) -> list[int]:
        """Where the boots drop `n` runners taken from `space`: one per space, each on the
        first free space after the one before (the first: after `space`); FINISHED past
        the last space."""
        count, length = self.count, self.length
        added: dict[int, int] = {}
        path = []
        at = space
        for _ in range(n):
            at += 1
            while at < length and count[at] + added.get(at, 0) >= SPACE_LIMIT:
                at += 1
            if at >= length:
                path.append(FINISHED)
            else:
                path.append(at)
                added[at] = added.get(at, 0) + 1
        return path

    def score(self, seat: int, token_value: int) -> int:
        values = self.course.places
        return sum(values[i] for i, s in enumerate(self.places) if s == seat) + (
            self.tokens[seat] * token_value
        )

    # ---- changes -------------------------------------------------------------------------

    def steal(self, thief: int, victim: int) -> None:
        """One victory token changes hands."""
        self.tokens[victim] -= 1
        self.tokens[thief] += 1

    def _changed(self) -> None:
        self._board = self._distinct = None

    def flip(self, r: Runner) -> None:
        """Wake a sleeping runner, or put an awake one to sleep."""
        r.asleep = not r.asleep
        self._changed()

    def move(self, r: Runner, target: int) -> int:
        """Move `r` towards `target` (see `landing`); return where it lands."""
        self._changed()
        self.count[r.space] -= 1
        to = self.landing(target)
        if to == FINISHED:
            if not self.full:  # a runner crossing after the 8th place takes none
                self.places.append(r.owner)
        else:
            self.count[to] += 1
        r.space = to
        return to
