"""What the live pipeline learns once from the camera: the tray area and the empty look.

`learn(frames)` takes a few frames of the empty tray: their median is the empty tray's
look (what "nothing there" means, for telling hands and dice from the table), their
frame-to-frame differences the camera's noise, and the largest even region around the
centre of the view the tray floor (a die whose centre lies outside it is off the tray).
A calibration is saved in the user's configuration folder as a small JSON file and a PNG
of the empty tray, and drawn on an annotated image for people to check.

    >>> import numpy as np
    >>> frame = np.full((120, 160, 3), 90, np.uint8)
    >>> frame[20:100, 20:140] = (60, 140, 40)                 # a green tray on a table
    >>> noisy = [np.clip(frame + np.random.default_rng(i).normal(0, 2, frame.shape), 0, 255)
    ...          .astype(np.uint8) for i in range(4)]
    >>> cal = learn(noisy)
    >>> (x0, y0), (x1, y1) = cal.tray.min(axis=0), cal.tray.max(axis=0)  # pixels 20..139, 20..99
    >>> [round(float(v)) for v in (x0, y0, x1, y1)]
    [21, 21, 139, 99]
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.errors import VisionError
from vision.words import Said, _

CALIBRATE = "dicetable calibrate"  # the command that learns the empty tray anew

FORMAT = "dicetable-calibration/1"
SMALL_WIDTH = 160  # the cheap view the motion checks work on (pixels across)
MOVING = 12.0  # grey levels: frames of the empty tray differing more moved


class CalibrationError(VisionError):
    """A calibration that cannot be learned or read; the message says what to do."""


def config_dir() -> Path:
    """$XDG_CONFIG_HOME/dicetable (~/.config/dicetable)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "dicetable"


def default_path() -> Path:
    return config_dir() / "calibration.json"


def small_size(width: int, height: int) -> tuple[int, int]:
    """The size of the cheap view of a frame: SMALL_WIDTH across, same aspect.

    >>> small_size(640, 480), small_size(1280, 720)
    ((160, 120), (160, 90))
    """
    return SMALL_WIDTH, max(8, round(SMALL_WIDTH * height / width))


def shrink(frame: np.ndarray) -> np.ndarray:
    """The cheap view of a BGR frame (uint8, SMALL_WIDTH across)."""
    h, w = frame.shape[:2]
    return cv2.resize(frame, small_size(w, h), interpolation=cv2.INTER_AREA)


@dataclass(frozen=True)
class Calibration:
    """The tray area and the empty tray's look, for frames of `size` (width, height)."""

    size: tuple[int, int]
    tray: np.ndarray = field(repr=False)  # polygon (n, 2), frame pixels
    empty: np.ndarray = field(repr=False)  # the empty tray, BGR uint8, full size
    noise: float  # camera noise in the cheap view, grey levels (standard deviation)
    whole_frame: bool = False  # no tray edge was seen: the whole view counts
    learned_at: str = ""
    source: str = ""

    def small_empty(self) -> np.ndarray:
        return shrink(self.empty)

    def tray_mask(self, size: tuple[int, int]) -> np.ndarray:
        """The tray floor as a uint8 mask (255 inside) for an image of `size` (w, h)."""
        sx, sy = size[0] / self.size[0], size[1] / self.size[1]
        mask = np.zeros((size[1], size[0]), np.uint8)
        pts = np.round(self.tray * [sx, sy] * 16).astype(np.int32)
        cv2.fillPoly(mask, [pts], 255, cv2.LINE_8, 4)
        return mask

    def inside(self, point: tuple[float, float], margin: float = 0.0) -> bool:
        """True if a frame point lies on the tray floor (or within `margin` px of it)."""
        d = cv2.pointPolygonTest(self.tray.astype(np.float32), point, True)
        return bool(d >= -margin)

    def fits(self, width: int, height: int) -> bool:
        """True if frames of this size can use it (the same aspect, any scale)."""
        return abs(width * self.size[1] - height * self.size[0]) <= max(width, height) // 100

    def resized(self, width: int, height: int) -> Calibration:
        """The same calibration for frames of another size with the same aspect."""
        if not self.fits(width, height):
            raise CalibrationError(
                _(
                    "the calibration is for {size} frames, not {given}: run {command} again "
                    "with this camera setting",
                    size=f"{self.size[0]}x{self.size[1]}",
                    given=f"{width}x{height}",
                    command=CALIBRATE,
                )
            )
        if (width, height) == self.size:
            return self
        s = width / self.size[0]
        empty = cv2.resize(self.empty, (width, height), interpolation=cv2.INTER_AREA)
        return Calibration(
            (width, height),
            self.tray * s,
            empty,
            self.noise,
            self.whole_frame,
            self.learned_at,
            self.source,
        )

    def shifted(self, dx: float, dy: float, fill: np.ndarray | None = None) -> Calibration:
        """The calibration of a camera moved by (dx, dy) frame pixels (a bump). What the
        camera newly sees at the edges is taken from `fill` (a frame of this size)."""
        m = np.array([[1, 0, dx], [0, 1, dy]], np.float32)
        empty = cv2.warpAffine(
            self.empty, m, self.size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        )
        if fill is not None and fill.shape == empty.shape:
            seen = cv2.warpAffine(
                np.full(self.empty.shape[:2], 255, np.uint8), m, self.size, flags=cv2.INTER_NEAREST
            )
            empty[seen == 0] = fill[seen == 0]
        return Calibration(
            self.size,
            self.tray + np.array([dx, dy]),
            empty,
            self.noise,
            self.whole_frame,
            self.learned_at,
            self.source,
        )

    def whole(self) -> Calibration:
        """The same look with the whole view as the tray (when the tray is lost)."""
        return Calibration(
            self.size,
            _whole(*self.size),
            self.empty,
            self.noise,
            True,
            self.learned_at,
            self.source,
        )

    def describe(self) -> Said:
        """What was learnt, in a line (for the terminal)."""
        w, h = self.size
        if self.whole_frame:
            return _(
                "{size} frames; the whole view (no tray edge seen); camera noise {noise:.1f}",
                size=f"{w}x{h}",
                noise=float(self.noise),
            )
        x0, y0 = self.tray.min(axis=0)
        x1, y1 = self.tray.max(axis=0)
        share = cv2.contourArea(self.tray.astype(np.float32)) / (w * h)
        return _(
            "{size} frames; a tray of {corners} corners, {tray} px at ({x}, {y}), {percent}% "
            "of the view; camera noise {noise:.1f}",
            size=f"{w}x{h}",
            corners=len(self.tray),
            tray=f"{x1 - x0:.0f}x{y1 - y0:.0f}",
            x=round(float(x0)),
            y=round(float(y0)),
            percent=round(share * 100),
            noise=float(self.noise),
        )

    # ---- storing ---------------------------------------------------------------------

    def save(self, path: Path) -> Path:
        """Write `path` (JSON) and the empty tray beside it (PNG); returns the JSON path."""
        if path.is_dir():
            raise CalibrationError(
                _("{path} is a folder: give a file name (calibration.json)", path=str(path))
            )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CalibrationError(
                _(
                    "cannot make the folder {folder} ({why}): give a calibration file in a "
                    "folder you can write",
                    folder=str(path.parent),
                    why=error.strerror or str(error),
                )
            ) from None
        image = path.with_suffix(".png")
        if not cv2.imwrite(str(image), self.empty):
            raise CalibrationError(
                _("cannot write {path}: check the folder is writable", path=str(image))
            )
        data = {
            "format": FORMAT,
            "size": list(self.size),
            "tray": [[round(float(x), 1), round(float(y), 1)] for x, y in self.tray],
            "noise": round(self.noise, 3),
            "whole_frame": self.whole_frame,
            "empty": image.name,
            "learned_at": self.learned_at,
            "source": self.source,
        }
        tmp = path.with_suffix(".tmp")
        try:
            tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            tmp.replace(path)  # whole or not at all: a crash leaves the old calibration
        except OSError as error:
            raise CalibrationError(
                _(
                    "cannot write {path} ({why}): check the folder is writable",
                    path=str(path),
                    why=error.strerror or str(error),
                )
            ) from None
        return path


def load(path: Path) -> Calibration:
    """Read a saved calibration; a missing or broken one is a CalibrationError."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    # (said on the page when a game night starts without one: vision's words)
    except FileNotFoundError:
        raise CalibrationError(
            _(
                "no calibration at {path}: run {command} with the empty tray in view",
                path=str(path),
                command=CALIBRATE,
            )
        ) from None
    except OSError as error:
        raise CalibrationError(
            _("cannot read {path}: {why}", path=str(path), why=error.strerror or str(error))
        ) from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise CalibrationError(
            _("{path} is not a calibration file: run {command}", path=str(path), command=CALIBRATE)
        ) from None
    try:
        if data["format"] != FORMAT:
            raise ValueError(data["format"])
        size = (int(data["size"][0]), int(data["size"][1]))
        tray = np.array(data["tray"], np.float64).reshape(-1, 2)
        empty = cv2.imread(str(path.parent / str(data["empty"])), cv2.IMREAD_COLOR)
        noise = float(data["noise"])
    except (KeyError, TypeError, ValueError, IndexError):
        raise CalibrationError(
            _(
                "{path} is damaged or of another version: run {command}",
                path=str(path),
                command=CALIBRATE,
            )
        ) from None
    if empty is None or (empty.shape[1], empty.shape[0]) != size or len(tray) < 3:
        raise CalibrationError(
            _(
                "{path}: its image is missing or damaged: run {command}",
                path=str(path),
                command=CALIBRATE,
            )
        )
    return Calibration(
        size,
        tray,
        empty,
        noise,
        bool(data.get("whole_frame", False)),
        str(data.get("learned_at", "")),
        str(data.get("source", "")),
    )


# ---- learning ----------------------------------------------------------------------------


def learn(frames: Sequence[np.ndarray], source: str = "", whole_frame: bool = False) -> Calibration:
    """Learn from a few frames (3 or more) of the empty tray, taken while nothing moves."""
    if len(frames) < 3:
        raise CalibrationError(_("calibration needs at least 3 frames, not {n}", n=len(frames)))
    shapes = {f.shape for f in frames}
    if len(shapes) != 1:
        raise CalibrationError(_("the frames changed size during calibration: try again"))
    h, w = frames[0].shape[:2]
    stack = np.stack(frames)
    empty = np.median(stack, axis=0).astype(np.uint8)
    small = np.stack([shrink(f) for f in frames]).astype(np.float32)
    grey = small.mean(axis=3)
    diffs = np.abs(np.diff(grey, axis=0))
    moved = diffs.reshape(len(frames) - 1, -1).max(axis=1)
    if float(moved.max()) > MOVING + 6 * float(np.median(diffs)):
        raise CalibrationError(
            _(
                "something moved during calibration: keep hands and dice out of the tray, "
                "the camera still, and try again"
            )
        )
    noise = float(np.std(np.diff(grey, axis=0))) / np.sqrt(2.0)
    if whole_frame:
        tray = _whole(w, h)
    else:
        found = find_tray(empty)
        whole_frame = found is None
        tray = _whole(w, h) if found is None else found
    return Calibration(
        (w, h),
        tray,
        empty,
        max(noise, 0.3),
        whole_frame,
        time.strftime("%Y-%m-%dT%H:%M:%S"),
        source,
    )


def _whole(w: int, h: int) -> np.ndarray:
    return np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float64)


def find_tray(empty: np.ndarray) -> np.ndarray | None:
    """The tray floor's outline (frame pixels) in an image of the empty tray: the even
    region around the centre of the view. None if it fills the whole view (no tray edge
    to see); a CalibrationError if there is no even region around the centre."""
    h, w = empty.shape[:2]
    small = cv2.GaussianBlur(shrink(empty), (5, 5), 0)
    sh, sw = small.shape[:2]
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    centre = lab[sh * 2 // 5 : sh * 3 // 5, sw * 2 // 5 : sw * 3 // 5].reshape(-1, 3)
    ref = np.median(centre, axis=0)
    # lightness counts half: a light gradient across the tray is not its edge
    dist = np.linalg.norm((lab - ref) * [0.5, 1.0, 1.0], axis=2)
    spread = float(np.percentile(np.linalg.norm((centre - ref) * [0.5, 1.0, 1.0], axis=1), 95))
    mask = (dist < max(10.0, 2.5 * spread)).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    _count, labels, stats, _centres = cv2.connectedComponentsWithStats(mask, connectivity=4)
    mid = labels[sh // 2, sw // 2]
    if mid == 0:
        raise CalibrationError(
            _(
                "cannot find the tray: the centre of the view is not even; point the camera "
                "at the middle of the empty tray, or use --whole-frame"
            )
        )
    region = (labels == mid).astype(np.uint8)
    share = float(stats[mid, cv2.CC_STAT_AREA]) / (sw * sh)
    if share > 0.9:
        return None
    if share < 0.15:
        raise CalibrationError(
            _(
                "the tray seen is only {percent}% of the view: move the camera closer or "
                "lower, or use --whole-frame",
                percent=round(share * 100),
            )
        )
    contours, _hierarchy = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.convexHull(max(contours, key=cv2.contourArea))
    poly = cv2.approxPolyDP(hull, 0.01 * cv2.arcLength(hull, True), True).reshape(-1, 2)
    # the cheap view's pixel centres -> frame pixels; the blob's outer edge is half a
    # small pixel beyond the centres of its border pixels
    scale = np.array([w / sw, h / sh])
    centre_pt = poly.mean(axis=0)
    out = (poly.astype(np.float64) + 0.5 + np.sign(poly - centre_pt) * 0.5) * scale
    return np.clip(out, 0, [w - 1, h - 1])


# ---- showing ------------------------------------------------------------------------------


def annotate(cal: Calibration, frame: np.ndarray | None = None, note: str = "") -> np.ndarray:
    """A picture of the calibration: the tray outline on the frame (default: the empty
    tray), with a line of text saying what was learned."""
    img = (cal.empty if frame is None else frame).copy()
    pts = np.round(cal.tray).astype(np.int32)
    cv2.polylines(img, [pts], True, (0, 255, 255), 2, cv2.LINE_AA)
    for x, y in pts:
        cv2.circle(img, (int(x), int(y)), 5, (0, 0, 255), -1, cv2.LINE_AA)
    lines = [*cal.describe().split("; "), *([note] if note else [])]
    scale = max(0.4, img.shape[1] / 1400)
    for k, text in enumerate(lines):
        y = int(22 * scale / 0.45) * (k + 1)
        cv2.putText(img, text, (8, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(
            img, text, (8, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (255, 255, 255), 1, cv2.LINE_AA
        )
    return img
