"""Learn a card set from labelled photos of a deck (dice-labels/1, face_set "cards").

As with the dice (vision.teach, whose softmax fit and calibration this calls): each
labelled card is cut out several times, a little off and either way up, as the finder might
place it, and embedded by the shipped card embedding; the set's models (values, colours)
are fitted with numpy in seconds, on the table's own computer. A few photos of the
players' own deck, one card a photo, are enough to read that deck.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from vision import labels
from vision.cards import colour, finder, named, patches, symbol
from vision.cards.cardset import CardSet
from vision.cards.design import BACK
from vision.cards.design import OTHER as OTHER_KIND
from vision.cards.reader import embed
from vision.detect import iou
from vision.errors import VisionError
from vision.reader import check_frame
from vision.teach import CAUTIOUS, calibrate, centroids_of, checked, fit_softmax

CUTS_PER_CARD = 8
MATCH = 0.5  # a find and a labelled card are the same card from this box IoU
OTHER = 0.1  # a find overlapping no labelled card more than this is no card
DECAY = 1e-4


class TeachError(VisionError):
    """Labelled photos that cannot teach a card set (too few, unreadable, ...)."""


@dataclass
class Examples:
    """Cuts of labelled cards (several per card) and of what is no card."""

    cuts: np.ndarray  # (n, HEIGHT, WIDTH, 3) uint8
    values: list[str]
    colors: list[str | None]
    cards: np.ndarray  # (n,) which labelled card each cut comes from
    others: np.ndarray  # (m, ...) what the finder found where no card is labelled
    read: np.ndarray  # (k, ...) each labelled card cut where the finder found it
    read_cards: np.ndarray  # (k,) which labelled card each comes from


def quad_of(
    card: labels.LabelledDie, found: Sequence[finder.Found]
) -> tuple[np.ndarray, finder.Found | None]:
    """A labelled card's corners (its labelled ones, else those of the find on it, else its
    box stood upright) and the find that matches it, if any."""
    best = max(found, key=lambda f: iou(f.box, card.box), default=None)
    match = best if best is not None and iou(best.box, card.box) >= MATCH else None
    if card.corners is not None:
        return np.array(card.corners), match
    if match is not None:
        return np.array(match.corners), match
    x0, y0, x1, y1 = card.box
    c = ((x0 + x1) / 2, (y0 + y1) / 2)
    w, h = x1 - x0, y1 - y0
    return finder.rectangle(c, max(w, h), min(w, h), 0.0 if h >= w else 90.0), None


def jittered(
    frame: np.ndarray, quad: np.ndarray, rng: np.random.Generator, per_card: int = CUTS_PER_CARD
) -> list[np.ndarray]:
    """A card cut out of `frame` `per_card` times, a little off as the finder might place
    it (patches.jitter), every other cut the other way up."""
    cuts = []
    for k in range(per_card):
        q = patches.jitter(quad, rng)
        cuts.append(patches.cut(frame, patches.turned(q) if k % 2 else q))
    return cuts


def collect(
    label_set: labels.LabelSet,
    images: Sequence[labels.LabelledImage] | None = None,
    seed: int = 0,
    per_card: int = CUTS_PER_CARD,
) -> Examples:
    """Cut every readable labelled card out of its photo (and what is no card)."""
    rng = np.random.default_rng(seed)
    cuts, values, colors, card_of = [], [], [], []
    others, read, read_cards = [], [], []
    n_cards = 0
    for image in images if images is not None else label_set.images:
        frame = check_frame(label_set.frame(image))
        found = finder.find(frame)
        for card in image.dice:
            quad, match = quad_of(card, found)
            if not card.readable:
                continue
            cuts += jittered(frame, quad, rng, per_card)
            values += [card.face] * per_card
            colors += [card.color] * per_card
            card_of += [n_cards] * per_card
            if match is not None:
                read.append(patches.cut(frame, match.corners))
                read_cards.append(n_cards)
            n_cards += 1
        for f in found:
            if all(iou(f.box, c.box) < OTHER for c in image.dice):
                others.append(patches.cut(frame, f.corners))
    if not cuts:
        raise TeachError("the labels hold no readable card to learn from")
    none = np.zeros((0, *cuts[0].shape), np.uint8)
    return Examples(
        np.stack(cuts),
        values,
        colors,
        np.array(card_of),
        np.stack(others) if others else none,
        np.stack(read) if read else none,
        np.array(read_cards, np.int64),
    )


@functools.lru_cache(maxsize=1)
def blank_cuts() -> np.ndarray:
    """Card-shaped cuts of tables with no card on them (our textures, paper, coasters):
    what a set learns is no card when its photos show little besides cards."""
    from vision.cards.scene import random_scene, render

    rng = np.random.default_rng(2024)
    out = []
    for _ in range(12):
        scene = random_scene(rng, n_cards=1)
        frame, _ = render(scene.__class__(**{**scene.__dict__, "cards": ()}))
        length = scene.cards[0].length
        for _ in range(16):
            c = (float(rng.uniform(0, frame.shape[1])), float(rng.uniform(0, frame.shape[0])))
            q = finder.rectangle(c, length, length / 1.5, float(rng.uniform(0, 180)))
            out.append(patches.cut(frame, q))
    return np.stack(out)


def learn(
    name: str,
    examples: Examples,
    values: Sequence[str] | None = None,
    kinds: Sequence[tuple[str, str]] | None = None,
    threshold: float | None = None,
    color_threshold: float | None = None,
) -> CardSet:
    """Fit a card set to examples. Without thresholds, each is calibrated on the examples
    (vision.teach.calibrate: fit on half the cards, read the other half as the reader cuts
    them, and the other way round)."""
    names = list(values) if values is not None else sorted(set(examples.values))
    if len([v for v in names if v != BACK]) < 2:
        raise TeachError(
            f"only {', '.join(names) or 'no value'} to learn: label photos of at least two kinds "
            "of card (a card set tells them apart)"
        )
    missing = [v for v in names if v not in examples.values]
    if missing:
        raise TeachError(f"no example of value(s) {', '.join(missing)}: label at least one of each")
    if unknown := sorted(set(examples.values) - set(names)):
        raise TeachError(f"labels name value(s) {', '.join(unknown)} that the set {name!r} lacks")
    if any(c is None for c in examples.colors):
        raise TeachError("every labelled card needs its colour (black for the wild kinds)")
    labelled = {(str(c), v) for c, v in zip(examples.colors, examples.values, strict=True)}
    deck = tuple(sorted(set(kinds) if kinds is not None else {k for k in labelled if k[1] != BACK}))
    feats = embed(examples.cuts, 1)[:, 0]
    y = np.array([names.index(v) for v in examples.values])
    negatives = np.concatenate([examples.others, blank_cuts()])
    others = embed(negatives, 1)[:, 0]
    classes = len(names) + 1
    all_feats = np.concatenate([feats, others])
    all_y = np.concatenate([y, np.full(len(others), len(names))])
    all_ids = np.concatenate([examples.cards, examples.cards.max() + 1 + np.arange(len(others))])
    weights, bias = fit_softmax(all_feats, all_y, classes, DECAY)
    if threshold is None:
        read = lambda: embed(examples.read, 1)[:, 0]  # noqa: E731
        check = checked(feats, y, examples.cards, examples.read_cards, read)
        threshold = calibrate(all_feats, all_y, all_ids, check, len(names), classes, DECAY)
    centroids, familiar = centroids_of(feats, y, len(names))
    colors = sorted(
        {str(c) for c, v in zip(examples.colors, examples.values, strict=True) if v != BACK}
    )
    keep = np.array([v != BACK for v in examples.values])
    cf = colour.features(examples.cuts[keep])
    cy = np.array([colors.index(str(c)) for c, k in zip(examples.colors, keep, strict=True) if k])
    color_weights, color_bias = fit_softmax(cf, cy, len(colors), DECAY, 600)
    if color_threshold is None:
        if len(colors) < 2:
            color_threshold = CAUTIOUS
        else:
            color_threshold = calibrate(
                cf,
                cy,
                examples.cards[keep],
                (cf, cy, examples.cards[keep]),
                len(colors),
                len(colors),
                DECAY,
            )
    return CardSet(
        name=name,
        values=tuple(names),
        colors=tuple(colors),
        kinds=deck,
        weights=weights,
        bias=bias,
        centroids=centroids.astype(np.float32),
        familiar=familiar,
        color_weights=color_weights,
        color_bias=color_bias,
        threshold=threshold,
        color_threshold=color_threshold,
        embedding=symbol.fingerprint(),
        facedown=BACK if BACK in names else "",
        other=OTHER_KIND if OTHER_KIND in names else "",
    )


def teach(folder: str, name: str, seed: int = 0) -> CardSet:
    """Teach a card set from a dice-labels/1 folder of cards, or from a folder of photos
    named by their card (one card a photo: vision.cards.named)."""
    label_set = named.label_set(folder) if named.by_name(folder) else labels.load(folder)
    if label_set.face_set not in ("cards", ""):
        raise TeachError(f"{folder} labels {label_set.face_set!r}, not cards")
    return learn(name, collect(label_set, seed=seed))
