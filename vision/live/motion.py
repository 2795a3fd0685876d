"""Cheap looks at every frame: does anything move, is a hand in view, did the view change.

Everything here works on a 160-px-wide copy of the frame (about 0.5 ms a frame), so the
expensive dice reader runs only on frames where nothing moves.

- Motion: a pixel moves when it changed more than the noise since the frame before,
  after taking out a global brightness change (a flickering light or an auto-exposure
  step is not motion).
- Presence: a pixel holds something when it differs from the empty tray's look (the
  calibration), after taking out slow light changes cell by cell (20x20 pixels: larger
  than a die, smaller than a hand). Something that reaches in from the view's edge, or
  is far larger than a die, is a hand: nothing is read while one is in view, even if it
  holds still.
- The view: matching the empty tray's edges (its walls) tells a camera that was bumped
  (a shift of the whole view); cell brightness ratios tell a light that changed too much.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.live.calibration import Calibration, shrink
from vision.live.settings import DEFAULT, Settings

CELL = 20  # cheap-view pixels per light cell
REACH = 0.08  # a bumped camera is found if the view moved up to this share of its width


@dataclass(frozen=True)
class Look:
    """What one frame shows, cheaply."""

    moving: bool  # something changed since the frame before
    duplicate: bool  # the very same image as the frame before (a stuttering stream)
    hand: bool  # something reaches into the tray (needs a calibration)
    motion: int  # cheap-view pixels that moved
    present: float  # share of the tray area holding something (dice, hands)


@dataclass(frozen=True)
class ViewCheck:
    """How the view differs from the calibration (checked when nothing moves)."""

    shift: tuple[float, float]  # frame pixels the view moved by
    match: float  # how well the shifted view matches the empty tray (0..1)
    unmoved: float  # how well the view matches it where it was
    gain: float  # brightness against the empty tray's look
    uneven: float  # how unevenly brightness changed across the view (1: evenly)


class TrayWatch:
    """Follows a stream frame by frame; knows the empty tray if given a calibration."""

    def __init__(self, calibration: Calibration | None, settings: Settings = DEFAULT) -> None:
        self.settings = settings
        self.calibration = calibration
        self.die_px = 0.0  # the die's side in frame pixels (learned from readings)
        self._size: tuple[int, int] | None = None
        self._prev: np.ndarray | None = None  # cheap view of the frame before (uint8)
        self._empty: np.ndarray | None = None  # cheap view of the empty tray (float32)
        self._empty_grey: np.ndarray | None = None
        self._region: np.ndarray | None = None  # where motion and hands count (bool)
        self._tray_area = 1.0
        self._noise = calibration.noise if calibration else 1.0
        self._there: np.ndarray | None = None  # where something is, at the last look
        self._differs: np.ndarray | None = None  # the same, anywhere in the view

    # ---- per frame -------------------------------------------------------------------

    def look(self, frame: np.ndarray) -> Look:
        small = shrink(frame)
        size = (frame.shape[1], frame.shape[0])
        if size != self._size:
            self._start(size)
        prev, self._prev = self._prev, small
        if prev is None or prev.shape != small.shape:
            return Look(True, False, False, -1, 0.0)
        if np.array_equal(prev, small):
            return Look(False, True, False, 0, 0.0)
        assert self._region is not None
        cur = small.astype(np.float32)
        before = prev.astype(np.float32)
        grey, grey_before = _grey(cur), _grey(before)
        gain = _median_ratio(grey, grey_before, self._region)
        diff = _absmax(cur, before * gain)
        level = self.settings.motion_level + 6 * self._noise + 0.04 * grey_before
        moved = int(np.count_nonzero((diff > level) & self._region))
        moving = moved >= max(2.0, self.settings.motion_share * self._die_area())
        hand, present = self._presence(cur, grey)
        return Look(moving, False, hand, moved, present)

    def presence(self, frame: np.ndarray) -> tuple[bool, float]:
        """(a hand in view, share of the tray holding something) in a frame."""
        cur = shrink(frame).astype(np.float32)
        return self._presence(cur, _grey(cur))

    def occupied(self, center: tuple[float, float], radius: float) -> float | None:
        """Share of a disc (frame pixels) holding something at the last look; None
        without a calibration."""
        if self._there is None or self._size is None:
            return None
        h, w = self._there.shape
        s = w / self._size[0]
        x, y, r = center[0] * s, center[1] * s, max(radius * s, 1.0)
        x0, x1 = max(int(x - r), 0), min(int(x + r) + 1, w)
        y0, y1 = max(int(y - r), 0), min(int(y + r) + 1, h)
        if x0 >= x1 or y0 >= y1:
            return None
        return float(self._there[y0:y1, x0:x1].mean())

    def check_view(self, frame: np.ndarray) -> ViewCheck | None:
        """The view against the calibration (None without one)."""
        if self._empty is None:
            return None
        cur = shrink(frame).astype(np.float32)
        empty = self._empty
        grey_cur, grey_empty = _grey(cur), _grey(empty)
        scale = frame.shape[1] / grey_cur.shape[1]
        reach = int(np.ceil(REACH * grey_cur.shape[1]))
        (dx, dy), match, unmoved = edge_shift(grey_empty, grey_cur, reach)
        ratios = _cell_ratios(grey_cur, grey_empty)
        lo, mid, hi = np.percentile(ratios, [10, 50, 90])
        return ViewCheck(
            (dx * scale, dy * scale), match, unmoved, float(mid), float(hi / max(lo, 1e-3))
        )

    # ---- keeping the empty look current --------------------------------------------------

    def adapt(self, frame: np.ndarray, boxes: list[tuple[float, float, float, float]]) -> None:
        """Follow slow light changes: blend a still frame into the empty look, except
        where dice lie (`boxes`, frame pixels) or something else is."""
        self._blend(frame, boxes, self.settings.adapt_rate)

    def relearn(
        self,
        frame: np.ndarray,
        boxes: list[tuple[float, float, float, float]],
        keep_present: bool = True,
    ) -> None:
        """Take a still frame as the new empty look (after the light changed or the camera
        moved); under the dice keep the old look, scaled to the new brightness. After a
        bump the old look cannot tell what is present: `keep_present=False`."""
        self._blend(frame, boxes, 1.0, keep_present)

    def moved(self, dx: float, dy: float, frame: np.ndarray) -> None:
        """The camera moved by (dx, dy) frame pixels: move the calibration with it (what
        comes into view at the edges is taken from `frame`)."""
        if self.calibration is None:
            return
        self.calibration = self.calibration.shifted(dx, dy, fill=frame)
        self._start(self._size or self.calibration.size)

    def lost_tray(self) -> None:
        """The tray can no longer be found in the view: count the whole view."""
        if self.calibration is not None:
            self.calibration = self.calibration.whole()
            self._start(self._size or self.calibration.size)

    def _blend(
        self,
        frame: np.ndarray,
        boxes: list[tuple[float, float, float, float]],
        rate: float,
        keep_present: bool = True,
    ) -> None:
        """Move the empty look towards a still frame, except under the dice (`boxes`,
        frame pixels) and wherever something else is: there the old look stays, scaled
        to the new light."""
        if self._empty is None:
            return
        cur = shrink(frame).astype(np.float32)
        grey = _grey(cur)
        self._presence(cur, grey)
        assert self._there is not None and self._empty_grey is not None
        keep = cv2.dilate(self._there, np.ones((5, 5), np.uint8))
        if not keep_present:
            keep[:] = 0
        s = cur.shape[1] / frame.shape[1]
        pad = max(self.die_px * 0.3, 4.0)
        for x0, y0, x1, y1 in boxes:
            cv2.rectangle(
                keep,
                (int((x0 - pad) * s), int((y0 - pad) * s)),
                (int((x1 + pad) * s) + 1, int((y1 + pad) * s) + 1),
                1,
                -1,
            )
        ratio = cv2.resize(
            _cell_ratios(grey, self._empty_grey), grey.shape[::-1], interpolation=cv2.INTER_LINEAR
        )
        target = np.where(keep[..., None] > 0, self._empty * ratio[..., None], cur)
        self._set_empty((1 - rate) * self._empty + rate * target)
        self._presence(cur, grey)

    # ---- helpers ---------------------------------------------------------------------

    def _start(self, size: tuple[int, int]) -> None:
        """A new frame size (or the first frame): rescale the calibration, start afresh."""
        self._size = size
        self._prev = None
        self._there = None
        self._differs = None
        sw, sh = shrink(np.zeros((size[1], size[0], 1), np.uint8)).shape[1::-1]
        cal = self.calibration
        if cal is not None and cal.fits(*size):
            cal = self.calibration = cal.resized(*size)
            self._set_empty(cal.small_empty().astype(np.float32))
            tray = cal.tray_mask((sw, sh))
        else:
            self._set_empty(None)
            tray = np.full((sh, sw), 255, np.uint8)
        self._tray_area = max(float(np.count_nonzero(tray)), 1.0)
        margin = round(self.settings.margin_dice * self._die_side_small(sw, size[0]))
        if margin > 0:
            tray = cv2.dilate(tray, np.ones((2 * margin + 1, 2 * margin + 1), np.uint8))
        self._region = tray > 0

    def _set_empty(self, empty: np.ndarray | None) -> None:
        self._empty = None if empty is None else np.asarray(empty, np.float32)
        self._empty_grey = None if self._empty is None else _grey(self._empty)

    @property
    def calibrated(self) -> bool:
        return self._empty is not None

    def _die_side_small(self, small_width: int, width: int) -> float:
        die = self.die_px or width * 0.045  # a die is ~1/22 of the view across
        return die * small_width / width

    def _die_area(self) -> float:
        assert self._size is not None and self._region is not None
        side = self._die_side_small(self._region.shape[1], self._size[0])
        return side * side

    def differs(self, box: tuple[float, float, float, float]) -> float | None:
        """Share of a box (frame pixels) that differed from the empty look at the last look,
        anywhere in the view; None without a calibration."""
        if self._differs is None or self._size is None:
            return None
        h, w = self._differs.shape
        s = w / self._size[0]
        x0, y0 = max(int(box[0] * s), 0), max(int(box[1] * s), 0)
        x1, y1 = min(int(box[2] * s) + 1, w), min(int(box[3] * s) + 1, h)
        if x0 >= x1 or y0 >= y1:
            return None
        return float(self._differs[y0:y1, x0:x1].mean())

    def _presence(self, cur: np.ndarray, grey: np.ndarray) -> tuple[bool, float]:
        """(hand in view, share of the tray holding something) against the empty look."""
        if self._empty is None:
            return False, 0.0
        assert self._region is not None and self._empty_grey is not None
        ratio = cv2.resize(
            _cell_ratios(grey, self._empty_grey), grey.shape[::-1], interpolation=cv2.INTER_LINEAR
        )
        diff = _absmax(cur, self._empty * ratio[..., None])
        level = self.settings.presence_level + 6 * self._noise + 0.08 * self._empty_grey
        self._differs = diff > level  # the whole view, off the tray too
        there = (self._differs & self._region).astype(np.uint8)
        there = cv2.morphologyEx(there, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
        self._there = there
        present = float(np.count_nonzero(there)) / self._tray_area
        n, _, stats, _ = cv2.connectedComponentsWithStats(there, connectivity=8)
        h, w = there.shape
        die = self._die_area()
        for i in range(1, n):
            x, y, bw, bh, area = (int(v) for v in stats[i])
            edge = x == 0 or y == 0 or x + bw >= w or y + bh >= h
            if (
                edge and area >= self.settings.hand_dice * die
            ) or area > self.settings.blob_dice * die:
                return True, present
        return False, present


def _grey(image: np.ndarray) -> np.ndarray:
    return np.asarray(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))


def _absmax(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per pixel, the largest difference over the colour channels (float32)."""
    blue, green, red = cv2.split(cv2.absdiff(a, b.astype(np.float32)))
    return np.maximum(np.maximum(blue, green), red)


def _median_ratio(grey: np.ndarray, before: np.ndarray, region: np.ndarray) -> float:
    """The global brightness change between two cheap grey views (robust: a median)."""
    a = grey[::2, ::2][region[::2, ::2]]
    b = before[::2, ::2][region[::2, ::2]]
    ok = b > 8
    if not ok.any():
        return 1.0
    return float(np.median(a[ok] / b[ok]))


def _cell_ratios(cur: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """Brightness ratio cur/ref per CELL x CELL cell (median: dice don't sway it)."""
    h, w = cur.shape
    gy, gx = max(1, h // CELL), max(1, w // CELL)
    cy, cx = h // gy, w // gx

    def medians(img: np.ndarray) -> np.ndarray:
        cells = img[: gy * cy, : gx * cx].reshape(gy, cy, gx, cx).transpose(0, 2, 1, 3)
        return np.median(cells.reshape(gy, gx, cy * cx), axis=2)

    return np.asarray(medians(cur) / np.maximum(medians(ref), 4.0), np.float32)


def edges(grey: np.ndarray) -> np.ndarray:
    """Gradient magnitude of a grey image (float32)."""
    return np.asarray(
        cv2.magnitude(cv2.Sobel(grey, cv2.CV_32F, 1, 0), cv2.Sobel(grey, cv2.CV_32F, 0, 1))
    )


def edge_shift(
    reference: np.ndarray, grey: np.ndarray, reach: int
) -> tuple[tuple[float, float], float, float]:
    """How far the edges of `reference` (the empty tray: mostly its walls) moved in `grey`:
    (dx, dy) in pixels within `reach`, how well they match there and how well where they
    were (0..1). Dice and hands add edges where the empty tray has none, so they hardly
    sway the answer.

    >>> rng = np.random.default_rng(0)
    >>> a = np.zeros((60, 80), np.float32); a[10:50, 12:70] = 100
    >>> (dx, dy), there, before = edge_shift(a, np.roll(a, (3, -5), axis=(0, 1)), 8)
    >>> round(dx), round(dy), there > 0.9, before < 0.5
    (-5, 3, True, True)
    """
    ref = edges(reference.astype(np.float32))
    cur = cv2.copyMakeBorder(
        edges(grey.astype(np.float32)), reach, reach, reach, reach, cv2.BORDER_REPLICATE
    )
    res = cv2.matchTemplate(cur, ref, cv2.TM_CCORR_NORMED)
    _, best, _, (px, py) = cv2.minMaxLoc(res)

    def vertex(lo: float, mid: float, hi: float) -> float:  # of a parabola through 3 points
        den = lo - 2 * mid + hi
        return 0.0 if den >= 0 else float(np.clip(0.5 * (lo - hi) / den, -0.5, 0.5))

    fx = vertex(res[py, px - 1], best, res[py, px + 1]) if 0 < px < 2 * reach else 0.0
    fy = vertex(res[py - 1, px], best, res[py + 1, px]) if 0 < py < 2 * reach else 0.0
    return (px - reach + fx, py - reach + fy), float(best), float(res[reach, reach])
