"""The app's one seam to vision: frames in, camera events out.

`DiceWatcher` follows the throws in a stream of frames (vision.live: the follower, the
camera's calibration, the frame sources) and turns what it sees into plain events for the
table: a throw that settled (the faces thrown and kept, each die's reading and confidence,
a JPEG snapshot of the frame that settled it), or a reading that does not fit (for a person
to look at). The table tells it what to expect (the dice in play, whose turn) through
`expect`, from any thread.

`open_camera` opens a live source (the Raspberry Pi camera, a device, a stream URL, a
video file) as a vision.live Stream, which reconnects a camera that stalls and says so.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from host.errors import UserError
from host.games import DiceExpectation

if TYPE_CHECKING:
    from vision.live.calibration import Calibration
    from vision.live.follow import Event
    from vision.live.stream import Status, Stream

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


class DiceWatcher:
    """Follows throws in frames fed one by one (from one thread); `expect` may be called
    from any thread. A calibration (dicetable calibrate) adds what only a known tray can
    tell: a die off the tray, a bumped camera, a light that changed too much."""

    def __init__(self, face_set: str = "kot", calibration: Calibration | None = None) -> None:
        from vision.live.follow import ThrowFollower
        from vision.reader import DiceReader

        self.follower = ThrowFollower(DiceReader.load(face_set), calibration)
        self._turn: Hashable = None
        self._lock = threading.Lock()

    def expect(self, expectation: DiceExpectation | None, turn: Hashable) -> None:
        """What the game waits for: the dice in play (None: no throw due), whose turn (a
        new value starts a new turn: the next throw keeps no dice)."""
        with self._lock:
            if turn != self._turn:
                self._turn = turn
                self.follower.new_turn()
            self.follower.expect(expectation.counts if expectation is not None else None)

    def feed(self, frame: np.ndarray, t: float) -> list[CameraEvent]:
        return [self._seen(event, frame) for event in self.follower.feed(frame, t)]

    def follow(self, stream: Stream) -> Iterator[CameraEvent | Status]:
        """The camera events of a live stream, with the stream's news (stalled, lost...)
        between them; ends when the stream does."""
        from vision.live.stream import Status, watch

        for item in watch(stream, self.follower):
            if isinstance(item, Status):
                yield item
            else:
                yield self._seen(item, stream.snapshot() if item.image is None else item.image)

    def _seen(self, event: Event, frame: np.ndarray | None) -> CameraEvent:
        from vision.live.follow import Misfit

        now = time.monotonic()
        dice = [d.to_json() for d in event.dice]
        snapshot, scale = _snapshot(frame)
        for d in dice:
            d["box"] = [round(v * scale, 1) for v in d["box"]]
            d["center"] = [round(v * scale, 1) for v in d["center"]]
        if isinstance(event, Misfit):
            return MisfitSeen(event.reason, dice, snapshot, now, event.frame)
        for i in event.kept:
            dice[i]["kept"] = True
        thrown, kept = event.faces(event.thrown), event.faces(event.kept)
        return ThrowSeen(thrown, kept, dice, snapshot, now, event.frame)


def _snapshot(frame: np.ndarray | None) -> tuple[bytes, float]:
    import cv2

    if frame is None:
        return b"", 1.0
    height, width = frame.shape[:2]
    scale = min(1.0, SNAPSHOT_WIDTH / width)
    if scale < 1.0:
        frame = cv2.resize(frame, (round(width * scale), round(height * scale)))
    ok, jpeg = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    return (bytes(jpeg) if ok else b""), scale


def open_camera(spec: str) -> tuple[Stream, Calibration | None, str]:
    """A live camera as a vision.live Stream, the saved calibration if there is one, and
    a note for people about it. A source that cannot be opened is a UserError."""
    from vision.live.calibration import CalibrationError, default_path, load
    from vision.live.sources import SourceError, open_source
    from vision.live.stream import Stream

    try:
        stream = Stream(lambda: open_source(spec))
    except SourceError as error:
        raise UserError(f"{error} (or --camera none to enter throws on the page)") from None
    try:
        return stream, load(default_path()), ""
    except CalibrationError as error:
        return stream, None, f"reading without a calibration: {error}"
