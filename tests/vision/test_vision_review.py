"""Our review of the real photos' labels (vision.review): it fits the labels it was made
for, changes exactly what it lists, and a review that does not fit is a clear error."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import pytest

from vision import cli, labels, review, split
from vision.detect import find, iou


def test_the_shipped_review_changes_exactly_what_it_lists(real_photos: labels.LabelSet) -> None:
    path = review.shipped(real_photos)
    assert path is not None
    changes = review.load(path)
    after = review.reviewed(real_photos)
    before = {im.file: im.dice for im in real_photos.images}
    changed = 0
    for image in after.images:
        old, new = before[image.file], image.dice
        mine = [c for c in changes if c.file == image.file]
        assert len(new) == len(old) + sum(c.was is None for c in mine)
        for die_before, die_after in zip(old, new, strict=False):
            if die_before != die_after:
                changed += 1
                (c,) = [c for c in mine if review._same(c.box, die_before.box)]
                assert (die_before.face, die_after.face) == (c.was, c.face)
    assert changed == sum(c.was is not None for c in changes) > 0


def test_each_added_die_is_a_die_the_finder_finds(real_photos: labels.LabelSet) -> None:
    """An added label is where a die is: the finder finds one on its box."""
    path = review.shipped(real_photos)
    assert path is not None
    added = [c for c in review.load(path) if c.was is None]
    assert added
    for c in added:
        frame = cv2.imread(str(real_photos.root / c.file))
        assert frame is not None
        assert max(iou(f.box, c.box) for f in find(frame)) >= 0.7, c


def _write(tmp_path: Path, changes: list[dict[str, object]]) -> Path:
    path = tmp_path / "review.json"
    path.write_text(json.dumps({"format": review.FORMAT, "changes": changes}))
    return path


def _one_die_set(tmp_path: Path) -> labels.LabelSet:
    die = labels.LabelledDie(box=(10.0, 10.0, 40.0, 40.0), face="2")
    return labels.LabelSet("d6-pips", [labels.LabelledImage("a.jpg", 64, 64, (die,))], tmp_path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"file": "b.jpg", "box": [10, 10, 40, 40], "was": "2", "face": "3"}, "do not have"),
        ({"file": "a.jpg", "box": [10, 10, 40, 40], "was": "5", "face": "3"}, "have none"),
        ({"file": "a.jpg", "box": [20, 10, 50, 40], "was": "2", "face": "3"}, "have none"),
        ({"file": "a.jpg", "box": [10, 10, 40, 40], "was": None, "face": "3"}, "one is there"),
        (
            {"file": "a.jpg", "box": [10, 10, 40], "was": "2", "face": "3"},
            r"changes\[0\]: box must",
        ),
    ],
)
def test_a_review_that_does_not_fit_the_labels_is_refused(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    path = _write(tmp_path, [{**change, "why": "seen"}])
    with pytest.raises(labels.LabelsError, match=message):
        review.apply(_one_die_set(tmp_path), review.load(path))


def test_a_review_that_fits_changes_and_adds(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        [
            {"file": "a.jpg", "box": [10.2, 10, 40, 40], "was": "2", "face": "3", "why": "3 pips"},
            {"file": "a.jpg", "box": [40, 40, 60, 60], "was": None, "face": "1", "why": "missed"},
        ],
    )
    (image,) = review.apply(_one_die_set(tmp_path), review.load(path)).images
    assert [(d.box, d.face) for d in image.dice] == [
        ((10.0, 10.0, 40.0, 40.0), "3"),
        ((40.0, 40.0, 60.0, 60.0), "1"),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not readable JSON"),
        ('{"format": "dice-labels/1", "images": []}', "not a label review"),
        ('{"format": "dice-labels-review/1", "changes": [{"file": "a"}]}', "malformed"),
    ],
)
def test_a_file_that_is_no_review_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    (tmp_path / "r.json").write_text(text)
    labels.save(_one_die_set(tmp_path))
    parser = argparse.ArgumentParser(prog="dicetable vision")
    cli.add_arguments(parser)
    args = parser.parse_args(["eval", str(tmp_path), "--review", str(tmp_path / "r.json")])
    status = cli.run(args)
    err = capsys.readouterr().err
    assert status != 0 and message in err and len(err.strip().splitlines()) == 1


def test_eval_measures_against_the_reviewed_labels(
    real_photos: labels.LabelSet, capsys: pytest.CaptureFixture[str]
) -> None:
    path = review.shipped(real_photos)
    assert path is not None
    parser = argparse.ArgumentParser(prog="dicetable vision")
    cli.add_arguments(parser)
    figures = {}
    for extra in ([], ["--review", str(path)]):
        argv = ["eval", str(real_photos.root), "--json", "--part", "held-out", "--limit", "40"]
        assert cli.run(parser.parse_args(argv + extra)) == 0
        figures[bool(extra)] = json.loads(capsys.readouterr().out)
    sample = {im.file for im in split.select(real_photos.images, "held-out")[:40]}
    added = sum(1 for c in review.load(path) if c.was is None and c.file in sample)
    assert added > 0
    assert figures[True]["dice_labelled"] == figures[False]["dice_labelled"] + added
    assert figures[True]["silent_error_rate"] < figures[False]["silent_error_rate"]
