"""The renderer draws what its scene says and labels it in dice-labels/1."""

from __future__ import annotations

import numpy as np

from vision import labels
from vision.render.draw import render
from vision.render.random_scenes import random_scene
from vision.render.scene import KOT_GREEN, Camera, Die, Hand, Light, Scene


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


def test_perspective_shows_side_faces_and_shrinks_far_dice() -> None:
    near_far = (Die(0.0, -8.0, "1"), Die(0.0, 8.0, "1"))
    _, drawn = render(Scene(dice=near_far, camera=Camera(height=35, fov=60, tilt=35)))
    by_y = sorted(drawn, key=lambda d: d.center[1])
    far, near = by_y[0], by_y[1]
    assert (near.box[2] - near.box[0]) > 1.15 * (far.box[2] - far.box[0])


def test_cocked_lifted_and_blurred_dice() -> None:
    dice = (
        Die(-5.0, 0.0, "claw", tilt=30.0),
        Die(0.0, 0.0, "2", lift=8.0),
        Die(5.0, 0.0, "3", motion=(14.0, 0.0)),
    )
    sharp, _ = render(Scene(dice=(Die(5.0, 0.0, "3"),)))
    frame, drawn = render(Scene(dice=dice))
    by_x = sorted(drawn, key=lambda d: d.center[0])
    assert [d.cocked for d in by_x] == [True, False, False]
    lifted = by_x[1].box[2] - by_x[1].box[0]
    resting = by_x[2].box[2] - by_x[2].box[0]
    assert lifted > resting * 1.1  # closer to the camera
    x0, y0, x1, y1 = (int(v) for v in by_x[2].box)
    edges_sharp = np.abs(np.diff(sharp[y0:y1, x0:x1].astype(int), axis=1)).mean()
    edges_blur = np.abs(np.diff(frame[y0:y1, x0:x1].astype(int), axis=1)).mean()
    assert edges_blur < edges_sharp


def test_a_hand_hides_the_dice_under_it() -> None:
    dice = (Die(0.0, 0.0, "heart"), Die(10.0, 5.0, "claw"))
    _, drawn = render(Scene(dice=dice, hands=(Hand(0.0, -1.0, angle=270, lift=3.0),)))
    visible = {d.face: d.visible for d in drawn}
    assert visible.get("heart", 0.0) < 0.5 and visible["claw"] == 1.0


def test_light_noise_blur_and_jpeg_change_the_frame() -> None:
    base = Scene(dice=(Die(0.0, 0.0, "heart"),))
    clean, _ = render(base)
    for changed in (
        Scene(base.dice, light=Light(color=(0.8, 1.0, 1.2), gradient=0.4)),
        Scene(base.dice, noise=5.0, seed=2),
        Scene(base.dice, blur=1.5),
        Scene(base.dice, jpeg=40),
    ):
        assert np.abs(render(changed)[0].astype(int) - clean.astype(int)).mean() > 0.5


def test_write_a_labelled_folder(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from vision.render.dataset import random_set

    written = random_set(tmp_path, "d6-pips", 3, seed=5, n_dice=4)
    back = labels.load(tmp_path)
    assert back.face_set == "d6-pips" and len(back.images) == 3
    assert all((tmp_path / im.file).is_file() and len(im.dice) == 4 for im in back.images)
    assert back.images == written.images


def test_dice_drawn_on_a_photo_keep_the_photo_around_them() -> None:
    """render(scene, background=photo): the dice and their shadows on a real surface."""
    yy, xx = np.mgrid[0:480, 0:640]
    photo = np.dstack([xx % 97 + 60, yy % 53 + 80, (xx + yy) % 71 + 40]).astype(np.uint8)
    frame, drawn = render(Scene(dice=(Die(0, 0, "heart", KOT_GREEN),)), background=photo)
    (die,) = drawn
    x0, y0, x1, y1 = (int(v) for v in die.box)
    side = x1 - x0
    far = np.ones((480, 640), bool)
    far[max(y0 - side, 0) : y1 + side, max(x0 - side, 0) : x1 + side] = False
    away = np.abs(frame.astype(int) - photo.astype(int))[far]
    assert np.median(away) <= 2  # the photo, lit as it is
    inside = np.abs(frame.astype(int) - photo.astype(int))[y0 + 2 : y1 - 2, x0 + 2 : x1 - 2]
    assert inside.mean() > 20  # the die hides it
