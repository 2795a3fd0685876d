"""The live follower on real photos: each photo of real dice on a real tray, held before
the follower as a camera would send it (sensor noise, 15 frames per second), is told
once, 0.2 s after it appeared, and nothing is read on the cut between two photos.

There is no recording from the table's own camera yet; these are the project's real
photos (shared/data/dice-photos/d6-tray) read by the real reader (d6-pips)."""

from __future__ import annotations

import numpy as np

from tests.shared_data import photo_set
from vision.images import read_image
from vision.live import follow
from vision.live.follow import Misfit, ThrowFollower, ThrowSettled
from vision.live.sequences import held
from vision.reader import DiceReader, DieReading

PHOTOS = 12  # every 16th photo of the set: few dice and many, touching, shadows
HOLD = 8  # frames each photo is held still
FPS = 15
SETTLE_FRAMES = 3  # 0.2 s at 15 frames per second


class Logged:
    """The real reader, noting which frames it was asked to read."""

    def __init__(self, reader: DiceReader) -> None:
        self.reader = reader
        self.frame = 0
        self.read_frames: list[int] = []

    def read(self, frame: np.ndarray) -> list[DieReading]:
        self.read_frames.append(self.frame)
        return self.reader.read(frame)


def test_each_real_photo_held_still_is_told_once_after_settling() -> None:
    photos = photo_set()
    chosen = photos.images[::16][:PHOTOS]
    reader = Logged(DiceReader.load("d6-pips"))
    follower = ThrowFollower(reader)  # no empty tray to calibrate from: motion alone
    told: list[tuple[int, int]] = []
    events: list[ThrowSettled | Misfit] = []
    images = [read_image(photos.path(image)) for image in chosen]
    for index, frame, t in held(images, HOLD, FPS):
        p, k = divmod(index, HOLD)
        if k == 0:
            follower.new_turn()
            follower.expect({"any": len(chosen[p].dice)})
        reader.frame = index
        got = follower.feed(frame, t)
        told += [(p, k)] * len(got)
        events += got
    # one event per photo, once it has lain still 0.2 s (later only if two readings
    # did not agree on where the dice are: read again, up to 4 readings): sensor noise on
    # real pictures is not motion, and the cut to the next photo is never read
    assert [p for p, _ in told] == list(range(PHOTOS))
    delays = [k for _, k in told]
    assert all(SETTLE_FRAMES <= k <= SETTLE_FRAMES + 2 for k in delays)
    assert sorted(delays)[PHOTOS // 2] == SETTLE_FRAMES  # the median: 0.2 s
    assert all(frame % HOLD != 0 for frame in reader.read_frames)
    for event in events:
        if isinstance(event, ThrowSettled):  # a new turn each photo: every die thrown
            assert event.throw == 1 and not event.kept
            assert len(event.thrown) == len(event.dice) == len(chosen[event.frame // HOLD].dice)
        else:  # what the reader can be unsure of; a still photo is never "rocking"
            assert event.code in (follow.UNREAD, follow.COUNT), event.reason
