"""`dicetable vision ...`: the subcommand module as host.cli runs it (parser, then run)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import cli, labels
from vision.render.draw import render
from vision.render.scene import KOT_BLACK, DiceLook, Die, Scene


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="dicetable vision")
    cli.add_arguments(parser)
    status = cli.run(parser.parse_args(list(argv)))
    out, err = capsys.readouterr()
    return status, out, err


def test_read_prints_json_and_annotates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    frame, _ = render(Scene(dice=(Die(-3.0, 0.0, "claw"), Die(3.0, 0.0, "2", yaw=30.0))))
    cv2.imwrite(str(tmp_path / "throw.png"), frame)
    status, out, _ = run(
        capsys, "read", str(tmp_path / "throw.png"), "--json", "--annotate", str(tmp_path / "a.png")
    )
    assert status == 0
    dice = sorted(json.loads(out)["dice"], key=lambda d: d["center"][0])
    assert [(d["face"], d["color"]) for d in dice] == [("claw", "black"), ("2", "black")]
    annotated = cv2.imread(str(tmp_path / "a.png"))
    assert annotated is not None and annotated.shape == frame.shape
    assert not np.array_equal(annotated, frame)


def test_read_table_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    frame, _ = render(Scene(dice=(Die(0.0, 0.0, "heart"),)))
    cv2.imwrite(str(tmp_path / "one.png"), frame)
    status, out, _ = run(capsys, "read", str(tmp_path / "one.png"))
    assert status == 0 and "heart" in out.splitlines()[1]


def labels_with(
    folder: Path, die: dict[str, object], photo: bool = True, face_set: str = "d6-pips"
) -> None:
    """A dice-labels/1 folder of one 64x48 photo (or only its name) holding `die`."""
    if photo:
        cv2.imwrite(str(folder / "a.png"), np.full((48, 64, 3), 90, np.uint8))
    image = {"file": "a.png", "width": 64, "height": 48, "dice": [die]}
    doc = {"format": "dice-labels/1", "face_set": face_set, "images": [image]}
    (folder / "labels.json").write_text(json.dumps(doc))


ONE_DIE = {"box": [1, 1, 9, 9], "face": "3"}


def test_read_table_says_the_likeliest_face_of_an_unsure_die(
    real_photos: labels.LabelSet, capsys: pytest.CaptureFixture[str]
) -> None:
    """For a person at the table: which face an unknown die most looks like."""
    photo = real_photos.root / "IMG_20191209_095859.jpg"  # held-out; dark dice, some unsure
    status, out, _ = run(capsys, "read", str(photo), "--faces", "d6-pips")
    unsure = [line for line in out.splitlines() if "unsure" in line]
    assert status == 0 and unsure, out
    assert all(line.split()[-1].rstrip(")") in "123456" for line in unsure), out
    assert all("(likeliest " in line for line in unsure), out


@pytest.mark.parametrize(
    ("setup", "argv", "message"),
    [
        (
            lambda p: p.joinpath("x.jpg").write_text("not a picture"),
            ["read", "{p}/x.jpg"],
            "not an image",
        ),
        (lambda p: None, ["read", "{p}/missing.png"], "does not exist"),
        (lambda p: None, ["read", "{p}"], "is a folder"),
        (
            lambda p: labels_with(p, {"box": [10, 10, 5, 5], "face": "3"}),
            ["eval", "{p}"],
            "box must be",
        ),
        (
            lambda p: labels_with(p, {"box": [1, 1, 9, 9]}),
            ["eval", "{p}"],
            "needs a box and a face",
        ),
        (lambda p: labels_with(p, ONE_DIE), ["teach", "{p}", "--name", "n"], "only one face"),
        (lambda p: labels_with(p, ONE_DIE, photo=False), ["eval", "{p}"], "a.png is named in"),
        (
            lambda p: labels_with(p, ONE_DIE, photo=False),
            ["teach", "{p}", "--name", "n"],
            "a.png is named in",
        ),
        (lambda p: labels_with(p, ONE_DIE, face_set=""), ["eval", "{p}"], "names no face_set"),
        (
            lambda p: cv2.imwrite(str(p / "b.png"), np.zeros((48, 64, 3), np.uint8)),
            ["read", "{p}/b.png", "--annotate", "{p}/b.txt"],
            "--annotate",
        ),
        (
            lambda p: cv2.imwrite(str(p / "b.png"), np.zeros((48, 64, 3), np.uint8)),
            ["read", "{p}/b.png", "--annotate", "{p}/no/such/folder/b.png"],
            "check the folder exists",
        ),
        (lambda p: labels_with(p, ONE_DIE), ["eval", "{p}", "--sheet", "{p}/s.gif"], "--sheet"),
        (lambda p: labels_with(p, ONE_DIE), ["eval", "{p}", "--limit", "0"], "--limit"),
        (lambda p: labels_with(p, ONE_DIE), ["teach", "{p}", "--name", "../x"], "--name '../x'"),
        (
            lambda p: labels_with(p, ONE_DIE),
            ["teach", "{p}", "--name", "x", "--out", "{p}/x.txt"],
            "ends in .npz",
        ),
        (lambda p: None, ["render", "{p}/r", "--frames", "0"], "--frames"),
        (lambda p: None, ["render", "{p}/r", "--cocked", "2"], "--cocked"),
        (lambda p: p.joinpath("r").write_text(""), ["render", "{p}/r"], "cannot write to"),
        (  # a frame OpenCV cannot write (a folder in its place): it said 'wrote 1 frames'
            lambda p: p.joinpath("r", "frame-00000.png").mkdir(parents=True),
            ["render", "{p}/r", "--frames", "1"],
            "frame-00000.png (the image could not be written)",
        ),
        (lambda p: None, ["eval", "{p}"], "labels.json not found"),
        (lambda p: p.joinpath("labels.json").write_text("{"), ["eval", "{p}"], "not readable JSON"),
        (
            lambda p: p.joinpath("labels.json").write_text('{"format": "x"}'),
            ["teach", "{p}", "--name", "n"],
            "dice-labels/1",
        ),
        (
            lambda p: cv2.imwrite(str(p / "b.png"), np.zeros((48, 64, 3), np.uint8)),
            ["read", "{p}/b.png", "--faces", "nope"],
            "no face set",
        ),
    ],
)
def test_bad_input_is_one_clear_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    setup: Callable[[Path], object],
    argv: list[str],
    message: str,
) -> None:
    setup(tmp_path)
    status, _, err = run(capsys, *[a.format(p=tmp_path) for a in argv])
    assert status != 0
    assert (
        err.startswith("dicetable vision") and message in err and len(err.strip().splitlines()) == 1
    )


def test_render_eval_and_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "render", str(tmp_path / "set"), "--frames", "4", "--seed", "3", "--dice", "5"
    )
    assert status == 0 and "4 frames" in out
    status, out, _ = run(
        capsys, "eval", str(tmp_path / "set"), "--json", "--sheet", str(tmp_path / "sheet.png")
    )
    report = json.loads(out)
    assert status == 0 and report["dice_labelled"] == 20
    assert set(report["confusion"]) == {"1", "2", "3", "heart", "energy", "claw"}
    assert (
        report["face_accuracy"] is not None and cv2.imread(str(tmp_path / "sheet.png")) is not None
    )


def test_teach_then_read_with_the_taught_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(
        capsys,
        "render",
        str(tmp_path / "mine"),
        "--faces",
        "kot-alt",
        "--frames",
        "8",
        "--seed",
        "4",
        "--dice",
        "6",
    )
    status, out, _ = run(capsys, "teach", str(tmp_path / "mine"), "--name", "dark-edition")
    assert status == 0 and "taught dark-edition" in out
    alt = DiceLook("kot-alt", "black", KOT_BLACK.body, KOT_BLACK.ink)
    frame, _ = render(Scene(dice=(Die(0.0, 0.0, "energy", look=alt),)))
    cv2.imwrite(str(tmp_path / "one.png"), frame)
    status, out, _ = run(
        capsys, "read", str(tmp_path / "one.png"), "--faces", "dark-edition", "--json"
    )
    assert status == 0 and len(json.loads(out)["dice"]) == 1
