"""`dicetable vision` with cards: read --cards, eval and teach on labels of cards,
render-cards, compose-cards; mistakes give one line on stderr and a non-zero status."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.vision.test_vision_cli import run
from vision import labels
from vision.paths import data_dir


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from vision.cards.dataset import random_set

    folder = tmp_path_factory.mktemp("cards")
    random_set(folder, 3, 404, "train")
    return folder


def test_read_cards_prints_a_table_json_and_annotates(
    rendered: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = rendered / "cards-00000.png"
    status, out, _ = run(capsys, "read", str(image), "--cards")
    assert status == 0 and out.splitlines()[0].split()[:3] == ["#", "colour", "value"]
    status, out, _ = run(
        capsys,
        "read",
        str(image),
        "--cards",
        "cards",
        "--json",
        "--annotate",
        str(tmp_path / "a.png"),
    )
    doc = json.loads(out)
    assert status == 0 and doc["cards"] == "cards" and len(doc["found"]) >= 1
    annotated = cv2.imread(str(tmp_path / "a.png"))
    assert annotated is not None and not np.array_equal(annotated, cv2.imread(str(image)))


def test_eval_measures_a_folder_of_cards(
    rendered: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "eval", str(rendered), "--json")
    doc = json.loads(out)
    assert status == 0 and doc["card_set"] == "cards"
    for key in (
        "color_accuracy",
        "value_accuracy",
        "silent_error_rate",
        "detection_recall",
        "detection_precision",
        "cards_dropped",
    ):
        assert key in doc
    status, out, _ = run(capsys, "eval", str(rendered))
    assert status == 0 and "value_accuracy" in out and "values (rows: labelled" in out


def test_render_and_compose_write_labelled_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(
        capsys, "render-cards", str(tmp_path / "r"), "--frames", "2", "--seed", "3"
    )
    assert status == 0 and "wrote 2 frames" in out
    assert labels.load(tmp_path / "r").face_set == "cards"
    status, out, _ = run(
        capsys, "compose-cards", str(tmp_path / "h"), "--frames", "1", "--seed", "3"
    )
    assert status == 0 and "wrote 1 hands" in out
    (hand,) = labels.load(tmp_path / "h").images
    assert 5 <= len(hand.dice) <= 10 and all(c.corners for c in hand.dice)


def test_teach_a_card_set_from_photos_of_cards(
    rendered: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "mine.npz"
    status, out, err = run(capsys, "teach", str(rendered), "--name", "mine", "--out", str(out_file))
    assert status == 0, err
    assert "taught card set mine" in out and out_file.is_file()
    status, out, _ = run(
        capsys, "read", str(rendered / "cards-00001.png"), "--cards", str(out_file)
    )
    assert status == 0


def named_deck(folder: Path) -> Path:
    """cards/deck-a's photos, each named by its card (COLOUR-VALUE[-N].jpg), no labels."""
    deck = data_dir("cards/deck-a")
    assert deck is not None
    folder.mkdir()
    seen: dict[str, int] = {}
    for image in labels.load(deck).images:
        card = image.dice[0]
        kind = f"{card.color}-{card.face}"
        seen[kind] = seen.get(kind, 0) + 1
        name = kind if seen[kind] == 1 else f"{kind}-{seen[kind]}"
        (folder / f"{name}.jpg").write_bytes((deck / image.file).read_bytes())
    return folder


def test_teach_a_deck_from_photos_named_by_their_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No labels.json to write: the real deck's photos named red-7.jpg and so on teach the
    set its labels teach (the same kinds, each photo's card where the labels box it)."""
    from vision.cards import cardset, named
    from vision.cards.teach import teach
    from vision.detect import iou

    photos = named_deck(tmp_path / "photos")
    out_file = tmp_path / "named.npz"
    status, out, err = run(capsys, "teach", str(photos), "--name", "ours", "--out", str(out_file))
    assert status == 0, err
    assert "taught card set ours" in out
    deck = data_dir("cards/deck-a")
    assert deck is not None
    assert cardset.load(out_file).kinds == teach(str(deck), "labelled").kinds
    found = {im.file.split(".")[0]: im.dice[0] for im in named.label_set(photos).images}
    boxes = [
        iou(found[f"{im.dice[0].color}-{im.dice[0].face}"].box, im.dice[0].box)
        for im in labels.load(deck).images
        if f"{im.dice[0].color}-{im.dice[0].face}" in found
    ]
    assert min(boxes) > 0.8, boxes


def test_named_photos_that_cannot_teach_say_how_to_name_or_take_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    photos = named_deck(tmp_path / "photos")
    (photos / "red-7.jpg").rename(photos / "seven.jpg")
    status, _, err = run(
        capsys, "teach", str(photos), "--name", "x", "--out", str(tmp_path / "x.npz")
    )
    assert status != 0 and "seven.jpg: name each photo COLOUR-VALUE" in err, err
    assert len(err.strip().splitlines()) == 1
    (photos / "seven.jpg").unlink()
    cv2.imwrite(str(photos / "green-wild.jpg"), np.full((480, 640, 3), 90, np.uint8))
    status, _, err = run(
        capsys, "teach", str(photos), "--name", "x", "--out", str(tmp_path / "x.npz")
    )
    assert status != 0 and "green-wild.jpg: name each photo" in err, err
    (photos / "green-wild.jpg").rename(photos / "black-wild-9.jpg")
    status, _, err = run(
        capsys, "teach", str(photos), "--name", "x", "--out", str(tmp_path / "x.npz")
    )
    assert status != 0 and "black-wild-9.jpg: no card found" in err, err
    assert not (tmp_path / "x.npz").exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["read", "nowhere.png", "--cards"], "does not exist"),
        (["read", "nowhere.png", "--cards", "no-such-set"], "no card set 'no-such-set'"),
        (["render-cards", "/tmp/x", "--size", "big"], "--size 'big'"),
        (["render-cards", "/tmp/x", "--frames", "0"], "--frames"),
        (["compose-cards", "/tmp/x", "--deck", "/nowhere"], "not a folder"),
    ],
)
def test_mistakes_are_one_line_with_what_to_do(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, *argv)
    assert status != 0 and message in err and len(err.strip().splitlines()) == 1, err


def test_the_shared_deck_is_found() -> None:
    assert data_dir("cards/deck-a") is not None


def test_a_folder_neither_labelled_nor_named_by_cards_says_both_ways_to_teach(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # photos of dice without their labels.json: not taken for a deck of misnamed cards
    folder = tmp_path / "dice"
    folder.mkdir()
    cv2.imwrite(str(folder / "throw_1.jpg"), np.full((48, 64, 3), 90, np.uint8))
    for where in (folder, tmp_path / "empty"):
        where.mkdir(exist_ok=True)
        status, _, err = run(capsys, "teach", str(where), "--name", "x")
        assert status != 0, err
        assert "no labels.json" in err and "dice-labels/1" in err and "red-7.jpg" in err, err
        assert len(err.strip().splitlines()) == 1
