"""A four-sided die (a tetrahedron) as the renderer draws it: its pose, its faces, its label.

A d4 lies on one face; the result is the vertex on top. Each face carries three glyphs, one
in each corner, drawn pointing at their corner: the glyph of a vertex is in that corner of
the three faces that meet there. Seen from above, the three faces that show meet at the top
vertex, each with the result's glyph at that corner, and each other glyph shows twice, at
the outer corners (each lies on two of the faces that show). The faces are steep (70.5
degrees from the table), so from above they are foreshortened to a third in the direction
of the top vertex: glyphs are drawn large in their corner, as on dice made to be read so.
"""

from __future__ import annotations

import functools
import math

import cv2
import numpy as np

from vision.glyphs import draw_face
from vision.render.scene import DiceLook, Die

EDGE = 1.4  # a d4's edge, in times its Die.size (a cube's side): a d4 of about a d6's heft
TEXTURE = 128  # a face's texture (an equilateral triangle in a square), pixels
GLYPH = 0.4  # a corner glyph's side, in face heights
GLYPH_AT = 0.4  # its centre from its corner, in face heights

# The four vertices of a regular tetrahedron about its centre (edge 2 * sqrt 2); vertex k
# carries face k of the style (faces_of), and the face opposite it shows the other three.
_VERTICES = np.array([(1, 1, 1), (1, -1, -1), (-1, 1, -1), (-1, -1, 1)], float) / (2 * math.sqrt(2))
# the texture's corners: top, bottom right, bottom left (the triangle's height is the
# texture's, centred across)
_SIDE = TEXTURE / math.cos(math.radians(30)) * 0.96
_CORNERS = np.array(
    [
        (TEXTURE / 2, TEXTURE * 0.02),
        (TEXTURE / 2 + _SIDE / 2, TEXTURE * 0.98),
        (TEXTURE / 2 - _SIDE / 2, TEXTURE * 0.98),
    ],
    np.float32,
)
_HEIGHT = float(_CORNERS[1, 1] - _CORNERS[0, 1])


def vertices(die: Die) -> np.ndarray:
    """The die's four vertices in its own frame (cm), vertex k carrying face k."""
    return _VERTICES * (die.size * EDGE)


@functools.lru_cache(maxsize=8)
def to_top(vertex: int) -> np.ndarray:
    """A rotation that turns `vertex` straight up (its opposite face flat on the table)."""
    up = _VERTICES[vertex] / np.linalg.norm(_VERTICES[vertex])
    other = _VERTICES[(vertex + 1) % 4]
    x = other - (other @ up) * up
    x /= np.linalg.norm(x)
    y = np.cross(up, x)
    return np.vstack([x, y, up])  # rows: where the die's axes go -> world x, y, z


def pose_rotation(die: Die, faces: list[str]) -> np.ndarray:
    """The die's rotation without its tilt: the face shown on top, turned by its yaw."""
    c, s = math.cos(math.radians(die.yaw)), math.sin(math.radians(die.yaw))
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]]) @ to_top(faces.index(die.face))


def faces_seen(
    world: np.ndarray, camera_centre: np.ndarray
) -> list[tuple[int, tuple[int, int, int], np.ndarray]]:
    """The faces the camera sees: (the vertex opposite, its three vertices, outward normal)."""
    centre = world.mean(axis=0)
    out = []
    for k in range(4):
        a, b, c = (j for j in range(4) if j != k)
        tri = (a, b, c)
        pts = world[list(tri)]
        normal = np.cross(pts[1] - pts[0], pts[2] - pts[0])
        normal /= np.linalg.norm(normal)
        if normal @ (pts.mean(axis=0) - centre) < 0:
            normal = -normal
        if normal @ (camera_centre - pts.mean(axis=0)) > 0:
            out.append((k, tri, normal))
    return out


@functools.lru_cache(maxsize=256)
def face_texture(look: DiceLook, glyphs: tuple[str, str, str]) -> tuple[np.ndarray, np.ndarray]:
    """A face's texture (float BGR; corners: top, bottom right, bottom left) with the glyph
    of each corner's vertex pointing at it, and its alpha (a triangle, corners rounded)."""
    tex = np.empty((TEXTURE, TEXTURE, 3), np.float32)
    tex[:] = look.body
    side = max(8, round(GLYPH * _HEIGHT))
    centroid = _CORNERS.mean(axis=0)
    for corner, glyph in zip(_CORNERS, glyphs, strict=True):
        ink = draw_face(look.style, glyph, side, look.body, look.ink, inset=0.0, edge=look.edge)
        mask = draw_face(look.style, glyph, side, (0, 0, 0), (255, 255, 255), 0.0, (255, 255, 255))
        towards = corner - centroid
        turn = math.degrees(math.atan2(towards[0], -towards[1]))  # 0: pointing up
        at = corner - towards / np.linalg.norm(towards) * GLYPH_AT * _HEIGHT
        m = cv2.getRotationMatrix2D((side / 2, side / 2), -turn, 1.0)
        m[:, 2] += at - side / 2
        size = (TEXTURE, TEXTURE)
        warped = cv2.warpAffine(ink.astype(np.float32), m, size, flags=cv2.INTER_LINEAR)
        a = cv2.warpAffine(mask[..., 0].astype(np.float32) / 255, m, size, flags=cv2.INTER_LINEAR)
        tex = tex * (1 - a[..., None]) + warped * a[..., None]
    # the rounded edges fall off in light; the corners are rounded
    inner = np.zeros((TEXTURE, TEXTURE), np.uint8)
    cv2.fillConvexPoly(inner, np.round(_CORNERS * 16).astype(np.int32), 255, cv2.LINE_AA, 4)
    dist = cv2.distanceTransform((inner > 127).astype(np.uint8), cv2.DIST_L2, 3) / _HEIGHT
    tex *= (0.8 + 0.2 * np.clip(dist / 0.06, 0, 1))[..., None]
    alpha = np.zeros((TEXTURE, TEXTURE), np.uint8)
    r = TEXTURE * 0.05
    shrunk = centroid + (_CORNERS - centroid) * (1 - 2.0 * r / _HEIGHT)
    cv2.fillConvexPoly(alpha, np.round(shrunk * 16).astype(np.int32), 255, cv2.LINE_AA, 4)
    cv2.polylines(
        alpha, [np.round(shrunk * 16).astype(np.int32)], True, 255, int(2 * r), cv2.LINE_AA, 4
    )
    return tex, alpha.astype(np.float32) / 255.0


def paste_face(
    canvas: np.ndarray,
    alpha: np.ndarray,
    look: DiceLook,
    glyphs: tuple[str, str, str],
    tri: np.ndarray,
    shade: np.ndarray,
) -> None:
    """Warp the face of `glyphs` (one per corner) onto `tri` (its three corners in the
    canvas, in the glyphs' order). A triangle this small is seen affinely."""
    tex, tex_alpha = face_texture(look, glyphs)
    h, w = canvas.shape[:2]
    m = cv2.getAffineTransform(_CORNERS, tri.astype(np.float32))
    warped = cv2.warpAffine(tex, m, (w, h), flags=cv2.INTER_LINEAR)
    a = cv2.warpAffine(tex_alpha, m, (w, h), flags=cv2.INTER_LINEAR)[..., None]
    canvas[:] = canvas * (1 - a) + warped * shade * a
    np.maximum(alpha, a[..., 0], out=alpha)


def glyph_order(tri: tuple[int, int, int], projected: np.ndarray) -> tuple[int, int, int]:
    """The face's vertices in the order of the texture's corners as seen (so a glyph is
    never drawn mirrored): clockwise on the image, as top, bottom right, bottom left are."""
    a, b, c = (projected[k] for k in tri)
    turn = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return tri if turn > 0 else (tri[0], tri[2], tri[1])


def seen_order(world: np.ndarray, projected: np.ndarray) -> list[int]:
    """The die's vertices, the top one first, then the others clockwise as seen (image y
    down): how a reader names them (vision.d4_cuts)."""
    top = int(np.argmax(world[:, 2]))
    others = [k for k in range(4) if k != top]
    mid = projected[others].mean(axis=0)  # round the base's middle: the apex may lie outside
    turn = [math.atan2(projected[k, 1] - mid[1], projected[k, 0] - mid[0]) for k in others]
    ranked = [others[i] for i in np.argsort(turn)]
    # start the base at its lowest vertex number, so the order depends on the die only
    start = ranked.index(min(ranked))
    return [top, *ranked[start:], *ranked[:start]]
