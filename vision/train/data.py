"""Build and load the training data: rendered frames and patches, and the real photos'
learning parts. `python -m vision.train data --seed S` renders it (in parallel, reproducible:
chunk k always uses the k-th child of the seed).

Real photos: `d6-tray`'s learn part (vision.split; its last VALIDATE photos only watch the
training) and `rune55/learn` (its validation scenes, vision.split.validation, only watch
it); never `rune55/held-out`, `d6-tray`'s held-out part or `kot-frames`.
"""

from __future__ import annotations

import multiprocessing
import pickle
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision import labels, review, split
from vision.paths import photos_dir
from vision.train.synth import (
    DETECT_WIDTH,
    FrameSample,
    Photo,
    render_cocked_sample,
    render_placed_cocked_sample,
    render_sample,
)

CHUNK = 50
Columns = tuple[list[Any], ...]  # what a sample gives, as lists (frames, cuts, flags...)
VALIDATE = 20  # the last photos of d6-tray's learn part: only for watching training
_BACKGROUNDS: list[Photo] = []  # real photos to draw dice on (set before the workers fork)


@dataclass
class Synthetic:
    frames: list[FrameSample]
    patches: np.ndarray  # (n, 32, 32, 3)
    names: list[str]


def _frame_sample(rng: np.random.Generator) -> Columns:
    """One training frame (render_sample on the backgrounds render_data set), as lists."""
    sample, cuts, names = render_sample(rng, _BACKGROUNDS)
    return [sample], cuts, names


def render_data(seed: int, frames: int, workers: int = 2) -> Synthetic:
    """`frames` training frames from `seed`: rendered scenes, and our dice drawn on the real
    photos that training may learn from (d6-tray's and rune55's, as much of each)."""
    d6 = [Photo(p.image, p.boxes, p.complete) for p in real_photos("d6-tray", "fit")]
    rune = [Photo(p.image, p.boxes, p.complete) for p in real_photos("rune55", "fit")]
    _BACKGROUNDS[:] = d6 * max(1, len(rune) // max(len(d6), 1)) + rune
    samples, cuts, names = _sampled(_frame_sample, seed, frames, workers)
    return Synthetic(samples, np.stack(cuts), names)


def save(data: Synthetic, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        pickle.dump(data, f, protocol=pickle.HIGHEST_PROTOCOL)


def load(path: Path) -> Synthetic:
    with path.open("rb") as f:
        data = pickle.load(f)
    assert isinstance(data, Synthetic)
    return data


@dataclass
class RealPhoto:
    image: np.ndarray  # full resolution BGR
    boxes: np.ndarray  # (n, 4)
    faces: list[str]
    complete: bool = True  # every die in it labelled (else nothing there is "no die")


def real_photos(name: str, part: str) -> list[RealPhoto]:
    """The real photos training may use, with our review of their labels applied:
    `name` "d6-tray" or "rune55", `part` "fit" (learned from) or "validate" (only watched)."""
    folder = photos_dir(name if name != "rune55" else "rune55/learn")
    if folder is None:
        raise FileNotFoundError(f"the real photos {name} (shared/data/dice-photos) are not here")
    label_set = review.reviewed(labels.load(folder))
    if name == "d6-tray":
        learn = split.select(label_set.images, "learn")
        images = learn[:-VALIDATE] if part == "fit" else learn[-VALIDATE:]
    else:
        images = [
            im
            for im in label_set.images
            if split.validation(split.scene_of(im.origin)) == (part == "validate")
        ]
    out = []
    for image in images:
        frame = label_set.frame(image)
        out.append(
            RealPhoto(
                frame,
                np.array([d.box for d in image.dice], np.float32).reshape(-1, 4),
                [d.face for d in image.dice],
                image.complete,
            )
        )
    return out


def real_as_frames(photos: list[RealPhoto]) -> list[FrameSample]:
    """The real photos as finder samples (scaled to the finder's width; no angle labels)."""
    out = []
    for p in photos:
        scale = DETECT_WIDTH / p.image.shape[1]
        small = cv2.resize(
            p.image, (DETECT_WIDTH, round(p.image.shape[0] * scale)), interpolation=cv2.INTER_AREA
        )
        n = len(p.boxes)
        out.append(
            FrameSample(
                small,
                p.boxes * scale,
                np.full(n, np.nan, np.float32),
                np.full(n, np.nan, np.float32),
                np.zeros((0, 4), np.float32),
                p.complete,
            )
        )
    return out


def _chunk(sample: Callable[[np.random.Generator], Columns], seed_seq: Any) -> Columns:
    """CHUNK samples of `sample` from one seed, each of its lists joined."""
    rng = np.random.default_rng(seed_seq)
    parts = [sample(rng) for _ in range(CHUNK)]
    return tuple([x for part in parts for x in part[k]] for k in range(len(parts[0])))


def _sampled(
    sample: Callable[[np.random.Generator], Columns], seed: int, frames: int, workers: int
) -> Columns:
    """`sample`'s lists over `frames` renders, in chunks of CHUNK (seeded apart, so the
    same whatever the workers), each list joined in chunk order."""
    seqs = np.random.SeedSequence(seed).spawn((frames + CHUNK - 1) // CHUNK)
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            parts = pool.map(partial(_chunk, sample), seqs)
    else:
        parts = [_chunk(sample, s) for s in seqs]
    return tuple([x for part in parts for x in part[k]] for k in range(len(parts[0])))


def render_cocked(seed: int, frames: int, workers: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """Patches of flat and cocked dice, and 1/0 for cocked, from `frames` renders."""
    cuts, flags = _sampled(render_cocked_sample, seed, frames, workers)
    return np.stack(cuts), np.array(flags, np.int64)


def render_placed_cocked(
    seed: int, frames: int, workers: int = 1
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Patches of flat and cocked dice turned toward the frame's middle, their places
    (vision.patches.place) and 1/0 for cocked, from `frames` renders."""
    cuts, places, flags = _sampled(render_placed_cocked_sample, seed, frames, workers)
    return np.stack(cuts), np.stack(places), np.array(flags, np.int64)
