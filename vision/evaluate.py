"""Measure a reader on a labelled folder (dice-labels/1): detection, faces, colours, time.

A found die matches a labelled one when their boxes overlap by IoU >= 0.5 (greedy, best
overlap first). Face figures are over matched dice that are not labelled cocked;
`unknown` counts as wrong; a *silent error* is a matched die read as a wrong face (not
`unknown`): the worst failure, since nothing warns anyone. A *dropped* die is a labelled
die the finder found but the reader did not report (taken for none of the set's dice):
the dice seem fewer than on the table. An image labelled `complete: false` gives no
detection figures (a found die without a label may be a real one nobody labelled); a die
labelled `readable: false` counts for detection and colour, not for faces.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import cv2
import numpy as np

from vision import labels
from vision.detect import Candidate, iou
from vision.mixed import MixedReader
from vision.reader import UNKNOWN, DiceReader, DieReading

MATCH_IOU = 0.5


@dataclass
class Miss:
    """Something a person should look at: a die missed, invented or misread."""

    file: str
    box: tuple[float, float, float, float]
    kind: str  # missed | invented | dropped | wrong | unknown | color | cocked-missed
    label: str
    read: str


Readings = TypeVar("Readings")


def ratio(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


@dataclass(kw_only=True)
class Finds:
    """What a report counts of finding things, dice or cards: a report of each kind adds
    what it reads of them."""

    images: int = 0
    incomplete: int = 0  # images not every thing of which is labelled (no detection figures)
    labelled: int = 0
    found: int = 0
    matched: int = 0
    dropped: int = 0  # labelled things found by the finder, then not reported
    ms: list[float] = field(default_factory=list)
    misses: list[Miss] = field(default_factory=list)

    def timed(
        self,
        label_set: labels.LabelSet,
        images: Sequence[labels.LabelledImage] | None,
        read_frame: Callable[[np.ndarray], Readings],
    ) -> Iterator[tuple[labels.LabelledImage, Readings]]:
        """Each image (all of the set's by default) with what `read_frame` made of it,
        timed."""
        for image in images if images is not None else label_set.images:
            frame = label_set.frame(image)
            start = time.perf_counter()
            reading = read_frame(frame)
            self.ms.append((time.perf_counter() - start) * 1000)
            yield image, reading

    def count(
        self,
        image: labels.LabelledImage,
        found: Sequence[Boxed],
        dropped: Sequence[Boxed],
        name: Callable[[labels.LabelledDie], str],
        said: Callable[[Any], str],
        nothing: str,
    ) -> list[tuple[int, int]]:
        """Count one image's finds against its labels (`name` of a label and `said` of a
        reading for the misses; `nothing`: what a dropped one was taken for); returns the
        matched pairs (label index, reading index)."""
        self.images += 1
        pairs = match(image.dice, found)
        matched_t = {i for i, _ in pairs}
        matched_f = {j for _, j in pairs}
        unreported = [d for i, d in enumerate(image.dice) if i not in matched_t]
        for i, _ in match(unreported, dropped):
            self.dropped += 1
            label = unreported[i]
            self.misses.append(Miss(image.file, label.box, "dropped", name(label), nothing))
        if not image.complete:
            self.incomplete += 1
            return pairs
        self.labelled += len(image.dice)
        self.found += len(found)
        self.matched += len(pairs)
        for i, label in enumerate(image.dice):
            if i not in matched_t:
                self.misses.append(Miss(image.file, label.box, "missed", name(label), "-"))
        for j, got in enumerate(found):
            if j not in matched_f:
                self.misses.append(Miss(image.file, got.box, "invented", "-", said(got)))
        return pairs


@dataclass
class Report(Finds):
    face_set: str
    faces: list[str]
    unreadable: int = 0  # matched dice a person cannot read (no face figures)
    read_dice: int = 0  # matched dice labelled flat (face figures are over these)
    correct: int = 0
    silent: int = 0
    abstained: int = 0
    colored: int = 0
    color_correct: int = 0
    cocked_labelled: int = 0
    cocked_caught: int = 0
    confusion: dict[str, dict[str, int]] = field(default_factory=dict)

    def figures(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "images": self.images,
            "images_incomplete": self.incomplete,
            "dice_labelled": self.labelled,
            "dice_found": self.found,
            "dice_dropped": self.dropped,
            "dice_unreadable": self.unreadable,
            "detection_recall": ratio(self.matched, self.labelled),
            "detection_precision": ratio(self.matched, self.found),
            "face_accuracy": ratio(self.correct, self.read_dice),
            "silent_error_rate": ratio(self.silent, self.read_dice),
            "abstain_rate": ratio(self.abstained, self.read_dice),
            "color_accuracy": ratio(self.color_correct, self.colored),
            "ms_per_frame_median": round(statistics.median(self.ms), 2) if self.ms else None,
        }
        if self.cocked_labelled:
            out["cocked_recall"] = ratio(self.cocked_caught, self.cocked_labelled)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"face_set": self.face_set, **self.figures(), "confusion": self.confusion}

    def table(self) -> str:
        """The figures and the confusion matrix (rows: labelled face; columns: as read)."""
        lines = [f"{k:22} {'-' if v is None else v}" for k, v in self.figures().items()]
        heading = "confusion (rows: labelled, columns: read)"
        return "\n".join([*lines, "", *confusion_table(self.confusion, self.faces, heading)])


def confusion_table(
    confusion: dict[str, dict[str, int]], known: Sequence[str], heading: str, empty: bool = True
) -> list[str]:
    """A confusion matrix's lines: a column per value the reader knows (`known`) and one for
    unknown; a row per known value (also those never labelled, if `empty`), then one per
    value labelled that the reader has no class for, marked * (it can never read them
    right: a reader measured on labels it cannot read says so)."""
    cols = [*known, UNKNOWN]
    foreign = [row for row in confusion if row not in known]
    width = max(7, *(len(c) + 1 for c in cols), *(len(r) + 2 for r in foreign))
    lines = [heading, " " * width + "".join(f"{c:>{width}}" for c in cols)]
    for row in [*known, *foreign]:
        counts = confusion.get(row, {})
        if counts or (empty and row in known):
            label = row if row in known else f"{row}*"
            lines.append(
                f"{label:>{width}}" + "".join(f"{counts.get(c, 0):>{width}}" for c in cols)
            )
    if foreign:
        lines.append("* labelled, but not a value the reader knows")
    return lines


class Boxed(Protocol):
    """Anything with a box (a labelled die or card, a reading, a find)."""

    @property
    def box(self) -> tuple[float, float, float, float]: ...


def match(truth: Sequence[Boxed], found: Sequence[Boxed]) -> list[tuple[int, int]]:
    """Pairs (label index, reading index) with IoU >= MATCH_IOU, best overlaps first."""
    pairs = sorted(
        ((iou(t.box, f.box), i, j) for i, t in enumerate(truth) for j, f in enumerate(found)),
        reverse=True,
    )
    used_t: set[int] = set()
    used_f: set[int] = set()
    out = []
    for overlap, i, j in pairs:
        if overlap < MATCH_IOU:
            break
        if i not in used_t and j not in used_f:
            used_t.add(i)
            used_f.add(j)
            out.append((i, j))
    return out


def evaluate(
    label_set: labels.LabelSet,
    reader: DiceReader | MixedReader,
    images: Sequence[labels.LabelledImage] | None = None,
) -> Report:
    """Read every image of the set and compare with its labels."""
    report = Report(label_set.face_set, list(reader.faces.faces))
    report.confusion = {f: {} for f in reader.faces.faces}
    for image, reading in report.timed(label_set, images, reader.read_frame):
        score(report, image, reading.dice, reading.dropped)
    return report


def score(
    report: Report,
    image: labels.LabelledImage,
    found: Sequence[DieReading],
    dropped: Sequence[Candidate] = (),
) -> None:
    """Add one image's readings (and what the reader dropped) to the report."""
    pairs = report.count(
        image, found, dropped, lambda d: d.face, lambda got: got.face, "none of ours"
    )
    for i, j in pairs:
        die, got = image.dice[i], found[j]
        if not die.readable:
            report.unreadable += 1
            _score_colour(report, image, die, got)
            continue
        if die.cocked:
            report.cocked_labelled += 1
            report.cocked_caught += got.cocked
            if not got.cocked:
                report.misses.append(Miss(image.file, die.box, "cocked-missed", die.face, got.face))
            continue
        report.read_dice += 1
        row = report.confusion.setdefault(die.face, {})
        row[got.face] = row.get(got.face, 0) + 1
        if got.face == die.face:
            report.correct += 1
        elif got.face == UNKNOWN:
            report.abstained += 1
            report.misses.append(
                Miss(image.file, die.box, "unknown", die.face, f"? {got.best_guess} {got.reason}")
            )
        else:
            report.silent += 1
            report.misses.append(
                Miss(image.file, die.box, "wrong", die.face, f"{got.face} {got.confidence:.2f}")
            )
        _score_colour(report, image, die, got)


def _score_colour(
    report: Report, image: labels.LabelledImage, die: labels.LabelledDie, got: DieReading
) -> None:
    if die.color is not None:
        report.colored += 1
        report.color_correct += got.color == die.color
        if got.color != die.color:
            report.misses.append(Miss(image.file, die.box, "color", str(die.color), str(got.color)))


def contact_sheet(
    label_set: labels.LabelSet, misses: Sequence[Miss], columns: int = 8, tile: int = 128
) -> np.ndarray:
    """One image, a tile per miss: the die in its surroundings, what was expected and read."""
    colors = {
        "missed": (0, 0, 255),
        "invented": (255, 0, 255),
        "dropped": (255, 128, 0),
        "wrong": (0, 0, 255),
        "unknown": (0, 200, 255),
    }
    tiles = []
    frames: dict[str, np.ndarray | None] = {}
    for miss in misses:
        if miss.file not in frames:
            frames[miss.file] = cv2.imread(str(label_set.root / miss.file), cv2.IMREAD_COLOR)
        frame = frames[miss.file]
        t = np.full((tile + 36, tile, 3), 40, np.uint8)
        if frame is not None:
            x0, y0, x1, y1 = miss.box
            side = max(x1 - x0, y1 - y0) * 2.2
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            s = tile / max(side, 1.0)
            m = np.array([[s, 0, tile / 2 - s * cx], [0, s, tile / 2 - s * cy]], np.float32)
            t[:tile] = cv2.warpAffine(frame, m, (tile, tile), borderMode=cv2.BORDER_CONSTANT)
            p0 = (int(tile / 2 - s * (cx - x0)), int(tile / 2 - s * (cy - y0)))
            p1 = (int(tile / 2 + s * (x1 - cx)), int(tile / 2 + s * (y1 - cy)))
            cv2.rectangle(t, p0, p1, colors.get(miss.kind, (0, 255, 255)), 1)
        cv2.putText(
            t,
            f"{miss.kind}: {miss.label}",
            (3, tile + 13),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.38,
            (255, 255, 255),
            1,
            cv2.LINE_AA,
        )
        cv2.putText(
            t,
            f"read {miss.read}"[:26],
            (3, tile + 29),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.38,
            (200, 200, 200),
            1,
            cv2.LINE_AA,
        )
        tiles.append(t)
    if not tiles:
        blank = np.full((60, 320, 3), 40, np.uint8)
        cv2.putText(
            blank,
            "no misses",
            (10, 38),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.8,
            (255, 255, 255),
            1,
            cv2.LINE_AA,
        )
        return blank
    while len(tiles) % columns:
        tiles.append(np.full_like(tiles[0], 40))
    rows = [np.hstack(tiles[i : i + columns]) for i in range(0, len(tiles), columns)]
    return np.vstack(rows)
