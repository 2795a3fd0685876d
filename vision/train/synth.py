"""Training data for the two shipped networks, rendered from a seed (numpy and OpenCV only).

- Frames for the die finder, downscaled to its input width, with every die's box, angle
  and cocked flag, and boxes to ignore (dice mostly hidden by a hand).
- Patches for the face embedding: each die cut out as the reader cuts it, with the error
  a finder makes (shifted, scaled, turned), labelled "style/face".

Faces come from the King of Tokyo and pip styles and from many made-up symbol styles, so
the embedding separates shapes in general, not just the shipped ones. The "kot-alt" style
is never used: it stands for a die the shipped models never saw (teach tests use it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.glyphs import STYLES, faces_of, font_style, pip_style, random_style, register_style
from vision.patches import CONTEXT, CONTEXT_SPAN, jittered_cut
from vision.render.draw import DrawnDie, render
from vision.render.random_scenes import random_scene
from vision.render.scene import DiceLook, Scene

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


def random_training_scene(rng: np.random.Generator) -> Scene:
    """A scene of KoT, pip or made-up dice, sometimes with a hand or cocked dice. Pip dice
    take any colours, pip sizes, marbling and translucency, as real pip dice do."""
    pick = rng.random()
    kot = pick < 0.4  # King of Tokyo dice as drawn; else pip or made-up dice
    face_set = "kot" if kot else "d6-pips"
    scene = random_scene(
        rng,
        face_set,
        n_dice=int(rng.integers(1, 16)),
        width=int(rng.choice([640, 640, 800])),
        height=int(rng.choice([480, 480, 640])),
        hands=rng.random() < 0.15,
        cocked=0.12,
    )
    if kot:
        return scene
    # made-up dice, or pip dice of every kind
    styles = random_style_names() if pick > 0.7 else pip_style_names()
    dice = []
    for die in scene.dice:
        style = styles[int(rng.integers(len(styles)))]
        face = faces_of(style)[int(rng.integers(6))]
        dice.append(dataclasses.replace(die, face=face, look=_random_look(rng, style)))
    return dataclasses.replace(scene, dice=tuple(dice))


@dataclass
class FrameSample:
    image: np.ndarray  # uint8, scaled to DETECT_WIDTH
    boxes: np.ndarray  # (n, 4) float32, in the scaled image
    angles: np.ndarray  # (n,) degrees, NaN when unknown
    cocked: np.ndarray  # (n,) 1.0 / 0.0, NaN when unknown
    ignore: np.ndarray  # (m, 4) boxes where nothing is learned


def render_sample(
    rng: np.random.Generator, cuts_per_die: int = 2
) -> tuple[FrameSample, list[np.ndarray], list[str]]:
    scene = random_training_scene(rng)
    frame, drawn = render(scene)
    scale = DETECT_WIDTH / frame.shape[1]
    small = cv2.resize(
        frame, (DETECT_WIDTH, round(frame.shape[0] * scale)), interpolation=cv2.INTER_AREA
    )
    keep: list[DrawnDie] = [d for d in drawn if d.visible >= 0.6]
    hidden = [d for d in drawn if d.visible < 0.6]
    sample = FrameSample(
        image=small,
        boxes=np.array([d.box for d in keep], np.float32).reshape(-1, 4) * scale,
        angles=np.array([d.angle for d in keep], np.float32),
        cocked=np.array([float(d.cocked) for d in keep], np.float32),
        ignore=np.array([d.box for d in hidden], np.float32).reshape(-1, 4) * scale,
    )
    cuts: list[np.ndarray] = []
    names: list[str] = []
    for d in drawn:
        if d.visible < 0.9 or d.cocked:
            continue
        for _ in range(cuts_per_die):
            cuts.append(jittered_cut(frame, d.box, rng))
            names.append(f"{family(d.style)}/{d.face}")
    for box in not_dice(frame, [d.box for d in drawn], rng):
        cuts.append(jittered_cut(frame, box, rng))
        names.append(NOT_A_DIE)
    return sample, cuts, names


NOT_A_DIE = "none/none"  # the embedding's class for what looks like no die at all


Box = tuple[float, float, float, float]


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
        side = float(rng.choice(sides)) * float(rng.uniform(0.8, 1.2))
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
