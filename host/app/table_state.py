"""What the table keeps beside the game, shared by the modules its doors lead to.

The table (host.app.table), the page's actions (host.app.actions) and the camera's events
(host.app.camera_events) read and change these fields, in the table's lock: what the
camera saw last, the throw asked about, the cards entered and awaited, this turn's fixes,
what Redo gives back, the camera events waiting for the store, the correction window.
"""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from host.app.asking import Asking
from host.app.camera import CameraEvent
from host.app.correction_window import CorrectionWindow
from host.app.teach_answers import Answers
from host.games import DiceExpectation, Input

RETRY_S = 1.0  # what the store could not take is tried again this often

# a die fixed on the page: the camera's turn it was fixed in, the face read, the face said
Fix = tuple[Hashable, str, str]


@dataclass(frozen=True)
class Kept:
    """`TableState.kept`: the camera's last view (its one-tap fix offered), the cards entered
    not seen yet, this turn's fixes, the undos (the camera's turn)."""

    throw: dict[str, Any] | None
    entered: Input | None
    fixes: list[Fix]
    undos: int


@dataclass
class TableState:
    correction: CorrectionWindow  # the resolve held for corrections, its countdown
    run: str = field(default_factory=lambda: secrets.token_hex(4))  # names this run's frames
    throw: dict[str, Any] | None = None  # what the camera saw last (for the page)
    snapshots: dict[int, bytes] = field(default_factory=dict)  # its snapshot, by number
    cuts: dict[int, tuple[bytes, ...]] = field(default_factory=dict)  # its dice, cut out
    # a throw the camera saw with dice it could not read: people say their faces
    asking: Asking | None = None
    entered: Input | None = None  # cards entered on the page, not seen by the camera yet
    # the game's number of inputs when the camera last showed its view of cards (read,
    # not read, refused): cards entered at that count were seen by it, none to confirm
    cards_view_at: int | None = None
    fixes: list[Fix] = field(default_factory=list)  # this turn's fixes of the dice
    undos: int = 0  # an undo starts the camera's turn afresh
    redo: list[Input] = field(default_factory=list)  # inputs undone, last first: Redo's
    unstored: deque[CameraEvent] = field(default_factory=deque)  # waiting for the store
    retry_at: float = 0.0  # when to store them again (0: none failed)
    last_expected: DiceExpectation | None = None  # the dice the game awaited last
    answers: Answers = field(default_factory=Answers)  # a teaching's: one crossed is refused

    def kept(self) -> Kept:
        """What inputs taken or undone change here that the store does not give back (the
        game, Redo and the correction window it does): kept before a press or a reading
        replaced (`Table.all_or_nothing`), `put_back` if the store does not commit it."""
        throw = None if self.throw is None else dict(self.throw)
        return Kept(throw, self.entered, list(self.fixes), self.undos)

    def put_back(self, kept: Kept) -> None:
        self.throw, self.entered, self.fixes = kept.throw, kept.entered, list(kept.fixes)
        self.undos = kept.undos

    def next_snapshot(self, jpeg: bytes) -> int:
        """A new throw's snapshot: only the current throw's is kept; its number."""
        key = max(self.snapshots, default=0) + 1
        self.snapshots = {key: jpeg}
        return key

    def fixed(self, kept: list[str], turn: Hashable) -> list[str]:
        """The kept dice as fixed on the page this `turn`: a die the camera misread, then a
        person fixed, still lies there and the camera still misreads it as it is kept."""
        kept = list(kept)
        self.fixes = [f for f in self.fixes if f[0] == turn]
        for _turn, wrong, right in self.fixes:
            if wrong in kept:
                kept[kept.index(wrong)] = right
        return kept
