"""The card reader's time per frame, printed by `dicetable bench vision` beside the dice':
rendered hands of a deck of held-out designs (640x480, 7 cards), the real photos of
cards/deck-a (one card a photo, 810x1080 and 960x1280) and hands composed from them on
held-out table photos (640x480), where the photos are on this machine."""

from __future__ import annotations

import tempfile

import numpy as np

from vision.bench import measure, real_frames

SEED = 2025  # rendered and composed frames of the benchmark (used nowhere else)


def bench(frames: int, repeat: int) -> None:
    from vision.cards.compose import write_hands
    from vision.cards.reader import CardReader
    from vision.cards.scene import random_scene, render
    from vision.paths import data_dir

    reader = CardReader.load("cards")
    rng = np.random.default_rng(SEED)
    shots = [
        render(random_scene(rng, "held-out", 640, 480, layout="spread", n_cards=7))[0]
        for _ in range(frames)
    ]
    measure("cards rendered 640x480", shots, reader.read, "cards", repeat, False, "cards")
    deck = real_frames("cards/deck-a", frames)
    if not deck:
        print("cards/deck-a: not on this machine (shared/data), not measured")
        return
    measure("cards/deck-a", deck, reader.read, "cards", repeat, False, "cards")
    with tempfile.TemporaryDirectory() as tmp:
        hands = write_hands(tmp, data_dir("cards/deck-a"), frames, SEED)  # type: ignore[arg-type]
        shots = [hands.frame(im) for im in hands.images]
    measure("cards/deck-a hands 640x480", shots, reader.read, "cards", repeat, False, "cards")
