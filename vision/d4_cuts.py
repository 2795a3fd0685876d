"""The glyphs of a four-sided die seen from above, cut out flat, given its four corners.

A d4 of the kind whose result is read at its top vertex (the die of fate, and most d4s)
carries on each face three glyphs, one in each corner, pointing at it: the result's glyph
in the corner at the top vertex of each face that shows, the others' twice each at the
outer corners. Its faces slope at 70.5 degrees, so from above each is seen squashed,
towards the top vertex, to a third when the die is straight below the camera, less or
more elsewhere (perspective); a face turned away does not show. Knowing where the four
vertices are seen, each face that shows is mapped back to a flat triangle (an affine map:
a die is small), and each of its corner glyphs cut out upright, as on a flat die.

Every glyph of every face that shows is a read of the die: those at the top vertex name
the result, those at an outer corner name the glyph of that corner (never the result).
`result_probabilities` weighs them together over the die's 12 rotations (which glyph is on
top, which at each outer corner: the order of the others round the top is the die's own,
`Chirality`), so a read the others contradict counts for little.

Pure geometry and numpy: it knows nothing of any die's faces but what it is given.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

# Where a glyph lies on a face, in face heights (a face's height, top vertex to base, is 1):
# its centre GLYPH_AT from its corner towards the face's middle, as our dice are drawn
# (vision.render.tetra draws them so); a cut shows SPAN face heights across around it.
GLYPH_AT = 0.4
SPAN = 0.585
CUT = 16  # a glyph cut's side, pixels
TOP = -1  # the corner of a cut at the top vertex (else: the outer corner's index, 0..2)

# a face flat, in face heights (y down): its top corner, bottom right, bottom left
_FLAT = np.array([(0.0, 0.0), (1 / math.sqrt(3), 1.0), (-1 / math.sqrt(3), 1.0)], np.float32)
_MIDDLE = _FLAT.mean(axis=0)

# For each result, the other glyphs' order clockwise round the top vertex, seen from
# above (as face indices): one physical die's fact (a mirror-made die has the other order)
Chirality = dict[int, tuple[int, int, int]]


@dataclass(frozen=True)
class GlyphCut:
    """One glyph of a face that shows, cut flat and upright."""

    corner: int  # TOP, or which outer corner (index into the base corners given)
    face: int  # which face it is on: the index of the outer corner opposite that face
    squash: float  # how much of the face's height shows (1/3 straight below the camera)
    patch: np.ndarray  # CUT x CUT x 3 uint8


def _turn(o: np.ndarray, p: np.ndarray, q: np.ndarray) -> float:
    """Positive when o -> p -> q turns clockwise in the image (y down)."""
    return float((p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0]))


def faces_seen(apex: np.ndarray, base: np.ndarray) -> list[tuple[int, int, int, float]]:
    """The faces that show: (the outer corner opposite, its right and left outer corners
    as seen from the top vertex, how much of its height shows). A face shows when the top
    vertex is seen on the same side of its base edge as the die's third outer corner."""
    out = []
    for k in range(3):
        i, j = (m for m in range(3) if m != k)
        inner, whole = _turn(base[i], base[j], apex), _turn(base[i], base[j], base[k])
        if inner * whole <= 0:
            continue
        right, left = (i, j) if _turn(apex, base[i], base[j]) > 0 else (j, i)
        out.append((k, right, left, inner / whole))
    return out


def _glyph_map(corner: int, span: float, size: int) -> np.ndarray:
    """Cut pixels -> flat face (3x3): the glyph of `corner` (0 top, 1 right, 2 left) upright."""
    towards = _FLAT[corner] - _MIDDLE
    up = towards / np.linalg.norm(towards)
    centre = _FLAT[corner] - up * GLYPH_AT
    down = -up
    right = np.array([down[1], -down[0]])
    s = span / size
    m = np.eye(3)
    m[:2, 0], m[:2, 1] = right * s, down * s
    m[:2, 2] = centre - (right + down) * s * size / 2
    return m


def glyph_cuts(
    frame: np.ndarray,
    apex: Sequence[float] | np.ndarray,
    base: Sequence[Sequence[float]] | np.ndarray,
    size: int = CUT,
    span: float = SPAN,
) -> list[GlyphCut]:
    """Every glyph of every face that shows of the d4 whose top vertex is seen at `apex`
    and its outer corners at `base` (three points), each cut flat and upright."""
    a = np.asarray(apex, np.float32)
    b = np.asarray(base, np.float32)
    out = []
    for face, right, left, squash in faces_seen(a, b):
        flat_to_frame = np.vstack(
            [cv2.getAffineTransform(_FLAT, np.stack([a, b[right], b[left]])), [0, 0, 1]]
        )
        for corner, name in ((0, TOP), (1, right), (2, left)):
            m = flat_to_frame @ _glyph_map(corner, span, size)
            patch = cv2.warpAffine(
                frame,
                m[:2],
                (size, size),
                flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR,
                borderMode=cv2.BORDER_REPLICATE,
            )
            out.append(GlyphCut(name, face, squash, patch))
    return out


def pixel_features(patches: np.ndarray) -> np.ndarray:
    """(n, CUT * CUT) features of glyph cuts (n, CUT, CUT, 3): their grey levels, each cut
    to zero mean and unit length (light and contrast differ die to die, face to face)."""
    n = len(patches)
    grey = np.asarray([cv2.cvtColor(p, cv2.COLOR_BGR2GRAY) for p in patches], np.float32).reshape(
        n, -1
    )
    grey -= grey.mean(axis=1, keepdims=True)
    grey /= np.linalg.norm(grey, axis=1, keepdims=True) + 1e-3
    return np.asarray(grey, np.float32)


def rotations(chirality: Chirality) -> list[tuple[int, tuple[int, int, int]]]:
    """The die's 12 rotations seen from above: (the result, the glyphs at the outer corners
    in clockwise order, from some first corner)."""
    out = []
    for result, (a, b, c) in chirality.items():
        out += [(result, (a, b, c)), (result, (b, c, a)), (result, (c, a, b))]
    return out


def result_probabilities(
    probs: np.ndarray, corners: Sequence[int], chirality: Chirality
) -> np.ndarray:
    """The die's result, as probabilities over its faces, from its glyph cuts' reads
    (`probs`: (n, faces), each cut's probability of each glyph) at `corners` (TOP or the
    outer corner's index, the corners named clockwise as seen): each rotation of the die
    scores the reads it explains, and a result the sum of its three rotations."""
    log = np.log(np.clip(probs, 1e-6, 1.0))
    faces = probs.shape[1]
    score = np.full(faces, -np.inf)
    for result, around in rotations(chirality):
        total = sum(float(log[i, result if c == TOP else around[c]]) for i, c in enumerate(corners))
        score[result] = np.logaddexp(score[result], total)
    p = np.exp(score - score.max())
    return np.asarray(p / p.sum())
