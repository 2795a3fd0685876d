"""Synthetic sequences, drawn once per test session (drawing is the slow part)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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
