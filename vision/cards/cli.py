"""The card side of `dicetable vision`: read, eval and teach with a card set (vision.cli
hands over when the labels are of cards or --cards is given), and the subcommands
render-cards and compose-cards (registered in vision.cli.MORE)."""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence

import cv2
import numpy as np

from vision import labels
from vision.errors import VisionError

DEFAULT_SET = "cards"
SIZE = re.compile(r"(\d{2,4})x(\d{2,4})")


def annotate(frame: np.ndarray, cards: Sequence[object]) -> np.ndarray:
    """The frame with each card's outline and what was read."""
    from vision.cards.reader import CardReading

    out = frame.copy()
    scale = max(0.35, min(out.shape[:2]) / 1200)
    for c in cards:
        assert isinstance(c, CardReading)
        colour = (60, 220, 60) if c.known else (0, 200, 255)
        pts = np.round(np.array(c.corners)).astype(np.int32)
        cv2.polylines(out, [pts], True, colour, 2, cv2.LINE_AA)
        text = f"{c.color} {c.value}" if c.known else f"? {c.best_color} {c.best_value}"
        if c.facedown:
            text = "face down"
        x, y = (int(v) for v in pts.min(axis=0))
        (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
        y = max(y, th + 4)
        cv2.rectangle(out, (x, y - th - 4), (x + tw + 2, y), (0, 0, 0), -1)
        cv2.putText(
            out, text, (x + 1, y - 3), cv2.FONT_HERSHEY_SIMPLEX, scale, colour, 1, cv2.LINE_AA
        )
    return out


def read(args: argparse.Namespace) -> int:
    from vision.cards import combined
    from vision.images import read_picture

    reader = combined.load(args.cards)  # (as the table's camera reads: vision.cards.combined)
    cards = read_picture(args.image, reader.read, args.annotate, annotate)
    if args.json:
        doc = {"image": str(args.image), "cards": reader.cards.name, "reading": reader.described}
        print(json.dumps({**doc, "found": [c.to_json() for c in cards]}, indent=1))
        return 0
    if not cards:
        print("no cards found")
        return 0
    print(f"{'#':>2} {'colour':7} {'value':8} {'conf':>9} {'center':>13} {'turn':>4}  note")
    for k, c in enumerate(cards, 1):
        note = c.reason + (f" (likeliest {c.best_color} {c.best_value})" if c.reason else "")
        print(
            f"{k:>2} {c.color:7} {c.value:8} {c.color_confidence:4.2f}/{c.confidence:4.2f} "
            f"{c.center[0]:6.0f},{c.center[1]:<6.0f} {c.angle:4.0f}  {note}"
        )
    return 0


def evaluate(
    args: argparse.Namespace, label_set: labels.LabelSet, images: list[labels.LabelledImage]
) -> int:
    from vision.cards import combined
    from vision.cards.evaluate import evaluate as run
    from vision.evaluate import contact_sheet
    from vision.images import write_image

    # what the table reads: a set taught under a shipped name with that shipped set
    reader = combined.load(args.cards or DEFAULT_SET)
    report = run(label_set, reader, images)
    if args.sheet:
        write_image(args.sheet, contact_sheet(label_set, report.misses))
    if args.json:
        print(json.dumps(report.to_json(), indent=1))
    else:
        print(f"{args.folder} ({len(images)} images, {reader.described})")
        print(report.table())
    return 0


def teach(args: argparse.Namespace) -> int:
    from vision.cards.cardset import user_path
    from vision.cards.teach import teach as run

    taught = run(str(args.folder), args.name)
    try:
        out = taught.save(args.out or user_path(args.name))
    except OSError as error:
        raise VisionError(
            f"cannot write the card set: {error.strerror} ({error.filename})"
        ) from None
    print(
        f"taught card set {args.name}: values {', '.join(taught.values)}; colours "
        f"{', '.join(taught.colors)}; thresholds {taught.threshold:.2f} (value), "
        f"{taught.color_threshold:.2f} (colour) -> {out}"
    )
    print(f"read with: dicetable vision read IMAGE --cards {args.name if not args.out else out}")
    return 0


def size_of(text: str) -> tuple[int, int]:
    m = SIZE.fullmatch(text)
    if not m or not (64 <= int(m[1]) <= 4096 and 64 <= int(m[2]) <= 4096):
        raise VisionError(f"--size {text!r}: WIDTHxHEIGHT in pixels, 64 to 4096 (e.g. 640x480)")
    return int(m[1]), int(m[2])


def frames_of(n: int) -> int:
    if not 1 <= n <= 100000:
        raise VisionError(f"--frames: 1 to 100000, not {n}")
    return n
