"""Recorded table sessions: what the camera saw and what people pressed, in order.

A session is a folder holding `session.json` and the camera frames it names:

    {"format": "dicetable-session/1", "fps": 15,
     "steps": [{"frames": ["f00000.jpg", ...]},      # the camera's view, in order
               {"input": {"type": "resolve", ...}},  # a button press or page action
               ...]}

`render_session` makes one from a game script: every throw input becomes frames drawn by
our own renderer (dice picked up, tumbling, then lying still; kept dice stay where they
lay), and every other input is kept as the press that made it. Replaying the frames
through vision must then give back the script's throws: that is what the demo shows.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from host.errors import UserError

FORMAT = "dicetable-session/1"
FPS = 15


@dataclass(frozen=True)
class Step:
    """Frames the camera saw, or one input from a button or the page."""

    frames: tuple[Path, ...] = ()
    input: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Session:
    folder: Path
    fps: int
    steps: tuple[Step, ...]

    def frame_count(self) -> int:
        return sum(len(s.frames) for s in self.steps)


def load_session(folder: str | Path) -> Session:
    """Read a session folder; a problem is a one-line UserError."""
    folder = Path(folder)
    path = folder / "session.json"
    if not path.is_file():
        raise UserError(
            f"{folder} is not a recorded session (a folder with session.json and its frames)"
        )
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise UserError(f"cannot read {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise UserError(f"{path} is not a session file (JSON)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UserError(f"{path}: not a {FORMAT} session")
    steps = []
    for i, step in enumerate(data.get("steps", [])):
        if isinstance(step, dict) and isinstance(step.get("frames"), list):
            steps.append(Step(frames=tuple(folder / str(f) for f in step["frames"])))
        elif isinstance(step, dict) and isinstance(step.get("input"), dict):
            steps.append(Step(input=step["input"]))
        else:
            raise UserError(f"{path}: steps[{i}] is neither frames nor an input")
    return Session(folder, int(data.get("fps", FPS)), tuple(steps))


# ---- making a session from a game script ---------------------------------------------


def render_session(inputs: Sequence[Mapping[str, Any]], folder: Path, seed: int = 0) -> Session:
    """Draw the frames of every throw in `inputs` (King of Tokyo throw inputs: "thrown"
    and "kept" faces) and write the session to `folder`."""
    import cv2

    from vision.render.draw import render

    folder.mkdir(parents=True, exist_ok=True)
    table = _Table(np.random.default_rng(seed))
    steps: list[dict[str, Any]] = []
    count = 0
    for inp in inputs:
        if inp.get("type") != "throw":
            steps.append({"input": dict(inp)})
            continue
        names = []
        for scene in table.throw(list(inp["thrown"]), list(inp.get("kept", []))):
            image, _ = render(scene)
            name = f"f{count:05d}.jpg"
            cv2.imwrite(str(folder / name), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
            names.append(name)
            count += 1
        steps.append({"frames": names})
    (folder / "session.json").write_text(
        json.dumps({"format": FORMAT, "fps": FPS, "steps": steps}, indent=1) + "\n"
    )
    return load_session(folder)


class _Table:
    """The dice tray through a game: where each die lies, as throws come."""

    HALF_W, HALF_H = 14.0, 9.5  # where dice land (cm from the tray centre)
    SPACING = 3.2  # centre distance that keeps two dice apart (cm)

    def __init__(self, rng: np.random.Generator) -> None:
        from vision.render.scene import Die, Scene

        self.rng = rng
        self.dice: list[Die] = []
        self.blank = Scene()
        self._die = Die

    def throw(self, thrown: list[str], kept: list[str]) -> Iterator[Any]:
        """Scenes of one throw: pick-up, tumbling, lying still."""
        from vision.render.scene import Hand

        rest = list(self.dice)
        kept_dice = []
        for face in kept:
            die = next((d for d in rest if d.face == face), None)
            if die is None:  # the script keeps a face that is not on the table
                raise UserError(f"cannot draw a throw that keeps {face!r}: not on the table")
            rest.remove(die)
            kept_dice.append(die)
        spots = self._free_spots(len(thrown), kept_dice)
        landed = [
            self._die(x=x, y=y, face=f, yaw=float(self.rng.uniform(0, 90)))
            for (x, y), f in zip(spots, thrown, strict=True)
        ]
        scene = self.blank
        for k in range(2):  # a hand gathers the dice to throw
            yield replace(
                scene,
                dice=tuple(kept_dice),
                hands=(Hand(x=-6.0 + 8 * k, y=-4.0 + 2 * k),),
                seed=int(self.rng.integers(1 << 30)),
                noise=2.0,
            )
        faces = ["1", "2", "3", "heart", "energy", "claw"]
        for k in range(2):  # tumbling: in the air, blurred, on their way to where they land
            flying = [
                replace(
                    d,
                    x=d.x - (2 - k) * 2.5,
                    face=faces[int(self.rng.integers(6))],
                    lift=2.0 - k,
                    yaw=d.yaw + 30 * (k + 1),
                    motion=(12.0 - 5 * k, 3.0),
                )
                for d in landed
            ]
            yield replace(
                scene,
                dice=tuple(kept_dice + flying),
                seed=int(self.rng.integers(1 << 30)),
                noise=2.0,
            )
        self.dice = kept_dice + landed
        for _ in range(4):  # still: the camera sees the same dice, frame after frame
            yield replace(
                scene, dice=tuple(self.dice), seed=int(self.rng.integers(1 << 30)), noise=2.0
            )

    def _free_spots(self, n: int, taken: list[Any]) -> list[tuple[float, float]]:
        spots: list[tuple[float, float]] = [(d.x, d.y) for d in taken]
        out: list[tuple[float, float]] = []
        while len(out) < n:
            x = float(self.rng.uniform(-self.HALF_W, self.HALF_W))
            y = float(self.rng.uniform(-self.HALF_H, self.HALF_H))
            if all(math.hypot(x - sx, y - sy) > self.SPACING for sx, sy in spots):
                spots.append((x, y))
                out.append((x, y))
        return out
