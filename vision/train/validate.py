"""`python -m vision.train validate`: figures for choosing thresholds, on data that is
neither trained on nor used for the quoted figures: the real photos' validation photos
(the last VALIDATE of the learn part) and frames of the tuning seed TUNE_SEED."""

from __future__ import annotations

import tempfile
from dataclasses import replace

from vision import labels, split
from vision.evaluate import evaluate
from vision.glyphs import faces_of
from vision.paths import photos_dir
from vision.reader import DiceReader
from vision.render.dataset import random_set
from vision.teach import collect, learn
from vision.train.fit import VALIDATE

TUNE_SEED = 2
KEYS = (
    "detection_recall",
    "detection_precision",
    "face_accuracy",
    "silent_error_rate",
    "color_accuracy",
    "cocked_recall",
)


def main(frames: int = 120) -> None:
    folder = photos_dir()
    assert folder is not None, "real photos not found"
    real = labels.load(folder)
    learn_part = split.select(real.images, "learn")
    fit_on, check_on = learn_part[:-VALIDATE], learn_part[-VALIDATE:]
    real_examples = collect(real, fit_on)
    with tempfile.TemporaryDirectory() as tmp:
        kot_examples = collect(random_set(f"{tmp}/fit", "kot", 60, 1001, n_dice=8), seed=1001)
        tune = random_set(f"{tmp}/tune", "kot", frames, TUNE_SEED, cocked=0.05)
        for views in (1, 4):
            for decay in (1e-3, 1e-4, 1e-5):
                pips = learn("d6-pips", real_examples, faces_of("pips"), views=views, decay=decay)
                kot = learn("kot", kot_examples, faces_of("kot"), views=views, decay=decay)
                for threshold in (0.6, 0.8, 0.9):
                    r = evaluate(
                        real, DiceReader(replace(pips, threshold=threshold)), check_on
                    ).figures()
                    s = evaluate(tune, DiceReader(replace(kot, threshold=threshold))).figures()
                    print(f"views {views} decay {decay} threshold {threshold}")
                    print("  real ", " ".join(f"{k}={r[k]}" for k in KEYS if r.get(k) is not None))
                    print("  synth", " ".join(f"{k}={s[k]}" for k in KEYS if s.get(k) is not None))


if __name__ == "__main__":
    main()
