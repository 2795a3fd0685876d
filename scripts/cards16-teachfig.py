# ruff: noqa
# mypy: ignore-errors
# the taught-deck test's figure (tests/vision/test_cards_teach.py) and the features' ms a card
import tempfile, time
import numpy as np
from vision.cards import finder, patches, symbol
from vision.cards.compose import write_hands
from vision.cards.evaluate import evaluate
from vision.cards.reader import CardReader
from vision.cards.teach import teach
from vision import labels
from vision.paths import data_dir

folder = data_dir("cards/deck-a")
taught = teach(str(folder), "deck-a")
with tempfile.TemporaryDirectory() as tmp:
    hands = write_hands(tmp, folder, 4, 77)
    f = evaluate(hands, CardReader(taught)).figures()
print(
    "taught deck-a: values",
    f["value_accuracy"],
    "colours",
    f["color_accuracy"],
    "silent",
    f["silent_error_rate"],
    "threshold",
    taught.threshold,
)
ls = labels.load(str(folder))
cuts = []
for im in ls.images:
    frame = ls.frame(im)
    cuts += [patches.cut(frame, c.corners) for c in finder.find(frame)]
cuts = np.stack(cuts)
symbol.features(cuts[:4])
best = []
for _ in range(5):
    t = time.perf_counter()
    symbol.features(cuts)
    best.append((time.perf_counter() - t) / len(cuts) * 1000)
print(f"features: {min(best):.2f} ms a card (best of 5, {len(cuts)} cards of deck-a, both ways up)")
