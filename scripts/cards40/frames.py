# ruff: noqa
# mypy: ignore-errors
# Branch cards40's TUNING frames (none of it held out, none of it read by a judge):
#  - tunehands: hands laid as `compose-cards` lays them, of OUR rendered cards (train and
#    held-out designs; seeds 4001, 80 frames, and 4002, 300 frames) on the LEARN parts of the table photos
#    (d6-tray's learn split, rune55/learn), real dice and all, the cards over them: each
#    frame's dice (the photo's labelled boxes, moved by the crop) written beside its labels
#    (dice.json) so a find can be told a die;
#  - dice3811: cards38's frames (held-out designs, tuning seed 3811) with our renderer's
#    dice (seed 3812, every look) drawn among the cards;
#  - cal3002 (build_shipped's calibration seed) and train3101 (train designs).
#   PYTHONPATH=. python scripts/cards40/frames.py
import json
import math
import sys
from pathlib import Path

import cv2
import numpy as np

cv2.setNumThreads(1)

from vision import labels, split
from vision.cards import finder
from vision.cards.compose import Cutout, place_hand
from vision.cards.dataset import random_set
from vision.cards.design import card_kinds, draw_card, random_design
from vision.cards.scene import shadow, warp_into
from vision.labels import LabelledDie, LabelledImage, LabelSet
from vision.paths import data_dir

OUT = Path("/tmp/cards40/tune")
LOOKS = ("d6-pips", "kot", "kot-dark", "kot-alt", "kingdom-run", "berserk", "fate")


def learn_tables():
    """(photo path, its dice boxes) of the learn parts of the dice photos."""
    out = []
    tray = data_dir("dice-photos/d6-tray")
    ls = labels.load(tray)
    for im in split.select(ls.images, "learn"):
        out.append((str(tray / im.file), [d.box for d in im.dice]))
    rune = data_dir("dice-photos/rune55/learn")
    ls = labels.load(rune)
    for im in ls.images:
        out.append((str(rune / im.file), [d.box for d in im.dice]))
    return out


def crop(path, boxes, size, rng):
    """compose.table_crop, with the dice boxes moved as the photo is."""
    img = cv2.imread(path, cv2.IMREAD_COLOR)
    w, h = size
    s = max(w / img.shape[1], h / img.shape[0]) * rng.uniform(1.0, 1.4)
    bw, bh = math.ceil(img.shape[1] * s), math.ceil(img.shape[0] * s)
    big = cv2.resize(img, (bw, bh))
    sx, sy = bw / img.shape[1], bh / img.shape[0]
    x = int(rng.integers(0, big.shape[1] - w + 1))
    y = int(rng.integers(0, big.shape[0] - h + 1))
    moved = []
    for x0, y0, x1, y1 in boxes:
        b = (x0 * sx - x, y0 * sy - y, x1 * sx - x, y1 * sy - y)
        if b[2] > 0 and b[3] > 0 and b[0] < w and b[1] < h:
            moved.append(b)
    return np.asarray(big[y : y + h, x : x + w], np.float32), moved


def deck(rng, split_name):
    design = random_design(rng, split_name)
    out = []
    for color, value in card_kinds():
        tex, alpha = draw_card(design, color, value, 300)
        out.append(Cutout(tex, alpha, color, value, f"{color}-{value}"))
    return out


def hands(folder, frames, seed, size=(640, 480)):
    folder = Path(folder)
    if (folder / "labels.json").exists():
        return labels.load(folder)
    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    tables = learn_tables()
    images, dice = [], {}
    for k in range(frames):
        cards = deck(rng, "held-out" if k % 2 else "train")
        w, h = size
        n = int(rng.integers(5, 11))
        chosen = [cards[int(i)] for i in rng.choice(len(cards), size=n, replace=False)]
        length = h * rng.uniform(0.22, 0.32)
        aspect = float(np.median([c.texture.shape[0] / c.texture.shape[1] for c in chosen]))
        path, boxes = tables[int(rng.integers(len(tables)))]
        frame, moved = crop(path, boxes, size, rng)
        quads = place_hand(rng, len(chosen), length, aspect, w, h)
        chosen = chosen[: len(quads)]
        out = []
        for card, quad in zip(chosen, quads):
            shadow(frame, quad, length, 1.0, float(rng.uniform(0.25, 0.5)))
            warp_into(frame, card.texture.astype(np.float32), quad, card.alpha)
            out.append(
                LabelledDie(
                    box=finder.box_of(quad, w, h),
                    face=card.value,
                    color=card.color,
                    corners=tuple((float(x), float(y)) for x, y in quad),
                )
            )
        frame = cv2.GaussianBlur(frame, (0, 0), float(rng.uniform(0.3, 0.9)))
        frame += rng.normal(0, rng.uniform(1, 4), frame.shape).astype(np.float32)
        _, buf = cv2.imencode(
            ".jpg",
            np.clip(frame, 0, 255).astype(np.uint8),
            [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(70, 95))],
        )
        name = f"hand-{k:04d}.jpg"
        (folder / name).write_bytes(buf.tobytes())
        images.append(LabelledImage(name, w, h, tuple(out)))
        dice[name] = moved
    ls = LabelSet(
        "cards", images, folder, {"source": f"scripts/cards40/frames.py hands seed {seed}"}
    )
    labels.save(ls)
    (folder / "dice.json").write_text(json.dumps(dice))
    return ls


def dice_frames():
    """cards38's tuning frames: held-out designs (seed 3811) with our dice (seed 3812)."""
    from vision.render.draw import render
    from vision.render.random_scenes import random_scene
    from vision.render.scene import looks_for

    folder = OUT / "dice3811"
    if (folder / "labels.json").exists():
        return labels.load(folder)
    ls = random_set(folder, 80, 3811, "held-out")
    rng = np.random.default_rng(3812)
    dice = {}
    for image in ls.images:
        frame = ls.frame(image)
        dice[image.file] = []
        for _ in range(20):
            scene = random_scene(
                rng, n_dice=int(rng.integers(2, 5)), looks=looks_for(str(rng.choice(LOOKS)))
            )
            out, drawn = render(scene, background=frame)
            if all(
                abs(d.center[0] - (c.box[0] + c.box[2]) / 2) > (c.box[2] - c.box[0]) * 0.3
                or abs(d.center[1] - (c.box[1] + c.box[3]) / 2) > (c.box[3] - c.box[1]) * 0.3
                for d in drawn
                for c in image.dice
            ):
                frame = out
                dice[image.file] = [tuple(float(v) for v in d.box) for d in drawn]
                break
        cv2.imwrite(str(folder / image.file), frame)
    (folder / "dice.json").write_text(json.dumps(dice))
    return labels.load(folder)


def material():
    return {
        "tunehands4001": hands(OUT / "tunehands4001", 80, 4001),
        "tunehands4002": hands(OUT / "tunehands4002", 300, 4002),
        "dice3811": dice_frames(),
        "cal3002": random_set(OUT / "cal3002", 200, 3002, "held-out")
        if not (OUT / "cal3002/labels.json").exists()
        else labels.load(OUT / "cal3002"),
        "train3101": random_set(OUT / "train3101", 80, 3101, "train")
        if not (OUT / "train3101/labels.json").exists()
        else labels.load(OUT / "train3101"),
    }


if __name__ == "__main__":
    for k, ls in material().items():
        print(k, len(ls.images), sum(len(i.dice) for i in ls.images))
