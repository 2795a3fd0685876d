"""Frame sources: video files (whole, cut short, not a video), folders, synthetic takes,
cameras that are not there, and the Raspberry Pi camera through a fake picamera2."""

from __future__ import annotations

import os
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import cv2
import numpy as np
import pytest
from live_support import Synth

from vision.live import sources
from vision.live.follow import VIEW, ThrowFollower, ThrowSettled
from vision.live.sequences import TruthReader
from vision.live.sources import PiCameraSource, SourceError, open_source
from vision.live.stream import Frame, Status, Stream, watch
from vision.reader import DieReading


class NoDice:
    def read(self, frame: np.ndarray) -> list[DieReading]:
        return []


def tray_image(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    img = np.full((h, w, 3), 120, np.uint8)
    img[h // 8 : -h // 8, w // 8 : -w // 8] = (60, 140, 40)
    return np.clip(img + rng.normal(0, 2, img.shape), 0, 255).astype(np.uint8)


def write_video(path: Path, n: int = 30) -> None:
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 15, (320, 240))
    assert out.isOpened()
    for k in range(n):
        img = np.full((240, 320, 3), 30 + 5 * k, np.uint8)
        cv2.putText(img, str(k), (40, 120), cv2.FONT_HERSHEY_SIMPLEX, 2, (255, 255, 255), 3)
        out.write(img)
    out.release()


def items(spec: str) -> list[Frame | Status]:
    return list(Stream(lambda: open_source(spec)))


def frames(got: list[Frame | Status]) -> list[Frame]:
    return [g for g in got if isinstance(g, Frame)]


def statuses(got: list[Frame | Status]) -> list[Status]:
    return [g for g in got if isinstance(g, Status)]


def test_a_video_file_gives_every_frame_in_order_then_ends(tmp_path: Path) -> None:
    write_video(tmp_path / "game.avi")
    got = items(str(tmp_path / "game.avi"))
    f = frames(got)
    assert len(f) == 30 and [x.index for x in f] == list(range(30))
    assert [round(x.t, 3) for x in f[:3]] == [0.0, 0.067, 0.133]
    assert statuses(got)[-1].kind == "ended" and "after 30 frames" in statuses(got)[-1].message


def test_a_video_cut_short_says_it_may_be_damaged(tmp_path: Path) -> None:
    write_video(tmp_path / "game.avi")
    data = (tmp_path / "game.avi").read_bytes()
    (tmp_path / "cut.avi").write_bytes(data[: len(data) // 2])
    got = items(str(tmp_path / "cut.avi"))
    assert 5 < len(frames(got)) < 30
    last = statuses(got)[-1]
    assert last.kind == "ended" and "may be damaged" in last.message and "of its 30" in last.message


def test_a_video_damaged_in_the_middle_is_read_on_past_the_damage(tmp_path: Path) -> None:
    """A glitch mid-recording must not lose the rest of the game: the frames that cannot
    be decoded are skipped with a status, and the frames after them still come."""
    path = tmp_path / "game.mp4"
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), 15, (320, 240))
    assert out.isOpened()
    for k in range(60):
        img = np.full((240, 320, 3), 30 + 3 * k, np.uint8)
        cv2.putText(img, str(k), (40, 120), cv2.FONT_HERSHEY_SIMPLEX, 2, (255, 255, 255), 3)
        out.write(img)
    out.release()
    data = bytearray(path.read_bytes())
    n = len(data)
    data[n // 3 : n // 3 + n // 5] = bytes(n // 5)  # a stretch of the file zeroed
    (tmp_path / "damaged.mp4").write_bytes(bytes(data))
    got = items(str(tmp_path / "damaged.mp4"))
    skipped = [s for s in statuses(got) if s.kind == "skipped"]
    assert len(skipped) == 1 and "damaged frames after frame" in skipped[0].message
    f = frames(got)
    before = [x for x in f if x.t <= skipped[0].t]
    assert 0 < len(before) < len(f) < 60  # frames on both sides of the damage, some lost
    assert f[-1].t == pytest.approx(59 / 15, abs=0.01)  # read to the last frame
    assert [x.index for x in f] == list(range(len(f)))
    assert statuses(got)[-1].kind == "ended"


def test_a_file_that_is_no_video_is_refused(tmp_path: Path) -> None:
    (tmp_path / "junk.mp4").write_bytes(os.urandom(20000))
    with pytest.raises(SourceError, match="not a video OpenCV can decode"):
        Stream(lambda: open_source(str(tmp_path / "junk.mp4")))


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("/no/such/file.mp4", "no camera, stream, video or folder named"),
        ("/dev/video97", "cannot open camera /dev/video97"),
        ("97", "cannot open camera 97"),
        ("synthetic:nope", "no synthetic sequence 'nope'; there are: three-throws"),
    ],
)
def test_a_source_that_cannot_be_opened_says_what_to_do(spec: str, says: str) -> None:
    with pytest.raises(SourceError, match=says):
        Stream(lambda: open_source(spec))


def test_a_folder_replays_its_images_and_skips_a_broken_one(tmp_path: Path) -> None:
    for k in range(4):
        cv2.imwrite(str(tmp_path / f"f{k}.png"), np.full((48, 64, 3), 20 * k, np.uint8))
    (tmp_path / "f2.png").write_bytes(b"not a png")
    (tmp_path / "notes.txt").write_text("ignored")
    got = list(Stream(lambda: open_source(str(tmp_path), fps=10)))
    assert [round(x.t, 2) for x in frames(got)] == [0.0, 0.1, 0.3]
    skipped = [s for s in statuses(got) if s.kind == "skipped"]
    assert len(skipped) == 1 and "f2.png" in skipped[0].message


def test_an_empty_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="holds no images"):
        Stream(lambda: open_source(str(tmp_path)))


def test_frames_that_change_size_are_told_and_followed_without_a_crash(tmp_path: Path) -> None:
    sizes = [(640, 480)] * 3 + [(320, 240)] * 3 + [(640, 360)] * 3
    rng = np.random.default_rng(0)
    for k, (w, h) in enumerate(sizes):
        cv2.imwrite(str(tmp_path / f"f{k:02d}.png"), tray_image(rng, w, h))
    stream = Stream(lambda: open_source(str(tmp_path)))
    got = list(watch(stream, ThrowFollower(NoDice(), None)))
    notes = [g.message for g in got if isinstance(g, Status) and g.kind == "size"]
    assert notes == [
        "the frames changed size from 640x480 to 320x240",
        "the frames changed size from 320x240 to 640x360",
    ]


def test_the_follower_says_when_new_frames_no_longer_fit_its_calibration(tmp_path: Path) -> None:
    from vision.live.calibration import learn

    rng = np.random.default_rng(1)
    follower = ThrowFollower(NoDice(), learn([tray_image(rng, 640, 480) for _ in range(3)]))
    events = []
    for k in range(6):
        events += follower.feed(tray_image(rng, 640, 480), k / 15)
    assert events == []
    events = follower.feed(tray_image(rng, 640, 360), 0.4)
    assert [e.code for e in events] == [VIEW] and "640x360" in events[0].reason


# ---- the Raspberry Pi camera, through a fake picamera2 -----------------------------------


class FakeRequest:
    def __init__(self, camera: FakePicamera2) -> None:
        self.camera = camera

    def make_array(self, name: str) -> np.ndarray:
        w, h = self.camera.config[name]["size"]
        bgr = np.zeros((h, w, 3), np.uint8)
        bgr[:, : w // 2] = (200, 60, 20)  # blue left half, red right half
        bgr[:, w // 2 :] = (20, 60, 200)
        if self.camera.config[name]["format"] == "YUV420":
            return cv2.cvtColor(bgr, cv2.COLOR_BGR2YUV_I420)
        return bgr  # RGB888 is B, G, R in memory

    def get_metadata(self) -> dict[str, Any]:
        self.camera.stamp += 66_666_667
        return {"SensorTimestamp": self.camera.stamp}

    def release(self) -> None:
        self.camera.released += 1


class FakePicamera2:
    instances: ClassVar[list[FakePicamera2]] = []

    def __init__(self) -> None:
        self.config: dict[str, Any] = {}
        self.started = self.closed = False
        self.requests = self.released = 0
        self.stamp = 1_000_000_000
        FakePicamera2.instances.append(self)

    def create_video_configuration(
        self, main: dict[str, Any], lores: dict[str, Any]
    ) -> dict[str, Any]:
        return {"main": main, "lores": lores}

    def configure(self, config: dict[str, Any]) -> None:
        self.config = config

    def start(self) -> None:
        self.started = True

    def capture_request(self) -> FakeRequest:
        self.requests += 1
        return FakeRequest(self)

    def stop(self) -> None:
        self.started = False

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def fake_picamera2(monkeypatch: pytest.MonkeyPatch) -> type[FakePicamera2]:
    module = types.ModuleType("picamera2")
    module.Picamera2 = FakePicamera2  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    FakePicamera2.instances = []
    return FakePicamera2


def test_the_pi_camera_follows_on_lores_and_snapshots_on_main(
    fake_picamera2: type[FakePicamera2],
) -> None:
    source = open_source("auto")  # picamera2 is importable: the Pi camera
    assert isinstance(source, PiCameraSource)
    source.open()
    camera = fake_picamera2.instances[0]
    assert camera.started
    assert camera.config["lores"] == {"size": (640, 480), "format": "YUV420"}
    assert camera.config["main"]["format"] == "RGB888"
    got = source.read()
    assert got is not None
    image, t = got
    assert image.shape == (480, 640, 3)
    assert np.abs(image[240, 100].astype(int) - (200, 60, 20)).max() < 12  # BGR, not RGB
    assert np.abs(image[240, 500].astype(int) - (20, 60, 200)).max() < 12
    second = source.read()
    assert second is not None and second[1] - t == pytest.approx(1 / 15, abs=1e-3)
    # a snapshot comes from the main stream, with the next frame read (another thread asks)
    import threading

    shot: list[Any] = []
    asker = threading.Thread(target=lambda: shot.append(source.snapshot(timeout=2.0)))
    asker.start()
    while asker.is_alive():
        source.read()
    assert shot[0] is not None and shot[0].shape == (1232, 1640, 3)
    assert camera.released == camera.requests  # every buffer given back
    source.close()
    assert camera.closed and not camera.started


def test_without_picamera2_auto_means_camera_0_and_picamera_says_how_to_install() -> None:
    if sources.picamera_available():
        pytest.skip("picamera2 is installed here")
    assert open_source("auto").name == "0"
    with pytest.raises(SourceError, match="python3-picamera2"):
        open_source("picamera").open()


def test_a_recorded_video_of_a_take_gives_its_events(
    synth: Callable[[str], Synth], tmp_path: Path
) -> None:
    """Through a real video codec (MJPEG): compression noise is not motion."""
    s = synth("kept-aside")
    path = tmp_path / "take.avi"
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 15, (640, 480))
    for f in s.frames:
        out.write(f.image)
    out.release()
    stream = Stream(lambda: open_source(str(path)))
    follower = ThrowFollower(TruthReader(s.frames), s.calibration)
    follower.expect({"black": 6})
    events = [e for e in watch(stream, follower) if not isinstance(e, Status)]
    thrown = [sorted(e.faces(e.thrown)) for e in events if isinstance(e, ThrowSettled)]
    assert thrown == [list(t.thrown) for t in s.seq.truth]
    assert [e.frame for e in events] == [t.still_frame + 3 for t in s.seq.truth]


def test_a_frame_that_is_no_image_is_skipped_with_a_status() -> None:
    good = np.full((480, 640, 3), 100, np.uint8)
    items = [
        Frame(good, 0.0, 0),
        Frame(np.zeros((4, 4, 3), np.uint8), 0.07, 1),
        Frame(good, 0.13, 2),
    ]
    got = list(watch(items, ThrowFollower(NoDice(), None)))
    assert [(g.kind, "too small" in g.message) for g in got] == [("skipped", True)]
