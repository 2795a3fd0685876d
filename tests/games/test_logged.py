"""host.games.logged: an input changes a game whole or not at all, whatever goes wrong."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from host.games import IllegalInput, Input, Waiting
from host.games.logged import LoggedGame


class Refused(IllegalInput):
    pass


class Counter(LoggedGame):
    """A game whose state is a sum of the inputs' numbers; an input can be refused, or
    meet a bug after it changed the state."""

    NotNow = Refused

    def __init__(self) -> None:
        self._refold(())

    def _refold(self, log: Sequence[Input]) -> None:
        self.total, self._log, self._waiting = 0, [], None
        for inp in log:
            self.apply(inp)

    def _compute_waiting(self) -> Sequence[Waiting]:
        return [Waiting(player="Ann", kind="add")]

    def apply(self, inp: Input) -> None:
        self._commit(inp, self._add, inp)

    def _add(self, inp: Input) -> None:
        if inp["n"] < 0:
            raise Refused("no negative numbers")
        self.total += inp["n"]
        self._last = inp
        if inp.get("bug") == "step":
            raise KeyError("a bug after the change")

    def _go_on(self) -> None:
        if self._last.get("bug") == "then":
            raise Refused("refused too late")


def test_a_refusal_or_a_bug_leaves_the_game_as_it_was() -> None:
    game = Counter()
    game.apply({"n": 2})
    waiting = game.waiting_for()
    with pytest.raises(Refused):
        game.apply({"n": -1})
    assert game.waiting_for() is waiting  # refused before any change: nothing recomputed
    with pytest.raises(KeyError):
        game.apply({"n": 5, "bug": "step"})
    with pytest.raises(RuntimeError, match="refused after the input was applied"):
        game.apply({"n": 7, "bug": "then"})  # a refusal after the change is a bug
    assert (game.total, list(game.log)) == (2, [{"n": 2}])
    assert game.waiting_for() == waiting


def test_undo_refolds_without_the_last_input_and_refuses_when_there_is_none() -> None:
    game = Counter()
    given = {"n": 3}
    game.apply(given)
    given["n"] = 100  # the log keeps its own copy
    game.apply({"n": 4})
    assert game.undo() == {"n": 4}
    assert (game.total, list(game.log)) == (3, [{"n": 3}])
    game.undo()
    with pytest.raises(Refused):
        game.undo()
