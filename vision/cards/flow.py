"""Teaching the table its own deck from the camera (the page's "Teach your cards").

People lay a few cards of their deck under the camera, take them away or lay more, frame
after frame. Each time the view lies still (the same cards found on SETTLE frames in a
row), every card found that did not lie there in the view before is cut out, with the
reading of the set the table reads with now (its best guess when it is not sure); a
person confirms each card's colour and value, or fixes them, or leaves out what is no card.
`examples()` turns the confirmed cards into vision.cards.teach.Examples, each card cut
several times a little off and either way up as `teach.collect` does from labelled photos,
and `learn()` fits the deck's set from them (vision.cards.teach.learn).

    >>> flow = CardTeachFlow("cards", kinds=(("red", "7"), ("black", "wild")))
    >>> flow.step, flow.to_json()["cards"]
    ('laying', [])

The flow keeps for each card only the frame around it (not whole frames). What it is can
be kept as it changes (`kept`, `TaughtCard.kept`, `TaughtCard.said`: the host keeps them in
vision.learning.store) and `resume`d from that after a restart. Its refusals are vision's
words (`vision.words._`), said by the host in the page's language.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import cv2
import numpy as np

from vision.cards import patches, teach
from vision.cards.still import Still, place, same_place
from vision.errors import VisionError
from vision.learning import kept as kept_
from vision.words import _

if TYPE_CHECKING:
    from vision.cards.cardset import CardSet
    from vision.cards.reader import CardReading

LAYING, FITTING, DONE = "laying", "fitting", "done"
KEPT = "dicetable-card-teaching/1"  # the format of a teaching as kept
MARGIN = 0.3  # of a card's long side: the frame kept around a card (its cuts may be off)
SHOWN = (128, 192)  # the cut shown on the page: width, height
MAX_CARDS = 200  # a teaching keeps at most this many cards


class CardFlowError(VisionError):
    """A step the card teaching cannot take (an unknown card, a kind the deck has not,
    too little to learn from)."""


class Reader(Protocol):
    """What the flow needs of vision.cards.reader.CardReader."""

    def read(self, frame: np.ndarray) -> list[CardReading]: ...


class Kept(Protocol):
    """A card as kept (vision.learning.store.KeptCut): `TaughtCard.kept` and `said`."""

    @property
    def number(self) -> int: ...

    @property
    def image(self) -> bytes: ...

    @property
    def found(self) -> str: ...

    @property
    def said(self) -> str | None: ...


@dataclass(frozen=True)
class Lying:
    """Where a card lay in the view that lay still last (vision.cards.still.Placed)."""

    center: tuple[float, float]
    angle: float
    corners: tuple[tuple[float, float], ...]

    @classmethod
    def of(cls, c: CardReading | Mapping[str, Any]) -> Lying:
        if isinstance(c, Mapping):
            center, angle, corners = c["center"], c["angle"], c["corners"]
        else:
            center, angle, corners = c.center, c.angle, c.corners
        return cls(
            (float(center[0]), float(center[1])),
            float(angle),
            tuple((float(x), float(y)) for x, y in corners),
        )

    def to_json(self) -> dict[str, Any]:
        return {"center": list(self.center), "angle": self.angle, "corners": self.corners}


@dataclass
class TaughtCard:
    """A card seen while teaching: the frame around it, its corners in that, what the set
    in use read (its best guess) and what a person said it is (None: not yet)."""

    id: int
    region: np.ndarray
    corners: np.ndarray  # (4, 2) in `region`
    guess: tuple[str, str]  # (colour, value): the set's reading, or its best guess
    sure: bool  # the set read both colour and value
    view: int  # which view it was seen in (from 1)
    center: tuple[float, float]  # where it lay in the frame
    kind: tuple[str, str] | None = None  # confirmed (colour, value)
    left_out: bool = False  # no card, or not to learn from

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "view": self.view,
            "center": [round(v, 1) for v in self.center],
            "guess": {"color": self.guess[0], "value": self.guess[1]},
            "sure": self.sure,
            "card": None if self.kind is None else {"color": self.kind[0], "value": self.kind[1]},
            "left_out": self.left_out,
        }

    def kept(self) -> tuple[bytes, str]:
        """What is kept of the card once seen, never changed: the frame around it (PNG,
        lossless) and what the camera found (JSON)."""
        ok, png = cv2.imencode(".png", self.region)
        if not ok:
            raise CardFlowError(_("a card of the teaching could not be encoded as PNG"))
        found = {
            "corners": self.corners.tolist(),
            "guess": list(self.guess),
            "sure": self.sure,
            "view": self.view,
            "center": list(self.center),
        }
        return bytes(png), json.dumps(found)

    def said(self) -> str | None:
        """What a person said of the card, as kept (JSON; None: nothing yet)."""
        if self.left_out:
            return json.dumps({"left_out": True})
        return None if self.kind is None else json.dumps({"card": list(self.kind)})


class CardTeachFlow:
    """One teaching of a card set named `name`, whose deck has these `kinds` (colour,
    value): the kinds a person may say a card is."""

    def __init__(self, name: str, kinds: Sequence[tuple[str, str]]) -> None:
        self.name = name
        self.kinds = tuple(kinds)
        self.step = LAYING
        self.cards: list[TaughtCard] = []
        self.views = 0  # views that lay still with new cards in them
        self.result: dict[str, Any] | None = None  # the fit's outcome (the host's words)
        self._still = Still()
        self._settled: list[Lying] = []  # the cards of the view that lay still last

    # ---- the camera ------------------------------------------------------------------------

    def seen(self, frame: np.ndarray, reader: Reader) -> bool:
        """One frame, read by `reader` (the set in use): True if it brought new cards."""
        if self.step != LAYING:
            return False
        cards = [c for c in reader.read(frame) if not c.facedown]
        if not self._still.see(tuple(sorted(place(c) for c in cards))):
            return False
        new = [c for c in cards if not any(same_place(c, old) for old in self._settled)]
        self._settled = [Lying.of(c) for c in cards]
        new = new[: max(0, MAX_CARDS - len(self.cards))]
        if not new:
            return False
        self.views += 1
        for c in new:
            region, corners = _region(frame, np.asarray(c.corners, np.float64))
            guess = (c.best_color, c.best_value) if not c.known else (c.color, c.value)
            self.cards.append(
                TaughtCard(len(self.cards), region, corners, guess, c.known, self.views, c.center)
            )
        return True

    # ---- people's answers ------------------------------------------------------------------

    def card(self, number: int) -> TaughtCard:
        if not 0 <= number < len(self.cards):
            raise CardFlowError(_("there is no card {card} in this teaching", card=number))
        return self.cards[number]

    def confirm(self, number: int, color: str, value: str) -> None:
        """Card `number` is a `color` `value` (the set's reading confirmed, or fixed)."""
        card = self.card(number)
        if (color, value) not in self.kinds:
            raise CardFlowError(
                _("this deck has no card {color} {value}", color=color, value=value)
            )
        card.kind, card.left_out = (color, value), False

    def leave_out(self, number: int) -> None:
        """Card `number` is no card, or not one to learn from."""
        card = self.card(number)
        card.kind, card.left_out = None, True

    def confirmed(self) -> list[TaughtCard]:
        return [c for c in self.cards if c.kind is not None and not c.left_out]

    def taught_kinds(self) -> dict[tuple[str, str], int]:
        """How many cards of each kind are confirmed."""
        kinds = Counter(c.kind for c in self.confirmed() if c.kind is not None)
        return dict(sorted(kinds.items()))

    # ---- learning --------------------------------------------------------------------------

    def check(self) -> None:
        """CardFlowError, in words for people, if the confirmed cards cannot teach a set."""
        cards = self.confirmed()
        if not cards:
            raise CardFlowError(_("no card is confirmed yet: confirm or fix each card seen"))
        values = {c.kind[1] for c in cards if c.kind is not None}
        if len(values) < 2:
            raise CardFlowError(
                _(
                    "only cards of one value are confirmed ({value}): lay and confirm cards "
                    "of at least two values, so the set can tell them apart",
                    value=next(iter(values)),
                )
            )

    def examples(self, seed: int = 0, per_card: int = teach.CUTS_PER_CARD) -> teach.Examples:
        """The confirmed cards as vision.cards.teach.Examples: each cut `per_card` times a
        little off, every other cut the other way up (teach.jittered, as from labelled
        photos), and once where the finder found it."""
        self.check()
        rng = np.random.default_rng(seed)
        cuts, values, card_of, read = [], [], [], []
        colors: list[str | None] = []
        for n, c in enumerate(self.confirmed()):
            assert c.kind is not None
            cuts += teach.jittered(c.region, c.corners, rng, per_card)
            values += [c.kind[1]] * per_card
            colors += [c.kind[0]] * per_card
            card_of += [n] * per_card
            read.append(patches.cut(c.region, c.corners))
        return teach.Examples(
            np.stack(cuts),
            values,
            colors,
            np.array(card_of),
            np.zeros((0, *cuts[0].shape), np.uint8),
            np.stack(read),
            np.arange(len(read), dtype=np.int64),
        )

    def learn(self, seed: int = 0) -> CardSet:
        """The deck's set fitted from the confirmed cards (seconds, with numpy)."""
        return teach.learn(self.name, self.examples(seed))

    def shown(self, number: int) -> np.ndarray:
        """Card `number` cut out for the page (BGR, upright)."""
        c = self.card(number)
        return patches.cut(c.region, c.corners, *SHOWN)

    def to_json(self) -> dict[str, Any]:
        taught = self.taught_kinds()
        return {
            "name": self.name,
            "step": self.step,
            "views": self.views,
            "cards": [c.to_json() for c in self.cards],
            "confirmed": sum(taught.values()),
            "kinds": [{"color": k[0], "value": k[1], "cards": n} for k, n in taught.items()],
            "deck": [{"color": c, "value": v} for c, v in self.kinds],
            "result": self.result,
        }

    # ---- kept, and resumed after a restart -----------------------------------------------

    def kept(self) -> str:
        """What the teaching is, but its cards (each kept on its own: `TaughtCard.kept`,
        `TaughtCard.said`), as kept (JSON): `resume` makes it again."""
        return json.dumps(
            {
                "format": KEPT,
                "name": self.name,
                "kinds": [list(k) for k in self.kinds],
                "step": self.step,
                "views": self.views,
                "settled": [c.to_json() for c in self._settled],
                "result": self.result if self.step == DONE else None,
            }
        )

    def kept_cuts(self) -> int:
        """How many cards were seen (host.app.kept)."""
        return len(self.cards)

    def kept_cut(self, number: int) -> tuple[bytes, str]:
        return self.card(number).kept()

    def said_of(self, number: int) -> str | None:
        return self.card(number).said()

    @classmethod
    def resume(cls, kept: str, cards: Iterable[Kept]) -> tuple[CardTeachFlow, int]:
        """The teaching `kept` with its `cards` (what `kept` and the cards' `kept` and
        `said` were), as it was, and how many of its cards cannot be read (left out: the
        others are numbered anew). A fit cut off is not done: the cards are laid still.
        CardFlowError if the teaching itself cannot be read."""
        with kept_.reading(CardFlowError):
            state = kept_.state(kept, KEPT)
            flow = cls(str(state["name"]), [(str(c), str(v)) for c, v in state["kinds"]])
            step = str(state["step"])
            if step not in (LAYING, FITTING, DONE):
                raise ValueError(f"no step {step!r}")
            flow.step = DONE if step == DONE else LAYING
            flow.result = dict(state["result"]) if flow.step == DONE else None
            flow.views = int(state["views"])
            flow._settled = [Lying.of(c) for c in state["settled"]]
        return flow, kept_.read_back(cards, flow._card_back)

    def _card_back(self, c: Kept) -> bool:
        """A card as kept, numbered next (False: it cannot be read)."""
        card = self._card_kept(c)
        if card is not None:
            self.cards.append(card)
        return card is not None

    def _card_kept(self, c: Kept) -> TaughtCard | None:
        try:
            region = cv2.imdecode(np.frombuffer(c.image, np.uint8), cv2.IMREAD_COLOR)
            found = json.loads(c.found)
            said = None if c.said is None else json.loads(c.said)
            corners = np.array(found["corners"], np.float64)
            if region is None or corners.shape != (4, 2) or not np.isfinite(corners).all():
                return None
            kind: tuple[str, str] | None = None
            if said is not None and "card" in said:
                color, value = said["card"]
                kind = (str(color), str(value))
                if kind not in self.kinds:
                    return None
            return TaughtCard(
                len(self.cards),
                np.asarray(region),
                corners,
                (str(found["guess"][0]), str(found["guess"][1])),
                bool(found["sure"]),
                int(found["view"]),
                (float(found["center"][0]), float(found["center"][1])),
                kind,
                said is not None and bool(said.get("left_out", False)),
            )
        except kept_.UNREADABLE:
            return None


def _region(frame: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The frame around a card (a margin for its cuts a little off), and its corners there."""
    long = max(math.dist(corners[0], corners[1]), math.dist(corners[1], corners[2]), 1.0)
    pad = MARGIN * long
    h, w = frame.shape[:2]
    x0 = max(0, math.floor(corners[:, 0].min() - pad))
    y0 = max(0, math.floor(corners[:, 1].min() - pad))
    x1 = min(w, math.ceil(corners[:, 0].max() + pad))
    y1 = min(h, math.ceil(corners[:, 1].max() + pad))
    return frame[y0:y1, x0:x1].copy(), corners - [x0, y0]
