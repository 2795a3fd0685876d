"""`dicetable bench vision`: milliseconds per frame to find and read the dice, on one core.

Rendered throws of the shipped `kot` set (8 dice) at 640x480 and 1280x960, then real frames: photos
of the held-out part of `dice-photos/d6-tray` (pip dice on a tray, read with `d6-pips`)
and frames of `kot-frames/origins/test` (the `kot` set's dice on real trays and tables, read
with `kot`), where they are on this machine. Textured real frames cost more than rendered
ones when the finder proposes more candidates, so each is printed. Then the card reader's
(vision.cards.bench) beside them. The baseline, measured
in the same run on the same frames, is a plain OpenCV operation (a 640x480 Gaussian blur,
9x9), so figures can be compared across machines and loads as ratios.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from collections.abc import Callable, Sequence

import numpy as np

BUDGET_MS = 30.0  # the bar for a 640x480 frame on one core


def _times(fn: Callable[[], object], repeat: int) -> list[float]:
    fn()  # warm up (first calls allocate)
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def _p90(values: list[float]) -> float:
    return float(np.percentile(values, 90))


def measure(
    name: str,
    shots: list[np.ndarray],
    read: Callable[[np.ndarray], Sequence[object]],
    set_name: str,
    repeat: int,
    budget: bool,
    things: str = "dice",
) -> None:
    """Print the median and p90 time of `read` per frame of `shots`, beside the baseline."""
    import cv2

    baseline: list[float] = []
    times: list[float] = []
    for f in shots:
        small = cv2.resize(f, (640, 480))
        baseline += _times(functools.partial(cv2.GaussianBlur, small, (9, 9), 0), repeat)
        times += _times(functools.partial(read, f), repeat)
    found = statistics.mean(len(read(f)) for f in shots)
    median, base = statistics.median(times), statistics.median(baseline)
    h, w = shots[0].shape[:2]
    print(
        f"{name} ({len(shots)} frames of {w}x{h}, {set_name}): read median "
        f"{median:.1f} ms, p90 {_p90(times):.1f} ms ({found:.1f} {things} found per frame); "
        f"baseline blur {base:.2f} ms; ratio {median / base:.0f}x baseline"
    )
    if budget:
        verdict = "within" if median <= BUDGET_MS else "OVER"
        print(f"  {name}: median {median:.1f} ms is {verdict} the {BUDGET_MS:.0f} ms budget")


def real_frames(relative: str, count: int, part: str | None = None) -> list[np.ndarray]:
    """The first `count` frames of a shared labelled set (of `part` of the fixed split)."""
    from vision import labels, split
    from vision.paths import data_dir

    folder = data_dir(relative)
    if folder is None:
        return []
    label_set = labels.load(folder)
    images = split.select(label_set.images, part) if part else label_set.images
    return [label_set.frame(image) for image in images[:count]]


def bench(args: argparse.Namespace) -> int:
    import cv2

    from vision.reader import DiceReader
    from vision.render.draw import render
    from vision.render.random_scenes import random_scene

    cv2.setNumThreads(1)
    quick = getattr(args, "quick", False)
    frames = 6 if quick else 20
    repeat = 2 if quick else 3
    kot = DiceReader.load("kot")
    rng = np.random.default_rng(2024)
    for width, height in ((640, 480), (1280, 960)):
        shots = [
            render(random_scene(rng, "kot", n_dice=8, width=width, height=height))[0]
            for _ in range(frames)
        ]
        measure(f"rendered {width}x{height}", shots, kot.read, "kot", repeat, width == 640)
    real = (
        ("dice-photos/d6-tray", "held-out", "d6-pips"),
        ("kot-frames/origins/test", None, "kot"),
    )
    for relative, part, faces in real:
        shots = real_frames(relative, frames, part)
        if not shots:
            print(f"{relative}: not on this machine (shared/data), not measured")
            continue
        name = relative + (f" ({part})" if part else "")
        measure(name, shots, DiceReader.load(faces).read, faces, repeat, True)
    from vision.cards.bench import bench as bench_cards

    bench_cards(frames, repeat)
    return 0
