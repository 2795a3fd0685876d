"""Frames of few dice made from d6-tray's learn photos (vision.fewdice), and the pass
rule on them: a tray frame of one die is read as the tray's finder reads it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision import detect, fewdice, labels, split
from vision.evaluate import match
from vision.reader import DiceReader


@pytest.fixture(scope="module")
def photo(reviewed_photos: labels.LabelSet) -> labels.LabelledImage:
    (image,) = [im for im in reviewed_photos.images if im.file == "IMG_20191208_112224.jpg"]
    assert image in split.select(reviewed_photos.images, "learn") and len(image.dice) > 3
    return image


def test_a_masked_frame_keeps_its_dice_and_paints_the_others(
    reviewed_photos: labels.LabelSet, photo: labels.LabelledImage
) -> None:
    source = reviewed_photos.frame(photo)
    frame, image = fewdice.masked(source, photo, [0, 2])
    assert image.dice == (photo.dice[0], photo.dice[2]) and frame.shape == source.shape
    for i, die in enumerate(photo.dice):
        x0, y0, x1, y1 = (int(v) for v in die.box)
        inside = np.s_[y0 + 2 : y1 - 2, x0 + 2 : x1 - 2]
        same = np.array_equal(frame[inside], source[inside])
        assert same == (i in (0, 2)), (i, die.box)


def test_a_cut_frame_shifts_its_die_label(
    reviewed_photos: labels.LabelSet, photo: labels.LabelledImage
) -> None:
    source = reviewed_photos.frame(photo)
    frame, image = fewdice.cropped(source, photo, 1, np.random.default_rng(3))
    assert frame.shape[:2] == (photo.height // 2, photo.width // 2) == (image.height, image.width)
    (die,) = image.dice
    x0, y0, x1, y1 = (int(v) for v in die.box)
    a0, b0 = (int(v) for v in photo.dice[1].box[:2])
    assert 0 <= x0 < x1 <= image.width and 0 <= y0 < y1 <= image.height
    assert np.array_equal(
        frame[y0 + 2 : y1 - 2, x0 + 2 : x1 - 2],
        source[b0 + 2 : b0 + y1 - y0 - 2, a0 + 2 : a0 + x1 - x0 - 2],
    )


def test_a_tray_frame_of_one_die_gains_no_die_from_the_second_pass(
    reviewed_photos: labels.LabelSet, photo: labels.LabelledImage, pips_reader: DiceReader
) -> None:
    """Its first pass finds the one die, which opens the second (CLOSE_FROM); the second
    finds a mark of the tray beside it, one die the first could not see, not NEW_DICE:
    the reading is the first's, with no die invented (a rule adding one die invents it)."""
    frame, image = fewdice.masked(reviewed_photos.frame(photo), photo, [0])
    first = pips_reader.passes()[0]._read_found(
        frame, detect.find_pass(frame, pips_reader.faces.finder_file, 0, pips_reader.die_threshold)
    )
    assert len(first.dice) == 1 and len(match(image.dice, first.dice)) == 1
    got = pips_reader.read(frame)
    assert len(got) == 1 and len(match(image.dice, got)) == 1
    assert got[0].face == image.dice[0].face


def test_the_command_says_its_usage_and_a_missing_folder_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert fewdice.main([]) == 2
    assert "usage: python -m vision.fewdice SOURCE OUT" in capsys.readouterr().out
    assert fewdice.main([str(tmp_path / "none"), str(tmp_path / "out")]) == 1
    said = capsys.readouterr().out
    assert said.startswith("vision.fewdice: ") and "is not a folder" in said, said
    assert not (tmp_path / "out").exists()
