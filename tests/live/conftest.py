"""Synthetic sequences, drawn once per test session (drawing is the slow part), and the
`dicetable` command run as a user runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from vision.live import calibration
from vision.live.sequences import SynthFrame, SynthSequence, named


@dataclass(frozen=True)
class Synth:
    seq: SynthSequence
    frames: list[SynthFrame]
    calibration: calibration.Calibration


@pytest.fixture(scope="session")
def synth() -> Callable[[str], Synth]:
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
