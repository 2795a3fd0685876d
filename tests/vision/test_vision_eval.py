"""What `dicetable vision eval` counts: the labels' own limits (`complete: false`,
`readable: false`) and dice the finder found that the reader did not report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vision import labels
from vision.detect import Candidate
from vision.evaluate import Report, score
from vision.reader import UNKNOWN, DieReading

BOX = (10.0, 10.0, 40.0, 40.0)
OTHER = (100.0, 10.0, 130.0, 40.0)


def read(box: tuple[float, float, float, float], face: str) -> DieReading:
    center = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    return DieReading(center, box, 0.0, face, 0.95, "black", 1.0, False, "", face)


def report() -> Report:
    return Report("kot", ["1", "2", "3"])


def test_an_incomplete_image_gives_face_figures_but_no_detection_figures() -> None:
    die = labels.LabelledDie(BOX, "2")
    image = labels.LabelledImage("a.jpg", 200, 100, (die,), complete=False)
    r = report()
    score(r, image, [read(BOX, "2"), read(OTHER, "1")])  # OTHER: nobody labelled it
    figures = r.figures()
    assert figures["images_incomplete"] == 1
    assert figures["detection_recall"] is None and figures["detection_precision"] is None
    assert figures["face_accuracy"] == 1.0
    assert not [m for m in r.misses if m.kind == "invented"]
    complete = report()
    score(
        complete,
        labels.LabelledImage("a.jpg", 200, 100, (die,)),
        [read(BOX, "2"), read(OTHER, "1")],
    )
    assert complete.figures()["detection_precision"] == 0.5


def test_an_unreadable_die_counts_for_detection_and_colour_not_for_faces() -> None:
    dice = (
        labels.LabelledDie(BOX, "2", "black", readable=False),
        labels.LabelledDie(OTHER, "3", "black"),
    )
    r = report()
    score(r, labels.LabelledImage("a.jpg", 200, 100, dice), [read(BOX, "1"), read(OTHER, "3")])
    figures = r.figures()
    assert figures["detection_recall"] == 1.0 and figures["dice_unreadable"] == 1
    assert figures["face_accuracy"] == 1.0 and figures["silent_error_rate"] == 0.0
    assert figures["color_accuracy"] == 1.0 and r.colored == 2


def test_a_die_found_then_dropped_is_counted_and_shown() -> None:
    dice = (labels.LabelledDie(BOX, "2"), labels.LabelledDie(OTHER, "3"))
    dropped = [Candidate((25.0, 25.0), 25.0, 0.0, BOX, 0.5)]
    r = report()
    score(r, labels.LabelledImage("a.jpg", 200, 100, dice), [], dropped)
    assert r.figures()["dice_dropped"] == 1
    assert [(m.kind, m.label) for m in r.misses] == [
        ("dropped", "2"),
        ("missed", "2"),
        ("missed", "3"),
    ]
    r = report()
    score(r, labels.LabelledImage("a.jpg", 200, 100, dice), [read(BOX, UNKNOWN)], dropped)
    assert r.figures()["dice_dropped"] == 0  # reported (unknown): not dropped


def test_the_fields_are_read_saved_and_checked(tmp_path: Path) -> None:
    doc = {
        "format": "dice-labels/1",
        "face_set": "kot",
        "images": [
            {
                "file": "a.jpg",
                "width": 64,
                "height": 64,
                "complete": False,
                "dice": [{"box": list(BOX), "face": "2", "readable": False}],
            }
        ],
    }
    (tmp_path / "labels.json").write_text(json.dumps(doc))
    got = labels.load(tmp_path)
    assert not got.images[0].complete and not got.images[0].dice[0].readable
    labels.save(got, tmp_path / "again")
    back = labels.load(tmp_path / "again")
    assert back.images == got.images
    doc["images"][0]["complete"] = "no"  # type: ignore[index]
    (tmp_path / "labels.json").write_text(json.dumps(doc))
    with pytest.raises(
        labels.LabelsError, match=r"images\[0\] \(a.jpg\): 'complete' must be true or false"
    ):
        labels.load(tmp_path)
