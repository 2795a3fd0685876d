"""The `dice-labels/1` format: a folder of images and one labels.json.

See docs/vision.md. `box` is [x_min, y_min, x_max, y_max] in pixels around the die as
seen; `face` is the top face's name in the set's `face_set`; `color` is optional. Two
optional fields of the format say what a label does not tell: `complete: false` on an
image (not every die in it is labelled: it gives no detection figures) and `readable:
false` on a die (a person cannot tell its face: it counts for detection, not for faces).
We also write (and read back) optional fields of our own per die: `angle` (degrees in
[0, 90), the top face's rotation), `cocked` (true for a die leaning on something) and, for
cards, `corners` (the card's four corners [[x, y], ...] clockwise, as seen).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from vision.errors import VisionError
from vision.images import read_image

FORMAT = "dice-labels/1"


class LabelsError(VisionError):
    """A labels folder that is missing, unreadable or not in the dice-labels/1 format."""


@dataclass(frozen=True)
class LabelledDie:
    box: tuple[float, float, float, float]
    face: str
    color: str | None = None
    angle: float | None = None
    cocked: bool = False
    readable: bool = True  # False: a person cannot tell the face (no face figures)
    corners: tuple[tuple[float, float], ...] | None = None  # a card's four corners

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"box": [round(v, 1) for v in self.box], "face": self.face}
        if self.color is not None:
            out["color"] = self.color
        if self.angle is not None:
            out["angle"] = round(self.angle, 1)
        if self.cocked:
            out["cocked"] = True
        if not self.readable:
            out["readable"] = False
        if self.corners is not None:
            out["corners"] = [[round(x, 1), round(y, 1)] for x, y in self.corners]
        return out


@dataclass(frozen=True)
class LabelledImage:
    file: str
    width: int
    height: int
    dice: tuple[LabelledDie, ...]
    complete: bool = True  # False: not every die is labelled (no detection figures)
    origin: str = ""  # the photo it was made from, where a set names it (rune55)


@dataclass
class LabelSet:
    face_set: str
    images: list[LabelledImage]
    root: Path = field(default_factory=Path)
    extra: dict[str, Any] = field(default_factory=dict)  # source, license, ...

    def path(self, image: LabelledImage) -> Path:
        return self.root / image.file

    def frame(self, image: LabelledImage) -> np.ndarray:
        """The image's photo as BGR uint8; LabelsError if labels.json names a photo that is
        not there, VisionError (read_image) if it is no image."""
        path = self.path(image)
        if not path.is_file():
            raise LabelsError(f"{path} is named in labels.json but is not there")
        return read_image(path)


def load(folder: str | Path) -> LabelSet:
    """Read `folder/labels.json`; raise LabelsError with a clear message if it is not valid."""
    root = Path(folder)
    path = root / "labels.json"
    if not root.is_dir():
        raise LabelsError(f"{root} is not a folder (expected a folder with labels.json and images)")
    doc = read_document(
        path, FORMAT, "a dice-labels/1 folder needs a labels.json", f"in the {FORMAT} format"
    )
    entries = doc.get("images")
    if not isinstance(entries, list):
        raise LabelsError(f"{path}: 'images' must be a list of images")
    images = [_image(im, f"{path}: images[{i}]") for i, im in enumerate(entries)]
    extra = {k: v for k, v in doc.items() if k not in ("format", "face_set", "images")}
    return LabelSet(face_set=str(doc.get("face_set", "")), images=images, root=root, extra=extra)


def _image(im: Any, where: str) -> LabelledImage:
    """One entry of `images`; LabelsError naming the entry (`where`) and what is wrong."""
    fields = ("file", "width", "height", "dice")
    missing = [k for k in fields if k not in im] if isinstance(im, dict) else list(fields)
    if missing:
        raise LabelsError(f"{where}: an image needs {', '.join(missing)}")
    where = f"{where} ({im['file']})"
    if not isinstance(im["dice"], list):
        raise LabelsError(f"{where}: 'dice' must be a list")
    try:
        size = int(im["width"]), int(im["height"])
    except (TypeError, ValueError):
        raise LabelsError(f"{where}: width and height must be whole numbers") from None
    dice = tuple(_die(d, f"{where}, dice[{k}]") for k, d in enumerate(im["dice"]))
    complete = _flag(im, "complete", where)
    return LabelledImage(str(im["file"]), *size, dice, complete, str(im.get("origin", "")))


def _die(d: Any, where: str) -> LabelledDie:
    if not isinstance(d, dict) or "box" not in d or "face" not in d:
        raise LabelsError(f"{where}: a die needs a box and a face")
    return LabelledDie(
        box=box_of(d["box"], where),
        face=str(d["face"]),
        color=d.get("color"),
        angle=d.get("angle"),
        cocked=bool(d.get("cocked", False)),
        readable=_flag(d, "readable", where),
        corners=_corners(d.get("corners"), where),
    )


def _corners(value: Any, where: str) -> tuple[tuple[float, float], ...] | None:
    """An optional list of four [x, y] corners; LabelsError naming `where` if malformed."""
    if value is None:
        return None
    try:
        corners = tuple((float(x), float(y)) for x, y in value)
    except (TypeError, ValueError):
        corners = ()
    if len(corners) != 4:
        raise LabelsError(f"{where}: corners must be four [x, y] points, not {value!r}")
    return corners


def _flag(entry: dict[str, Any], name: str, where: str) -> bool:
    """An optional true/false field that is true when absent; LabelsError if it is no bool."""
    value = entry.get(name, True)
    if not isinstance(value, bool):
        raise LabelsError(f"{where}: {name!r} must be true or false, not {value!r}")
    return value


def box_of(value: Any, where: str) -> tuple[float, float, float, float]:
    """A box [x_min, y_min, x_max, y_max] with x_min < x_max and y_min < y_max; LabelsError
    naming `where` if `value` is not one."""
    try:
        box = tuple(float(v) for v in value)
    except (TypeError, ValueError):
        box = ()
    if len(box) != 4 or not (box[0] < box[2] and box[1] < box[3]):
        raise LabelsError(f"{where}: box must be [x_min, y_min, x_max, y_max], not {value!r}")
    return box


def read_document(path: Path, fmt: str, missing: str, what: str) -> dict[str, Any]:
    """A JSON file whose "format" is `fmt`; LabelsError saying what is wrong if it is not
    (`missing`: what to do when it is not there; `what`: what it should be)."""
    try:
        doc = json.loads(path.read_text())
    except FileNotFoundError:
        raise LabelsError(f"{path} not found: {missing}") from None
    except (OSError, json.JSONDecodeError) as error:
        raise LabelsError(f"{path} is not readable JSON ({error})") from None
    if not isinstance(doc, dict) or doc.get("format") != fmt:
        raise LabelsError(f"{path} is not {what} (its 'format' field must be {fmt!r})")
    return doc


def save(labels: LabelSet, folder: str | Path | None = None) -> Path:
    """Write labels.json into `folder` (default: the set's own root)."""
    root = Path(folder) if folder is not None else labels.root
    root.mkdir(parents=True, exist_ok=True)
    doc: dict[str, Any] = {"format": FORMAT, "face_set": labels.face_set, **labels.extra}
    doc["images"] = [
        {
            "file": im.file,
            "width": im.width,
            "height": im.height,
            **({} if im.complete else {"complete": False}),
            **({"origin": im.origin} if im.origin else {}),
            "dice": [d.to_json() for d in im.dice],
        }
        for im in labels.images
    ]
    path = root / "labels.json"
    path.write_text(json.dumps(doc, indent=1) + "\n")
    return path
