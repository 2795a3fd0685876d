"""Cut a die's top face out of a frame as a small upright square, and embed it.

A patch is PATCH x PATCH pixels centred on the top face, turned by the face's angle (so
the glyph is upright up to a quarter turn) and scaled so the face spans `FACE_SPAN` of it.
A *context* patch (CONTEXT x CONTEXT) is cut the same way but shows the whole die and what
it touches (the face spans `CONTEXT_SPAN`): whether a die leans on something shows in its
side faces and its neighbours, which the face patch cuts away.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

PATCH = 32
FACE_SPAN = 0.9  # the face's side as a share of the patch side
CONTEXT = 48  # a context patch's side: finer, since a lean shows in a face's shape
CONTEXT_SPAN = 0.55  # the face's side as a share of a context patch's side


def cut(
    frame: np.ndarray,
    center: tuple[float, float],
    side: float,
    angle: float,
    size: int = PATCH,
    span: float = FACE_SPAN,
) -> np.ndarray:
    """The BGR patch of a face of `side` pixels at `center`, turned by `angle` degrees, the
    face spanning `span` of the patch (FACE_SPAN; CONTEXT_SPAN for a context patch)."""
    scale = size * span / max(side, 1.0)
    a = math.radians(angle)
    c, s = math.cos(a) * scale, math.sin(a) * scale
    # maps frame -> patch: rotate by -angle about the centre, scale, move to the patch centre
    m = np.array(
        [
            [c, s, size / 2 - c * center[0] - s * center[1]],
            [-s, c, size / 2 + s * center[0] - c * center[1]],
        ],
        np.float32,
    )
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    return cv2.warpAffine(frame, m, (size, size), flags=interp, borderMode=cv2.BORDER_REPLICATE)


def face_side(w: float, h: float) -> float:
    """The top face's side from a die's box as seen (the box also holds some of its sides)."""
    return 0.82 * math.sqrt(max(w * h, 1.0))


def jittered_cut(
    frame: np.ndarray,
    box: tuple[float, float, float, float],
    rng: np.random.Generator,
    span: float = FACE_SPAN,
    size: int = PATCH,
    zoom: float = 1.0,
) -> np.ndarray:
    """Cut a die from a box as a finder might give it: a little off, at any turn (`zoom`:
    its face patch shows the middle of it, vision.faceset.FaceSet.zoom).

    Teaching and training cut many such patches per labelled die, so the models do not
    depend on the finder placing a die exactly.
    """
    center, side = _off_a_little(box, rng)
    return cut(frame, center, side / zoom, float(rng.uniform(0, 360)), size, span)


def _off_a_little(
    box: tuple[float, float, float, float], rng: np.random.Generator
) -> tuple[tuple[float, float], float]:
    """A die's centre and face side from its box as a finder might place them: moved by
    about 6 % of its size, its side off by about 8 %."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    extent = math.sqrt(max(w * h, 1.0))
    cx = (x0 + x1) / 2 + rng.normal(0, 0.06) * extent
    cy = (y0 + y1) / 2 + rng.normal(0, 0.06) * extent
    return (cx, cy), face_side(w, h) * float(np.exp(rng.normal(0, 0.08)))


# A die's place in its frame (issue 16's lean rounds): a flat die seen off the camera's
# axis shows the side faces that face the camera's nadir (for an overhead camera about the
# frame's middle) as a leaning die shows a side; where the frame's middle lies and how far
# tells the cocked network (vision.nets.cocked_placed) which side perspective shows.
PLACE = 2  # the length of a place row (place)


def toward_middle(center: tuple[float, float], shape: tuple[int, ...]) -> float:
    """The cut angle (for `cut`) that puts the frame's middle straight below the die in
    its patch (the patch's +y), for a die at `center` of a frame of `shape` (h, w, ...)."""
    h, w = shape[:2]
    return math.degrees(math.atan2(h / 2 - center[1], w / 2 - center[0])) - 90.0


def place(center: tuple[float, float], side: float, shape: tuple[int, ...]) -> np.ndarray:
    """(PLACE,) the die's distance from the frame's middle and its face's side, each as a
    share of the frame's width (the camera's field of view is unknown: the network
    learns the range of both that the renderer's cameras give)."""
    h, w = shape[:2]
    r = math.hypot(center[0] - w / 2, center[1] - h / 2)
    return np.array([r / w, side / w], np.float32)


def placed_cut(
    frame: np.ndarray,
    center: tuple[float, float],
    side: float,
    size: int = CONTEXT,
    span: float = CONTEXT_SPAN,
) -> tuple[np.ndarray, np.ndarray]:
    """A die's context patch turned so that the frame's middle lies below it, and its
    place (`place`): the inputs of vision.nets.cocked_placed."""
    angle = toward_middle(center, frame.shape)
    return cut(frame, center, side, angle, size, span), place(center, side, frame.shape)


def jittered_placed_cut(
    frame: np.ndarray, box: tuple[float, float, float, float], rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """`placed_cut` of a die from a box as a finder might give it (a little off, as
    `jittered_cut`), for teaching the cocked network that sees the die's place."""
    center, side = _off_a_little(box, rng)
    return placed_cut(frame, center, side)
