"""`dicetable bench vision`: milliseconds per frame to find and read 8 dice, one thread.

Frames are rendered King of Tokyo throws (8 dice) at 640x480 and 1280x960. The baseline,
measured in the same run on the same frames, is a plain OpenCV operation (a 640x480
Gaussian blur, 9x9), so figures can be compared across machines and loads as ratios.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from collections.abc import Callable

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


def bench(args: argparse.Namespace) -> int:
    import cv2

    from vision.reader import DiceReader
    from vision.render.draw import render
    from vision.render.random_scenes import random_scene

    cv2.setNumThreads(1)
    frames = 6 if getattr(args, "quick", False) else 20
    repeat = 2 if getattr(args, "quick", False) else 3
    reader = DiceReader.load("kot")
    rng = np.random.default_rng(2024)
    for width, height in ((640, 480), (1280, 960)):
        shots = [
            render(random_scene(rng, "kot", n_dice=8, width=width, height=height))[0]
            for _ in range(frames)
        ]
        baseline: list[float] = []
        read: list[float] = []
        for f in shots:
            small = cv2.resize(f, (640, 480))
            baseline += _times(functools.partial(cv2.GaussianBlur, small, (9, 9), 0), repeat)
            read += _times(functools.partial(reader.read, f), repeat)
        found = statistics.mean(len(reader.read(f)) for f in shots)
        median = statistics.median(read)
        base = statistics.median(baseline)
        print(
            f"{width}x{height}: read median {median:.1f} ms, p90 {_p90(read):.1f} ms "
            f"({found:.1f} dice found per frame of 8); baseline blur {base:.2f} ms; "
            f"ratio {median / base:.0f}x baseline"
        )
        if (width, height) == (640, 480):
            verdict = "within" if median <= BUDGET_MS else "OVER"
            print(
                f"640x480 median {median:.1f} ms is {verdict} the {BUDGET_MS:.0f} ms budget "
                "(one core)"
            )
    return 0
