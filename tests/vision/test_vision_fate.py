"""The die of fate: a four-sided die drawn by our renderer (vision.render.tetra) and its face
set (vision/facesets/fate.npz: python -m vision.build_shipped fate), read on fresh renders
from a seed used by this test only (the full figures: docs/vision.md, "The die of fate")."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from vision import labels
from vision.evaluate import evaluate
from vision.faceset import load, user_path
from vision.glyphs import faces_of
from vision.reader import DiceReader
from vision.render.dataset import random_set, write
from vision.render.draw import render
from vision.render.random_scenes import random_scene
from vision.render.scene import (
    FATE_SAND,
    KOT_BLACK,
    TETRAHEDRON,
    Camera,
    DiceLook,
    Die,
    Light,
    Scene,
    Tabletop,
)
from vision.teach import teach

FACES = ["fate_eye", "fate_river", "fate_snake", "fate_ankh"]
SEED, FRAMES = 7117, 30  # about 170 dice


def top_down(die: Die) -> tuple[np.ndarray, list]:  # type: ignore[type-arg]
    table = Tabletop(kind="plain", color=(60, 120, 60), tray=None, outside=(60, 120, 60))
    scene = Scene(dice=(die,), table=table, camera=Camera(height=20, fov=40), light=Light())
    return render(scene)


def test_the_die_of_fate_has_four_faces() -> None:
    assert faces_of("fate") == FACES


def test_a_d4_seen_from_above_is_a_triangle_showing_its_top_vertex_glyph() -> None:
    for face in FACES:
        frame, (drawn,) = top_down(Die(0, 0, face, FATE_SAND, yaw=20))
        assert drawn.face == face
        x0, y0, x1, y1 = (round(v) for v in drawn.box)
        region = frame[y0 : y1 + 1, x0 : x1 + 1].astype(int)
        die = np.abs(region - (60, 120, 60)).sum(axis=2) > 60  # not the table
        # a tetrahedron standing on a face fills about half its box (a triangle), a cube most
        assert 0.35 < die.mean() < 0.65, die.mean()
        cx, cy = drawn.center  # the top vertex, seen in the middle of the triangle
        assert x0 < cx < x1 and y0 < cy < y1
    cube, (c,) = top_down(Die(0, 0, "1", KOT_BLACK))
    x0, y0, x1, y1 = (round(v) for v in c.box)
    region = cube[y0 : y1 + 1, x0 : x1 + 1].astype(int)
    assert (np.abs(region - (60, 120, 60)).sum(axis=2) > 60).mean() > 0.85


def test_the_glyph_in_the_middle_is_the_face_read() -> None:
    """Around the top vertex lie three copies of the result's glyph (its other glyphs at
    the outer corners): the middles of two d4s turned alike differ only by their result."""

    def middle(face: str, yaw: float) -> np.ndarray:
        frame, (drawn,) = top_down(Die(0, 0, face, FATE_SAND, yaw=yaw))
        cx, cy = (round(v) for v in drawn.center)
        r = round((drawn.box[2] - drawn.box[0]) * 0.15)
        return frame[cy - r : cy + r, cx - r : cx + r].astype(float)

    same = np.abs(middle("fate_eye", 30) - middle("fate_eye", 30)).mean()
    other = np.abs(middle("fate_eye", 30) - middle("fate_ankh", 30)).mean()
    assert same == 0 and other > 5


def test_a_d4_casts_a_shadow_away_from_the_light() -> None:
    table = Tabletop(kind="plain", color=(150, 150, 150), tray=None, outside=(150, 150, 150))
    light = Light(direction=(1.0, 0.0, 1.0), shadow=0.6)
    scene = Scene(dice=(Die(0, 0, "fate_eye", FATE_SAND),), table=table, light=light)
    frame, (drawn,) = render(scene)
    x0, y0, x1, y1 = drawn.box
    cy = round((y0 + y1) / 2)
    side = x1 - x0
    towards = frame[cy, round(x1 + side * 0.1) : round(x1 + side * 0.3)].mean()
    away = frame[cy, round(x0 - side * 0.3) : round(x0 - side * 0.1)].mean()
    assert away < towards - 10  # the light comes from +x: the shadow falls to -x
    assert not math.isclose(away, towards)


@pytest.fixture(scope="module")
def figures(tmp_path_factory: pytest.TempPathFactory) -> dict[str, float]:
    folder: Path = tmp_path_factory.mktemp("fate")
    fresh: labels.LabelSet = random_set(folder, "fate", FRAMES, SEED)
    return evaluate(fresh, DiceReader.load("fate")).figures()


def test_the_die_of_fate_set_reads_the_glyphs_and_does_not_ask_about_leaning() -> None:
    fate = load("fate")
    assert fate.faces == tuple(FACES) and fate.zoom > 1 and fate.cocked > 1
    # its faces are read from the glyphs cut flat at the vertices found (vision.d4_read)
    assert fate.reads_glyphs and fate.glyph_threshold >= 0.9
    assert sorted(fate.chirality[0].tolist()) == [1, 2, 3]


def test_fresh_dice_of_fate_are_found_and_never_misread(figures: dict[str, float]) -> None:
    assert figures["detection_recall"] >= 0.85, figures  # 0.86-0.88 of fresh seeds': below
    # read from their glyphs from 0.9 (vision.build_shipped.FATE_THRESHOLD), what it is unsure
    # of is unknown: none of these read wrong (1 of 1,457 dice of fresh seed 790001 did)
    assert figures["silent_error_rate"] == 0, figures
    assert figures["face_accuracy"] >= 0.98, figures  # 0.9993 on seed 790001 (0.988 before)


def test_fresh_dice_of_fate_meet_the_bar(figures: dict[str, float]) -> None:
    assert figures["face_accuracy"] >= 0.995 and figures["silent_error_rate"] <= 0.002, figures


def test_a_table_s_own_die_of_fate_is_taught_under_its_name(tmp_path: Path) -> None:
    """The players' die of fate, in colours of its own (black, gold glyphs), taught as
    `fate` from a dozen photos: cut and read as the shipped set's (its zoom, its network)."""
    own = DiceLook("fate", "fate", (30, 32, 36), (60, 190, 230), shape=TETRAHEDRON)

    def photos(folder: Path, frames: int, seed: int) -> labels.LabelSet:
        rng = np.random.default_rng(seed)
        scenes = (random_scene(rng, "fate", n_dice=8, looks=[own]) for _ in range(frames))
        return write(folder, scenes, "fate")

    photos(tmp_path / "teach", 12, seed=71)
    taught = teach(str(tmp_path / "teach"), "fate")
    shipped = load("fate")
    assert (taught.zoom, taught.embedding_file) == (shipped.zoom, shipped.embedding_file)
    # its own glyphs, read from the shipped set's glyph threshold
    assert taught.reads_glyphs and taught.glyph_threshold == shipped.glyph_threshold
    assert not np.allclose(taught.glyph_weights, shipped.glyph_weights)
    taught.save(user_path("fate"))
    figures = evaluate(photos(tmp_path / "others", 20, seed=72), DiceReader.load("fate"))
    assert not np.allclose(load("fate").weights, shipped.weights)  # the table's own
    said = figures.figures()
    assert said["silent_error_rate"] <= 0.02, said  # as the shipped set: docs/vision.md
    assert said["face_accuracy"] >= 0.1, said
