"""A deck taught from photos named by their card, one card a photo: `red-7.jpg`,
`black-wild4.png`, `blue-reverse-2.jpg` (a number after the value: another photo of the
same kind). No labels.json to write: each photo's card is the one the card finder finds
in it, the largest where it finds more (a photo of one card on a plain table).

    dicetable vision teach my-deck-photos/ --name our-deck
"""

from __future__ import annotations

import re
from pathlib import Path

from vision import labels
from vision.cards import finder
from vision.cards.design import BLACK, COLORS, VALUES, WILDS
from vision.errors import VisionError
from vision.images import read_image
from vision.reader import check_frame

SUFFIXES = (".jpg", ".jpeg", ".png")
NAME = re.compile(r"(?P<colour>[a-z]+)[-_](?P<value>[a-z0-9]+)(?:[-_ ]\(?\d+\)?)?")


def photos(folder: str | Path) -> list[Path]:
    """The photos in `folder` (not its sub-folders), by name."""
    root = Path(folder)
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if p.is_file() and p.suffix.lower() in SUFFIXES)


def by_name(folder: str | Path) -> bool:
    """Whether `folder` holds photos named by their card rather than a dice-labels/1
    folder (labels.json)."""
    return Path(folder).is_dir() and not (Path(folder) / "labels.json").exists()


def _names_a_card(path: Path) -> bool:
    try:
        card_of(path)
    except VisionError:
        return False
    return True


def card_of(path: Path) -> tuple[str, str]:
    """(colour, value) a photo's name says; VisionError saying how to name it otherwise."""
    m = NAME.fullmatch(path.stem.lower())
    colour, value = (m["colour"], m["value"]) if m else ("", "")
    wild = value in WILDS
    if not m or value not in VALUES or (colour != BLACK if wild else colour not in COLORS):
        raise VisionError(
            f"{path.name}: name each photo COLOUR-VALUE (e.g. red-7.jpg, blue-skip.jpg, "
            f"black-wild4.jpg; red-7-2.jpg for a second photo): colours "
            f"{', '.join(COLORS)} (black for {' and '.join(WILDS)}), values "
            f"{', '.join(VALUES)}"
        )
    return colour, value


def label_set(folder: str | Path) -> labels.LabelSet:
    """The photos of `folder` as labelled cards (face set "cards"); VisionError naming the
    first photo whose name is not a card or in which no card is found."""
    shots = photos(folder)
    if not any(_names_a_card(path) for path in shots):
        # neither kind of teaching folder: say both ways (dice teach from labels.json)
        missing = "no photo named by its card" if shots else "no photos (.jpg or .png)"
        raise VisionError(
            f"{folder}: no labels.json and {missing}: to teach a deck, photograph each card "
            "alone on a plain table and name each photo by its card (red-7.jpg); to teach "
            "dice, give a dice-labels/1 folder (docs/vision.md) or --camera SOURCE"
        )
    cards = [card_of(path) for path in shots]  # every name checked before any photo is read
    images = []
    for path, (colour, value) in zip(shots, cards, strict=True):
        frame = check_frame(read_image(path))
        found = finder.find(frame)
        if not found:
            raise VisionError(
                f"{path.name}: no card found: photograph the card alone on a plain table, "
                "flat, whole and filling a good part of the photo"
            )
        card = max(found, key=lambda f: (f.box[2] - f.box[0]) * (f.box[3] - f.box[1]))
        corners = tuple((float(x), float(y)) for x, y in card.corners)
        die = labels.LabelledDie(card.box, value, colour, corners=corners)
        images.append(labels.LabelledImage(path.name, frame.shape[1], frame.shape[0], (die,)))
    return labels.LabelSet("cards", images, Path(folder))
