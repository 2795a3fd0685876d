"""A d4 read from its glyphs cut flat (issue 21): the face set's own way of reading a die of
fate, used by vision.reader for a set that carries a glyph softmax (FaceSet.reads_glyphs).

The vertex network (vision.d4_vertices, read in VIEWS turns and mirrors) says where each
found d4's four vertices are seen; vision.d4_cuts cuts every glyph of its faces that show
flat and upright; a softmax over the cuts' grey levels (FaceSet.glyph_weights) reads each
glyph, and the die's result weighs them all over its 12 rotations (its chirality: the
other glyphs' order round each result, FaceSet.chirality). The shared embedding reads a d4's
middle poorly (docs/vision.md, "The die of fate"); its glyphs cut flat hold the answer.

`learn` teaches the softmax and the chirality from labelled dice alone (the result of
each: the dice-labels a table draws), as the reader cuts them: the glyphs at the top
vertex are the result's; the others' are named by the rotation of the die that the top
ones' softmax reads best, once the chirality is voted from them.

Numpy and OpenCV only.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision import d4_cuts, d4_vertices, detect, labels
from vision.detect import Candidate
from vision.nets import softmax

VIEWS = 8  # the vertex network reads each cut in its 8 turns and mirrors
DECAY = 1e-4  # the glyph softmax's weight decay
STEPS = 600
MATCH_IOU = 0.5  # a find is a labelled die's when their boxes overlap this much

# one die's glyph cuts (vision.d4_cuts.glyph_cuts) and, when taught, its result (face index)
Cuts = list[d4_cuts.GlyphCut]


def estimates_of(frame: np.ndarray, found: Sequence[Candidate]) -> list[list[Cuts]]:
    """Each found die's glyph cuts at each view's estimate of its vertices (the finder's own
    finds, not grown by a set's box fit: the vertex network was taught on those), as seen
    in a second look round the first's (vision.d4_vertices.refined)."""
    return [
        [d4_cuts.glyph_cuts(frame, v[0], d4_vertices.clockwise(v)[1:]) for v in views]
        for views in d4_vertices.find_views(frame, list(found), views=VIEWS, refine=True)
    ]


def read(
    frame: np.ndarray,
    found: Sequence[Candidate],
    weights: np.ndarray,
    bias: np.ndarray,
    chirality: np.ndarray,
) -> np.ndarray:
    """(n, faces): each found die's result's probabilities, read at each view's vertices and
    combined (a normalised geometric mean: a die whose views disagree is read less surely;
    on tuning renders it left fewer sure wrong reads than the median of the vertices)."""
    out = np.zeros((len(found), len(bias)))
    for k, estimates in enumerate(estimates_of(frame, found)):
        log = np.log(np.clip(results(estimates, weights, bias, chirality), 1e-12, 1.0))
        g = np.exp(log.mean(axis=0) - log.mean(axis=0).max())
        out[k] = g / g.sum()
    return out


def chirality_of(table: np.ndarray) -> d4_cuts.Chirality:
    """FaceSet.chirality (faces, 3) as vision.d4_cuts takes it."""
    return {r: (int(a), int(b), int(c)) for r, (a, b, c) in enumerate(table)}


def results(
    cuts: Sequence[Cuts], weights: np.ndarray, bias: np.ndarray, chirality: np.ndarray
) -> np.ndarray:
    """(n, faces): each die's result's probabilities from its glyph cuts (uniform for a die
    none of whose faces shows: its vertices were not found)."""
    faces = len(bias)
    out = np.full((len(cuts), faces), 1.0 / faces)
    turns = chirality_of(chirality)
    for k, die in enumerate(cuts):
        if not die:
            continue
        probs = glyph_probabilities(die, weights, bias)
        out[k] = d4_cuts.result_probabilities(probs, [c.corner for c in die], turns)
    return out


def glyph_probabilities(die: Cuts, weights: np.ndarray, bias: np.ndarray) -> np.ndarray:
    feats = d4_cuts.pixel_features(np.stack([c.patch for c in die]))
    return np.asarray(softmax(feats @ weights + bias))


def taught_cuts(
    label_set: labels.LabelSet, faces: Sequence[str], finder: str
) -> list[tuple[Cuts, int]]:
    """The glyph cuts of every labelled flat die the finder finds, with its result: one
    die per view's estimate of its vertices, as the reader cuts them."""
    out: list[tuple[Cuts, int]] = []
    for image in label_set.images:
        dice = [d for d in image.dice if not d.cocked and d.face in faces]
        if not dice:
            continue
        frame = label_set.frame(image)
        finds = detect.find(frame, model=finder)
        mine: list[Candidate] = []
        results_: list[int] = []
        for d in dice:
            best = max(finds, key=lambda c: detect.iou(c.box, d.box), default=None)
            if best is not None and detect.iou(best.box, d.box) >= MATCH_IOU:
                mine.append(best)
                results_.append(list(faces).index(d.face))
        for estimates, r in zip(estimates_of(frame, mine), results_, strict=True):
            out += [(die, r) for die in estimates if die]
    return out


def learn(
    dice: Sequence[tuple[Cuts, int]], faces: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The glyph softmax (weights, bias) and the chirality (faces, 3) from dice's glyph cuts
    and results: the top cuts first (named by the result), then the chirality each result's
    dice vote for from their outer cuts, then all cuts, the outer ones named by the rotation
    that reads them best."""
    if faces != 4:
        raise ValueError(f"a d4 has four faces, not {faces}")
    top = [(c.patch, r) for die, r in dice for c in die if c.corner == d4_cuts.TOP]
    if len({r for _, r in top}) < faces:
        raise ValueError("every face's glyph must be seen at the top vertex of some die")
    w, b = _fit([p for p, _ in top], [r for _, r in top], faces)
    votes = np.zeros((faces, 2))
    for die, r in dice:
        outer = [c for c in die if c.corner != d4_cuts.TOP]
        if outer:
            scores = [_best_rotation(outer, w, b, order)[1] for order in _orders(r, faces)]
            votes[r, int(np.argmax(scores))] += 1
    chirality = np.array([_orders(r, faces)[int(np.argmax(votes[r]))] for r in range(faces)])
    patches, names = [p for p, _ in top], [r for _, r in top]
    for die, r in dice:
        outer = [c for c in die if c.corner != d4_cuts.TOP]
        if outer:
            around, _ = _best_rotation(outer, w, b, tuple(chirality[r]))
            patches += [c.patch for c in outer]
            names += [around[c.corner] for c in outer]
    w, b = _fit(patches, names, faces)
    return w, b, chirality


def _fit(patches: list[np.ndarray], names: list[int], faces: int) -> tuple[np.ndarray, np.ndarray]:
    from vision.teach import fit_softmax  # (teach imports this module)

    feats = d4_cuts.pixel_features(np.stack(patches))
    return fit_softmax(feats, np.array(names), faces, DECAY, steps=STEPS)


def _orders(result: int, faces: int) -> list[tuple[int, int, int]]:
    """The two orders of the other glyphs round `result` (each up to where it starts)."""
    a, b, c = (f for f in range(faces) if f != result)
    return [(a, b, c), (a, c, b)]


def _best_rotation(
    outer: Cuts, w: np.ndarray, b: np.ndarray, order: tuple[int, int, int]
) -> tuple[tuple[int, int, int], float]:
    """The turn of `order` at the outer corners that reads the cuts best, and its log
    likelihood."""
    log = np.log(np.clip(glyph_probabilities(outer, w, b), 1e-6, 1.0))
    a, c1, c2 = order
    best: tuple[tuple[int, int, int], float] = (order, -np.inf)
    for around in ((a, c1, c2), (c1, c2, a), (c2, a, c1)):
        score = float(sum(log[i, around[c.corner]] for i, c in enumerate(outer)))
        if score > best[1]:
            best = (around, score)
    return best


# the thresholds above 0.99 a glyph read is calibrated among too (vision.teach.threshold_for's
# `finer`): a d4's result is read surely or not at all
FINER = (0.995, 0.998, 0.999, 0.9995, 0.9999)
