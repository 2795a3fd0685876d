"""Follow the throws of a turn in a stream of frames: the live pipeline's heart.

Feed it every frame with its stream time; it answers with events:

    follower = ThrowFollower(DiceReader.load("kot"), calibration)
    follower.expect({"black": 6})       # the game: these dice are in play
    follower.new_turn()                 # the game: a new turn starts (throw 1 next)
    for event in follower.feed(frame, t):
        ...                             # ThrowSettled (a fact) or Misfit (for a person)

How a throw is told (see docs/live-vision.md for the whole story):

1. Every frame gets a cheap look (vision.live.motion): does anything move, is a hand in
   view. Nothing is read while anything moves or a hand is in view.
2. Once nothing moves, the still frames are read (the expensive reader) and, after the
   dice have lain still for `settle_time`, `reads` readings that agree are combined into
   one: each die's face by vote, its confidence the mean.
3. The reading is compared with the dice of the last throw of the turn: a die lying
   where one lay, face up the same (or followed there while it was pushed, by
   vision.live.track), was kept; the others were thrown. With no hand seen since the dice
   lay still, a die near where a known one lay moved by itself (a cocked die falling
   flat): never a throw. Nothing new: no event (a hand passed, or dice were picked up).
4. A reading that does not fit becomes a `Misfit` with a `code` instead of a throw: a die
   unread or cocked, more or fewer dice than in play, a die off the tray, a kept die that
   changed face, dice not thrown on a turn's first throw, readings that disagree, a throw
   when none is due, and the view itself: a bumped camera or a light that changed too much.
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

import numpy as np

from vision.live.calibration import CALIBRATE, Calibration
from vision.live.motion import TrayWatch, ViewCheck
from vision.live.settings import DEFAULT, Settings
from vision.live.track import Tracker
from vision.reader import UNKNOWN, UNLIKE, DieReading, check_frame
from vision.words import FaceName, Said, _

# Misfit codes: what kind of problem a person should look at.
UNREAD = "unread"  # a die could not be read, or is cocked
COUNT = "count"  # more or fewer dice than in play
COLOUR = "colour"  # the dice's colours differ from those in play
OFF_TRAY = "off-tray"  # a thrown die lies off the tray
KEPT_CHANGED = "kept-changed"  # a die that was not thrown shows another face
NOT_THROWN = "not-thrown"  # a turn's first throw left dice lying
UNSTABLE = "unstable"  # the still dice read differently frame after frame
NOT_DUE = "not-due"  # dice were thrown while the game waits for something else
CAMERA_MOVED = "camera-moved"  # the camera was bumped (the follower follows the move)
LIGHT = "light"  # the light changed too much to trust the reading
VIEW = "view"  # the view no longer fits the calibration (moved too far, or new size)

VIEW_EVERY = 0.3  # seconds between checks of the view while nothing moves (~3 ms each)


class Reader(Protocol):
    def read(self, frame: np.ndarray) -> list[DieReading]: ...


@dataclass(frozen=True)
class ThrowSettled:
    """Throw number `throw` of the turn has settled: what every die shows now.

    `thrown` and `kept` are indices into `dice`. `t` is the stream time of the frame
    that settled it, `still_since` when the dice were first seen lying still (so
    `t - still_since` is the settling delay). `image` is the last frame read (for a
    snapshot; not compared)."""

    throw: int
    dice: tuple[DieReading, ...]
    thrown: tuple[int, ...]
    kept: tuple[int, ...]
    frame: int
    t: float
    still_since: float = 0.0
    image: np.ndarray | None = field(default=None, repr=False, compare=False)

    def faces(self, which: Sequence[int]) -> list[str]:
        return [self.dice[i].face for i in which]


@dataclass(frozen=True)
class Misfit:
    """Something a person should look at; nothing was sent as fact. `code` says what
    kind (the constants above), `reason` says it in words for people (a vision.words
    `Said`: the host says it in the reader's language)."""

    reason: Said
    dice: tuple[DieReading, ...]
    frame: int
    t: float
    code: str = UNREAD
    still_since: float = 0.0
    image: np.ndarray | None = field(default=None, repr=False, compare=False)


Event = ThrowSettled | Misfit


def close_pairs(
    a: Sequence[tuple[float, float]], b: Sequence[tuple[float, float]], tolerance: float
) -> list[tuple[float, int, int]]:
    """(distance, i, j) for points a[i], b[j] within `tolerance`, closest first."""
    pairs = []
    for i, pa in enumerate(a):
        for j, pb in enumerate(b):
            d = math.dist(pa, pb)
            if d <= tolerance:
                pairs.append((d, i, j))
    return sorted(pairs)


def matches(a: Sequence[DieReading], b: Sequence[DieReading], tolerance: float) -> dict[int, int]:
    """Pairs i -> j of dice a[i], b[j] with centres within `tolerance` px (closest first;
    each die used once)."""
    out: dict[int, int] = {}
    used: set[int] = set()
    for _distance, i, j in close_pairs([d.center for d in a], [d.center for d in b], tolerance):
        if i not in out and j not in used:
            out[i] = j
            used.add(j)
    return out


def same_dice(a: Sequence[DieReading], b: Sequence[DieReading], tolerance: float) -> bool:
    """True if every die of `a` has a twin in `b`: same face, centre within `tolerance`."""
    pairs = matches(a, b, tolerance)
    return len(a) == len(b) == len(pairs) and all(a[i].face == b[j].face for i, j in pairs.items())


def combine(reads: Sequence[Sequence[DieReading]], tolerance: float) -> list[DieReading] | None:
    """One reading from several readings of the same still dice, or None if they do not
    agree on where the dice are. A face is kept if the readings that read the die agree
    on it and are the majority; otherwise the die is unknown, saying why.

    >>> def die(face, x, conf=0.9):
    ...     return DieReading((x, 10.0), (x - 5, 5, x + 5, 15), 0.0, face, conf, "black", 1.0,
    ...                       False, "", face)
    >>> one = combine([[die("1", 10), die("claw", 50)], [die("1", 11, 0.7), die("heart", 50)]], 4)
    >>> [(d.face, round(d.confidence, 2), d.reason) for d in one]
    [('1', 0.8, ''), ('unknown', 0.9, 'the readings disagree: claw and heart')]
    >>> combine([[die("1", 10)], [die("1", 30)]], 4) is None
    True
    >>> unsure_green = replace(die("1", 10), color="green", color_confidence=0.1)
    >>> combine([[die("1", 10)], [unsure_green]], 4)[0].color
    'black'
    """
    base = list(reads[-1])
    groups: list[list[DieReading]] = [[d] for d in base]
    for other in reads[:-1]:
        if len(other) != len(base):
            return None
        pairs = matches(base, other, tolerance)
        if len(pairs) != len(base):
            return None
        for i, j in pairs.items():
            groups[i].append(other[j])
    return [_vote(group) for group in groups]


def _vote(group: list[DieReading]) -> DieReading:
    last = group[0]
    center = (
        float(np.mean([d.center[0] for d in group])),
        float(np.mean([d.center[1] for d in group])),
    )
    cocked = any(d.cocked for d in group)
    read = Counter(d.face for d in group if d.face != UNKNOWN)
    faces = sorted(read)
    reason: str
    if cocked:
        face, reason = UNKNOWN, next(d.reason for d in group if d.cocked) or _("cocked")
    elif len(faces) > 1:
        face, reason = UNKNOWN, _("the readings disagree: {faces}", faces=faces)
    elif faces and read[faces[0]] * 2 >= len(group):
        face, reason = faces[0], ""
    else:
        face = UNKNOWN
        reason = next((d.reason for d in group if d.face == UNKNOWN), "") or _("not read")
    agree = [d for d in group if d.face == face] or group
    # the colour the readings are surest of, all together (one unsure reading of a dark
    # die as green does not outvote a sure one of it as black)
    weight: dict[str | None, float] = {}
    for d in group:
        weight[d.color] = weight.get(d.color, 0.0) + d.color_confidence
    color = max(weight, key=lambda c: weight[c])
    return replace(
        last,
        center=center,
        face=face,
        confidence=float(np.mean([d.confidence for d in agree])),
        color=color,
        color_confidence=float(np.mean([d.color_confidence for d in group if d.color == color])),
        cocked=cocked,
        reason=reason,
    )


@dataclass
class _Known:
    """A die of the last throw the game got (or of the turn before): where it is now."""

    reading: DieReading
    center: tuple[float, float]
    present: bool = True  # seen lying at the last still look
    previous_turn: bool = False
    tracked: bool = False  # followed, never lost, since the last still look
    vacated: bool | None = None  # its place was seen empty since (None: cannot tell)


@dataclass
class _Still:
    """A stretch of frames in which nothing moves."""

    since: float  # stream time of its first frame
    reads: list[list[DieReading]] = field(default_factory=list)
    decided: bool = False
    checked_at: float = -1e9  # when the view was last checked


class ThrowFollower:
    """Feed frames in order; get events when throws settle.

    The game tells it what to expect (`expect`: dice per colour in play, None when no
    throw is due) and when a new turn starts (`new_turn`), since only the rules know.
    Without a calibration it still works on motion alone, but cannot see a hand that
    holds still, a die off the tray, a bumped camera or a changed light.
    """

    def __init__(
        self,
        reader: Reader,
        calibration: Calibration | None = None,
        settings: Settings = DEFAULT,
    ) -> None:
        self.reader = reader
        self.settings = settings
        self.watch = TrayWatch(calibration, settings)
        self.tracker = Tracker()
        self.expected: dict[str, int] | None = None
        self.state = "starting"  # moving | hand | settling | still (for people watching)
        self._known: list[_Known] = []
        self._lying: list[DieReading] = []  # the dice as last seen lying still
        self._still: _Still | None = None
        self._throws = 0
        self._frames = 0
        self._prev_t = 0.0
        self._sides: list[float] = []
        self._size: tuple[int, int] | None = None
        self._tracked: list[_Known] = []  # the known dice the tracker follows, in order
        self._hand_seen = False  # a hand was in view since the dice last lay still
        self._before: tuple[list[_Known], int] | None = None  # as before the last throw
        # Unsure dice (not cocked ones) make a throw like any other, their face "unknown",
        # for a person to say (`answer`), instead of an `unread` Misfit: the app asks.
        self.ask_unknown = False
        self._lock = threading.Lock()  # the game may speak from another thread

    # ---- the game's side -------------------------------------------------------------

    def expect(self, counts: Mapping[str, int] | None) -> None:
        """The dice in play per colour (None: no throw is due). Any thread may call it."""
        with self._lock:
            self.expected = {c: n for c, n in counts.items() if n} if counts is not None else None

    def new_turn(self) -> None:
        """A new turn: the next throw is throw 1, and it throws every die. Any thread."""
        with self._lock:
            self._throws = 0
            for k in self._known:
                k.previous_turn = True

    def answer(self, throw: int, faces: Mapping[int, str]) -> None:
        """A person said what unknown dice of throw `throw` show (index into its dice ->
        face): they are known so from now on (kept, they keep that face). Any thread."""
        with self._lock:
            if throw != self._throws or len(self._known) <= max(faces, default=-1):
                return  # another throw settled since: nothing to learn here
            for i, face in faces.items():
                k = self._known[i]
                k.reading = replace(k.reading, face=face, reason="")
                self._lying = [
                    replace(d, face=face, reason="") if d.center == k.reading.center else d
                    for d in self._lying
                ]

    def retract(self, throw: int) -> None:
        """Throw `throw` is not taken (its unknown dice were not said; people throw again):
        the dice of the throw before are the known ones again. Any thread."""
        with self._lock:
            if throw != self._throws or self._before is None:
                return
            self._known, self._throws = self._before
            self._before = None

    @property
    def throws(self) -> int:
        """Throws settled in this turn."""
        return self._throws

    @property
    def frames(self) -> int:
        """Frames fed so far."""
        return self._frames

    # ---- frames ----------------------------------------------------------------------

    def feed(self, frame: np.ndarray, t: float) -> list[Event]:
        """One frame and its stream time (seconds); the events it completes.
        A frame that is no image raises vision.reader.FrameError."""
        frame = check_frame(frame)
        with self._lock:
            return self._feed(frame, t)

    def _feed(self, frame: np.ndarray, t: float) -> list[Event]:
        index = self._frames
        self._frames += 1
        events: list[Event] = []
        size = (frame.shape[1], frame.shape[0])
        if size != self._size:
            events += self._new_size(size, index, t)
        look = self.watch.look(frame)
        self._hand_seen = self._hand_seen or look.hand
        prev_t, self._prev_t = self._prev_t, t
        if look.duplicate:
            return events  # a repeated image: no news, and no proof that anything is still
        if look.moving:
            self._active(frame, "moving")
            return events
        if self._still is None:
            # this frame matches the one before: the scene has been still since then
            self._still = _Still(since=prev_t if index else t)
        still = self._still
        if t - still.checked_at >= VIEW_EVERY:
            still.checked_at = t
            flag = self._check_view(frame, index, t, still)
            if flag is not None:
                return [*events, flag]
        if look.hand:
            self._active(frame, "hand")
            return events
        if still.decided:
            return events
        self.state = "settling"
        settled = t - still.since >= self.settings.settle_time - 1e-6
        if still.reads and not settled:
            return events  # one early reading, the next once they have lain long enough
        still.reads.append(self._read(frame))
        self._learn_size(still.reads[-1])
        if not settled or len(still.reads) < self.settings.reads:
            return events
        dice = combine(still.reads[-self.settings.reads :], self._tolerance())
        if dice is None and len(still.reads) < self.settings.max_reads:
            return events  # the readings disagree on where the dice are: read on
        if dice is None:
            still.decided = True
            self.state = "still"
            why = _("the still dice read differently frame after frame: is one rocking?")
            return [*events, self._misfit(UNSTABLE, why, still.reads[-1], index, t, frame)]
        still.decided = True
        self.state = "still"
        return events + self._settled(dice, frame, index, t, still)

    # ---- what happens -----------------------------------------------------------------

    def _active(self, frame: np.ndarray, state: str) -> None:
        """Something moves or a hand is in view: follow the lying dice, read nothing."""
        self.state = state
        self._still = None
        self.tracker.update(frame)
        radius = 0.3 * self._side()
        for k in self._tracked:
            occupied = self.watch.occupied(k.center, radius)
            if occupied is None:
                k.vacated = None
            elif occupied < 0.25:
                k.vacated = True

    def _settled(
        self, dice: list[DieReading], frame: np.ndarray, index: int, t: float, still: _Still
    ) -> list[Event]:
        def misfit(code: str, reason: Said) -> list[Event]:
            return [self._misfit(code, reason, dice, index, t, frame, still.since)]

        boxes = [d.box for d in dice]
        self._apply_tracks()
        self.watch.adapt(frame, boxes)
        if same_dice(dice, self._lying, self._tolerance()):
            self._restart_tracks(frame, dice)
            return []  # nothing changed: a hand passed, or the camera moved
        kept, changed, new = self._match(dice)
        dice = [_as_known(d, kept.get(i)) for i, d in enumerate(dice)]
        self._lying = dice
        for k in self._known:
            k.present = False
        for i, k in kept.items():
            k.present, k.center = True, dice[i].center
        for i, k in changed.items():
            k.present, k.center = True, dice[i].center
        self._restart_tracks(frame, dice)
        if not new and not changed:
            return []  # dice were picked up (or put back): nothing was thrown
        if self.expected is None:
            return misfit(NOT_DUE, _("the dice moved but no throw is due now"))
        problem = self._problem(dice, kept, changed, new)
        if problem:
            code, why = problem
            return misfit(code, why)
        self._before = (self._known, self._throws)
        self._throws += 1
        self._known = [_Known(d, d.center) for d in dice]
        self._restart_tracks(frame, dice)
        thrown = tuple(sorted(new))
        kept_ix = tuple(sorted(kept))
        return [
            ThrowSettled(self._throws, tuple(dice), thrown, kept_ix, index, t, still.since, frame)
        ]

    def _match(
        self, dice: list[DieReading]
    ) -> tuple[dict[int, _Known], dict[int, _Known], list[int]]:
        """Each die read -> the known die it is (same face: kept; another face: changed),
        and the dice that are new (thrown)."""
        tol = self.settings.kept_dice * self._side()
        known = [k for k in self._known if k.present and not (k.vacated and not k.tracked)]
        kept: dict[int, _Known] = {}
        changed: dict[int, _Known] = {}
        used: set[int] = set()
        for _distance, i, j in close_pairs(
            [d.center for d in dice], [k.center for k in known], tol
        ):
            if i in kept or i in changed or j in used:
                continue
            k = known[j]
            # lost from sight with no calibration to tell if its place was left empty:
            # another face, or a first throw, most likely means it was thrown
            unsure = k.vacated is None and not k.tracked
            if dice[i].face in (k.reading.face, UNKNOWN) and not (unsure and k.previous_turn):
                kept[i] = k
            elif not unsure:
                changed[i] = k
            else:
                continue
            used.add(j)
        if self.watch.calibrated and not self._hand_seen:
            self._moved_by_itself(dice, kept, changed)
        new = [i for i in range(len(dice)) if i not in kept and i not in changed]
        return kept, changed, new

    def _moved_by_itself(
        self, dice: list[DieReading], kept: dict[int, _Known], changed: dict[int, _Known]
    ) -> None:
        """No hand reached in since the dice lay still, so none was picked up to be thrown:
        a die lying near where a known die lay, that no other die matched, is that die
        moved by itself (a cocked die that fell flat, a die nudged). Another face up:
        changed (for a person to look at), never a throw of that die."""
        matched = {id(k) for k in (*kept.values(), *changed.values())}
        gone = [k for k in self._known if k.present and id(k) not in matched]
        loose = [i for i in range(len(dice)) if i not in kept and i not in changed]
        reach = self.settings.moved_dice * self._side()
        used: set[int] = set()
        for _distance, a, b in close_pairs(
            [dice[i].center for i in loose], [k.center for k in gone], reach
        ):
            i, k = loose[a], gone[b]
            if i in kept or i in changed or b in used:
                continue
            if dice[i].face in (k.reading.face, UNKNOWN):
                kept[i] = k  # nudged, same face up
            else:
                changed[i] = k
            used.add(b)

    def _room_for(self, dice: list[DieReading]) -> list[DieReading]:
        """Finds the set takes for none of its dice (UNLIKE, the likeliest first, after the
        dice read: vision.learning.flow.TeachReader) are dice to ask about as far as the
        dice in play leave room for them; the rest are not dice. With no throw due (a set
        being taught: vision.learning.flow cuts every find) they are all kept."""
        unlike = [d for d in dice if d.reason == UNLIKE]
        if not unlike or self.expected is None:
            return dice
        room = 0
        if self.ask_unknown:
            room = max(0, sum(self.expected.values()) - (len(dice) - len(unlike)))
        keep = {id(d) for d in unlike[:room]}
        return [d for d in dice if d.reason != UNLIKE or id(d) in keep]

    def _problem(
        self,
        dice: list[DieReading],
        kept: dict[int, _Known],
        changed: dict[int, _Known],
        new: list[int],
    ) -> tuple[str, Said] | None:
        assert self.expected is not None
        unread = [d for d in dice if d.cocked or (d.face == UNKNOWN and not self.ask_unknown)]
        if unread:
            kinds = Counter(_unread_kind(d) for d in unread)
            why = [_how_many(kind, n) for kind, n in sorted(kinds.items())]
            return UNREAD, _(
                "{n, plural, one {# die not read ({why}): throw it again} "
                "other {# dice not read ({why}): throw them again}}",
                n=len(unread),
                why=why,
            )
        if changed:  # (faces by their ids, which the host says by the game's names for them)
            face_set = getattr(getattr(self.reader, "faces", None), "name", "")  # (a DiceReader's)
            what = [
                _(
                    "{was} -> {now}",
                    was=FaceName(k.reading.face, face_set),
                    now=FaceName(dice[i].face, face_set),
                )
                for i, k in changed.items()
            ]
            return KEPT_CHANGED, _(
                "a die that was not thrown shows another face ({what})", what=what
            )
        cal = self.watch.calibration
        if cal is not None and not cal.whole_frame:
            off = [i for i in new if not cal.inside(dice[i].center, 0.25 * self._side())]
            if off:
                return OFF_TRAY, _(
                    "{n, plural, one {# die lies off the tray: throw it again} "
                    "other {# dice lie off the tray: throw them again}}",
                    n=len(off),
                )
        seen, want = Counter(d.color or "any" for d in dice), self.expected
        if sum(seen.values()) != sum(want.values()):
            n, m = sum(seen.values()), sum(want.values())
            if n < m:
                return COUNT, _(
                    "{n, plural, one {# die} other {# dice}} seen, {m} in play: "
                    "is a die off the table or hidden?",
                    n=n,
                    m=m,
                )
            return COUNT, _("{n} dice seen, {m} in play: remove the extra dice", n=n, m=m)
        colours_told = "any" not in want  # "any": the game counts dice, not colours
        if colours_told and all(d.color is not None for d in dice) and dict(seen) != want:
            return COLOUR, _(
                "dice seen by colour: {seen}; in play: {wanted}",
                seen=_by_colour(seen),
                wanted=_by_colour(want),
            )
        stale = [i for i, k in kept.items() if k.previous_turn]
        if stale:
            return NOT_THROWN, _(
                "{n, plural, one {# die was not thrown} other {# dice were not thrown}}: "
                "the first throw throws all dice",
                n=len(stale),
            )
        return None

    def _check_view(self, frame: np.ndarray, index: int, t: float, still: _Still) -> Misfit | None:
        """A bumped camera or a light changed too much: say so, read the dice, and learn
        the new view (moved with the camera, or in the new light) to go on from it."""
        check = self.watch.check_view(frame)
        if check is None:
            return None
        dx, dy = check.shift
        # a bump moves the tray's edges clearly: far enough, and matching much better
        # there than where they were (a hand over a wall does neither)
        far = math.hypot(dx, dy) > self.settings.bump_px * frame.shape[1] / 640
        if far and check.match > 0.5 and check.match > check.unmoved + 0.1:
            code = CAMERA_MOVED
            reason = _(
                "the camera moved by {px} px since it was calibrated; following the move, "
                "but run {command} with an empty tray soon",
                px=f"{math.hypot(dx, dy):.0f}",
                command=CALIBRATE,
            )
            self.watch.moved(dx, dy, frame)
            self.tracker.shift(dx, dy)
            for k in self._known:
                k.center = (k.center[0] + dx, k.center[1] + dy)
            self._lying = [_moved(d, dx, dy) for d in self._lying]
        elif check.match < 0.5:
            code = VIEW
            reason = _(
                "the view no longer looks like the calibrated tray (the camera moved or "
                "turned?): run {command} with an empty tray",
                command=CALIBRATE,
            )
            self.watch.lost_tray()
        else:
            light = _light_problem(check, self.settings)
            if light is None:
                return None
            code, reason = LIGHT, light
        # The view no longer looks as calibrated: its empty look says nothing of the dice.
        dice = self._room_for(self.reader.read(frame))
        self._learn_size(dice)
        self.watch.relearn(frame, [d.box for d in dice], keep_present=code == LIGHT)
        if not same_dice(dice, self._lying, self._tolerance()):
            reason = _("{why}; the dice changed meanwhile: check them", why=reason)
        self._lying = dice
        self._restart_tracks(frame, dice)
        still.decided = True
        self.state = "still"
        return self._misfit(code, reason, dice, index, t, frame, still.since)

    def _new_size(self, size: tuple[int, int], index: int, t: float) -> list[Event]:
        old, self._size = self._size, size
        self._still = None
        if old is None:
            return []
        scale = size[0] / old[0]
        self._lying = [_scaled(d, scale) for d in self._lying]
        for k in self._known:
            k.center = (k.center[0] * scale, k.center[1] * scale)
        self.tracker.tracks = []
        self._tracked = []
        cal = self.watch.calibration
        if cal is None or cal.fits(*size):
            return []
        self.watch.calibration = None
        reason = _(
            "the frames changed from {old} to {new}: the calibration no longer fits; "
            "run {command} for this camera setting",
            old=f"{old[0]}x{old[1]}",
            new=f"{size[0]}x{size[1]}",
            command=CALIBRATE,
        )
        return [self._misfit(VIEW, reason, [], index, t, None)]

    # ---- helpers ---------------------------------------------------------------------

    def _misfit(
        self,
        code: str,
        reason: Said,
        dice: Sequence[DieReading],
        index: int,
        t: float,
        frame: np.ndarray | None,
        since: float | None = None,
    ) -> Misfit:
        since = since if since is not None else (self._still.since if self._still else t)
        return Misfit(reason, tuple(dice), index, t, code, since, frame)

    def _restart_tracks(self, frame: np.ndarray, dice: list[DieReading]) -> None:
        """Follow the known dice lying in this still frame from now on."""
        self._hand_seen = False
        self._tracked = [k for k in self._known if k.present]
        for k in self._tracked:
            k.vacated = False if self.watch.calibrated else None
        self.tracker.start(frame, [k.center for k in self._tracked], self._side())

    def _apply_tracks(self) -> None:
        """Where the followed dice went while things moved."""
        for k, track in zip(self._tracked, self.tracker.tracks, strict=True):
            k.tracked = not track.lost
            if not track.lost:
                k.center = track.center

    def _read(self, frame: np.ndarray) -> list[DieReading]:
        """The dice of a still frame, but those where the view shows the calibrated empty
        table (the finder took its texture for a die): where nothing differs from the
        empty look, nothing lies; and as many finds the set took for none of its dice as
        the dice in play leave room for (`_room_for`)."""
        dice = self.reader.read(frame)
        share = self.settings.texture_share
        return self._room_for(
            [d for d in dice if (seen := self.watch.differs(d.box)) is None or seen >= share]
        )

    def _learn_size(self, dice: list[DieReading]) -> None:
        for d in dice:
            x0, y0, x1, y1 = d.box
            a = math.radians(d.angle)  # a turned square's box is wider than its side
            self._sides.append(min(x1 - x0, y1 - y0) / (abs(math.cos(a)) + abs(math.sin(a))))
        self._sides = self._sides[-200:]
        if self._sides:
            self.watch.die_px = float(np.median(self._sides))

    def _side(self) -> float:
        return self.watch.die_px or (self._size[0] * 0.045 if self._size else 28.0)

    def _tolerance(self) -> float:
        return self.settings.tolerance_dice * self._side()


def _as_known(d: DieReading, kept: _Known | None) -> DieReading:
    """A kept die read unknown now shows the face it was known by (read or said by a person
    at the throw before): it lies there untouched. Not a cocked one: it may have tipped."""
    if kept is None or d.face != UNKNOWN or d.cocked or kept.reading.face == UNKNOWN:
        return d
    return replace(d, face=kept.reading.face, reason="")


def _light_problem(check: ViewCheck, s: Settings) -> Said | None:
    """What is wrong with the light, for people (None: nothing)."""
    if check.gain > s.light_ratio:
        return _(
            "the light changed: the tray looks {times:.1f}x brighter than before",
            times=float(check.gain),
        )
    if check.gain < 1 / s.light_ratio:
        return _(
            "the light changed: the tray looks {times:.1f}x darker than before",
            times=1 / max(float(check.gain), 1e-3),
        )
    if check.uneven > s.uneven_ratio:
        return _(
            "the light changed unevenly across the tray ({times:.1f}x)",
            times=float(check.uneven),
        )
    return None


# What the reader's reasons begin with (vision.reader), and combine's: each kind of die not
# read, counted in an unread misfit; another reader's reason counts as "another reason".
UNREAD_KINDS = ("cocked", "unlike", "unsure", "the readings disagree")


def _unread_kind(d: DieReading) -> str:
    kind = "cocked" if d.cocked else str(d.reason).split(":")[0]
    return kind if kind in UNREAD_KINDS else "other"


def _how_many(kind: str, n: int) -> Said:
    """`n` dice not read for the reason `kind` (UNREAD_KINDS, or "other"), for people."""
    if kind == "cocked":
        return _("{n} cocked", n=n)
    if kind == "unlike":
        return _("{n} like none of the set's dice", n=n)
    if kind == "unsure":
        return _("{n} unsure", n=n)
    if kind == "the readings disagree":
        return _("{n} whose readings disagree", n=n)
    return _("{n} for another reason", n=n)


def _by_colour(counts: Mapping[str, int]) -> list[Said]:
    """Dice per colour, for people: "6 black and 1 green", a colour of the shipped sets in
    the reader's language ("6 noirs et 1 vert"; it was the ids, "6 black et 1 green", on
    a French page), another (a taught set's own) by its id."""
    return [_dice_of(colour, n) for colour, n in sorted(counts.items())]


def _dice_of(colour: str, n: int) -> Said:
    if colour == "black":
        return _("{n} black", n=n)
    if colour == "green":
        return _("{n} green", n=n)
    if colour == "white":
        return _("{n} white", n=n)
    return _("{n} {colour}", n=n, colour=colour)


def _moved(d: DieReading, dx: float, dy: float) -> DieReading:
    x0, y0, x1, y1 = d.box
    return replace(
        d, center=(d.center[0] + dx, d.center[1] + dy), box=(x0 + dx, y0 + dy, x1 + dx, y1 + dy)
    )


def _scaled(d: DieReading, s: float) -> DieReading:
    return replace(
        d,
        center=(d.center[0] * s, d.center[1] * s),
        box=(d.box[0] * s, d.box[1] * s, d.box[2] * s, d.box[3] * s),
    )
