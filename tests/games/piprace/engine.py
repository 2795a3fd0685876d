"""The rules of Pip race: a fold of the inputs over a small state (pure, replayable).

Inputs: {"type": "throw", "player", "thrown": [faces], "kept": [faces]} (2 dice in all;
a second throw keeps some of the first's), {"type": "resolve", "player"} (count the
dice), {"type": "correct", "player", "from", "to"} (fix a misread die before counting).

>>> game = PipRace(("Ann", "Bob"), ("white", "red"), target=10)
>>> game.apply({"type": "throw", "player": "Ann", "thrown": ["6", "5"], "kept": []})
>>> game.apply({"type": "resolve", "player": "Ann"})
>>> game.scores, game.active, game.game_over
([11, 0], 'Bob', True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from host.games import BoardDisplay, IllegalInput, Input, SeatDisplay, Waiting

FACES = ("1", "2", "3", "4", "5", "6")
DICE = 2
THROWS = 2
TOKENS = {"white": (255, 255, 255), "red": (255, 0, 0), "blue": (0, 64, 255), "green": (0, 255, 0)}
WINNER = (0, 255, 0)


class PipRaceError(IllegalInput):
    """An input the rules of Pip race do not take now."""


class PipRace:
    def __init__(
        self,
        players: Sequence[str],
        tokens: Sequence[str],
        target: int = 20,
        first: int = 0,
        scores: Sequence[int] | None = None,
    ) -> None:
        self.names = tuple(players)
        self.tokens = tuple(tokens)
        self.target = target
        self.first = first
        self.start_scores = tuple(scores or (0,) * len(players))
        self._log: list[Input] = []
        self._reset()

    def _reset(self) -> None:
        self.scores = list(self.start_scores)
        self.seat = self.first
        self.turn = 1
        self.dice: list[str] = []
        self.throws = 0
        self.history: list[tuple[str, int]] = []  # each turn counted: (player, points)

    # ---- the Game protocol --------------------------------------------------------------

    @property
    def players(self) -> Sequence[str]:
        return self.names

    @property
    def log(self) -> Sequence[Input]:
        return self._log

    @property
    def game_over(self) -> bool:
        return any(s >= self.target for s in self.scores)

    @property
    def active(self) -> str:
        return self.names[self.seat]

    @property
    def winners(self) -> list[str]:
        return [n for n, s in zip(self.names, self.scores, strict=True) if s >= self.target]

    def waiting_for(self) -> list[Waiting]:
        if self.game_over:
            return []
        waits = []
        if self.throws < THROWS:
            waits.append(Waiting(self.active, "throw", {"dice": DICE, "keepable": list(self.dice)}))
        if self.throws:
            waits.append(Waiting(self.active, "resolve"))
            waits.append(Waiting(self.active, "correct", {"dice": list(self.dice)}))
        return waits

    def apply(self, inp: Input) -> None:
        if not isinstance(inp, Mapping):
            raise PipRaceError("an input is a JSON object")
        kind, player = inp.get("type"), inp.get("player")
        if self.game_over:
            raise PipRaceError("the game is over")
        if not any(w.kind == kind and w.player == player for w in self.waiting_for()):
            said = ", ".join(w.kind for w in self.waiting_for())
            raise PipRaceError(f"not now: the game waits for {self.active} to {said}")
        if kind == "throw":
            self._throw(inp)
        elif kind == "correct":
            self._correct(inp)
        else:
            self._count()
        self._log.append(dict(inp))

    def undo(self) -> Input:
        if not self._log:
            raise PipRaceError("nothing to undo")
        last = self._log.pop()
        inputs, self._log = self._log, []
        self._reset()
        for inp in inputs:
            self.apply(inp)
        return last

    def display(self) -> BoardDisplay:
        seats = []
        for i, (name, score) in enumerate(zip(self.names, self.scores, strict=True)):
            colour = TOKENS[self.tokens[i]]
            if self.game_over:
                colour = WINNER if name in self.winners else (0, 0, 0)
            elif i != self.seat:
                colour = (colour[0] // 8, colour[1] // 8, colour[2] // 8)
            seats.append(SeatDisplay(f"{score:>4}", colour))
        return BoardDisplay(seats)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "pip-race",
            "target": self.target,
            "players": [
                {"name": n, "token": t, "score": s}
                for n, t, s in zip(self.names, self.tokens, self.scores, strict=True)
            ],
            "active_player": self.active,
            "turn": self.turn,
            "dice": list(self.dice),
            "throws": self.throws,
            "history": [list(h) for h in self.history],
            "waiting_for": [
                {"player": w.player, "kind": w.kind, "options": dict(w.options)}
                for w in self.waiting_for()
            ],
            "winners": self.winners,
            "game_over": self.game_over,
            "inputs": len(self._log),
        }

    # ---- the steps ---------------------------------------------------------------------

    def _throw(self, inp: Input) -> None:
        thrown, kept = _faces(inp.get("thrown")), _faces(inp.get("kept", []))
        if len(thrown) + len(kept) != DICE or not thrown:
            raise PipRaceError(f"a throw is of {DICE} dice: some thrown, the rest kept")
        if Counter(kept) - Counter(self.dice):
            raise PipRaceError(f"kept {kept}: not among the dice {self.dice}")
        self.dice = kept + thrown
        self.throws += 1

    def _correct(self, inp: Input) -> None:
        old, new = inp.get("from"), inp.get("to")
        if old not in self.dice or new not in FACES:
            raise PipRaceError(f"no die showing {old!r} to turn to {new!r}")
        self.dice[self.dice.index(str(old))] = str(new)

    def _count(self) -> None:
        points = sum(int(f) for f in self.dice)
        self.scores[self.seat] += points
        self.history.append((self.active, points))
        self.dice, self.throws = [], 0
        if not self.game_over:
            self.seat = (self.seat + 1) % len(self.names)
            self.turn += 1


def _faces(value: object) -> list[str]:
    if not isinstance(value, list) or not all(v in FACES for v in value):
        raise PipRaceError(f"{value!r} is not a list of pip faces 1 to 6")
    return list(value)
