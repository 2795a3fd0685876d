"""Read an image file as a BGR frame, or write one, with a clear error for anything else."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import cv2
import numpy as np

from vision.errors import VisionError
from vision.words import _


def read_image(path: str | Path) -> np.ndarray:
    """The image at `path` as BGR uint8; VisionError if it is missing or not an image (in
    vision's words: a recorded session's frame that is not one is said on the page)."""
    p = Path(path)
    if p.is_dir():
        raise VisionError(
            _("{path} is a folder (give the path of a JPEG or PNG image in it)", path=str(p))
        )
    if not p.is_file():
        raise VisionError(
            _("{path} does not exist (give the path of a JPEG or PNG image)", path=str(p))
        )
    frame = cv2.imread(str(p), cv2.IMREAD_COLOR)
    if frame is None:
        raise VisionError(
            _("{path} is not an image, or is damaged (give a JPEG or PNG)", path=str(p))
        )
    return np.asarray(frame)


WRITABLE = (".png", ".jpg", ".jpeg")


def check_picture_name(path: str | Path, option: str = "") -> None:
    """VisionError unless `path` (given as `option`) names a picture we can write: checked
    before long work, so a typo does not waste it."""
    if Path(path).suffix.lower() not in WRITABLE:
        if option:
            raise VisionError(
                _(
                    "{option} {path}: give a picture name ending in .png or .jpg",
                    option=option,
                    path=str(path),
                )
            )
        raise VisionError(
            _("cannot write {path}: give a picture name ending in .png or .jpg", path=str(path))
        )


def write_image(path: str | Path, image: np.ndarray) -> None:
    """Write `image` to `path` (.png or .jpg); VisionError saying why if it cannot be."""
    check_picture_name(path)
    p = Path(path)
    try:
        written = cv2.imwrite(str(p), image)
    except cv2.error:
        written = False
    if not written:
        raise VisionError(
            _("cannot write {path}: check the folder exists and may be written to", path=str(p))
        )


Found = TypeVar("Found")


def read_picture(
    image: str | Path,
    read: Callable[[np.ndarray], Sequence[Found]],
    annotate: str | Path | None = None,
    draw: Callable[[np.ndarray, Sequence[Found]], np.ndarray] | None = None,
) -> Sequence[Found]:
    """What `read` finds in the picture `image` (dice or cards); with `annotate`, the
    picture with what was found drawn by `draw` is written there (its name checked first)."""
    if annotate:
        check_picture_name(annotate, "--annotate")
    frame = read_image(image)
    found = read(frame)
    if annotate and draw is not None:
        write_image(annotate, draw(frame, found))
    return found
