"""The camera mount: how high above the dice tray, with which lens, and how many pixels a
die then spans in the frames vision reads.

The numbers follow from a pinhole model looking straight down: at height h a lens with
field of view fov sees 2 h tan(fov / 2) across.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Lens:
    name: str
    hfov_deg: float  # across the frames vision reads
    vfov_deg: float


@dataclass(frozen=True)
class Tray:
    width_cm: float
    depth_cm: float
    margin_cm: float = 2.0  # seen beyond each wall, so a die against it is whole


# Camera Module 3 (IMX708, standard lens): 66 x 41 degrees over its 16:9 sensor. Vision
# reads 4:3 frames (640 x 480), a crop of the full height: 41 degrees high, and
# 2 atan(tan(41 / 2) * 4 / 3) = 53 degrees wide.
CAMERA_MODULE_3 = Lens(
    "Raspberry Pi Camera Module 3, standard lens, 4:3 crop",
    hfov_deg=2 * math.degrees(math.atan(math.tan(math.radians(41 / 2)) * 4 / 3)),
    vfov_deg=41.0,
)
TRAY = Tray(36.0, 26.0)  # a common felt dice tray's inner size
DIE_CM = 1.8  # King of Tokyo's dice
FRAME_PX = (640, 480)  # the frames vision reads
# Vision's rendered training scenes put a 1.8 cm die at about 30 px (640 px over 36 cm);
# below 24 px a die's symbols get too few pixels to read reliably.
MIN_PX_PER_DIE = 24.0


def mount_height_cm(tray: Tray = TRAY, lens: Lens = CAMERA_MODULE_3) -> float:
    """The lowest height (lens above the tray floor) that sees the tray and its margin."""
    need_w = tray.width_cm + 2 * tray.margin_cm
    need_d = tray.depth_cm + 2 * tray.margin_cm
    return max(
        need_w / 2 / math.tan(math.radians(lens.hfov_deg) / 2),
        need_d / 2 / math.tan(math.radians(lens.vfov_deg) / 2),
    )


def view_cm(height_cm: float, lens: Lens = CAMERA_MODULE_3) -> tuple[float, float]:
    """The width and depth seen at a height."""
    return (
        2 * height_cm * math.tan(math.radians(lens.hfov_deg) / 2),
        2 * height_cm * math.tan(math.radians(lens.vfov_deg) / 2),
    )


def pixels_per_die(
    height_cm: float, lens: Lens = CAMERA_MODULE_3, frame_px: tuple[int, int] = FRAME_PX
) -> float:
    """How many pixels a die's edge spans in the frames vision reads (on the tray floor).

    >>> round(pixels_per_die(mount_height_cm()), 1)
    28.8
    """
    return DIE_CM * frame_px[0] / view_cm(height_cm, lens)[0]


def table() -> str:
    height = mount_height_cm()
    width, depth = view_cm(height)
    rows = [
        ("lens", CAMERA_MODULE_3.name),
        ("field of view", f"{CAMERA_MODULE_3.hfov_deg:.0f} x {CAMERA_MODULE_3.vfov_deg:.0f} deg"),
        ("tray (inside)", f"{TRAY.width_cm:.0f} x {TRAY.depth_cm:.0f} cm"),
        ("margin seen beyond each wall", f"{TRAY.margin_cm:.0f} cm"),
        ("lens height above the tray floor", f"{height:.1f} cm"),
        ("area seen", f"{width:.1f} x {depth:.1f} cm"),
        ("frames vision reads", f"{FRAME_PX[0]} x {FRAME_PX[1]} px"),
        ("pixels per die edge (1.8 cm)", f"{pixels_per_die(height):.1f} px"),
        ("needed for reading", f"at least {MIN_PX_PER_DIE:.0f} px"),
    ]
    return "\n".join(["| | |", "|---|---|", *(f"| {k} | {v} |" for k, v in rows)])
