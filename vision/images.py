"""Read an image file as a BGR frame, with a clear error for anything else."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.errors import VisionError


def read_image(path: str | Path) -> np.ndarray:
    """The image at `path` as BGR uint8; VisionError if it is missing or not an image."""
    p = Path(path)
    if p.is_dir():
        raise VisionError(f"{p} is a folder (give the path of a JPEG or PNG image in it)")
    if not p.is_file():
        raise VisionError(f"{p} does not exist (give the path of a JPEG or PNG image)")
    frame = cv2.imread(str(p), cv2.IMREAD_COLOR)
    if frame is None:
        raise VisionError(f"{p} is not an image OpenCV can read (give a JPEG or PNG)")
    return np.asarray(frame)
