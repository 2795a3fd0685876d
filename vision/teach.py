"""Learn a face set from labelled photos (a folder in the dice-labels/1 format).

Each labelled die is cut out many times, a little off and at any turn (as the finder
might place it), and embedded by the shipped embedding network; the face set's model, a
softmax over faces, is then fitted to those embeddings with numpy alone. So teaching runs
on the table's own computer, without any training package, in seconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision import detect, labels, nets, patches
from vision.detect import iou
from vision.errors import VisionError
from vision.faceset import FaceSet
from vision.reader import check_frame, color_features

CUTS_PER_DIE = 8
COLOR_FEATURES = 30  # length of vision.reader.color_features


class TeachError(VisionError):
    """Labelled photos that cannot teach a face set (too few, unreadable, ...)."""


@dataclass
class Examples:
    """Patches cut from labelled photos, with their labels (several cuts per die)."""

    patches: np.ndarray  # (n, PATCH, PATCH, 3) uint8
    faces: list[str]
    colors: list[str | None]
    box_ratios: list[float]  # labelled box size over the finder's, per die it found
    dice: np.ndarray  # (n,) which labelled die each cut comes from


def cuts_for(
    frame: np.ndarray,
    dice: Sequence[labels.LabelledDie],
    rng: np.random.Generator,
    per_die: int = CUTS_PER_DIE,
) -> tuple[list[np.ndarray], list[float]]:
    """For each labelled die: `per_die` jittered cuts around its labelled box; and for
    each die the finder finds, its labelled box's size over the finder's (the reader
    scales found boxes by the median: the labels' habit)."""
    found = detect.find(frame)
    cuts, ratios = [], []
    for die in dice:
        best = max(found, key=lambda c: iou(c.box, die.box), default=None)
        if best is not None and iou(best.box, die.box) >= 0.3:
            ratios.append(_size(die.box) / max(_size(best.box), 1e-6))
        cuts.append(np.stack([patches.jittered_cut(frame, die.box, rng) for _ in range(per_die)]))
    return cuts, ratios


def _size(box: tuple[float, float, float, float]) -> float:
    return float(np.sqrt(max((box[2] - box[0]) * (box[3] - box[1]), 0.0)))


def collect(
    label_set: labels.LabelSet,
    images: Sequence[labels.LabelledImage] | None = None,
    seed: int = 0,
    per_die: int = CUTS_PER_DIE,
) -> Examples:
    """Cut every labelled die (cocked ones excepted) out of its photo."""
    rng = np.random.default_rng(seed)
    cut: list[np.ndarray] = []
    faces: list[str] = []
    colors: list[str | None] = []
    ratios: list[float] = []
    die_of: list[int] = []
    for image in images if images is not None else label_set.images:
        frame = cv2.imread(str(label_set.path(image)), cv2.IMREAD_COLOR)
        if frame is None:
            raise TeachError(f"{label_set.path(image)} is not a readable image")
        dice = [d for d in image.dice if not d.cocked]
        c, r = cuts_for(check_frame(frame), dice, rng, per_die)
        ratios.extend(r)
        for die, die_cuts in zip(dice, c, strict=True):
            die_of.extend([len(cut)] * len(die_cuts))
            cut.append(die_cuts)
            faces.extend([die.face] * len(die_cuts))
            colors.extend([die.color] * len(die_cuts))
    if not cut:
        raise TeachError("the labels hold no dice to learn from")
    return Examples(np.concatenate(cut), faces, colors, ratios, np.array(die_of))


def fit_softmax(
    x: np.ndarray, y: np.ndarray, classes: int, decay: float = 1e-3, steps: int = 400
) -> tuple[np.ndarray, np.ndarray]:
    """Multinomial logistic regression by full-batch gradient descent (Adam), numpy only."""
    n, d = x.shape
    w = np.zeros((d, classes))
    b = np.zeros(classes)
    onehot = np.eye(classes)[y]
    m = [np.zeros_like(w), np.zeros_like(b)]
    v = [np.zeros_like(w), np.zeros_like(b)]
    lr, beta1, beta2 = 0.1, 0.9, 0.999
    for t in range(1, steps + 1):
        logits = x @ w + b
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        g = (p - onehot) / n
        grads = [x.T @ g + decay * w, g.sum(axis=0)]
        for i, (param, grad) in enumerate(zip((w, b), grads, strict=True)):
            m[i] = beta1 * m[i] + (1 - beta1) * grad
            v[i] = beta2 * v[i] + (1 - beta2) * grad**2
            param -= lr * (m[i] / (1 - beta1**t)) / (np.sqrt(v[i] / (1 - beta2**t)) + 1e-8)
    return w.astype(np.float32), b.astype(np.float32)


SILENT_TARGET = 0.001  # the silent error rate a calibrated threshold aims below


def calibrate(
    features: np.ndarray, y: np.ndarray, dice: np.ndarray, classes: int, decay: float
) -> float:
    """The lowest probability threshold at which dice the model did not learn from are read
    with at most SILENT_TARGET silent errors: fit on half the dice, read the other half
    (and the other way round). Between 0.5 and 0.99.
    """
    fold = dice % 2
    probs = np.zeros((len(y), classes))
    for k in (0, 1):
        if len(set(y[fold != k].tolist())) < classes or not (fold == k).any():
            return 0.9  # too few examples to split: a cautious default
        w, b = fit_softmax(features[fold != k], y[fold != k], classes, decay)
        logits = features[fold == k] @ w + b
        logits -= logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        probs[fold == k] = e / e.sum(axis=1, keepdims=True)
    best, wrong = probs.max(axis=1), probs.argmax(axis=1) != y
    for t in np.arange(0.5, 0.99, 0.01):
        if np.sum(wrong & (best >= t)) <= SILENT_TARGET * len(y):
            return round(float(t), 2)
    return 0.99


def learn(
    name: str,
    examples: Examples,
    faces: Sequence[str] | None = None,
    threshold: float | None = None,
    views: int = 1,
    decay: float = 1e-4,
) -> FaceSet:
    """Fit a face set to examples: softmax over faces, centroids, colour centroids.

    Without a `threshold`, the set's own is calibrated on the examples (see calibrate).
    """
    names = list(faces) if faces is not None else sorted(set(examples.faces))
    missing = [f for f in names if f not in examples.faces]
    if missing:
        raise TeachError(f"no example of face(s) {', '.join(missing)}: label at least one of each")
    unknown = sorted(set(examples.faces) - set(names))
    if unknown:
        raise TeachError(
            f"labels name face(s) {', '.join(unknown)} that the set {name!r} does not have"
        )
    feats = nets.embed(examples.patches, views)[:, 0]
    y = np.array([names.index(f) for f in examples.faces])
    weights, bias = fit_softmax(feats, y, len(names), decay)
    if threshold is None:
        threshold = calibrate(feats, y, examples.dice, len(names), decay)
    centroids = np.stack([feats[y == k].mean(axis=0) for k in range(len(names))])
    centroids /= np.linalg.norm(centroids, axis=1, keepdims=True)
    own = (feats * centroids[y]).sum(axis=1)
    familiar = float(np.quantile(own, 0.002)) - 0.1  # well below what our own dice reach
    colors = sorted({c for c in examples.colors if c is not None})
    color_weights, color_bias = np.zeros((COLOR_FEATURES, 0), np.float32), np.zeros(0, np.float32)
    if colors:
        known = np.array([c is not None for c in examples.colors])
        cf = np.array([color_features(p) for p in examples.patches[known]])
        cy = np.array([colors.index(str(c)) for c in examples.colors if c is not None])
        color_weights, color_bias = fit_softmax(cf, cy, len(colors), 1e-4, 600)
    return FaceSet(
        name=name,
        faces=tuple(names),
        colors=tuple(colors),
        weights=weights,
        bias=bias,
        centroids=centroids.astype(np.float32),
        familiar=familiar,
        color_weights=color_weights,
        color_bias=color_bias,
        threshold=threshold,
        embedding=nets.model_id("embedding.onnx"),
        views=views,
        box_scale=float(np.clip(np.median(examples.box_ratios), 0.7, 1.5))
        if examples.box_ratios
        else 1.0,
    )


def teach(folder: str, name: str, faces: Sequence[str] | None = None, seed: int = 0) -> FaceSet:
    """Teach a face set from a dice-labels/1 folder."""
    label_set = labels.load(folder)
    return learn(name, collect(label_set, seed=seed), faces)
