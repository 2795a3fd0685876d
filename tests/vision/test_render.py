"""The renderer draws what its scene says and labels it in dice-labels/1."""

from __future__ import annotations

import numpy as np

from vision import labels
from vision.render.draw import render
from vision.render.random_scenes import random_scene
from vision.render.scene import KOT_GREEN, Camera, Die, Scene


def test_a_die_is_drawn_where_the_scene_puts_it() -> None:
    img, drawn = render(
        Scene(dice=(Die(0.0, 0.0, "heart", look=KOT_GREEN),), camera=Camera(fov=30))
    )
    assert [(d.face, d.color) for d in drawn] == [("heart", "green")]
    x0, y0, x1, y1 = drawn[0].box
    assert x0 < 320 < x1 and y0 < 240 < y1  # a die at the table centre sits at the image centre
    centre = img[int(y0) + 4 : int(y1) - 4, int(x0) + 4 : int(x1) - 4].reshape(-1, 3).mean(0)
    table = img[10:40, 10:40].reshape(-1, 3).mean(0)
    assert np.abs(centre - table).max() > 20  # the die differs from the table


def test_random_scenes_are_reproducible_from_their_seed() -> None:
    a, da = render(random_scene(np.random.default_rng(7), "kot", n_dice=5))
    b, db = render(random_scene(np.random.default_rng(7), "kot", n_dice=5))
    assert np.array_equal(a, b) and da == db and len(da) == 5


def test_labels_round_trip(tmp_path) -> None:  # type: ignore[no-untyped-def]
    _, drawn = render(random_scene(np.random.default_rng(3), "kot", n_dice=4))
    dice = tuple(labels.LabelledDie(d.box, d.face, d.color, d.angle, d.cocked) for d in drawn)
    out = labels.LabelSet("kot", [labels.LabelledImage("a.png", 640, 480, dice)])
    labels.save(out, tmp_path)
    back = labels.load(tmp_path)
    assert back.face_set == "kot" and back.images[0].dice == dice
