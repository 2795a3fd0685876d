"""Issue 16's lean8 round: the placed cocked network's probability P and the freed dice's
face threshold F by the rule in docs/vision.md (written before any fresh seed is read),
from the tuning folders' extracts (extract.py), and the tuning figures there.
Usage: choose.py FLAT.npz[,...] LEAN.npz[,...]

P: the highest probability (step 0.001) at which the placed network finds, on EACH
leaning folder, at least MARGIN of its leaning dice more than cocked.onnx at 0.9.
F (the first rule): the highest best-face probability of any flat die of all the folders
whose best face is wrong (not like-none), rounded up to STEP, plus STEP; it gave 1.0 (a
freed die of 7676 wrong at 0.943), the freed dice never read: its tuning part failed.
F (the second rule): the highest best-face probability of a FREED flat die (flagged by
cocked.onnx at 0.9, cleared by the placed network from P) whose best face is wrong, rounded
up to 0.01, plus 0.01."""

import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from sim import SHIPPED, load, read

MARGIN = 0.03  # of a folder's leaning dice: lean7 lost 5 of 335 on a fresh seed at 1 %
STEP = 0.05


def choose_p(leans: list[dict[str, np.ndarray]]) -> float:
    for t in np.arange(0.999, 0.499, -0.001):
        if all(
            read(d, t, 0)["leaning_found"]
            >= read(d, 2, 0)["leaning_found"] + MARGIN * read(d, 2, 0)["leaning"]
            for d in leans
        ):
            return round(float(t), 3)
    raise SystemExit("no probability finds enough")


def choose_f(every: dict[str, np.ndarray]) -> tuple[float, float]:
    flat = (every["cocked"] == 0) & (every["readable"] == 1) & (every["strange"] == 0)
    wrong = flat & (every["right"] == 0)
    highest = float(every["p"][wrong].max())
    return highest, round(math.ceil(highest / STEP) * STEP + STEP, 2)


def choose_f2(every: dict[str, np.ndarray], p: float) -> tuple[float, float]:
    flat = (every["cocked"] == 0) & (every["readable"] == 1) & (every["strange"] == 0)
    freed = flat & (every["shipped"] >= SHIPPED) & (every["placed"] < p)
    highest = float(every["p"][freed & (every["right"] == 0)].max())
    return highest, round(math.ceil(highest * 100) / 100 + 0.01, 2)


def main(flat_files: str, lean_files: str) -> None:
    flats = [load(f) for f in flat_files.split(",")]
    leans = [load(f) for f in lean_files.split(",")]
    p = choose_p(leans)
    every = load(f"{flat_files},{lean_files}")
    highest, f1 = choose_f(every)
    print(f"P {p}; first rule: highest wrong best face {highest:.4f} -> F {f1}")
    highest, f = choose_f2(every, p)
    print(f"second rule: highest wrong best face of a freed die {highest:.4f} -> F {f}")
    total = {"main": [0, 0, 0], "after": [0, 0, 0]}
    for name, d in zip(flat_files.split(",") + lean_files.split(","), flats + leans, strict=True):
        before, after = read(d, 2, 0), read(d, p, f)
        print(name, "main", before, "\n   after", after)
        for key, r in (("main", before), ("after", after)):
            total[key] = [a + b for a, b in zip(total[key], _counts(r), strict=True)]
    for key, (n, right, silent) in total.items():
        print(f"{key}: flat dice {n}, face {right / n:.5f}, silent {silent}")


def _counts(r: dict[str, float]) -> list[int]:
    return [int(r["flat"]), int(r["right"]), int(r["silent"])]


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
