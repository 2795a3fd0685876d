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
from collections.abc import Callable
from dataclasses import asdict, dataclass
from itertools import compress
from pathlib import Path
from statistics import median
from typing import Any, Protocol

import cv2
import numpy as np

from vision import d4_read, detect, faceset, nets, patches
from vision.errors import VisionError
from vision.words import Said, _

UNKNOWN = "unknown"
# Why a die is not read: a message for people (vision.words), whose English begins with
# its kind ("cocked", "unlike", "unsure": vision.live.follow counts the dice not read so).
# the reason of a find the set drops as none of its dice, when it is reported (unknown)
UNLIKE = _("unlike: none of the set's dice")
LEANING = _("cocked: the die leans on something")
FINE = 0.99  # a threshold above this is said with four digits (0.9990, not 1.00)
# A finder pass (vision.detect.PASSES) that reads the faces of fewer than this share of the
# dice it reports, or reports fewer than CLOSE_FROM dice, opens the next: on other people's
# tables the tray's finder reads a pip or a die at the edge, or the one die it finds of a
# table of small dice, and calls the rest unknown. The next pass's dice are reported if
# they hold NEW_DICE dice away from every one of the earlier's (overlapping none by
# NEW_IOU: dice it could not see), or read more faces. A tray's dice found by both are the
# earlier's: the later set draws their boxes as other people's labels do, smaller than the
# tray's (80 of d6-tray's learn photos, each read by both passes: 0.987 / 0.982, as with
# the pass that reads more faces; 0.971 / 0.970 with the later's dice whenever it reports
# any). One die added is not enough: on tray frames of one die (vision.fewdice, made from
# d6-tray's learn photos) the later pass's one new die is a tray mark (2 of 285 frames, 1
# die invented), as on d6-tray's held-out part. Issue 16's ninth round, chosen on rune55's
# validation scenes (recall / precision 0.969 / 0.969 -> 0.975 / 0.977), its learn phone
# photos (0.297 / 0.405 -> 0.409 / 0.550) and those few-dice frames (0.920 / 0.844 as
# before); before: 0.5, any count, the pass that read more faces
READ_SHARE = 0.75
CLOSE_FROM = 2
NEW_IOU = 0.3
NEW_DICE = 2
# The finder's last pass, opened, whose finds' median side is under this many pixels at its
# width opens the set's pass for small dice (FaceSet.small_finder), whose dice are
# reported if they read more faces and add NEW_DICE dice the others could not see
# (d6-tray's learn and validation photos, all read by it, as before; reported whenever it
# reads more faces, a validation die lost). Chosen on rune55's validation scenes and learn
# phone photos (without it 0.972 / 0.976 and 0.404 / 0.535). Not where the last pass
# finds none: on grey noise the pass for small dice reads one face of 49 finds (reported
# as 49 dice), and no learn or validation frame gains from it
SMALL_SIDE = 20.0
COCKED = faceset.COCKED  # cocked classifier's probability from which a die leans (a set's own)


def read_faces(dice: list[DieReading]) -> int:
    """How many of `dice` are read as a face."""
    return sum(d.face != UNKNOWN for d in dice)


def adds(dice: list[DieReading], before: list[DieReading]) -> bool:
    """Whether a pass's `dice` hold NEW_DICE dice away from every die of `before` (an
    earlier pass's: overlapping none by NEW_IOU), dice the earlier could not see."""
    new = sum(all(detect.iou(d.box, e.box) < NEW_IOU for e in before) for d in dice)
    return new >= NEW_DICE


def closes(dice: list[DieReading]) -> bool:
    """Whether a finder pass that reports `dice` closes the next (READ_SHARE, CLOSE_FROM)."""
    return len(dice) >= CLOSE_FROM and read_faces(dice) >= READ_SHARE * len(dice)


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
    reason: str  # why the face is unknown ("" when read; a vision.words.Said for people)
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
    """Return `frame` as a BGR uint8 image, or raise FrameError saying what is wrong (in
    vision's words: a camera's damaged frame is skipped with it, said on the page). Its
    size is checked before it is converted: OpenCV fails on an empty frame (a JPEG
    decoded to nothing) with an error of its own, in English, that would end the stream."""
    if not isinstance(frame, np.ndarray):
        raise FrameError(_("a frame must be a numpy array, not {kind}", kind=type(frame).__name__))
    if frame.dtype != np.uint8:
        raise FrameError(_("a frame must be 8-bit (uint8), not {dtype}", dtype=str(frame.dtype)))
    if not (frame.ndim == 2 or (frame.ndim == 3 and frame.shape[2] in (3, 4))):
        shape = str(tuple(frame.shape))
        raise FrameError(_("a frame must be H x W x 3 (BGR), not shape {shape}", shape=shape))
    if min(frame.shape[:2]) < 32:
        size = f"{frame.shape[1]}x{frame.shape[0]}"
        raise FrameError(_("a frame of {size} is too small (at least 32x32)", size=size))
    if frame.ndim == 2:
        frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    elif frame.shape[2] == 4:
        frame = cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    return np.ascontiguousarray(frame)


@dataclass(frozen=True)
class FrameReading:
    """What `DiceReader.read_frame` saw: the dice reported, and what the finder found but
    the face set took for none of its dice (a tray hole, a coin, noise), with the finder
    not sure enough of it to report it anyway (vision.detect.SURE)."""

    dice: list[DieReading]
    dropped: list[detect.Candidate]


class FrameReader(Protocol):
    """Anything that reads a frame's dice as DiceReader.read_frame does (a mix of sets,
    vision.mixed.MixedReader, too)."""

    def read_frame(self, frame: np.ndarray) -> FrameReading: ...


class DiceReader:
    """Finds and reads dice of one face set."""

    def __init__(self, faces: faceset.FaceSet, die_threshold: float = detect.DIE_THRESHOLD) -> None:
        if faces.embedding != nets.model_id(faces.embedding_file):
            raise faceset.FaceSetError(
                f"face set {faces.name!r} was taught with another embedding model; teach it again"
            )
        self.faces = faces
        self.die_threshold = die_threshold
        self._later: list[DiceReader] | None = None

    @classmethod
    def load(cls, name: str | Path) -> DiceReader:
        """A reader for a shipped face set ("kot", "d6-pips") or a taught .npz file."""
        return cls(faceset.load(name))

    def read(self, frame: np.ndarray) -> list[DieReading]:
        """Every die in a BGR frame, read; raises FrameError for a frame that is no image."""
        return self.read_frame(frame).dice

    def read_frame(self, frame: np.ndarray) -> FrameReading:
        """As `read`, with what was found but dropped as none of our dice (for measuring).

        A finder of several passes (vision.detect.PASSES) is read pass by pass, each by its
        set (FaceSet.later), until one reads the faces of at least READ_SHARE of the dice
        it reports, and at least CLOSE_FROM dice: a later pass looks for the dice of frames
        in which the earlier ones read few (other people's dice on other tables, close-ups:
        there the first finder finds pips and table, reported unknown at most, or reads a
        pip, a die at the edge or one small die of many and calls the rest unknown), and a
        table of the first pass's dice is read as by it alone, as fast. The dice reported
        are those of the last pass opened that adds NEW_DICE dice the earlier could not see
        or reads more faces (`adds`). Where the last pass was opened and found small dice,
        the set's pass for small dice (FaceSet.small_finder) is read too, and reported if it
        reads more faces and adds NEW_DICE dice."""
        frame = check_frame(frame)
        model = self.faces.finder_file
        if detect.passes(model) == 1:
            return self._read_found(frame, detect.find(frame, self.die_threshold, model=model))
        dropped: list[detect.Candidate] = []
        best = FrameReading([], [])
        passes = self.passes()
        for k, reader in enumerate(passes):
            raw = detect.find_pass(frame, model, k, self.die_threshold)
            seen = reader._read_found(frame, raw)
            dropped += seen.dropped
            more = read_faces(seen.dice) > read_faces(best.dice) or not read_faces(best.dice)
            if more or adds(seen.dice, best.dice):
                best = seen
            if k == len(passes) - 1:
                small = self._small_pass(frame, raw, k)
                if small is not None:
                    dropped += small.dropped
                    more = read_faces(small.dice) > read_faces(best.dice)
                    best = small if more and adds(small.dice, best.dice) else best
            elif closes(seen.dice):
                break
        return FrameReading(best.dice, dropped)

    def _small_pass(
        self, frame: np.ndarray, last: list[detect.Candidate], k: int
    ) -> FrameReading | None:
        """The set's pass for small dice (FaceSet.small_finder) where the finder's last pass
        `k`, whose finds were `last`, found small dice (SMALL_SIDE); else None. Its
        finds are read as the last pass's (that pass's set and box fit)."""
        if not self.faces.small_finder:
            return None
        scale = detect.pass_width(self.faces.finder_file, k) / frame.shape[1]
        if not last or median([detect.box_side(c.box) for c in last]) * scale >= SMALL_SIDE:
            return None
        found = detect.find_pass(frame, self.faces.small_finder, 0, self.die_threshold)
        found = [dataclasses.replace(c, finder_pass=k) for c in found]
        return self.passes()[k]._read_found(frame, found)

    def passes(self) -> list[DiceReader]:
        """The reader of each pass of the set's finder (FaceSet.later), made once: the set
        that reads that pass's finds (vision.mixed reads a mix's finds so too)."""
        if self._later is None:
            later = [DiceReader(f, self.die_threshold) for f in self.faces.later]
            passes = detect.passes(self.faces.finder_file)
            self._later = [self, *later, *[self] * (passes - 1 - len(later))][:passes]
        return self._later

    def _read_found(self, frame: np.ndarray, raw: list[detect.Candidate]) -> FrameReading:
        """The finds `raw` (of `frame`, checked) read by this set."""
        found = [fitted(self.faces, c) for c in raw]
        if not found:
            return FrameReading([], [])
        side = self.faces.face_side
        cut = np.stack([patches.cut(frame, c.center, side(c.side), c.angle) for c in found])
        return self._read_patches(
            cut,
            found,
            lambda keep: context_cuts(frame, list(compress(found, keep))),
            (frame, raw),
        )

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
        return self._read_patches(cut, found, lambda keep: context[keep]).dice

    def _read_patches(
        self,
        cut: np.ndarray,
        found: list[detect.Candidate],
        context_of: Callable[[np.ndarray], np.ndarray],
        seen: tuple[np.ndarray, list[detect.Candidate]] | None = None,
    ) -> FrameReading:
        """Read the candidates from their face cuts; only those kept are asked whether they
        lean (`context_of(keep)`: their context patches): texture costs one embedding.
        `seen`: the frame and the finder's own finds (a d4 set reads the glyphs there)."""
        judged = self.judge(cut, *(seen or (None, None)))
        sure = np.array([c.score >= detect.SURE for c in found])
        keep = ~judged.unlike | sure
        dropped = list(compress(found, ~keep))
        kept = list(compress(found, keep))
        if not kept:
            return FrameReading([], dropped)
        frame = seen[0] if seen is not None else None
        dice = self.report(kept, judged.subset(keep), cut[keep], context_of(keep), frame)
        return FrameReading(dice, dropped)

    def judge(
        self,
        cut: np.ndarray,
        frame: np.ndarray | None = None,
        found: list[detect.Candidate] | None = None,
    ) -> Judged:
        """What the set makes of face cuts (n, PATCH, PATCH, 3): each face's probability,
        how like its faces each is, and which are like none of its dice. A set that reads
        a d4's glyphs (FaceSet.reads_glyphs) reads the faces of those like its dice there,
        given the `frame` and the finder's own finds (unscaled); without, by its cuts."""
        features = nets.embed(cut, self.faces.views, self.faces.embedding_file)
        # colour features tell a set's own dice (FaceSet.read_faces) where it knows them
        colours = color_features(cut) if self.faces.has_home else None
        probs, thresholds = self.faces.read_faces(features, colours)
        similar = self.faces.similarity(features)
        n = len(self.faces.faces)
        unlike = (similar < self.faces.familiar) | (probs.argmax(axis=1) >= n)
        if self.faces.reads_glyphs and frame is not None and found is not None:
            ours = np.flatnonzero(~unlike)
            f = self.faces
            read = d4_read.read(
                frame,
                [found[i] for i in ours],
                f.glyph_weights,
                f.glyph_bias,
                f.chirality,
            )
            probs = probs.copy()
            probs[ours] = 0.0
            probs[ours, :n] = read
            thresholds = thresholds.copy()
            thresholds[ours] = f.glyph_threshold
        return Judged(probs, similar, unlike, thresholds, colours)

    def report(
        self,
        found: list[detect.Candidate],
        judged: Judged,
        cut: np.ndarray,
        context: np.ndarray,
        frame: np.ndarray | None = None,
    ) -> list[DieReading]:
        """The readings of candidates judged (`judge`) from their face cuts and context
        patches: cocked, unlike, unsure or read, with their colour. Given their `frame`,
        whether they lean is asked knowing their place in it (`leaning`)."""
        n_faces = len(self.faces.faces)
        # the cocked network's flag frees a die only where its face is under the set's
        # stricter threshold and it is like the set's dice: the only dice it is asked of
        below = ~judged.unlike & (
            judged.probs[:, :n_faces].max(axis=1) < self.faces.freed_threshold
        )
        leaning, freed = self.leaning(found, context, frame, below)
        # a set without colours (pips) reads none: its colour features would cost 1-2 ms a
        # frame of 20 dice for nothing
        colours = judged.colours
        if colours is None:
            colours = (
                color_features(cut)
                if self.faces.colors
                else np.zeros((len(found), COLOR_FEATURES), np.float32)
            )
        out = []
        # a freed die is read at the set's stricter threshold (FaceSet.freed_threshold)
        thresholds = np.where(
            freed, np.maximum(judged.thresholds, self.faces.freed_threshold), judged.thresholds
        )
        for cand, p, strange, lean, colour, threshold in zip(
            found, judged.probs, judged.unlike, leaning, colours, thresholds, strict=True
        ):
            cocked = bool(lean)
            best = int(np.argmax(p[:n_faces]))
            color, color_conf = self.faces.color_of(colour)
            reason: Said | str = ""
            if cocked:
                reason = LEANING
            elif strange:
                reason = _(
                    "unlike: a die like none of the faces of {name}",
                    name=faceset.set_name(self.faces.name),
                )
            elif p[best] < threshold and threshold > FINE:  # a d4's glyph read (d4_read)
                reason = _(
                    "unsure: {p:.4f} < {threshold:.4f}",
                    p=float(p[best]),
                    threshold=float(threshold),
                )
            elif p[best] < threshold:
                reason = _(  # (numbers as the reader's language writes them)
                    "unsure: {p:.2f} < {threshold:.2f}",
                    p=float(p[best]),
                    threshold=float(threshold),
                )
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
        return out

    def leaning(
        self,
        found: list[detect.Candidate],
        context: np.ndarray,
        frame: np.ndarray | None,
        asked: np.ndarray | None = None,
    ) -> tuple[np.ndarray, np.ndarray]:
        """(n,) whether each found die leans and (n,) whether it is freed. Where the `frame`
        is known and the set asks the network that sees a die's place
        (FaceSet.cocked_placed), by that network (a flat die seen off the camera's axis
        shows a side toward the frame's middle, as a lean shows one: issue 16), and a die
        the cocked network on its `context` patch flags at FaceSet.cocked but that one
        clears is freed (FaceSet.freed_threshold); else (patches alone: read_patches, the
        learning examples) by the cocked network at FaceSet.cocked, none freed. `asked`:
        the dice whose freeing can change their reading (the others are never freed: the
        cocked network is not run on them, 4 ms a frame of 8 dice)."""
        if frame is None or self.faces.cocked_placed > 1:
            return np.asarray(nets.cocked(context) >= self.faces.cocked), np.zeros(len(found), bool)
        lean = np.asarray(placed_leaning(frame, found) >= self.faces.cocked_placed)
        ask = ~lean if asked is None else ~lean & asked
        freed = np.zeros(len(found), bool)
        if self.faces.freed_threshold > 0 and ask.any():
            freed[ask] = nets.cocked(context[ask]) >= self.faces.cocked
        return lean, freed


@dataclass(frozen=True)
class Judged:
    """A face set's view of some face cuts (DiceReader.judge): per cut, the probabilities
    of its faces (and of "none of ours"), its similarity to the nearest face, whether it is
    like none of the set's dice, the threshold it is read at and its colour features."""

    probs: np.ndarray
    similar: np.ndarray
    unlike: np.ndarray
    thresholds: np.ndarray  # the probability from which each is read (FaceSet.read_faces)
    colours: np.ndarray | None  # colour features (color_features), if judging needed them

    def subset(self, which: np.ndarray) -> Judged:
        colours = self.colours[which] if self.colours is not None else None
        return Judged(
            self.probs[which],
            self.similar[which],
            self.unlike[which],
            self.thresholds[which],
            colours,
        )


def context_cuts(frame: np.ndarray, found: list[detect.Candidate]) -> np.ndarray:
    """The context patches (vision.patches.CONTEXT) of the candidates."""
    return np.stack(
        [
            patches.cut(frame, c.center, c.side, c.angle, patches.CONTEXT, patches.CONTEXT_SPAN)
            for c in found
        ]
    )


def placed_leaning(frame: np.ndarray, found: list[detect.Candidate]) -> np.ndarray:
    """(n,) the probability that each found die leans, by the network that sees its place
    in the frame (vision.nets.cocked_placed)."""
    if not found:
        return np.zeros(0, np.float32)
    cuts = [patches.placed_cut(frame, c.center, c.side) for c in found]
    return nets.cocked_placed(np.stack([c for c, _ in cuts]), np.stack([p for _, p in cuts]))


def fitted(faces: faceset.FaceSet, c: detect.Candidate) -> detect.Candidate:
    """A found die drawn as the face set's labels draw boxes (FaceSet.box_factor)."""
    return scaled(c, faces.box_factor(detect.box_side(c.box), c.finder_pass))


def scaled(c: detect.Candidate, factor: float) -> detect.Candidate:
    """A candidate with its box and face grown by `factor` about its centre: the face set's
    labels may draw boxes looser or tighter than the finder (vision.teach measures it)."""
    if factor == 1.0:
        return c
    x, y = c.center
    hw, hh = (c.box[2] - c.box[0]) / 2 * factor, (c.box[3] - c.box[1]) / 2 * factor
    return dataclasses.replace(c, box=(x - hw, y - hh, x + hw, y + hh), side=c.side * factor)


COLOR_FEATURES = 39  # the length of color_features' rows


def color_features(cut: np.ndarray) -> np.ndarray:
    """What dice's colours look like, for telling die colours apart, per patch of `cut`
    (n, PATCH, PATCH, 3): (n, COLOR_FEATURES).

    - A histogram of the face's Lab colours (5 lightness bins, 5x5 hue bins),
      square-rooted (30): how much of each colour there is, wherever it sits.
    - The body's colour and the glyph's, how much lighter the glyph is, the lightness's
      skew, and whether the dark part surrounds the light one (9, _body_and_glyph): a
      die's role shows in which is lighter, glyph or body, whatever colours an edition
      chose (vision.designs.edition_looks), also in a grey frame.
    """
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
    histogram = np.sqrt(counts.reshape(n, 30) / lab.shape[1])
    return np.asarray(np.concatenate([histogram, _body_and_glyph(cut)], axis=1), np.float32)


def _body_and_glyph(cut: np.ndarray) -> np.ndarray:
    """Per patch: the body's Lab colour and the glyph's (the face's lightness split in two
    by 2-means: the larger part is the body), how much lighter the glyph is, the
    lightness's skew (bright outliers on a dark body, or dark ones on a light body), and
    how much further out the dark part lies than the light one (the body surrounds the
    glyph)."""
    n, size = len(cut), cut.shape[1]
    m = size // 8
    inner = np.ascontiguousarray(cut[:, m:-m, m:-m])
    side = inner.shape[1]
    lab = cv2.cvtColor(inner.reshape(-1, side, 3), cv2.COLOR_BGR2LAB).reshape(n, -1, 3)
    lab = lab.astype(np.float32) / 255.0
    light = lab[..., 0]
    lo, hi = np.percentile(light, 10, axis=1)[:, None], np.percentile(light, 90, axis=1)[:, None]
    for _step in range(6):
        dark = np.abs(light - lo) < np.abs(light - hi)
        n_dark = np.maximum(dark.sum(axis=1, keepdims=True), 1)
        n_light = np.maximum((~dark).sum(axis=1, keepdims=True), 1)
        lo = (light * dark).sum(axis=1, keepdims=True) / n_dark
        hi = (light * ~dark).sum(axis=1, keepdims=True) / n_light
    body_is_dark = dark.sum(axis=1) > dark.shape[1] / 2
    in_body = np.where(body_is_dark[:, None], dark, ~dark)[..., None]
    body = (lab * in_body).sum(axis=1) / np.maximum(in_body.sum(axis=1), 1)
    glyph = (lab * ~in_body).sum(axis=1) / np.maximum((~in_body).sum(axis=1), 1)
    lighter = np.tanh((glyph[:, :1] - body[:, :1]) * 8.0)
    p5, p50, p95 = np.percentile(light, (5, 50, 95), axis=1)
    skew = np.tanh((p95 + p5 - 2 * p50) * 8.0)[:, None]
    r = np.abs(np.arange(side) + 0.5 - side / 2) / (side / 2)
    radius = np.maximum(r[:, None], r[None, :]).ravel()
    out_dark = (radius * dark).sum(axis=1) / np.maximum(dark.sum(axis=1), 1)
    out_light = (radius * ~dark).sum(axis=1) / np.maximum((~dark).sum(axis=1), 1)
    outside = np.tanh((out_dark - out_light) * 6.0)[:, None]
    return np.concatenate([body, glyph, lighter, skew, outside], axis=1)
