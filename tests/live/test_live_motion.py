"""The cheap looks: motion that is motion, light that is not, a hand that holds still,
a camera that was knocked; and the tracker following a pushed die."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from vision.live import calibration
from vision.live.motion import TrayWatch
from vision.live.track import Tracker
from vision.render.draw import render
from vision.render.scene import Camera, Die, Hand, Light, Scene

DICE = tuple(Die(-8.0 + 4 * k, (-1) ** k * 3.0, "heart", yaw=20.0 * k) for k in range(6))
F = 320 / math.tan(math.radians(22.5)) / 50  # px per cm on the table, default camera


def draw(scene: Scene, seed: int) -> np.ndarray:
    return render(replace(scene, noise=2.0, seed=seed))[0]


@pytest.fixture(scope="module")
def watch() -> TrayWatch:
    empty = [draw(Scene(), k) for k in range(4)]
    return TrayWatch(calibration.learn(empty))


def looks(watch: TrayWatch, frames: list[np.ndarray]) -> list[tuple[bool, bool]]:
    out = []
    for frame in frames:
        look = watch.look(frame)
        out.append((look.moving, look.hand))
    return out[1:]  # the first frame has nothing to compare with


def test_still_dice_under_a_flickering_light_do_not_move(watch: TrayWatch) -> None:
    frames = [
        draw(Scene(dice=DICE, light=Light(exposure=e)), k)
        for k, e in enumerate([1.0, 0.86, 1.12, 0.93, 1.0, 0.62, 0.62, 1.0])
    ]
    assert looks(watch, frames) == [(False, False)] * 7


def test_a_die_rolling_a_little_moves(watch: TrayWatch) -> None:
    rolled = (*DICE[:5], replace(DICE[5], x=DICE[5].x + 0.4, yaw=DICE[5].yaw + 12))
    frames = [draw(Scene(dice=DICE), 1), draw(Scene(dice=DICE), 2), draw(Scene(dice=rolled), 3)]
    assert looks(watch, frames) == [(False, False), (True, False)]


def test_a_hand_holding_still_over_the_tray_is_seen(watch: TrayWatch) -> None:
    hand = (Hand(2.0, -2.0),)
    frames = [draw(Scene(dice=DICE, hands=hand), k) for k in range(3)]
    assert looks(watch, frames) == [(False, True), (False, True)]


def test_the_same_image_again_is_a_stutter_not_stillness(watch: TrayWatch) -> None:
    frame = draw(Scene(dice=DICE), 5)
    watch.look(frame)
    look = watch.look(frame.copy())
    assert look.duplicate and not look.moving


def test_a_knocked_camera_is_measured(watch: TrayWatch) -> None:
    shift = (0.9, -0.6)  # cm: where the camera now looks
    check = watch.check_view(draw(Scene(dice=DICE, camera=Camera(shift=shift)), 7))
    assert check is not None and check.match > 0.5
    assert check.shift == pytest.approx((-shift[0] * F, shift[1] * F), abs=2.0)
    steady = watch.check_view(draw(Scene(dice=DICE), 8))
    assert steady is not None and math.hypot(*steady.shift) < 2.0


def test_a_light_gone_dim_and_uneven_is_measured(watch: TrayWatch) -> None:
    check = watch.check_view(draw(Scene(dice=DICE, light=Light(exposure=0.4, gradient=0.5)), 9))
    assert check is not None and check.gain < 0.5 and check.uneven > 1.5
    even = watch.check_view(draw(Scene(dice=DICE, light=Light(exposure=0.8)), 10))
    assert even is not None and even.gain == pytest.approx(0.8, abs=0.05) and even.uneven < 1.1


def test_a_pushed_die_is_followed_and_a_covered_one_is_lost() -> None:
    die, other = Die(0.0, 0.0, "claw"), Die(-9.0, 4.0, "2")
    first = render(Scene(dice=(die, other), noise=2.0, seed=1))
    tracker = Tracker()
    tracker.start(first[0], [d.center for d in first[1]], 28.0)
    for k in range(1, 6):
        moved = replace(die, x=1.2 * k, y=0.6 * k)
        hand = Hand(other.x, other.y - 1.0)  # a hand covers the other die
        image, drawn = render(Scene(dice=(moved, other), hands=(hand,), noise=2.0, seed=k + 1))
        tracker.update(image)
    covered, pushed = sorted(tracker.tracks, key=lambda t: t.center[0])
    assert not pushed.lost and covered.lost
    where = next(d.center for d in drawn if d.face == "claw")  # 7 cm from where it lay
    assert pushed.center == pytest.approx(where, abs=3.0)
