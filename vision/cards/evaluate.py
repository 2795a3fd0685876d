"""Measure a card reader on a labelled folder (dice-labels/1, face_set "cards").

Matching is vision.evaluate's (box IoU >= 0.5, greedy). Over matched cards labelled
readable: `value_accuracy` and `color_accuracy` (an unknown counts as wrong), and the
`silent_error_rate`: cards reported with a wrong value or a wrong colour (not unknown), the
failure nothing warns anyone of. Cards labelled `back` (face down) are not in those: they
give `facedown_recall`, the share of them reported face down. `cards_dropped`: labelled
cards the finder found that the reader did not report (the hand would seem smaller).
`cards_invented_read`: finds where no card is labelled (a die, a mark on the table) read as
a sure card: a confident wrong reading too, of no card. Detection figures (and that one)
skip images labelled `complete: false`.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from vision import labels
from vision.cards.design import BACK
from vision.cards.finder import Found
from vision.cards.reader import CardReading, FrameCards
from vision.evaluate import Finds, Miss, confusion_table, ratio
from vision.reader import UNKNOWN


@dataclass
class CardReport(Finds):
    card_set: str
    values: list[str]
    reading: str = ""  # which reading was measured (FrameCards.described)
    read: int = 0  # matched cards labelled readable: value and colour figures are over these
    value_correct: int = 0
    value_unknown: int = 0
    color_correct: int = 0
    color_unknown: int = 0
    silent: int = 0
    invented_read: int = 0  # finds of no labelled card, read as a sure card
    backs: int = 0
    backs_facedown: int = 0
    confusion: dict[str, dict[str, int]] = field(default_factory=dict)

    def figures(self) -> dict[str, Any]:
        return {
            "images": self.images,
            "images_incomplete": self.incomplete,
            "cards_labelled": self.labelled,
            "cards_found": self.found,
            "cards_dropped": self.dropped,
            "cards_invented_read": self.invented_read,
            "detection_recall": ratio(self.matched, self.labelled),
            "detection_precision": ratio(self.matched, self.found),
            "cards_read": self.read,
            "value_accuracy": ratio(self.value_correct, self.read),
            "color_accuracy": ratio(self.color_correct, self.read),
            "silent_error_rate": ratio(self.silent, self.read),
            "value_unknown_rate": ratio(self.value_unknown, self.read),
            "color_unknown_rate": ratio(self.color_unknown, self.read),
            "facedown_recall": ratio(self.backs_facedown, self.backs),
            "ms_per_frame_median": round(statistics.median(self.ms), 2) if self.ms else None,
        }

    def to_json(self) -> dict[str, Any]:
        figures = self.figures()
        return {
            "card_set": self.card_set,
            "reading": self.reading,
            **figures,
            "confusion": self.confusion,
        }

    def table(self) -> str:
        """The figures and the value confusion matrix (rows: labelled; columns: as read)."""
        lines = [f"{k:22} {'-' if v is None else v}" for k, v in self.figures().items()]
        heading = "values (rows: labelled, columns: read)"
        table = confusion_table(self.confusion, self.values, heading, empty=False)
        return "\n".join([*lines, "", *table])


def evaluate(
    label_set: labels.LabelSet,
    reader: FrameCards,
    images: Sequence[labels.LabelledImage] | None = None,
) -> CardReport:
    """Read every image of the set with `reader` (a card set's, or the combined one the
    table reads a taught set with: vision.cards.combined.load) and compare with its labels."""
    report = CardReport(reader.cards.name, list(reader.values), reader.described)
    for image, reading in report.timed(label_set, images, reader.read_frame):
        score(report, image, reading.cards, reading.dropped)
    return report


def score(
    report: CardReport,
    image: labels.LabelledImage,
    found: Sequence[CardReading],
    dropped: Sequence[Found] = (),
) -> None:
    """Add one image's readings (and what the reader dropped) to the report."""
    said: Callable[[CardReading], str] = lambda got: f"{got.color} {got.value}"  # noqa: E731
    pairs = report.count(image, found, dropped, _name, said, "no card")
    if image.complete:
        matched = {j for _, j in pairs}
        report.invented_read += sum(got.known for j, got in enumerate(found) if j not in matched)
    for i, j in pairs:
        card, got = image.dice[i], found[j]
        if not card.readable:
            continue
        if card.face == BACK:
            report.backs += 1
            report.backs_facedown += got.facedown
            if not got.facedown:
                report.misses.append(Miss(image.file, card.box, "unknown", "back", _read(got)))
            continue
        report.read += 1
        row = report.confusion.setdefault(card.face, {})
        row[got.value] = row.get(got.value, 0) + 1
        wrong = False
        if got.value == card.face:
            report.value_correct += 1
        elif got.value == UNKNOWN:
            report.value_unknown += 1
        else:
            wrong = True
        if got.color == card.color:
            report.color_correct += 1
        elif got.color == UNKNOWN:
            report.color_unknown += 1
        else:
            wrong = True
        if wrong:
            report.silent += 1
            report.misses.append(Miss(image.file, card.box, "wrong", _name(card), _read(got)))
        elif not got.known:
            report.misses.append(
                Miss(image.file, card.box, "unknown", _name(card), f"? {_best(got)} {got.reason}")
            )


def _name(card: labels.LabelledDie) -> str:
    return f"{card.color} {card.face}"


def _read(got: CardReading) -> str:
    return f"{got.color} {got.value} {got.color_confidence:.2f}/{got.confidence:.2f}"


def _best(got: CardReading) -> str:
    return f"{got.best_color} {got.best_value}"
