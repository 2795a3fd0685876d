"""Where the finder puts dice, and how a face set draws their boxes as its labels do."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import faceset, labels
from vision.detect import Candidate, box_side, find, iou, suppress
from vision.reader import DiceReader
from vision.teach import MIN_BOX_FIT, fit_box


def test_two_small_dice_touching_are_both_found(real_photos: labels.LabelSet) -> None:
    """Their centres fall in neighbouring finder cells (a peak filter once kept only one):
    by the finder the pip set reads these photos with."""
    (image,) = [im for im in real_photos.images if im.file == "IMG_20191209_095854.jpg"]
    frame = cv2.imread(str(real_photos.path(image)))
    assert frame is not None
    found = find(frame, model=faceset.load("d6-pips").finder_file)
    touching = [d for d in image.dice if d.face in ("3", "6") and d.box[0] < 210 and d.box[1] < 300]
    assert len(touching) == 2
    for die in touching:
        assert max(iou(die.box, c.box) for c in found) >= 0.5, die


def _candidate(x: float, y: float, side: float, score: float) -> Candidate:
    box = (x - side / 2, y - side / 2, x + side / 2, y + side / 2)
    return Candidate((x, y), side * 0.82, 0.0, box, score)


def test_one_die_seen_from_two_cells_is_one_die() -> None:
    same = [_candidate(100, 100, 40, 0.9), _candidate(116, 100, 40, 0.6)]  # IoU 0.43
    assert [c.score for c in suppress(same)] == [0.9]
    touching = [_candidate(100, 100, 40, 0.9), _candidate(140, 100, 40, 0.6)]
    assert [c.score for c in suppress(touching)] == [0.9, 0.6]


def test_box_fit_recovers_how_labels_draw_boxes() -> None:
    rng = np.random.default_rng(0)
    found = rng.uniform(20, 60, 300)
    drawn = np.exp(0.6) * found**0.8 * np.exp(rng.normal(0, 0.03, 300))
    a, b = fit_box(list(zip(drawn, found, strict=True)))
    assert abs(b - 0.8) < 0.05 and abs(a - 0.6) < 0.2
    # too few dice to tell a power: one factor, the median ratio
    few = list(zip(found[: MIN_BOX_FIT - 1] * 1.1, found[: MIN_BOX_FIT - 1], strict=True))
    assert fit_box(few) == (pytest.approx(np.log(1.1), abs=1e-3), 1.0)
    assert fit_box([]) == (0.0, 1.0)


def test_the_reader_draws_boxes_as_the_set_was_taught(real_photos: labels.LabelSet) -> None:
    image = real_photos.images[0]
    frame = cv2.imread(str(real_photos.path(image)))
    assert frame is not None
    pips = faceset.load("d6-pips")
    exact = DiceReader(replace(pips, box_fit=(0.0, 1.0))).read(frame)
    grown = DiceReader(replace(pips, box_fit=(np.log(1.2), 1.0))).read(frame)
    assert len(exact) == len(grown) > 0
    for e, g in zip(exact, grown, strict=True):
        assert e.center == g.center
        assert box_side(g.box) == pytest.approx(1.2 * box_side(e.box), rel=0.02)


def test_a_set_saved_with_one_box_factor_still_loads(tmp_path: Path) -> None:
    pips = faceset.load("d6-pips")
    path = pips.save(tmp_path / "old.npz")
    with np.load(path) as data:
        arrays = dict(data)
    meta = json.loads(str(arrays["meta"]))
    del meta["box_fit"]
    meta["box_scale"] = 1.25
    arrays["meta"] = np.array(json.dumps(meta))
    np.savez(path, **arrays)
    assert faceset.load(path).box_fit == (pytest.approx(np.log(1.25)), 1.0)


def test_each_finder_pass_draws_its_boxes_its_own_way() -> None:
    """A later pass sees dice at another size, on other people's photos labelled their own
    way: its finds are grown by its own fit (FaceSet.box_fits), the first pass's by
    box_fit; a pass without a fit of its own takes box_fit."""
    pips = replace(faceset.load("d6-pips"), box_fit=(np.log(1.1), 1.0), box_fits=((0.0, 0.5),))
    assert pips.box_factor(40.0) == pytest.approx(1.1)
    assert pips.box_factor(40.0, finder_pass=1) == pytest.approx(40.0**-0.5)
    assert pips.box_factor(40.0, finder_pass=2) == pytest.approx(1.1)


def test_a_set_file_keeps_the_sets_of_its_later_passes(tmp_path: Path) -> None:
    pips = faceset.load("d6-pips")
    assert len(pips.later) == 1
    back = faceset.load(pips.save(tmp_path / "pips.npz"))
    (later,) = back.later
    assert later.embedding_file == pips.later[0].embedding_file != back.embedding_file
    assert later.box_fits == pips.later[0].box_fits
    assert np.array_equal(later.weights, pips.later[0].weights)
    assert np.array_equal(back.weights, pips.weights)
    assert back.later[0].later == ()
    assert back.small_finder == pips.small_finder != "" and later.small_finder == ""
