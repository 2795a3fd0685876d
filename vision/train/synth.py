"""Training data for the two shipped networks, rendered from a seed (numpy and OpenCV only).

- Frames for the die finder, downscaled to its input width, with every die's box, angle
  and cocked flag, and boxes to ignore (dice mostly hidden by a hand).
- Patches for the face embedding: each die cut out as the reader cuts it, with the error
  a finder makes (shifted, scaled, turned), labelled "style/face".

Faces come from the "kot" and pip styles, from many editions of "kot"
dice drawn by vision.designs (the TRAINED design seeds only: the others are held out to
calibrate and check the shipped set), and from many made-up symbol styles, so the
embedding tells faces by what they are, not by one drawing. Some frames are our dice drawn
on the real photos (their learn parts), so that the finder learns real surfaces. The
"kot-alt" style is never used: it stands for a die the shipped models never saw (teach
tests use it).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.designs import TRAINED, edition_looks
from vision.glyphs import STYLES, faces_of, font_style, pip_style, random_style, register_style
from vision.patches import CONTEXT, CONTEXT_SPAN, jittered_cut, jittered_placed_cut
from vision.render.draw import DrawnDie, _pinhole, render
from vision.render.random_scenes import looks_for, random_light, random_scene
from vision.render.scene import Camera, DiceLook, Die, Scene

Box = tuple[float, float, float, float]

DETECT_WIDTH = 320  # the finder's input width (vision.finder scales frames to this)
RANDOM_STYLES = 96  # made-up symbol styles for the embedding
FONT_STYLES = 48  # made-up styles of printed characters
PIP_STYLES = 12  # pip sizes and spreads, all read as the same faces


def random_style_names() -> list[str]:
    names = []
    for k in range(RANDOM_STYLES + FONT_STYLES):
        name = f"made-up-{k}"
        if name not in STYLES:
            drawing = (
                random_style(10_000 + k)
                if k < RANDOM_STYLES
                else font_style(20_000 + k - RANDOM_STYLES)
            )
            register_style(name, drawing)
        names.append(name)
    return names


def pip_style_names() -> list[str]:
    """Pip styles `pips~K`: labelled as the faces of "pips" (a face's family: `family`)."""
    names = ["pips"]
    for k in range(PIP_STYLES):
        name = f"pips~{k}"
        if name not in STYLES:
            rng = np.random.default_rng(30_000 + k)
            register_style(name, pip_style(rng.uniform(0.13, 0.24), rng.uniform(0.44, 0.6)))
        names.append(name)
    return names


def family(style: str) -> str:
    """The style whose faces a variant draws ("pips~3" -> "pips")."""
    return style.split("~")[0]


def _contrasting(rng: np.random.Generator, body: np.ndarray) -> np.ndarray:
    ink = rng.integers(0, 256, 3)
    while np.abs(body.astype(int) - ink.astype(int)).sum() < 180:
        ink = rng.integers(0, 256, 3)
    return ink


def _bgr(v: np.ndarray) -> tuple[int, int, int]:
    return (int(v[0]), int(v[1]), int(v[2]))


def _random_look(rng: np.random.Generator, style: str) -> DiceLook:
    """Any body and a contrasting ink; some dice translucent, some marbled."""
    body = rng.integers(0, 256, 3)
    marble = float(rng.uniform(0.4, 1.0)) if rng.random() < 0.3 else 0.0
    return DiceLook(
        style,
        "any",
        _bgr(body),
        _bgr(_contrasting(rng, body)),
        translucent=float(rng.choice([0.0, 0.0, 0.0, rng.uniform(0.1, 0.4)])),
        marble=marble,
        vein=_bgr(rng.integers(0, 256, 3)),
        pattern=int(rng.integers(1 << 30)),
    )


def _looks(rng: np.random.Generator, pick: float) -> tuple[str, list[DiceLook] | None, list[str]]:
    """What kind of dice a training frame shows: (face set for random_scene, its looks or
    None for the face set's own, styles to draw each die from instead: pips, made-up)."""
    if pick < 0.08:
        return "kot", None, []  # the renderer's own "kot" dice
    if pick < 0.45:
        return "kot", edition_looks("kot", int(rng.choice(TRAINED))), []
    if pick < 0.75:
        return "d6-pips", None, pip_style_names()
    return "d6-pips", None, random_style_names()


def _restyled(rng: np.random.Generator, scene: Scene, styles: list[str]) -> Scene:
    """Each die of the scene drawn in one of `styles`, in any colours."""
    dice = []
    for die in scene.dice:
        style = styles[int(rng.integers(len(styles)))]
        face = faces_of(style)[int(rng.integers(6))]
        dice.append(dataclasses.replace(die, face=face, look=_random_look(rng, style)))
    return dataclasses.replace(scene, dice=tuple(dice))


def random_training_scene(rng: np.random.Generator) -> Scene:
    """A scene of "kot" dice (ours, or an edition of vision.designs), pip or
    made-up dice, sometimes with a hand or cocked dice. Pip dice take any colours, pip
    sizes, marbling and translucency, as real pip dice do."""
    face_set, looks, styles = _looks(rng, float(rng.random()))
    scene = random_scene(
        rng,
        face_set,
        n_dice=int(rng.integers(1, 16)),
        width=int(rng.choice([640, 640, 800])),
        height=int(rng.choice([480, 480, 640])),
        hands=rng.random() < 0.15,
        cocked=0.12,
        looks=looks,
    )
    return _restyled(rng, scene, styles) if styles else scene


def composite_scene(
    rng: np.random.Generator, photo: np.ndarray, boxes: np.ndarray
) -> tuple[Scene, list[Box]]:
    """Dice of any kind thrown on a real photo (drawn with `render(scene, photo)`), away
    from its labelled dice `boxes` (n, 4), about their size; and where it placed them."""
    h, w = photo.shape[:2]
    sides = np.sqrt(np.prod(boxes[:, 2:] - boxes[:, :2], axis=1)) if len(boxes) else []
    target = float(np.median(sides)) if len(sides) else float(rng.uniform(18, 140)) * w / 640
    target = min(target * float(rng.uniform(0.65, 1.3)), min(w, h) / 4)
    size, height = float(rng.uniform(1.5, 2.0)), float(rng.uniform(25, 60))
    focal = target * height / size * 0.8  # a box holds some of the sides: the face is smaller
    camera = Camera(
        width=w,
        height_px=h,
        height=height,
        fov=2 * math.degrees(math.atan(w / 2 / focal)),
        tilt=float(rng.uniform(0, 12)),
        azimuth=float(rng.uniform(-30, 30)),
    )
    to_table = np.linalg.inv(_pinhole(camera).table_homography())
    face_set, looks, styles = _looks(rng, float(rng.random()))
    chosen = looks if looks is not None else looks_for(face_set)
    taken = [tuple(b) for b in boxes]
    placed: list[Box] = []
    dice: list[Die] = []
    wanted = int(rng.integers(1, 9))
    for _ in range(wanted * 6):
        if len(dice) >= wanted:
            break
        x, y = rng.uniform(target, w - target), rng.uniform(target, h - target)
        box = (x - target * 0.75, y - target * 0.75, x + target * 0.75, y + target * 0.75)
        if any(_overlaps(box, b) for b in taken):
            continue
        taken.append(box)
        placed.append(box)
        tx, ty, tz = to_table @ np.array([x, y, 1.0])
        look = chosen[0] if len(chosen) == 1 or rng.random() < 0.7 else chosen[1]
        dice.append(
            Die(
                float(tx / tz),
                float(ty / tz),
                str(rng.choice(faces_of(look.style))),
                look=look,
                yaw=float(rng.uniform(0, 360)),
                tilt=float(rng.uniform(0, 4)),
                size=size,
            )
        )
    light = dataclasses.replace(random_light(rng), gradient=0.0, exposure=1.0)
    scene = Scene(
        dice=tuple(dice),
        light=light,
        camera=camera,
        noise=float(rng.uniform(0, 4)),
        blur=float(rng.choice([0.0, rng.uniform(0.3, 1.0)])),
        jpeg=int(rng.integers(60, 96)),
        seed=int(rng.integers(1 << 30)),
    )
    return (_restyled(rng, scene, styles) if styles else scene), placed


def _overlaps(a: Box, b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def is_grey(photo: np.ndarray) -> bool:
    """A photo with (almost) no colour: many webcams give grey frames."""
    small = photo[::8, ::8].astype(np.int16)
    return bool(np.abs(small - small.mean(axis=2, keepdims=True)).mean() < 2.0)


def grey(frame: np.ndarray) -> np.ndarray:
    return np.repeat(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)[..., None], 3, axis=2)


@dataclass
class FrameSample:
    image: np.ndarray  # uint8, scaled to DETECT_WIDTH
    boxes: np.ndarray  # (n, 4) float32, in the scaled image
    angles: np.ndarray  # (n,) degrees, NaN when unknown
    cocked: np.ndarray  # (n,) 1.0 / 0.0, NaN when unknown
    ignore: np.ndarray  # (m, 4) boxes where nothing is learned
    complete: bool = True  # False: not every die is labelled, so nothing is learned as none


@dataclass
class Photo:
    """A real labelled photo to draw dice on: its image, dice boxes, and whether every die
    in it is labelled (else nothing there is learned as "no die")."""

    image: np.ndarray
    boxes: np.ndarray  # (n, 4)
    complete: bool = True


COMPOSITES = 0.3  # share of training frames that are dice drawn on a real photo
GREY = 0.12  # share of rendered frames turned grey, as many webcams see


def render_sample(
    rng: np.random.Generator, photos: Sequence[Photo] = (), cuts_per_die: int = 2
) -> tuple[FrameSample, list[np.ndarray], list[str]]:
    """One training frame for the finder, with face cuts (and "no die" cuts) for the
    embedding: a rendered scene, or (with `photos`, COMPOSITES of the time) dice drawn on
    one of the real photos, keeping its own labelled dice as dice."""
    real = np.zeros((0, 4), np.float32)
    complete = True
    if photos and rng.random() < COMPOSITES:
        photo = photos[int(rng.integers(len(photos)))]
        scene, _ = composite_scene(rng, photo.image, photo.boxes)
        frame, drawn = render(scene, photo.image)
        real, complete = photo.boxes.astype(np.float32), photo.complete
        if is_grey(photo.image):
            frame = grey(frame)
    else:
        frame, drawn = render(random_training_scene(rng))
        if rng.random() < GREY:
            frame = grey(frame)
    scale = DETECT_WIDTH / frame.shape[1]
    small = cv2.resize(
        frame, (DETECT_WIDTH, round(frame.shape[0] * scale)), interpolation=cv2.INTER_AREA
    )
    keep: list[DrawnDie] = [d for d in drawn if d.visible >= 0.6]
    hidden = [d for d in drawn if d.visible < 0.6]
    n = len(real)
    sample = FrameSample(
        image=small,
        boxes=np.concatenate([real, np.array([d.box for d in keep], np.float32).reshape(-1, 4)])
        * scale,
        angles=np.concatenate([np.full(n, np.nan), [d.angle for d in keep]]).astype(np.float32),
        cocked=np.concatenate([np.full(n, np.nan), [float(d.cocked) for d in keep]]).astype(
            np.float32
        ),
        ignore=np.array([d.box for d in hidden], np.float32).reshape(-1, 4) * scale,
        complete=complete,
    )
    cuts: list[np.ndarray] = []
    names: list[str] = []
    for d in drawn:
        if d.visible < 0.9 or d.cocked:
            continue
        for _ in range(cuts_per_die):
            cuts.append(jittered_cut(frame, d.box, rng))
            names.append(f"{family(d.style)}/{d.face}")
    if complete:
        boxes = [tuple(b) for b in real] + [d.box for d in drawn]
        for box in not_dice(frame, boxes, rng):
            cuts.append(jittered_cut(frame, box, rng))
            names.append(NOT_A_DIE)
    return sample, cuts, names


NOT_A_DIE = "none/none"  # the embedding's class for what looks like no die at all


def not_dice(
    frame: np.ndarray, dice: Sequence[Box], rng: np.random.Generator, n: int = 3
) -> list[Box]:
    """Die-sized boxes on none of the `dice` boxes (table, tray walls, hands, shadows) and
    half off one, so that the embedding learns what a finder's false find looks like."""
    h, w = frame.shape[:2]
    sides = [b[2] - b[0] for b in dice] or [w / 16]
    out: list[Box] = []
    for k in range(n * 4):
        if len(out) >= n:
            break
        side = min(float(rng.choice(sides)) * float(rng.uniform(0.8, 1.2)), min(w, h) / 3)
        if k % 3 == 2 and dice:  # half off a die
            b = dice[int(rng.integers(len(dice)))]
            a = rng.uniform(0, 2 * np.pi)
            cx = (b[0] + b[2]) / 2 + np.cos(a) * side * 0.75
            cy = (b[1] + b[3]) / 2 + np.sin(a) * side * 0.75
        else:
            cx, cy = rng.uniform(side, w - side), rng.uniform(side, h - side)
            near = [
                abs(cx - (b[0] + b[2]) / 2) < side and abs(cy - (b[1] + b[3]) / 2) < side
                for b in dice
            ]
            if any(near):
                continue
        out.append((cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2))
    return out


def render_cocked_sample(rng: np.random.Generator) -> tuple[list[np.ndarray], list[int]]:
    """Context cuts (vision.patches.CONTEXT) of flat and cocked dice (many cocked),
    labelled 1 for cocked, for the cocked-die classifier."""
    scene = random_scene(
        rng, str(rng.choice(["kot", "d6-pips"])), n_dice=int(rng.integers(2, 12)), cocked=0.4
    )
    frame, drawn = render(scene)
    cuts, flags = [], []
    for d in drawn:
        if d.visible < 0.9:
            continue
        for _ in range(2):
            cuts.append(jittered_cut(frame, d.box, rng, CONTEXT_SPAN, CONTEXT))
            flags.append(int(d.cocked))
    return cuts, flags


def render_placed_cocked_sample(
    rng: np.random.Generator,
) -> tuple[list[np.ndarray], list[np.ndarray], list[int]]:
    """As `render_cocked_sample`, each cut turned so that the frame's middle lies below the
    die, with the die's place in its frame (vision.patches.jittered_placed_cut): for the
    cocked network that sees where the die lies (the cameras tilt, so the middle is not
    always the nadir; the network learns how far to trust it)."""
    scene = random_scene(
        rng, str(rng.choice(["kot", "d6-pips"])), n_dice=int(rng.integers(2, 12)), cocked=0.4
    )
    frame, drawn = render(scene)
    cuts, places, flags = [], [], []
    for d in drawn:
        if d.visible < 0.9:
            continue
        for _ in range(2):
            c, p = jittered_placed_cut(frame, d.box, rng)
            cuts.append(c)
            places.append(p)
            flags.append(int(d.cocked))
    return cuts, places, flags
