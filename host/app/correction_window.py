"""The correction window: once the throws end (the player's button, the page, or the last
throw settling), the "resolve" input is held for a few seconds, shown on the page with a
countdown, while anyone may fix a misread die (each fix restarts the countdown); then it is
applied. The table stores what it holds, so a restart reopens the window."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from host.games import Input


class CorrectionWindow:
    """The input held (`holding`, None: the window is shut) and when it is applied
    (`deadline`, on the table's `clock`), `seconds` after it opened or was looked at again."""

    def __init__(self, seconds: float, clock: Callable[[], float]) -> None:
        self.seconds = seconds
        self.clock = clock
        self.holding: Input | None = None
        self.deadline: float | None = None

    def open(self, held: Input | None) -> None:
        """Hold `held` for the window's seconds from now (None: shut it)."""
        self.holding = None if held is None else dict(held)
        self.deadline = None if held is None else self.clock() + self.seconds

    def shut(self) -> None:
        self.holding = self.deadline = None

    def again(self, seconds: float | None = None) -> None:
        """The countdown starts again (a fix, a fresh look after a pause; `seconds`: a retry
        of what could not be stored, sooner)."""
        self.deadline = self.clock() + (self.seconds if seconds is None else seconds)

    def due(self, now: float) -> bool:
        """Its held input is to be applied now."""
        return self.holding is not None and self.deadline is not None and now >= self.deadline

    def view(self, paused: bool) -> dict[str, Any] | None:
        """The window for the page (None: shut)."""
        if self.holding is None:
            return None
        left = None if self.deadline is None else max(0.0, self.deadline - self.clock())
        return {
            "input": dict(self.holding),  # "use it now" sends it again
            "player": self.holding.get("player"),
            "seconds": None if left is None else round(left, 1),
            # the server's deadline on the wall clock: every page counts down to it (a
            # reloaded phone too), against the server's time it is sent with
            "ends_at": None if left is None else round(time.time() + left, 2),
            "paused": paused,
        }
