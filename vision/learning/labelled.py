"""Examples of a set cut from labelled photos (a person's label: certain), as the table
would keep them; and the one real edition beside the repo labelled die by die
(shared/data/kot-frames/origins), for what measures the learning on real dice."""

from __future__ import annotations

from vision import labels
from vision.errors import VisionError
from vision.learning.cuts import crop_of, encode
from vision.learning.store import NewExample
from vision.paths import data_dir

# its teaching frames, then its test frames
REAL = ("kot-frames/origins/teach", "kot-frames/origins/test")


def labelled_examples(frames: labels.LabelSet, part: str) -> list[NewExample]:
    """Every readable, flat labelled die of `frames`, cut from its labelled box."""
    out = []
    for image in frames.images:
        frame = frames.frame(image)
        for i, die in enumerate(image.dice):
            if not die.readable or die.cocked:
                continue
            out.append(
                NewExample(
                    face=die.face,
                    crop=encode(crop_of(frame, die.box)),
                    angle=float(die.angle or 0.0),
                    certain=True,
                    source="taught",
                    color=die.color,
                    key=f"{part} {image.file} die {i}",
                )
            )
    return out


def real_examples(n: int) -> tuple[str, list[NewExample]]:
    """(the face set, n examples of its real dice): the labelled dice of REAL in order."""
    face_set, out = "", []
    for part in REAL:
        folder = data_dir(part)
        if folder is None:
            raise VisionError(f"the real frames (shared/data/{part}) are not beside the repo")
        frames = labels.load(folder)
        face_set = face_set or frames.face_set
        out += labelled_examples(frames, part.rsplit("/", 1)[-1])
        if len(out) >= n:
            return face_set, out[:n]
    raise VisionError(f"only {len(out)} labelled dice in {', '.join(REAL)}, {n} wanted")
