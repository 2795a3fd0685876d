"""The camera's cards: what settles on the discard pile, and the hands laid down.

`CardWatcher` reads every frame with the card set the game's expectation names (vision's
CardReader: never a sure wrong card, `unknown` with a reason), while the game expects
cards, and waits until a view settles (the same cards read on SETTLE frames in a row,
vision.cards.still: a hand laying a card is not a card laid). A settled view that differs
from the last one is an event for the table:

- "discard": the cards newly on the pile, each a card not seen on it before (the same
  card lying at the same place and turn is the same card, however often it was hidden by
  a hand and seen again; a second copy laid on a copy lies a little apart, or is entered
  on the page). A new card that cannot be read is a misfit, with the reader's reason.
  What the reader finds like no card of the set (a die, a coaster on the table) is
  remembered where it lies like a card, so it is new once only; beside a card read, it is
  not the card laid, and is left out. So is a find of no card's size beside the last cards
  read (each once) and those read in its view (vision.cards.size: a die read a sure red 9
  in a view where no card is read); alone, it is said, as a card that cannot be read.
- "hand": the cards laid down once the view holds as many as the player lays down
  (leaving out what is like no card when there are more), every one read; some unreadable
  is a misfit. A view of more cards than that is a misfit (take the others away, or enter
  the hand on the page), and so is a view of fewer that lies still for HAND_WAIT seconds
  (the player has laid what they lay: one is hidden under another, or not laid).

  The cards lying when a player's hand comes to be awaited (the discard pile, the hand
  laid down before, as read) are not theirs. People leave them lying, push them aside or
  take them away, and the next player lays their cards beside: so the hand counts only
  the cards not lying where those lay (counted, they made a view of the right number with
  some of the next hand laid: a confident wrong score). One of them moved can't be told
  from a card of the same kind laid: while one read is neither where it lay nor gone (a
  view with no card that could be it), a card that could be it among the hand is a misfit
  (take the cards laid before away, or enter the hand on the page), never counted. A
  camera that starts while a hand is awaited (the host started again) saw none of them
  lie: its first view takes cards alike those the game says lie face up
  (CardExpectation.lying: the pile's top card, the hands laid before) for them.

  An undo that brings a hand back to be awaited (`undone`, then `expect`) looks at the
  view anew: the cards lying where that hand's own view last settled count for it again
  (its player need not lay them again), and only the others (the pile, the other hands)
  are the cards lying before. Its cards as they lay when undone are not read again (that
  would take the undo back at once, however the view wobbles): once one is straightened,
  laid again, added or taken away, the hand is read, the cards still lying with it. The
  hands' views are kept until the next round's counting begins.

Face-down cards (the draw pile) are reported by vision and ignored here. The pile's memory
is cleared when a round's first card is awaited again (the pile gathered and shuffled), not
when an undo takes a round's end back (the pile still lies there: its cards are not laid).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import numpy as np

from host.app.set_files import Watched
from host.app.text import _
from host.games import CardExpectation
from host.games.text import Text, as_text, message
from vision.cards import size
from vision.cards.design import BLACK
from vision.cards.still import Still, place, same_place

if TYPE_CHECKING:
    from vision.cards.reader import CardReading

UNKNOWN = "unknown"  # a colour or value the reader did not read (vision.cards.reader)

HAND_WAIT = 5.0  # seconds a hand's view of too few cards lies still before it is said
# the cards read last, each once (new on the pile, laid in a hand): their sides tell the
# deck's size here; few, so that a camera moved closer or farther is followed within a few
# cards (said until then), and a die read as a card, seen once a round, stays one of many
SIZES_KEPT = 8


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


class Misread(NamedTuple):
    """Cards the camera cannot take: why, for the players (what it could not tell, what to
    do), every card read in the view (vision's JSON, for the page) and the readers' own
    reasons with their figures, for whoever looks at the console ("" when none)."""

    reason: Text
    cards: list[dict[str, Any]]
    detail: str = ""


Snapshot = Callable[[np.ndarray | None], tuple[bytes, float]]
# the round's pile kept for a game (its id), as JSON: True once it is (the store may fail)
Keep = Callable[[Hashable, dict[str, Any]], bool]
Kept = Callable[[Hashable], dict[str, Any] | None]  # the pile kept for a game, if any


class Reader(Protocol):
    """What the watcher needs of vision's CardReader."""

    def read(self, frame: np.ndarray) -> list[CardReading]: ...


def _card_set_file(name: str) -> Path:
    from vision.cards.cardset import user_path

    return user_path(name)


def _load(card_set: str) -> Reader:
    """A set taught on the table is read with the shipped one of its name for the values it
    was not taught (vision.cards.combined); any other set alone."""
    from vision.cards import combined

    return combined.load(card_set)


class CardWatcher:
    """Follows the cards in frames fed one by one (from one thread); `expect` may be called
    from any thread. Reads nothing until the game expects cards."""

    def __init__(self, snapshot: Snapshot, load: Callable[[str], Reader] = _load) -> None:
        self._snapshot = snapshot
        self._load_set = load
        self._readers: dict[str, Reader | None] = {}  # None: it cannot be loaded
        self._files = Watched(_card_set_file)  # the sets' files, as they were loaded
        self._lock = threading.Lock()
        self.expected: CardExpectation | None = None
        self._last: CardExpectation | None = None  # the last awaited (a pause in between)
        self._game: Hashable = None  # the game it was awaited in
        self.trouble: Text | None = None  # a card set that cannot be loaded, said once
        self.notes: list[Text] = []  # a taught set that did not read, set aside: said once
        self.frames = 0
        # a hand all laid but not all read: what the camera takes it for, each card its
        # likeliest ({"player", "cards", "unsure": indices}), for the page to fill in its
        # form (the person confirms, or fixes the card not read); taken with `take_guess`
        self._guess: dict[str, Any] | None = None
        self._still = Still()  # the view of the last frames, and whether it lies still
        self._short: Hashable = None  # the view of a short hand said
        # how the view is looked at anew for the hand awaited (set by `expect`, from
        # another thread: read under the lock): "next", "first" (a counting begins),
        # "back" (an undo brought it back); None: as it is
        self._anew: str | None = None
        self._undone = False  # an undo was done: the next expectation comes back by it
        self._hands: dict[CardExpectation, list[CardReading]] = {}  # each hand's laid, last
        self._as_undone: list[CardReading] = []  # a hand brought back: its cards as undone
        self._settled: tuple[tuple[object, ...], ...] | None = None
        self._pile: list[CardReading] = []  # every card seen settled on the pile this round
        self._view: list[CardReading] = []  # the cards of the view settled last
        self._before: list[CardReading] = []  # lying when the hand awaited came to be
        self._gone: set[int] = set()  # of those, the ones seen taken out of the view
        self._laid: list[CardReading] = []  # the hand's view less the cards lying before
        self._sizes: deque[size.Sides] = deque(maxlen=SIZES_KEPT)  # cards read last: sides
        self._here: list[size.Sides] = []  # the cards read in the view settled last
        self._teaching: Callable[[np.ndarray], None] | None = None  # a deck being taught
        # the first view of a game's pile is yet to settle: its top card is the pile as it
        # lies (a host started again mid-round), not a card laid (CardExpectation.top)
        self._starting = False
        # where the round's pile is kept as it changes (the game store: `remember`), so a
        # camera started again (the host was) knows every card seen on it, not its top alone
        self._keep: Keep | None = None
        self._kept: Kept | None = None
        self._unkept = False  # the pile changed since it was kept
        self._keeping = threading.Lock()  # one keeping at a time (taken before `_lock`)
        self._to_read = False  # a game's cards are first awaited: its pile kept is to read

    def expect(self, expected: CardExpectation | None, game: Hashable = None) -> None:
        """What the game (`game`: which one) awaits now; None: nothing (no game, or the
        game paused: once it goes on, its pile and the hand laid so far are as they were)."""
        with self._lock:
            self.expected = expected
            if expected is None:
                return
            if game != self._game:  # (a camera started, or another game: a pile may lie)
                self._starting = True
            if expected.card_set not in self._readers:
                self._load(expected.card_set)  # (once: one that fails is said once)
            back, self._undone = self._undone, False
            last = self._last if game == self._game else None  # (another game: from afresh)
            if game != self._game:
                self._sizes = deque(maxlen=SIZES_KEPT)  # (another table, maybe)
            self._last, self._game = expected, game
            if expected.what == "discard" and (last is None or (last.what == "hand" and not back)):
                self._pile.clear()  # (a new round; an undo back into the round keeps its pile)
                if last is not None:  # (kept at once: a round's pile is never another's)
                    self._unkept = True
            if last is None:  # a camera started on this game: its pile kept is read back
                self._to_read = True  # (with the first frame: `remember` may come after)
            if expected.what == "hand" and expected != last:
                # the view is looked at anew for this hand (its time too)
                first = last is not None and last.what == "discard"
                self._anew = "back" if back else "first" if first else "next"
        self._keep_pile()  # (a new round's pile, empty)

    def remember(self, keep: Keep, kept: Kept) -> None:
        """Keep the round's pile with `keep(game, pile)` as it changes (after the events of
        the frame that changed it are handed on: a card laid is committed before it is
        kept), and read it back with `kept(game)` when a game's cards are first awaited: a
        camera started again mid-round (the host was: a crash, a power cut) knows every
        card it saw on the pile, where it lies, and takes none of them for a card laid."""
        with self._lock:
            self._keep, self._kept = keep, kept

    def _keep_pile(self) -> None:
        """The pile kept, if it changed and there is where. The store is written outside
        the watcher's lock (the store has its own: never one lock taken inside the other),
        one keeping at a time (the last pile is the one kept)."""
        with self._keeping:
            with self._lock:
                if self._keep is None or not self._unkept or self._game is None:
                    return
                keep, game, pile = self._keep, self._game, [c.to_json() for c in self._pile]
                self._unkept = False
            if not keep(game, {"pile": pile}):  # (not kept: tried again next frame)
                with self._lock:
                    self._unkept = True

    def _read_pile(self) -> None:
        """The pile kept for the game whose cards are first awaited, read back (the store
        read outside the watcher's lock)."""
        with self._lock:
            if not self._to_read or self._kept is None or self._game is None:
                return
            self._to_read = False
            kept, game = self._kept, self._game
        pile = _pile_read(kept(game))
        with self._lock:
            self._pile += pile
            self._sizes.extend(_sides(c) for c in pile if c.known)

    def take_guess(self) -> dict[str, Any] | None:
        """The hand the last misfit takes the cards for (None: none), once. The camera's
        thread, after `feed`."""
        guess, self._guess = self._guess, None
        return guess

    def lying(self, card: dict[str, str]) -> bool:
        """Whether a card alike `card` lies in the view settled last: one of its kind laid
        now is taken for it, as it lies where that one does (a copy on its copy), and is not
        new: it is entered on the page, and the camera will never confirm it. Any thread."""
        with self._lock:
            alike = (card.get("color"), card.get("value"))
            return any((c.color, c.value) == alike for c in self._view)

    def undone(self) -> None:
        """An input was undone: the expectation that comes next is one brought back (a
        hand awaited again counts its own cards still lying). Any thread."""
        with self._lock:
            self._undone = True

    def teach(self, seen: Callable[[np.ndarray], None] | None) -> None:
        """While the table's deck is taught (host.app.card_teaching): every frame goes to
        `seen` instead of being read for the game; None: back to the game. Any thread."""
        with self._lock:
            self._teaching = seen
            self._still.anew()

    def reload(self, card_set: str) -> None:
        """The set `card_set` changed (taught on the page, or back to the one shipped):
        read with it from now on. Any thread."""
        with self._lock:
            if card_set in self._readers:
                self._load(card_set)

    def changed(self) -> list[str]:
        """The card sets put in use outside the table since the last look at their files (a
        put back from a terminal: host.app.set_files), read with from now on. Any thread."""
        with self._lock:
            changed = self._files.changed()
            for card_set in changed:
                self._load(card_set)
        return changed

    def take_notes(self) -> list[Text]:
        """The notes to say (a taught set set aside), once. Any thread."""
        with self._lock:
            notes, self.notes = self.notes, []
        return notes

    def reading_with(self, card_set: str) -> Any:
        """The card set (vision's CardSet) `card_set` is read with now, or None if it is not
        loaded (not expected yet, or it cannot be)."""
        with self._lock:
            reader = self._readers.get(card_set)
        return getattr(reader, "cards", None)

    def _load(self, card_set: str) -> None:
        from vision.errors import SetAside, VisionError

        try:
            try:
                self._files.loading(card_set)
                self._readers[card_set] = self._load_set(card_set)
            except SetAside as aside:  # moved aside: its name reads the shipped set now
                self.notes.append(as_text(aside.args[0]))  # (vision's words, a Said)
                self._files.loading(card_set)
                self._readers[card_set] = self._load_set(card_set)
        except VisionError as error:
            self._readers[card_set] = None
            self.trouble = _(
                "the card set '{name}' cannot be loaded: {why}", name=card_set, why=message(error)
            )

    def feed(self, frame: np.ndarray, t: float) -> list[CardsSeen | Misread]:
        """The events of one frame (`t`: its stream time, seconds): a CardsSeen, or a
        Misread."""
        self.frames += 1
        with self._lock:
            teaching = self._teaching
        if teaching is not None:  # the cards are taught, not played
            teaching(frame)
            return []
        self._keep_pile()  # (the last frame's events are handed on: its pile is kept)
        self._read_pile()
        with self._lock:
            expected = self.expected
            reader = None if expected is None else self._readers.get(expected.card_set)
            if self._anew:  # (the view settled last is this thread's: taken here)
                self._look_anew(self._anew, expected)
        if expected is None or reader is None:
            return []
        cards = [c for c in reader.read(frame) if not c.facedown]
        view = tuple(sorted(map(_where, cards)))
        settled = self._still.see(view, t)
        dice = [c.to_json() for c in cards]
        if expected.what == "hand" and self._still.lying:
            return self._short_hand(expected, cards, dice, t)
        if not settled:
            return []
        self._view = cards
        self._here = [_sides(c) for c in cards if c.known]
        if expected.what == "hand":
            with self._lock:
                starting, self._starting = self._starting, False
            if starting:  # the cards lying as the game says, not the hand's (a restart)
                self._before += _lying(cards, expected.lying)
            self._laid = self._hands[expected] = self._not_before(cards)
        if view == self._settled:
            return []
        self._settled = view
        if expected.what == "hand":
            if self._as_undone and _alike_views(self._laid, self._as_undone):
                return []  # the hand as it was undone (a wobble of the view, not a change)
            self._as_undone = []
            events = self._hand(expected, self._laid, dice, frame)
            seen = self._laid
        else:
            with self._lock:
                starting, self._starting = self._starting, False
            if starting and expected.top is not None:  # the pile as it lies, not laid now
                self._pile += [c for c in cards if (c.color, c.value) == expected.top]
            seen = [c for c in cards if not any(_same(c, old) for old in self._pile)]
            self._pile += seen  # (one not read, seen again where it lies, is not laid again)
            with self._lock:
                self._unkept = self._unkept or bool(seen)
            events = self._discard(expected, seen, dice, frame)
        self._sizes.extend(_sides(c) for c in seen if c.known)  # (after: judged by the others)
        return events

    def _discard(
        self,
        expected: CardExpectation,
        new: list[CardReading],
        dice: list[dict[str, Any]],
        frame: np.ndarray,
    ) -> list[CardsSeen | Misread]:
        """The cards new on the pile: the cards laid, or what cannot be read."""
        read = [c for c in new if c.known and not self._off_size(c)]
        unread = [c for c in new if c not in read and not (read and self._unlike(c))]
        if unread:
            return [self._unread(unread, dice)]
        if not read:
            return []
        return [self._seen(expected, [_card(c) for c in read], dice, frame)]

    def _look_anew(self, how: str, expected: CardExpectation | None) -> None:
        """A hand newly awaited: the cards lying now are not its own, but for a hand
        brought back by an undo, those lying where its view last settled."""
        if how == "first":
            self._hands.clear()  # (a new counting: the last round's hands are gathered)
        own = self._hands.get(expected, []) if how == "back" and expected is not None else []
        self._anew = None
        self._still.anew()
        self._before = [c for c in self._view if not any(_same(c, mine) for mine in own)]
        self._gone, self._as_undone = set(), own

    def _not_before(self, cards: list[CardReading]) -> list[CardReading]:
        """The cards of a hand's view not lying where the cards before lay; and of the
        cards before, those not where they lay that none of those could be are gone (what
        lies where it lay, a find on the table not read, says nothing of the others)."""
        laid = [c for c in cards if not any(_same(c, old) for old in self._before)]
        for i, old in enumerate(self._before):
            if not any(_same(c, old) for c in cards) and not any(_alike(c, old) for c in laid):
                self._gone.add(i)
        return laid

    def _hand(
        self,
        expected: CardExpectation,
        cards: list[CardReading],
        dice: list[dict[str, Any]],
        frame: np.ndarray,
    ) -> list[CardsSeen | Misread]:
        """A hand's settled view, less the cards lying before: the hand, or what is wrong."""
        if len(cards) > expected.count:  # a die or a coaster beside the hand
            cards = [c for c in cards if not self._unlike(c)]
        if len(cards) > expected.count:
            return [Misread(_miscounted(expected, len(cards)), dice)]
        if len(cards) != expected.count:
            return []  # not all laid yet
        # (of a find not read, a die or a mark on the table, the reader may lose sight
        # beside the cards laid: only a card read is one that may have been moved)
        moved = [
            old
            for i, old in enumerate(self._before)
            if old.known and i not in self._gone and not any(_same(c, old) for c in self._view)
        ]
        if any(_alike(c, old) for c in cards for old in moved):
            return [Misread(_moved_before(expected), dice)]
        unread = [c for c in cards if not c.known or self._off_size(c)]
        if unread:
            self._guess = {
                "player": expected.player,
                "cards": [{"color": c.best_color, "value": c.best_value} for c in cards],
                "unsure": [i for i, c in enumerate(cards) if c in unread],
            }
            return [self._unread(unread, dice)]
        return [self._seen(expected, [_card(c) for c in cards], dice, frame)]

    def _short_hand(
        self,
        expected: CardExpectation,
        cards: list[CardReading],
        dice: list[dict[str, Any]],
        t: float,
    ) -> list[CardsSeen | Misread]:
        """A hand's view of fewer cards than the player lays down, lying still HAND_WAIT
        seconds: said once (a view with none says nothing: nobody has laid yet)."""
        n = len([c for c in self._laid if not self._unlike(c)])
        if not 0 < n < expected.count or t - self._still.since < HAND_WAIT:
            return []
        if self._short == self._still.view:
            return []
        self._short = self._still.view
        return [Misread(_miscounted(expected, n), dice)]

    def _unlike(self, c: CardReading) -> bool:
        """Like no card of the deck: as the reader says, or of no card's size."""
        return c.unlike or self._off_size(c)

    def _off_size(self, c: CardReading) -> bool:
        """Of no card's size beside the cards read last and those read in this view (a die
        read as the first card of a game is given as one; once as many cards as it are
        known, it is not: vision.cards.size takes the median)."""
        return size.off(size.sides(c.corners), [*self._sizes, *self._here])

    def _unread(self, cards: list[CardReading], dice: list[dict[str, Any]]) -> Misread:
        """Cards that cannot be read: for the players, what the camera could not tell of
        each (vision.cards.reader.told, or its size) and its likeliest colour and value, in
        the game's words its expectation gives (the app names no game's cards; without
        them, the card set's ids); for the console, the reader's reasons with their figures
        ("value unsure: 0.50 < 0.90", which told a player nothing)."""
        from vision.cards.reader import told

        names = dict(self.expected.names) if self.expected is not None else {}
        why, detail = [], []
        for c in cards:
            off = self._off_size(c)
            plain = _("not the size of the other cards") if off else as_text(told(c))
            card = _card_said(c.best_color, c.best_value, names)
            if plain:
                why.append(_("{why} (likeliest {card})", why=plain, card=card))
            reason = "the size of no card read lately" if off else str(c.reason)
            detail.append(f"{reason} (likeliest {c.best_color} {c.best_value})")
        return Misread(_said_unread(cards, why), dice, "; ".join(detail))

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


def _pile_read(kept: Mapping[str, Any] | None) -> list[CardReading]:
    """The pile as `remember` kept it (nothing, or what does not read: none)."""
    from vision.cards.reader import CardReading

    out = []
    for c in (kept or {}).get("pile", []):
        try:
            out.append(
                CardReading(
                    **{
                        **c,
                        "corners": tuple(tuple(p) for p in c["corners"]),
                        "center": tuple(c["center"]),
                        "box": tuple(c["box"]),
                    }
                )
            )
        except (TypeError, KeyError, ValueError):
            continue  # (a pile kept by another version: that card is not known)
    return out


def _where(c: CardReading) -> tuple[object, ...]:
    """A card as a view tells it apart: its kind, and roughly where it lies (a card moved
    is a new view, looked at again)."""
    return (c.color, c.value, *place(c))


def _lying(cards: list[CardReading], lying: tuple[tuple[str, str], ...]) -> list[CardReading]:
    """Of `cards`, as many alike each card the game says lies face up as lie (a card of the
    hand alike one on the pile may be taken for it: then the hand is short, said, never
    counted wrong)."""
    left = list(lying)
    out = []
    for c in cards:
        if (c.color, c.value) in left:
            left.remove((c.color, c.value))
            out.append(c)
    return out


def _sides(c: CardReading) -> size.Sides:
    return size.sides(c.corners)


def _card(c: CardReading) -> dict[str, str]:
    card = c.card()
    assert card is not None
    return card


def _card_said(color: str, value: str, names: dict[str, str]) -> str:
    """A card in the game's words (`names`: id -> a `Text`): a wild card by its value
    alone ("+4", not "black +4"), else its colour and value ("9 jaune", "黄の9"). A card
    the game does not name: the card set's ids, as they are ("green 8")."""
    if color not in names or value not in names:
        return f"{color} {value}"
    if color == BLACK:
        return names[value]
    return _("{color} {value}", color=names[color], value=names[value])


def _said_unread(cards: list[CardReading], why: list[Text]) -> Text:
    """Cards that cannot be read, and why, for people: what to do next (the page offers
    the cards that may be laid, or the hand filled in as read; or the camera reads a card
    again once it lies otherwise)."""
    return _(
        "{n, plural, one {the camera cannot read # card: {why}; tap the right card on the "
        "page, or lay it flat in good light, without glare, for the camera to read it again} "
        "other {the camera cannot read # cards: {why}; tap the right cards on the page, or "
        "lay them flat in good light, without glare, for the camera to read them again}}",
        n=len(cards),
        why=why,
    )


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


def _moved_before(expected: CardExpectation) -> Text:
    """A hand's view where a card lying before may have been moved among the player's."""
    return _(
        "the cards that lay here before were moved, and may be counted as {player}'s: "
        "take them away, or enter the hand on the page",
        player=expected.player,
    )


def _alike(a: CardReading, b: CardReading) -> bool:
    """Cards that may be the same: the same colour if both colours were read, the same
    value if both values were."""
    if UNKNOWN not in (a.color, b.color) and a.color != b.color:
        return False
    return UNKNOWN in (a.value, b.value) or a.value == b.value


def _alike_views(a: list[CardReading], b: list[CardReading]) -> bool:
    """The same cards lying where they lay, each of one view the same as one of the other."""
    return len(a) == len(b) and all(any(_same(c, d) for d in b) for c in a)


def _same(a: CardReading, b: CardReading) -> bool:
    """The same card lying where it lay: about the same place and turn, and alike (a card
    of the pile partly hidden now may not be read any more, one not read before may be
    now; a card whose colour was read but not its value is still not a card of another
    colour laid on it alike)."""
    return _alike(a, b) and same_place(a, b)
