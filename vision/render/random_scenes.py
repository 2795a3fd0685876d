"""Random scenes for training and evaluation, drawn from one seeded generator.

`random_scene(rng)` composes a Scene: 1-10 dice thrown on a tray or table with varied
camera height (30-70 cm), perspective, light colour and gradients, shadows, glare, noise,
blur and JPEG. With `clean=True` the scene is a plain top-down view with even light.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from vision.glyphs import faces_of
from vision.render.scene import (
    Camera,
    DiceLook,
    Die,
    Hand,
    Light,
    Scene,
    Tabletop,
    looks_for,
)

BGR = tuple[int, int, int]


def _color(rng: np.random.Generator, lo: int, hi: int) -> BGR:
    b, g, r = (int(v) for v in rng.integers(lo, hi, 3))
    return (b, g, r)


def random_table(rng: np.random.Generator, clean: bool = False) -> Tabletop:
    if clean:
        return Tabletop(kind="plain", color=(95, 120, 60), tray=None, outside=(95, 120, 60), seed=0)
    kind = str(rng.choice(["plain", "felt", "wood", "paper"]))
    palette: list[BGR] = [
        (95, 120, 60),
        (60, 60, 140),
        (40, 90, 40),
        (150, 150, 150),
        (200, 200, 200),
        (60, 100, 150),
        (90, 60, 40),
        (30, 30, 35),
        (180, 190, 195),
    ]
    color = palette[int(rng.integers(len(palette)))]
    color = tuple(int(np.clip(c * rng.uniform(0.8, 1.2), 0, 255)) for c in color)  # type: ignore[assignment]
    tray = (float(rng.uniform(26, 40)), float(rng.uniform(20, 30))) if rng.random() < 0.7 else None
    return Tabletop(
        kind=kind,
        color=color,
        tray=tray,
        tray_color=tuple(int(c * rng.uniform(0.5, 0.9)) for c in color),  # type: ignore[arg-type]
        wall=float(rng.uniform(2, 4)),
        outside=_color(rng, 30, 200),
        seed=int(rng.integers(1 << 30)),
    )


def random_light(rng: np.random.Generator, clean: bool = False) -> Light:
    if clean:
        return Light(shadow=0.3)
    warm = rng.uniform(-0.25, 0.25)
    tint = rng.uniform(-0.08, 0.08, 3)
    color = (1 - warm + tint[0], 1 + tint[1], 1 + warm + tint[2])
    a = rng.uniform(0, 2 * math.pi)
    tilt = rng.uniform(0.1, 0.9)
    return Light(
        color=tuple(float(c) for c in color),  # type: ignore[arg-type]
        direction=(math.cos(a) * tilt, math.sin(a) * tilt, 1.0),
        ambient=float(rng.uniform(0.4, 0.75)),
        gradient=float(rng.uniform(0, 0.45)) if rng.random() < 0.6 else 0.0,
        gradient_angle=float(rng.uniform(0, 360)),
        exposure=float(rng.uniform(0.7, 1.25)),
        shadow=float(rng.uniform(0.2, 0.6)),
        glare=float(rng.uniform(0.2, 0.7)) if rng.random() < 0.3 else 0.0,
    )


def random_camera(
    rng: np.random.Generator,
    table: Tabletop,
    clean: bool = False,
    width: int = 640,
    height: int = 480,
) -> Camera:
    if clean:
        return Camera(width=width, height_px=height, height=50.0, fov=40.0)
    h = float(rng.uniform(30, 70))
    frame = float(rng.uniform(24, 42))  # cm of table across the image
    fov = 2 * math.degrees(math.atan(frame / 2 / h))
    return Camera(
        width=width,
        height_px=height,
        height=h,
        fov=fov,
        tilt=float(rng.uniform(0, 22)),
        azimuth=float(rng.uniform(-30, 30)),
        roll=float(rng.uniform(-8, 8)),
        shift=(float(rng.uniform(-2, 2)), float(rng.uniform(-2, 2))),
    )


def scatter(
    rng: np.random.Generator,
    n: int,
    half_w: float,
    half_h: float,
    size: float,
    touching: float = 0.25,
) -> list[tuple[float, float]]:
    """n die positions inside +-half_w, +-half_h, not overlapping; some pairs touch."""
    spots: list[tuple[float, float]] = []
    tries = 0
    while len(spots) < n and tries < 4000:
        tries += 1
        if spots and rng.random() < touching:
            bx, by = spots[int(rng.integers(len(spots)))]
            a = rng.uniform(0, 2 * math.pi)
            d = size * rng.uniform(1.45, 1.6)
            x, y = bx + d * math.cos(a), by + d * math.sin(a)
        else:
            x, y = rng.uniform(-half_w, half_w), rng.uniform(-half_h, half_h)
        if abs(x) > half_w or abs(y) > half_h:
            continue
        if all(math.hypot(x - sx, y - sy) > size * 1.45 for sx, sy in spots):
            spots.append((float(x), float(y)))
    return spots


THROWN = "kot"  # the dice a scene throws unless told: a set of two colours (black, green)


def random_scene(
    rng: np.random.Generator,
    face_set: str = THROWN,
    n_dice: int | None = None,
    clean: bool = False,
    width: int = 640,
    height: int = 480,
    hands: bool = False,
    cocked: float = 0.0,
    looks: Sequence[DiceLook] | None = None,
) -> Scene:
    """A random throw. `cocked` is the chance that a die leans (labelled as cocked).
    `looks` (default: the face set's own, looks_for) are the kinds of dice thrown; with
    two or more, the first is thrown more often (the main dice, then the extra ones)."""
    looks = list(looks) if looks is not None else looks_for(face_set)
    faces = faces_of(looks[0].style)
    table = random_table(rng, clean)
    camera = random_camera(rng, table, clean, width, height)
    n = int(rng.integers(1, 11)) if n_dice is None else n_dice
    size = 1.8 if clean else float(rng.uniform(1.5, 2.0))
    # stay inside what the camera sees (and inside the tray)
    half_w = camera.height * math.tan(math.radians(camera.fov) / 2) * 0.82
    half_h = half_w * height / width * 0.92
    if table.tray:
        half_w = min(half_w, table.tray[0] / 2 - size)
        half_h = min(half_h, table.tray[1] / 2 - size)
    weights = [1.0 / len(looks)] * len(looks)
    if len(looks) == 2 and face_set in ("kot", "kot-dark") and not clean:
        weights = [0.6, 0.4]
    dice = []
    for x, y in scatter(rng, n, half_w - size, half_h - size, size, 0.0 if clean else 0.3):
        lean = not clean and rng.random() < cocked
        face = str(rng.choice(faces))
        look = looks[int(rng.choice(len(looks), p=weights))]
        if look.style != looks[0].style:  # dice of several kinds: a face of its own kind's
            face = str(rng.choice(faces_of(look.style)))
        dice.append(
            Die(
                x=x + camera.shift[0],
                y=y + camera.shift[1],
                face=face,
                look=look,
                yaw=float(rng.uniform(0, 360)),
                tilt=float(rng.uniform(15, 40))
                if lean
                else (0.0 if clean else float(rng.uniform(0, 4))),
                tilt_dir=float(rng.uniform(0, 360)),
                size=size,
            )
        )
    hand_list: tuple[Hand, ...] = ()
    if hands:
        tx, ty = rng.uniform(-half_w, half_w), rng.uniform(-half_h, half_h)
        hand_list = (
            Hand(
                float(tx),
                float(ty),
                angle=float(rng.uniform(0, 360)),
                scale=float(rng.uniform(0.8, 1.2)),
                color=_color(rng, 90, 220),
                lift=float(rng.uniform(1, 8)),
            ),
        )
    return Scene(
        dice=tuple(dice),
        table=table,
        light=random_light(rng, clean),
        camera=camera,
        hands=hand_list,
        noise=0.0 if clean else float(rng.uniform(0, 6)),
        blur=0.0 if clean else float(rng.choice([0.0, rng.uniform(0.3, 1.2)])),
        jpeg=None if clean else int(rng.integers(55, 96)),
        seed=int(rng.integers(1 << 30)),
    )
