"""Fit a table's face set from its examples, and check it on examples it never learned.

The fit is vision.teach's (a softmax over the shipped embedding, numpy only), with the
table's examples in place of labelled photos:

- it starts from the shipped set of the same name, if there is one, and its weights decay
  towards the shipped ones (vision.teach.fit_softmax's prior): a face with few examples
  is read as the shipped set reads it, one with many as the table's dice look;
- each example gives CUTS face cuts (vision.learning.cuts): the reader's own, and cuts a
  little off; their embeddings are kept in the store, so a refit embeds only new examples;
- the unknown threshold is calibrated as teach calibrates it (two halves, each read by a
  fit on the other), on the examples it learns from;
- every FOLDS-th example (vision.learning.store) is never learned from: the set is checked
  on those, read as the reader reads a die (the same code: DiceReader.read_patches), and
  so is the set in use, on the same dice. A refit is kept only if its check is no worse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from vision import detect, nets, teach
from vision.faceset import COCKED, FaceSet, FaceSetError
from vision.learning import cuts
from vision.learning.store import NONE, Example, LearningStore
from vision.reader import UNKNOWN, DiceReader, color_features

# How hard the weights are held back (towards the shipped set's, or towards zero with no
# shipped set): a table's dice are few and alike, so little. Measured on the teaching
# frames of kot-frames/origins, each half fitted and the other half read: 1e-5 and 3e-5
# read all 73 dice, 1e-4 72, 1e-3 61-67, 1e-2 55 (the shipped weights pull an unseen
# edition's claws towards energy and heart). A face with no examples is not left to the
# prior: a refit waits for MIN_FACE examples of every face.
DECAY = 3e-5
MIN_FACE = 3  # examples of each face (learnt from, not held out) a fit needs
MIN_CENTROID = 3  # examples of a face from which its centroid is the table's own
MIN_FAMILIAR = 20  # examples from which the set's own "like none of our faces" is measured
MIN_COLOUR = 2  # examples of each colour from which colours are fitted afresh


class FitError(teach.TeachError):
    """Examples that cannot make a set (a face never shown, a face the set does not have)."""


@dataclass(frozen=True)
class Figures:
    """How a set reads the held-out examples, as the reader reads a die."""

    checked: int  # held-out examples read
    right: int  # read as their face (a "not one of our dice": not read as a face)
    wrong: int  # read as another face, sure of it: a silent error
    unknown: int  # left for a person to say
    threshold: float  # the set's unknown threshold

    def no_worse_than(self, other: Figures) -> bool:
        """No more silent errors, and at least as many read right, on the same examples."""
        return self.wrong <= other.wrong and self.right >= other.right

    def to_json(self) -> dict[str, Any]:
        return {
            "checked": self.checked,
            "right": self.right,
            "wrong": self.wrong,
            "unknown": self.unknown,
            "threshold": self.threshold,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Figures:
        return cls(
            int(data["checked"]),
            int(data["right"]),
            int(data["wrong"]),
            int(data["unknown"]),
            float(data["threshold"]),
        )


def model_key(views: int, zoom: float = 1.0) -> str:
    """What an embedding in the store was made with: the model's fingerprint, views (and
    the set's zoom, when it cuts its faces closer: FaceSet.zoom)."""
    key = f"{nets.model_id('embedding.onnx')}/{views}"
    return key if zoom == 1.0 else f"{key}/zoom {zoom:g}"


def embeddings(
    store: LearningStore | None, examples: Sequence[Example], views: int, zoom: float = 1.0
) -> tuple[dict[int, np.ndarray], int]:
    """The embeddings (CUTS, 64) of each example's cuts: kept ones from the store, the
    others made now (and kept); and how many were made now."""
    key = model_key(views, zoom)
    have = store.embeddings(key, [e.id for e in examples]) if store is not None else {}
    missing = [e for e in examples if e.id not in have]
    if missing:
        patches = np.concatenate(
            [cuts.face_cuts(e.image(), e.angle, e.id, zoom=zoom) for e in missing]
        )
        made = nets.embed(patches, views)[:, 0].reshape(len(missing), cuts.CUTS, -1)
        new = {e.id: made[k] for k, e in enumerate(missing)}
        if store is not None:
            store.put_embeddings(key, new)
        have.update(new)
    return have, len(missing)


def fit(
    name: str,
    examples: Sequence[Example],
    features: dict[int, np.ndarray],
    base: FaceSet | None,
    faces: Sequence[str] | None = None,
    box_fit: tuple[float, float] = (0.0, 1.0),
) -> FaceSet:
    """A set fitted on the examples that are not held out, starting from `base` (the
    shipped set of this name, or None: then every face needs examples)."""
    learn = [e for e in examples if not e.held_out]
    names = list(
        base.faces if base is not None else faces or sorted({e.face for e in learn} - {NONE})
    )
    unknown = sorted({e.face for e in learn} - set(names) - {NONE})
    if unknown:
        raise FitError(f"examples of face(s) {', '.join(unknown)} that {name!r} does not have")
    missing = [f for f in names if sum(e.face == f for e in learn) < MIN_FACE]
    if missing:
        raise FitError(
            f"too few examples of face(s) {', '.join(missing)} (a fit needs {MIN_FACE} of "
            "each, besides those it is checked on): show each face a few times"
        )
    if len(names) < 2:
        raise FitError("a face set tells two faces or more apart")
    views = base.views if base is not None else 1
    n_faces, classes = len(names), len(names) + 1
    x = np.concatenate([features[e.id] for e in learn]) if learn else np.zeros((0, 64), np.float32)
    y = np.repeat([names.index(e.face) if e.face != NONE else n_faces for e in learn], cuts.CUTS)
    ids = np.repeat([e.id for e in learn], cuts.CUTS)
    zoom = base.zoom if base is not None else 1.0
    noise = teach.noise_cuts(zoom=zoom)
    noise = noise[:: max(1, len(noise) * teach.NOISE_SHARE // max(len(x), 1))]
    others = nets.embed(noise, views)[:, 0]
    all_x = np.concatenate([x, others])
    all_y = np.concatenate([y, np.full(len(others), n_faces)]).astype(np.int64)
    all_ids = np.concatenate([ids, ids.max(initial=0) + 1 + np.arange(len(others))])
    prior = _prior(base, names)
    decay = DECAY
    weights, bias = teach.fit_softmax(all_x, all_y, classes, decay, prior=prior)
    straight = np.array([features[e.id][0] for e in learn]).reshape(len(learn), -1)
    learn_y = y[:: cuts.CUTS]
    threshold = teach.calibrate(
        all_x,
        all_y,
        all_ids,
        (straight, learn_y, np.array([e.id for e in learn])),
        n_faces,
        classes,
        decay,
        prior,
    )
    centroids, familiar = _centroids(x, y, names, base)
    colors, color_weights, color_bias = _colours(learn, base)
    fitted = FaceSet(
        name=name,
        faces=tuple(names),
        colors=colors,
        weights=weights,
        bias=bias,
        centroids=centroids,
        familiar=familiar,
        color_weights=color_weights,
        color_bias=color_bias,
        threshold=threshold,
        embedding=nets.model_id("embedding.onnx"),
        box_fit=base.box_fit if base is not None else box_fit,
        views=views,
        rejects=True,
        zoom=zoom,
        cocked=base.cocked if base is not None else COCKED,
    )
    if base is None or not base.reads_glyphs:
        return fitted
    # a d4 read from its glyphs (vision.d4_read) keeps the base's glyph reading: the examples
    # keep the dice's cuts, not the frames its glyphs are cut from; the refit says which
    # finds are its dice
    return replace(
        fitted,
        glyph_weights=base.glyph_weights,
        glyph_bias=base.glyph_bias,
        chirality=base.chirality,
        glyph_threshold=base.glyph_threshold,
    )


def _prior(base: FaceSet | None, names: list[str]) -> teach.Prior | None:
    usable = (
        base is not None
        and base.rejects
        and list(base.faces) == names
        and base.embedding == nets.model_id("embedding.onnx")
    )
    return (base.weights, base.bias) if usable and base is not None else None


def _centroids(
    x: np.ndarray, y: np.ndarray, names: list[str], base: FaceSet | None
) -> tuple[np.ndarray, float]:
    """Each face's mean embedding (the shipped one for a face with few examples), and the
    similarity below which a patch is like none of them."""
    rows = []
    for k in range(len(names)):
        mine = x[y == k]
        if len(mine) >= MIN_CENTROID * cuts.CUTS or base is None:
            rows.append(mine.mean(axis=0))
        else:
            rows.append(base.centroids[k])
    centroids = np.stack(rows).astype(np.float32)
    centroids /= np.linalg.norm(centroids, axis=1, keepdims=True) + 1e-9
    dice = y < len(names)
    if dice.sum() < MIN_FAMILIAR * cuts.CUTS and base is not None:
        return centroids, base.familiar
    own = (x[dice] * centroids[y[dice]]).sum(axis=1)
    familiar = float(np.quantile(own, 0.002)) - 0.1  # as vision.teach: well below our dice
    if base is not None:
        familiar = min(familiar, base.familiar)
    return centroids, familiar


def _colours(
    learn: Sequence[Example], base: FaceSet | None
) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """The colour roles and their softmax: the shipped set's roles, fitted on the table's
    dice once each role has examples."""
    labelled = [e for e in learn if e.color is not None and e.face != NONE]
    roles = (
        tuple(base.colors) if base is not None else tuple(sorted({str(e.color) for e in labelled}))
    )
    labelled = [e for e in labelled if e.color in roles]
    enough = roles and all(sum(e.color == r for e in labelled) >= MIN_COLOUR for r in roles)
    if not enough:
        if base is not None:
            return roles, base.color_weights, base.color_bias
        return (), np.zeros((0, 0), np.float32), np.zeros(0, np.float32)
    zoom = base.zoom if base is not None else 1.0
    features = color_features(np.stack([cuts.face_cut(e.image(), e.angle, zoom) for e in labelled]))
    y = np.array([roles.index(str(e.color)) for e in labelled])
    prior = None
    if base is not None and base.color_weights.shape == (features.shape[1], len(roles)):
        prior = (base.color_weights, base.color_bias)
    w, b = teach.fit_softmax(features, y, len(roles), 1e-4, 600, prior=prior)
    return roles, w, b


def check(faces: FaceSet, examples: Sequence[Example]) -> Figures | None:
    """How `faces` reads the held-out examples, cut from their crops as the reader cuts a
    die (None: a set this embedding cannot read, fitted on another one)."""
    held = [e for e in examples if e.held_out]
    try:
        reader = DiceReader(faces)
    except FaceSetError:
        return None
    right = wrong = unknown = 0
    if held:
        images = [e.image() for e in held]
        face = np.stack(
            [cuts.face_cut(im, e.angle, faces.zoom) for im, e in zip(images, held, strict=True)]
        )
        context = np.stack(
            [cuts.context_cut(im, e.angle) for im, e in zip(images, held, strict=True)]
        )
        half = cuts.CROP / 2
        found = [
            detect.Candidate(
                (half, half), cuts.CROP_FACE, e.angle, (0, 0, cuts.CROP, cuts.CROP), 1.0
            )
            for e in held
        ]
        for e, reading in zip(held, reader.read_patches(face, context, found), strict=True):
            if reading.face == UNKNOWN:
                right += e.face == NONE
                unknown += e.face != NONE
            elif reading.face == e.face:
                right += 1
            else:
                wrong += 1
    return Figures(len(held), right, wrong, unknown, faces.threshold)
