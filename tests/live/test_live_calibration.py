"""Calibration: the tray found where the renderer drew it, stored and read back, and
clear errors for what cannot be calibrated. The `dicetable calibrate` command end to end."""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest
from live_support import Synth, run_dicetable

from vision.live import calibrate_cli, calibration
from vision.live.calibration import CalibrationError
from vision.render.draw import render
from vision.render.scene import Camera, Hand, Scene, Tabletop


def tray_corners(camera: Camera, table: Tabletop) -> np.ndarray:
    """Where a top-down camera sees the tray floor's corners (pinhole, our own sums)."""
    assert table.tray is not None and camera.tilt == 0
    f = camera.width / 2 / math.tan(math.radians(camera.fov) / 2)
    w, d = table.tray[0] / 2, table.tray[1] / 2
    return np.array(
        [
            [camera.width / 2 + f * x / camera.height, camera.height_px / 2 - f * y / camera.height]
            for x, y in ((-w, d), (w, d), (w, -d), (-w, -d))
        ]
    )


def frames_of(scene: Scene, n: int = 4) -> list[np.ndarray]:
    return [render(replace(scene, noise=2.0, seed=k))[0] for k in range(n)]


NEAR = 12.0  # px: well under half a die (a die lying against a wall is still on the tray)


def test_the_tray_is_found_where_it_was_drawn(synth: Callable[[str], Synth]) -> None:
    s = synth("three-throws")
    want = tray_corners(Camera(), Tabletop())
    got = s.calibration.tray
    assert len(got) == 4 and not s.calibration.whole_frame
    for corner in want:
        assert np.min(np.linalg.norm(got - corner, axis=1)) < NEAR
    assert 0.1 < s.calibration.noise < 2.0


def test_a_higher_camera_sees_a_smaller_tray() -> None:
    scene = Scene(camera=Camera(height=65.0))
    cal = calibration.learn(frames_of(scene))
    want = tray_corners(scene.camera, scene.table)
    for corner in want:
        assert np.min(np.linalg.norm(cal.tray - corner, axis=1)) < NEAR


def test_a_table_without_a_tray_counts_the_whole_view() -> None:
    cal = calibration.learn(frames_of(Scene(table=Tabletop(tray=None, kind="felt"))))
    assert cal.whole_frame and cal.inside((1.0, 1.0)) and cal.inside((638.0, 478.0))


def test_something_moving_during_calibration_is_refused() -> None:
    scenes = [Scene(hands=(Hand(-10.0 + 8 * k, -5.0),), noise=2.0, seed=k) for k in range(4)]
    with pytest.raises(CalibrationError, match="moved"):
        calibration.learn([render(s)[0] for s in scenes])


def test_too_few_frames_or_changing_sizes_are_refused() -> None:
    frame = np.zeros((120, 160, 3), np.uint8)
    with pytest.raises(CalibrationError, match="at least 3"):
        calibration.learn([frame, frame])
    with pytest.raises(CalibrationError, match="size"):
        calibration.learn([frame, frame, np.zeros((90, 160, 3), np.uint8)])


def test_saved_and_loaded_it_is_the_same(synth: Callable[[str], Synth], tmp_path: Path) -> None:
    cal = synth("three-throws").calibration
    path = cal.save(tmp_path / "cal.json")
    back = calibration.load(path)
    assert back.size == cal.size and back.whole_frame == cal.whole_frame
    assert np.allclose(back.tray, cal.tray, atol=0.1)
    assert np.array_equal(back.empty, cal.empty)
    assert back.noise == pytest.approx(cal.noise, abs=1e-3)


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (None, "no calibration at"),
        ("not json", "not a calibration file"),
        (json.dumps({"format": "something-else"}), "damaged or of another version"),
        (
            json.dumps(
                {
                    "format": calibration.FORMAT,
                    "size": [640, 480],
                    "tray": [[0, 0]] * 4,
                    "noise": 1.0,
                    "empty": "gone.png",
                }
            ),
            "image is missing or damaged",
        ),
    ],
)
def test_a_missing_or_broken_calibration_says_what_to_do(
    tmp_path: Path, content: str | None, says: str
) -> None:
    path = tmp_path / "calibration.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(CalibrationError, match=says) as error:
        calibration.load(path)
    assert "dicetable calibrate" in str(error.value)


def test_it_follows_the_frame_size_and_a_moved_camera(synth: Callable[[str], Synth]) -> None:
    cal = synth("three-throws").calibration
    big = cal.resized(1280, 960)
    assert big.size == (1280, 960) and np.allclose(big.tray, cal.tray * 2)
    with pytest.raises(CalibrationError, match="calibrate again"):
        cal.resized(1280, 720)
    moved = cal.shifted(10.0, -5.0)
    assert np.allclose(moved.tray, cal.tray + np.array([10.0, -5.0]))
    assert np.array_equal(moved.empty[100:300, 100:300], cal.empty[105:305, 90:290])


def test_the_annotated_picture_shows_the_tray(synth: Callable[[str], Synth]) -> None:
    cal = synth("three-throws").calibration
    picture = calibration.annotate(cal)
    x, y = np.round(cal.tray[0]).astype(int)
    assert tuple(picture[y, x]) != tuple(cal.empty[y, x])  # a corner is marked
    assert picture.shape == cal.empty.shape


def test_calibrate_command_stores_the_calibration_and_draws_it(
    synth: Callable[[str], Synth], tmp_path: Path
) -> None:
    s = synth("three-throws")
    folder = tmp_path / "empty"
    folder.mkdir()
    for f in s.frames[: s.seq.empty_frames]:
        cv2.imwrite(str(folder / f"frame{f.index:03d}.png"), f.image)
    result = run_dicetable("calibrate", str(folder), "--frames", "4", config=tmp_path)
    assert result.returncode == 0, result.stderr
    stored = tmp_path / "dicetable" / "calibration.json"
    assert f"stored in {stored}" in result.stdout
    assert (tmp_path / "dicetable" / "calibration-annotated.png").exists()
    back = calibration.load(stored)
    assert np.allclose(back.tray, s.calibration.tray, atol=2.0)


def test_calibrate_command_with_a_bad_source_says_so_in_one_line(tmp_path: Path) -> None:
    result = run_dicetable("calibrate", str(tmp_path / "nowhere"), config=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "dicetable calibrate:" in result.stderr
    assert "Traceback" not in result.stderr
    few = tmp_path / "few"
    few.mkdir()
    cv2.imwrite(str(few / "one.png"), np.zeros((48, 64, 3), np.uint8))
    result = run_dicetable("calibrate", str(few), config=tmp_path)
    assert result.returncode == 2 and "only 1 frame;" in result.stderr


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--annotate", "out.jpgx"], "--annotate out.jpgx: give a picture name ending in .png"),
        (["--calibration", "{tmp}"], "is a folder: give a file name"),
        (["--calibration", "/proc/no/cal.json"], "cannot make the folder /proc/no"),
        (["--fps", "0"], "give a rate above 0 (--fps)"),
    ],
)
def test_calibrate_options_that_cannot_work_say_so_in_one_line(
    synth: Callable[[str], Synth],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    says: str,
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # never the user's
    s = synth("three-throws")
    folder = tmp_path / "empty"
    folder.mkdir()
    for f in s.frames[: s.seq.empty_frames]:
        cv2.imwrite(str(folder / f"frame{f.index:03d}.png"), f.image)
    parser = argparse.ArgumentParser()
    calibrate_cli.add_arguments(parser)
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    args = parser.parse_args([str(folder), "--frames", "4", *argv])
    assert calibrate_cli.run(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("dicetable calibrate: ") and says in err and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty"]  # nothing half written
