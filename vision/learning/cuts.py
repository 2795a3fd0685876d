"""A die kept as an example: a small crop of the frame around it, and the face cuts made
from that crop.

The crop is CROP x CROP pixels, upright as the camera saw it (a person recognises the
die in it: the page shows it), centred on the die's top face, the face spanning CROP_SPAN
of it, so the die's sides and what it touches show too. It keeps what the reader needs
to cut the face again, as it cuts it (vision.patches), for any embedding the project
ships later: examples outlive a change of the embedding network.

    >>> import numpy as np
    >>> frame = np.full((240, 320, 3), 90, np.uint8)
    >>> frame[100:140, 140:180] = 230                      # a bright die, 40 px
    >>> kept = crop_around(frame, (160.0, 120.0), 40 * 0.82)
    >>> kept.shape, face_cuts(kept, 0.0, seed=1).shape
    ((64, 64, 3), (3, 32, 32, 3))
    >>> decode(encode(kept)).tobytes() == kept.tobytes()   # PNG: exact
    True
"""

from __future__ import annotations

import cv2
import numpy as np

from vision import patches
from vision.errors import VisionError

CROP = 64
CROP_SPAN = 0.5  # the face's side as a share of the crop's side
CROP_FACE = CROP * CROP_SPAN  # the face's side in the crop, pixels
CUTS = 3  # face cuts per example: as the reader cuts it, then a little off (vision.patches)
MAX_PNG = 3 * CROP * CROP + 4096  # a crop's PNG is never bigger (raw pixels and headers)


class CutError(VisionError):
    """A stored crop that is not one (a damaged or foreign blob)."""


def crop_around(frame: np.ndarray, center: tuple[float, float], side: float) -> np.ndarray:
    """The crop of a die whose top face has `side` pixels at `center` of `frame`."""
    return patches.cut(frame, center, side, 0.0, CROP, CROP_SPAN)


def crop_of(frame: np.ndarray, box: tuple[float, float, float, float]) -> np.ndarray:
    """The crop of a die as a reader reported it (vision.reader.DieReading's box): its face
    is the box's centre and side, as the reader cut it."""
    x0, y0, x1, y1 = box
    side = patches.face_side(x1 - x0, y1 - y0)
    return crop_around(frame, ((x0 + x1) / 2, (y0 + y1) / 2), side)


def face_cut(crop: np.ndarray, angle: float, zoom: float = 1.0) -> np.ndarray:
    """The face patch (vision.patches.PATCH) of a crop, turned by the die's `angle`: the cut
    the reader makes of the die in the frame (`zoom`: the set's, FaceSet.zoom)."""
    half = CROP / 2
    return patches.cut(crop, (half, half), CROP_FACE / zoom, angle)


def context_cut(crop: np.ndarray, angle: float) -> np.ndarray:
    """The context patch (vision.patches.CONTEXT) of a crop: the whole die and around it."""
    half = CROP / 2
    return patches.cut(crop, (half, half), CROP_FACE, angle, patches.CONTEXT, patches.CONTEXT_SPAN)


def face_cuts(
    crop: np.ndarray, angle: float, seed: int, n: int = CUTS, zoom: float = 1.0
) -> np.ndarray:
    """n face patches of a crop: the reader's cut first, then cuts a little off and at any
    turn (as teaching cuts labelled dice: vision.patches.jittered_cut), drawn from `seed`
    so that an example always gives the same cuts."""
    rng = np.random.default_rng(seed)
    half, extent = CROP / 2, CROP_FACE / 0.82 / 2  # the box whose face_side is CROP_FACE
    box = (half - extent, half - extent, half + extent, half + extent)
    cuts = [face_cut(crop, angle, zoom)]
    cuts += [patches.jittered_cut(crop, box, rng, zoom=zoom) for _ in range(n - 1)]
    return np.stack(cuts)


def encode(crop: np.ndarray) -> bytes:
    """A crop as PNG bytes (lossless: an example reads back exactly as it was kept)."""
    ok, png = cv2.imencode(".png", crop)
    if not ok:
        raise CutError("a crop could not be encoded as PNG")
    return bytes(png)


def decode(png: bytes) -> np.ndarray:
    """A crop from its PNG bytes; CutError for anything that is not a CROP x CROP colour
    image (a damaged store, a foreign file)."""
    if len(png) > MAX_PNG:
        raise CutError(f"a crop of {len(png)} bytes is too big for a {CROP}x{CROP} image")
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
    if image is None or image.shape != (CROP, CROP, 3):
        raise CutError(f"a stored crop is not a {CROP}x{CROP} colour image")
    return np.asarray(image)
