"""A teaching from the page kept as it changes, so a restart of the table resumes it where
it was: "Teach your dice" (host.app.teaching) and "Teach your cards" (host.app.card_teaching)
alike. Each is kept in the table's learning store under its kind (vision.learning.store:
`teachings`, one of each kind): the teaching (its flow's JSON) and each die or card cut out,
once when it is cut out and again when a person says what it is.

Keeping never stops a teaching: a store that fails is said once (a restart would lose what
is not kept) and the whole teaching is kept at the next change; a kept teaching that cannot
be read back is said, and the table goes on. What keeping says is told by `tell`, outside
the teaching's lock: the table's notice takes the table's lock, which the page's steps hold
before the teaching's, never the other way.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from host.app.text import _
from host.errors import UserError
from host.games.text import Text, message

if TYPE_CHECKING:
    from vision.learning.store import KeptCut, LearningStore


class Flow(Protocol):
    """What keeping needs of a teaching (vision.learning.flow.TeachFlow,
    vision.cards.flow.CardTeachFlow)."""

    def kept(self) -> str:
        """The teaching but its cuts, as kept (JSON)."""
        ...

    def kept_cuts(self) -> int:
        """How many cuts it made (numbered from 0)."""
        ...

    def kept_cut(self, number: int) -> tuple[bytes, str]:
        """What is kept of a cut once made, never changed: its image (PNG) and what the
        camera found (JSON)."""
        ...

    def said_of(self, number: int) -> str | None:
        """What a person said of a cut, as kept (JSON; None: nothing yet)."""
        ...


F = TypeVar("F", bound=Flow)


@dataclass(frozen=True)
class Words:
    """The words of a kind of teaching: what it is called (in keeping's sentences, the same
    for every kind) and how far a teaching resumed had gone."""

    teaching: Text  # e.g. "the teaching of the dice"
    progress: Callable[[Any], Text]  # of the flow resumed, e.g. "throws: 4, dice cut out: 30"


class Keeping(Generic[F]):
    """Keeps the teaching of `kind` (vision.learning.store.TEACHINGS) in a store, once one
    is given (`resume`). Called with the teaching's lock held."""

    def __init__(self, kind: str, words: Words) -> None:
        self.kind = kind
        self.words = words
        self.store: LearningStore | None = None  # where it is kept (None: nowhere)
        self._whole = True  # keep the whole teaching next (its keeping failed, or began)
        self._unkept = False  # a keeping failed (said once, until one works again)
        self._said: list[tuple[str, Text]] = []  # told by `tell`
        self._lock = threading.Lock()

    def resume(
        self, store: LearningStore, make: Callable[[str, list[KeptCut]], tuple[F, int]]
    ) -> F | None:
        """Keep the teaching in `store` from now on, and the one kept there made again by
        `make` (from its state and cuts: the flow, and how many cuts could not be read) if
        there is one. One that cannot be resumed is said (None), and left kept until a new
        teaching begins."""
        from vision.errors import VisionError

        self.store = store
        try:
            kept = store.teaching(self.kind)
            if kept is None:
                return None
            flow, unread = make(*kept)
        except (VisionError, UserError) as error:
            why = message(error)
            self._say(
                "error",
                _(
                    "{teaching} under way when the table stopped cannot be resumed: {why}; "
                    "start it again",
                    teaching=self.words.teaching,
                    why=why,
                ),
            )
            return None
        self._whole = unread > 0  # (its cuts numbered anew: kept again whole)
        if unread:
            self.keep(flow)
            self._say(
                "warning",
                _(
                    "{n, plural, one {# of the pictures kept by {teaching} could not be read "
                    "back after the table stopped: show it to the camera again} other {# of the "
                    "pictures kept by {teaching} could not be read back after the table "
                    "stopped: show them to the camera again}}",
                    n=unread,
                    teaching=self.words.teaching,
                ),
            )
        self._say(
            "info",
            _(
                "{teaching} goes on where it was when the table stopped ({progress})",
                teaching=self.words.teaching,
                progress=self.words.progress(flow),
            ),
        )
        return flow

    def begin(self, flow: F) -> None:
        """A new teaching: kept in place of any kept before."""
        self._whole = True
        self.keep(flow)

    def keep(self, flow: F, new: Iterable[int] = (), said: Iterable[int] = ()) -> None:
        """Keep the teaching as it is now: the cuts `new`ly made, what was `said` of these
        cuts (their numbers)."""
        from vision.errors import VisionError
        from vision.learning.store import KeptCut

        if self.store is None:
            return

        def cut(number: int) -> KeptCut:
            return KeptCut(number, *flow.kept_cut(number), flow.said_of(number))

        try:
            if self._whole:
                every = [cut(n) for n in range(flow.kept_cuts())]
                self.store.begin_teaching(self.kind, flow.kept(), every)
            else:
                changed = {n: flow.said_of(n) for n in said}
                self.store.keep_teaching(self.kind, flow.kept(), [cut(n) for n in new], changed)
        except VisionError as error:
            self._whole = True
            if not self._unkept:
                why = message(error)
                self._say(
                    "error",
                    _(
                        "{teaching} cannot be kept ({why}): it goes on, but a restart of the "
                        "table would lose what is not kept",
                        teaching=self.words.teaching,
                        why=why,
                    ),
                )
            self._unkept = True
            return
        self._whole = self._unkept = False

    def keep_current(
        self, flow: F, current: F | None, new: Iterable[int] = (), said: int | None = None
    ) -> None:
        """Keep `flow` as it is now (`keep`: the `new` cuts made, what was `said` of one,
        its number) if it is still the teaching going on (`current`): a step finishing
        after its teaching ended (cancelled, or another begun) keeps nothing."""
        if flow is current:
            self.keep(flow, new, () if said is None else (said,))

    def forget(self) -> None:
        """Nothing kept of the teaching any more (it ended)."""
        from vision.errors import VisionError

        if self.store is None:
            return
        try:
            self.store.end_teaching(self.kind)
        except VisionError as error:  # (the next teaching replaces it: said, no more)
            why = message(error)
            self._say(
                "warning",
                _(
                    "{teaching} kept cannot be forgotten: {why}",
                    teaching=self.words.teaching,
                    why=why,
                ),
            )

    def tell(self, notice: Callable[[str, Text], None]) -> None:
        """Say what keeping said (outside the teaching's lock)."""
        with self._lock:
            said, self._said = self._said, []
        for level, text in said:
            notice(level, text)

    def _say(self, level: str, text: Text) -> None:
        with self._lock:
            self._said.append((level, text))
