"""Helpers of the live tests: synthetic sequences drawn once per test session (drawing is
the slow part; the `synth` fixture is in conftest.py), and the `dicetable` command run as
a user runs it. (A module of its own: `from conftest import` would find another part's.)"""

from __future__ import annotations

import fcntl
import os
import pickle
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


def draw(name: str) -> Synth:
    seq = named(name)
    frames = list(seq.frames())
    return Synth(seq, frames, calibration.learn([f.image for f in frames[: seq.empty_frames]]))


def drawer(shared: Path | None = None) -> Callable[[str], Synth]:
    """A function that draws a named sequence the first time it is asked for. With a
    `shared` folder (one for the whole run) the test processes draw each sequence once
    between them: the first draws it under a lock and leaves it there, the others load it
    (drawing all of them costs 30 s of CPU, which each of pytest's workers paid)."""
    cache: dict[str, Synth] = {}

    def from_disk(name: str) -> Synth:
        assert shared is not None
        shared.mkdir(parents=True, exist_ok=True)
        path = shared / f"{name}.pickle"
        with open(shared / f"{name}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if path.exists():
                with open(path, "rb") as f:
                    synth: Synth = pickle.load(f)
                return synth
            synth = draw(name)
            with open(path.with_suffix(".part"), "wb") as f:
                pickle.dump(synth, f, protocol=pickle.HIGHEST_PROTOCOL)
            path.with_suffix(".part").rename(path)
            return synth

    def get(name: str) -> Synth:
        if name not in cache:
            cache[name] = draw(name) if shared is None else from_disk(name)
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
