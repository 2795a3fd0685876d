"""Read every card in a still frame: the public API for cards.

    >>> from vision.cards.reader import CardReader
    >>> reader = CardReader.load("cards")            # or a taught name, or a .npz path
    >>> cards = reader.read(frame_bgr)                 # doctest: +SKIP
    >>> [(c.color, c.value) for c in cards]            # doctest: +SKIP
    [('red', '7'), ('black', 'wild4'), ('unknown', 'unknown'), ...]

A reading is plain data (CardReading). A colour or value the model is not sure of is
"unknown" with a reason, never a silent guess; a card the finder is sure of is always
reported, "unknown" if it is like no card of the set (or of no card's size beside the
cards read in the frame: vision.cards.size); a card lying face down is reported
`facedown`, unread.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from vision.cards import cardset, colour, finder, patches, size, symbol
from vision.cards.cardset import CardSet
from vision.reader import UNKNOWN, check_frame
from vision.words import Said, _

VIEWS = 2  # each card is read both ways up (a card lies either way)
UNLIKE = "unlike:"  # how the reason of a find like no card of the set begins (in English)
SIZED_FROM = 3  # cards read in a frame from which one of no card's size is none (size.py)


@dataclass(frozen=True)
class CardReading:
    """One card as read from a frame; coordinates are pixels of the frame given."""

    corners: finder.Corners  # its four corners, clockwise
    center: tuple[float, float]
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 around the card (dice-labels/1)
    angle: float  # its long axis' turn, degrees in [0, 180) clockwise from up
    color: str  # a colour of the card set, or "unknown"
    value: str  # a value of the card set, or "unknown"
    confidence: float  # probability of the value (of the likeliest one when unknown)
    color_confidence: float  # probability of the colour (likewise)
    reason: str  # why the colour or the value is unknown ("" when read; a Said for people)
    best_color: str  # the likeliest colour and value even when unknown: for people, never
    best_value: str  # for the rules
    facedown: bool = False  # the card shows its back

    @property
    def unlike(self) -> bool:
        """Like no card of the set (a die, a coaster, a card of another deck): found only."""
        return self.reason.startswith(UNLIKE)

    @property
    def known(self) -> bool:
        """Both the colour and the value are read: the card the rules may use."""
        return self.color != UNKNOWN and self.value != UNKNOWN

    def card(self) -> dict[str, str] | None:
        """{"color": ..., "value": ...} as the rules take a card, or None if not read."""
        return {"color": self.color, "value": self.value} if self.known else None

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["corners"] = [[round(x, 1), round(y, 1)] for x, y in self.corners]
        out["center"] = [round(v, 1) for v in self.center]
        out["box"] = [round(v, 1) for v in self.box]
        out["angle"] = round(self.angle, 1)
        out["confidence"] = round(self.confidence, 4)
        out["color_confidence"] = round(self.color_confidence, 4)
        return out


@dataclass(frozen=True)
class CardFrameReading:
    """What `CardReader.read_frame` saw: the cards reported, and what the finder found but
    the set took for no card, with the finder not sure enough to report it anyway."""

    cards: list[CardReading]
    dropped: list[finder.Found]


def embed(cuts: np.ndarray, views: int = VIEWS, colours: np.ndarray | None = None) -> np.ndarray:
    """Features (n, views, dim) of upright card patches (n, HEIGHT, WIDTH, 3) uint8, each
    cut as given and (views 2) turned half way round; unit length (vision.cards.symbol).
    `colours`: their colour features (vision.cards.colour) when already measured."""
    return symbol.features(cuts, views, colours)


class FrameCards:
    """Reading a whole frame: found as cards, each cut, the cuts read (`read_cuts`, the
    reader's own); one place for both the card set's reader and the combined one."""

    threshold: float
    cards: CardSet  # the set the reading is named by (the combined one: the taught set)

    @property
    def values(self) -> tuple[str, ...]:
        """Every value this reader can read (what an eval's confusion matrix shows)."""
        return self.cards.values

    @property
    def described(self) -> str:
        """Which reading this is, in words (what `dicetable vision eval` says it measured)."""
        return f"card set {self.cards.name}"

    def read(self, frame: np.ndarray) -> list[CardReading]:
        """Every card in a BGR frame, read; FrameError for a frame that is no image."""
        return self.read_frame(frame).cards

    def read_frame(self, frame: np.ndarray) -> CardFrameReading:
        """As `read`, with what was found but dropped as no card (for measuring)."""
        frame = check_frame(frame)
        found = finder.find(frame, self.threshold)
        if not found:
            return CardFrameReading([], [])
        cuts = np.stack([patches.cut(frame, f.corners) for f in found])
        return self.read_cuts(cuts, found)

    def read_cuts(self, cuts: np.ndarray, found: list[finder.Found]) -> CardFrameReading:
        raise NotImplementedError


class CardReader(FrameCards):
    """Finds and reads the cards of one card set."""

    def __init__(self, cards: CardSet, threshold: float = finder.CARD_THRESHOLD) -> None:
        if cards.embedding != symbol.fingerprint():
            raise cardset.CardSetError(
                f"card set {cards.name!r} was taught on other card features; teach it again"
            )
        self.cards = cards
        self.threshold = threshold

    @classmethod
    def load(cls, name: str | Path) -> CardReader:
        """A reader for a shipped card set ("cards") or a taught name or .npz file."""
        return cls(cardset.load(name))

    def scores(self, cuts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Cut cards' features, value probabilities and colour probabilities by the set
        (what `read_cuts` reads, and what vision.cards.build_shipped calibrates on)."""
        s = self.cards
        measured = colour.features(cuts)  # once: the value's features hold them too
        features = embed(cuts, colours=measured)
        return features, s.value_probabilities(features), s.color_probabilities(measured)

    def read_cuts(self, cuts: np.ndarray, found: list[finder.Found]) -> CardFrameReading:
        """Read cards already found and cut out (vision.cards.patches.cut, one per find)."""
        s = self.cards
        features, probs, colours = self.scores(cuts)
        similar = s.similarity(features)
        out, dropped = [], []
        n = len(s.values)
        for f, p, sim, pc in zip(found, probs, similar, colours, strict=True):
            unlike = sim < s.familiar or int(np.argmax(p)) >= n
            if unlike and f.score < finder.SURE:
                dropped.append(f)  # no card of ours (a coaster, a phone, texture)
                continue
            out.append(self._reading(f, p[:n], pc, unlike))
        cards = [size.sides(c.corners) for c in out if c.known]
        return CardFrameReading([_sized(c, cards) for c in out], dropped)

    def _reading(self, f: finder.Found, p: np.ndarray, pc: np.ndarray, unlike: bool) -> CardReading:
        s = self.cards
        best = int(np.argmax(p))
        value, value_p = s.values[best], float(p[best])
        cbest = int(np.argmax(pc))
        color, color_p = s.colors[cbest], float(pc[cbest])
        implied = s.colors_of(value)
        if implied_colour(s, value, value_p, color, color_p):
            color, color_p = implied[0], value_p  # a wild card is black in its deck
        facedown = value == s.facedown and value_p >= s.threshold and not unlike
        other = bool(s.other) and value == s.other  # a card, of no kind of the deck
        reason = _why(s, unlike, facedown, value_p, color_p, color, value)
        value_known = not (unlike or facedown or other or value_p < s.threshold)
        # a card likeliest face down has no colour of the deck (a back's ring is not one)
        back = bool(s.facedown) and value == s.facedown
        color_known = not (unlike or facedown or back or color_p < s.color_threshold)
        if value_known and color_known and (color, value) not in s.kinds:
            # no card of the deck: the value gives way (the colour, sure, was calibrated on
            # its own and is the surer read: a black card read draw two stays black)
            value_known = False
        return CardReading(
            corners=f.corners,
            center=f.center,
            box=f.box,
            angle=f.angle,
            color=color if color_known else UNKNOWN,
            value=value if value_known else UNKNOWN,
            confidence=value_p,
            color_confidence=color_p,
            reason=reason,
            best_color=color,
            best_value=value,
            facedown=facedown,
        )


OFF_SIZE = _("unlike: not the size of the cards beside it")
FACE_DOWN = _("face down: its back is up")
NO_KIND = "a card of no kind of {name}"  # the template of the reason of a card of `other`


def _sized(c: CardReading, cards: list[size.Sides]) -> CardReading:
    """`c`, or like no card if it is of no card's size beside `cards` (a die read a card)."""
    if not size.off(size.sides(c.corners), cards, SIZED_FROM):
        return c
    return replace(c, color=UNKNOWN, value=UNKNOWN, reason=OFF_SIZE, facedown=False)


def told(c: CardReading) -> Said | str:
    """What the camera could not tell of a card not read, in the players' words ("" when
    it is read): `reason` is the engineer's (the figures, for `dicetable vision eval` and
    the console), never a player's ("value unsure: 0.50 < 0.90" told nobody at the table
    what was wrong). What to do about it is the caller's to say (it knows what the table
    offers: the page's answers).

    >>> told(CardReading((), (0, 0), (0, 0, 0, 0), 0, "red", UNKNOWN, 0.5, 0.99, "", "red", "7"))
    'value hard to make out'
    """
    if c.facedown or c.reason == FACE_DOWN:
        return _("face down")
    if c.reason == OFF_SIZE:
        return _("not the size of the other cards")
    if c.unlike:
        return _("like none of the game's cards")
    why = getattr(c.reason, "template", "")  # (vision's reasons say which was unsure)
    if why == NO_KIND:
        return _("not a card of this game")
    value = why.startswith("value unsure") or (not why and c.value == UNKNOWN)
    colour = "colour unsure" in why or (not why and c.color == UNKNOWN)
    if not (value or colour):  # another reason (no such card, a taught set's doubt)
        value, colour = c.value == UNKNOWN, c.color == UNKNOWN
    if value and colour:
        return _("colour and value hard to make out")
    if value:
        return _("value hard to make out")
    if colour:
        return _("colour hard to make out")
    return ""


def implied_colour(s: CardSet, value: str, value_p: float, color: str, color_p: float) -> bool:
    """Whether a sure `value` that comes in one colour only (the wild kinds) gives the card
    its colour: unless the colour read is sure and another (a red card read wild four is
    no card of the deck: unknown, not a black wild four)."""
    implied = s.colors_of(value)
    if len(implied) != 1 or value_p < s.threshold:
        return False
    return color == implied[0] or color_p < s.color_threshold


def _why(
    s: CardSet, unlike: bool, facedown: bool, value_p: float, color_p: float, color: str, value: str
) -> Said | str:
    """Why a card is not read, for people ("" when it is read)."""
    if unlike:
        return _("unlike: a card like none of {name}", name=s.name)
    if facedown:
        return FACE_DOWN
    if s.other and value == s.other:
        return _("a card of no kind of {name}", name=s.name)
    # (numbers as the reader's language writes them: the host fills the templates)
    p, threshold = float(value_p), float(s.threshold)
    cp, color_threshold = float(color_p), float(s.color_threshold)
    value_unsure, color_unsure = value_p < s.threshold, color_p < s.color_threshold
    if value_unsure and color_unsure:
        return _(
            "value unsure: {p:.2f} < {threshold:.2f}; colour unsure: {cp:.2f} < "
            "{color_threshold:.2f}",
            p=p,
            threshold=threshold,
            cp=cp,
            color_threshold=color_threshold,
        )
    if value_unsure:
        return _("value unsure: {p:.2f} < {threshold:.2f}", p=p, threshold=threshold)
    if color_unsure:
        return _("colour unsure: {p:.2f} < {threshold:.2f}", p=cp, threshold=color_threshold)
    if (color, value) not in s.kinds:
        return _("no such card in {name}: {color} {value}", name=s.name, color=color, value=value)
    return ""
