"""What a synthetic frame shows: plain dataclasses, composed freely by tests and sequences.

Units: centimetres on the table; the table plane is z = 0, x to the right, y away from the
camera's bottom edge, z up. Angles in degrees. Colours are BGR tuples (OpenCV's order).
"""

from __future__ import annotations

from dataclasses import dataclass, field

BGR = tuple[int, int, int]


@dataclass(frozen=True)
class DiceLook:
    """How one kind of die looks: glyph style, body and ink colours, and its label."""

    style: str  # a glyph style of vision.glyphs.STYLES
    color: str  # the label written to dice-labels/1 ("black", "green", "white", ...)
    body: BGR
    ink: BGR
    translucent: float = 0.0  # 0 = opaque; up to ~0.5 lets the table show through
    marble: float = 0.0  # 0 = plain body; up to 1 swirls `vein` through it (marbled dice)
    vein: BGR = (200, 200, 200)
    pattern: int = 0  # which swirl (a seed): dice of one look may each have their own
    edge: BGR | None = None  # the glyphs' outline colour, where a style outlines them
    shape: str = "cube"  # CUBE, or TETRAHEDRON: a d4, its glyphs in the corners of its faces


CUBE, TETRAHEDRON = "cube", "tetrahedron"


# The shipped "kot" set's dice: black with lime-green glyphs, green with black glyphs.
KOT_BLACK = DiceLook("kot", "black", (28, 28, 30), (60, 225, 165))
KOT_GREEN = DiceLook("kot", "green", (55, 165, 35), (20, 25, 20))

# The Dark Edition's dice as we draw them (the "kot-dark" set; the box's own art is not
# ours): smoky grey main dice, marbled, with white glyphs, and yellow extra dice with black
# glyphs; labelled by role, as the "kot" set's.
KOT_DARK_GREY = DiceLook(
    "kot", "black", (78, 76, 74), (236, 236, 232), marble=0.55, vein=(128, 126, 124), pattern=3
)
KOT_DARK_YELLOW = DiceLook("kot", "green", (40, 205, 238), (24, 24, 26))

# The kingdom-run set's dice as we draw them: white with dark blue glyphs (the players' own are
# taught through the teaching flow).
KINGDOM_RUN_WHITE = DiceLook("kingdom-run", "white", (232, 234, 236), (110, 50, 25))

# The die of fate as we draw it: a d4, sand-coloured with dark blue glyphs (the physical
# die's colours are not confirmed).
FATE_SAND = DiceLook("fate", "fate", (120, 190, 222), (105, 45, 20), shape="tetrahedron")

# Colours a die body (and its ink) may have in the pip style: ordinary dice come in many.
PIP_COLORS: list[tuple[str, BGR, BGR]] = [
    ("white", (235, 235, 232), (25, 25, 25)),
    ("black", (30, 30, 30), (235, 235, 235)),
    ("red", (40, 40, 200), (235, 235, 235)),
    ("blue", (170, 90, 30), (235, 235, 235)),
    ("green", (60, 150, 40), (235, 235, 235)),
    ("yellow", (40, 210, 235), (30, 30, 30)),
    ("orange", (30, 120, 230), (30, 30, 30)),
    ("purple", (120, 40, 100), (225, 225, 225)),
    ("ivory", (200, 225, 235), (40, 40, 160)),
]


def looks_for(face_set: str) -> list[DiceLook]:
    """How the dice of a face set look when drawn ("kot", "kot-dark", "kot-alt", "d6-pips",
    "kingdom-run", "berserk", "fate"; several joined by "+": all their looks), one look per
    colour; ValueError for a face set the renderer cannot draw (a taught one).

    >>> [look.color for look in looks_for("kot")]
    ['black', 'green']
    """
    if face_set == "kot":
        return [KOT_BLACK, KOT_GREEN]
    if "+" in face_set:  # dice of several sets thrown together (vision.mixed)
        return [look for part in face_set.split("+") for look in looks_for(part)]
    if face_set == "kot-dark":
        return [KOT_DARK_GREY, KOT_DARK_YELLOW]
    if face_set == "kot-alt":
        return [
            DiceLook("kot-alt", "black", KOT_BLACK.body, KOT_BLACK.ink),
            DiceLook("kot-alt", "green", KOT_GREEN.body, KOT_GREEN.ink),
        ]
    if face_set == "d6-pips":
        return [DiceLook("pips", name, body, ink) for name, body, ink in PIP_COLORS]
    if face_set == "kingdom-run":
        return [KINGDOM_RUN_WHITE]
    if face_set == "berserk":  # orange, white symbols (the physical die's colours unknown)
        return [DiceLook("berserk", "berserk", (30, 120, 235), (245, 245, 245))]
    if face_set == "fate":
        return [FATE_SAND]
    raise ValueError(f"the renderer cannot draw the dice of face set {face_set!r}")


@dataclass(frozen=True)
class Die:
    """One die on (or above) the table.

    `face` is the name of the face that points up. `yaw` turns the die about the vertical.
    `tilt` leans it (degrees from flat, towards `tilt_dir`): a cocked die leans on
    something by 15-40 degrees. `lift` raises it into the air (a die in flight or in a
    hand). `motion` is a motion-blur streak in pixels (dx, dy) for a rolling die.
    """

    x: float
    y: float
    face: str
    look: DiceLook = KOT_BLACK
    yaw: float = 0.0
    tilt: float = 0.0
    tilt_dir: float = 0.0
    lift: float = 0.0
    motion: tuple[float, float] = (0.0, 0.0)
    size: float = 1.8

    @property
    def cocked(self) -> bool:
        """Leaning enough that its top face cannot be trusted."""
        return self.tilt >= COCKED_TILT


COCKED_TILT = 10.0  # degrees; flatter than this a die reads fine


@dataclass(frozen=True)
class Tabletop:
    """The surface: a table texture and, optionally, a tray with walls on it."""

    kind: str = "plain"  # plain | felt | wood | paper
    color: BGR = (95, 120, 60)
    tray: tuple[float, float] | None = (36.0, 27.0)  # inner width, depth (cm); None: no tray
    tray_color: BGR = (60, 80, 40)
    wall: float = 3.0  # wall height, cm
    outside: BGR = (70, 90, 120)  # the table beyond the tray
    seed: int = 0  # texture noise: same seed, same table (frame sequences)


@dataclass(frozen=True)
class Light:
    """Light colour (BGR gains), direction towards the light, ambient share, gradient."""

    color: tuple[float, float, float] = (1.0, 1.0, 1.0)
    direction: tuple[float, float, float] = (0.3, 0.4, 1.0)
    ambient: float = 0.55
    gradient: float = 0.0  # 0: even; 0.4: one side 40 % darker
    gradient_angle: float = 0.0
    exposure: float = 1.0  # a global gain (auto-exposure jumps, flicker)
    shadow: float = 0.45  # how dark the dice's shadows are
    glare: float = 0.0  # 0..1: specular highlight on the top faces


@dataclass(frozen=True)
class Camera:
    """A pinhole camera looking at the tray centre from `height` cm.

    `tilt` is the angle of the view from the vertical (perspective), `azimuth` the side it
    looks from, `roll` turns the image. `fov` is the horizontal field of view (degrees).
    `shift` moves the point it looks at (a bumped camera).
    """

    width: int = 640
    height_px: int = 480
    height: float = 50.0
    fov: float = 45.0
    tilt: float = 0.0
    azimuth: float = 0.0
    roll: float = 0.0
    shift: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class Hand:
    """A hand reaching in: fingertips at (x, y) on the table, arm coming from `angle`."""

    x: float
    y: float
    angle: float = 270.0  # direction the arm comes from (degrees; 270: from the bottom)
    scale: float = 1.0
    color: BGR = (120, 150, 200)
    lift: float = 4.0  # height above the table (its shadow falls beside it)


@dataclass(frozen=True)
class Scene:
    """Everything one frame shows, and how the camera degrades it."""

    dice: tuple[Die, ...] = ()
    table: Tabletop = field(default_factory=Tabletop)
    light: Light = field(default_factory=Light)
    camera: Camera = field(default_factory=Camera)
    hands: tuple[Hand, ...] = ()
    noise: float = 0.0  # sensor noise, standard deviation in grey levels
    blur: float = 0.0  # defocus, Gaussian sigma in pixels
    jpeg: int | None = None  # JPEG quality, None: no compression
    seed: int = 0  # the noise pattern
