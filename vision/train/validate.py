"""`python -m vision.train validate`: figures for choosing between variants of the models
and thresholds, on material that is neither trained on nor used for the quoted figures:

- "kot" dice of CHECK editions (vision.designs: designs nothing was trained or
  calibrated on), rendered, and the renderer's own dice from the tuning seed TUNE_SEED,
  read by the shipped `kot` set;
- the real photos' validation parts (vision.train.data.real_photos "validate": d6-tray's
  last learn photos, rune55's validation scenes), read by `d6-pips` at a few thresholds.

Never `kot-frames` (it stands for an edition nothing has seen) nor any held-out part.
"""

from __future__ import annotations

import tempfile
from dataclasses import replace

from vision import labels, split
from vision.build_shipped import editions_set
from vision.designs import CHECK
from vision.evaluate import evaluate
from vision.paths import photos_dir
from vision.reader import DiceReader
from vision.render.dataset import random_set
from vision.train.data import VALIDATE

TUNE_SEED = 2
CHECK_SEED = 3
KEYS = (
    "detection_recall",
    "detection_precision",
    "dice_dropped",
    "face_accuracy",
    "silent_error_rate",
    "color_accuracy",
    "cocked_recall",
)


def _line(name: str, figures: dict[str, object]) -> str:
    return f"  {name:28} " + " ".join(
        f"{k}={figures[k]}" for k in KEYS if figures.get(k) is not None
    )


def main(frames: int = 120) -> None:
    kot = DiceReader.load("kot")
    with tempfile.TemporaryDirectory() as tmp:
        check = editions_set(f"{tmp}/check", CHECK, frames, CHECK_SEED)
        own = random_set(f"{tmp}/tune", "kot", frames, TUNE_SEED, cocked=0.05)
        print(f"kot (threshold {kot.faces.threshold})")
        print(_line("CHECK editions", evaluate(check, kot).figures()))
        print(_line("renderer's own, tuning seed", evaluate(own, kot).figures()))
    pips = DiceReader.load("d6-pips")
    d6, rune = photos_dir(), photos_dir("rune55/learn")
    parts = []
    if d6 is not None:
        real = labels.load(d6)
        parts.append(("d6-tray validation", real, split.select(real.images, "learn")[-VALIDATE:]))
    if rune is not None:
        learn = labels.load(rune)
        scenes = [im for im in learn.images if split.validation(split.scene_of(im.origin))]
        parts.append(("rune55 validation scenes", learn, scenes))
    for threshold in (0.6, 0.8, 0.9):
        print(f"d6-pips at threshold {threshold}")
        later = tuple(replace(f, threshold=threshold) for f in pips.faces.later)
        reader = DiceReader(replace(pips.faces, threshold=threshold, later=later))
        for name, label_set, images in parts:
            print(_line(name, evaluate(label_set, reader, images).figures()))


if __name__ == "__main__":
    main()
