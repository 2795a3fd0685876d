"""Where frames come from, behind one small interface.

    source = open_source("0")          # or "picamera", "/dev/video2", "rtsp://...",
    source.open()                      # "game.mp4", "frames/" (a folder of images),
    image, t = source.read() or ...    # "synthetic:three-throws"
    source.close()

A source is either *live* (a camera or a network stream: frames come in real time, may
stall, and are reopened when lost; see vision.live.stream) or a *recording* (a video
file, a folder of images, a synthetic sequence: every frame in order, and the end is the
end). `read()` returns the next frame and its stream time in seconds, or None when the
source has no more frames (a recording's end, or a live source lost). A source that cannot
be opened raises SourceError with a message that says what to do (vision's words, said by
the host in the page's language when a camera lost mid-game cannot be opened again).

The Raspberry Pi camera (picamera2, when importable) gives its small "lores" stream for
following the dice and its full-resolution "main" stream for snapshots.
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np

from vision.errors import VisionError
from vision.words import Quoted, Said, _

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp"}
STREAM_SCHEMES = ("rtsp://", "rtsps://", "http://", "https://", "udp://", "tcp://", "rtmp://")
OPEN_TIMEOUT_MS = 5000  # a network stream that does not answer in this time is not there
READ_TIMEOUT_MS = 5000
DAMAGE_SECONDS = 10.0  # a recording's undecodable stretch longer than this ends it


class SourceError(VisionError):
    """A source that cannot be opened or read; the message says what to do."""


class Source(Protocol):
    name: str
    live: bool  # a camera or stream (real time, reopened when lost); else a recording
    skipped: list[Said]  # notes on what a recording's reading passed over (for Status)

    def open(self) -> None: ...

    def read(self) -> tuple[np.ndarray, float] | None: ...

    def close(self) -> None: ...

    def ended_early(self) -> Said | None: ...

    def snapshot(self) -> np.ndarray | None: ...


def open_source(spec: str, fps: float = 15.0, size: tuple[int, int] = (640, 480)) -> Source:
    """The source a user names: "picamera", "auto" (picamera if importable, else camera 0),
    a device number or path, a stream URL, a video file, a folder of images, or
    "synthetic:NAME" (see vision.live.sequences). `fps` times folders of images; `size`
    is what cameras are asked for."""
    spec = spec.strip()
    if not (math.isfinite(fps) and fps > 0):
        raise SourceError(
            _(
                "cannot replay frames at {fps} per second: give a rate above 0 ({option})",
                fps=f"{fps:g}",
                option="--fps",
            )
        )
    if spec == "auto":
        spec = "picamera" if picamera_available() else "0"
    if spec == "picamera":
        return PiCameraSource(size)
    if spec.startswith("synthetic:"):
        return SyntheticSource(spec.split(":", 1)[1])
    if spec.isdigit():
        return CaptureSource(spec, int(spec), live=True, size=size)
    if spec.startswith(STREAM_SCHEMES):
        return CaptureSource(spec, spec, live=True, size=size)
    path = Path(spec).expanduser()
    if spec.startswith("/dev/"):
        return CaptureSource(spec, str(path), live=True, size=size)
    if path.is_dir():
        return FolderSource(path, fps)
    if path.is_file():
        return CaptureSource(spec, str(path), live=False, size=size)
    raise SourceError(
        _(
            "no camera, stream, video or folder named {spec}: give a device number ({number}), "
            "{device}, a stream URL ({urls}), a video file, a folder of images, {picamera}, "
            "or {synthetic}",
            spec=Quoted(spec),
            number="0",
            device="/dev/videoN",
            urls="rtsp://, http://",
            picamera="picamera",
            synthetic="synthetic:NAME",
        )
    )


def picamera_available() -> bool:
    try:
        import picamera2  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return False
    return True


class CaptureSource:
    """Anything OpenCV opens: a camera (index or /dev path), a stream URL, a video file."""

    def __init__(self, name: str, target: int | str, live: bool, size: tuple[int, int]) -> None:
        self.name = name
        self.target = target
        self.live = live
        self.size = size
        self._cap: Any = None
        self._start = 0.0
        self._count = 0
        self._expected = 0
        self._fps = 0.0
        self._damaged = 0  # a recording's frames that could not be decoded, read past
        self._last: np.ndarray | None = None
        self.skipped: list[Said] = []  # notes on damaged stretches read past (for Status)

    def open(self) -> None:
        # FFmpeg's own messages ("moov atom not found") say nothing to players: we report
        # in words instead (set OPENCV_FFMPEG_LOGLEVEL to see them)
        os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")
        if isinstance(self.target, str) and self.target.startswith(STREAM_SCHEMES):
            params = [cv2.CAP_PROP_OPEN_TIMEOUT_MSEC, OPEN_TIMEOUT_MS]
            params += [cv2.CAP_PROP_READ_TIMEOUT_MSEC, READ_TIMEOUT_MS]
            cap = cv2.VideoCapture(self.target, cv2.CAP_FFMPEG, params)
        else:
            cap = cv2.VideoCapture(self.target)
        if not cap.isOpened():
            cap.release()
            raise SourceError(self._cannot_open())
        if isinstance(self.target, int) or self.target.startswith("/dev/"):  # a camera
            cap.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
            cap.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])
        self._cap = cap
        self._start = time.monotonic()
        self._count = 0
        self._damaged = 0
        self._fps = float(cap.get(cv2.CAP_PROP_FPS) or 0.0)
        self._expected = int(cap.get(cv2.CAP_PROP_FRAME_COUNT) or 0) if not self.live else 0

    def read(self) -> tuple[np.ndarray, float] | None:
        if self._cap is None:
            return None
        ok, image = self._cap.read()
        if not ok or image is None:
            image = None if self.live else self._past_damage()
        if image is None:
            return None
        self._count += 1
        if self.live:
            t = time.monotonic() - self._start
        else:
            msec = float(self._cap.get(cv2.CAP_PROP_POS_MSEC) or 0.0)
            t = msec / 1000 if msec > 0 else (self._count - 1) / (self._fps or 15.0)
        self._last = image
        return image, t

    def _past_damage(self) -> np.ndarray | None:
        """A recording's frame that cannot be decoded: if its header says more frames
        follow, read on past the damaged stretch (a glitch mid-game must not lose the
        rest of the game), for at most DAMAGE_SECONDS of frames."""
        position = self._count + self._damaged  # frames the file gave, decoded or not
        limit = min(self._expected - position, int(DAMAGE_SECONDS * (self._fps or 15.0)))
        misses = 1
        while misses < limit:
            ok, image = self._cap.read()
            if ok and image is not None:
                self._damaged += misses
                self.skipped.append(
                    _(
                        "{source}: 1 damaged frame after frame {n} could not be decoded; "
                        "reading on",
                        source=self.name,
                        n=self._count,
                    )
                    if misses == 1
                    else _(
                        "{source}: {misses} damaged frames after frame {n} could not be "
                        "decoded; reading on",
                        source=self.name,
                        misses=misses,
                        n=self._count,
                    )
                )
                return np.asarray(image)
            misses += 1
        return None

    def ended_early(self) -> Said | None:
        """Why a video file ended before its last frame (None if it did not)."""
        seen = self._count + self._damaged
        if self.live or not self._expected or seen >= self._expected * 0.98:
            return None
        return _(
            "{source} ended after {n} of its {total} frames: the file may be damaged",
            source=self.name,
            n=self._count,
            total=self._expected,
        )

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None

    def snapshot(self) -> np.ndarray | None:
        return self._last

    def _cannot_open(self) -> Said:
        if isinstance(self.target, int) or str(self.target).startswith("/dev/"):
            return _(
                "cannot open camera {source}: is it plugged in, and not used by another "
                "program? (list cameras with: {command})",
                source=self.name,
                command="ls /dev/video*",
            )
        if self.live:
            return _(
                "cannot open the stream {source}: check the address, and that the "
                "camera serves it on this network",
                source=self.name,
            )
        return _(
            "cannot read the video {source}: not a video OpenCV can decode, or damaged",
            source=self.name,
        )


class FolderSource:
    """A folder of images, replayed in name order at `fps`."""

    live = False

    def __init__(self, folder: Path, fps: float = 15.0) -> None:
        self.name = str(folder)
        self.folder = folder
        self.fps = fps
        self._files: list[Path] = []
        self._next = 0
        self._last: np.ndarray | None = None
        self.skipped: list[Said] = []

    def open(self) -> None:
        try:
            files = sorted(p for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        except OSError as error:
            raise SourceError(
                _(
                    "cannot list {folder}: {why}",
                    folder=str(self.folder),
                    why=error.strerror or error,
                )
            ) from None
        if not files:
            raise SourceError(
                _(
                    "{folder} holds no images (.jpg, .png, ...): give a folder of frames",
                    folder=str(self.folder),
                )
            )
        self._files = files
        self._next = 0

    def read(self) -> tuple[np.ndarray, float] | None:
        while self._next < len(self._files):
            path = self._files[self._next]
            self._next += 1
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is None:
                self.skipped.append(
                    _("cannot read {file}: not an image, or damaged", file=path.name)
                )
                continue
            self._last = image
            return image, (self._next - 1) / self.fps
        return None

    def close(self) -> None:
        self._files = []

    def ended_early(self) -> Said | None:
        return None

    def snapshot(self) -> np.ndarray | None:
        return self._last


class SyntheticSource:
    """A synthetic sequence drawn by our renderer (vision.live.sequences), with the
    game's controls (dice in play, new turns) it carries."""

    live = False

    def __init__(self, sequence: str) -> None:
        self.name = f"synthetic:{sequence}"
        self.skipped: list[Said] = []
        self.sequence = sequence
        self._frames: Iterator[Any] | None = None
        self._index = 0
        self._last: np.ndarray | None = None

    def open(self) -> None:
        from vision.live import sequences

        if self.sequence not in sequences.SEQUENCES:
            names = list(sequences.SEQUENCES)
            raise SourceError(
                _(
                    "no synthetic sequence {name}; there are: {names}",
                    name=Quoted(self.sequence),
                    names=names,
                )
            )
        self.seq = sequences.named(self.sequence)
        self._frames = self.seq.frames()
        self._index = 0

    def read(self) -> tuple[np.ndarray, float] | None:
        if self._frames is None:
            return None
        frame = next(self._frames, None)
        if frame is None:
            return None
        self._index = frame.index
        self._last = frame.image
        return frame.image, frame.t

    def controls(self) -> list[Any]:
        """The game's controls due before the frame just read."""
        return self.seq.controls_at(self._index)

    def close(self) -> None:
        self._frames = None

    def ended_early(self) -> Said | None:
        return None

    def snapshot(self) -> np.ndarray | None:
        return self._last


class PiCameraSource:
    """The Raspberry Pi camera through picamera2: frames from its small "lores" stream
    (YUV420, cheap to get), snapshots from its full-resolution "main" stream."""

    live = True

    def __init__(
        self, size: tuple[int, int] = (640, 480), main: tuple[int, int] = (1640, 1232)
    ) -> None:
        self.name = "picamera"
        self.skipped: list[Said] = []
        self.size = size
        self.main = main
        self._camera: Any = None
        self._want_main = threading.Event()
        self._main_ready = threading.Event()
        self._main_image: np.ndarray | None = None
        self._start = 0.0

    def open(self) -> None:
        try:
            from picamera2 import Picamera2
        except ImportError:
            raise SourceError(
                _(
                    "{module} is not importable: on Raspberry Pi OS install {package} and "
                    "make the virtual environment with {option}",
                    module="picamera2",
                    package="python3-picamera2",
                    option="--system-site-packages",
                )
            ) from None
        try:
            camera = Picamera2()
            config = camera.create_video_configuration(
                main={"size": self.main, "format": "RGB888"},
                lores={"size": self.size, "format": "YUV420"},
            )
            camera.configure(config)
            camera.start()
        except Exception as error:  # picamera2 raises plain errors: say what we know
            raise SourceError(
                _(
                    "cannot start the Raspberry Pi camera ({error}): is it connected and "
                    "enabled, and not used by another program?",
                    error=str(error),
                )
            ) from None
        self._camera = camera
        self._start = time.monotonic()

    def read(self) -> tuple[np.ndarray, float] | None:
        if self._camera is None:
            return None
        try:
            request = self._camera.capture_request()
        except Exception:
            return None  # the camera went away: the stream reopens it
        try:
            yuv = request.make_array("lores")
            metadata = request.get_metadata() or {}
            if self._want_main.is_set():
                self._main_image = np.array(request.make_array("main"))  # BGR already
                self._want_main.clear()
                self._main_ready.set()
        finally:
            request.release()  # always give the buffer back, or the camera stops
        image = cv2.cvtColor(yuv, cv2.COLOR_YUV2BGR_I420)
        stamp = metadata.get("SensorTimestamp")  # nanoseconds, when the frame was exposed
        t = stamp / 1e9 if stamp else time.monotonic() - self._start
        return image, float(t)

    def ended_early(self) -> Said | None:
        return None

    def snapshot(self, timeout: float = 1.0) -> np.ndarray | None:
        """A full-resolution frame, taken with the next frame read (from any thread)."""
        if self._camera is None:
            return None
        self._main_ready.clear()
        self._want_main.set()
        if not self._main_ready.wait(timeout):
            return None
        return self._main_image

    def close(self) -> None:
        camera, self._camera = self._camera, None
        if camera is not None:
            try:
                camera.stop()
            finally:
                camera.close()
