"""Follow lying dice through the moments when things move, to tell kept from thrown.

When the dice settle, each die's look is cut out of the still frame. While hands and
dice move, every die is searched for near where it was last seen (normalised
correlation on a half-size grey image, ~0.1 ms a die). A die found frame after frame
never left the table: if it was pushed aside, its new place is known, so it still counts
as kept. A die not found (a hand covers it, picks it up, or turns it) is lost; where it
lies after the throw decides then (same place and face: kept).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

SCALE = 0.5  # the tracker's image is half the frame's size
MATCH = 0.7  # correlation needed to say "this is still that die"
REACH = 2.0  # search up to this many die sides from the last place, per frame


@dataclass
class Track:
    center: tuple[float, float]  # frame pixels
    template: np.ndarray
    lost: bool = False
    moved: float = 0.0  # frame pixels travelled since the dice settled


def grey_half(frame: np.ndarray) -> np.ndarray:
    small = cv2.resize(
        frame, (frame.shape[1] // 2, frame.shape[0] // 2), interpolation=cv2.INTER_AREA
    )
    return cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)


class Tracker:
    """Tracks a set of dice (given by centre and side) from one still frame on."""

    def __init__(self) -> None:
        self.tracks: list[Track] = []
        self.side = 0.0

    def start(self, frame: np.ndarray, centers: list[tuple[float, float]], side: float) -> None:
        """Cut each die's look from a still frame; forget earlier tracks."""
        grey = grey_half(frame)
        self.side = side
        self.tracks = []
        for c in centers:
            # the top face only: the part of the look that moves with the die
            template = self._cut(grey, c, side * 0.35)
            if template is None:
                template = np.zeros((1, 1), np.uint8)
            self.tracks.append(Track(c, template, lost=template.size < 4 or template.std() < 3))

    def update(self, frame: np.ndarray) -> None:
        """Find every die not lost yet in a new frame."""
        live = [t for t in self.tracks if not t.lost]
        if not live:
            return
        grey = grey_half(frame)
        for track in live:
            self._follow(grey, track)

    def shift(self, dx: float, dy: float) -> None:
        """The camera moved: so did every die's place in the image."""
        for track in self.tracks:
            track.center = (track.center[0] + dx, track.center[1] + dy)

    def _follow(self, grey: np.ndarray, track: Track) -> None:
        th, tw = track.template.shape
        reach = REACH * self.side * SCALE
        cx, cy = track.center[0] * SCALE, track.center[1] * SCALE
        x0 = int(max(cx - tw / 2 - reach, 0))
        y0 = int(max(cy - th / 2 - reach, 0))
        x1 = int(min(cx + tw / 2 + reach + 1, grey.shape[1]))
        y1 = int(min(cy + th / 2 + reach + 1, grey.shape[0]))
        window = grey[y0:y1, x0:x1]
        if window.shape[0] < th or window.shape[1] < tw:
            track.lost = True
            return
        res = cv2.matchTemplate(window, track.template, cv2.TM_CCOEFF_NORMED)
        _, best, _, (px, py) = cv2.minMaxLoc(res)
        if best < MATCH:
            track.lost = True
            return
        new = ((x0 + px + tw / 2) / SCALE, (y0 + py + th / 2) / SCALE)
        track.moved += float(np.hypot(new[0] - track.center[0], new[1] - track.center[1]))
        track.center = new

    @staticmethod
    def _cut(grey: np.ndarray, center: tuple[float, float], half: float) -> np.ndarray | None:
        cx, cy = center[0] * SCALE, center[1] * SCALE
        r = max(round(half * SCALE), 3)
        x0, y0 = round(cx) - r, round(cy) - r
        if x0 < 0 or y0 < 0 or x0 + 2 * r > grey.shape[1] or y0 + 2 * r > grey.shape[0]:
            return None
        return grey[y0 : y0 + 2 * r, x0 : x0 + 2 * r].copy()
