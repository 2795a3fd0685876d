"""A table seen from above while a shedding game is played: frames of cards laid one by
one on a discard pile, and the hands laid face up at a round's end, on a table.

Where the pictures come from is a `Deck`: `DrawnDeck`, our own cards (one design of
vision.cards.design drawn by our renderer) on a table texture of ours, what a product
may ship and draw on any machine; or `PhotoDeck`, real card photos (vision.cards.compose's
cut-outs of a labelled folder, one card a photo) on a photo of a table nothing learned
from, for measuring on real pictures. Everything else is the same for both.

Each card laid lands on the pile a little off its middle and turned any way (as a hand
drops it), over the cards before; `gather()` takes the pile away (a round's end, a card
turned up that goes back into the deck). A hand is laid in a row or spread as
`compose` lays them, the pile gathered. Seeded: the same calls give the same frames.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np

from vision.cards import finder
from vision.cards.compose import Cutout, cutouts, held_out_tables, place_hand, table_crop
from vision.cards.design import BLACK, COLORS, VALUES, WILDS, Design, draw_card
from vision.cards.scene import Table, shadow, table_texture, texture_width, warp_into
from vision.errors import VisionError

JPEG_QUALITY = 90


class Deck(Protocol):
    """The pictures of a pile: each kind of card's face, and the table under them."""

    aspect: float  # a card's height / width

    def card(self, color: str, value: str, length: float) -> Cutout:
        """The face of `color value`, to be laid `length` px long; VisionError if the deck
        has no picture of it."""
        ...

    def table(self, size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
        """The empty table, `size` (w, h) px, float32 BGR."""
        ...


class PhotoDeck:
    """Photos of one real deck (`folder`: dice-labels/1, one card a photo) on a crop of a
    table photo nothing learned from (the `table`-th held-out one)."""

    def __init__(self, folder: str | Path, table: int = 0) -> None:
        self.cards: dict[tuple[str, str], Cutout] = {}
        for c in cutouts(str(folder)):
            self.cards.setdefault((c.color, c.value), c)
        self.aspect = float(
            np.median([c.texture.shape[0] / c.texture.shape[1] for c in self.cards.values()])
        )
        self.table_index = table

    def card(self, color: str, value: str, length: float) -> Cutout:
        card = self.cards.get((color, value))
        if card is None:
            raise VisionError(f"the deck's photos have no {color} {value}")
        return card

    def table(self, size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
        tables = held_out_tables()
        if not tables:
            raise VisionError("no table photos (shared/data/dice-photos) on this machine")
        return table_crop(tables[self.table_index % len(tables)], size, rng)


class DrawnDeck:
    """Our own cards: every kind of `design` (the four colours of vision.cards.design, the
    wild kinds black) drawn by our renderer at the size it is laid, on `surface`."""

    def __init__(self, design: Design, surface: Table) -> None:
        self.design = design
        self.surface = surface
        self.aspect = design.aspect

    def card(self, color: str, value: str, length: float) -> Cutout:
        wild = value in WILDS
        if value not in VALUES or (color != BLACK if wild else color not in COLORS):
            raise VisionError(f"our card design draws no {color} {value}")
        texture, alpha = draw_card(self.design, color, value, texture_width(length, self.aspect))
        return Cutout(texture, alpha, color, value, f"drawn {color} {value}")

    def table(self, size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
        return table_texture(self.surface, *size)


class Pile:
    def __init__(self, deck: Deck, seed: int, size: tuple[int, int] = (640, 480)) -> None:
        self.deck = deck
        self.rng = np.random.default_rng(seed)
        self.size = size
        self.background = deck.table(size, self.rng)
        self.length = size[1] * 0.34
        self.aspect = deck.aspect
        self.laid: list[tuple[Cutout, np.ndarray]] = []

    def lay(self, color: str, value: str) -> np.ndarray:
        """The frame once `color value` is laid on the pile."""
        w, h = self.size
        centre = np.array([w / 2, h / 2]) + self.rng.normal(0, 0.06, 2) * self.length
        turn = float(self.rng.uniform(0, 360))
        width = self.length / self.aspect
        quad = finder.rectangle((float(centre[0]), float(centre[1])), self.length, width, turn)
        self.laid.append((self.deck.card(color, value, self.length), quad))
        return self.frame()

    def gather(self) -> None:
        self.laid = []

    def hand(self, cards: Sequence[tuple[str, str]]) -> np.ndarray:
        """The frame of a hand laid face up, the pile gathered."""
        self.gather()
        if not cards:
            return self.frame()
        w, h = self.size
        length = h * (0.3 if len(cards) <= 5 else 0.24)
        quads = place_hand(self.rng, len(cards), length, self.aspect, w, h)
        if len(quads) < len(cards):
            raise VisionError(f"a hand of {len(cards)} cards does not fit on the frame")
        laid = [(self.deck.card(c, v, length), q) for (c, v), q in zip(cards, quads, strict=True)]
        return self.frame(laid)

    def frame(self, laid: Sequence[tuple[Cutout, np.ndarray]] | None = None) -> np.ndarray:
        out = self.background.copy()
        for card, quad in self.laid if laid is None else laid:
            shadow(out, quad, self.length, 1.0, 0.35)
            warp_into(out, card.texture.astype(np.float32), quad, card.alpha)
        out = cv2.GaussianBlur(out, (0, 0), 0.5)
        _, buf = cv2.imencode(
            ".jpg", np.clip(out, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY]
        )
        return np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR))
