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


def rows(table: str, heading: str) -> dict[str, list[int]]:
    """The confusion matrix's rows in a report's table, by their label."""
    lines = table.split(heading)[1].splitlines()[2:]
    return {
        line.split()[0]: [int(n) for n in line.split()[1:]]
        for line in lines
        if line.split() and line.split()[-1].isdigit()
    }


def test_the_confusion_matrix_shows_labelled_faces_the_reader_has_no_class_for() -> None:
    """Before, `dicetable vision eval`'s matrix had a row only for each face the reader
    knows: dice labelled a face it cannot read (here 'skull', read '2' and unknown) were
    left out of it, and a reader measured on labels it cannot read did not show it."""
    dice = (
        labels.LabelledDie(BOX, "skull"),
        labels.LabelledDie(OTHER, "3"),
        labels.LabelledDie((10.0, 50.0, 40.0, 80.0), "skull"),
    )
    r = report()
    got = [read(BOX, "2"), read(OTHER, "3"), read((10.0, 50.0, 40.0, 80.0), UNKNOWN)]
    score(r, labels.LabelledImage("a.jpg", 200, 100, dice), got)
    table = r.table()
    assert rows(table, "columns: read)") == {
        "1": [0, 0, 0, 0],  # (columns 1, 2, 3, unknown; every face the reader knows a row)
        "2": [0, 0, 0, 0],
        "3": [0, 0, 1, 0],
        "skull*": [0, 1, 0, 1],
    }
    assert table.endswith("* labelled, but not a value the reader knows")


def test_the_cards_value_matrix_shows_labelled_values_the_reader_has_no_class_for() -> None:
    """Likewise for cards (`dicetable vision eval --cards`): a value the card set lacks."""
    from vision.cards.evaluate import CardReport
    from vision.cards.evaluate import score as score_cards
    from vision.cards.reader import CardReading

    def card(box: tuple[float, float, float, float], value: str) -> CardReading:
        x0, y0, x1, y1 = box
        corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        center = ((x0 + x1) / 2, (y0 + y1) / 2)
        return CardReading(corners, center, box, 0.0, "red", value, 0.99, 0.99, "", "red", value)

    cards = (labels.LabelledDie(BOX, "draw2", "red"), labels.LabelledDie(OTHER, "7", "red"))
    r = CardReport("mine", ["7", "8"])
    score_cards(
        r, labels.LabelledImage("a.jpg", 200, 100, cards), [card(BOX, "8"), card(OTHER, "7")]
    )
    table = r.table()
    assert rows(table, "columns: read)") == {"7": [1, 0, 0], "draw2*": [0, 1, 0]}
    assert table.endswith("* labelled, but not a value the reader knows")


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
