"""Training material for the card networks, all drawn by our renderer (vision.cards.scene)
on our table textures and on crops of the learn parts of the dice photos (never their
held-out parts, which the composed test hands use, and never cards/deck-a).

Everything is seeded: chunk k of a set is drawn from the child seed (seed, k), so a set is
the same whatever the number of worker processes.
"""

from __future__ import annotations

import math
import pickle
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision import split
from vision.cards import finder, glyphs, patches
from vision.cards.design import BACK, VALUES
from vision.cards.scene import DrawnCard, random_scene, render, table_photos
from vision.labels import load as load_labels
from vision.paths import data_dir

CLASSES = (*VALUES, BACK, *glyphs.OTHERS)  # the embedding's training classes, then:
NOT_A_CARD = len(CLASSES)
MIN_VISIBLE = 0.55  # a card less visible than this is neither a target nor a negative
CHUNK = 50


def training_tables() -> list[str]:
    """Table photos training may use: rune55's learn part and d6-tray's learn part."""
    out = table_photos(data_dir("dice-photos/rune55/learn"))
    tray = data_dir("dice-photos/d6-tray")
    if tray is not None:
        learn = split.select(load_labels(tray).images, "learn")
        out += [str(tray / im.file) for im in learn]
    return out


def geometry(drawn: DrawnCard) -> tuple[float, float, float, float, float]:
    """(cx, cy, long, short, angle) of a drawn card: its long axis' turn in [0, 180)."""
    q = np.array(drawn.corners)
    top, bottom = (q[0] + q[1]) / 2, (q[2] + q[3]) / 2
    long = (math.dist(q[1], q[2]) + math.dist(q[3], q[0])) / 2
    short = (math.dist(q[0], q[1]) + math.dist(q[2], q[3])) / 2
    d = top - bottom
    angle = math.degrees(math.atan2(d[0], -d[1])) % 180
    c = q.mean(axis=0)
    return float(c[0]), float(c[1]), float(long), float(short), float(angle)


# -- finder -----------------------------------------------------------------------------------


@dataclass
class FinderSet:
    frames: list[np.ndarray]  # uint8, the net's input size (longer side finder.SIDE)
    cards: list[np.ndarray]  # per frame (k, 6): cx, cy, long, short, angle, visible (input px)


def _finder_chunk(
    args: tuple[int, int, int, list[str]],
) -> tuple[list[np.ndarray], list[np.ndarray]]:
    seed, k, n, tables = args
    rng = np.random.default_rng([seed, k])
    frames, cards = [], []
    for _ in range(n):
        portrait = rng.random() < 0.3
        w, h = (240, 320) if portrait else (320, 240)
        scene = random_scene(rng, "train", w, h, tables)
        frame, drawn = render(scene)
        small, scale = finder.scaled_input(frame)
        rows = [[*(v * scale for v in geometry(d)[:4]), geometry(d)[4], d.visible] for d in drawn]
        frames.append(small)
        cards.append(np.array(rows, np.float32).reshape(-1, 6))
    return frames, cards


def render_finder(seed: int, frames: int, workers: int = 1) -> FinderSet:
    tables = training_tables()
    jobs = [
        (seed, k, min(CHUNK, frames - k * CHUNK), tables) for k in range(math.ceil(frames / CHUNK))
    ]
    results = _map(_finder_chunk, jobs, workers)
    out = FinderSet([], [])
    for f, c in results:
        out.frames += f
        out.cards += c
    return out


# -- embedding --------------------------------------------------------------------------------


@dataclass
class PatchSet:
    patches: np.ndarray  # (n, HEIGHT, WIDTH, 3) uint8
    labels: np.ndarray  # (n,) index into CLASSES, NOT_A_CARD for what is no card
    colors: list[str]  # the card's colour ("" for no card)
    designs: np.ndarray  # (n,) which rendered deck each comes from (-1: no card)


def _negatives(
    frame: np.ndarray, drawn: Sequence[DrawnCard], rng: np.random.Generator, n: int
) -> list[np.ndarray]:
    """Card-shaped cuts of what is no card: bare table, paper, a cut between two cards."""
    h, w = frame.shape[:2]
    sizes = [geometry(d) for d in drawn] or [(w / 2, h / 2, h * 0.3, h * 0.2, 0.0)]
    out = []
    for _ in range(n):
        cx, cy, long, short, angle = sizes[int(rng.integers(len(sizes)))]
        if rng.random() < 0.5 and len(sizes) > 1:  # between two cards: half of each
            other = sizes[int(rng.integers(len(sizes)))]
            cx, cy = (cx + other[0]) / 2, (cy + other[1]) / 2
        else:
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        quad = finder.rectangle((cx, cy), long, short, angle + rng.uniform(-90, 90))
        centre_on_card = any(
            cv2.pointPolygonTest(np.array(d.corners, np.float32), (float(cx), float(cy)), True)
            > -0.1 * geometry(d)[3]
            for d in drawn
        )
        if not centre_on_card:
            out.append(patches.cut(frame, quad))
    return out


def _patch_chunk(args: tuple[int, int, int, str, list[str]]) -> PatchSet:
    seed, k, n, which, tables = args
    rng = np.random.default_rng([seed, k])
    cuts: list[np.ndarray] = []
    labels: list[int] = []
    colors: list[str] = []
    designs: list[int] = []
    others = glyphs.OTHERS if which == "train" else ()
    while len(cuts) < n:
        scene = random_scene(rng, which, 480, 360, tables, others)
        frame, drawn = render(scene)
        design = int(rng.integers(1 << 30))
        for d in drawn:
            if d.visible < MIN_VISIBLE or d.middle < 0.9 or d.box[2] - d.box[0] < 8:
                continue  # a card whose symbol is hidden teaches nothing of its value
            quad = np.array(d.corners)
            if rng.random() < 0.5:
                quad = patches.turned(quad)
            cuts.append(patches.cut(frame, patches.jitter(quad, rng)))
            labels.append(CLASSES.index(d.value))
            colors.append(d.color)
            designs.append(design)
        for neg in _negatives(frame, drawn, rng, 1 + int(rng.random() < 0.3)):
            cuts.append(neg)
            labels.append(NOT_A_CARD)
            colors.append("")
            designs.append(-1)
    return PatchSet(np.stack(cuts), np.array(labels), colors, np.array(designs))


def render_patches(seed: int, count: int, which: str = "train", workers: int = 1) -> PatchSet:
    """`count` or so card patches of designs of `which` split ("train" or "held-out")."""
    tables = training_tables()
    per = 200
    jobs = [(seed, k, per, which, tables) for k in range(math.ceil(count / per))]
    parts = _map(_patch_chunk, jobs, workers)
    return PatchSet(
        np.concatenate([p.patches for p in parts]),
        np.concatenate([p.labels for p in parts]),
        [c for p in parts for c in p.colors],
        np.concatenate([p.designs for p in parts]),
    )


def _map(fn, jobs, workers):  # type: ignore[no-untyped-def]
    if workers <= 1:
        return [fn(j) for j in jobs]
    from multiprocessing import Pool

    with Pool(workers) as pool:
        return pool.map(fn, jobs)


def save(obj: object, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        pickle.dump(obj, f, protocol=pickle.HIGHEST_PROTOCOL)


def load(path: Path) -> object:
    with path.open("rb") as f:
        return pickle.load(f)
