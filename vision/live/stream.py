"""From a source to events: the one API the app (and `dicetable vision watch`) uses.

    from vision.live.stream import Stream, watch
    stream = Stream(lambda: open_source("0"))          # opened now: SourceError if it can't
    for item in watch(stream, follower):               # ends when the source does
        ...  # ThrowSettled / Misfit (vision.live.follow), or Status (the source's news)

A `Stream` yields `Frame`s (image, stream time in seconds, index) and `Status` notes. A
live source (camera, network stream) is read by a thread of its own into a one-frame
mailbox, so a slow consumer gets the newest frame and never a backlog, and a source that
hangs cannot hang us: a stream with no new frame for `stall_seconds`, or sending the very
same image for `frozen_seconds`, or whose reading fails, is reopened for up to
`reconnect_seconds`, then given up with a clear Status. A recording (video file, folder,
synthetic sequence) is read in order, every frame, and its end is the end ("ended", with
a note if a video stopped before its last frame: a damaged file).
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from vision.live.follow import Event, ThrowFollower
from vision.live.settings import DEFAULT, Settings
from vision.live.sources import Source, SourceError
from vision.reader import FrameError
from vision.words import Said, _, message


@dataclass(frozen=True)
class Frame:
    image: np.ndarray = field(repr=False)
    t: float  # stream time, seconds
    index: int
    controls: tuple[Any, ...] = ()  # what the game says before this frame (synthetic only)


@dataclass(frozen=True)
class Status:
    """News from the source, for people: opened, stalled, lost, reconnected, ended...
    (`message`: vision's words, said by the host in the page's language)

    kind: "open" | "size" | "skipped" | "stalled" | "frozen" | "lost" | "reconnected" |
    "gave-up" | "ended"."""

    kind: str
    message: Said
    t: float


class _Reader(threading.Thread):
    """Reads one opening of a live source into a one-frame mailbox, and closes it when
    told to stop or when reading fails. Only this thread touches the source after open."""

    def __init__(self, source: Source) -> None:
        super().__init__(name=f"frames from {source.name}", daemon=True)
        self.source = source
        self.mailbox: queue.Queue[np.ndarray] = queue.Queue(maxsize=1)
        self.stop = threading.Event()
        self.done = threading.Event()
        self.dropped = 0

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                got = self.source.read()
                if got is None:
                    return
                self._post(got[0])
        except Exception:  # a driver error ends this opening; the stream reopens
            return
        finally:
            self.done.set()
            with contextlib.suppress(Exception):  # closing a broken driver may fail too
                self.source.close()

    def _post(self, image: np.ndarray) -> None:
        try:
            self.mailbox.put_nowait(image)
        except queue.Full:
            try:
                self.mailbox.get_nowait()  # the consumer is behind: drop the stale frame
                self.dropped += 1
            except queue.Empty:
                pass
            self.mailbox.put_nowait(image)


class Stream:
    """Frames and status from a source, made by `factory` (called again to reconnect)."""

    def __init__(
        self,
        factory: Callable[[], Source],
        settings: Settings = DEFAULT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.factory = factory
        self.settings = settings
        self.clock = clock
        self.source = factory()
        self.source.open()  # a SourceError here is the caller's to report
        self._start = clock()
        self._reader: _Reader | None = None
        self._closed = False

    @property
    def live(self) -> bool:
        return self.source.live

    def snapshot(self) -> np.ndarray | None:
        """The current view in full resolution (the Pi camera's main stream; others: the
        last frame)."""
        return self.source.snapshot()

    def close(self) -> None:
        self._closed = True
        if self._reader is not None:
            self._reader.stop.set()  # only the reader thread touches a live source
        else:
            self.source.close()

    def __iter__(self) -> Iterator[Frame | Status]:
        yield Status("open", _("reading {source}", source=self.source.name), 0.0)
        sizes = _Sizes()
        frames = self._live() if self.live else self._recorded()
        for item in frames:
            if isinstance(item, Frame):
                note = sizes.changed(item)
                if note:
                    yield Status("size", note, item.t)
            yield item

    # ---- recordings ------------------------------------------------------------------

    def _recorded(self) -> Iterator[Frame | Status]:
        source, index, t = self.source, 0, 0.0
        try:
            while not self._closed:
                got = source.read()
                yield from self._skipped(source, t)
                if got is None:
                    break
                controls = tuple(source.controls()) if hasattr(source, "controls") else ()
                t = got[1]
                yield Frame(got[0], t, index, controls)
                index += 1
        finally:
            source.close()
        early = source.ended_early()
        ended = _(
            "{source} ended after {n, plural, one {# frame} other {# frames}}",
            source=source.name,
            n=index,
        )
        yield Status("ended", early or ended, t)

    @staticmethod
    def _skipped(source: Source, t: float) -> Iterator[Status]:
        for note in source.skipped:  # each said once
            yield Status("skipped", note, t)
        source.skipped.clear()

    # ---- live sources ----------------------------------------------------------------

    def _live(self) -> Iterator[Frame | Status]:
        s = self.settings
        index = 0
        reader = self._start_reader(self.source)
        last_frame = self.clock()
        same_since: float | None = None
        previous: np.ndarray | None = None
        while not self._closed:
            try:
                image = reader.mailbox.get(timeout=0.05)
            except queue.Empty:
                now = self.clock()
                if reader.done.is_set() and reader.mailbox.empty():
                    trouble = Status(
                        "lost",
                        _("{source} stopped sending frames", source=reader.source.name),
                        self._t(),
                    )
                elif now - last_frame > s.stall_seconds:
                    trouble = Status(
                        "stalled",
                        _(
                            "no frame from {source} for {seconds} s",
                            source=reader.source.name,
                            seconds=round(now - last_frame),
                        ),
                        self._t(),
                    )
                else:
                    continue
            else:
                now = last_frame = self.clock()
                sample = image[::8, ::8]
                if (
                    previous is not None
                    and previous.shape == sample.shape
                    and np.array_equal(previous, sample)
                ):
                    same_since = same_since or now
                else:
                    same_since = None
                previous = sample
                if same_since is None or now - same_since <= s.frozen_seconds:
                    yield Frame(image, self._t(), index)
                    index += 1
                    continue
                trouble = Status(
                    "frozen",
                    _("{source} sends the same image again and again", source=reader.source.name),
                    self._t(),
                )
            yield trouble
            reader.stop.set()  # it closes its source when its read returns
            reconnected = yield from self._reconnect()
            if reconnected is None:
                return
            reader = reconnected
            last_frame, same_since, previous = self.clock(), None, None

    def _reconnect(self) -> Generator[Status, None, _Reader | None]:
        s = self.settings
        deadline = self.clock() + s.reconnect_seconds
        wait = 0.25
        yield Status("lost", _("reconnecting to {source} ...", source=self.source.name), self._t())
        last_error = ""
        while not self._closed and self.clock() < deadline:
            time.sleep(min(wait, max(deadline - self.clock(), 0)))
            wait = min(wait * 2, 2.0)
            try:
                source = self.factory()
                source.open()
            except SourceError as error:
                last_error = message(error)
                continue
            self.source = source
            yield Status("reconnected", _("{source} is back", source=source.name), self._t())
            return self._start_reader(source)
        name, seconds = self.source.name, round(s.reconnect_seconds)
        gave_up = (
            _(
                "could not reopen {source} for {seconds} s: {why}; stopping",
                source=name,
                seconds=seconds,
                why=last_error,
            )
            if last_error
            else _(
                "could not reopen {source} for {seconds} s; stopping", source=name, seconds=seconds
            )
        )
        yield Status("gave-up", gave_up, self._t())
        return None

    def _start_reader(self, source: Source) -> _Reader:
        reader = _Reader(source)
        reader.start()
        self._reader = reader
        return reader

    def _t(self) -> float:
        return self.clock() - self._start


class _Sizes:
    """Notices when frames change size (a camera reconfigured, a stream switched)."""

    def __init__(self) -> None:
        self.size: tuple[int, int] | None = None

    def changed(self, frame: Frame) -> Said | None:
        shape: tuple[int, ...] = tuple(getattr(frame.image, "shape", ()))
        size = (shape[1], shape[0]) if len(shape) >= 2 else (0, 0)
        old, self.size = self.size, size
        if old is None or old == size:
            return None
        return _(
            "the frames changed size from {old} to {new}",
            old=f"{old[0]}x{old[1]}",
            new=f"{size[0]}x{size[1]}",
        )


def watch(frames: Iterable[Frame | Status], follower: ThrowFollower) -> Iterator[Event | Status]:
    """The follower's events for a stream of frames, with the stream's status between.
    A frame that is no image is skipped with a Status, never a crash."""
    for item in frames:
        if isinstance(item, Status):
            yield item
            continue
        for control in item.controls:
            if control.new_turn:
                follower.new_turn()
            else:
                follower.expect(control.expect)
        try:
            events = follower.feed(item.image, item.t)
        except FrameError as error:
            said = _("frame {index} skipped: {why}", index=item.index, why=message(error))
            yield Status("skipped", said, item.t)
            continue
        yield from events
