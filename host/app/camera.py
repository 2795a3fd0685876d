"""The app's one seam to vision: frames in, camera events out.

`DiceWatcher` follows the throws in a stream of frames (vision.live.follow) and turns
what it sees into plain events for the table: a throw that settled (the faces thrown and
kept, each die's reading and confidence, a JPEG snapshot of the frame that settled it), or
a reading that does not fit (for a person to look at). The table tells it what to expect
(the dice in play, whose turn) through `expect`, from any thread.

Frame sources (`open_frames`): a video file, a camera device index or a stream URL
through OpenCV, or the Raspberry Pi camera through picamera2 when it is importable.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from host.errors import UserError
from host.games import DiceExpectation

SNAPSHOT_WIDTH = 640  # the page shows the snapshot on a phone: no need for more
JPEG_QUALITY = 80


@dataclass(frozen=True)
class ThrowSeen:
    """A throw the camera saw settle."""

    thrown: list[str]
    kept: list[str]
    dice: list[dict[str, Any]]  # per die: face, confidence, color, kept, box (in the snapshot)
    snapshot: bytes  # JPEG of the frame that settled it
    settled_at: float  # time.monotonic() when the settling frame was read
    frame: int


@dataclass(frozen=True)
class MisfitSeen:
    """Dice lying still whose reading does not fit what the game expects."""

    reason: str
    dice: list[dict[str, Any]]
    snapshot: bytes
    settled_at: float
    frame: int


CameraEvent = ThrowSeen | MisfitSeen


@dataclass
class _Expectation:
    counts: dict[str, int] | None = None
    turn: Hashable = None
    changed: bool = True
    lock: threading.Lock = field(default_factory=threading.Lock)


class DiceWatcher:
    """Follows throws in frames fed one by one (from one thread); `expect` may be called
    from any thread."""

    def __init__(self, face_set: str = "kot") -> None:
        from vision.live.follow import ThrowFollower
        from vision.reader import DiceReader

        self.follower = ThrowFollower(DiceReader.load(face_set))
        self._expect = _Expectation()

    def expect(self, expectation: DiceExpectation | None, turn: Hashable) -> None:
        """What the game waits for: the dice in play (None: no throw due), whose turn (a
        new value starts a new turn: the next throw keeps no dice)."""
        e = self._expect
        with e.lock:
            counts = dict(expectation.counts) if expectation is not None else None
            if turn != e.turn:
                e.changed = True
            e.counts, e.turn = counts, turn

    def feed(self, frame: np.ndarray, t: float) -> list[CameraEvent]:
        from vision.live.follow import Misfit

        e = self._expect
        with e.lock:
            if e.changed:
                self.follower.new_turn()
                e.changed = False
            self.follower.expect(e.counts)
        events: list[CameraEvent] = []
        for event in self.follower.feed(frame, t):
            now = time.monotonic()
            dice = [d.to_json() for d in event.dice]
            snapshot, scale = _snapshot(frame)
            for d in dice:
                d["box"] = [round(v * scale, 1) for v in d["box"]]
                d["center"] = [round(v * scale, 1) for v in d["center"]]
            if isinstance(event, Misfit):
                events.append(MisfitSeen(event.reason, dice, snapshot, now, event.frame))
                continue
            for i in event.kept:
                dice[i]["kept"] = True
            events.append(
                ThrowSeen(
                    event.faces(event.thrown),
                    event.faces(event.kept),
                    dice,
                    snapshot,
                    now,
                    event.frame,
                )
            )
        return events


def _snapshot(frame: np.ndarray) -> tuple[bytes, float]:
    import cv2

    height, width = frame.shape[:2]
    scale = min(1.0, SNAPSHOT_WIDTH / width)
    if scale < 1.0:
        frame = cv2.resize(frame, (round(width * scale), round(height * scale)))
    ok, jpeg = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    return (bytes(jpeg) if ok else b""), scale


def open_frames(source: str) -> Iterator[np.ndarray]:
    """Frames from a live source: "picamera" (Raspberry Pi camera), a device index
    ("0"), a video file or a stream URL. A source that cannot be opened is a UserError."""
    if source == "picamera":
        return _picamera_frames()
    import cv2

    capture = cv2.VideoCapture(int(source) if source.isdigit() else source)
    if not capture.isOpened():
        raise UserError(
            f"cannot open the camera {source!r}: give a device number (0), a video file or "
            "a stream URL, or --camera none to enter throws on the page"
        )

    def frames() -> Iterator[np.ndarray]:
        try:
            while True:
                ok, frame = capture.read()
                if not ok:
                    return
                yield frame
        finally:
            capture.release()

    return frames()


def _picamera_frames() -> Iterator[np.ndarray]:
    try:
        from picamera2 import Picamera2  # type: ignore[import-not-found]
    except ImportError:
        raise UserError(
            "picamera2 is not importable: on Raspberry Pi OS install python3-picamera2 and "
            "make the venv with --system-site-packages (docs/raspberry-pi.md)"
        ) from None
    camera = Picamera2()
    camera.configure(
        camera.create_video_configuration(main={"size": (1280, 960), "format": "RGB888"})
    )
    camera.start()

    def frames() -> Iterator[np.ndarray]:
        try:
            while True:
                yield camera.capture_array("main")
        finally:
            camera.stop()
            camera.close()

    return frames()
