"""The `dice-labels/1` format: a folder of images and one labels.json.

See docs/vision.md. `box` is [x_min, y_min, x_max, y_max] in pixels around the die as
seen; `face` is the top face's name in the set's `face_set`; `color` is optional. We also
write (and read back) two optional fields of our own per die: `angle` (degrees in [0, 90),
the top face's rotation) and `cocked` (true for a die leaning on something).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vision.errors import VisionError

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

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"box": [round(v, 1) for v in self.box], "face": self.face}
        if self.color is not None:
            out["color"] = self.color
        if self.angle is not None:
            out["angle"] = round(self.angle, 1)
        if self.cocked:
            out["cocked"] = True
        return out


@dataclass(frozen=True)
class LabelledImage:
    file: str
    width: int
    height: int
    dice: tuple[LabelledDie, ...]


@dataclass
class LabelSet:
    face_set: str
    images: list[LabelledImage]
    root: Path = field(default_factory=Path)
    extra: dict[str, Any] = field(default_factory=dict)  # source, license, ...

    def path(self, image: LabelledImage) -> Path:
        return self.root / image.file


def load(folder: str | Path) -> LabelSet:
    """Read `folder/labels.json`; raise LabelsError with a clear message if it is not valid."""
    root = Path(folder)
    path = root / "labels.json"
    if not root.is_dir():
        raise LabelsError(f"{root} is not a folder (expected a folder with labels.json and images)")
    doc = read_document(
        path, FORMAT, "a dice-labels/1 folder needs a labels.json", f"in the {FORMAT} format"
    )
    try:
        images = [
            LabelledImage(
                file=str(im["file"]),
                width=int(im["width"]),
                height=int(im["height"]),
                dice=tuple(
                    LabelledDie(
                        box=tuple(float(v) for v in d["box"]),  # type: ignore[arg-type]
                        face=str(d["face"]),
                        color=d.get("color"),
                        angle=d.get("angle"),
                        cocked=bool(d.get("cocked", False)),
                    )
                    for d in im["dice"]
                ),
            )
            for im in doc["images"]
        ]
    except (KeyError, TypeError, ValueError) as error:
        raise LabelsError(f"{path}: an image or die entry is malformed ({error!r})") from None
    extra = {k: v for k, v in doc.items() if k not in ("format", "face_set", "images")}
    return LabelSet(face_set=str(doc.get("face_set", "")), images=images, root=root, extra=extra)


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
            "dice": [d.to_json() for d in im.dice],
        }
        for im in labels.images
    ]
    path = root / "labels.json"
    path.write_text(json.dumps(doc, indent=1) + "\n")
    return path
