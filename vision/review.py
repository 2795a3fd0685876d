"""Label reviews: what a person found wrong in a labelled photo set we do not own.

The real photos' labels were made by hand by others and hold a few mistakes (their README
asks us to report any rather than silently drop hard images). A review is that report, as
data (`vision/reviews/NAME.json`, format `dice-labels-review/1`): each change names a photo,
the labelled box it changes (or none, for a die nobody labelled), the face the labels give,
the face a person sees, and why; or a photo in which not every die is labelled (dice of
another kind nobody labelled: it gives no detection figures and teaches nothing as "no
die", `complete: false` in dice-labels/1). Figures are quoted against the labels as given; a review
is applied only where asked (`dicetable vision eval --review FILE`) and when teaching
from the photos, so nothing learns a face that is not there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from vision.labels import LabelledDie, LabelsError, LabelSet, box_of, read_document
from vision.paths import PACKAGE

FORMAT = "dice-labels-review/1"
REVIEWS = PACKAGE / "reviews"
SAME_BOX = 0.5  # pixels: a change's box names a labelled die when every side is this close


@dataclass(frozen=True)
class Change:
    file: str
    box: tuple[float, float, float, float]
    face: str  # what a person sees
    was: str | None  # what the labels say; None: the die is not labelled at all
    why: str


@dataclass(frozen=True)
class Incomplete:
    """A photo in which a person sees dice nobody labelled."""

    file: str
    why: str


def load(path: str | Path) -> list[Change | Incomplete]:
    """The changes of a review file; LabelsError if it is not one."""
    path = Path(path)
    doc = read_document(path, FORMAT, f"a review is a {FORMAT} JSON file", "a label review")
    try:
        incomplete: list[Change | Incomplete] = [
            Incomplete(str(c["file"]), str(c["why"])) for c in doc.get("incomplete", [])
        ]
        return incomplete + [
            Change(
                file=str(c["file"]),
                box=box_of(c["box"], f"{path}: changes[{i}]"),
                face=str(c["face"]),
                was=None if c["was"] is None else str(c["was"]),
                why=str(c["why"]),
            )
            for i, c in enumerate(doc["changes"])
        ]
    except (KeyError, TypeError) as error:
        raise LabelsError(f"{path}: a change is malformed ({error!r})") from None


def shipped(label_set: LabelSet) -> Path | None:
    """Our review of a photo set, if we made one: by its folder's name, or its parent's and
    its own for the parts of a set (`rune55/held-out`: reviews/rune55-held-out.json)."""
    root = label_set.root.resolve()
    for name in (f"{root.parent.name}-{root.name}", root.name):
        path = REVIEWS / f"{name}.json"
        if path.is_file():
            return path
    return None


def reviewed(label_set: LabelSet) -> LabelSet:
    """The labels with our review of them applied, if we made one (else as they are)."""
    path = shipped(label_set)
    return apply(label_set, load(path)) if path else label_set


def apply(label_set: LabelSet, changes: Sequence[Change | Incomplete]) -> LabelSet:
    """The labels with the review's changes made. A change that does not fit these labels
    (no such photo, no labelled die at its box, another face labelled there) is an error:
    the review was made for other labels."""
    images = {im.file: im for im in label_set.images}
    for c in changes:
        image = images.get(c.file)
        if image is None:
            raise LabelsError(f"the review names {c.file}, which these labels do not have")
        if isinstance(c, Incomplete):
            images[c.file] = replace(image, complete=False)
            continue
        at = [i for i, d in enumerate(image.dice) if _same(d.box, c.box)]
        if c.was is None:
            if at:
                raise LabelsError(f"the review adds a die to {c.file} at {c.box}: one is there")
            dice = (*image.dice, LabelledDie(box=c.box, face=c.face))
        else:
            if not at or image.dice[at[0]].face != c.was:
                raise LabelsError(
                    f"the review changes a {c.was} at {c.box} in {c.file}: these labels have none"
                )
            dice = tuple(
                replace(d, face=c.face) if i == at[0] else d for i, d in enumerate(image.dice)
            )
        images[c.file] = replace(image, dice=dice)
    return replace(label_set, images=[images[im.file] for im in label_set.images])


def _same(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return all(abs(x - y) <= SAME_BOX for x, y in zip(a, b, strict=True))
