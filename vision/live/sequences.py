"""Synthetic camera sequences of a dice tray, drawn by our renderer, with their truth.

A `Take` is written like a little film script: the empty tray, a hand throwing dice that
tumble with motion blur and settle, dice kept aside, picked up, pushed, knocked off the
tray, a flickering light, an auto-exposure jump, a bumped camera. Every frame carries what
the renderer drew (the truth), and the take records which events a perfect follower must
produce and the frame at which the dice went still, so tests and the benchmark can check
the follower's events and measure its delay exactly.

A take draws the dice of one face set (`face_set`, "kot" unless told): its faces come from
the face set (vision/facesets), its looks from the renderer (`looks_for`). It is also the
tray simulator behind recorded game sessions (host/recording.py): each throw a game script
holds becomes `throw(faces, keep=take.lying(kept faces), looks=...)`.

    >>> take = Take("doc", seed=1)
    >>> take.empty(3).throw(["1", "2", "heart"]).still(2)  # doctest: +ELLIPSIS
    <vision.live.sequences.Take object at ...>
    >>> seq = take.sequence()
    >>> [t.kind for t in seq.truth], seq.truth[0].thrown
    (['throw'], ('1', '2', 'heart'))

Units are the renderer's: centimetres on the table, the tray centred on the origin.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import cv2
import numpy as np

from vision import faceset
from vision.glyphs import faces_of
from vision.reader import LEANING, UNKNOWN, DieReading
from vision.render.draw import DrawnDie, render
from vision.render.scene import (
    Camera,
    DiceLook,
    Die,
    Hand,
    Light,
    Scene,
    Tabletop,
    looks_for,
)

FPS = 15
ANY = "any"  # the colour of dice a game counts without telling colours (as the follower)
LAND_HALF = (14.0, 9.0)  # where thrown dice land, around the tray centre (cm)
SPACING = 3.2  # centre distance that keeps two dice apart (cm)
NOISE = 2.0  # sensor noise (grey levels): a real camera never sends two equal frames


@dataclass(frozen=True)
class Shot:
    """One frame to draw: the scene and what is true about it."""

    scene: Scene
    still: bool  # no hand in view and no die moving: a frame that may be read
    repeat: bool = False  # the stream sent the frame before again (a stutter)


@dataclass(frozen=True)
class Truth:
    """An event a perfect follower gives: a throw, or a flag (`code`) for a person."""

    kind: str  # "throw" or "misfit"
    still_frame: int  # the first frame in which everything lay still
    throw: int = 0
    thrown: tuple[str, ...] = ()  # sorted faces
    kept: tuple[str, ...] = ()
    code: str = ""


@dataclass(frozen=True)
class Control:
    """What the game tells the follower before frame `frame`: dice in play, a new turn."""

    frame: int
    expect: dict[str, int] | None = None
    new_turn: bool = False


@dataclass(frozen=True)
class SynthFrame:
    image: np.ndarray = field(repr=False)
    t: float
    index: int
    dice: tuple[DrawnDie, ...]  # what the renderer drew
    still: bool


@dataclass(frozen=True)
class SynthSequence:
    """A take, ready to draw: shots, the game's controls, and the events to expect."""

    name: str
    fps: int
    shots: tuple[Shot, ...]
    controls: tuple[Control, ...]
    truth: tuple[Truth, ...]
    empty_frames: int  # the leading frames show the empty tray (for calibration)

    def frames(self) -> Iterator[SynthFrame]:
        """Draw the frames in order (a repeated frame is the same image again)."""
        image: np.ndarray | None = None
        drawn: tuple[DrawnDie, ...] = ()
        for i, shot in enumerate(self.shots):
            if not (shot.repeat and image is not None):
                image, dice = render(shot.scene)
                drawn = tuple(dice)
            yield SynthFrame(image, i / self.fps, i, drawn, shot.still)

    def controls_at(self, frame: int) -> list[Control]:
        return [c for c in self.controls if c.frame == frame]


class Take:
    """Builds a sequence step by step (each step returns the take, so steps chain)."""

    def __init__(
        self,
        name: str,
        seed: int = 0,
        scene: Scene | None = None,
        fps: int = FPS,
        face_set: str = "kot",
    ) -> None:
        self.name = name
        self.face_set = face_set
        self.faces = faces_of_set(face_set)
        self.looks = looks_for(face_set)  # the first is the dice's look unless told
        self.roles: dict[str, str] = {}  # face -> role, of dice of other sets (with_roles)
        self.rng = np.random.default_rng(seed)
        self.fps = fps
        self.base = scene or Scene(table=Tabletop(seed=seed), noise=NOISE)
        self.dice: list[Die] = []  # on the table, in the order thrown
        self.accepted: list[bool] = []  # per die: part of the last throw the game got
        self.in_hand: list[Die] = []  # picked up, waiting to be thrown
        self.shots: list[Shot] = []
        self.controls: list[Control] = []
        self.truth: list[Truth] = []
        self.empty_frames = 0
        self.throws = 0  # in this turn
        self.light = self.base.light
        self.camera = self.base.camera
        self.light_at: Callable[[int], Light] | None = None  # a light that changes by frame

    def look(self, color: str) -> DiceLook:
        """How this face set's dice of `color` look ("any": a game that counts dice, not
        colours, gets the first); ValueError if it has none.

        >>> Take("doc").look("green").color, Take("doc", face_set="d6-pips").look("any").color
        ('green', 'white')
        """
        if color == ANY:
            return self.looks[0]
        for look in self.looks:
            if look.color == color:
                return look
        have = ", ".join(look.color for look in self.looks)
        raise ValueError(f"the {self.face_set} dice come in {have}, not {color}")

    def with_roles(self, roles: Mapping[str, str]) -> Take:
        """Dice of other kinds thrown with this set's from now on: role -> the face set whose
        dice play it (drawn as that set's first look, labelled with the role).

        >>> take = Take("doc").with_roles({"berserk": "berserk"})
        >>> take.look("berserk").style, take.role_of("berserk_skull")
        ('berserk', 'berserk')
        """
        for role, face_set in roles.items():
            if any(look.color == role for look in self.looks):
                continue
            self.looks.append(replace(looks_for(face_set)[0], color=role))
            for face in faces_of_set(face_set):
                self.roles.setdefault(face, role)
        return self

    def role_of(self, face: str) -> str | None:
        """The role whose dice show `face`, if it is not a face of the take's own set."""
        return None if face in self.faces else self.roles.get(face)

    def lying(self, faces: Sequence[str]) -> list[int]:
        """Which dice lying on the table show `faces` (indices into `dice`, each die once,
        the first thrown first): a throw's kept dice told by their faces, as a game's
        input names them. ValueError for a face no die left shows.

        >>> take = Take("doc", seed=2).throw(["1", "heart", "1"])
        >>> take.lying(["1", "1"]), take.lying(["heart"])
        ([0, 2], [1])
        """
        free = list(range(len(self.dice)))
        out = []
        for face in faces:
            i = next((i for i in free if self.dice[i].face == face), None)
            if i is None:
                shown = " ".join(d.face for d in self.dice) or "no dice"
                raise ValueError(f"no die on the table shows {face!r} to keep (they show {shown})")
            free.remove(i)
            out.append(i)
        return out

    # ---- the game's side -------------------------------------------------------------

    def expect(self, counts: dict[str, int] | None) -> Take:
        self.controls.append(Control(len(self.shots), expect=counts))
        return self

    def new_turn(self) -> Take:
        self.controls.append(Control(len(self.shots), new_turn=True))
        self.throws = 0
        self.accepted = [False] * len(self.dice)
        return self

    # ---- what the camera sees --------------------------------------------------------

    def empty(self, n: int = 4) -> Take:
        """The empty tray (only at the start: these frames calibrate the follower)."""
        assert not self.shots, "the empty tray comes first"
        self.still(n)
        self.empty_frames = n
        return self

    def still(self, n: int) -> Take:
        """n frames in which nothing moves."""
        for _ in range(n):
            self._shot(self.dice, still=True)
        return self

    def throw(
        self,
        faces: Sequence[str] | None = None,
        keep: Sequence[int] = (),
        n: int | None = None,
        looks: Sequence[DiceLook] | None = None,
        land: Sequence[tuple[float, float]] | None = None,
        tilt: Sequence[float] | None = None,
        settle: int = 5,
        hand_stays: int = 0,
        truth: str = "throw",
        stutter: int = 0,
    ) -> Take:
        """The dice not in `keep` (indices into `self.dice`) are picked up and thrown with
        `faces` (random when None; `n` dice, default as many as picked up), tumble with
        motion blur and lie still for `settle` frames. `land` places them; `tilt` leans
        them (cocked); `hand_stays` keeps the hand in view that many frames after they
        land; `stutter` repeats a tumbling frame that many times (a stuttering stream).
        `truth` is the event a perfect follower gives: "throw", a misfit code, or "".
        """
        kept = [self.dice[i] for i in keep]
        kept_known = [self.accepted[i] for i in keep]
        gathered = [d for i, d in enumerate(self.dice) if i not in keep]
        in_hand = gathered + self.in_hand
        self.in_hand = []
        count = n if n is not None else (len(faces) if faces is not None else len(in_hand))
        if looks is None:
            looks = [d.look for d in in_hand][:count]
            looks = list(looks) + [self.looks[0]] * (count - len(looks))
        faces = list(faces) if faces is not None else self._faces(count)
        spots = list(land) if land is not None else self._spots(count, kept)
        tilts = list(tilt) if tilt is not None else [0.0] * count

        # a hand gathers the dice to throw (they vanish into it), then throws them
        if gathered:
            cx = float(np.mean([d.x for d in gathered]))
            cy = float(np.mean([d.y for d in gathered]))
            self._shot(self.dice, hands=(Hand(cx, cy - 2.0),))
            self.dice, self.accepted = kept, kept_known
            self._shot(self.dice, hands=(Hand(cx, cy - 4.0),))
        start = (float(self.rng.uniform(-6, 6)), -12.0)
        final = [
            Die(x, y, f, look, yaw=float(self.rng.uniform(0, 90)), tilt=t, tilt_dir=45.0)
            for (x, y), f, look, t in zip(spots, faces, looks, tilts, strict=True)
        ]
        steps = 4
        px_per_cm = self._px_per_cm()
        for k in range(steps):
            a = (k + 1) / (steps + 1)
            flying = []
            for d in final:
                x = start[0] + (d.x - start[0]) * a
                y = start[1] + (d.y - start[1]) * a
                vx, vy = (d.x - start[0]) / (steps + 1), (d.y - start[1]) / (steps + 1)
                flying.append(
                    replace(
                        d,
                        x=x,
                        y=y,
                        face=_tumbling(self.faces, d, self.rng),
                        yaw=float(self.rng.uniform(0, 90)),
                        tilt=float(self.rng.uniform(0, 40)),
                        lift=2.5 * (1 - a),
                        motion=(0.6 * vx * px_per_cm, -0.6 * vy * px_per_cm),
                    )
                )
            hands = (Hand(start[0], start[1] - 6.0 * k),) if k < 2 or hand_stays else ()
            self._shot(kept + flying, hands=hands)
            for _ in range(stutter if k == 1 else 0):
                self._shot(kept + flying, hands=hands, repeat=True)
        # the last roll: on the table, still turning
        rolling = [
            replace(d, x=d.x - 0.4, yaw=d.yaw + 20, motion=(4.0, 1.0), tilt=max(d.tilt, 8.0))
            for d in final
        ]
        self._shot(kept + rolling, hands=(Hand(start[0], start[1] - 8.0),) if hand_stays else ())
        self.dice = kept + final
        for _ in range(hand_stays):
            self._shot(self.dice, hands=(Hand(start[0], start[1] - 8.0),))
        # kept dice count as kept only if the game got them; after a flagged throw, the
        # dice left lying count as thrown in the throw that is accepted next
        still_known = [d.face for d, known in zip(kept, kept_known, strict=True) if known]
        fresh = faces + [d.face for d, known in zip(kept, kept_known, strict=True) if not known]
        if truth == "throw":
            self.throws += 1
            self._truth("throw", thrown=fresh, kept=still_known)
            self.accepted = [True] * len(self.dice)
        else:
            self.accepted = kept_known + [False] * len(final)
            if truth:
                self._truth("misfit", code=truth)
        self.still(settle)
        return self

    def pick_up(self, which: Sequence[int], settle: int = 5) -> Take:
        """A hand takes the dice `which` (indices) off the table; the rest lie still."""
        taken = [self.dice[i] for i in which]
        cx = float(np.mean([d.x for d in taken]))
        cy = float(np.mean([d.y for d in taken]))
        self._shot(self.dice, hands=(Hand(cx, cy - 2.0),))
        self.in_hand += taken
        self.dice = [d for i, d in enumerate(self.dice) if i not in which]
        self.accepted = [a for i, a in enumerate(self.accepted) if i not in which]
        self._shot(self.dice, hands=(Hand(cx, cy - 4.0),))
        self._shot(self.dice, hands=(Hand(cx, cy - 14.0),))
        return self.still(settle)

    def push(self, which: int, to: tuple[float, float], frames: int = 10, settle: int = 5) -> Take:
        """A finger pushes die `which` along the table to `to`; its face stays."""
        die = self.dice[which]
        for k in range(1, frames + 1):
            a = k / frames
            moved = replace(die, x=die.x + (to[0] - die.x) * a, y=die.y + (to[1] - die.y) * a)
            self.dice[which] = moved
            dx, dy = to[0] - die.x, to[1] - die.y
            norm = math.hypot(dx, dy) or 1.0
            # the fingertip just behind the die, the arm coming from where it pushes from
            hand = Hand(
                moved.x - 3.8 * dx / norm,
                moved.y - 3.8 * dy / norm,
                angle=math.degrees(math.atan2(-dy, -dx)),
                lift=1.0,
            )
            self._shot(self.dice, hands=(hand,))
        self._shot(self.dice, hands=(Hand(to[0], to[1] - 12.0, lift=3.0),))
        return self.still(settle)

    def tip(self, which: int, face: str, shift: float = 0.9, settle: int = 5) -> Take:
        """Die `which` (a cocked one) falls flat by itself, no hand near: it leans less
        for two frames, then lies `shift` cm further showing `face`. If the game got the
        throw, a die that was not thrown now shows another face; if not (the die was
        flagged cocked), the throw counts as the dice lie now."""
        die = self.dice[which]
        for k, tilt in enumerate((die.tilt * 0.6, die.tilt * 0.3)):
            self.dice[which] = replace(die, tilt=tilt, x=die.x + shift * (k + 1) / 3)
            self._shot(self.dice)
        self.dice[which] = replace(die, tilt=0.0, x=die.x + shift, face=face)
        if all(self.accepted):
            self._truth("misfit", code="kept-changed")
        else:
            kept = [d.face for d, known in zip(self.dice, self.accepted, strict=True) if known]
            fresh = [d.face for d, known in zip(self.dice, self.accepted, strict=True) if not known]
            self.throws += 1
            self._truth("throw", thrown=fresh, kept=kept)
            self.accepted = [True] * len(self.dice)
        return self.still(settle)

    def turn_die(self, which: int, face: str, settle: int = 5, truth: str = "") -> Take:
        """A hand turns die `which` to another face where it lies (or a die was bumped)."""
        die = self.dice[which]
        self._shot(self.dice, hands=(Hand(die.x, die.y - 1.0),))
        self.dice[which] = replace(die, face=face, yaw=die.yaw + 10)
        self._shot(self.dice, hands=(Hand(die.x, die.y - 1.5),))
        self._shot(self.dice, hands=(Hand(die.x, die.y - 12.0),))
        if truth:
            self._truth("misfit", code=truth)
        return self.still(settle)

    def hand_over(self, frames: int = 6, rest: int = 0, settle: int = 5) -> Take:
        """A hand reaches over the tray, rests still `rest` frames, and leaves, touching
        nothing."""
        path = [
            (-8.0 + 16.0 * k / max(frames - 1, 1), -6.0 + 4.0 * k / frames) for k in range(frames)
        ]
        for k, (x, y) in enumerate(path):
            self._shot(self.dice, hands=(Hand(x, y),))
            if k == frames // 2:
                for _ in range(rest):
                    self._shot(self.dice, hands=(Hand(x, y),))
        return self.still(settle)

    def set_light(
        self, frames: int = 1, truth: str = "", settle: int = 5, **changes: float
    ) -> Take:
        """The light changes (exposure, gradient, ...) over `frames` frames and stays so."""
        old, new = self.light, replace(self.light, **changes)  # type: ignore[arg-type]
        for k in range(1, frames + 1):
            a = k / frames
            self.light = replace(
                old,
                exposure=old.exposure + (new.exposure - old.exposure) * a,
                gradient=old.gradient + (new.gradient - old.gradient) * a,
                ambient=old.ambient + (new.ambient - old.ambient) * a,
            )
            if k < frames:
                self._shot(self.dice, still=True)
        self.light = new
        if truth:
            self._truth("misfit", code=truth)
        return self.still(settle)

    def flicker(self, depth: float = 0.12) -> Take:
        """From now on the light flickers: each frame's exposure wobbles by up to `depth`."""
        base = self.light.exposure
        phases = self.rng.uniform(-1, 1, 100_000)
        self.light_at = lambda i: replace(self.light, exposure=base * (1 + depth * phases[i]))
        return self

    def bump(
        self,
        shift: tuple[float, float],
        frames: int = 2,
        settle: int = 5,
        truth: str = "camera-moved",
    ) -> Take:
        """Someone knocks the camera: it shakes for `frames` frames and then looks at a
        point `shift` cm away."""
        old = self.camera.shift
        for k in range(frames):
            wobble = 1.5 if k % 2 == 0 else -0.8
            self.camera = replace(
                self.camera, shift=(old[0] + shift[0] * wobble, old[1] + shift[1] * wobble)
            )
            self._shot(self.dice)
        self.camera = replace(self.camera, shift=(old[0] + shift[0], old[1] + shift[1]))
        if truth:
            self._truth("misfit", code=truth)
        return self.still(settle)

    def sequence(self) -> SynthSequence:
        return SynthSequence(
            self.name,
            self.fps,
            tuple(self.shots),
            tuple(self.controls),
            tuple(self.truth),
            self.empty_frames,
        )

    # ---- helpers ---------------------------------------------------------------------

    def _shot(
        self,
        dice: Sequence[Die],
        hands: tuple[Hand, ...] = (),
        still: bool = False,
        repeat: bool = False,
    ) -> None:
        i = len(self.shots)
        light = self.light_at(i) if self.light_at is not None else self.light
        scene = replace(
            self.base,
            dice=tuple(dice),
            hands=hands,
            light=light,
            camera=self.camera,
            seed=int(self.rng.integers(1 << 30)),
        )
        self.shots.append(Shot(scene, still=still and not hands, repeat=repeat))

    def _truth(
        self,
        kind: str,
        thrown: Sequence[str] = (),
        kept: Sequence[str] = (),
        code: str = "",
    ) -> None:
        self.truth.append(
            Truth(
                kind,
                still_frame=len(self.shots),
                throw=self.throws if kind == "throw" else 0,
                thrown=tuple(sorted(thrown)),
                kept=tuple(sorted(kept)),
                code=code,
            )
        )

    def _faces(self, n: int) -> list[str]:
        return [self.faces[int(i)] for i in self.rng.integers(len(self.faces), size=n)]

    def _spots(self, n: int, taken: Sequence[Die]) -> list[tuple[float, float]]:
        spots = [(d.x, d.y) for d in taken]
        out: list[tuple[float, float]] = []
        while len(out) < n:
            x = float(self.rng.uniform(-LAND_HALF[0], LAND_HALF[0]))
            y = float(self.rng.uniform(-LAND_HALF[1], LAND_HALF[1]))
            if all(math.hypot(x - sx, y - sy) > SPACING for sx, sy in spots):
                spots.append((x, y))
                out.append((x, y))
        return out

    def _px_per_cm(self) -> float:
        cam = self.camera
        return cam.width / 2 / math.tan(math.radians(cam.fov) / 2) / cam.height


def _tumbling(faces: Sequence[str], die: Die, rng: np.random.Generator) -> str:
    """A face a tumbling die shows for a frame: one of the set's, or of its own kind's."""
    pool = faces if die.face in faces else faces_of(die.look.style)
    return pool[int(rng.integers(len(pool)))]


def faces_of_set(face_set: str) -> tuple[str, ...]:
    """The faces of a face set (as its file names them), checked to be ones the renderer
    draws for it; ValueError (FaceSetError: no such set) otherwise.

    >>> faces_of_set("d6-pips")
    ('1', '2', '3', '4', '5', '6')
    """
    faces = faceset.load(face_set).faces
    for look in looks_for(face_set):
        undrawn = [f for f in faces if f not in faces_of(look.style)]
        if undrawn:
            raise ValueError(f"the renderer cannot draw face {undrawn[0]!r} of {face_set}")
    return faces


def counts(looks: Sequence[DiceLook]) -> dict[str, int]:
    """Dice per colour, as the game tells the follower."""
    return dict(Counter(look.color for look in looks))


SIX = {"black": 6}


# ---- the named sequences: one per situation the follower must handle ------------------


def _turn(name: str, seed: int, camera: Camera | None = None) -> Take:
    scene = Scene(table=Tabletop(seed=seed), camera=camera or Camera(), noise=NOISE)
    return Take(name, seed, scene).empty().expect(SIX).new_turn()


def _three_throws(seed: int = 1) -> Take:
    """A turn of three throws: keep some dice, throw the others again."""
    take = _turn("three-throws", seed)
    take.throw(n=6).throw(keep=[0, 2]).throw(keep=[0, 1, 2, 3], settle=8)
    return take


def _hand_rests(seed: int = 2) -> Take:
    """After a throw a hand lies still over the tray for a second; nothing is read."""
    take = _turn("hand-rests", seed)
    take.throw(n=6).hand_over(frames=4, rest=10).throw(keep=[1])
    return take


def _kept_aside(seed: int = 3) -> Take:
    """Kept dice are pushed aside before the others are thrown again."""
    take = _turn("kept-aside", seed)
    take.throw(n=6)
    take.push(0, (-16.0, 10.5)).push(1, (-12.5, 10.5))
    take.throw(keep=[0, 1])
    return take


def _picked_up(seed: int = 4) -> Take:
    """Dice picked up and held out of view: no event until they are thrown."""
    take = _turn("picked-up", seed)
    take.throw(n=6).pick_up([3, 4, 5]).throw(keep=[0, 1, 2])
    return take


def _knocked_off(seed: int = 5) -> Take:
    """A die lands off the tray: flagged; thrown again into the tray, it counts."""
    take = _turn("knocked-off", seed, Camera(height=62.0))
    spots = [(-10.0, -5.0), (-4.0, 4.0), (2.0, -6.0), (8.0, 3.0), (12.0, -7.0), (21.5, 3.0)]
    take.throw(n=6, land=spots, truth="off-tray")
    take.throw(keep=[0, 1, 2, 3, 4], land=[(5.0, 7.5)])
    return take


def _cocked(seed: int = 6) -> Take:
    """A die lands cocked: flagged, not read; thrown again, the throw counts."""
    take = _turn("cocked", seed)
    take.throw(n=6, tilt=[0, 0, 0, 28.0, 0, 0], truth="unread")
    take.throw(keep=[0, 1, 2, 4, 5])
    return take


def _cocked_tips(seed: int = 6) -> Take:
    """A die lands cocked: flagged; it falls flat by itself (sliding most of a die's side),
    and the throw counts as the dice lie then."""
    take = _turn("cocked-tips", seed)
    take.throw(n=6, tilt=[0, 0, 0, 28.0, 0, 0], truth="unread")
    faces = take.faces
    take.tip(3, faces[(faces.index(take.dice[3].face) + 2) % len(faces)], shift=1.4)
    take.throw(keep=[0, 1, 2, 4, 5])
    return take


def _extra_die(seed: int = 7) -> Take:
    """A seventh die thrown without Extra Head: flagged; with it in play, it counts."""
    take = _turn("extra-die", seed)
    take.throw(n=7, truth="count")
    take.expect({"black": 6, "green": 1})
    take.throw(n=7, looks=[take.look("black")] * 6 + [take.look("green")])
    return take


def _kept_changed(seed: int = 8) -> Take:
    """A kept die is turned to another face: flagged, never sent as fact."""
    take = _turn("kept-changed", seed)
    take.throw(n=6)
    faces = take.faces
    take.turn_die(2, faces[(faces.index(take.dice[2].face) + 1) % len(faces)], truth="kept-changed")
    return take


def _flicker(seed: int = 9) -> Take:
    """A flickering light and an auto-exposure jump: no false motion, no false event."""
    take = _turn("flicker", seed).flicker(0.15)
    take.throw(n=6)
    take.set_light(exposure=0.65)  # auto-exposure jump while the dice lie still
    take.throw(keep=[0, 1, 2])
    return take


def _light_off(seed: int = 10) -> Take:
    """A lamp goes out: the view is too dark and uneven for the calibration: flagged."""
    take = _turn("light-off", seed)
    take.throw(n=6)
    take.set_light(frames=2, exposure=0.4, gradient=0.5, truth="light")
    take.throw(keep=[0, 1])
    return take


def _bumped(seed: int = 11) -> Take:
    """The camera is knocked: flagged; the kept dice are still known as kept after it."""
    take = _turn("bumped", seed)
    take.throw(n=6).bump((0.9, -0.6)).throw(keep=[0, 1, 2])
    return take


def _stutter(seed: int = 12) -> Take:
    """The stream repeats a frame of tumbling dice: no event before they lie still."""
    take = _turn("stutter", seed)
    take.throw(n=6, stutter=4).throw(keep=[0], stutter=3)
    return take


def _new_turn(seed: int = 13) -> Take:
    """Two turns: the second player's first throw keeps nothing."""
    take = _turn("new-turn", seed)
    take.throw(n=6).throw(keep=[0, 1, 2])
    take.new_turn().throw(n=6)
    return take


def _more_throws(seed: int = 14) -> Take:
    """A turn of five throws (a card gives more rerolls): the follower does not stop at 3."""
    take = _turn("more-throws", seed)
    take.throw(n=6).throw(keep=[0]).throw(keep=[0, 1]).throw(keep=[0, 1, 2])
    take.throw(keep=[0, 1, 2, 3])
    return take


def _off_table(seed: int = 15) -> Take:
    """A die flies off the table, out of view: flagged (5 dice seen, 6 in play); fetched and
    thrown again, the throw counts."""
    take = _turn("off-table", seed)
    spots = [(-10.0, -5.0), (-4.0, 4.0), (2.0, -6.0), (8.0, 3.0), (12.0, -7.0), (40.0, 2.0)]
    take.throw(n=6, land=spots, truth="count")
    take.throw(keep=[0, 1, 2, 3, 4], land=[(3.0, 6.5)])
    return take


SEQUENCES: dict[str, Callable[[], Take]] = {
    "three-throws": _three_throws,
    "hand-rests": _hand_rests,
    "kept-aside": _kept_aside,
    "picked-up": _picked_up,
    "knocked-off": _knocked_off,
    "cocked": _cocked,
    "cocked-tips": _cocked_tips,
    "extra-die": _extra_die,
    "kept-changed": _kept_changed,
    "flicker": _flicker,
    "light-off": _light_off,
    "bumped": _bumped,
    "stutter": _stutter,
    "new-turn": _new_turn,
    "more-throws": _more_throws,
    "off-table": _off_table,
}


@functools.lru_cache(maxsize=32)
def named(name: str) -> SynthSequence:
    """A named sequence (see SEQUENCES); unknown names raise KeyError."""
    return SEQUENCES[name]().sequence()


def describe(name: str) -> str:
    doc = SEQUENCES[name].__doc__ or ""
    return doc.strip().splitlines()[0]


def tray_camera() -> Camera:
    """The camera the sequences use (for tests that need its geometry)."""
    return Camera()


def held(
    photos: Sequence[np.ndarray], hold: int = 8, fps: int = FPS, seed: int = 0
) -> Iterator[tuple[int, np.ndarray, float]]:
    """Still photos as a camera would send them: each held for `hold` frames with sensor
    noise, cut to the next; (frame index, image, stream time). A photo's first frame is
    the first in which its dice lie still."""
    rng = np.random.default_rng(seed)
    for p, photo in enumerate(photos):
        for k in range(hold):
            noise = rng.normal(0.0, NOISE, photo.shape)
            index = p * hold + k
            yield index, np.clip(photo + noise, 0, 255).astype(np.uint8), index / fps


# ---- playing a sequence through a follower ----------------------------------------------


class TruthReader:
    """A reader that knows what the renderer drew in each frame of a sequence: tests of
    the follower's logic use it so that they do not depend on the still-frame reader's
    accuracy. It remembers which frames it was asked to read. `images` adds other images
    of some frames (index -> image, e.g. resized by `scale`), read as those frames. A
    frame it does not know exactly (one that went through a video codec) is the frame
    of the sequence that looks most like it."""

    def __init__(
        self,
        frames: Sequence[SynthFrame],
        images: dict[int, np.ndarray] | None = None,
        scale: float = 1.0,
    ) -> None:
        self.frames = list(frames)
        self._by_key = {self._key(f.image): (f, 1.0) for f in frames}
        for index, image in (images or {}).items():
            self._by_key[self._key(image)] = (frames[index], scale)
        self._thumbs: np.ndarray | None = None
        self.read_frames: list[int] = []

    @staticmethod
    def _key(image: np.ndarray) -> bytes:
        return bytes(image[::17, ::13].tobytes())

    @staticmethod
    def _thumb(image: np.ndarray) -> np.ndarray:
        return cv2.resize(image, (64, 48), interpolation=cv2.INTER_AREA).astype(np.float32)

    def read(self, frame: np.ndarray) -> list[DieReading]:
        synth, scale = self._by_key.get(self._key(frame)) or self._nearest(frame)
        self.read_frames.append(synth.index)
        return [_reading(d, scale) for d in synth.dice]

    def _nearest(self, frame: np.ndarray) -> tuple[SynthFrame, float]:
        if self._thumbs is None:
            self._thumbs = np.stack([self._thumb(f.image) for f in self.frames])
        far = np.abs(self._thumbs - self._thumb(frame)).mean(axis=(1, 2, 3))
        best = self.frames[int(np.argmin(far))]
        return best, frame.shape[1] / best.image.shape[1]


def _reading(d: DrawnDie, scale: float = 1.0) -> DieReading:
    reason: str = ""
    if d.cocked:
        reason = LEANING  # as the real reader says it
    elif d.visible < 0.9:
        reason = "partly hidden"  # the truth's own note: the follower counts it "not read"
    return DieReading(
        center=(d.center[0] * scale, d.center[1] * scale),
        box=(d.box[0] * scale, d.box[1] * scale, d.box[2] * scale, d.box[3] * scale),
        angle=d.angle,
        face=UNKNOWN if reason else d.face,
        confidence=0.97,
        color=d.color,
        color_confidence=0.99,
        cocked=d.cocked,
        reason=reason,
        best_guess=d.face,
    )


def play(seq: SynthSequence, frames: Sequence[SynthFrame], follower: Any) -> list[Any]:
    """Feed a sequence's frames (after its empty-tray frames) to a follower, applying the
    game's controls where the sequence has them; the events, in order."""
    events: list[Any] = []
    for f in frames:
        for c in seq.controls_at(f.index):
            if c.new_turn:
                follower.new_turn()
            else:
                follower.expect(c.expect)
        events += follower.feed(f.image, f.t)
    return events
