"""Read a throw of dice of several kinds, each kind with its own face set.

A throw may mix kinds of dice: the main dice and, beside them, dice with other faces or of
another shape. The main set reads the dice of its own colours (roles); each other role is
read with a set of its own, and its dice are reported with that role as their colour.

The finder runs once (once per finder network the sets use) and every set judges every
find; a set whose finder makes several passes (vision.detect.PASSES, FaceSet.later) judges
each pass's finds with that pass's set (every pass's finds at once: a mix does not wait, as
a set alone does, for the first pass to read no face). The embedding hardly sees colour,
and a claw is a claw on any die, so a find goes to another role's set only if that set
takes it for one of its dice (like its faces, not "none of ours") and it looks like that
set's dice (its colours, FaceSet.look_distance); the main set reads the rest. A find that
looks nearly like another role's dice (within DOUBT of its look), or like the dice of two
other roles about alike, is reported `unknown` with that reason: never read by the wrong
set. A find no set takes is dropped, or reported unknown if the finder is sure it is a die
(as vision.reader does).

    >>> reader = MixedReader.load("kot", {"berserk": "berserk"})  # doctest: +SKIP
    >>> [(d.face, d.color) for d in reader.read(frame)]            # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

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
        found, models = self._find(frame)
        if not found:
            return FrameReading([], [])
        sets: list[tuple[str | None, DiceReader]] = [(None, self.main), *self.others.items()]
        views = [_View.of(reader, frame, found, models) for _role, reader in sets]
        owner, doubt = self._owners([v.judged for v in views], [v.far for v in views])
        sure = np.array([c.score >= detect.SURE for c in found])
        dice: list[tuple[int, DieReading]] = []
        for k, (role, _reader) in enumerate(sets):
            mine = owner == k
            if k == 0:  # the main set also reports what no set takes that the finder is sure of
                mine |= (owner < 0) & sure
            for i, reading in views[k].report(frame, np.flatnonzero(mine)):
                dice.append((i, _as_role(reading, role, doubt[i])))
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

    def _find(self, frame: np.ndarray) -> tuple[list[detect.Candidate], list[str]]:
        """The finds of every set's finder (once per finder), and the finder of each."""
        found: list[detect.Candidate] = []
        models: list[str] = []
        readers = [self.main, *self.others.values()]
        for model in dict.fromkeys(r.faces.finder_file for r in readers):
            threshold = min(r.die_threshold for r in readers if r.faces.finder_file == model)
            finds = detect.find(frame, threshold, model=model)
            found += finds
            models += [model] * len(finds)
        finder_of = {id(c): m for c, m in zip(found, models, strict=True)}
        kept = detect.suppress(found)[: detect.MAX_DICE]
        return kept, [finder_of[id(c)] for c in kept]


@dataclass(frozen=True)
class _View:
    """One role's view of every find: each cut, judged and measured by the set that reads
    its finder's pass (DiceReader.passes: a later pass's finds by the later set, as the set
    alone reads them; a find of another set's finder by the role's first set)."""

    readers: list[DiceReader]  # per find
    own: list[detect.Candidate]  # the finds drawn as their reader's labels draw boxes
    cut: np.ndarray
    judged: Judged
    far: np.ndarray

    @classmethod
    def of(
        cls,
        reader: DiceReader,
        frame: np.ndarray,
        found: list[detect.Candidate],
        models: list[str],
    ) -> _View:
        passes = reader.passes()
        readers = [
            passes[c.finder_pass]
            if m == reader.faces.finder_file and c.finder_pass < len(passes)
            else reader
            for c, m in zip(found, models, strict=True)
        ]
        own = [fitted(r.faces, c) for r, c in zip(readers, found, strict=True)]
        cut = np.stack(
            [
                patches.cut(frame, c.center, r.faces.face_side(c.side), c.angle)
                for r, c in zip(readers, own, strict=True)
            ]
        )
        parts, far = [], np.zeros(len(found))
        for r, which in _groups(readers):
            parts.append((which, r.judge(cut[which], frame, [found[i] for i in which])))
            distance = r.faces.look_distance(color_features(cut[which]))
            if distance is not None:
                far[which] = distance
        return cls(readers, own, cut, _joined(parts, len(found)), far)

    def report(self, frame: np.ndarray, mine: np.ndarray) -> list[tuple[int, DieReading]]:
        """The readings of the finds `mine` (indices), each by its reader, with its index."""
        out: list[tuple[int, DieReading]] = []
        for r, which in _groups([self.readers[i] for i in mine]):
            chosen = mine[which]
            kept = [self.own[i] for i in chosen]
            context = np.stack(
                [
                    patches.cut(
                        frame, c.center, c.side, c.angle, patches.CONTEXT, patches.CONTEXT_SPAN
                    )
                    for c in kept
                ]
            )
            read = r.report(kept, self.judged.subset(chosen), self.cut[chosen], context, frame)
            out += zip(chosen.tolist(), read, strict=True)
        return out


def _groups(readers: list[DiceReader]) -> list[tuple[DiceReader, np.ndarray]]:
    """The distinct readers of a list, each with the indices it reads."""
    distinct = list({id(r): r for r in readers}.values())
    return [(r, np.flatnonzero([x is r for x in readers])) for r in distinct]


def _joined(parts: list[tuple[np.ndarray, Judged]], n: int) -> Judged:
    """The judgements of parts of `n` cuts (each with its cuts' indices) as one."""
    first = parts[0][1]

    def join(field: str) -> np.ndarray:
        array = getattr(first, field)
        out = np.zeros((n, *array.shape[1:]), array.dtype)
        for which, judged in parts:
            out[which] = getattr(judged, field)
        return out

    colours = None if any(j.colours is None for _, j in parts) else join("colours")
    return Judged(join("probs"), join("similar"), join("unlike"), join("thresholds"), colours)


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
