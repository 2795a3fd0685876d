"""Read a throw of dice of several kinds, each kind with its own face set.

A throw may mix kinds of dice: the main dice and, beside them, dice with other faces or of
another shape. The main set reads the dice of its own colours (roles); each other role is
read with a set of its own, and its dice are reported with that role as their colour.

The finder runs once (once per finder network the sets use) and every set judges every
find. The embedding hardly sees colour, and a claw is a claw on any die, so a find goes to
another role's set only if that set takes it for one of its dice (like its faces, not
"none of ours") and it looks like that set's dice (its colours, FaceSet.look_distance);
the main set reads the rest. A find that looks nearly like another role's dice (within
DOUBT of its look), or like the dice of two other roles about alike, is reported `unknown`
with that reason: never read by the wrong set. A find no set takes is dropped, or reported
unknown if the finder is sure it is a die (as vision.reader does).

    >>> reader = MixedReader.load("kot", {"berserk": "berserk"})  # doctest: +SKIP
    >>> [(d.face, d.color) for d in reader.read(frame)]            # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from itertools import compress

import numpy as np

from vision import detect, patches
from vision.errors import VisionError
from vision.reader import (
    UNKNOWN,
    DiceReader,
    DieReading,
    FrameReading,
    Judged,
    check_frame,
    color_features,
    fitted,
)

DOUBT = 1.05  # a find this near another role's dice's look (1: their edge) is unsure
ALIKE = 0.25  # like the dice of two other roles within this of each other: unsure
SEPARATOR = "+"  # a mix's name: its sets' names joined ("kot+berserk")


@dataclass(frozen=True)
class MixedFaces:
    """What a mix reads, as a face set tells it (its name, every face, every colour)."""

    name: str
    faces: tuple[str, ...]
    colors: tuple[str, ...]


class MixedReader:
    """Reads dice of several face sets thrown together: `main` the dice of its colours,
    and each role of `others` (role -> reader) the dice of that role."""

    def __init__(self, main: DiceReader, others: Mapping[str, DiceReader]) -> None:
        self.main = main
        self.others = dict(others)
        clash = sorted(set(self.others) & set(main.faces.colors))
        if clash:
            raise VisionError(
                f"role(s) {', '.join(clash)} are colours of {main.faces.name}: "
                "a role is read with one face set"
            )
        readers = [main, *self.others.values()]
        faces = tuple(dict.fromkeys(f for r in readers for f in r.faces.faces))
        names = [main.faces.name, *(r.faces.name for r in self.others.values())]
        self.faces = MixedFaces(
            SEPARATOR.join(dict.fromkeys(names)), faces, (*main.faces.colors, *self.others)
        )

    @classmethod
    def load(cls, main: str, others: Mapping[str, str]) -> MixedReader:
        """A mix of shipped or taught sets by name: `others` maps a role to its set."""
        return cls(DiceReader.load(main), {r: DiceReader.load(s) for r, s in others.items()})

    def read(self, frame: np.ndarray) -> list[DieReading]:
        return self.read_frame(frame).dice

    def read_frame(self, frame: np.ndarray) -> FrameReading:
        """Every die in the frame, each read by the set of its kind (and, for measuring,
        the finds no set took and the finder was not sure of)."""
        frame = check_frame(frame)
        found = self._find(frame)
        if not found:
            return FrameReading([], [])
        sets: list[tuple[str | None, DiceReader]] = [(None, self.main), *self.others.items()]
        cuts, judged, far = [], [], []
        for _role, reader in sets:
            own = [fitted(reader.faces, c) for c in found]
            side = reader.faces.face_side
            cut = np.stack([patches.cut(frame, c.center, side(c.side), c.angle) for c in own])
            cuts.append((own, cut))
            judged.append(reader.judge(cut, frame, found))
            distance = reader.faces.look_distance(color_features(cut))
            far.append(np.zeros(len(found)) if distance is None else distance)
        owner, doubt = self._owners(judged, far)
        sure = np.array([c.score >= detect.SURE for c in found])
        dice: list[tuple[int, DieReading]] = []
        for k, (role, reader) in enumerate(sets):
            mine = owner == k
            if k == 0:  # the main set also reports what no set takes that the finder is sure of
                mine |= (owner < 0) & sure
            if not mine.any():
                continue
            own, cut = cuts[k]
            kept = list(compress(own, mine))
            context = np.stack(
                [
                    patches.cut(
                        frame, c.center, c.side, c.angle, patches.CONTEXT, patches.CONTEXT_SPAN
                    )
                    for c in kept
                ]
            )
            read = reader.report(kept, judged[k].subset(mine), cut[mine], context)
            for i, reading in zip(np.flatnonzero(mine), read, strict=True):
                dice.append((int(i), _as_role(reading, role, doubt[i])))
        dropped = [c for c, o, s in zip(found, owner, sure, strict=True) if o < 0 and not s]
        return FrameReading([d for _, d in sorted(dice, key=lambda x: x[0])], dropped)

    def _owners(self, judged: list[Judged], far: list[np.ndarray]) -> tuple[np.ndarray, list[str]]:
        """Per find: the index of the set that reads it (-1: none takes it), and why its kind
        is unsure ("" if it is not)."""
        names = [self.main.faces.name, *(r.faces.name for r in self.others.values())]
        n = len(far[0])
        owner = np.where(judged[0].unlike, -1, 0)
        doubt = [""] * n
        for i in range(n):
            takes = [k for k in range(1, len(far)) if not judged[k].unlike[i]]
            like = sorted((far[k][i], k) for k in takes if far[k][i] <= 1.0)
            near = [k for k in takes if 1.0 < far[k][i] <= DOUBT]
            if like:
                owner[i] = like[0][1]
                if len(like) > 1 and like[1][0] - like[0][0] < ALIKE:
                    doubt[i] = f"like dice of {names[like[0][1]]} and of {names[like[1][1]]}"
            elif near and owner[i] == 0:
                doubt[i] = f"like dice of {names[0]} and of {names[near[0]]}"
        return owner, doubt

    def _find(self, frame: np.ndarray) -> list[detect.Candidate]:
        found: list[detect.Candidate] = []
        readers = [self.main, *self.others.values()]
        for model in dict.fromkeys(r.faces.finder_file for r in readers):
            threshold = min(r.die_threshold for r in readers if r.faces.finder_file == model)
            found += detect.find(frame, threshold, model=model)
        return detect.suppress(found)[: detect.MAX_DICE]


def _as_role(reading: DieReading, role: str | None, doubt: str) -> DieReading:
    """A set's reading as the mix reports it: its role as its colour (the main set's dice
    keep theirs), unknown if its kind is in doubt."""
    if role is not None:
        reading = replace(reading, color=role, color_confidence=1.0)
    if doubt and not reading.cocked:
        reading = replace(
            reading, face=UNKNOWN, color=None, color_confidence=0.0, reason=f"unsure: {doubt}"
        )
    return reading


def load_reader(name: str, others: Mapping[str, str] | None = None) -> DiceReader | MixedReader:
    """The reader of a face set, or of a mix: `others` (role -> set), or a name of sets
    joined by SEPARATOR ("kot+berserk": each set after the first reads the dice of the role
    of its own name)."""
    main, *rest = name.split(SEPARATOR)
    roles = {**{r: r for r in rest}, **(others or {})}
    if not roles:
        return DiceReader.load(main)
    return MixedReader.load(main, roles)
