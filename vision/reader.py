"""Read every die in a still frame: the public API of vision.

    >>> from vision.reader import DiceReader
    >>> reader = DiceReader.load("kot")              # or "d6-pips", or a taught .npz
    >>> dice = reader.read(frame_bgr)                # doctest: +SKIP
    >>> [(d.face, d.color, round(d.confidence, 2)) for d in dice]  # doctest: +SKIP
    [('heart', 'black', 0.99), ('unknown', 'green', 0.41), ...]

A reading is plain data (DieReading). A face the model is not sure of is "unknown" with
a reason, never a silent guess; a die leaning on something is `cocked` and not read; a die
the finder is sure of is always reported, "unknown" if it is like none of the set's faces.
"""

from __future__ import annotations

import dataclasses
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision import detect, faceset, nets, patches
from vision.errors import VisionError

UNKNOWN = "unknown"
COCKED = 0.9  # cocked classifier's probability from which a die counts as leaning


class FrameError(VisionError):
    """A frame that is not an image we can read (wrong type, shape or dtype)."""


@dataclass(frozen=True)
class DieReading:
    """One die as read from a frame. Coordinates are pixels of the frame given to read()."""

    center: tuple[float, float]
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 around the die as seen
    angle: float  # top face's rotation, degrees in [0, 90)
    face: str  # a face name of the face set, or "unknown"
    confidence: float  # probability of `face` (of the best face when unknown)
    color: str | None  # a colour of the face set, or None if the set has no colours
    color_confidence: float
    cocked: bool  # leaning on something: its top face is not trusted
    reason: str  # why the face is unknown ("" when read)
    best_guess: str  # the likeliest face even when `face` is unknown (for people, not rules)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["center"] = [round(v, 1) for v in self.center]
        out["box"] = [round(v, 1) for v in self.box]
        out["angle"] = round(self.angle, 1)
        out["confidence"] = round(self.confidence, 4)
        out["color_confidence"] = round(self.color_confidence, 4)
        return out


def check_frame(frame: object) -> np.ndarray:
    """Return `frame` as a BGR uint8 image, or raise FrameError saying what is wrong."""
    if not isinstance(frame, np.ndarray):
        raise FrameError(f"a frame must be a numpy array, not {type(frame).__name__}")
    if frame.dtype != np.uint8:
        raise FrameError(f"a frame must be 8-bit (uint8), not {frame.dtype}")
    if frame.ndim == 2:
        frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    elif frame.ndim == 3 and frame.shape[2] == 4:
        frame = cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    elif frame.ndim != 3 or frame.shape[2] != 3:
        raise FrameError(f"a frame must be H x W x 3 (BGR), not shape {frame.shape}")
    if min(frame.shape[:2]) < 32:
        raise FrameError(
            f"a frame of {frame.shape[1]}x{frame.shape[0]} is too small (at least 32x32)"
        )
    return np.ascontiguousarray(frame)


@dataclass(frozen=True)
class FrameReading:
    """What `DiceReader.read_frame` saw: the dice reported, and what the finder found but
    the face set took for none of its dice (a tray hole, a coin, noise), with the finder
    not sure enough of it to report it anyway (vision.detect.SURE)."""

    dice: list[DieReading]
    dropped: list[detect.Candidate]


class DiceReader:
    """Finds and reads dice of one face set."""

    def __init__(self, faces: faceset.FaceSet, die_threshold: float = detect.DIE_THRESHOLD) -> None:
        if faces.embedding != nets.model_id("embedding.onnx"):
            raise faceset.FaceSetError(
                f"face set {faces.name!r} was taught with another embedding model; teach it again"
            )
        self.faces = faces
        self.die_threshold = die_threshold

    @classmethod
    def load(cls, name: str | Path) -> DiceReader:
        """A reader for a shipped face set ("kot", "d6-pips") or a taught .npz file."""
        return cls(faceset.load(name))

    def read(self, frame: np.ndarray) -> list[DieReading]:
        """Every die in a BGR frame, read; raises FrameError for a frame that is no image."""
        return self.read_frame(frame).dice

    def read_frame(self, frame: np.ndarray) -> FrameReading:
        """As `read`, with what was found but dropped as none of our dice (for measuring)."""
        frame = check_frame(frame)
        found = [
            scaled(c, self.faces.box_factor(detect.box_side(c.box)))
            for c in detect.find(frame, self.die_threshold)
        ]
        if not found:
            return FrameReading([], [])
        cut = np.stack([patches.cut(frame, c.center, c.side, c.angle) for c in found])
        context = np.stack(
            [
                patches.cut(frame, c.center, c.side, c.angle, patches.CONTEXT, patches.CONTEXT_SPAN)
                for c in found
            ]
        )
        return self._read_patches(cut, context, found)

    def read_patches(
        self, cut: np.ndarray, context: np.ndarray, found: list[detect.Candidate]
    ) -> list[DieReading]:
        """Read dice already found and cut out (one face patch and one context patch per
        candidate, vision.patches).

        A candidate whose patch is like no face of the set, or like what the set was taught
        is none of its dice (a tray hole, a coin, a finger, sensor noise), is dropped,
        unless the finder is sure it is a die (detect.SURE): then it is an unknown die, so
        that the dice are never silently fewer than on the table. A cocked one is kept,
        unread.
        """
        return self._read_patches(cut, context, found).dice

    def _read_patches(
        self, cut: np.ndarray, context: np.ndarray, found: list[detect.Candidate]
    ) -> FrameReading:
        features = nets.embed(cut, self.faces.views)
        probs = self.faces.probabilities(features)
        similar = self.faces.similarity(features)
        leaning = nets.cocked(context)
        colours = color_features(cut)
        out = []
        dropped = []
        n_faces = len(self.faces.faces)
        for cand, p, sim, lean, colour in zip(found, probs, similar, leaning, colours, strict=True):
            unlike = sim < self.faces.familiar or int(np.argmax(p)) >= n_faces
            if unlike and cand.score < detect.SURE:
                dropped.append(cand)  # not one of our dice
                continue
            cocked = bool(lean >= COCKED)
            best = int(np.argmax(p[:n_faces]))
            color, color_conf = self.faces.color_of(colour)
            reason = ""
            if cocked:
                reason = "cocked: the die leans on something"
            elif unlike:
                reason = f"unlike: a die like none of the faces of {self.faces.name}"
            elif p[best] < self.faces.threshold:
                reason = f"unsure: {p[best]:.2f} < {self.faces.threshold:.2f}"
            out.append(
                DieReading(
                    center=cand.center,
                    box=cand.box,
                    angle=cand.angle,
                    face=UNKNOWN if reason else self.faces.faces[best],
                    confidence=float(p[best]),
                    color=color,
                    color_confidence=color_conf,
                    cocked=cocked,
                    reason=reason,
                    best_guess=self.faces.faces[best],
                )
            )
        return FrameReading(out, dropped)


def scaled(c: detect.Candidate, factor: float) -> detect.Candidate:
    """A candidate with its box and face grown by `factor` about its centre: the face set's
    labels may draw boxes looser or tighter than the finder (vision.teach measures it)."""
    if factor == 1.0:
        return c
    x, y = c.center
    hw, hh = (c.box[2] - c.box[0]) / 2 * factor, (c.box[3] - c.box[1]) / 2 * factor
    return dataclasses.replace(c, box=(x - hw, y - hh, x + hw, y + hh), side=c.side * factor)


def color_features(cut: np.ndarray) -> np.ndarray:
    """What dice's colours look like, for telling die colours apart: per patch of `cut`
    (n, PATCH, PATCH, 3), a histogram of the face's Lab colours (5 lightness bins, 5x5
    hue bins), square-rooted: (n, 30). Where body and glyph sit does not matter, only how
    much of each colour there is."""
    m = patches.PATCH // 8
    inner = np.ascontiguousarray(cut[:, m:-m, m:-m])
    n = len(inner)
    lab = cv2.cvtColor(inner.reshape(-1, inner.shape[2], 3), cv2.COLOR_BGR2LAB).reshape(n, -1, 3)
    light = lab[..., 0].astype(np.int32) * 5 // 256
    a = np.clip((lab[..., 1].astype(np.int32) - 88) * 5 // 80, 0, 4)
    b = np.clip((lab[..., 2].astype(np.int32) - 88) * 5 // 80, 0, 4)
    rows = np.arange(n)[:, None] * 30
    counts = np.bincount((rows + light).ravel(), minlength=30 * n)
    counts += np.bincount((rows + 5 + a * 5 + b).ravel(), minlength=30 * n)
    return np.asarray(np.sqrt(counts.reshape(n, 30) / lab.shape[1]), np.float32)
