"""The follower on synthetic sequences: exactly the events each situation calls for.

The still-frame reader is replaced by the renderer's own truth (TruthReader), so these
tests check the live logic (motion, hands, settling, kept and thrown dice, flags) on real
rendered pixels, whatever the reader's accuracy; test_live_reader.py runs the real one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import cv2
import numpy as np
import pytest
from live_support import Synth

from vision.detect import iou
from vision.live import follow
from vision.live.follow import Misfit, ThrowFollower, ThrowSettled
from vision.live.sequences import SEQUENCES, Truth, TruthReader, play
from vision.reader import FrameError

SETTLE_FRAMES = 3  # 0.2 s at 15 frames per second


def said(event: Any) -> tuple[Any, ...]:
    if isinstance(event, ThrowSettled):
        return (
            "throw",
            event.throw,
            tuple(sorted(event.faces(event.thrown))),
            tuple(sorted(event.faces(event.kept))),
        )
    return ("misfit", event.code)


def meant(truth: Truth) -> tuple[Any, ...]:
    if truth.kind == "throw":
        return ("throw", truth.throw, truth.thrown, truth.kept)
    return ("misfit", truth.code)


@pytest.mark.parametrize("name", list(SEQUENCES))
def test_each_situation_gives_exactly_its_events(synth: Callable[[str], Synth], name: str) -> None:
    s = synth(name)
    reader = TruthReader(s.frames)
    events = play(s.seq, s.frames, ThrowFollower(reader, s.calibration))
    assert [said(e) for e in events] == [meant(t) for t in s.seq.truth]
    # nothing is read while anything moves or a hand is in view
    moving = [i for i in reader.read_frames if not s.frames[i].still]
    assert moving == []
    for event, truth in zip(events, s.seq.truth, strict=True):
        assert event.frame >= truth.still_frame  # never before everything lay still
        if truth.kind == "throw":
            # a throw counts once the dice lay still for 0.2 s, and says since when
            assert event.frame == truth.still_frame + SETTLE_FRAMES
            assert event.still_since == pytest.approx(s.frames[truth.still_frame].t)
            assert all(d.confidence > 0.9 for d in event.dice)
        else:
            assert event.frame <= truth.still_frame + 2 * SETTLE_FRAMES
            assert event.reason


def test_every_event_carries_the_frame_it_read(synth: Callable[[str], Synth]) -> None:
    s = synth("three-throws")
    events = play(s.seq, s.frames, ThrowFollower(TruthReader(s.frames), s.calibration))
    for e in events:
        assert e.image is not None and np.array_equal(e.image, s.frames[e.frame].image)


def test_without_a_calibration_motion_alone_still_follows_the_throws(
    synth: Callable[[str], Synth],
) -> None:
    s = synth("three-throws")
    events = play(s.seq, s.frames, ThrowFollower(TruthReader(s.frames), None))
    assert [said(e) for e in events] == [meant(t) for t in s.seq.truth]


def test_a_throw_while_none_is_due_is_flagged(synth: Callable[[str], Synth]) -> None:
    s = synth("three-throws")
    follower = ThrowFollower(TruthReader(s.frames), s.calibration)
    events = [e for f in s.frames for e in follower.feed(f.image, f.t)]  # never told to expect
    assert [said(e) for e in events] == [("misfit", follow.NOT_DUE)] * 3


def test_dice_of_other_colours_than_in_play_are_flagged(synth: Callable[[str], Synth]) -> None:
    # extra-die's second throw shows 6 black dice and a green one; here the game says 7
    # black dice are in play (its own controls are not used)
    s = synth("extra-die")
    follower = ThrowFollower(TruthReader(s.frames), s.calibration)
    follower.expect({"black": 7})
    follower.new_turn()
    events = [e for f in s.frames for e in follower.feed(f.image, f.t)]
    assert [said(e)[:2] for e in events] == [("throw", 1), ("misfit", follow.COLOUR)]
    assert events[1].reason == "dice seen by colour: 6 black and 1 green; in play: 7 black"
    # on a French or Japanese page, the colours in its words (it said the ids: "6 black et 1
    # green" in French)
    from host.games.text import as_text, say

    reason = as_text(events[1].reason)
    assert (
        say(reason, "fr")
        == "dés vus par couleur\u00a0: 6 noirs et 1 vert\u00a0; en jeu\u00a0: 7 noirs"
    )
    assert say(reason, "ja") == "見えたダイスの色：黒6個と緑1個。使うダイス：黒7個"


def test_dice_left_lying_from_the_last_turn_are_flagged(synth: Callable[[str], Synth]) -> None:
    # three-throws with a new turn told just before throw 2, which leaves dice 0 and 2
    # lying: the first throw of a turn throws every die; throw 3 leaves them lying too
    s = synth("three-throws")
    follower = ThrowFollower(TruthReader(s.frames), s.calibration)
    follower.expect({"black": 6})
    second = s.seq.truth[0].still_frame + SETTLE_FRAMES + 1  # after throw 1 was told
    events = []
    for f in s.frames:
        if f.index == second:
            follower.new_turn()
        events += follower.feed(f.image, f.t)
    assert [said(e) for e in events] == [
        meant(s.seq.truth[0]),
        ("misfit", follow.NOT_THROWN),
        ("misfit", follow.NOT_THROWN),
    ]
    assert events[1].reason.startswith("2 dice were not thrown")


class EverySecondRead:
    """Reads as the truth does, but changes die 0 with `change` every second time."""

    def __init__(self, truth: TruthReader, change: Callable[[Any], Any]) -> None:
        self.truth, self.change, self.n = truth, change, 0

    def read(self, frame: np.ndarray) -> list[Any]:
        dice = self.truth.read(frame)
        self.n += 1
        if dice and self.n % 2:
            dice[0] = self.change(dice[0])
        return dice


def unsure(truth: TruthReader) -> EverySecondRead:
    """Reads die 0 as another face every second time: the readings disagree."""
    return EverySecondRead(
        truth, lambda d: replace(d, face="claw" if d.face != "claw" else "heart")
    )


def test_readings_that_disagree_on_a_face_are_not_sent_as_fact(
    synth: Callable[[str], Synth],
) -> None:
    s = synth("three-throws")
    events = play(s.seq, s.frames, ThrowFollower(unsure(TruthReader(s.frames)), s.calibration))
    assert events and all(isinstance(e, Misfit) and e.code == follow.UNREAD for e in events)
    assert "disagree" in events[0].reason


def leaning(truth: TruthReader) -> EverySecondRead:
    """Says die 0 is cocked on every second read, still naming a face: a reader that is
    not sure the die lies flat."""
    return EverySecondRead(
        truth, lambda d: replace(d, cocked=True, reason="cocked: the die leans on something")
    )


def test_a_die_read_as_cocked_in_any_still_frame_is_not_sent_as_fact(
    synth: Callable[[str], Synth],
) -> None:
    s = synth("three-throws")
    events = play(s.seq, s.frames, ThrowFollower(leaning(TruthReader(s.frames)), s.calibration))
    assert len(events) == 3  # each throw settles once, and each is flagged
    assert all(isinstance(e, Misfit) and e.code == follow.UNREAD for e in events)
    assert all(e.reason == "1 die not read (1 cocked): throw it again" for e in events)


class OneUnlike:
    """Reads die 0 as the real reader reports a die the finder is sure of but no face of
    the set matches: unknown, "unlike"."""

    def __init__(self, truth: TruthReader) -> None:
        self.truth = truth

    def read(self, frame: np.ndarray) -> list[Any]:
        dice = self.truth.read(frame)
        if dice:
            dice[0] = replace(dice[0], face="unknown", reason="unlike: like none of the faces")
        return dice


def test_a_die_like_none_of_the_set_s_faces_is_not_sent_as_fact(
    synth: Callable[[str], Synth],
) -> None:
    """A throw with such a die is never committed as if all its dice were read."""
    s = synth("three-throws")
    events = play(s.seq, s.frames, ThrowFollower(OneUnlike(TruthReader(s.frames)), s.calibration))
    assert len(events) == 3 and not any(isinstance(e, ThrowSettled) for e in events)
    assert all(e.code == follow.UNREAD for e in events)
    assert all(
        e.reason.startswith("1 die not read (1 like none of the set's dice)") for e in events
    )


class SeesTexture:
    """Reads as the truth does, plus a "die" where the tray lies empty in every frame: what
    a finder does with a knot in the wood or a pattern in the cloth."""

    def __init__(self, truth: TruthReader, box: tuple[float, float, float, float]) -> None:
        self.truth, self.box = truth, box

    def read(self, frame: np.ndarray) -> list[Any]:
        dice = self.truth.read(frame)
        x0, y0, x1, y1 = self.box
        fake = (
            replace(dice[0], center=((x0 + x1) / 2, (y0 + y1) / 2), box=self.box) if dice else None
        )
        return dice + ([fake] if fake else [])


def test_texture_where_the_calibrated_table_lies_empty_is_not_a_die(
    synth: Callable[[str], Synth],
) -> None:
    s = synth("three-throws")
    side = max(d.box[2] - d.box[0] for f in s.frames for d in f.dice)
    tray = s.calibration.tray
    x, y = tray.min(axis=0) + 2 * side  # inside the tray, near a corner
    box = (float(x), float(y), float(x + side), float(y + side))
    assert all(iou(box, d.box) == 0 for f in s.frames for d in f.dice)  # no die ever lies there
    events = play(
        s.seq, s.frames, ThrowFollower(SeesTexture(TruthReader(s.frames), box), s.calibration)
    )
    assert [said(e) for e in events] == [meant(t) for t in s.seq.truth]
    # without a calibration nothing tells the table's look: the texture counts as a die
    blind = play(s.seq, s.frames, ThrowFollower(SeesTexture(TruthReader(s.frames), box), None))
    assert [said(e) for e in blind] != [meant(t) for t in s.seq.truth]


class Blind:
    """Misses every cocked die: reads it flat, as its best guess (what the real reader
    does with a die leaning 28 degrees, issue 5)."""

    def __init__(self, truth: TruthReader) -> None:
        self.truth = truth

    def read(self, frame: np.ndarray) -> list[Any]:
        return [
            replace(d, cocked=False, reason="", face=d.best_guess) if d.cocked else d
            for d in self.truth.read(frame)
        ]


def test_a_cocked_die_the_reader_misses_is_flagged_when_it_falls_flat(
    synth: Callable[[str], Synth],
) -> None:
    s = synth("cocked-tips")
    events = play(s.seq, s.frames, ThrowFollower(Blind(TruthReader(s.frames)), s.calibration))
    assert [said(e)[:2] for e in events] == [
        ("throw", 1),  # the cocked die sent as read: the reader did not say
        ("misfit", follow.KEPT_CHANGED),  # it fell flat: not a throw, a die to look at
        ("throw", 2),
    ]
    fell = s.seq.truth[1].still_frame  # the frame the die lay flat from
    assert fell <= events[1].frame <= fell + SETTLE_FRAMES


class Rocking:
    """A die that never lies in the same place twice: its position jitters."""

    def __init__(self, truth: TruthReader) -> None:
        self.truth, self.n = truth, 0

    def read(self, frame: np.ndarray) -> list[Any]:
        dice = self.truth.read(frame)
        self.n += 1
        if dice:
            x, y = dice[0].center
            dice[0] = replace(dice[0], center=(x + 12 * (self.n % 2), y))
        return dice


def test_dice_that_keep_moving_under_the_motion_threshold_are_flagged_unstable(
    synth: Callable[[str], Synth],
) -> None:
    s = synth("three-throws")
    events = play(s.seq, s.frames, ThrowFollower(Rocking(TruthReader(s.frames)), s.calibration))
    assert [e.code for e in events if isinstance(e, Misfit)][:1] == [follow.UNSTABLE]
    assert not any(isinstance(e, ThrowSettled) for e in events)


def test_frames_that_grow_keep_the_calibration_and_the_kept_dice(
    synth: Callable[[str], Synth],
) -> None:
    s = synth("three-throws")
    cut = s.seq.truth[1].still_frame - 6  # after throw 1 settled, before throw 2
    big = [cv2.resize(f.image, (960, 720)) for f in s.frames[cut:]]
    reader = TruthReader(s.frames, images={k: im for k, im in enumerate(big, cut)}, scale=1.5)
    follower = ThrowFollower(reader, s.calibration)
    events = play(s.seq, s.frames[:cut], follower)
    for k, image in enumerate(big, cut):
        events += follower.feed(image, s.frames[k].t)
    assert [said(e) for e in events] == [meant(t) for t in s.seq.truth]


def test_frames_of_another_shape_drop_the_calibration_and_say_so(
    synth: Callable[[str], Synth],
) -> None:
    s = synth("three-throws")
    follower = ThrowFollower(TruthReader(s.frames), s.calibration)
    play(s.seq, s.frames[:20], follower)
    wide = np.zeros((360, 640, 3), np.uint8)
    events = follower.feed(wide, 2.0)
    assert [e.code for e in events] == [follow.VIEW]
    assert "640x480 to 640x360" in events[0].reason and "calibrate" in events[0].reason
    assert follower.watch.calibration is None


def test_frames_stretched_to_the_old_size_are_flagged_not_misread(
    synth: Callable[[str], Synth],
) -> None:
    """A network camera that switches to 16:9 mid-game comes through OpenCV stretched to
    the size it opened with: the view no longer fits the calibration, and says so."""
    s = synth("three-throws")
    cut = s.seq.truth[1].still_frame - 6  # after throw 1 settled, before throw 2

    def stretched(image: np.ndarray) -> np.ndarray:
        h, w = image.shape[:2]
        top = (h - w * 9 // 16) // 2
        return cv2.resize(image[top : h - top], (w, h))

    follower = ThrowFollower(TruthReader(s.frames), s.calibration)
    events = play(s.seq, s.frames[:cut], follower)
    for f in s.frames[cut:]:
        events += follower.feed(stretched(f.image), f.t)
    assert [said(e) for e in events] == [meant(s.seq.truth[0]), ("misfit", follow.VIEW)]


@pytest.mark.parametrize(
    "bad", [None, "frame", np.zeros((480, 640), np.float32), np.zeros((4, 4, 3), np.uint8)]
)
def test_a_frame_that_is_no_image_is_refused_with_a_reason(bad: Any) -> None:
    follower = ThrowFollower(TruthReader([]))
    with pytest.raises(FrameError):
        follower.feed(bad, 0.0)
