"""A card set: the kinds of card of one deck (colour and value of each) and the small model
that tells them apart. Like a face set (vision.faceset) it is data, one `.npz`, never a code
path: `vision.cards.teach` writes one from labelled photos, `CardReader.load(NAME)` reads it.

The model: a softmax over the card's features (vision.cards.symbol: its centre symbol's
mask as the symbol network sees it, the mask's proportions, the card's colours) whose
classes are the set's values and one more, *not a card*; each value's centroid (a cut less
similar than `familiar` to all of them is like no card of the set); a softmax over the
colour features (vision.cards.colour) for the colours; the two thresholds below which a
value or a colour is `unknown`; and the fingerprint of the symbol network it was fitted on.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from vision import setfile
from vision.errors import SetAside, VisionError
from vision.nets import softmax
from vision.words import Quoted, Said, _

SHIPPED = Path(__file__).parent / "sets"


def user_dir() -> Path:
    """Where taught card sets go: $XDG_CONFIG_HOME/dicetable/cardsets (~/.config/...)."""
    return setfile.user_dir("cardsets")


def user_path(name: str) -> Path:
    return user_dir() / f"{name}.npz"


class CardSetError(VisionError):
    """A card set that does not exist or cannot be read."""


class CardSetAside(CardSetError, SetAside):
    """A card set the table was taught that could not be read, moved aside: loaded again,
    its name reads the shipped set of that name (if there is one)."""


@dataclass(frozen=True)
class CardSet:
    name: str
    values: tuple[str, ...]  # the value model's classes (then one more: not a card)
    colors: tuple[str, ...]
    kinds: tuple[tuple[str, str], ...]  # (colour, value) of every kind of card in the deck
    weights: np.ndarray  # (embedding, values + 1)
    bias: np.ndarray  # (values + 1,)
    centroids: np.ndarray  # (values, embedding), unit length
    familiar: float
    color_weights: np.ndarray  # (colour features, colors)
    color_bias: np.ndarray  # (colors,)
    threshold: float  # a value below this probability is unknown
    color_threshold: float  # a colour below this probability is unknown
    embedding: str  # fingerprint of the embedding the set was fitted on
    facedown: str = "back"  # the value class that is a card lying face down ("": none)
    other: str = ""  # the value class that is a card of no kind of the deck ("": none)

    def value_probabilities(self, features: np.ndarray) -> np.ndarray:
        """(n, values + 1) from embeddings (n, views, embedding): each class scores its best
        view (a card is cut both ways up), so the reading does not depend on which."""
        return softmax((features @ self.weights + self.bias).max(axis=1))

    def similarity(self, features: np.ndarray) -> np.ndarray:
        """(n,) cosine similarity of each card's best view to its nearest value centroid."""
        return np.asarray((features @ self.centroids.T).max(axis=(1, 2)))

    def color_probabilities(self, features: np.ndarray) -> np.ndarray:
        """(n, colors) from colour features (n, vision.cards.colour.FEATURES)."""
        return softmax(features @ self.color_weights + self.color_bias)

    def colors_of(self, value: str) -> list[str]:
        """The colours a card of `value` comes in, in this deck."""
        return [c for c, v in self.kinds if v == value]

    def save(self, path: str | Path) -> Path:
        meta = {
            "format": "card-set/1",
            "name": self.name,
            "values": list(self.values),
            "colors": list(self.colors),
            "kinds": [list(k) for k in self.kinds],
            "familiar": self.familiar,
            "threshold": self.threshold,
            "color_threshold": self.color_threshold,
            "embedding": self.embedding,
            "facedown": self.facedown,
            "other": self.other,
        }
        arrays = {
            "weights": self.weights,
            "bias": self.bias,
            "centroids": self.centroids,
            "color_weights": self.color_weights,
            "color_bias": self.color_bias,
        }
        return setfile.save(path, meta, arrays)


def load(name_or_path: str | Path) -> CardSet:
    """A card set by name (taught ones first, then shipped: "cards") or .npz path."""
    path = setfile.find(name_or_path, user_dir(), SHIPPED)
    if not path.is_file():
        raise CardSetError(
            _(
                "no card set {name} (shipped: {known}; or teach one from photos of your deck: "
                "dicetable vision teach DIR --name NAME)",
                name=Quoted(str(name_or_path)),
                known=list(shipped()) or "-",
            )
        )
    try:
        meta, data = setfile.read(path)
        if meta.get("format") != "card-set/1":
            raise ValueError("not a card set (a face set? read dice with --faces)")
        return CardSet(
            name=str(meta["name"]),
            values=tuple(meta["values"]),
            colors=tuple(meta["colors"]),
            kinds=tuple((str(c), str(v)) for c, v in meta["kinds"]),
            weights=data["weights"],
            bias=data["bias"],
            centroids=data["centroids"],
            familiar=float(meta["familiar"]),
            color_weights=data["color_weights"],
            color_bias=data["color_bias"],
            threshold=float(meta["threshold"]),
            color_threshold=float(meta["color_threshold"]),
            embedding=str(meta["embedding"]),
            facedown=str(meta.get("facedown", "")),
            other=str(meta.get("other", "")),
        )
    except (OSError, KeyError, ValueError, TypeError) as error:
        # (a file that reads but is no set; one the system cannot read now stays put)
        if not isinstance(error, OSError) and setfile.taught_one(name_or_path, path, user_dir()):
            kept = setfile.set_aside(path)
            if kept is not None:
                raise CardSetAside(_set_aside(str(name_or_path), path, kept)) from None
        raise CardSetError(
            _("{path} is not a card set file ({why})", path=str(path), why=str(error))
        ) from None


def _set_aside(name: str, path: Path, kept: Path) -> Said:
    if (SHIPPED / f"{name}.npz").is_file():
        return _(
            "the card set {name} this table was taught could not be read ({file} is damaged, "
            "or no set): it is set aside as {kept}, and the cards are read with the set as "
            "shipped; teach your cards again (Teach your cards)",
            name=name,
            file=str(path),
            kept=kept.name,
        )
    return _(
        "the card set {name} this table was taught could not be read ({file} is damaged, "
        "or no set): it is set aside as {kept}; teach your cards again (Teach your cards)",
        name=name,
        file=str(path),
        kept=kept.name,
    )


def shipped() -> list[str]:
    return setfile.names(SHIPPED)
