"""Helpers of the learning tests: the real frames of an edition the shipped set never saw
(shared/data/kot-frames/origins: `teach` to teach from, `test` only to measure), and a
person who names the teaching flow's groups as the labels say, counting their taps; a
second process holding a set's refit lock (`holding`)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tests.shared_data import shared
from vision import labels
from vision.learning import sets
from vision.learning.flow import TeachFlow, start
from vision.learning.store import NONE


def origins(part: str) -> labels.LabelSet:
    return shared(f"kot-frames/origins/{part}")


def inside(point: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def truth(image: labels.LabelledImage, center: tuple[float, float]) -> tuple[str, str | None]:
    """The labelled face and colour of the die at `center` (NONE: no die is labelled there)."""
    for die in image.dice:
        if inside(center, die.box):
            return die.face, die.color
    return NONE, None


@dataclass
class Person:
    """Names a sorted flow's groups as the labels say: one tap per group (its face), one
    per cut in the wrong group (moved), one per colour group and per cut of the wrong
    colour. `truths[cut id]` is what each cut really is."""

    truths: dict[int, tuple[str, str | None]]
    taps: int = 0

    def sort(self, flow: TeachFlow) -> None:
        for group in flow.groups:
            face = Counter(self.truths[i][0] for i in group.cuts).most_common(1)[0][0]
            flow.name_group(group.id, face)
            self.taps += 1
            for i in group.cuts:
                if self.truths[i][0] != face:
                    flow.move(i, self.truths[i][0])
                    self.taps += 2  # tap the cut, tap its face
        for group in flow.colour_groups:
            dice = [i for i in group.cuts if self.truths[i][0] != NONE]
            if not dice:
                continue
            color = Counter(self.truths[i][1] for i in dice).most_common(1)[0][0]
            assert color is not None
            flow.name_colour(group.id, color)
            self.taps += 1
            for i in dice:
                if self.truths[i][1] != color:
                    flow.recolor(i, str(self.truths[i][1]))
                    self.taps += 2


def teach_from_frames(part: str = "teach") -> tuple[TeachFlow, Person]:
    """The teaching flow of `kot` on the frames of `part`, each frame one throw, read as
    the camera's teaching reads them, sorted by a Person."""
    frames = origins(part)
    flow, reader = start("kot", None, None, [sets.shipped("kot")])
    truths: dict[int, tuple[str, str | None]] = {}
    for image in frames.images:
        frame = frames.frame(image)
        before = len(flow.cuts)
        flow.seen(frame, reader.read(frame))
        for cut in flow.cuts[before:]:
            truths[cut.id] = truth(image, cut.center)
    flow.sort()
    person = Person(truths)
    person.sort(flow)
    return flow, person


def noise_crops(n: int, seed: int = 0) -> list[bytes]:
    """n crops of noise, PNG (for the store's own tests: no die needed)."""
    from vision.learning import cuts

    rng = np.random.default_rng(seed)
    return [
        cuts.encode(rng.integers(0, 256, (cuts.CROP, cuts.CROP, 3), dtype=np.uint8))
        for _ in range(n)
    ]


HOLD = """
import sys
from pathlib import Path
from vision.learning.refit import refit_lock
from vision.learning.store import LearningStore
with refit_lock(LearningStore(Path(sys.argv[1])), "kot"):
    print("held", flush=True)
    sys.stdin.read()  # (until the test closes it: the lock is released as the refit ends)
"""


def holding(db: Path) -> subprocess.Popen[str]:
    """A second process holding kot's refit lock (as `dicetable vision refit kot` does while
    it fits) until its stdin is closed."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder
