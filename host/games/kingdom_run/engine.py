"""Kingdom Run: the rules engine, a fold of the inputs over a mutable state.

`KingdomRun(setup)` starts a race; `apply(input)` checks an input completely and only
then changes the state, so an illegal input raises an `IllegalInput` subclass and changes
nothing; `undo()` refolds the log without its last input. The engine needs no randomness:
the dice are inputs. The input types are documented in docs/kingdom-run-script.md, the
rules and policies in docs/kingdom-run.md.

>>> from host.games.kingdom_run.setup import Setup
>>> game = KingdomRun(Setup.simple("Ann", "Bob"))
>>> game.apply(game.throw_input(["boots", "hook", "drop", "equal"]))
>>> [w.kind for w in game.waiting_for()]
['throw', 'boots', 'hook', 'drop', 'correct', 'end_turn']
>>> game.apply({"type": "hook", "player": "Ann", "space": 3, "runner": "Ann"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
host.games.kingdom_run.errors.RuleViolation: no runner ahead of space 3 to hook on to ...
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from host.games import BoardDisplay, DiceExpectation, IllegalInput, Input, Waiting, refusals
from host.games.kingdom_run import view
from host.games.kingdom_run.actions import ACTIONS
from host.games.kingdom_run.errors import (
    GameOver,
    MalformedInput,
    NotNow,
    NotYourTurn,
    RuleViolation,
    UnknownPlayer,
)
from host.games.kingdom_run.race import Race
from host.games.kingdom_run.rules import DICE, DICE_COLOUR, FACE_SET, FACES, THROWS, TWICE
from host.games.kingdom_run.setup import Setup, check_setup
from host.games.kingdom_run.text import _, face_name
from host.games.kingdom_run.turn import ACT, OVER, THROW, Turn
from host.games.logged import LoggedGame
from host.games.text import Quoted, Text

_BASE = frozenset({"type", "player"})
# input type -> the fields it may carry
INPUT_FIELDS: dict[str, frozenset[str]] = {
    "throw": _BASE | {"thrown", "kept"},
    "correct": _BASE | {"from", "to"},
    **{name: _BASE | action.fields for name, action in ACTIONS.items()},
    "end_turn": _BASE,
}


class KingdomRun(LoggedGame):
    """A game of Kingdom Run: implements `host.games.Game` and its dice capability."""

    NotNow = NotNow
    race: Race  # the runners, finish places and victory tokens
    turn: Turn  # whose turn, the dice, the actions done
    winners: list[str]  # once the race is over

    def __init__(self, setup: Setup) -> None:
        check_setup(setup)
        self.setup = setup
        self._refold(())

    # ---- the Game protocol -------------------------------------------------------------

    @property
    def players(self) -> Sequence[str]:
        return self.race.names

    @property
    def game_over(self) -> bool:
        return self.turn.phase == OVER

    def apply(self, inp: Input) -> None:
        if self.game_over:
            raise GameOver(_("the race is over: all finish places are filled (undo to go back)"))
        try:
            kind = inp["type"]
            known = INPUT_FIELDS[kind].issuperset(inp)
            who = self.race.seat_of[inp["player"]]
        except (KeyError, TypeError):
            known = False
        if not known:
            raise self._malformed(inp)
        if who != self.turn.seat:
            said = _(
                "it is {active}'s turn, not {player}'s", active=self.active, player=inp["player"]
            )
            if self.turn.phase == THROW:
                said = _("{said} ({active} throws the dice)", said=said, active=self.active)
            raise NotYourTurn(said)
        self._commit(inp, self._step, kind, inp)

    def expected_dice(self) -> DiceExpectation | None:
        if not self.turn.may_throw():
            return None
        return DiceExpectation(FACE_SET, {DICE_COLOUR: DICE}, self.active)

    def throw_input(self, thrown: Sequence[str], kept: Sequence[str] = ()) -> Input:
        return {"type": "throw", "player": self.active, "thrown": list(thrown), "kept": list(kept)}

    def display(self) -> BoardDisplay:
        return view.table_display(self.setup, self.race, self.turn, self.winners)

    def to_json(self) -> dict[str, Any]:
        return view.state_json(
            self.setup, self.race, self.turn, self.waiting_for(), self.winners, len(self._log)
        )

    # ---- queries -----------------------------------------------------------------------

    @property
    def active(self) -> str:
        """The name of the player whose turn it is (the last one's, once the game is over)."""
        return self.race.names[self.turn.seat]

    def score(self, name: str) -> int:
        """Finish places' points plus victory tokens' (the score so far, or the final one)."""
        return self.race.score(self.race.seat_of[name], self.setup.options.token_value)

    # ---- the steps -----------------------------------------------------------------------

    def _step(self, kind: str, inp: Input) -> None:
        turn = self.turn
        if kind == "throw":
            self._throw(inp)
        elif turn.phase == THROW:
            raise NotNow(
                _("{player} throws the dice first: a turn starts with a throw", player=self.active)
            )
        elif kind == "correct":
            self._correct(inp)
        elif kind == "end_turn":
            self._next_turn()
        else:
            self._act(kind, inp)

    def _throw(self, inp: Input) -> None:
        turn = self.turn
        thrown = _faces(inp.get("thrown"), "thrown")
        kept = _faces(inp.get("kept", []), "kept")
        if turn.phase == ACT:
            if turn.acted:
                raise NotNow(_("the dice are in use: every throw comes before the actions"))
            if turn.throws >= THROWS:
                raise NotNow(
                    _("{n} throws, the most allowed: use the dice (or end the turn)", n=turn.throws)
                )
            if Counter(kept) - Counter(turn.dice):
                raise RuleViolation(
                    _(
                        "kept: {kept} is not part of the dice showing {dice}",
                        kept=[face_name(f) for f in kept],
                        dice=[face_name(f) for f in turn.dice],
                    )
                )
            if not thrown:
                raise RuleViolation(_("a second throw throws at least one die again"))
        elif kept:
            raise RuleViolation(
                _("the first throw throws all {n} dice: there is nothing to keep", n=DICE)
            )
        if len(kept) + len(thrown) != DICE:
            raise RuleViolation(
                _(
                    "{kept, plural, one {# die} other {# dice}} kept and "
                    "{thrown} thrown: the game has {n} dice",
                    kept=len(kept),
                    thrown=len(thrown),
                    n=DICE,
                )
            )
        turn.show(kept + thrown)

    def _correct(self, inp: Input) -> None:
        turn = self.turn
        old = _face(inp.get("from"), "from")
        new = _face(inp.get("to"), "to")
        if old not in turn.left:
            raise RuleViolation(
                _(
                    "no die left to use shows {face} (dice left: {left}); a die already "
                    "used is fixed with undo",
                    face=face_name(old),
                    left=[face_name(f) for f in turn.left] or _("none"),
                )
            )
        if old == new:
            raise RuleViolation(
                _("from and to are both {face}: nothing to correct", face=face_name(old))
            )
        turn.fix(old, new)

    def _act(self, kind: str, inp: Input) -> None:
        turn = self.turn
        if not turn.times_left(kind):
            raise RuleViolation(self._why_not(kind))
        ACTIONS[kind].do(self.race, inp, turn.seat)
        turn.spend(kind)
        if self.race.full:
            self._end()
        elif not turn.left:
            self._next_turn()

    def _why_not(self, kind: str) -> Text:
        turn = self.turn
        action = face_name(kind)
        if turn.done[kind] >= TWICE:
            # (no verb to agree with the action: "the boots has been done" did not)
            return _(
                "{action}: {n} times this turn already, the most for an action",
                action=action,
                n=TWICE,
            )
        if kind in turn.dice:
            return _(
                "the dice that could do the {action} are used (an equal die copies it)",
                action=action,
            )
        return _(
            "no die shows the {action} (dice: {dice}); an equal die copies only an action "
            "another die of the throw shows",
            action=action,
            dice=[face_name(f) for f in turn.dice],
        )

    def _next_turn(self) -> None:
        turn = self.turn
        self.turn = Turn((turn.seat + 1) % len(self.race.names), turn.number + 1)

    def _end(self) -> None:
        """All finish places are filled: the highest score wins; a tie goes to the player
        with the best finish place; players still tied (none has a place) share the win."""
        self.turn.phase = OVER
        seats = range(len(self.race.names))
        value = self.setup.options.token_value
        best = max(self.race.score(s, value) for s in seats)
        tied = [s for s in seats if self.race.score(s, value) == best]
        places = self.race.places
        first = {s: places.index(s) if s in places else len(places) for s in tied}
        top = min(first.values())
        self.winners = [self.race.names[s] for s in tied if first[s] == top]

    # ---- what the game waits for -----------------------------------------------------------

    def _compute_waiting(self) -> list[Waiting]:
        turn, name = self.turn, self.active
        if turn.phase == OVER:
            return []
        if turn.phase == THROW:
            return [Waiting(name, "throw", {"dice": DICE, "throw": 1, "throws_allowed": THROWS})]
        waits = []
        if turn.may_throw():
            again = {"dice": DICE, "throw": turn.throws + 1, "throws_allowed": THROWS}
            waits.append(Waiting(name, "throw", {**again, "keepable": list(turn.dice)}))
        for kind, action in ACTIONS.items():
            times = turn.times_left(kind)
            choices = action.options(self.race, turn.seat) if times else None
            if choices is not None:  # a new dict, ours to add to
                choices["times"] = times
                waits.append(Waiting(name, kind, choices))
        if turn.left:
            waits.append(Waiting(name, "correct", {"dice": list(turn.left), "faces": list(FACES)}))
        waits.append(Waiting(name, "end_turn", {}))
        return waits

    # ---- state from the setup, and refolding -------------------------------------------

    def _refold(self, inputs: Sequence[Input]) -> None:
        setup = self.setup
        self.race = Race(setup)
        pos = setup.position
        first = pos.active_player if pos is not None else setup.first_player
        seat = 0 if first is None else self.race.seat_of[first]
        self.turn = Turn(seat, 1 if pos is None else pos.turn)
        self.winners = []
        self._log = []
        self._waiting = None
        for inp in list(inputs):
            self.apply(inp)

    def _malformed(self, inp: object) -> IllegalInput:
        names = self.race.names
        return refusals.malformed(inp, INPUT_FIELDS, names, MalformedInput, UnknownPlayer)


def _face(value: object, field: str) -> str:
    if value not in FACES:
        raise MalformedInput(
            _(
                "{field}: {value} is no face of the dice ({faces})",
                field=field,
                value=Quoted(value),
                faces=list(FACES),
            )
        )
    return str(value)


def _faces(value: object, field: str) -> list[str]:
    if not isinstance(value, list):
        raise MalformedInput(
            _(
                "{field}: a list of faces ({faces}), not {value}",
                field=field,
                faces=list(FACES),
                value=Quoted(value),
            )
        )
    return [_face(v, field) for v in value]
