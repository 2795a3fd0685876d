"""The camera's cards: what settles on the discard pile, and the hands laid down.

`CardWatcher` reads every frame with the card set the game's expectation names (vision's
CardReader: never a sure wrong card, `unknown` with a reason), while the game expects
cards, and waits until a view settles (the same cards read on SETTLE frames in a row: a
hand laying a card is not a card laid). A settled view that differs from the last one is
an event for the table:

- "discard": the cards newly on the pile, each a card not seen on it before (the same
  card lying at the same place and turn is the same card, however often it was hidden by
  a hand and seen again; a second copy laid on a copy lies a little apart, or is entered
  on the page). A new card that cannot be read is a misfit, with the reader's reason.
  What the reader finds like no card of the set (a die, a coaster on the table) is
  remembered where it lies like a card, so it is new once only; beside a card read, it is
  not the card laid, and is left out.
- "hand": the whole view once it holds as many cards as the player lays down (leaving out
  what is like no card when there are more), every one read; some unreadable is a misfit.
  A view of more cards than that is a misfit (take the others away, or enter the hand on
  the page), and so is a view of fewer that lies still for HAND_WAIT seconds (the player
  has laid what they lay: one is hidden under another, or not laid).

Face-down cards (the draw pile) are reported by vision and ignored here. The pile's memory
is cleared when a round's first card is awaited again (the pile gathered and shuffled);
a hand still lying there once it is read is not read again as the next player's.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from host.app.text import _
from host.games import CardExpectation
from host.games.text import Text, as_text, message

if TYPE_CHECKING:
    from vision.cards.reader import CardReading

UNKNOWN = "unknown"  # a colour or value the reader did not read (vision.cards.reader)

SETTLE = 3  # frames in a row reading the same cards: the view settled
SAME_PLACE = 0.25  # of a card's long side: a card this close, turned alike, is the same card
SAME_TURN = 12.0  # degrees
HAND_WAIT = 5.0  # seconds a hand's view of too few cards lies still before it is said


@dataclass(frozen=True)
class CardsSeen:
    """Cards the camera saw settle, as the expectation asked: the cards newly laid on
    the discard pile, or a whole hand."""

    expected: CardExpectation
    cards: list[dict[str, str]]  # {"color", "value"}: the cards new on the pile, or the hand
    dice: list[dict[str, Any]]  # every card read in the view (vision's JSON), for the page
    snapshot: bytes
    settled_at: float
    frame: int


Snapshot = Callable[[np.ndarray | None], tuple[bytes, float]]


class Reader(Protocol):
    """What the watcher needs of vision's CardReader."""

    def read(self, frame: np.ndarray) -> list[CardReading]: ...


def _load(card_set: str) -> Reader:
    from vision.cards.reader import CardReader

    return CardReader.load(card_set)


class CardWatcher:
    """Follows the cards in frames fed one by one (from one thread); `expect` may be called
    from any thread. Reads nothing until the game expects cards."""

    def __init__(self, snapshot: Snapshot, load: Callable[[str], Reader] = _load) -> None:
        self._snapshot = snapshot
        self._load_set = load
        self._readers: dict[str, Reader | None] = {}  # None: it cannot be loaded
        self._lock = threading.Lock()
        self.expected: CardExpectation | None = None
        self.trouble: Text | None = None  # a card set that cannot be loaded, said once
        self.frames = 0
        self._candidate: tuple[tuple[object, ...], ...] | None = None
        self._streak = 0
        self._since = 0.0  # when the candidate view was first seen (stream time)
        self._short: tuple[tuple[object, ...], ...] | None = None  # a short hand said
        self._anew = False  # (set by `expect`, from another thread: read under the lock)
        self._settled: tuple[tuple[object, ...], ...] | None = None
        self._pile: list[CardReading] = []  # every card seen settled on the pile this round
        self._hand: list[tuple[str, str]] | None = None  # the cards of the last hand read

    def expect(self, expected: CardExpectation | None) -> None:
        with self._lock:
            if expected is not None and expected.card_set not in self._readers:
                self._load(expected.card_set)  # (once: one that fails is said once)
            new_round = self.expected is None or self.expected.what == "hand"
            if expected is not None and expected.what == "discard" and new_round:
                self._pile.clear()
                self._hand = None
            if expected is not None and expected.what == "hand" and expected != self.expected:
                self._anew = True  # the view is looked at anew for this hand (its time too)
            self.expected = expected

    def _load(self, card_set: str) -> None:
        from vision.errors import VisionError

        try:
            self._readers[card_set] = self._load_set(card_set)
        except VisionError as error:
            self._readers[card_set] = None
            self.trouble = _(
                "the card set '{name}' cannot be loaded: {why}", name=card_set, why=message(error)
            )

    def feed(
        self, frame: np.ndarray, t: float
    ) -> list[CardsSeen | tuple[Text, list[dict[str, Any]]]]:
        """The events of one frame (`t`: its stream time, seconds): a CardsSeen, or
        (reason, cards read) for a misfit."""
        self.frames += 1
        with self._lock:
            expected = self.expected
            reader = None if expected is None else self._readers.get(expected.card_set)
            if self._anew:
                self._anew, self._candidate = False, None
        if expected is None or reader is None:
            return []
        cards = [c for c in reader.read(frame) if not c.facedown]
        view = tuple(sorted(map(_where, cards)))
        if view != self._candidate:
            self._candidate, self._streak, self._since = view, 0, t
        self._streak += 1
        dice = [c.to_json() for c in cards]
        if expected.what == "hand" and self._streak > SETTLE:
            return self._short_hand(expected, cards, dice, t)
        if self._streak != SETTLE or view == self._settled:
            return []
        self._settled = view
        if expected.what == "hand":
            if len(cards) > expected.count:  # a die or a coaster beside the hand
                cards = [c for c in cards if not c.unlike]
            if len(cards) > expected.count:
                return [(_miscounted(expected, len(cards)), dice)]
            kinds = sorted((c.color, c.value) for c in cards)
            if len(cards) != expected.count or kinds == self._hand:
                return []  # not all laid yet, or the hand before still lying there
            unread = [c for c in cards if not c.known]
            if unread:
                return [(_unread(unread), dice)]
            self._hand = kinds
            return [self._seen(expected, [_card(c) for c in cards], dice, frame)]
        new = [c for c in cards if not any(_same(c, old) for old in self._pile)]
        self._pile += new  # (one not read, seen again where it lies, is not laid again)
        read = [c for c in new if c.known]
        unread = [c for c in new if not c.known and not (read and c.unlike)]
        if unread:
            return [(_unread(unread), dice)]
        if not read:
            return []
        return [self._seen(expected, [_card(c) for c in read], dice, frame)]

    def _short_hand(
        self,
        expected: CardExpectation,
        cards: list[CardReading],
        dice: list[dict[str, Any]],
        t: float,
    ) -> list[CardsSeen | tuple[Text, list[dict[str, Any]]]]:
        """A hand's view of fewer cards than the player lays down, lying still HAND_WAIT
        seconds: said once (a view with none says nothing: nobody has laid yet)."""
        n = len([c for c in cards if not c.unlike])
        if not 0 < n < expected.count or t - self._since < HAND_WAIT:
            return []
        if self._short == self._candidate:
            return []
        self._short = self._candidate
        return [(_miscounted(expected, n), dice)]

    def _seen(
        self,
        expected: CardExpectation,
        cards: list[dict[str, str]],
        dice: list[dict[str, Any]],
        frame: np.ndarray,
    ) -> CardsSeen:
        snapshot, scale = self._snapshot(frame)
        for d in dice:
            d["box"] = [round(v * scale, 1) for v in d["box"]]
            d["center"] = [round(v * scale, 1) for v in d["center"]]
            d["corners"] = [[round(v * scale, 1) for v in p] for p in d["corners"]]
        return CardsSeen(expected, cards, dice, snapshot, time.monotonic(), self.frames)


def _where(c: CardReading) -> tuple[object, ...]:
    """A card as a view tells it apart: its kind, and roughly where it lies (a card moved
    is a new view, looked at again)."""
    return (c.color, c.value, round(c.center[0] / 16), round(c.center[1] / 16), round(c.angle / 10))


def _card(c: CardReading) -> dict[str, str]:
    card = c.card()
    assert card is not None
    return card


def _unread(cards: list[CardReading]) -> Text:
    """Why cards cannot be read, for people: each card's reason (vision's words) and its
    likeliest colour and value (by the card set's ids: the app names no game's cards)."""
    why = [
        _(
            "{why} (likeliest {color} {value})",
            why=as_text(c.reason),
            color=c.best_color,
            value=c.best_value,
        )
        for c in cards
        if c.reason
    ]
    if len(cards) == 1:
        return _("1 card cannot be read: {why}; enter it on the page", why=why)
    return _("{n} cards cannot be read: {why}; enter them on the page", n=len(cards), why=why)


def _miscounted(expected: CardExpectation, n: int) -> Text:
    """A hand's view of `n` cards where the player lays down another number, for people:
    what is wrong, and what to do next."""
    hand = {"n": n, "player": expected.player, "count": expected.count}
    if n > expected.count:
        return _(
            "{n} cards seen where {player} lays down {count}: take away the cards that are "
            "not {player}'s, or enter the hand on the page",
            **hand,
        )
    if n == 1:
        return _(
            "only 1 of {player}'s {count} cards is seen: lay them all face up, apart, under "
            "the camera, or enter the hand on the page",
            **hand,
        )
    return _(
        "only {n} of {player}'s {count} cards are seen: lay them all face up, apart, under "
        "the camera, or enter the hand on the page",
        **hand,
    )


def _same(a: CardReading, b: CardReading) -> bool:
    """The same card lying where it lay: about the same place and turn, and the same
    colour if both colours were read, the same value if both values were (a card of the
    pile partly hidden now may not be read any more, one not read before may be now; a
    card whose colour was read but not its value is still not a card of another colour
    laid on it alike)."""
    if UNKNOWN not in (a.color, b.color) and a.color != b.color:
        return False
    if UNKNOWN not in (a.value, b.value) and a.value != b.value:
        return False
    side = math.dist(b.corners[1], b.corners[2])
    turn = abs(a.angle - b.angle) % 180
    return math.dist(a.center, b.center) <= SAME_PLACE * side and min(turn, 180 - turn) <= SAME_TURN
