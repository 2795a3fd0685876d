"""A network camera that stalls, freezes, stutters, hangs up and comes back: a real HTTP
MJPEG server read by OpenCV. Every case ends in a clear status, never a hang."""

from __future__ import annotations

import itertools
import socket
import time
from dataclasses import replace

import pytest
from mjpeg_camera import MjpegCamera, Plan

from vision.live.follow import ThrowFollower
from vision.live.settings import DEFAULT
from vision.live.sources import SourceError, open_source
from vision.live.stream import Frame, Status, Stream

QUICK = replace(DEFAULT, stall_seconds=0.8, frozen_seconds=0.8, reconnect_seconds=2.5)


def story(stream: Stream) -> tuple[list[str], int]:
    """The statuses in order (repeats folded) and the number of frames."""
    kinds: list[str] = []
    frames = 0
    for item in stream:
        if isinstance(item, Frame):
            frames += 1
        elif not kinds or kinds[-1] != item.kind:
            kinds.append(item.kind)
    return kinds, frames


def test_a_stalled_stream_is_reopened_and_a_dead_one_given_up() -> None:
    plans = [Plan([("frames", 12), ("stall", 6.0)]), Plan([("frames", 12)])]
    with MjpegCamera(plans) as camera:
        start = time.monotonic()
        kinds, frames = story(Stream(lambda: open_source(camera.url), QUICK))
        took = time.monotonic() - start
    assert kinds == ["open", "stalled", "lost", "reconnected", "lost", "gave-up"]
    assert frames >= 20
    assert took < 12  # 0.8 s stall + reconnect + 2.5 s of retries, not the 6 s stall
    assert camera.connections >= 3  # the dead camera was asked again


def test_a_frozen_stream_is_reopened() -> None:
    plans = [Plan([("frames", 5), ("same", 45)]), Plan([("frames", 8)])]
    with MjpegCamera(plans) as camera:
        kinds, frames = story(Stream(lambda: open_source(camera.url), QUICK))
    assert kinds[:4] == ["open", "frozen", "lost", "reconnected"]
    assert kinds[-1] == "gave-up"
    assert frames >= 5 + 8


def test_a_stuttering_stream_keeps_going() -> None:
    # repeated images and a pause shorter than a stall: no alarm, every new frame passes
    steps = [("frames", 6), ("same", 3), ("stall", 0.4), ("frames", 6), ("same", 2), ("frames", 4)]
    with MjpegCamera([Plan(steps)]) as camera:
        kinds, frames = story(Stream(lambda: open_source(camera.url), QUICK))
    assert kinds == ["open", "lost", "gave-up"]  # only the hang-up at the end
    assert frames >= 16


def test_a_camera_that_does_not_answer_is_refused_quickly() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens here once closed
    start = time.monotonic()
    with pytest.raises(SourceError, match="cannot open the stream"):
        Stream(lambda: open_source(f"http://127.0.0.1:{port}/stream.mjpg"))
    assert time.monotonic() - start < 8


def test_closing_a_live_stream_stops_it() -> None:
    with MjpegCamera([Plan([("frames", 300)])]) as camera:
        stream = Stream(lambda: open_source(camera.url), QUICK)
        seen = 0
        start = time.monotonic()
        for item in stream:
            if isinstance(item, Frame):
                seen += 1
                if seen == 5:
                    stream.close()
        assert time.monotonic() - start < 5 and seen >= 5
        assert isinstance(item, Frame | Status)


class NoDice:
    def read(self, frame: object) -> list[object]:
        return []


def test_a_live_stream_that_changes_frame_size_goes_on_without_a_crash() -> None:
    # a network camera switching mode mid-game. OpenCV's FFmpeg scales the frames to the
    # size the stream opened with (a calibrated follower then says the view no longer
    # fits: test_live_follow.py); if their size does change, each change is told
    steps = [("frames", 8, (640, 480)), ("frames", 8, (640, 360)), ("frames", 4, (320, 240))]
    with MjpegCamera([Plan(steps)]) as camera:
        got = list(Stream(lambda: open_source(camera.url), QUICK))
    frames = [g for g in got if isinstance(g, Frame)]
    follower = ThrowFollower(NoDice())
    for f in frames:
        assert follower.feed(f.image, f.t) == []
    assert len(frames) >= 18  # the frames after each change came too
    changes = sum(a.image.shape != b.image.shape for a, b in itertools.pairwise(frames))
    told = [g for g in got if isinstance(g, Status) and g.kind == "size"]
    assert len(told) == changes
    assert [g.kind for g in got if isinstance(g, Status)][-1] == "gave-up"
