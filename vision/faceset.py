"""A face set: the faces a kind of die shows, its colours, and the small model that tells
them apart. A face set is data (vision/facesets/NAME.npz), never a code path: `teach`
writes one from labelled photos, `DiceReader.load(NAME)` reads it back.

The model is a linear softmax over a patch embedding (vision.patches.embed) plus colour
centroids; `classify` returns the face and its probability.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from vision import setfile
from vision.errors import SetAside, VisionError
from vision.nets import softmax
from vision.words import Quoted, Said, SetName, _

SHIPPED = Path(__file__).parent / "facesets"
COCKED = 0.9  # cocked classifier's probability from which a die counts as leaning (default)
NEVER = 1.01  # a probability threshold no probability reaches
LATER = "later"  # a later set's arrays in a set file: "later0_weights", ... (FaceSet.later)


def user_dir() -> Path:
    """Where `teach` puts face sets: $XDG_CONFIG_HOME/dicetable/facesets (~/.config/...)."""
    return setfile.user_dir("facesets")


def user_path(name: str) -> Path:
    return user_dir() / f"{name}.npz"


class FaceSetError(VisionError):
    """A face set that does not exist or cannot be read."""


class FaceSetAside(FaceSetError, SetAside):
    """A face set the table was taught that could not be read, moved aside: loaded again,
    its name reads the shipped set of that name (if there is one)."""


@dataclass(frozen=True)
class FaceSet:
    name: str
    faces: tuple[str, ...]
    colors: tuple[str, ...]  # empty when the set does not tell colours
    weights: np.ndarray  # (embedding, faces)
    bias: np.ndarray  # (faces,)
    centroids: np.ndarray  # (faces, embedding): each face's mean embedding, unit length
    familiar: float  # a patch less similar than this to every centroid is no face of ours
    color_weights: np.ndarray  # (colour features, colors): softmax over the die colours
    color_bias: np.ndarray  # (colors,)
    threshold: float  # below this probability a reading is "unknown"
    embedding: str  # fingerprint of the embedding model the weights were fitted on
    # How the taught labels draw boxes against the finder (a labelling habit): a found box
    # of side s is reported with side exp(a) * s ** b, (a, b) = box_fit. Hand-drawn boxes
    # are often loose on small dice and tight on big ones (b < 1).
    box_fit: tuple[float, float] = (0.0, 1.0)
    # The fits of a finder's later passes (vision.detect.PASSES), in order: a pass that sees
    # dice at another size draws its boxes otherwise, and the photos it finds are other
    # people's, whose labels draw boxes their own way. A pass without one uses `box_fit`.
    box_fits: tuple[tuple[float, float], ...] = ()
    views: int = 1  # quarter turns of each patch embedded and averaged (vision.nets.embed)
    # The softmax has one more class after the faces: "not one of our dice", taught from
    # what the finder took for a die in the teaching photos where no die was labelled
    # (tray corners, holes, shadows, coins) and in frames of sensor noise. Every set taught
    # now has it; older files without it still load.
    rejects: bool = False
    # The networks (files of vision/models) the set reads with: its dice are found by
    # `finder_file` and embedded by `embedding_file` (whose fingerprint is `embedding`).
    # Kinds of dice may read best with networks of their own (vision.build_shipped).
    # `finder_file` may be several passes (vision.detect.PASSES: "a.onnx+b.onnx@160").
    finder_file: str = "finder.onnx"
    embedding_file: str = "embedding.onnx"
    # A pass for frames of small dice ("FILE@WIDTH", vision.detect.PASSES' form; "": none):
    # where the finder's last pass was opened and its finds are small (vision.reader,
    # SMALL_SIDE), the frame is also searched at WIDTH, its finds read by the last pass's
    # set; a phone photo of a table holds dice of 8-40 px of 640, a few at 320 px.
    small_finder: str = ""
    # How far in a die's face patch is cut: the found side divided by `zoom`. A d4's result
    # is the glyph at its top vertex, in the middle of the die (its other glyphs lie at its
    # outer corners): its patch shows the middle only.
    zoom: float = 1.0
    # The cocked network's probability from which a die of the set leans (vision.nets.cocked,
    # taught on cubes); above 1, never: the network cannot tell the set's dice leaning (a
    # d4 always shows sloping faces).
    cocked: float = COCKED
    # Where a die's place in its frame is known (vision.reader reads a frame), the
    # probability of the cocked network that sees it (vision.nets.cocked_placed) from which
    # a die of the set leans, instead of `cocked`; above 1: that network is not asked.
    cocked_placed: float = NEVER
    # A die `cocked` flags and that network clears ("freed": most often a flat die far off
    # the camera's axis, its face foreshortened, hard to read) is read only where its face's
    # probability is this or more (and its own threshold); 0: as any die.
    freed_threshold: float = 0.0
    # What its dice look like, per colour role (in `colors` order; one for a set without
    # colours): the mean of their colour features (vision.reader.color_features), the
    # inverse of their covariance (light, exposure and tint move the features together) and
    # the distance within which nearly all of them lie. A throw mixing kinds of dice
    # (vision.mixed) gives a die to a set only if it looks like its dice: the embedding
    # hardly sees colour, and a claw is a claw on any die. Empty: not known.
    look_mean: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.float32))
    look_precision: np.ndarray = field(default_factory=lambda: np.zeros((0, 0, 0), np.float32))
    look_radius: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32))
    # Colour by look (optional; vision.looks): a small network over the colour features
    # whose classes are looks, each of one role (`look_roles`: index in `colors`): the
    # set's own dice of each role (`look_home`) apart from the other editions' dice it
    # learned. One softmax over every edition's colours weighs the role (is the glyph
    # lighter?) over a look's own colours and calls a bright green die with dark glyphs,
    # as the set's own extra dice are, `black` when a highlight makes it look otherwise.
    # Empty: colour by the softmax `color_weights`.
    look_net: tuple[np.ndarray, ...] = ()  # (W1, b1, W2, b2): features -> hidden -> looks
    look_roles: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    look_home: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))
    # The set's own dice (its home looks) are read by a softmax of their own, taught on them
    # alone, with a threshold calibrated on held-out renders of them (`home_threshold`),
    # where the look network is sure at `home_from` or more that a die is one of them and
    # both softmaxes name the same face; every other die as above. Above 1: never.
    home_weights: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.float32))
    home_bias: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32))
    home_threshold: float = NEVER
    home_from: float = NEVER
    # A d4 read from its glyphs cut flat at the vertices the vertex network finds
    # (vision.d4_read): a softmax over the cuts' grey levels (vision.d4_cuts.pixel_features
    # -> faces), each result's other glyphs in their order round the top vertex (faces, 3:
    # the die's chirality), and the probability of the result from which a die is read
    # (calibrated on held-out dice read so). Its embedding softmax still says which finds
    # are none of its dice. Empty: the faces are read by the embedding softmax.
    glyph_weights: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.float32))
    glyph_bias: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32))
    chirality: np.ndarray = field(default_factory=lambda: np.zeros((0, 3), np.int64))
    glyph_threshold: float = NEVER
    # Sets of their own for the finds of the finder's later passes (vision.detect.PASSES),
    # in order (a pass without one: this set reads its finds too). A later pass reads the
    # frames in which the earlier ones read no face (other people's dice on other tables,
    # close-ups), with a set taught on them and its own embedding; the first pass's dice
    # are read as by the first set alone (vision.reader.DiceReader.read_frame).
    later: tuple[FaceSet, ...] = ()

    @property
    def reads_glyphs(self) -> bool:
        return len(self.glyph_bias) > 0

    def look_distance(self, features: np.ndarray) -> np.ndarray | None:
        """How unlike the set's dice each die looks (n,), from colour features (n, k): 1 at
        the edge of nearly all of its own dice; None when the set does not know its look."""
        if not len(self.look_radius):
            return None
        diff = features[:, None, :] - self.look_mean[None]
        squared = np.einsum("nrk,rkl,nrl->nr", diff, self.look_precision, diff)
        d = np.sqrt(np.maximum(squared, 0) / features.shape[1]) / self.look_radius[None]
        return np.asarray(d.min(axis=1))

    def face_side(self, side: float) -> float:
        """The side of the face patch cut from a die found with `side` (vision.patches.cut)."""
        return side / self.zoom

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        """Class probabilities (n, faces [+ 1 when `rejects`]) from embeddings (n, views,
        embedding).

        Each patch is embedded in several views (its quarter turns); a face scores its best
        view, so the reading does not depend on which way the die lies.
        """
        return softmax((features @ self.weights + self.bias).max(axis=1))

    def similarity(self, features: np.ndarray) -> np.ndarray:
        """(n,) cosine similarity of each patch's best view to its nearest face centroid."""
        return np.asarray((features @ self.centroids.T).max(axis=(1, 2)))

    def box_factor(self, side: float, finder_pass: int = 0) -> float:
        """How much to grow a box of `side` pixels found by the finder's pass `finder_pass`
        to draw it as the labels do."""
        later = self.box_fits[finder_pass - 1 : finder_pass] if finder_pass > 0 else ()
        a, b = later[0] if later else self.box_fit
        return float(np.exp(a + (b - 1.0) * np.log(max(side, 1.0))))

    def color_of(self, features: np.ndarray) -> tuple[str | None, float]:
        """The die colour from its colour features (vision.reader.color_features), with its
        probability; None when the set has no colours."""
        if not self.colors:
            return None, 1.0
        if self.look_net:
            looks = self.look_probabilities(features[None])[0]
            p = np.bincount(self.look_roles, looks, minlength=len(self.colors))
        else:
            p = softmax(features @ self.color_weights + self.color_bias)
        best = int(np.argmax(p))
        return self.colors[best], float(p[best])

    def look_probabilities(self, features: np.ndarray) -> np.ndarray:
        """(n, looks): each look's probability from colour features (n, k) (`look_net`)."""
        w1, b1, w2, b2 = self.look_net
        return softmax(np.maximum(features @ w1 + b1, 0) @ w2 + b2)

    @property
    def has_home(self) -> bool:
        return bool(self.look_net) and self.home_from <= 1 and len(self.home_bias) > 0

    def read_faces(
        self, features: np.ndarray, colours: np.ndarray | None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Class probabilities (as `probabilities`) and the threshold each die is read at,
        from embeddings (n, views, embedding) and colour features (n, k): the set's own dice
        by its home softmax where it has one (see `home_weights`)."""
        probs = self.probabilities(features)
        thresholds = np.full(len(probs), self.threshold)
        if not self.has_home or colours is None or not len(probs):
            return probs, thresholds
        home = self.look_probabilities(colours)[:, self.look_home].sum(axis=1)
        own = softmax((features @ self.home_weights + self.home_bias).max(axis=1))
        n = len(self.faces)
        same = own.argmax(axis=1) == probs[:, :n].argmax(axis=1)  # a face, and the same one
        use = (home >= self.home_from) & same
        probs = np.where(use[:, None], own, probs)
        return probs, np.where(use, self.home_threshold, thresholds)

    def save(self, path: str | Path) -> Path:
        meta, arrays = self._parts()
        for k, other in enumerate(self.later):
            more, more_arrays = other._parts()
            meta.setdefault("later", []).append(more)
            arrays |= {f"{LATER}{k}_{name}": a for name, a in more_arrays.items()}
        return setfile.save(path, meta, arrays)

    def _parts(self) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
        """The set's meta and arrays, as its file holds them (less its `later` sets)."""
        meta = {
            "name": self.name,
            "faces": list(self.faces),
            "colors": list(self.colors),
            "threshold": self.threshold,
            "familiar": self.familiar,
            "box_fit": list(self.box_fit),
            "box_fits": [list(f) for f in self.box_fits],
            "views": self.views,
            "rejects": self.rejects,
            "embedding": self.embedding,
            "finder_file": self.finder_file,
            "small_finder": self.small_finder,
            "embedding_file": self.embedding_file,
            "zoom": self.zoom,
            "cocked": self.cocked,
            "cocked_placed": self.cocked_placed,
            "freed_threshold": self.freed_threshold,
            "home_threshold": self.home_threshold,
            "home_from": self.home_from,
            "glyph_threshold": self.glyph_threshold,
        }
        arrays = {
            "weights": self.weights,
            "bias": self.bias,
            "color_weights": self.color_weights,
            "color_bias": self.color_bias,
            "centroids": self.centroids,
            "look_mean": self.look_mean,
            "look_precision": self.look_precision,
            "look_radius": self.look_radius,
            "look_roles": self.look_roles,
            "look_home": self.look_home,
            "home_weights": self.home_weights,
            "home_bias": self.home_bias,
            "glyph_weights": self.glyph_weights,
            "glyph_bias": self.glyph_bias,
            "chirality": self.chirality,
            **{f"look_net_{i}": a for i, a in enumerate(self.look_net)},
        }
        return meta, arrays


def load(name_or_path: str | Path) -> FaceSet:
    """A face set by name (taught ones first, then shipped: "kot", "d6-pips") or .npz path."""
    path = setfile.find(name_or_path, user_dir(), SHIPPED)
    if Path(name_or_path).suffix == ".npz" and not path.is_file():
        raise FaceSetError(_("there is no file {path} (a face set file, .npz)", path=str(path)))
    if not path.is_file():
        raise FaceSetError(
            _(
                "no face set {name} (shipped: {known}; or teach one: dicetable vision teach DIR "
                "--name NAME)",
                name=Quoted(str(name_or_path)),
                known=list(shipped()) or "-",
            )
        )
    try:
        meta, data = setfile.read(path)
        later = tuple(
            _from(
                more,
                {k.split("_", 1)[1]: a for k, a in data.items() if k.startswith(f"{LATER}{i}_")},
            )
            for i, more in enumerate(meta.get("later", []))
        )
        return dataclasses.replace(_from(meta, data), later=later)
    except (OSError, KeyError, ValueError) as error:
        # (a file that reads but is no set; one the system cannot read now stays put)
        if not isinstance(error, OSError) and setfile.taught_one(name_or_path, path, user_dir()):
            kept = setfile.set_aside(path)
            if kept is not None:
                raise FaceSetAside(_set_aside(str(name_or_path), path, kept)) from None
        raise FaceSetError(
            _("{path} is not a face set file ({why})", path=str(path), why=str(error))
        ) from None


def _set_aside(name: str, path: Path, kept: Path) -> Said:
    if (SHIPPED / f"{name}.npz").is_file():
        return _(
            "the set of {name} this table was taught could not be read ({file} is damaged, or "
            "no set): it is set aside as {kept}, and its dice are read with the set as "
            "shipped; teach them again (Teach your dice), or put an earlier version in use "
            "(Dice sets)",
            name=set_name(name),
            file=str(path),
            kept=kept.name,
        )
    return _(
        "the set of {name} this table was taught could not be read ({file} is damaged, or no "
        "set): it is set aside as {kept}; teach the dice again (Teach your dice), or put an "
        "earlier version in use (Dice sets)",
        name=set_name(name),
        file=str(path),
        kept=kept.name,
    )


def _from(meta: dict[str, Any], data: dict[str, np.ndarray]) -> FaceSet:
    """A set from its meta and arrays (as FaceSet._parts made them)."""
    return FaceSet(
        name=meta["name"],
        faces=tuple(meta["faces"]),
        colors=tuple(meta["colors"]),
        weights=data["weights"],
        bias=data["bias"],
        color_weights=data["color_weights"],
        color_bias=data["color_bias"],
        centroids=data["centroids"],
        familiar=float(meta["familiar"]),
        threshold=float(meta["threshold"]),
        embedding=str(meta["embedding"]),
        box_fit=_box_fit(meta),
        box_fits=tuple((float(a), float(b)) for a, b in meta.get("box_fits", [])),
        views=int(meta.get("views", 1)),
        rejects=bool(meta.get("rejects", False)),
        finder_file=str(meta.get("finder_file", "finder.onnx")),
        small_finder=str(meta.get("small_finder", "")),
        embedding_file=str(meta.get("embedding_file", "embedding.onnx")),
        zoom=float(meta.get("zoom", 1.0)),
        cocked=float(meta.get("cocked", COCKED)),
        cocked_placed=float(meta.get("cocked_placed", NEVER)),
        freed_threshold=float(meta.get("freed_threshold", 0.0)),
        **_optional(meta, data),
    )


def _optional(meta: dict[str, Any], data: dict[str, np.ndarray]) -> dict[str, Any]:
    """The fields older set files lack: the look of the set's dice, its colour by look, its
    home softmax and its glyph softmax."""
    out: dict[str, Any] = {
        k: data[k] for k in ("look_mean", "look_precision", "look_radius") if k in data
    }
    if "glyph_bias" in data and len(data["glyph_bias"]):
        out |= {
            "glyph_weights": data["glyph_weights"],
            "glyph_bias": data["glyph_bias"],
            "chirality": data["chirality"].astype(np.int64),
            "glyph_threshold": float(meta.get("glyph_threshold", NEVER)),
        }
    net = tuple(data[f"look_net_{i}"] for i in range(4) if f"look_net_{i}" in data)
    if len(net) != 4:
        return out
    return out | {
        "look_net": net,
        "look_roles": data["look_roles"].astype(np.int64),
        "look_home": data["look_home"].astype(bool),
        "home_weights": data.get("home_weights", np.zeros((0, 0), np.float32)),
        "home_bias": data.get("home_bias", np.zeros(0, np.float32)),
        "home_threshold": float(meta.get("home_threshold", NEVER)),
        "home_from": float(meta.get("home_from", NEVER)),
    }


def _box_fit(meta: dict[str, Any]) -> tuple[float, float]:
    """(a, b) of a set's meta; sets taught before box_fit kept one factor, box_scale."""
    if "box_fit" in meta:
        a, b = meta["box_fit"]
        return float(a), float(b)
    return float(np.log(float(meta.get("box_scale", 1.0)))), 1.0


def shipped() -> list[str]:
    return setfile.names(SHIPPED)


# The shipped sets no game owns, as players call them (said in their language by the host,
# vision/locales). A game's own dice are titled by its package (host.games.kind.Dice.sets);
# a set taught under a name of its own is shown as it was typed.
TITLES: dict[str, Said] = {"d6-pips": _("Pip dice (1 to 6)")}


def set_name(name: str) -> SetName:
    """A dice set named in a message for players: said by its title (vision.words.SetName).

    >>> set_name("d6-pips").vision_title
    'Pip dice (1 to 6)'
    """
    return SetName(name, TITLES.get(name))
