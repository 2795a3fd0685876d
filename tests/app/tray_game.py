"""A dice game used only by the learning's play test: a tray of dice of one face set
(counted as "any": the dice of a frame are what they are), thrown once a turn by each
player in turn, the result held for the correction window, then the next turn. Its setup
says how many dice each turn throws ("dice": [n, ...]); the game ends after the last.
It scores nothing: it is the table's throw protocol and nothing else, so that real frames
of any number of dice can be played as a game.

    >>> game = TrayGame({"players": [{"name": "Ann"}, {"name": "Bob"}], "dice": [2, 1]})
    >>> game.apply({"type": "throw", "player": "Ann", "thrown": ["1", "claw"], "kept": []})
    >>> game.apply({"type": "correct", "player": "Ann", "from": "1", "to": "2"})
    >>> game.dice, [w.kind for w in game.waiting_for()]
    (['2', 'claw'], ['correct', 'resolve'])
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from host.games import (
    BoardDisplay,
    DiceExpectation,
    Game,
    IllegalInput,
    Input,
    SeatDisplay,
    Waiting,
)
from host.games.kind import CORRECT, RESOLVE, THROW, GameFileError, Trace
from host.games.page import choice, correct_form, dice_form, dice_view, form, seat, view

FORMAT = "tray-game/1"


class TrayGame:
    def __init__(self, setup: Mapping[str, Any]) -> None:
        try:
            self.names = [str(p["name"]) for p in setup["players"]]
            self.counts = [int(n) for n in setup["dice"]]
        except (KeyError, TypeError, ValueError) as error:
            raise GameFileError(f"a tray game's setup has players and dice ({error})") from None
        self.face_set = str(setup.get("face_set", "kot"))
        self.faces = list(setup.get("faces", KOT_FACES))
        self.setup = dict(setup)
        self._log: list[Input] = []
        self.turn = 0
        self.dice: list[str] = []

    @property
    def players(self) -> Sequence[str]:
        return self.names

    @property
    def log(self) -> Sequence[Input]:
        return self._log

    @property
    def game_over(self) -> bool:
        return self.turn >= len(self.counts)

    @property
    def active(self) -> str:
        return self.names[self.turn % len(self.names)]

    def waiting_for(self) -> Sequence[Waiting]:
        if self.game_over:
            return []
        if not self.dice:
            return [Waiting(self.active, THROW, {"dice": self.counts[self.turn]})]
        return [Waiting(self.active, CORRECT), Waiting(self.active, RESOLVE)]

    def apply(self, inp: Input) -> None:
        kind, player = inp.get("type"), inp.get("player")
        if not any(w.kind == kind and w.player == player for w in self.waiting_for()):
            raise IllegalInput(f"not now: {kind} by {player}")
        if kind == THROW:
            thrown = list(inp.get("thrown", []))
            if (
                len(thrown) != self.counts[self.turn]
                or inp.get("kept")
                or not set(thrown) <= set(self.faces)
            ):
                raise IllegalInput(f"a throw of {self.counts[self.turn]} dice of {self.faces}")
            self.dice = thrown
        elif kind == CORRECT:
            wrong, right = inp.get("from"), inp.get("to")
            if wrong not in self.dice or right not in self.faces:
                raise IllegalInput(f"no die shows {wrong}, or {right} is no face")
            self.dice[self.dice.index(wrong)] = str(right)
        else:
            self.turn += 1
            self.dice = []
        self._log.append(dict(inp))

    def undo(self) -> Input:
        if not self._log:
            raise IllegalInput("nothing to undo")
        inputs = self._log[:-1]
        last = self._log[-1]
        fresh = TrayGame(self.setup)
        for inp in inputs:
            fresh.apply(inp)
        self.__dict__.update(fresh.__dict__)
        return last

    def display(self) -> BoardDisplay:
        return BoardDisplay([SeatDisplay(str(len(self.dice))) for _ in self.names])

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "dice": list(self.dice), "inputs": len(self._log)}


KOT_FACES = ("1", "2", "3", "heart", "energy", "claw")  # the default face set's faces


class TrayDice:
    faces: Mapping[str, str] = MappingProxyType({f: f for f in KOT_FACES})

    def expected(self, game: Game) -> DiceExpectation | None:
        g = _tray(game)
        waits = g.waiting_for()
        if not waits or waits[0].kind != THROW:
            return None
        return DiceExpectation(g.face_set, {"any": g.counts[g.turn]}, g.active)

    def throw_input(self, game: Game, thrown: Sequence[str], kept: Sequence[str]) -> Input:
        return {"type": THROW, "player": _tray(game).active, "thrown": [*kept, *thrown], "kept": []}

    def entered_throw(self, game: Game, faces: Sequence[str]) -> Input:
        return self.throw_input(game, faces, [])


class TrayKind:
    name = "tray"
    title = "A tray of dice"
    script_format = FORMAT
    dice = TrayDice()

    def new(self, setup: Mapping[str, Any]) -> Game:
        return TrayGame(setup)

    def load(self, script: Mapping[str, Any], trace: Trace | None = None) -> Game:
        game = TrayGame(self.setup_of(script))
        for inp in script.get("inputs", []):
            game.apply(inp)
        return game

    def setup_of(self, script: Mapping[str, Any]) -> dict[str, Any]:
        return {
            k: copy.deepcopy(v)
            for k, v in script.items()
            if k not in ("format", "inputs", "expect")
        }

    def export(self, setup: Mapping[str, Any], inputs: Sequence[Input]) -> dict[str, Any]:
        return {"format": FORMAT, **setup, "inputs": [dict(i) for i in inputs]}

    def roles(self, game: Game) -> dict[str, str]:
        return {p: "" for p in game.players}

    def turn(self, game: Game) -> tuple[str, int]:
        g = _tray(game)
        return (g.active if not g.game_over else "", g.turn)

    def winners(self, game: Game) -> list[str]:
        return []

    def catalog(self) -> dict[str, Any]:
        return {"role": "role", "setup": form([], [], (1, 4), 2), "pickup": None}

    def view(self, game: Game) -> dict[str, Any]:
        g = _tray(game)
        seats = [seat(p, active=p == g.active) for p in g.players]
        return view(f"Turn {g.turn + 1}", seats, dice=dice_view(g.dice, 1 if g.dice else 0, 1))

    def answers(self, game: Game, waiting: Waiting) -> dict[str, Any]:
        g = _tray(game)
        base = {"player": waiting.player, "kind": waiting.kind, "options": dict(waiting.options)}
        if waiting.kind == THROW:
            return {
                **base,
                "title": "Throw",
                "choices": [],
                "form": dice_form(g.counts[g.turn], g.faces),
            }
        if waiting.kind == CORRECT:
            return {
                **base,
                "title": "Fix a misread die",
                "choices": [],
                "form": correct_form(g.dice, g.faces),
            }
        done = choice("Use this result", {"type": RESOLVE, "player": waiting.player})
        return {**base, "title": "Use this result", "choices": [done], "form": None}

    def button_inputs(self, game: Game, player: str) -> list[Input]:
        waits = [w for w in game.waiting_for() if w.player == player and w.kind == RESOLVE]
        return [{"type": RESOLVE, "player": player}] if waits else []


def _tray(game: Game) -> TrayGame:
    assert isinstance(game, TrayGame)
    return game


KIND = TrayKind()
