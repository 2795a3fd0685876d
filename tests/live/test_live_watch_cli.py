"""`dicetable vision watch`: events printed live, as text or JSON lines; one-line errors."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import cv2
import numpy as np
import pytest
from live_support import run_dicetable

from vision.live import watch
from vision.live.calibration import learn


def run_watch(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    watch.add_arguments(parser)
    return watch.run(parser.parse_args(list(argv)))


def test_watch_prints_json_lines_from_a_synthetic_take(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_watch("synthetic:picked-up", "--json") == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[0]["type"] == "note" and "synthetic:picked-up" in lines[0]["message"]
    assert "a tray of 4 corners" in lines[0]["message"]  # learned from the take's empty frames
    assert lines[-1]["type"] == "note" and "frames" in lines[-1]["message"]
    assert {"type": "status", "kind": "ended"}.items() <= lines[-2].items()
    for event in lines[1:-2]:
        assert event["type"] in ("throw", "misfit", "status")
        if event["type"] != "status":
            assert event["t"] >= event["still_since"] >= 0 and isinstance(event["dice"], list)
            for die in event["dice"]:
                assert 0.0 <= die["confidence"] <= 1.0


def test_watch_reads_a_stored_calibration_and_stops_after_n_frames(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = np.random.default_rng(0)
    images = []
    for k in range(6):
        img = np.full((240, 320, 3), 110, np.uint8)
        img[30:-30, 40:-40] = (60, 140, 40)
        img = np.clip(img + rng.normal(0, 2, img.shape), 0, 255).astype(np.uint8)
        cv2.imwrite(str(tmp_path / f"f{k}.png"), img)
        images.append(img)
    path = learn(images[:3]).save(tmp_path / "cal" / "calibration.json")
    snaps = tmp_path / "snaps"
    assert (
        run_watch(
            str(tmp_path), "--calibration", str(path), "--frames", "4", "--snapshots", str(snaps)
        )
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"watching {tmp_path}; 320x240 frames; a tray of 4 corners")
    assert re.match(r"\d+ throws, \d+ to look at; 4 frames in ", out[-1])  # stopped at 4


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["/no/such/camera.mp4"], "no camera, stream, video or folder named"),
        (["synthetic:three-throws", "--dice", "black:six"], "write colour=count"),
        (
            ["synthetic:three-throws", "--calibration", "/no/cal.json", "--learn", "0"],
            "no calibration at /no/cal.json",
        ),
        (["synthetic:three-throws", "--fps", "0"], "give a rate above 0 (--fps)"),
        (["synthetic:three-throws", "--frames", "0"], "--frames 0: give a number of frames"),
        (["synthetic:three-throws", "--learn", "-2"], "--learn -2: give a number of frames"),
        (["synthetic:three-throws", "--dice", "black=0"], "at least one die must be in play"),
        (["synthetic:three-throws", "--learn", "2"], "--learn 2: give a number of frames, 3"),
        (["synthetic:three-throws", "--dice", "purple=3"], "purple is no colour of kot"),
        (
            ["synthetic:three-throws", "--faces", "d6-pips", "--dice", "black=3"],
            "give a count, --dice 6",
        ),
        (
            ["synthetic:three-throws", "--snapshots", "/proc/no/such"],
            "--snapshots /proc/no/such: cannot make the folder",
        ),
    ],
)
def test_watch_errors_are_one_line(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_watch(*argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("dicetable vision watch: ") and says in err and err.count("\n") == 1


def test_dicetable_vision_watch_prints_each_throw_as_it_settles() -> None:
    result = run_dicetable("vision", "watch", "synthetic:picked-up")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    throws = [line.split("s  ", 1)[1] for line in lines if " throw " in line]
    assert [t.split(" (")[0] for t in throws] == [
        "throw 1: thrown 1 3 claw claw claw heart; kept -",
        "throw 2: thrown 3 energy heart; kept claw claw claw",
    ]
    assert all("200 ms after the dice lay still" in t for t in throws)
    assert "[ended] synthetic:picked-up ended after 32 frames" in result.stdout
    assert lines[-1].startswith("2 throws, 0 to look at; 32 frames")
