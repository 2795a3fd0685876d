"""Teaching from the teaching frames of an edition the shipped set never saw: every die cut
out and grouped by look, named with at most two taps per face, and the set fitted from
them reads other frames of those dice without a silent error."""

from __future__ import annotations

import numpy as np
import pytest
from learning_support import Person, origins

from host.games.text import say
from vision import detect, nets
from vision.detect import iou
from vision.evaluate import evaluate
from vision.learning import cuts, sets
from vision.learning.flow import SORTING, FlowError, TeachReader, start
from vision.learning.groups import by_colour
from vision.learning.refit import refit
from vision.learning.store import NONE, LearningStore
from vision.reader import DiceReader

SAMPLE = 20  # test frames read here (the browser test reads more: tests/app/test_teach_page.py)


def test_every_die_is_cut_out_and_named_in_at_most_two_taps_per_face(
    taught: tuple[object, Person],
) -> None:
    flow, person = taught
    assert flow.step == SORTING and flow.throws == 10
    dice = [i for i, (face, _) in person.truths.items() if face != NONE]
    frames = origins("teach")
    found = sum(  # the labelled dice the finder finds (it misses 2 of these 73)
        any(iou(c.box, d.box) >= 0.3 for c in detect.find(frames.frame(image)))
        for image in frames.images
        for d in image.dice
    )
    assert len(dice) == found >= 70  # every die found is cut out, once
    assert person.taps <= 2 * len(flow.faces), person.taps
    assert flow.unnamed() == []
    for cut in flow.cuts:
        assert flow.label(cut.id) == person.truths[cut.id]
    guessed = [g for g in flow.groups if g.guess is not None]
    assert guessed, "the shipped set's guesses are shown"


def test_the_set_taught_reads_other_frames_of_those_dice(taught: tuple[object, Person]) -> None:
    flow, _ = taught
    store = LearningStore()
    store.add("kot", flow.examples())
    outcome = refit(store, "kot")
    assert outcome.kept and outcome.figures.wrong == 0
    test = origins("test")
    figures = evaluate(test, DiceReader.load("kot"), test.images[:SAMPLE]).figures()
    assert figures["face_accuracy"] >= 0.99, figures
    assert figures["silent_error_rate"] == 0.0, figures
    assert figures["color_accuracy"] >= 0.99, figures


def test_a_teaching_refuses_what_it_cannot_take() -> None:
    with pytest.raises(FlowError, match="new set"):
        start("kingdom-run", None, None, [None])
    with pytest.raises(FlowError, match="two faces"):
        start("coin", ["heads"], None, [None])
    flow, reader = start("kingdom-run", ["boots", "hook", "drop"], ["white"], [None])
    assert not flow.guessing and isinstance(reader, TeachReader)
    with pytest.raises(FlowError, match="no dice seen"):
        flow.sort()
    frame = origins("teach").frame(origins("teach").images[0])
    flow.seen(frame, reader.read(frame))
    assert flow.seen(frame, reader.read(frame)) == 0  # the same dice lying still: no throw
    assert flow.throws == 1 and all(c.guess is None for c in flow.cuts)
    flow.sort()
    with pytest.raises(FlowError, match="no face"):
        flow.name_group(0, "claw")
    with pytest.raises(FlowError, match="no group"):
        flow.name_group(99, "boots")
    flow.name_group(0, "boots")
    missing = next(x for x in flow.unnamed() if "no die shows" in x)
    # (a list field: the host joins it as each language joins lists)
    assert missing == "no die shows hook and drop yet: throw again to show it"
    assert say(missing, "fr").startswith("aucun dé ne montre encore hook et drop\u00a0: ")
    assert say(missing, "ja").startswith("まだhookとdropの目のダイスがありません")
    # the page is given those faces apart, to name them in the game's words
    shown = flow.to_json()
    assert shown["missing"] == ["hook", "drop"]
    assert not [x for x in shown["left"] if "no die shows" in x]
    with pytest.raises(FlowError, match=r"^there is no die 99 \(dice 0 to \d+\)$"):
        flow.move(99, "boots")
    del flow.cuts[1:]  # a throw of one die: the range of its numbers is said as one
    with pytest.raises(FlowError, match=r"^there is no die 1 \(only die 0\)$") as one:
        flow.move(1, "boots")
    assert say(one.value.args[0], "ja") == "ダイス1はありません（ダイスは0だけ）"


def test_colour_groups_follow_the_dice_colours() -> None:
    frames = origins("teach")
    reader = DiceReader(sets.shipped("kot"))  # type: ignore[arg-type]
    from vision.reader import color_features

    patches, colours = [], []
    for image in frames.images[:4]:
        frame = frames.frame(image)
        for d in image.dice:
            patches.append(cuts.face_cut(cuts.crop_of(frame, d.box), 0.0))
            colours.append(d.color)
    which = by_colour(color_features(np.stack(patches)), 2)
    agree = sum((w == which[0]) == (c == colours[0]) for w, c in zip(which, colours, strict=True))
    assert agree >= len(colours) - 1, (agree, len(colours))
    assert reader is not None and nets.model_id("embedding.onnx")
