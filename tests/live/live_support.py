"""Helpers of the live tests: synthetic sequences drawn once per test session (drawing is
the slow part; the `synth` fixture is in conftest.py), and the `dicetable` command run as
a user runs it. (A module of its own: `from conftest import` would find another part's.)"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from vision.live import calibration
from vision.live.sequences import SynthFrame, SynthSequence, named


@dataclass(frozen=True)
class Synth:
    seq: SynthSequence
    frames: list[SynthFrame]
    calibration: calibration.Calibration


def drawer() -> Callable[[str], Synth]:
    """A function that draws a named sequence the first time it is asked for."""
    cache: dict[str, Synth] = {}

    def get(name: str) -> Synth:
        if name not in cache:
            seq = named(name)
            frames = list(seq.frames())
            cal = calibration.learn([f.image for f in frames[: seq.empty_frames]])
            cache[name] = Synth(seq, frames, cal)
        return cache[name]

    return get


ROOT = Path(__file__).resolve().parents[2]


def run_dicetable(*args: str, config: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`dicetable ARGS` in a fresh process (with its own config folder if given)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if config is not None:
        env["XDG_CONFIG_HOME"] = str(config)
    return subprocess.run(
        [sys.executable, "-m", "host", *args], capture_output=True, text=True, timeout=300, env=env
    )
