"""Draw a Scene: a pinhole camera, cubes with textured faces, shadows, tray, light, noise.

The dice are real 3-D cubes (visible side faces, perspective), each face a texture from
vision.glyphs warped into place; edges are rounded by the textures' rounded corners over a
darker body silhouette. Everything is drawn into small regions, so a 640x480 frame with 8
dice takes a few milliseconds.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.glyphs import draw_face, faces_of
from vision.render import tetra
from vision.render.scene import BGR, TETRAHEDRON, Camera, DiceLook, Die, Hand, Scene, Tabletop

TEXTURE = 64  # face texture size in pixels
TABLE_PX_PER_CM = 8.0  # table texture resolution

# Each face of the cube in the die's own frame: outward normal and the texture's x axis.
# Opposite faces sit at opposite normals; face i of a style goes to slot i.
_SLOTS: list[tuple[tuple[float, float, float], tuple[float, float, float]]] = [
    ((0, 0, 1), (1, 0, 0)),
    ((1, 0, 0), (0, 1, 0)),
    ((0, 1, 0), (-1, 0, 0)),
    ((0, -1, 0), (1, 0, 0)),
    ((-1, 0, 0), (0, -1, 0)),
    ((0, 0, -1), (-1, 0, 0)),
]


@dataclass(frozen=True)
class DrawnDie:
    """Where a die ended up in the image (the label)."""

    box: tuple[float, float, float, float]
    center: tuple[float, float]
    angle: float  # of the top face's texture x axis in the image, degrees in [0, 90)
    face: str
    color: str
    cocked: bool
    visible: float  # share of the die's silhouette not hidden by a hand or the frame
    style: str = ""  # the glyph style it was drawn in
    # a d4's four vertices as seen (pixels): the top one first, then the others clockwise
    # in the image, with the face of each (its glyph in the corners it meets): what a
    # reader of d4s must find (vision.d4_cuts); empty for a cube
    corners: tuple[tuple[float, float], ...] = ()
    corner_faces: tuple[str, ...] = ()


# -- camera -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Pinhole:
    rot: np.ndarray  # world -> camera rotation (rows: x right, y down, z forward)
    centre: np.ndarray  # camera position
    focal: float
    cx: float
    cy: float

    def project(self, points: np.ndarray) -> np.ndarray:
        cam = (points - self.centre) @ self.rot.T
        z = np.maximum(cam[:, 2:3], 1e-3)
        return np.hstack(
            [self.focal * cam[:, 0:1] / z + self.cx, self.focal * cam[:, 1:2] / z + self.cy]
        )

    def table_homography(self) -> np.ndarray:
        """Maps table points (x, y, 1) in cm to image pixels."""
        k = np.array([[self.focal, 0, self.cx], [0, self.focal, self.cy], [0, 0, 1]])
        t = -self.rot @ self.centre
        return k @ np.column_stack([self.rot[:, 0], self.rot[:, 1], t])


def _pinhole(cam: Camera) -> _Pinhole:
    tilt, az = math.radians(cam.tilt), math.radians(cam.azimuth)
    target = np.array([cam.shift[0], cam.shift[1], 0.0])
    back = np.array(
        [-math.sin(tilt) * math.sin(az), -math.sin(tilt) * math.cos(az), math.cos(tilt)]
    )
    centre = target + cam.height * back
    z = -back
    up = np.array([math.sin(az), math.cos(az), 0.0])
    y = -(up - (up @ z) * z)
    y /= np.linalg.norm(y)
    x = np.cross(y, z)
    roll = math.radians(cam.roll)
    x, y = math.cos(roll) * x + math.sin(roll) * y, -math.sin(roll) * x + math.cos(roll) * y
    focal = cam.width / 2 / math.tan(math.radians(cam.fov) / 2)
    return _Pinhole(np.vstack([x, y, z]), centre, focal, cam.width / 2, cam.height_px / 2)


# -- textures -----------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def _face_texture(look: DiceLook, face: str) -> tuple[np.ndarray, np.ndarray]:
    """A face texture (float BGR) with a bevel, and its rounded-corner alpha."""
    body = _marbled(look, face) if look.marble else look.body
    tex = draw_face(look.style, face, TEXTURE, body, look.ink, edge=look.edge).astype(np.float32)
    if look.translucent:
        # the opposite face's glyph shows through a translucent die, mirrored and faint
        faces = faces_of(look.style)
        back = draw_face(
            look.style, faces[-1 - faces.index(face)], TEXTURE, look.body, look.ink, edge=look.edge
        )
        back = cv2.GaussianBlur(back[:, ::-1].astype(np.float32), (0, 0), 1.5)
        tex += (back - np.array(look.body, np.float32)) * look.translucent * 0.6
    yy, xx = np.mgrid[0:TEXTURE, 0:TEXTURE].astype(np.float32) + 0.5
    d = np.minimum(np.minimum(xx, TEXTURE - xx), np.minimum(yy, TEXTURE - yy)) / TEXTURE
    tex *= (0.8 + 0.2 * np.clip(d / 0.08, 0, 1))[..., None]  # rounded edges fall off in light
    alpha = np.zeros((TEXTURE, TEXTURE), np.uint8)
    r = int(TEXTURE * 0.16)
    cv2.rectangle(alpha, (r, 0), (TEXTURE - 1 - r, TEXTURE - 1), 255, -1)
    cv2.rectangle(alpha, (0, r), (TEXTURE - 1, TEXTURE - 1 - r), 255, -1)
    for cx in (r, TEXTURE - 1 - r):
        for cy in (r, TEXTURE - 1 - r):
            cv2.circle(alpha, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return tex, alpha.astype(np.float32) / 255.0


def _marbled(look: DiceLook, face: str) -> np.ndarray:
    """A marbled body texture: `vein` swirled through `body` along the bands of a smooth
    noise, bent by a second one (one pattern per look, face and `pattern`)."""
    rng = np.random.default_rng([look.pattern, sum(map(ord, face))])

    def smooth(cells: int) -> np.ndarray:
        grid = rng.normal(0, 1, (cells, cells)).astype(np.float32)
        return np.asarray(cv2.resize(grid, (TEXTURE, TEXTURE), interpolation=cv2.INTER_CUBIC))

    bands = np.abs(np.sin(smooth(3) * 3.0 + smooth(5) * 1.5))
    veins = (1.0 - bands) ** 3 * look.marble
    body = np.array(look.body, np.float32)
    vein = np.array(look.vein, np.float32)
    return np.asarray(body + (vein - body) * veins[..., None], np.float32)


@functools.lru_cache(maxsize=32)
def _table_texture(table: Tabletop, width_cm: float, depth_cm: float) -> np.ndarray:
    """The table surface (float BGR, TABLE_PX_PER_CM) with its tray floor, walls not included."""
    rng = np.random.default_rng(table.seed)
    w, h = int(width_cm * TABLE_PX_PER_CM), int(depth_cm * TABLE_PX_PER_CM)

    def surface(color: BGR, kind: str) -> np.ndarray:
        img = np.empty((h, w, 3), np.float32)
        img[:] = color
        if kind == "felt":
            grain = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 1.2)
            img *= (1 + 0.12 * grain)[..., None]
        elif kind == "wood":
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            wobble = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 25) * 200
            rings = np.sin((yy + wobble + 0.02 * xx) / rng.uniform(5, 12)) * 0.5 + 0.5
            img *= (0.8 + 0.3 * rings)[..., None]
        elif kind == "paper":
            speck = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 0.8)
            img *= (1 + 0.04 * speck)[..., None]
        return img

    img = surface(table.outside, "wood" if table.tray else table.kind)
    if table.tray:
        tw, td = table.tray
        x0, y0 = (
            int((width_cm - tw) / 2 * TABLE_PX_PER_CM),
            int((depth_cm - td) / 2 * TABLE_PX_PER_CM),
        )
        x1, y1 = x0 + int(tw * TABLE_PX_PER_CM), y0 + int(td * TABLE_PX_PER_CM)
        img[y0:y1, x0:x1] = surface(table.color, table.kind)[y0:y1, x0:x1]
    return img


# -- geometry of a die --------------------------------------------------------------------


def _rot_z(deg: float) -> np.ndarray:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


def _rot_axis(axis: np.ndarray, deg: float) -> np.ndarray:
    axis = axis / np.linalg.norm(axis)
    k = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
    a = math.radians(deg)
    return np.eye(3) + math.sin(a) * k + (1 - math.cos(a)) * k @ k


@functools.lru_cache(maxsize=64)
def _to_top(slot: int) -> np.ndarray:
    """A rotation that turns face slot `slot` up, keeping its texture x along world x."""
    n, a = (np.array(v, float) for v in _SLOTS[slot])
    b = np.cross(a, n)  # texture y on the die; seen from above it must point to -y
    src = np.column_stack([a, -b, n])
    return src.T  # maps a -> x, -b -> y, n -> z


def _die_pose(die: Die, faces: list[str]) -> tuple[np.ndarray, np.ndarray]:
    if die.look.shape == TETRAHEDRON:
        rot = tetra.pose_rotation(die, faces)
    else:
        rot = _rot_z(die.yaw) @ _to_top(faces.index(die.face))
    if die.tilt:
        d = math.radians(die.tilt_dir)
        axis = np.array([-math.sin(d), math.cos(d), 0.0])
        rot = _rot_axis(axis, die.tilt) @ rot
    corners = _local_corners(die) @ rot.T
    pos = np.array([die.x, die.y, die.lift - corners[:, 2].min()])
    return rot, pos


# -- drawing ------------------------------------------------------------------------------


def _paste(
    canvas: np.ndarray,
    alpha: np.ndarray,
    src: np.ndarray,
    src_alpha: np.ndarray,
    quad: np.ndarray,
    shade: np.ndarray,
) -> None:
    """Warp texture `src` onto `quad` (4 image points) inside the canvas (a die's region)."""
    h, w = canvas.shape[:2]
    s = float(TEXTURE)
    m = cv2.getPerspectiveTransform(
        np.array([[0, 0], [s, 0], [s, s], [0, s]], np.float32), quad.astype(np.float32)
    )
    warped = cv2.warpPerspective(
        src, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT
    )
    a = cv2.warpPerspective(
        src_alpha, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT
    )
    a3 = a[..., None]
    canvas[:] = canvas * (1 - a3) + warped * shade * a3
    np.maximum(alpha, a, out=alpha)


def _local_corners(die: Die) -> np.ndarray:
    """The die's corners in its own frame: a cube's eight, a tetrahedron's four."""
    if die.look.shape == TETRAHEDRON:
        return tetra.vertices(die)
    h = die.size / 2
    return np.array([[sx, sy, sz] for sx in (-h, h) for sy in (-h, h) for sz in (-h, h)])


def _corners(die: Die, rot: np.ndarray, pos: np.ndarray) -> np.ndarray:
    return _local_corners(die) @ rot.T + pos


def _cast_shadow(
    shadow: np.ndarray, world: np.ndarray, cam: _Pinhole, light_dir: np.ndarray
) -> None:
    """Fill the shadow of a convex body (its corner points) cast on the table."""
    ground = world - (world[:, 2:3] / light_dir[2]) * light_dir
    spts = cam.project(ground)
    cv2.fillConvexPoly(
        shadow, cv2.convexHull(np.round(spts * 16).astype(np.int32)), 1.0, cv2.LINE_AA, 4
    )


def _draw_die(
    img: np.ndarray, die: Die, cam: _Pinhole, scene: Scene, light_dir: np.ndarray
) -> DrawnDie | None:
    faces = faces_of(die.look.style)
    if die.look.shape != TETRAHEDRON:
        faces += faces[: 6 - len(faces)]  # a die with a face on two sides (the berserk die's)
    rot, pos = _die_pose(die, faces)
    world = _corners(die, rot, pos)
    pts = cam.project(world)
    hgt, wid = img.shape[:2]
    pad = int(abs(die.motion[0]) + abs(die.motion[1])) // 2 + 3
    x0, y0 = np.floor(pts.min(0)).astype(int) - pad
    x1, y1 = np.ceil(pts.max(0)).astype(int) + pad
    if x1 <= 0 or y1 <= 0 or x0 >= wid or y0 >= hgt:
        return None

    cw, ch = x1 - x0, y1 - y0
    canvas = np.zeros((ch, cw, 3), np.float32)
    alpha = np.zeros((ch, cw), np.float32)
    body = np.array(die.look.body, np.float32) * 0.55 * np.array(scene.light.color, np.float32)
    hull = cv2.convexHull(np.round((pts - [x0, y0]) * 16).astype(np.int32))
    cv2.fillConvexPoly(canvas, hull, body.tolist(), cv2.LINE_AA, 4)
    cv2.fillConvexPoly(alpha, hull, 1.0, cv2.LINE_AA, 4)
    paint = _paint_tetrahedron if die.look.shape == TETRAHEDRON else _paint_cube
    face, centre, angle = paint(
        canvas, alpha, (x0, y0), die, faces, rot, pos, cam, scene, light_dir
    )

    if die.look.translucent:
        alpha *= 1 - die.look.translucent * 0.6
    if die.motion != (0.0, 0.0):
        canvas *= alpha[..., None]
        kernel = _motion_kernel(*die.motion)
        alpha = np.asarray(cv2.filter2D(alpha, -1, kernel), np.float32)
        canvas = (
            np.asarray(cv2.filter2D(canvas, -1, kernel), np.float32)
            / np.maximum(alpha, 1e-3)[..., None]
        )

    # composite into the frame (clipped)
    ix0, iy0, ix1, iy1 = max(x0, 0), max(y0, 0), min(x1, wid), min(y1, hgt)
    sub = img[iy0:iy1, ix0:ix1]
    a = alpha[iy0 - y0 : iy1 - y0, ix0 - x0 : ix1 - x0, None]
    sub[:] = sub * (1 - a) + canvas[iy0 - y0 : iy1 - y0, ix0 - x0 : ix1 - x0] * a

    # the label: box around the die as seen
    bx0, by0 = pts.min(0)
    bx1, by1 = pts.max(0)
    inside = (
        (min(bx1, wid) - max(bx0, 0))
        * (min(by1, hgt) - max(by0, 0))
        / max((bx1 - bx0) * (by1 - by0), 1e-6)
    )
    box = (max(bx0, 0.0), max(by0, 0.0), min(bx1, wid - 1.0), min(by1, hgt - 1.0))
    corners: tuple[tuple[float, float], ...] = ()
    corner_faces: tuple[str, ...] = ()
    if die.look.shape == TETRAHEDRON:
        order = tetra.seen_order(world, pts)
        corners = tuple((float(pts[k, 0]), float(pts[k, 1])) for k in order)
        corner_faces = tuple(faces[k] for k in order)
    return DrawnDie(
        box=tuple(round(float(v), 1) for v in box),  # type: ignore[arg-type]
        center=(round(float(centre[0]), 1), round(float(centre[1]), 1)),
        angle=round(angle, 1),
        face=face,
        color=die.look.color,
        cocked=die.cocked,
        visible=float(np.clip(inside, 0, 1)),
        style=die.look.style,
        corners=corners,
        corner_faces=corner_faces,
    )


# what a painter tells of the die it painted: the face on top, the centre of the top (as
# seen), the top face's angle in [0, 90)
Painted = tuple[str, np.ndarray, float]


def _painted(face: str, cam: _Pinhole, top: np.ndarray, towards: np.ndarray) -> Painted:
    """What a painter tells: `face`, the point `top` as seen, and the angle in [0, 90) of the
    line from it towards `towards` (on the top face) as seen."""
    p = cam.project(np.array([top, towards]))
    angle = math.degrees(math.atan2(p[1, 1] - p[0, 1], p[1, 0] - p[0, 0])) % 90.0
    return face, p[0], angle


def _shade(scene: Scene, normal: np.ndarray, light_dir: np.ndarray) -> np.ndarray:
    """The BGR gains on a die's face turned to `normal`: the light's ambient share, and the
    rest as much as the face is turned to the light."""
    light = scene.light
    lit = light.ambient + (1 - light.ambient) * max(0.0, float(normal @ light_dir))
    return np.array(light.color, np.float32) * lit


def _glare(canvas: np.ndarray, alpha: np.ndarray, spot: np.ndarray, r: int, glare: float) -> None:
    light = np.zeros(canvas.shape[:2], np.float32)
    cv2.circle(light, (int(spot[0]), int(spot[1])), r, glare, -1, cv2.LINE_AA)
    canvas += (cv2.GaussianBlur(light, (0, 0), r * 0.6 + 0.5) * alpha)[..., None] * 255


def _paint_cube(
    canvas: np.ndarray,
    alpha: np.ndarray,
    origin: tuple[int, int],
    die: Die,
    faces: list[str],
    rot: np.ndarray,
    pos: np.ndarray,
    cam: _Pinhole,
    scene: Scene,
    light_dir: np.ndarray,
) -> Painted:
    """The cube's faces the camera sees, each its texture warped into place and lit."""
    h = die.size / 2
    top_slot, top_score = 0, -2.0
    for slot, (n_l, a_l) in enumerate(_SLOTS):
        n_w = rot @ np.array(n_l, float)
        centre = pos + n_w * h
        if n_w @ (cam.centre - centre) <= 0:
            continue
        if n_w[2] > top_score:
            top_slot, top_score = slot, float(n_w[2])
        a_w = rot @ np.array(a_l, float)
        b_w = np.cross(a_w, n_w)
        quad3 = np.array(
            [
                centre + h * (-a_w - b_w),
                centre + h * (a_w - b_w),
                centre + h * (a_w + b_w),
                centre + h * (-a_w + b_w),
            ]
        )
        quad = cam.project(quad3) - origin
        tex, tex_alpha = _face_texture(die.look, faces[slot])
        _paste(canvas, alpha, tex, tex_alpha, quad, _shade(scene, n_w, light_dir))
        if scene.light.glare and n_w[2] > 0.9:
            spot = quad.mean(0) + (quad[1] - quad[0]) * 0.15 - (quad[3] - quad[0]) * 0.2
            r = max(1, int(np.linalg.norm(quad[1] - quad[0]) * 0.22))
            _glare(canvas, alpha, spot, r, scene.light.glare)
    n_top = rot @ np.array(_SLOTS[top_slot][0], float)
    a_top = rot @ np.array(_SLOTS[top_slot][1], float)
    c_top = pos + n_top * h
    return _painted(faces[top_slot], cam, c_top, c_top + a_top * h)


def _paint_tetrahedron(
    canvas: np.ndarray,
    alpha: np.ndarray,
    origin: tuple[int, int],
    die: Die,
    faces: list[str],
    rot: np.ndarray,
    pos: np.ndarray,
    cam: _Pinhole,
    scene: Scene,
    light_dir: np.ndarray,
) -> Painted:
    """The d4's faces the camera sees (vision.render.tetra), each lit as it slopes; the
    face read is the glyph of the vertex on top, the centre is that vertex as seen."""
    world = tetra.vertices(die) @ rot.T + pos
    seen = cam.project(world) - origin
    for _k, tri, normal in tetra.faces_seen(world, cam.centre):
        order = tetra.glyph_order(tri, seen)
        glyphs = (faces[order[0]], faces[order[1]], faces[order[2]])
        shade = _shade(scene, normal, light_dir)
        tetra.paste_face(canvas, alpha, die.look, glyphs, seen[list(order)], shade)
        if scene.light.glare:  # a sloping face glints where it mirrors the light up
            half = light_dir + np.array([0.0, 0.0, 1.0])
            if normal @ (half / np.linalg.norm(half)) > 0.8:
                tri_px = seen[list(order)]
                r = max(1, int(np.linalg.norm(tri_px[1] - tri_px[0]) * 0.15))
                _glare(canvas, alpha, tri_px.mean(0), r, scene.light.glare)
    top = int(np.argmax(world[:, 2]))
    return _painted(faces[top], cam, world[top], world[(top + 1) % 4])


@functools.lru_cache(maxsize=64)
def _motion_kernel_cached(dx: int, dy: int) -> np.ndarray:
    n = max(abs(dx), abs(dy)) * 2 + 1
    k = np.zeros((n, n), np.float32)
    c = n // 2
    cv2.line(
        k, (c - dx // 2, c - dy // 2), (c + dx - dx // 2, c + dy - dy // 2), 1.0, 1, cv2.LINE_AA
    )
    return k / k.sum()


def _motion_kernel(dx: float, dy: float) -> np.ndarray:
    return _motion_kernel_cached(round(dx), round(dy))


def _draw_tray_walls(
    img: np.ndarray, table: Tabletop, cam: _Pinhole, light_dir: np.ndarray, light: np.ndarray
) -> None:
    if not table.tray or table.wall <= 0:
        return
    tw, td = table.tray[0] / 2, table.tray[1] / 2
    floor = [(-tw, -td), (tw, -td), (tw, td), (-tw, td)]
    for i in range(4):
        (ax, ay), (bx, by) = floor[i], floor[(i + 1) % 4]
        quad3 = np.array(
            [[ax, ay, 0], [bx, by, 0], [bx, by, table.wall], [ax, ay, table.wall]], float
        )
        inward = -np.sign(np.array([(ax + bx) / 2, (ay + by) / 2, 0.0]))
        mid = quad3.mean(0)
        if inward @ (cam.centre - mid) <= 0:
            continue  # we see this wall's back; its inner face is hidden
        lit = 0.6 + 0.4 * max(0.0, float(inward @ light_dir))
        color = (np.array(table.tray_color, float) * 0.9 * lit * light).tolist()
        quad = cam.project(quad3)
        cv2.fillConvexPoly(img, np.round(quad * 16).astype(np.int32), color, cv2.LINE_AA, 4)


def _hand_strokes(hand: Hand) -> list[tuple[np.ndarray, np.ndarray, float]]:
    """The hand as rounded strokes on its plane: (start, end, radius) in table cm."""
    a = math.radians(hand.angle)
    back = np.array([math.cos(a), math.sin(a)])  # towards the arm
    side = np.array([-back[1], back[0]])
    s = hand.scale
    palm = np.array([hand.x, hand.y]) + back * 9 * s
    strokes = [(palm, palm + back * 40 * s, 6.5 * s), (palm, palm, 4.8 * s)]
    for off, length in zip((-2.4, -0.8, 0.8, 2.4), (7.5, 8.5, 8.0, 6.5), strict=True):
        base = palm + side * off * s - back * 3 * s
        strokes.append((base, base - back * length * s, 0.9 * s))
    strokes.append((palm + side * 4 * s, palm + side * 7.5 * s - back * 4 * s, 1.0 * s))
    return strokes


def _draw_strokes(
    target: np.ndarray,
    strokes: list[tuple[np.ndarray, np.ndarray, float]],
    z: float,
    cam: _Pinhole,
    light_dir: np.ndarray | None,
) -> None:
    """Draw strokes lying at height z; with `light_dir`, draw their shadow on the table."""
    for p0, p1, r in strokes:
        pts3 = np.array([[*p0, z], [*p1, z]], float)
        if light_dir is not None:
            pts3 = pts3 - (pts3[:, 2:3] / light_dir[2]) * light_dir
        pp = np.round(cam.project(pts3)).astype(int)
        rp = cam.focal * r / max(float(np.linalg.norm(cam.centre - pts3[0])), 1.0)
        cv2.line(
            target,
            (int(pp[0, 0]), int(pp[0, 1])),
            (int(pp[1, 0]), int(pp[1, 1])),
            1.0,
            max(1, int(rp * 2)),
            cv2.LINE_AA,
        )


def _draw_table(
    scene: Scene, cam: _Pinhole, light: np.ndarray, light_dir: np.ndarray
) -> np.ndarray:
    """The table and tray (float BGR) as the camera sees them, lit."""
    w, h = scene.camera.width, scene.camera.height_px
    # the table: one texture in table coordinates, warped into the camera
    span = scene.camera.height * math.tan(math.radians(scene.camera.fov) / 2) * 2.6 + 20
    span_x = span + 2 * abs(scene.camera.shift[0])
    span_y = span + 2 * abs(scene.camera.shift[1])
    tex = _table_texture(scene.table, round(span_x), round(span_y))
    tex_to_table = np.array(
        [
            [1 / TABLE_PX_PER_CM, 0, -round(span_x) / 2],
            [0, -1 / TABLE_PX_PER_CM, round(span_y) / 2],
            [0, 0, 1],
        ]
    )
    homog = cam.table_homography() @ tex_to_table
    img = np.asarray(
        cv2.warpPerspective(
            tex, homog, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        ),
        np.float32,
    )
    img *= light * (scene.light.ambient + (1 - scene.light.ambient) * light_dir[2])
    _draw_tray_walls(img, scene.table, cam, light_dir, light)
    return img


def render(scene: Scene, background: np.ndarray | None = None) -> tuple[np.ndarray, list[DrawnDie]]:
    """Draw the scene: the BGR uint8 frame and, per visible die, where it is and what it shows.
    With a `background` (a BGR photo of the camera's size) the dice and their shadows are
    drawn on it instead of the scene's table (training on real surfaces).

    >>> from vision.render.scene import Die, Scene
    >>> img, dice = render(Scene(dice=(Die(0, 0, "heart"),)))
    >>> img.shape, [d.face for d in dice]
    ((480, 640, 3), ['heart'])
    """
    cam = _pinhole(scene.camera)
    w, h = scene.camera.width, scene.camera.height_px
    light = np.array(scene.light.color, np.float32)
    light_dir = np.array(scene.light.direction, float)
    light_dir /= np.linalg.norm(light_dir)

    if background is not None:
        img = np.asarray(cv2.resize(background, (w, h)), np.float32)
    else:
        img = _draw_table(scene, cam, light, light_dir)

    order = sorted(
        scene.dice, key=lambda d: -float(np.linalg.norm(cam.centre - [d.x, d.y, d.lift]))
    )
    shadow = np.zeros((h, w), np.float32)
    for die in order:
        rot, pos = _die_pose(die, faces_of(die.look.style))
        _cast_shadow(shadow, _corners(die, rot, pos), cam, light_dir)
    _apply_shadow(img, shadow, scene)
    drawn = [
        d for d in (_draw_die(img, die, cam, scene, light_dir) for die in order) if d is not None
    ]

    if scene.hands:
        shadow[:] = 0
        hand_mask = np.zeros((h, w), np.float32)
        for hand in scene.hands:
            strokes = _hand_strokes(hand)
            _draw_strokes(shadow, strokes, hand.lift, cam, light_dir)
            _draw_strokes(hand_mask, strokes, hand.lift, cam, None)
        _apply_shadow(img, shadow, scene)
        skin = np.array(scene.hands[0].color, np.float32) * light
        img[:] = img * (1 - hand_mask[..., None]) + skin * hand_mask[..., None]
        drawn = [_hidden_by(d, hand_mask) for d in drawn]
        drawn = [d for d in drawn if d.visible > 0.0]

    if scene.light.gradient:
        yy = np.arange(h, dtype=np.float32)[:, None]
        xx = np.arange(w, dtype=np.float32)[None, :]
        g = math.radians(scene.light.gradient_angle)
        ramp = ((xx - w / 2) * math.cos(g) + (yy - h / 2) * math.sin(g)) / max(w, h) + 0.5
        img *= (1 - scene.light.gradient * np.clip(ramp, 0, 1))[..., None]
    img *= scene.light.exposure
    if scene.blur:
        img = np.asarray(cv2.GaussianBlur(img, (0, 0), scene.blur), np.float32)
    if scene.noise:
        rng = np.random.default_rng(scene.seed)
        img += rng.standard_normal(img.shape, dtype=np.float32) * np.float32(scene.noise)
    out = np.clip(img, 0, 255).astype(np.uint8)
    if scene.jpeg:
        _ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(scene.jpeg)])
        out = np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR), np.uint8)
    return out, drawn


def _apply_shadow(img: np.ndarray, shadow: np.ndarray, scene: Scene) -> None:
    if shadow.any():
        soft = cv2.GaussianBlur(shadow, (0, 0), 1.5 + scene.camera.width / 400)
        img *= (1 - scene.light.shadow * soft)[..., None]


def _hidden_by(die: DrawnDie, mask: np.ndarray) -> DrawnDie:
    x0, y0, x1, y1 = (round(v) for v in die.box)
    region = mask[y0 : y1 + 1, x0 : x1 + 1]
    covered = float(region.mean()) if region.size else 1.0
    return dataclasses.replace(die, visible=die.visible * (1 - covered))
