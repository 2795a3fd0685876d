"""Learn a face set from labelled photos (a folder in the dice-labels/1 format).

Each labelled die is cut out many times, a little off and at any turn (as the finder
might place it), and embedded by the shipped embedding network; the face set's model, a
softmax over faces, is then fitted to those embeddings with numpy alone. So teaching runs
on the table's own computer, without any training package, in seconds.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision import d4_read, detect, faceset, labels, nets, patches
from vision.detect import box_side, iou
from vision.errors import VisionError
from vision.faceset import SHIPPED, FaceSet
from vision.reader import COLOR_FEATURES, check_frame, color_features
from vision.words import Quoted, _

CUTS_PER_DIE = 8
FINDER, EMBEDDING = "finder.onnx", "embedding.onnx"  # the networks a set reads with by default


class TeachError(VisionError):
    """Labelled photos that cannot teach a face set (too few, unreadable, ...)."""


@dataclass
class Examples:
    """Patches cut from labelled photos, with their labels (several cuts per die)."""

    patches: np.ndarray  # (n, PATCH, PATCH, 3) uint8
    faces: list[str]
    colors: list[str | None]
    box_sides: list[tuple[float, float]]  # (labelled, found) box side, per die found
    dice: np.ndarray  # (n,) which labelled die each cut comes from
    # cuts of what the finder took for a die where none is labelled: "not one of ours"
    others: np.ndarray  # (m, PATCH, PATCH, 3) uint8
    # each labelled die the finder found, cut where it was found (calibration reads these)
    read: np.ndarray  # (k, PATCH, PATCH, 3) uint8
    read_dice: np.ndarray  # (k,) which labelled die each comes from (as `dice`)
    # which finder pass found each die of `box_sides` (vision.detect.PASSES); empty: all
    # the first
    box_passes: list[int] = dataclasses.field(default_factory=list)


OTHER_IOU = 0.1  # a found thing overlapping no labelled die more than this is none of ours
OTHER_CUTS = 4  # cuts of each such thing
NOISE_SHARE = 4  # at most one noise cut per this many cuts of dice: few dice, few noise cuts


def noise_frames(rng: np.random.Generator, size: tuple[int, int] = (480, 640)) -> list[np.ndarray]:
    """Frames of pure sensor noise (a camera with a bad cable, a covered lens at high
    gain): grey, colour, high-gain and blurred."""
    frames = [
        np.repeat(rng.normal(rng.uniform(50, 200), rng.uniform(10, 70), (*size, 1)), 3, axis=2),
        rng.uniform(0, 256, (*size, 3)),
        rng.normal(rng.uniform(50, 200), rng.uniform(10, 70), (*size, 3)),
        cv2.GaussianBlur(rng.uniform(0, 256, (*size, 3)), (0, 0), 1.0),
    ]
    return [np.ascontiguousarray(f.clip(0, 255), np.uint8) for f in frames]


@functools.lru_cache(maxsize=4)
def noise_cuts(finder: str = FINDER, zoom: float = 1.0) -> np.ndarray:
    """What the finder takes for dice in frames of pure sensor noise, cut as the reader
    cuts them. Teaching photos seldom show such frames, and a set of busy faces (pips)
    would otherwise read noise as its dice."""
    cuts: list[np.ndarray] = []
    for frame in noise_frames(np.random.default_rng(0)):
        found = detect.find(frame, model=finder)
        cuts.extend(patches.cut(frame, c.center, c.side / zoom, c.angle) for c in found)
    return np.stack(cuts) if cuts else np.zeros((0, patches.PATCH, patches.PATCH, 3), np.uint8)


def cuts_for(
    frame: np.ndarray,
    dice: Sequence[labels.LabelledDie],
    rng: np.random.Generator,
    per_die: int,
    labelled: Sequence[labels.LabelledDie],
    finder: str = FINDER,
    zoom: float = 1.0,
) -> tuple[
    list[np.ndarray],
    list[tuple[tuple[float, float], int]],
    list[np.ndarray],
    list[np.ndarray | None],
]:
    """For each labelled die: `per_die` jittered cuts around its labelled box, and its cut
    where the finder finds it, as the reader cuts it before the set's box fit (else None);
    for each die the finder finds, its labelled and found box sides (how the labels draw
    boxes: see fit_box) with the finder pass that found it; and cuts of what the finder
    found away from every die in `labelled` (all the photo's dice, cocked ones too): none of
    ours. With a `zoom` (the set's face patch shows the middle of a die: FaceSet.zoom) a
    die's cuts are centred where the finder finds it, as the reader cuts it (a d4's top
    vertex is not its box's centre)."""
    found = detect.find(frame, model=finder)
    cuts: list[np.ndarray] = []
    sides: list[tuple[float, float]] = []
    passes: list[int] = []
    others: list[np.ndarray] = []
    read: list[np.ndarray | None] = []
    for die in dice:
        best = max(found, key=lambda c: iou(c.box, die.box), default=None)
        overlap = iou(best.box, die.box) if best is not None else 0.0
        if best is not None and overlap >= 0.3:
            sides.append((box_side(die.box), box_side(best.box)))
            passes.append(best.finder_pass)
        read.append(
            patches.cut(frame, best.center, best.side / zoom, best.angle)
            if best is not None and overlap >= 0.5
            else None
        )
        box = die.box
        if zoom != 1.0 and best is not None and overlap >= 0.3:
            (cx, cy), (x0, y0, x1, y1) = best.center, die.box
            box = (cx - (x1 - x0) / 2, cy - (y1 - y0) / 2, cx + (x1 - x0) / 2, cy + (y1 - y0) / 2)
        cuts.append(
            np.stack([patches.jittered_cut(frame, box, rng, zoom=zoom) for _ in range(per_die)])
        )
    for c in found:
        if all(iou(c.box, d.box) < OTHER_IOU for d in labelled):
            others.extend(
                patches.jittered_cut(frame, c.box, rng, zoom=zoom) for _ in range(OTHER_CUTS)
            )
    return cuts, list(zip(sides, passes, strict=True)), others, read


def collect(
    label_set: labels.LabelSet,
    images: Sequence[labels.LabelledImage] | None = None,
    seed: int = 0,
    per_die: int = CUTS_PER_DIE,
    finder: str = FINDER,
    zoom: float = 1.0,
) -> Examples:
    """Cut every labelled die (cocked ones excepted) out of its photo (found by `finder`;
    `zoom`: as FaceSet.zoom)."""
    rng = np.random.default_rng(seed)
    cut: list[np.ndarray] = []
    faces: list[str] = []
    colors: list[str | None] = []
    sides: list[tuple[tuple[float, float], int]] = []
    die_of: list[int] = []
    others: list[np.ndarray] = []
    read: list[np.ndarray] = []
    read_dice: list[int] = []
    for image in images if images is not None else label_set.images:
        frame = label_set.frame(image)
        dice = [d for d in image.dice if not d.cocked]
        c, r, o, as_read = cuts_for(
            check_frame(frame), dice, rng, per_die, image.dice, finder, zoom
        )
        sides.extend(r)
        others.extend(o)
        for die, die_cuts, die_read in zip(dice, c, as_read, strict=True):
            if die_read is not None:
                read.append(die_read)
                read_dice.append(len(cut))
            die_of.extend([len(cut)] * len(die_cuts))
            cut.append(die_cuts)
            faces.extend([die.face] * len(die_cuts))
            colors.extend([die.color] * len(die_cuts))
    if not cut:
        raise TeachError(_("the labels hold no dice to learn from"))
    none = np.zeros((0, *cut[0].shape[1:]), np.uint8)
    return Examples(
        np.concatenate(cut),
        faces,
        colors,
        [s for s, _ in sides],
        np.array(die_of),
        np.stack(others) if others else none,
        np.stack(read) if read else none,
        np.array(read_dice, np.int64),
        [k for _, k in sides],
    )


def merge(*parts: Examples) -> Examples:
    """Examples of several label sets as one (die numbers kept apart)."""
    offset = 0
    dice, read_dice = [], []
    for part in parts:
        dice.append(part.dice + offset)
        read_dice.append(part.read_dice + offset)
        offset += int(part.dice.max(initial=-1)) + 1
    return Examples(
        np.concatenate([p.patches for p in parts]),
        [f for p in parts for f in p.faces],
        [c for p in parts for c in p.colors],
        [s for p in parts for s in p.box_sides],
        np.concatenate(dice),
        np.concatenate([p.others for p in parts]),
        np.concatenate([p.read for p in parts]),
        np.concatenate(read_dice),
        [k for p in parts for k in (p.box_passes or [0] * len(p.box_sides))],
    )


MIN_BOX_FIT = 40  # fewer dice found than this: one factor for all sizes (power 1)


def fit_boxes(
    examples: Examples, finder: str
) -> tuple[tuple[float, float], tuple[tuple[float, float], ...]]:
    """The box fit of each pass of `finder` (FaceSet.box_fit, box_fits), each from the dice
    that pass found."""
    passes = examples.box_passes or [0] * len(examples.box_sides)
    fits = [
        fit_box([s for s, k in zip(examples.box_sides, passes, strict=True) if k == n])
        for n in range(detect.passes(finder))
    ]
    return fits[0], tuple(fits[1:])


def fit_box(sides: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """(a, b) so that a found box of side s is drawn as the labels draw it: side
    exp(a) * s ** b (least squares in logs for b, median for a). Hand-drawn boxes on real
    photos are loose on small dice and tight on big ones (b about 0.8); rendered labels
    are exact (b about 1)."""
    if not sides:
        return 0.0, 1.0
    labelled, found = np.log(np.maximum(np.array(sides, np.float64), 1.0)).T
    b = 1.0
    if len(sides) >= MIN_BOX_FIT and np.ptp(found) > 0:
        b = float(np.clip(np.polyfit(found, labelled, 1)[0], 0.5, 1.5))
    a = float(np.clip(np.median(labelled - b * found), -3.0, 3.0))
    return round(a, 4), round(b, 4)


Prior = tuple[np.ndarray, np.ndarray]  # (weights, bias) a fit starts from and decays towards


def fit_softmax(
    x: np.ndarray,
    y: np.ndarray,
    classes: int,
    decay: float = 1e-3,
    steps: int = 400,
    prior: Prior | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Multinomial logistic regression by full-batch gradient descent (Adam), numpy only.

    With a `prior` (a set's own weights and bias), the fit starts there and its weights
    decay towards them rather than towards zero: few examples move it little, many a lot
    (vision.learning refits a table's set from the shipped one this way)."""
    # float64 once: a float32 x times float64 weights takes numpy's casting loop (not
    # BLAS) at every step, 3-4x slower (same weights to the bit)
    x = np.ascontiguousarray(x, np.float64)
    n, d = x.shape
    w0 = np.zeros((d, classes)) if prior is None else np.asarray(prior[0], np.float64)
    w = w0.copy()
    b = np.zeros(classes) if prior is None else np.array(prior[1], np.float64)
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
        grads = [(g.T @ x).T + decay * (w - w0), g.sum(axis=0)]  # (BLAS's faster order)
        for i, (param, grad) in enumerate(zip((w, b), grads, strict=True)):
            m[i] = beta1 * m[i] + (1 - beta1) * grad
            v[i] = beta2 * v[i] + (1 - beta2) * grad**2
            param -= lr * (m[i] / (1 - beta1**t)) / (np.sqrt(v[i] / (1 - beta2**t)) + 1e-8)
    return w.astype(np.float32), b.astype(np.float32)


SILENT_TARGET = 0.001  # the silent error rate a calibrated threshold aims below
MIN_READ = 20  # fewer dice found by the finder than this: calibrate on the jittered cuts
# n dice read with no error show a silent rate below about 3 / n only (the rule of three):
# with too few dice to show CERTIFIED, the threshold stays at CAUTIOUS or above.
CERTIFIED = 0.005
CAUTIOUS = 0.9


def calibrate(
    features: np.ndarray,
    y: np.ndarray,
    dice: np.ndarray,
    check: tuple[np.ndarray, np.ndarray, np.ndarray],
    faces: int,
    classes: int,
    decay: float,
    prior: Prior | None = None,
) -> float:
    """The lowest probability threshold at which dice the model did not learn from are read
    with at most SILENT_TARGET silent errors: fit on half the dice (`features`, `y`, die
    ids `dice`), read the other half's `check` cuts (features, y, die ids: cut where the
    finder found them), and the other way round; a cut read as "not one of ours" is dropped,
    as the reader drops it. Between 0.5 and 0.99; at least CAUTIOUS when too few dice
    are checked to show a silent error rate of CERTIFIED.
    """
    check_x, check_y, check_dice = check
    fold, check_fold = dice % 2, check_dice % 2
    best = np.zeros(len(check_y))
    wrong = np.zeros(len(check_y), bool)
    for k in (0, 1):
        if len(set(y[fold != k].tolist())) < classes or not (check_fold == k).any():
            return CAUTIOUS  # too few examples to split
        w, b = fit_softmax(features[fold != k], y[fold != k], classes, decay, prior=prior)
        p = nets.softmax(check_x[check_fold == k] @ w + b)
        face = p[:, :faces].argmax(axis=1)
        kept = p.argmax(axis=1) < faces
        best[check_fold == k] = np.where(kept, p[np.arange(len(p)), face], 0.0)
        wrong[check_fold == k] = kept & (face != check_y[check_fold == k])
    floor = CAUTIOUS if 3 / len(set(check_dice.tolist())) > CERTIFIED else 0.5
    return threshold_for(best, wrong, floor)


def threshold_for(
    best: np.ndarray,
    wrong: np.ndarray,
    floor: float = 0.5,
    target: float = SILENT_TARGET,
    finer: Sequence[float] = (),
) -> float:
    """The lowest threshold (from `floor`, by 0.01 up to 0.99, then each of `finer`) at
    which the readings with probability `best` are wrong (`wrong`) for at most `target` of
    them; the last if none is."""
    best, wrong = np.asarray(best, np.float64), np.asarray(wrong, bool)
    steps = [round(float(t), 2) for t in np.arange(floor, 0.99, 0.01)] + [0.99, *finer]
    if len(best) == 0:
        return steps[-1]  # nothing to calibrate on: be as cautious as can be
    for t in steps:
        if np.sum(wrong & (best >= t)) <= target * len(best):
            return t
    return steps[-1]


Check = tuple[np.ndarray, np.ndarray, np.ndarray]  # features, classes, ids of what is read


def checked(
    features: np.ndarray,
    y: np.ndarray,
    ids: np.ndarray,
    read_ids: np.ndarray,
    read: Callable[[], np.ndarray],
) -> Check:
    """What calibration reads: the labelled things as the reader cuts them, where the
    finder found them (`read()`'s features, of `read_ids`), or their jittered cuts
    (`features` of `ids`, classes `y`) when the finder found fewer than MIN_READ."""
    if len(read_ids) >= MIN_READ:
        return read(), y[np.searchsorted(ids, read_ids)], read_ids
    return features, y, ids


def centroids_of(features: np.ndarray, y: np.ndarray, classes: int) -> tuple[np.ndarray, float]:
    """Each class's mean feature (unit length), and the similarity below which a thing is
    like none of them: well below what the examples themselves reach."""
    centroids = np.stack([features[y == k].mean(axis=0) for k in range(classes)])
    centroids /= np.linalg.norm(centroids, axis=1, keepdims=True)
    own = (features * centroids[y]).sum(axis=1)
    return centroids, float(np.quantile(own, 0.002)) - 0.1


def learn(
    name: str,
    examples: Examples,
    faces: Sequence[str] | None = None,
    threshold: float | None = None,
    views: int = 1,
    decay: float = 1e-4,
    finder: str = FINDER,
    embedding: str = EMBEDDING,
    zoom: float = 1.0,
) -> FaceSet:
    """Fit a face set to examples: softmax over faces, centroids, colour centroids, read
    with the networks `finder` and `embedding` (files of vision/models; the examples were
    collected with that finder, and that `zoom`: FaceSet.zoom).

    Without a `threshold`, the set's own is calibrated on the examples (see calibrate).
    """
    names = list(faces) if faces is not None else sorted(set(examples.faces))
    if len(names) < 2:
        raise TeachError(
            _(
                "only one face ({faces}) to learn: label photos showing each face of the die "
                "(a face set tells its faces apart)",
                faces=names,
            )
        )
    missing = [f for f in names if f not in examples.faces]
    if missing:
        raise TeachError(
            _(
                "no example of {n, plural, one {the face} other {the faces}} {faces}: label at "
                "least one of each",
                n=len(missing),
                faces=missing,
            )
        )
    unknown = sorted(set(examples.faces) - set(names))
    if unknown:
        raise TeachError(
            _(
                "the labels name {n, plural, one {the face} other {the faces}} {faces} that the "
                "set {name} does not have",
                n=len(unknown),
                faces=unknown,
                name=Quoted(name),
            )
        )
    feats = nets.embed(examples.patches, views, embedding)[:, 0]
    y = np.array([names.index(f) for f in examples.faces])
    # "not one of ours" is one more class after the faces: the photos' false finds and noise's
    noise = noise_cuts(finder, zoom)
    noise = noise[:: max(1, len(noise) * NOISE_SHARE // len(examples.patches))]
    others = nets.embed(np.concatenate([examples.others, noise]), views, embedding)[:, 0]
    classes = len(names) + 1
    all_feats = np.concatenate([feats, others])
    all_y = np.concatenate([y, np.full(len(others), len(names))])
    # each thing found is its own "die" for calibration's folds (its cuts stay together)
    all_dice = np.concatenate(
        [examples.dice, examples.dice.max(initial=0) + 1 + np.arange(len(others)) // OTHER_CUTS]
    )
    weights, bias = fit_softmax(all_feats, all_y, classes, decay)
    if threshold is None:
        check = checked(
            feats,
            y,
            examples.dice,
            examples.read_dice,
            lambda: nets.embed(examples.read, views, embedding)[:, 0],
        )
        threshold = calibrate(all_feats, all_y, all_dice, check, len(names), classes, decay)
    centroids, familiar = centroids_of(feats, y, len(names))
    look = looks(examples)
    box_fit, box_fits = fit_boxes(examples, finder)
    colors = sorted({c for c in examples.colors if c is not None})
    color_weights, color_bias = np.zeros((COLOR_FEATURES, 0), np.float32), np.zeros(0, np.float32)
    if colors:
        known = np.array([c is not None for c in examples.colors])
        cf = color_features(examples.patches[known])
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
        embedding=nets.model_id(embedding),
        views=views,
        rejects=True,
        box_fit=box_fit,
        box_fits=box_fits,
        finder_file=finder,
        embedding_file=embedding,
        zoom=zoom,
        look_mean=look[0],
        look_precision=look[1],
        look_radius=look[2],
    )


LOOK_SHARE = 0.999  # of a set's own dice cuts, those within its look's radius
LOOK_RIDGE = 1e-4  # added to a look's covariance (a feature its dice never vary in)


def looks(examples: Examples) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What the examples' dice look like per colour role, in the order of their sorted
    colours (one role for dice without colours): FaceSet.look_mean, look_precision and
    look_radius (within which LOOK_SHARE of the cuts lie, and a tenth more)."""
    features = color_features(examples.patches).astype(np.float64)
    colors = sorted({c for c in examples.colors if c is not None})
    roles = [np.array([c == role for c in examples.colors]) for role in colors]
    roles = [r for r in roles if r.sum() > 1] or [np.ones(len(features), bool)]
    mean, precision, radius = [], [], []
    for r in roles:
        x = features[r]
        m = x.mean(axis=0)
        p = np.linalg.inv(np.cov(x.T) + np.eye(x.shape[1]) * LOOK_RIDGE)
        d = np.sqrt(np.maximum(np.einsum("nk,kl,nl->n", x - m, p, x - m), 0) / x.shape[1])
        mean.append(m)
        precision.append(p)
        radius.append(float(np.quantile(d, LOOK_SHARE)) * 1.1)
    return (
        np.array(mean, np.float32),
        np.array(precision, np.float32),
        np.array(radius, np.float32),
    )


def teach(folder: str, name: str, faces: Sequence[str] | None = None, seed: int = 0) -> FaceSet:
    """Teach a face set from a dice-labels/1 folder. A table's own dice of a kind we ship a
    set for (taught under its name) are read with that set's networks and cut and checked
    for leaning as its dice are (its zoom and cocked: a d4's)."""
    label_set = labels.load(folder)
    shipped = SHIPPED / f"{name}.npz"
    like = faceset.load(shipped) if shipped.is_file() else None
    if like is None:
        return learn(name, collect(label_set, seed=seed), faces)
    examples = collect(label_set, seed=seed, finder=like.finder_file, zoom=like.zoom)
    taught = learn(
        name,
        examples,
        faces,
        finder=like.finder_file,
        embedding=like.embedding_file,
        zoom=like.zoom,
    )
    taught = dataclasses.replace(taught, cocked=like.cocked)
    if not like.reads_glyphs:
        return taught
    # a d4 read from its glyphs as the shipped set reads: the table's own glyphs, read from
    # the shipped set's threshold (calibrated on far more dice than a table labels)
    try:
        weights, bias, chirality = d4_read.learn(
            d4_read.taught_cuts(label_set, taught.faces, like.finder_file), len(taught.faces)
        )
    except ValueError as error:
        raise TeachError(_("cannot learn the d4's glyphs: {why}", why=str(error))) from None
    return dataclasses.replace(
        taught,
        glyph_weights=weights,
        glyph_bias=bias,
        chirality=chirality,
        glyph_threshold=like.glyph_threshold,
    )
