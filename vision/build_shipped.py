"""Rebuild the shipped face sets (vision/facesets/*.npz): `python -m vision.build_shipped
[NAME...]` (default: all of them; name some to rebuild only those).

All are taught as a user teaches their own dice (vision.teach), from more material:
- `kot` from frames of the renderer: "kot" dice of many editions of our own designs
  (vision.designs, its TRAINED seeds) and the renderer's own, in many colours; its threshold
  and the similarity below which a die is like none of its faces are set on editions it
  never saw (HELD_OUT seeds), read as the reader reads them, so that a design unlike those
  it learned reads `unknown` rather than a sure wrong face.
  Its "not one of our dice" class also learns what the finder takes for dice on the real
  photos' tables where none lies (their learning parts only).
- `kingdom-run` from frames of the renderer (seed KINGDOM_RUN_SEED): its white dice drawn
  with our own glyphs (vision.glyphs: boots, hook, drop, purse, flask, equal).
- `berserk` (a die of six sides, five faces: energy and claws single or double, a skull)
  from frames of the renderer's own berserk dice (BERSERK_SEED); no other edition yet. Its
  threshold, familiarity and leaning are calibrated on held-out renders (BERSERK_SEED + 1).
- `fate` (the die of fate, a d4: eye, river, snake, ankh) likewise, its face patch the
  middle of the die (D4_ZOOM), embedded in its four turns (a d4's glyphs turn with it).
- `kot-dark` (the Dark Edition's grey and yellow dice, roles "black" and "green" as kot's)
  likewise, from the renderer's own Dark Edition dice.
- `d6-pips` from the learn part of d6-tray, with our review of its labels, read with the
  networks fine-tuned on those photos (PIPS_FINDER, PIPS_EMBEDDING); and for its finder's
  second pass (PIPS_FINDERS) a set of its own from the learn parts of d6-tray and rune55
  (PIPS_LATER_EMBEDDING). Its threshold was chosen on the learn parts' validation photos
  (vision.train.validate), never the held-out ones.
"""

from __future__ import annotations

import dataclasses
import sys
import tempfile
from collections.abc import Callable, Sequence

import cv2
import numpy as np

from vision import d4_read, detect, labels, looks, nets, patches, review, split
from vision.designs import HELD_OUT, TRAINED, edition_looks
from vision.evaluate import match
from vision.faceset import COCKED, SHIPPED, FaceSet
from vision.glyphs import faces_of
from vision.mixed import SEPARATOR
from vision.paths import photos_dir
from vision.reader import UNKNOWN, DiceReader, color_features, context_cuts, fitted
from vision.render.dataset import random_set, write
from vision.render.random_scenes import random_scene
from vision.render.scene import looks_for
from vision.teach import EMBEDDING, Examples, collect, fit_softmax, learn, merge, threshold_for
from vision.train.data import VALIDATE

BERSERK_SEED, BERSERK_FRAMES = 4242, 300  # the renders the berserk die's set is taught from
FATE_SEED, FATE_FRAMES = 5151, 300  # the die of fate's (seed + 1: its held-out renders)
KOT_DARK_SEED, KOT_DARK_FRAMES = 6262, 200  # the Dark Edition's grey and yellow dice
HELD_OUT_FRAMES = 250  # renders a rendered set's threshold and leaning are calibrated on
# The die of fate's threshold is at least this: calibrated on its 250 held-out renders (seed
# FATE_SEED + 1) it came out 0.79, at which fresh renders had wrong reads as sure as 0.80-0.88
# (seeds 640001, 650001, 650002: 7, 3 and 1 of about 1,400 dice each; the bar allows 3);
# at 0.9 none of them is read wrong (face accuracy 0.125 there, against 0.23: the rest asked).
# Its glyph threshold too (vision.d4_read): calibrated on those held-out renders it came out
# 0.58 (their wrong reads: 0.34, 0.57, 0.58, 0.66 of 1,450 dice); one in a thousand is too few
# to trust for the bar's 0.2 % on fresh dice (at 0.9 they read 0.981, none wrong; read at the
# vertex network's second look since issue 21's fifth round, 0.9986, none wrong).
FATE_THRESHOLD = 0.9
D4_ZOOM = 2.0  # a d4's face patch shows its middle (FaceSet.zoom)
KOT_SEED = 1001  # the seed of the renders the shipped kot set is taught from
KOT_FRAMES = 160  # frames of the renderer's own "kot" dice
KOT_HOME_SEED = KOT_SEED + 3  # held-out renders of them: the threshold of its home softmax
HOME_FROM = 0.5  # the look network's share of its own looks from which a die is its own
HOME_DECAY = 1e-4  # the home softmax's weight decay
# The look network also learns each die cut tight (LOOK_TIGHT_CUTS a die, the side a share
# of LOOK_TIGHT of the die's), as the reader cuts a die whose finder box holds only its
# glyph: a black die's lime heart then fills the face, and the network, which had seen
# such faces only on other editions' lime "green" dice, read it green at 0.99.
LOOK_TIGHT_CUTS = 2
LOOK_TIGHT = (0.55, 0.8)
# And each die once more in hard light (hard_light: a strong highlight, blur,
# coloured light and exposure, made from one of its cuts): the renderer's own green dice
# under a highlight, blurred, or in coloured light read black, unsurely, as the network had
# seen few such looks; of the editions' dice too, which also lifted CHECK editions' pale
# green dice in blue light (issue 16's sixth colour round: scratch/colour5).
LOOK_HARD_LIGHT = (0.5, 0.4, 0.5)  # how often a hard look has a highlight, blur, a tint
EDITION_FRAMES = 480  # frames of dice of the TRAINED editions (one edition a frame)
CALIBRATION_FRAMES = 300  # frames of HELD_OUT editions: about 2,400 dice
SILENT_TARGET = 0.001  # silent errors a threshold allows on the held-out editions
NEVER = 1.01  # FaceSet.cocked of a set whose dice the cocked network cannot tell leaning
# kot's dice lean, where their place in the frame is known, from this probability of the
# cocked network that sees it (FaceSet.cocked_placed, vision/models/cocked-place.onnx):
# the highest at which it finds, on each of tuning seeds 6171-6176, 3 % of their leaning
# dice more than cocked.onnx at kot's 0.9 (issue 16's lean8 round, scripts/lean8/choose.py)
KOT_COCKED_PLACED = 0.941
# the dice cocked.onnx flags and that network clears (FaceSet.freed_threshold) are the
# hard ones (flat, far off the camera's axis): read from the highest best face of a freed
# tuning die read wrong (0.943, of 113), rounded up, plus 0.01 (scripts/lean8/choose.py)
KOT_FREED_THRESHOLD = 0.96
# The calibrated threshold (vision.teach.calibrate) is 0.99 for the real pips, as its
# jittered cuts are harder than real reading; 0.9 read the validation photos (never the
# held-out ones) with no silent error and far fewer unknowns (python -m vision.train validate).
PIPS_THRESHOLD = 0.9
# d6-pips reads in two passes (vision.detect.PASSES), each with a set of its own
# (FaceSet.later). First the networks fine-tuned on d6-tray's learn photos (before the
# designs), with a set taught from them alone, as before: they read d6-tray's held-out
# part at recall 0.982, precision 0.973, face 0.933, but find almost none of other people's
# pips (rune55: recall 0.02; they find pips and table, read unknown). In a frame where it
# reads no face, today's finder fine-tuned on both photo sets' learn parts
# (finder-pips-ft.onnx, at the full 320 px, rune55's learn scenes 4 times an epoch: on
# rune55's validation scenes recall 0.955, precision 0.938; 0.944 and 0.929 twice an
# epoch, 0.929 and 0.921 at half width and 0.923 and 0.915 for today's finder at half
# width, shipped before), its finds read by a set taught from both photo
# sets' learn parts, with the first embedding fine-tuned on both (embedding-pips-ft.onnx,
# docs/vision.md, "The models"). One set for both passes, every
# frame read by both, cost d6-tray's faces and recall (held-out 0.933 -> 0.928, 0.982 ->
# 0.905: issue 16's fourth round) and speed (a second finder and embedding each frame).
PIPS_FINDER, PIPS_EMBEDDING = "finder-pips.onnx", "embedding-pips.onnx"
PIPS_FINDERS = f"{PIPS_FINDER}+finder-pips-ft.onnx@320"  # the two passes
PIPS_LATER_EMBEDDING = "embedding-pips-ft.onnx"
# the pass for frames of small dice (FaceSet.small_finder): the second finder at twice its
# width (phone photos of tables; issue 16's ninth round; 960 px: rune55 validation 0.975)
PIPS_SMALL_FINDER = "finder-pips-ft.onnx@640"
KINGDOM_RUN_SEED = 1101  # never used for anything else (the tests' fresh seed is 5105)
KINGDOM_RUN_FRAMES = 480  # 3,800 dice: 160 read 0.964 of our tuning frames (seed 3303), 480 0.974


def editions_set(folder: str, seeds: Sequence[int], frames: int, seed: int) -> labels.LabelSet:
    """`frames` rendered throws of "kot" dice, each frame of one edition drawn from
    `seeds` (vision.designs), labelled by role ("black": the main dice, "green": the extra)."""
    rng = np.random.default_rng(seed)
    scenes = (
        random_scene(rng, "kot", n_dice=8, looks=edition_looks("kot", int(rng.choice(seeds))))
        for _ in range(frames)
    )
    return write(folder, scenes, "kot")


def calibrated(faces: FaceSet, held_out: Examples) -> FaceSet:
    """`faces` with the lowest threshold at which the `held_out` dice, cut as the reader
    cuts them, are silently wrong at most SILENT_TARGET of the time, and the similarity
    below which a die is like none of its faces set under what nearly all of them reach."""
    feats = nets.embed(held_out.read, faces.views, faces.embedding_file)
    truth = np.array(held_out.faces)[np.searchsorted(held_out.dice, held_out.read_dice)]
    probs = faces.probabilities(feats)
    n = len(faces.faces)
    best = probs[:, :n].argmax(axis=1)
    sure = probs[np.arange(len(best)), best]
    right = np.array(faces.faces)[best] == truth
    threshold = threshold_for(sure, ~right, target=SILENT_TARGET)
    familiar = float(np.quantile(faces.similarity(feats), 0.001)) - 0.05
    print(
        f"{faces.name}: {len(sure)} held-out dice, best guess right {right.mean():.4f}; "
        f"threshold {threshold} reads {np.mean(right & (sure >= threshold)):.4f}, "
        f"taken for none of ours {np.mean(probs.argmax(axis=1) >= n):.4f}; "
        f"familiar from {familiar:.3f}"
    )
    return dataclasses.replace(faces, threshold=threshold, familiar=min(familiar, faces.familiar))


def real_fit() -> list[tuple[labels.LabelSet, list[labels.LabelledImage]]] | None:
    """The real photos' parts sets may learn from (d6-tray's learn part but its last
    VALIDATE photos, rune55's learn scenes but its validation ones: what training calls
    "fit", vision.train.data.real_photos), with our reviews of their labels; None if the
    photos are not on this machine."""
    d6, rune = photos_dir(), photos_dir("rune55/learn")
    if d6 is None or rune is None:
        return None
    real = review.reviewed(labels.load(d6))
    rune_set = review.reviewed(labels.load(rune))
    return [
        (real, split.select(real.images, "learn")[:-VALIDATE]),
        (
            rune_set,
            [im for im in rune_set.images if not split.validation(split.scene_of(im.origin))],
        ),
    ]


def real_surfaces(photos: list[tuple[labels.LabelSet, list[labels.LabelledImage]]]) -> np.ndarray:
    """What the finder takes for a die on real tables where none lies (felt, wood, carpet,
    tray corners, shadows), cut as the reader cuts them: none of any set's dice."""
    return np.concatenate([collect(s, images, per_die=1).others for s, images in photos])


def kot() -> FaceSet:
    photos = real_fit()
    with tempfile.TemporaryDirectory() as tmp:
        own = random_set(f"{tmp}/own", "kot", KOT_FRAMES, KOT_SEED, n_dice=8)
        editions = editions_set(f"{tmp}/editions", TRAINED, EDITION_FRAMES, KOT_SEED + 1)
        own_examples = collect(own, seed=KOT_SEED)
        edition_examples = collect(editions, seed=KOT_SEED + 1)
        examples: Examples = merge(own_examples, edition_examples)
        if photos is not None:
            others = np.concatenate([examples.others, real_surfaces(photos)])
            examples = dataclasses.replace(examples, others=others)
        taught = learn("kot", examples, faces=faces_of("kot"), threshold=0.9)
        held_out = editions_set(f"{tmp}/held-out", HELD_OUT, CALIBRATION_FRAMES, KOT_SEED + 2)
        taught = calibrated(taught, collect(held_out, seed=KOT_SEED + 2, per_die=1))
        own_held = random_set(f"{tmp}/own-held", "kot", HELD_OUT_FRAMES, KOT_HOME_SEED, n_dice=8)
        homed = with_home(
            taught,
            own_examples,
            edition_examples,
            examples.others,
            collect(own_held, seed=KOT_HOME_SEED, per_die=1),
            (
                _more_looks(own, own_examples, KOT_SEED),
                _more_looks(editions, edition_examples, KOT_SEED + 1),
            ),
        )
        return dataclasses.replace(
            homed, cocked_placed=KOT_COCKED_PLACED, freed_threshold=KOT_FREED_THRESHOLD
        )


def _more_looks(
    label_set: labels.LabelSet, examples: Examples, seed: int
) -> tuple[np.ndarray, list[str | None]]:
    """The look network's further cuts of the dice of `label_set` (cut as `examples`):
    tight ones (tight_cuts) and one in hard light (hard_light) of each die."""
    tight, tight_colors = tight_cuts(label_set, seed)
    first = np.unique(examples.dice, return_index=True)[1]
    hard = hard_light(examples.patches[first], np.random.default_rng(seed + 5))
    return np.concatenate([tight, hard]), [*tight_colors, *(examples.colors[i] for i in first)]


def hard_light(cut: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Each patch of `cut` in hard light: a highlight (a blob towards a near white), blur,
    and coloured light and exposure (channel gains), each as often as LOOK_HARD_LIGHT says
    and at least one of them."""
    yy, xx = np.mgrid[0 : cut.shape[1], 0 : cut.shape[2]].astype(np.float32)
    edge = cut.shape[1] * 0.2
    out = []
    for patch in cut:
        img = patch.astype(np.float32)
        kinds = rng.random(3) < LOOK_HARD_LIGHT
        if not kinds.any():
            kinds[rng.integers(3)] = True
        if kinds[0]:
            cx, cy = rng.uniform(edge, cut.shape[1] - edge, 2)
            s = rng.uniform(3, 9) * cut.shape[1] / patches.PATCH
            blob = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * s * s))[..., None]
            img = img + rng.uniform(0.5, 1.0) * blob * (255 - rng.uniform(0, 40, 3) - img)
        if kinds[1]:
            img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.8, 2.2))
        if kinds[2]:
            img = img * np.exp(rng.normal(0, 0.2, 3)) * np.exp(rng.normal(0, 0.25))
        out.append(np.clip(img, 0, 255).astype(np.uint8))
    return np.stack(out)


def tight_cuts(label_set: labels.LabelSet, seed: int) -> tuple[np.ndarray, list[str | None]]:
    """LOOK_TIGHT_CUTS face patches of each unleaning die cut tight (a share of LOOK_TIGHT of
    its side), a little off and at any turn, and their colours."""
    rng = np.random.default_rng(seed)
    cut, colors = [], []
    for image in label_set.images:
        frame = label_set.frame(image)
        for die in image.dice:
            if die.cocked:
                continue
            x0, y0, x1, y1 = die.box
            extent = float(np.sqrt(max((x1 - x0) * (y1 - y0), 1.0)))
            for _ in range(LOOK_TIGHT_CUTS):
                cx = (x0 + x1) / 2 + rng.normal(0, 0.06) * extent
                cy = (y0 + y1) / 2 + rng.normal(0, 0.06) * extent
                side = patches.face_side(x1 - x0, y1 - y0) * float(rng.uniform(*LOOK_TIGHT))
                cut.append(patches.cut(frame, (cx, cy), side, float(rng.uniform(0, 360))))
                colors.append(die.color)
    return np.stack(cut), colors


def with_home(
    faces: FaceSet,
    own: Examples,
    editions: Examples,
    others: np.ndarray,
    held_out: Examples,
    more: tuple[tuple[np.ndarray, list[str | None]], ...] = (),
) -> FaceSet:
    """`faces` keeping its own dice (`own`: the renderer's) apart from the other editions'
    (`editions`): colour by look (FaceSet.look_net, looks.fit_averaged; `more`: further
    cuts of the own dice and of the editions', _more_looks) and the own dice read by a softmax of
    their own (`others`: none of its dice), whose threshold is the lowest at which the
    `held_out` own dice it reads, cut as the reader cuts them, are silently wrong at most
    SILENT_TARGET of the time."""
    colors = list(faces.colors)
    own_more, editions_more = more or ((own.patches[:0], []), (editions.patches[:0], []))
    cut = np.concatenate([own.patches, own_more[0], editions.patches, editions_more[0]])
    named = [*own.colors, *own_more[1], *editions.colors, *editions_more[1]]
    roles = np.array([colors.index(str(c)) for c in named])
    home = np.arange(len(roles)) < len(own.colors) + len(own_more[1])
    classes = looks.look_classes(roles, home, len(colors))
    net = looks.fit_averaged(color_features(cut), classes, 2 * len(colors))
    look_roles, look_home = looks.class_roles(len(colors))
    names = list(faces.faces)
    own_x = nets.embed(own.patches, faces.views, faces.embedding_file)[:, 0]
    other_x = nets.embed(others, faces.views, faces.embedding_file)[:, 0]
    x = np.concatenate([own_x, other_x])
    y = np.concatenate([[names.index(f) for f in own.faces], np.full(len(other_x), len(names))])
    weights, bias = fit_softmax(x, y.astype(np.int64), len(names) + 1, HOME_DECAY)
    homed = dataclasses.replace(
        faces,
        look_net=net,
        look_roles=look_roles,
        look_home=look_home,
        home_weights=weights,
        home_bias=bias,
        home_threshold=0.0,
        home_from=HOME_FROM,
    )
    feats = nets.embed(held_out.read, faces.views, faces.embedding_file)
    truth = np.array(held_out.faces)[np.searchsorted(held_out.dice, held_out.read_dice)]
    probs, thresholds = homed.read_faces(feats, color_features(held_out.read))
    used = thresholds == 0.0
    best = probs[:, : len(names)].argmax(axis=1)
    sure = probs[np.arange(len(best)), best]
    wrong = np.array(names)[best] != truth
    threshold = threshold_for(sure[used], wrong[used], target=SILENT_TARGET)
    print(
        f"{faces.name}: {len(truth)} held-out own dice, {used.mean():.4f} read as its own; "
        f"home threshold {threshold} reads {np.mean(~wrong[used] & (sure[used] >= threshold)):.4f}"
        " of those"
    )
    return dataclasses.replace(homed, home_threshold=threshold)


def pips() -> FaceSet | None:
    """d6-pips: its first pass's set from d6-tray's learn part, read with the networks
    fine-tuned on those photos (PIPS_FINDER, PIPS_EMBEDDING); its second pass's from that
    and rune55's learn scenes (but its validation ones: real_fit), read with
    PIPS_LATER_EMBEDDING."""
    photos = real_fit()
    if photos is None:
        return None
    (real, _), (rune, rune_fit) = photos
    first = learn(
        "d6-pips",
        collect(real, split.select(real.images, "learn"), finder=PIPS_FINDER),
        faces=faces_of("pips"),
        threshold=PIPS_THRESHOLD,
        finder=PIPS_FINDER,
        embedding=PIPS_EMBEDDING,
    )
    examples = merge(
        collect(real, split.select(real.images, "learn"), finder=PIPS_FINDERS),
        collect(rune, rune_fit, finder=PIPS_FINDERS),
    )
    later = learn(
        "d6-pips",
        examples,
        faces=faces_of("pips"),
        threshold=PIPS_THRESHOLD,
        finder=PIPS_FINDERS,
        embedding=PIPS_LATER_EMBEDDING,
    )
    return dataclasses.replace(
        first, finder_file=PIPS_FINDERS, small_finder=PIPS_SMALL_FINDER, later=(later,)
    )


def rendered(
    name: str,
    frames: int,
    seed: int,
    held_out: int = 0,
    zoom: float = 1.0,
    embedding: str = EMBEDDING,
    views: int = 1,
    beside: Sequence[str] = (),
    least: float = 0.0,
    glyphs: bool = False,
) -> FaceSet:
    """Face set `name` taught from `frames` renders (seed `seed`) of the renderer's own dice
    of that set alone, 8 dice each. With `held_out` frames (seed `seed` + 1, a fifth of
    their dice leaning), its threshold and familiarity are calibrated on those (`calibrated`)
    and so is the cocked network's probability from which its dice lean (`leaning`);
    without, the threshold is calibrated as a table's own set's is (vision.teach.calibrate).
    `zoom`, `embedding`, `views`: FaceSet.zoom, FaceSet.embedding_file, FaceSet.views.
    `beside`: sets whose dice are thrown with its own in the teaching frames, unlabelled, so
    that it learns them as none of its dice (a die of fate among the black dice). `least`:
    the lowest threshold it gets, whatever the calibration says (FATE_THRESHOLD). `glyphs`:
    a d4 read from its glyphs cut flat (`with_glyphs`)."""
    faces = faces_of(looks_for(name)[0].style)
    with tempfile.TemporaryDirectory() as tmp:
        own = random_set(f"{tmp}/own", SEPARATOR.join([name, *beside]), frames, seed, n_dice=8)
        if beside:  # only its own dice are labelled: the others are none of its dice
            kept = [dataclasses.replace(im, dice=_own(im.dice, name)) for im in own.images]
            own = dataclasses.replace(own, face_set=name, images=kept)
        examples = collect(own, seed=seed, zoom=zoom)
        threshold = 0.9 if held_out else None
        taught = learn(
            name,
            examples,
            faces=faces,
            threshold=threshold,
            zoom=zoom,
            embedding=embedding,
            views=views,
        )
        if not held_out:
            return taught
        held = random_set(f"{tmp}/held", name, held_out, seed + 1, n_dice=8, cocked=0.2)
        taught = calibrated(taught, collect(held, seed=seed + 1, per_die=1, zoom=zoom))
        threshold = max(taught.threshold, least)
        taught = dataclasses.replace(taught, threshold=threshold, cocked=leaning(taught, held))
        return with_glyphs(taught, own, held, least) if glyphs else taught


def with_glyphs(
    faces: FaceSet, taught: labels.LabelSet, held_out: labels.LabelSet, least: float = 0.0
) -> FaceSet:
    """`faces` reading a d4 from its glyphs cut flat (vision.d4_read), the glyph softmax
    taught on the `taught` dice, its threshold the lowest at which the `held_out` dice, read
    as the reader reads them, are silently wrong at most SILENT_TARGET of the time, and at
    least `least`."""
    names = list(faces.faces)
    weights, bias, chirality = d4_read.learn(
        d4_read.taught_cuts(taught, names, faces.finder_file), len(names)
    )
    glyphed = dataclasses.replace(
        faces, glyph_weights=weights, glyph_bias=bias, chirality=chirality, glyph_threshold=0.0
    )
    sure, wrong = read_sure(glyphed, held_out)
    threshold = max(threshold_for(sure, wrong, target=SILENT_TARGET, finer=d4_read.FINER), least)
    print(
        f"{faces.name}: {len(sure)} held-out dice read from their glyphs, best guess right "
        f"{1 - wrong.mean():.4f}; threshold {threshold} reads "
        f"{np.mean(~wrong & (sure >= threshold)):.4f}"
    )
    return dataclasses.replace(glyphed, glyph_threshold=threshold)


def read_sure(faces: FaceSet, held_out: labels.LabelSet) -> tuple[np.ndarray, np.ndarray]:
    """The held-out flat dice's readings by `faces` as the reader reads them (found, like
    its dice): each one's probability, and whether its face is wrong."""
    reader = DiceReader(faces)
    sure: list[float] = []
    wrong: list[bool] = []
    for image in held_out.images:
        read = reader.read_frame(held_out.frame(image)).dice
        for i, j in match(image.dice, read):
            if image.dice[i].cocked or read[j].face == UNKNOWN:
                continue
            sure.append(read[j].confidence)
            wrong.append(read[j].face != image.dice[i].face)
    return np.array(sure), np.array(wrong, bool)


def _own(dice: Sequence[labels.LabelledDie], name: str) -> tuple[labels.LabelledDie, ...]:
    colours = {look.color for look in looks_for(name)}
    return tuple(d for d in dice if d.color in colours)


def leaning(faces: FaceSet, held_out: labels.LabelSet) -> float:
    """The cocked network's probability from which a die of `faces` leans: the lowest (from
    vision.faceset.COCKED) at which at most SILENT_TARGET of the held-out flat dice are taken
    for leaning, or never (above 1) if the network then finds fewer than half the leaning
    ones (it was taught on cubes of other dice: a d4 always shows sloping faces)."""
    flat: list[float] = []
    lean: list[float] = []
    for image in held_out.images:
        frame = held_out.frame(image)
        found = [fitted(faces, c) for c in detect.find(frame, model=faces.finder_file)]
        if not found:
            continue
        scores = nets.cocked(context_cuts(frame, found))
        for die in image.dice:
            k = max(range(len(found)), key=lambda i: detect.iou(found[i].box, die.box))
            if detect.iou(found[k].box, die.box) >= 0.5:
                (lean if die.cocked else flat).append(float(scores[k]))
    flat_a, lean_a = np.array(flat), np.array(lean)
    for t in np.arange(COCKED, 0.999, 0.001):
        if np.mean(flat_a >= t) <= SILENT_TARGET:
            recall = float(np.mean(lean_a >= t)) if len(lean_a) else 0.0
            print(f"{faces.name}: leaning from {t:.3f} finds {recall:.3f} of the leaning dice")
            return round(float(t), 3) if recall >= 0.5 else NEVER
    print(f"{faces.name}: the cocked network cannot tell its dice leaning: never asked")
    return NEVER


BUILDS: dict[str, Callable[[], FaceSet | None]] = {
    "kot": kot,
    "d6-pips": pips,
    "kingdom-run": lambda: rendered("kingdom-run", KINGDOM_RUN_FRAMES, KINGDOM_RUN_SEED),
    "berserk": lambda: rendered("berserk", BERSERK_FRAMES, BERSERK_SEED, HELD_OUT_FRAMES),
    "fate": lambda: rendered(
        "fate",
        FATE_FRAMES,
        FATE_SEED,
        HELD_OUT_FRAMES,
        zoom=D4_ZOOM,
        views=4,
        beside=("kot", "berserk"),
        least=FATE_THRESHOLD,
        glyphs=True,
    ),
    "kot-dark": lambda: rendered("kot-dark", KOT_DARK_FRAMES, KOT_DARK_SEED, HELD_OUT_FRAMES),
}


def main(argv: list[str] | None = None) -> int:
    names = argv if argv is not None else sys.argv[1:]
    unknown = sorted(set(names) - set(BUILDS))
    if unknown:
        print(f"no shipped face set {unknown}: choose among {sorted(BUILDS)}")
        return 2
    for name in names or BUILDS:
        taught = BUILDS[name]()
        if taught is None:
            print(f"no real photos found (shared/data/dice-photos): {name} not rebuilt")
            return 1
        print("wrote", taught.save(SHIPPED / f"{name}.npz"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
