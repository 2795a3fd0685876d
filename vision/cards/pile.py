"""A table seen from above while a shedding game is played: frames of real card photos
(vision.cards.compose's cut-outs) laid one by one on a discard pile, and the hands laid
face up at a round's end, on a photo of a table nothing learned from.

Each card laid lands on the pile a little off its middle and turned any way (as a hand
drops it), over the cards before; `gather()` takes the pile away (a round's end, a card
turned up that goes back into the deck). A hand is laid in a row or spread as
`compose` lays them, the pile gathered. Seeded: the same calls give the same frames.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from vision.cards import finder
from vision.cards.compose import Cutout, cutouts, held_out_tables, place_hand, table_crop
from vision.cards.scene import shadow, warp_into
from vision.errors import VisionError

JPEG_QUALITY = 90


class Pile:
    def __init__(
        self, deck: str | Path, seed: int, size: tuple[int, int] = (640, 480), table: int = 0
    ) -> None:
        self.rng = np.random.default_rng(seed)
        self.size = size
        self.cards: dict[tuple[str, str], Cutout] = {}
        for c in cutouts(str(deck)):
            self.cards.setdefault((c.color, c.value), c)
        tables = held_out_tables()
        if not tables:
            raise VisionError("no table photos (shared/data/dice-photos) on this machine")
        self.background = table_crop(tables[table % len(tables)], size, self.rng)
        self.length = size[1] * 0.34
        self.aspect = float(
            np.median([c.texture.shape[0] / c.texture.shape[1] for c in self.cards.values()])
        )
        self.laid: list[tuple[Cutout, np.ndarray]] = []

    def cutout(self, color: str, value: str) -> Cutout:
        card = self.cards.get((color, value))
        if card is None:
            raise VisionError(f"the deck's photos have no {color} {value}")
        return card

    def lay(self, color: str, value: str) -> np.ndarray:
        """The frame once `color value` is laid on the pile."""
        w, h = self.size
        centre = np.array([w / 2, h / 2]) + self.rng.normal(0, 0.06, 2) * self.length
        turn = float(self.rng.uniform(0, 360))
        width = self.length / self.aspect
        quad = finder.rectangle((float(centre[0]), float(centre[1])), self.length, width, turn)
        self.laid.append((self.cutout(color, value), quad))
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
        laid = [(self.cutout(c, v), q) for (c, v), q in zip(cards, quads, strict=True)]
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
