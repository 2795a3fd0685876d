"""Teaching a table's dice: the flow behind the page's "Teach your dice" and
`dicetable vision teach --camera SOURCE`.

1. *Throwing*: the players throw all their dice under the camera about THROWS times.
   Each time the dice lie still, every die the reader finds is cut out (`seen`): also a
   find the set in use would drop as none of its dice (a new edition's die may look like
   none of its faces), when the finder is fairly sure of it (TEACH_SCORE).
2. *Sorting*: the cuts are grouped by look (vision.learning.groups), each group with the
   current set's guess. A person names a group with one tap (its face, or "not a die"),
   and moves a cut that is in the wrong group to its face. If the set tells colours, the
   cuts are also grouped by colour and each colour group is named with one tap.
3. *Fitting*: the named cuts become examples (`examples`), the set is refitted from them
   (vision.learning.refit: checked on some of them it does not learn from), and is used.

It is plain state, driven by whoever shows it (the app's page, the terminal). What it is
can be kept as it changes (`kept`, `kept_cut`, `said_of`: the host keeps them in
vision.learning.store) and `resume`d from that after a restart.
"""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from vision import nets
from vision.errors import VisionError
from vision.faceset import FaceSet, set_name
from vision.learning import cuts, groups
from vision.learning import kept as kept_
from vision.learning.store import NONE, KeptCut, NewExample
from vision.reader import UNKNOWN, UNLIKE, DiceReader, DieReading, FrameReader
from vision.words import Quoted, Said, _

THROWS = 10  # throws of all the dice a teaching asks for
TEACH_SCORE = 0.5  # a find the set takes for none of its dice is cut from this finder score
SAME_PLACE = 0.3  # of a die's side: a die lying where one lay at the throw before...
SAME_LOOK = 0.9  # ...and looking the same (grey levels correlate) is that die, not thrown
GUESS_VIEWS = 4  # quarter turns embedded for grouping (steadier than one)

THROWING, GROUPING, SORTING = "throwing", "grouping", "sorting"
FITTING, DONE = "fitting", "done"
KEPT = "dicetable-dice-teaching/1"  # the format of a teaching as kept


class FlowError(VisionError):
    """An answer the flow cannot take now (an unknown group, a face the set has not)."""


class TeachReader:
    """Reads as `reader` does, and also reports what it would drop as none of its dice
    when the finder is fairly sure it is a die (`unknown`, reason UNLIKE, no guess): after
    the dice read, the finder's likeliest first. Teaching cuts them all; in play the
    follower keeps as many as the dice in play leave room for (vision.live.follow)."""

    def __init__(self, reader: FrameReader) -> None:
        self.reader = reader

    def read(self, frame: np.ndarray) -> list[DieReading]:
        seen = self.reader.read_frame(frame)
        extra = [
            DieReading(
                center=c.center,
                box=c.box,
                angle=c.angle,
                face=UNKNOWN,
                confidence=0.0,
                color=None,
                color_confidence=0.0,
                cocked=False,
                reason=UNLIKE,
                best_guess="",
            )
            for c in sorted(seen.dropped, key=lambda c: -c.score)
            if c.score >= TEACH_SCORE
        ]
        return seen.dice + extra


@dataclass
class Cut:
    """One die seen while teaching."""

    id: int
    throw: int
    crop: bytes  # PNG (vision.learning.cuts)
    angle: float
    center: tuple[float, float]
    guess: str | None  # the current set's likeliest face, NONE for none of its dice
    confidence: float
    color_guess: str | None
    face: str | None = None  # as a person moved it (else its group's)
    color: str | None = None  # as a person moved it (else its colour group's)

    def kept(self) -> tuple[bytes, str]:
        """What is kept of the cut once made, never changed: its crop (PNG) and what the
        camera found (JSON)."""
        found = {
            "throw": self.throw,
            "angle": self.angle,
            "center": list(self.center),
            "guess": self.guess,
            "confidence": self.confidence,
            "color_guess": self.color_guess,
        }
        return self.crop, json.dumps(found)

    def said(self) -> str | None:
        """What a person said of this one cut, as kept (JSON; None: nothing yet)."""
        if self.face is None and self.color is None:
            return None
        return json.dumps({"face": self.face, "color": self.color})

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "throw": self.throw,
            "center": [round(v, 1) for v in self.center],
            "guess": self.guess,
            "confidence": round(self.confidence, 3),
            "color_guess": self.color_guess,
            "face": self.face,
            "color": self.color,
        }


@dataclass
class Group:
    id: int
    cuts: list[int]
    guess: str | None  # the face most of its cuts are guessed to be
    face: str | None = None  # as a person named it (NONE: not a die)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "cuts": self.cuts, "guess": self.guess, "face": self.face}


@dataclass
class TeachFlow:
    """One teaching of the set `name`: `faces` in the set's order, its colour roles."""

    name: str
    faces: tuple[str, ...]
    colors: tuple[str, ...]
    guessing: bool  # the reader's guesses are of this set's faces (else: finding only)
    box_fit: tuple[float, float]  # how the reader that cut the dice draws their boxes
    want: int = THROWS
    zoom: float = 1.0  # how close the set cuts a die's face (FaceSet.zoom: a d4's middle)
    started: float = field(default_factory=time.time)
    step: str = THROWING
    throws: int = 0
    cuts: list[Cut] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    colour_groups: list[Group] = field(default_factory=list)
    result: dict[str, Any] | None = None  # the fit's outcome (vision.learning.refit)
    _face_cuts: np.ndarray = field(default_factory=lambda: np.zeros((0, 32, 32, 3), np.uint8))
    # the dice of the view that lay still last: where, their side, their crop, and the cut
    # each is (it was cut out then, or lay where that cut lay since; None: never cut)
    _last: list[tuple[tuple[float, float], float, np.ndarray, int | None]] = field(
        default_factory=list
    )

    # ---- throwing ---------------------------------------------------------------------

    def seen(self, frame: np.ndarray, dice: Sequence[DieReading]) -> int:
        """The dice lying still in `frame` once more (as a TeachReader read them): each cut
        out, but those lying where a die lay at the throw before (not thrown again).
        Returns how many new cuts were made."""
        if self.step != THROWING:
            return 0
        crops = [cuts.crop_of(frame, d.box) for d in dice]
        before = [self._lay_before(d, c) for d, c in zip(dice, crops, strict=True)]
        fresh = [
            (d, c)
            for d, c, b in zip(dice, crops, before, strict=True)
            if not d.cocked and b is None
        ]
        self._last = []
        cut = len(self.cuts)  # (the number of the next cut made)
        for d, c, b in zip(dice, crops, before, strict=True):
            if b is None and not d.cocked:
                self._last.append((d.center, _side(d), c, cut))
                cut += 1
            else:
                self._last.append((d.center, _side(d), c, None if b is None else b[3]))
        if not fresh:
            return 0
        self.throws += 1
        for d, crop in fresh:
            guess = (d.best_guess or NONE) if self.guessing else None
            self.cuts.append(
                Cut(
                    id=len(self.cuts),
                    throw=self.throws,
                    crop=cuts.encode(crop),
                    angle=d.angle,
                    center=d.center,
                    guess=guess,
                    confidence=d.confidence if d.face != UNKNOWN else 0.0,
                    color_guess=d.color,
                )
            )
        return len(fresh)

    def _lay_before(
        self, d: DieReading, crop: np.ndarray
    ) -> tuple[tuple[float, float], float, np.ndarray, int | None] | None:
        """The die lying where this one lay at the throw before, looking the same (this
        one was not thrown), or None."""
        return next(
            (
                last
                for last in self._last
                if math.dist(d.center, last[0]) < SAME_PLACE * last[1] and _alike(crop, last[2])
            ),
            None,
        )

    # ---- sorting ----------------------------------------------------------------------

    def sort(self) -> None:
        """Group the cuts by look (and, once they are all named, by colour)."""
        self.sorted(self.grouping())

    def grouping(self) -> tuple[list[Group], np.ndarray]:
        """The groups of the cuts by look, and their face cuts (a second or so of work,
        reading only the cuts: `sorted` then puts them in place)."""
        if self.step not in (THROWING, GROUPING):
            raise FlowError(_("the dice are sorted already"))
        if not self.cuts:
            raise FlowError(_("no dice seen yet: throw them under the camera first"))
        seen = list(self.cuts)
        images = [cuts.decode(c.crop) for c in seen]
        face_cuts = np.stack(
            [cuts.face_cut(im, c.angle, self.zoom) for im, c in zip(images, seen, strict=True)]
        )
        features = nets.embed(face_cuts, GUESS_VIEWS)[:, 0]
        made = [
            Group(k, members, _most([seen[i].guess for i in members]))
            for k, members in enumerate(groups.by_look(features))
        ]
        return made, face_cuts

    def sorted(self, grouped: tuple[list[Group], np.ndarray]) -> None:
        self.groups, self._face_cuts = grouped
        self.colour_groups = []
        self.step = SORTING

    def name_group(self, group: int, face: str) -> None:
        """A person says what the dice of a group show (NONE: they are no dice)."""
        self._sorting()
        self._face(face)
        self._group(self.groups, group).face = face
        self._group_colours()

    def move(self, cut: int, face: str) -> None:
        """A person says what one cut shows (it was in the wrong group)."""
        self._sorting()
        self._face(face)
        if not 0 <= cut < len(self.cuts):
            last = len(self.cuts) - 1  # (a range of one die is said as its number)
            raise FlowError(
                _("there is no die {cut} (only die 0)", cut=cut)
                if last == 0
                else _("there is no die {cut} (dice 0 to {last})", cut=cut, last=last)
            )
        self.cuts[cut].face = face
        self._group_colours()

    def _group_colours(self) -> None:
        """Once every cut is named, the dice (not the cuts of no die) are grouped by colour,
        for a set with colours: one tap names each colour group."""
        if len(self.colors) < 2 or self.colour_groups:
            return
        faces = [self.label(i)[0] for i in range(len(self.cuts))]
        if any(f is None for f in faces):
            return
        dice = [i for i, f in enumerate(faces) if f != NONE]
        which = groups.by_colour(groups.body_colours(self._face_cuts[dice]), len(self.colors))
        for k in range(len(self.colors)):
            members = [dice[j] for j in np.flatnonzero(which == k)]
            if members:
                guess = _most([self.cuts[i].color_guess for i in members])
                self.colour_groups.append(Group(len(self.colour_groups), members, guess))

    def name_colour(self, group: int, color: str) -> None:
        """A person says which colour role the dice of a colour group play."""
        self._sorting()
        if color not in self.colors:
            raise self._no_colour(color)
        self._group(self.colour_groups, group).face = color

    def recolor(self, cut: int, color: str) -> None:
        self._sorting()
        if color not in self.colors:
            raise self._no_colour(color)
        if not 0 <= cut < len(self.cuts):
            raise FlowError(_("there is no die {cut}", cut=cut))
        self.cuts[cut].color = color

    def label(self, cut: int) -> tuple[str | None, str | None]:
        """(face, colour) of a cut as people said (None: not said yet)."""
        c = self.cuts[cut]
        face = (
            c.face
            if c.face is not None
            else next((g.face for g in self.groups if cut in g.cuts), None)
        )
        color = (
            c.color
            if c.color is not None
            else next((g.face for g in self.colour_groups if cut in g.cuts), None)
        )
        return face, color

    def unnamed(self) -> list[Said]:
        """What people still have to say before the set can be fitted, in words."""
        left = self._unsaid()
        missing = self.missing()
        if missing:
            left.append(_("no die shows {faces} yet: throw again to show it", faces=missing))
        return left

    def _unsaid(self) -> list[Said]:
        """The dice not named yet, and those without a colour, in words."""
        left = []
        faces = [self.label(i)[0] for i in range(len(self.cuts))]
        if any(f is None for f in faces):
            left.append(
                _(
                    "{n, plural, one {# die} other {# dice}} not named yet",
                    n=sum(f is None for f in faces),
                )
            )
        uncoloured = [
            i for i, f in enumerate(faces) if f not in (None, NONE) and not self.label(i)[1]
        ]
        if len(self.colors) > 1 and uncoloured:
            left.append(
                _("{n, plural, one {# die} other {# dice}} without a colour yet", n=len(uncoloured))
            )
        return left

    def missing(self) -> list[str]:
        """The set's faces no die named shows yet."""
        shown = Counter(self.label(i)[0] for i in range(len(self.cuts)))
        return [f for f in self.faces if not shown[f]]

    def examples(self) -> list[NewExample]:
        """The named cuts as examples a person said (vision.learning.store)."""
        out = []
        for c in self.cuts:
            face, color = self.label(c.id)
            if face is None:
                continue
            out.append(
                NewExample(
                    face=face,
                    crop=c.crop,
                    angle=c.angle,
                    certain=True,
                    source="taught",
                    color=None if face == NONE else color,
                    read_as=c.guess,
                    confidence=c.confidence,
                    key=f"{self.key_prefix}{c.id}",
                )
            )
        return out

    @property
    def teaching(self) -> str:
        """This teaching, as an answer names it (by when it began: a teaching resumed with
        a die lost, its dice numbered anew, begins anew)."""
        return f"{self.started:.6f}"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            # this teaching, as its answers name it: its groups' and dice's numbers are its
            # own (another teaching, or this one resumed with a die lost, numbers others)
            "teaching": self.teaching,
            "step": self.step,
            "throws": self.throws,
            "want": self.want,
            "faces": list(self.faces),
            "colors": list(self.colors),
            "guessing": self.guessing,
            "cuts": [c.to_json() for c in self.cuts],
            "groups": [g.to_json() for g in self.groups],
            "colour_groups": [g.to_json() for g in self.colour_groups],
            # what is left to say, and the faces no die shows yet (named on the page in the
            # game's words: `unnamed` says both in vision's, with the faces' own names)
            "left": self._unsaid() if self.step == SORTING else [],
            "missing": self.missing() if self.step == SORTING else [],
            "result": self.result,
        }

    # ---- kept, and resumed after a restart -----------------------------------------------

    @property
    def key_prefix(self) -> str:
        """What the keys of the examples of this teaching start with (`examples`)."""
        return f"taught:{self.started:.3f}:"

    def kept(self) -> str:
        """What the teaching is, but its cuts (each kept on its own: `kept_cut`, `said_of`),
        as kept (JSON): `resume` makes it again."""
        return json.dumps(
            {
                "format": KEPT,
                "name": self.name,
                "faces": list(self.faces),
                "colors": list(self.colors),
                "guessing": self.guessing,
                "box_fit": list(self.box_fit),
                "want": self.want,
                "zoom": self.zoom,
                "started": self.started,
                "step": self.step,
                "throws": self.throws,
                "groups": [g.to_json() for g in self.groups],
                "colour_groups": [g.to_json() for g in self.colour_groups],
                "result": None if self.step == FITTING else self.result,
                "last": [
                    {"center": list(c), "side": side, "cut": cut} for c, side, _, cut in self._last
                ],
            }
        )

    def kept_cuts(self) -> int:
        """How many dice were cut out."""
        return len(self.cuts)

    def kept_cut(self, number: int) -> tuple[bytes, str]:
        return self.cuts[number].kept()

    def said_of(self, number: int) -> str | None:
        return self.cuts[number].said()

    @classmethod
    def resume(cls, kept: str, cut_out: Iterable[KeptCut]) -> tuple[TeachFlow, int]:
        """The teaching `kept` with its cuts (what `kept`, `kept_cut` and `said_of` were),
        as it was, and how many of its cuts cannot be read (left out: the others are
        numbered anew, and their examples keyed anew). A fit cut off is not done: the dice
        are sorted still. FlowError if the teaching itself cannot be read."""
        with kept_.reading(FlowError):
            state = kept_.state(kept, KEPT)
            a, b = state["box_fit"]
            flow = cls(
                str(state["name"]),
                tuple(str(f) for f in state["faces"]),
                tuple(str(c) for c in state["colors"]),
                bool(state["guessing"]),
                (float(a), float(b)),
                want=int(state["want"]),
                zoom=float(state["zoom"]),
                started=float(state["started"]),
            )
            step = str(state["step"])
            if step not in (THROWING, GROUPING, SORTING, FITTING, DONE):
                raise ValueError(f"no step {step!r}")
            flow.step = SORTING if step == FITTING else step
            flow.throws = int(state["throws"])
            flow.result = None if state["result"] is None else dict(state["result"])
            numbers: dict[int, int] = {}  # a cut's number as kept -> its number now

            def back(c: KeptCut) -> bool:
                cut = flow._cut_kept(c)
                if cut is not None:
                    numbers[c.number] = cut.id
                    flow.cuts.append(cut)
                return cut is not None

            unread = kept_.read_back(cut_out, back)
            if unread:  # (its examples keyed anew: none is taken for another die)
                flow.started = time.time()
            for among, kind in ((flow.groups, "groups"), (flow.colour_groups, "colour_groups")):
                for g in state[kind]:
                    members = [numbers[int(n)] for n in g["cuts"] if int(n) in numbers]
                    if members:
                        among.append(Group(len(among), members, g["guess"], g["face"]))
            for g in flow.groups:
                if g.face is not None:
                    flow._face(g.face)
            for g in flow.colour_groups:
                if g.face is not None and g.face not in flow.colors:
                    raise flow._no_colour(g.face)
            flow._last = [
                (
                    (float(d["center"][0]), float(d["center"][1])),
                    float(d["side"]),
                    cuts.decode(flow.cuts[numbers[d["cut"]]].crop),
                    numbers[d["cut"]],
                )
                for d in state["last"]
                if d["cut"] in numbers
            ]
        if flow.groups:
            flow._face_cuts = np.stack(
                [cuts.face_cut(cuts.decode(c.crop), c.angle, flow.zoom) for c in flow.cuts]
            )
        return flow, unread

    def _cut_kept(self, c: KeptCut) -> Cut | None:
        """A cut as kept, numbered next; None if it cannot be read."""
        try:
            cuts.decode(c.image)
            found = json.loads(c.found)
            said = {} if c.said is None else json.loads(c.said)
            face, color = said.get("face"), said.get("color")
            if face is not None:
                self._face(str(face))
            if color is not None and color not in self.colors:
                return None
            x, y = found["center"]
            return Cut(
                id=len(self.cuts),
                throw=int(found["throw"]),
                crop=c.image,
                angle=float(found["angle"]),
                center=(float(x), float(y)),
                guess=None if found["guess"] is None else str(found["guess"]),
                confidence=float(found["confidence"]),
                color_guess=None if found["color_guess"] is None else str(found["color_guess"]),
                face=None if face is None else str(face),
                color=None if color is None else str(color),
            )
        except kept_.UNREADABLE:
            return None

    def _sorting(self) -> None:
        if self.step != SORTING:
            raise FlowError(_("the dice are not being sorted now"))

    def _face(self, face: str) -> None:
        if face != NONE and face not in self.faces:
            raise FlowError(
                _(
                    "{face} is no face of {name} ({faces})",
                    face=Quoted(face),
                    name=set_name(self.name),
                    faces=list(self.faces),
                )
            )

    def _no_colour(self, color: str) -> FlowError:
        return FlowError(
            _(
                "{color} is no colour of {name} ({colors})",
                color=Quoted(color),
                name=set_name(self.name),
                colors=list(self.colors),
            )
        )

    @staticmethod
    def _group(among: list[Group], group: int) -> Group:
        if not 0 <= group < len(among):
            raise FlowError(_("there is no group {group}", group=group))
        return among[group]


def start(
    name: str,
    faces: Sequence[str] | None,
    colors: Sequence[str] | None,
    known: Sequence[FaceSet | None],
) -> tuple[TeachFlow, TeachReader]:
    """A teaching of `name` and the reader that finds its dice: the first of the `known`
    sets (the set in use, the shipped one) that this embedding reads and that has these
    faces (its guesses are shown); with none, the shipped kot set, for finding only.
    `faces` (and `colors`) default to that set's; a new set must say them."""
    usable = [
        k
        for k in known
        if k is not None
        and k.embedding == nets.model_id("embedding.onnx")
        and (faces is None or tuple(faces) == k.faces)
    ]
    guide = usable[0] if usable else None
    if faces is None:
        if guide is None:
            raise FlowError(
                _(
                    "{name} is a new set: say its faces (e.g. {example})",
                    name=set_name(name),
                    example="--faces 1,2,3,4,5,6",
                )
            )
        faces = guide.faces
    if len(set(faces)) < 2 or len(set(faces)) != len(faces) or NONE in faces:
        raise FlowError(_("a set has two faces or more, each with a name of its own"))
    roles = tuple(colors) if colors is not None else (guide.colors if guide else ())
    finder = guide if guide is not None else _finder()
    flow = TeachFlow(name, tuple(faces), roles, guide is not None, finder.box_fit, zoom=finder.zoom)
    return flow, TeachReader(DiceReader(finder))


def _finder() -> FaceSet:
    from vision import faceset

    return faceset.load(faceset.SHIPPED / "kot.npz")


def _side(d: DieReading) -> float:
    x0, y0, x1, y1 = d.box
    return math.sqrt(max((x1 - x0) * (y1 - y0), 1.0))


def _alike(a: np.ndarray, b: np.ndarray) -> bool:
    """Two crops of the same still die (only the camera's noise differs): their grey levels
    correlate at SAME_LOOK or more."""
    x, y = (cv2.cvtColor(c, cv2.COLOR_BGR2GRAY).astype(np.float64).ravel() for c in (a, b))
    x, y = x - x.mean(), y - y.mean()
    norm = math.sqrt(float((x * x).sum() * (y * y).sum()))
    return norm > 0 and float((x * y).sum()) / norm >= SAME_LOOK


def _most(values: Sequence[str | None]) -> str | None:
    known = [v for v in values if v is not None]
    return Counter(known).most_common(1)[0][0] if known else None
