"""What every rules engine does alike with its log, written once: the game is the log of
its inputs; an input changes the state whole or not at all (a rule refuses it before any
change; a bug halfway is undone by refolding the log); undo refolds the log without its
last input. An engine subclasses `LoggedGame`, folds inputs in `_refold`, says what it
waits for in `_compute_waiting`, applies an input through `_commit` and, if something
follows an input on its own, does it in `_go_on`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from host.games import IllegalInput, Input, Waiting, refusals


class LoggedGame:
    NotNow: type[IllegalInput]  # the engine's refusal of an input that cannot come now
    _log: list[Input]
    _waiting: Sequence[Waiting] | None  # what waiting_for() returns, until the next change

    @property
    def log(self) -> Sequence[Input]:
        return self._log

    def waiting_for(self) -> Sequence[Waiting]:
        if self._waiting is None:
            self._waiting = self._compute_waiting()
        return self._waiting

    def undo(self) -> Input:
        if not self._log:
            raise self.NotNow(refusals.nothing_to_undo())
        last = self._log[-1]
        self._refold(self._log[:-1])
        return last

    def _commit(self, inp: Input, step: Callable[..., None], *args: Any) -> None:
        """`step(*args)` applies `inp` (an `IllegalInput` from it is raised before any
        change); `_go_on()` goes on from it (what follows on its own). Then `inp` joins
        the log. (No closures: this is every input's path, and the bench counts it.)"""
        try:
            step(*args)
            try:
                self._go_on()
            except IllegalInput as error:  # after the change: a bug, not a refusal
                raise RuntimeError(f"refused after the input was applied: {error}") from error
        except IllegalInput:
            raise
        except BaseException:
            self._refold(self._log)  # a bug halfway through a change: restore the state
            raise
        self._log.append(inp.copy() if type(inp) is dict else dict(inp))
        self._waiting = None

    def _go_on(self) -> None:
        """What follows an input on its own (none by default)."""

    def _refold(self, log: Sequence[Input]) -> None:
        """The state after `log` from the setup (its last input may be a bug's)."""
        raise NotImplementedError

    def _compute_waiting(self) -> Sequence[Waiting]:
        raise NotImplementedError
