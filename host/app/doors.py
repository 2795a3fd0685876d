"""The doors' moves of the game, and the race of a button press against them.

Every change of the game comes through one door: a page, a seat's button ("button 2"), the
camera, the correction window's end ("timer"), a recorded session. The table remembers its
recent moves, each with what every seat's button meant just before it, for two things:

- a stale action's words: what moved the table since the state a page acted on (`movers`:
  "another page", "sent twice from this device", "Ann's button", "the camera"...);
- the race of presses and moves: a press that reaches the host within `RACE_S` of another
  door's move that changed what it does was pressed before its presser could see that move;
  it was meant for the step just taken, so it is acknowledged and not done (`crossed`).
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from host.app.text import _
from host.games.text import Text

CAMERA = "camera"  # the source of what the camera saw (and its door)
Meaning = tuple[str, bool, bool] | None  # what a seat's button does (Table._meaning)
# A button press that reaches the host this soon after another door (the page, the window's
# end, another button) moved the game on was pressed before its presser could see that: it
# was meant for the step just taken, not for the next one (a person reacts in 0.2 s at best,
# after the board shows the change)
RACE_S = 0.5


@dataclass
class Move:
    """A move of the game through one door: when, which door ("page", "timer", "button
    2"...) and whose device (a page's), what each seat's button meant just before it, and
    the table's version once it was made."""

    at: float
    door: str
    client: str | None
    before: dict[int, Meaning]
    version: int = 0


class Doors:
    """The door acting now and the game's recent moves. `meanings()`: what each seat's
    button does now (seat -> Meaning), taken as a door opens."""

    def __init__(
        self, clock: Callable[[], float], meanings: Callable[[], dict[int, Meaning]]
    ) -> None:
        self.clock = clock
        self.meanings = meanings
        # the move the door acting now makes, if it moves the game (added to `moves` then)
        self.current: Move | None = None
        self.moves: deque[Move] = deque(maxlen=16)  # the game's recent moves

    @contextlib.contextmanager
    def through(self, door: str, client: str | None = None) -> Iterator[None]:
        """What is done inside comes through `door` (the outermost door counts): a move
        of the game it makes is remembered with what every button meant just before."""
        if self.current is not None:
            yield
            return
        self.current = Move(self.clock(), door, client, self.meanings())
        try:
            yield
        finally:
            self.current = None

    def moved(self, version: int) -> None:
        """The game changed, now at `version`: a move of the door acting now, if any (at
        its first move, when it was made)."""
        move = self.current
        if move is None:
            return
        if not move.version:  # its first move
            move.at = self.clock()
            self.moves.append(move)
        move.version = version

    def movers(self, seen: int, client: str | None, said: Callable[[str], Text]) -> list[Text]:
        """What moved the table since version `seen`, as people name it, each once: "sent
        twice from this device" (a page of `client`), else each door as `said` names it."""
        by: dict[str, Text] = {}
        for move in self.moves:
            if move.version <= seen:
                continue
            if move.door == "page" and client is not None and move.client == client:
                by.setdefault("this", _("sent twice from this device"))
            else:
                key = move.door if move.door.startswith("button ") else move.door.split()[0]
                by.setdefault(key, said(move.door))
        return list(by.values())

    def crossed(self, seat: int, now: Meaning, arrived: float) -> str | None:
        """The door (other than this seat's button) that moved the game on while this
        press was on its way and changed what it does (`now`; the last such, if several):
        the press was meant for the step before. Not if it did nothing then: it was pressed
        for what its presser sees (a throw entered on a phone); nor a move the camera's
        reading came after (the dice its presser sees thrown since)."""
        mine = f"button {seat}"
        moves = [(m.door, m.before) for m in self.moves if m.at > arrived - RACE_S]
        seen = max((i + 1 for i, (door, _) in enumerate(moves) if door == CAMERA), default=0)
        crossed = [(door, before.get(seat)) for door, before in moves[seen:] if door != mine]
        if not any(meant is not None and meant[0] != "[]" and meant != now for _, meant in crossed):
            return None
        return crossed[-1][0]


def door_said(door: str, players: Sequence[str], page: Text) -> Text:
    """A move's door ("page", "button 2", "camera", "timer"...) as people name it: "Ann's
    button", "the camera", "the correction window's end"; a page's, `page`."""
    kind, _sp, seat = door.partition(" ")
    if kind == "page":
        return page
    if kind == "button" and seat.isdigit() and int(seat) < len(players):
        return _("{player}'s button", player=players[int(seat)])
    if kind == CAMERA:
        return _("the camera")
    if kind == "timer":
        return _("the correction window's end")
    return _("the recorded session")
