"""`dicetable bench live`: frames per second and the delay from still dice to the event.

Synthetic sequences (640x480, 15 fps, drawn before timing starts) are fed through the
follower with the real dice reader on one core. The baseline, measured in the same run,
reads every frame as the first follower did. The delay is stream time from the first
frame in which the dice lay still (the sequence knows it) to the frame whose event says
so; the work done on that frame is printed beside it.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from typing import Any

from vision.live.sequences import (
    FPS,
    SynthFrame,
    SynthSequence,
    Truth,
    TruthReader,
    held,
    named,
    play,
)

SEQUENCES = ("three-throws", "kept-aside", "flicker", "new-turn")
QUICK = ("three-throws",)
FPS_TARGET = 15.0
DELAY_TARGET_MS = 300.0


def bench(args: argparse.Namespace) -> int:
    import cv2

    from vision.live import calibration
    from vision.live.follow import ThrowFollower
    from vision.reader import DiceReader

    cv2.setNumThreads(1)
    names = QUICK if getattr(args, "quick", False) else SEQUENCES
    print(f"drawing the sequences {', '.join(names)} ...", flush=True)
    takes = [(named(n), list(named(n).frames())) for n in names]
    total = sum(len(frames) for _, frames in takes)
    size = takes[0][1][0].image.shape
    print(f"{total} frames of {size[1]}x{size[0]} at {takes[0][0].fps} fps; one core")

    reader = DiceReader.load("kot")
    # baseline: read every frame (what following costs without the cheap looks)
    t0 = time.process_time()
    for _, frames in takes:
        for f in frames:
            reader.read(f.image)
    base = (time.process_time() - t0) / total

    per_frame: list[float] = []
    delays: list[float] = []
    work: list[float] = []
    expected = matched = truth_ok = 0
    for seq, frames in takes:
        cal = calibration.learn([f.image for f in frames[: seq.empty_frames]])
        follower = ThrowFollower(reader, cal)
        events, times = _timed(seq, frames, follower)
        per_frame += times
        found = _match(seq.truth, events)
        expected += len(seq.truth)
        for truth, event in found:
            if event is None:
                continue
            delays.append(1000 * (event.t - frames[truth.still_frame].t))
            work.append(1000 * times[event.frame])
            matched += _same(truth, event)
        truth_events = play(seq, frames, ThrowFollower(TruthReader(frames), cal))
        truth_ok += sum(_same(t, e) for t, e in _match(seq.truth, truth_events) if e)

    looks = sorted(t for t in per_frame if t < 0.005)
    print(f"baseline, reading every frame:   {1 / base:7.1f} frames/s  {1000 * base:6.1f} ms/frame")
    print(
        f"follower, reading still frames:  {1 / _mean(per_frame):7.1f} frames/s  "
        f"{1000 * _mean(per_frame):6.1f} ms/frame  ({base / _mean(per_frame):.1f}x the baseline; "
        f"target >= {FPS_TARGET:.0f} frames/s)"
    )
    print(
        f"  a frame that is only looked at: {1000 * _median(looks):.2f} ms median; "
        f"the slowest frame: {1000 * max(per_frame):.0f} ms"
    )
    if delays:
        print(
            f"delay from still dice to the event: median {_median(delays):.0f} ms, "
            f"max {max(delays):.0f} ms of stream time (n={len(delays)}; target median <= "
            f"{DELAY_TARGET_MS:.0f} ms); work on the event's frame {_median(work):.0f} ms median"
        )
    print(
        f"events as the sequences expect: {matched}/{expected} with the real reader, "
        f"{truth_ok}/{expected} with the drawn truth as the reader"
    )
    _real_photos()
    return 0


def _real_photos(count: int = 12, hold: int = 8) -> None:
    """The delay on real photos (pip dice, the d6-pips reader), each held still before
    the follower with sensor noise: from the photo's first frame to its event."""
    from vision import labels
    from vision.images import read_image
    from vision.live.follow import ThrowFollower, ThrowSettled
    from vision.paths import photos_dir
    from vision.reader import DiceReader

    folder = photos_dir()
    if folder is None:
        print("real photos: not on this machine (shared/data/dice-photos/d6-tray)")
        return
    photos = labels.load(folder)
    chosen = photos.images[:: max(len(photos.images) // count, 1)][:count]
    images = [read_image(photos.path(image)) for image in chosen]
    follower = ThrowFollower(DiceReader.load("d6-pips"))  # no empty tray: motion alone
    delays: list[float] = []
    times: list[float] = []
    whole = 0
    for index, frame, t in held(images, hold):
        p, k = divmod(index, hold)
        if k == 0:
            follower.new_turn()
            follower.expect({"any": len(chosen[p].dice)})
        t0 = time.process_time()
        events = follower.feed(frame, t)
        times.append(time.process_time() - t0)
        for event in events:
            delays.append(1000 * (t - p * hold / FPS))
            whole += isinstance(event, ThrowSettled)
    h, w = images[0].shape[:2]
    print(
        f"real photos held still ({len(images)} of {folder.name}, {w}x{h}, d6-pips reader): "
        f"{1 / _mean(times):.0f} frames/s; delay median {_median(delays):.0f} ms, max "
        f"{max(delays, default=float('nan')):.0f} ms (n={len(delays)}); {whole} read as a "
        "whole throw, the others flagged"
    )


def _timed(
    seq: SynthSequence, frames: Sequence[SynthFrame], follower: Any
) -> tuple[list[Any], list[float]]:
    """Feed the frames; the events and the processor time of every frame."""
    events: list[Any] = []
    times: list[float] = []
    for f in frames:
        for c in seq.controls_at(f.index):
            follower.new_turn() if c.new_turn else follower.expect(c.expect)
        t0 = time.process_time()
        events += follower.feed(f.image, f.t)
        times.append(time.process_time() - t0)
    return events, times


def _match(truth: Sequence[Truth], events: Sequence[Any]) -> list[tuple[Truth, Any]]:
    """Each expected event with the first event at or after its still frame (and before
    the next expected one's), or None."""
    out = []
    for k, want in enumerate(truth):
        end = truth[k + 1].still_frame if k + 1 < len(truth) else 1 << 30
        got = next((e for e in events if want.still_frame <= e.frame < end), None)
        out.append((want, got))
    return out


def _same(want: Truth, event: Any) -> bool:
    from vision.live.follow import ThrowSettled

    if want.kind == "throw":
        return (
            isinstance(event, ThrowSettled)
            and event.throw == want.throw
            and tuple(sorted(event.faces(event.thrown))) == want.thrown
            and tuple(sorted(event.faces(event.kept))) == want.kept
        )
    return not isinstance(event, ThrowSettled) and event.code == want.code


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


def _median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")
