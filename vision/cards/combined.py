"""A deck's taught set read with the shipped one: teaching some cards adds to what the table
reads, never takes away (issue 20).

A set taught on the table (vision.cards.teach) knows only the kinds its photos showed; a
player who teaches 5 kinds of a 54-kind deck would otherwise get a table that reads only
those 5. `CombinedReader` finds the cards once and reads each with both sets:

- the taught set's reading first: a value it is sure of (or a card face down) stands;
- where it is not sure (or took the find for no card), the shipped set's reading is taken
  only for a value the teaching showed in NO colour (the taught set has no class for it,
  so it cannot read it, only be misled by it), and only if all hold: the shipped set reads
  colour and value at its own calibrated thresholds (`known`) and the value at `NEW` or
  more; the kind is of the deck (`deck`) and not taught; the taught set does not say
  otherwise: its colour, if sure, is the same, and it does not lean to a value it was
  taught (its likeliest value below `LEAN`: having no class for the shipped value, on a
  card of it the taught set can only spread over the values it knows);
- never merely because both sets agree: a value taught in some colour is the taught set's
  to read (teach27-29's one held-out miss each was taken where both sets named a value
  the teaching had shown: a 6 read 9, a 7 read 4, a draw 2 read 7, docs/vision.md);
- a sure shipped reading the rule does not take, of a find the taught set took for no
  card, is a conflict: unknown (the shipped set's reason, or that the set taught does not
  recognise it);
- colours likewise: the shipped colour only with the shipped kind, never on its own.

teach27's new-value path with its agreeing path closed (teach30). On the tuning designs
(scripts/teach30-tune.out: seeds 1100-1111, 1200-1207, taught from 12 frames) the taught
set alone reads 101 of 476 values, this 111, silent 3 both (the LEAN guard costs nothing
there). Its rule run once on fresh material (scripts/teach30-judge.py, .out): held-out
designs 2531-2570 taught from 12 frames, 186 -> 211 of about 820 values, silent 4 -> 4
(the taught set's own); deck-a taught from half its photos, whole-deck hands 23 -> 23
twice, silent 0 (its half teaching showed every value in some colour, so nothing is
taken there: the gain is for a deck taught a few cards, with whole values not shown).

The one place for this rule; `load` gives the reader a set's name calls for (the combined
one where the table has a taught set of a shipped name), for the table's camera
(host.app.card_camera), `dicetable vision read` and `dicetable vision eval` alike, so that
eval measures what the table reads (a set's .npz file is read alone).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

from vision.cards import cardset, colour, finder
from vision.cards.cardset import CardSet
from vision.cards.reader import CardFrameReading, CardReader, CardReading, FrameCards, embed
from vision.teach import CAUTIOUS
from vision.words import _

# the shipped set's probability of its value, for a value the teaching showed in no colour:
# as sure as a taught set must be where it cannot certify lower (vision.teach)
NEW = CAUTIOUS
# the taught set's probability of its likeliest value (one it was taught) at which it leans
# to that value: it says otherwise than a value it has no class for
LEAN = 0.5


class _Given(CardReader):
    """A CardReader whose cut cards' features were measured once, for both sets."""

    given: tuple[np.ndarray, np.ndarray] | None = None

    def scores(self, cuts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        if self.given is None:
            return super().scores(cuts)
        features, measured = self.given
        s = self.cards
        return features, s.value_probabilities(features), s.color_probabilities(measured)


class CombinedReader(FrameCards):
    """Reads a deck with its taught set and, for the kinds the teaching did not show, the
    shipped set (the module's rule). Answers as a CardReader does."""

    def __init__(
        self,
        taught: CardSet,
        shipped: CardSet,
        deck: Sequence[tuple[str, str]] | None = None,
        threshold: float = finder.CARD_THRESHOLD,
        new: float = NEW,
        lean: float = LEAN,
    ) -> None:
        self.taught = _Given(taught, threshold)
        self.shipped = _Given(shipped, threshold)
        self.cards = taught  # (what evaluate and the page name the reading by)
        self.threshold = threshold
        self.taught_kinds = frozenset(taught.kinds)
        self.deck = frozenset(deck if deck is not None else shipped.kinds)
        self.new, self.lean = new, lean
        self._lock = threading.Lock()

    @property
    def values(self) -> tuple[str, ...]:
        """The taught set's values, then the shipped set's it was not taught."""
        taught = self.cards.values
        return (*taught, *(v for v in self.shipped.cards.values if v not in taught))

    @property
    def described(self) -> str:
        return (
            f"taught set {self.cards.name} read with the shipped set {self.shipped.cards.name} "
            "for values the teaching showed in no colour"
        )

    def read_cuts(self, cuts: np.ndarray, found: list[finder.Found]) -> CardFrameReading:
        return self.combined(found, *self.both(cuts, found))

    def both(
        self, cuts: np.ndarray, found: list[finder.Found]
    ) -> tuple[CardFrameReading, CardFrameReading]:
        """Both sets' readings of the cut cards (their features measured once)."""
        measured = colour.features(cuts)
        given = (embed(cuts, colours=measured), measured)
        with self._lock:
            self.taught.given = self.shipped.given = given
            try:
                mine = self.taught.read_cuts(cuts, found)
                theirs = self.shipped.read_cuts(cuts, found)
            finally:
                self.taught.given = self.shipped.given = None
        return mine, theirs

    def combined(
        self, found: list[finder.Found], mine: CardFrameReading, theirs: CardFrameReading
    ) -> CardFrameReading:
        """One frame's reading from both sets' (CombinedReader.both)."""
        t = {id(c.corners): c for c in mine.cards}
        s = {id(c.corners): c for c in theirs.cards}
        out, dropped = [], []
        for f in found:
            card = self.combine(t.get(id(f.corners)), s.get(id(f.corners)))
            if card is None:
                dropped.append(f)
            else:
                out.append(card)
        return CardFrameReading(out, dropped)

    def combine(self, mine: CardReading | None, theirs: CardReading | None) -> CardReading | None:
        """One find's reading from the taught set's (`mine`) and the shipped set's (None:
        that set took it for no card)."""
        if mine is not None and (mine.value != "unknown" or mine.facedown):
            return mine
        if theirs is None:
            return mine
        kind = (theirs.color, theirs.value)
        untaught = theirs.known and kind in self.deck and kind not in self.taught_kinds
        if untaught and self._unopposed(mine, theirs):
            return theirs  # a kind not taught, read surely by the set as shipped
        if mine is not None:
            return mine
        if theirs.facedown:
            return theirs
        why = theirs.reason or _("the set taught here does not recognise this card")
        return replace(theirs, color="unknown", value="unknown", reason=why)

    def _unopposed(self, mine: CardReading | None, theirs: CardReading) -> bool:
        """Whether the shipped reading (a kind not taught) is of a value the teaching showed
        in no colour, sure at NEW, and the taught set leaves it be (module docstring)."""
        if theirs.value in self.cards.values or theirs.confidence < self.new:
            return False  # a value taught in some colour is the taught set's to read
        if mine is None:
            return True  # the taught set took the find for no card: nothing against it
        return mine.color in ("unknown", theirs.color) and mine.confidence < self.lean


def load(
    name: str | Path, deck: Sequence[tuple[str, str]] | None = None
) -> CardReader | CombinedReader:
    """The reader for a card set name: a set the table was taught under a shipped set's name
    is read with that shipped set (CombinedReader); any other set alone (CardReader)."""
    path = Path(name)
    taught_here = path.suffix != ".npz" and cardset.user_path(str(name)).is_file()
    if taught_here and str(name) in cardset.shipped():
        taught = cardset.load(name)
        shipped = cardset.load(cardset.SHIPPED / f"{name}.npz")
        return CombinedReader(taught, shipped, deck)
    return CardReader.load(name)
