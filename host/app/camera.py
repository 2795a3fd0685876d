"""The app's one seam to vision: frames in, camera events out.

`DiceWatcher` follows the throws in a stream of frames (vision.live: the follower, the
camera's calibration, the frame sources) and turns what it sees into plain events for the
table: a throw that settled (the faces thrown and kept, each die's reading and confidence,
a JPEG snapshot of the frame that settled it), or a reading that does not fit (for a person
to look at). The table tells it what to expect (the dice in play, whose turn) through
`expect`, from any thread.

`open_camera` opens a live source (the Raspberry Pi camera, a device, a stream URL, a
video file) as a vision.live Stream, which reconnects a camera that stalls and says so.
`run_camera` follows it for the table until the app stops, whatever fails on the way.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from host.app.card_camera import CardsSeen, CardWatcher
from host.app.set_files import Watched
from host.app.text import _
from host.errors import UserError
from host.games import CardExpectation, DiceExpectation
from host.games.text import Quoted, Text, as_text, message

if TYPE_CHECKING:
    from vision.live.calibration import Calibration
    from vision.live.follow import Event, Reader
    from vision.live.stream import Status, Stream

RESTART_S = (1.0, 30.0)  # a live camera lost for good is opened again after 1 s, then up to 30 s
# the stream's own news that people should see; "open" and "reconnected" are routine
WORRYING = {"size", "skipped", "stalled", "frozen", "lost", "gave-up", "ended"}
SNAPSHOT_WIDTH = 640  # the page shows the snapshot on a phone: no need for more
JPEG_QUALITY = 80
DICE, CARDS = "dice", "cards"  # what a reading that does not fit is about


@dataclass(frozen=True)
class ThrowSeen:
    """A throw the camera saw settle. A die the reader was not sure of has the face
    "unknown" (its best guess beside it): a person says what it shows."""

    thrown: list[str]
    kept: list[str]
    dice: list[dict[str, Any]]  # per die: face, confidence, color, kept, box (in the snapshot)
    snapshot: bytes  # JPEG of the frame that settled it
    settled_at: float  # time.monotonic() when the settling frame was read
    frame: int
    throw: int = 0  # its number in the turn, as the follower counts (answer, retract)
    cuts: tuple[bytes, ...] = ()  # per die: its crop (PNG, vision.learning.cuts)
    said: tuple[tuple[int, str], ...] = ()  # (die, face) people said of dice not read


@dataclass(frozen=True)
class MisfitSeen:
    """Dice lying still whose reading does not fit what the game expects, or cards that
    cannot be read (`about`: DICE or CARDS). `reason` is for people, in any language."""

    reason: Text
    dice: list[dict[str, Any]]  # each die's reading, or each card's (vision's JSON)
    snapshot: bytes
    settled_at: float
    frame: int
    cuts: tuple[bytes, ...] = ()
    about: str = DICE
    # cards: the hand the camera takes them for, not all read ({"player", "cards": each
    # card's likeliest, "unsure": their indices}), for the page to fill its form with
    guess: dict[str, Any] | None = None
    # the readers' own reasons, with their figures ("value unsure: 0.50 < 0.90"): for the
    # console, never the page ("" when none)
    detail: str = ""


CameraEvent = ThrowSeen | MisfitSeen | CardsSeen
Expectation = DiceExpectation | CardExpectation
Seen = Callable[[np.ndarray, list[Any]], None]  # (frame, the dice lying still in it)


# the face sets a throw is read with: the main one, and (role, set) for the roles read with
# a set of their own (DiceExpectation.face_sets)
Sets = tuple[str, tuple[tuple[str, str], ...]]


def _sets_of(expectation: DiceExpectation) -> Sets:
    return (expectation.face_set, tuple(sorted(expectation.face_sets.items())))


def _face_set_file(name: str) -> Path:
    from vision.faceset import user_path

    return user_path(name)


def _names(sets: Sets) -> set[str]:
    return {sets[0], *(s for _, s in sets[1])}


class _NoDice:
    """The reader before a game names its dice: it sees none."""

    def read(self, frame: np.ndarray) -> list[Any]:
        return []


_NO_DICE = _NoDice()


class DiceWatcher:
    """Follows throws in frames fed one by one (from one thread); `expect` may be called
    from any thread. A calibration (dicetable calibrate) adds what only a known tray can
    tell: a die off the tray, a bumped camera, a light that changed too much.

    The dice are read with the face set the game's expectation names, and the dice of the
    roles it reads with sets of their own with those (vision.mixed; loaded once, then
    kept: a game may change sets between throws); until one names a set, with `face_set`,
    or else no dice are seen at all. A set that cannot be loaded is said once (with the
    next frame fed, or the next news of a live stream) as a reading that does not fit, and
    no dice are seen until a set that loads is named."""

    def __init__(self, face_set: str | None = None, calibration: Calibration | None = None) -> None:
        from vision.live.follow import ThrowFollower

        self._readers: dict[Sets, Reader] = {}
        self._files = Watched(_face_set_file)  # the sets' files, as they were loaded
        self.face_set = face_set
        self._sets: Sets | None = None if face_set is None else (face_set, ())
        reader = _NO_DICE if self._sets is None else self._reader(self._sets)
        self.follower = ThrowFollower(reader, calibration)
        self.follower.ask_unknown = True  # the table asks a person for an unsure die's face
        self._turn: Hashable = None
        self._counts: Mapping[str, int] | None = None  # the dice the game expects now
        self._lock = threading.Lock()
        self._trouble: Text | None = None  # a face set that cannot be loaded, to say once
        # a taught set that did not read (set aside: the shipped one reads), to say once, by
        # `notice` (the table's, once a table follows this camera) as the next frame is fed
        self._notes: list[Text] = []
        # a set put in use outside the table (a terminal's roll back), read with now: to say
        self._news: list[Text] = []
        self.notice: Callable[[str, str], None] | None = None
        self.cards = CardWatcher(_snapshot)  # a card game's cards, read from the same frames
        self._teaching: Seen | None = None  # where the dice seen go while a set is taught

    def expect(self, expectation: Expectation | None, turn: Hashable) -> None:
        """What the game waits for: the dice in play (None: no throw due), or the cards to
        read; whose turn (a new value starts a new turn: the next throw keeps no dice)."""
        cards = expectation if isinstance(expectation, CardExpectation) else None
        self.cards.expect(cards, turn[0] if isinstance(turn, tuple) else None)  # (its game)
        if isinstance(expectation, CardExpectation):
            expectation = None
        with self._lock:
            if expectation is not None and _sets_of(expectation) != self._sets:
                self._use(_sets_of(expectation))
            if turn != self._turn:
                self._turn = turn
                self.follower.new_turn()
            self._counts = expectation.counts if expectation is not None else None
            if self._teaching is None:
                self.follower.expect(self._counts)

    def teach(self, reader: Reader | None, seen: Seen | None) -> None:
        """While a set is taught: read with `reader` (vision.learning.flow.TeachReader), and
        give `seen(frame, dice)` the dice each time they lie still after moving, instead of
        events for the game; with None, back to the game's dice. Any thread."""
        with self._lock:
            self._teaching = seen if reader is not None else None
            self.follower.new_turn()
            if reader is not None and seen is not None:
                self.follower.reader = reader
                self.follower.expect(None)  # no throw is due: every throw is a misfit
                return
            if self._sets is not None:
                self._use(self._sets)
            else:  # no game named a set: no dice seen (not the teaching's, still)
                self.follower.reader = _NO_DICE
            self.follower.expect(self._counts)

    def reload(self, face_set: str) -> None:
        """The set `face_set` changed (a refit, a roll back): read with it from now on."""
        with self._lock:
            for sets in [k for k in self._readers if face_set in _names(k)]:
                del self._readers[sets]
            if self._sets is not None and face_set in _names(self._sets):
                self._use(self._sets)

    def answer(self, throw: int, faces: Mapping[int, str]) -> None:
        """A person said the faces of unknown dice of `throw` (vision.live.follow)."""
        self.follower.answer(throw, faces)

    def undone(self) -> None:
        """An input was undone: the cards' expectation that comes next is brought back."""
        self.cards.undone()

    def retract(self, throw: int) -> None:
        """Throw `throw` is not taken: people throw again."""
        self.follower.retract(throw)

    def _use(self, sets: Sets) -> None:
        from vision.errors import VisionError

        self.face_set, self._sets = sets[0], sets
        try:
            reader = self._load_aside(sets)
        except VisionError as error:
            reader = _NO_DICE
            self._trouble = _(
                "the dice's face set {names} cannot be loaded: {why}",
                names=[Quoted(n) for n in sorted(_names(sets))],
                why=message(error),
            )
        if self._teaching is None:  # (while a set is taught, the teaching reader reads)
            self.follower.reader = reader

    def _load_aside(self, sets: Sets) -> Reader:
        """The reader of `sets`; a taught set of them that does not read is set aside (its
        name reads the shipped set then: vision.errors.SetAside), and said once."""
        from vision.errors import SetAside

        for _aside in _names(sets):  # (each set can be set aside once)
            try:
                return self._reader(sets)
            except SetAside as aside:
                self._notes.append(as_text(aside.args[0]))  # (vision's words, a Said)
        return self._reader(sets)

    def _reader(self, sets: Sets) -> Reader:
        if sets not in self._readers:
            from vision.learning.flow import TeachReader
            from vision.mixed import load_reader

            for name in _names(sets):
                self._files.loading(name)
            # what the set would drop as none of its dice is asked about where it fits
            self._readers[sets] = TeachReader(load_reader(sets[0], dict(sets[1])))
        return self._readers[sets]

    def feed(self, frame: np.ndarray, t: float) -> list[CameraEvent]:
        said = self._said_trouble(frame)
        events = self.follower.feed(frame, t)
        dice = [e for e in (self._seen(event, frame) for event in events) if e is not None]
        return said + dice + self._cards_seen(frame, t)

    def _cards_seen(self, frame: np.ndarray, t: float) -> list[CameraEvent]:
        out: list[CameraEvent] = []
        for event in self.cards.feed(frame, t):
            if isinstance(event, CardsSeen):
                out.append(event)
            else:
                snapshot, _scale = _snapshot(frame)
                now = time.monotonic()
                guess = self.cards.take_guess()
                misfit = MisfitSeen(
                    event.reason,
                    event.cards,
                    snapshot,
                    now,
                    self.cards.frames,
                    about=CARDS,
                    guess=guess,
                    detail=event.detail,
                )
                out.append(misfit)
        return out

    def _take_notes(self) -> list[Text]:
        """The notes to say once (a taught set set aside), the cards' too. Any thread."""
        with self._lock:
            notes, self._notes = self._notes, []
        return [*notes, *self.cards.take_notes()]

    def _take_news(self) -> list[Text]:
        """The sets put in use outside the table since the last look at their files (a
        roll back or a put back from a terminal: host.app.set_files), read with from now
        on, the cards' too: what to say of them, once."""
        from host.app.teaching import set_title

        with self._lock:
            changed = self._files.changed()
            in_use = _names(self._sets) if self._sets is not None else set()
        for name in changed:
            self.reload(name)
        with self._lock:
            news, self._news = self._news, []
        for name in changed:
            if name in in_use:
                news.append(
                    _(
                        "{name}: the set in use was changed: the table now reads with it",
                        name=set_title(name),
                    )
                )
        for card_set in self.cards.changed():
            news.append(
                _(
                    "the card set '{name}' in use was changed: the table now reads with it",
                    name=card_set,
                )
            )
        return news

    def _said_trouble(self, frame: np.ndarray | None) -> list[CameraEvent]:
        about = DICE
        notice = self.notice
        if notice is not None:
            for note in self._take_notes():  # (outside the lock: the table's notice takes
                notice("warning", note)  # the table's)
            for news in self._take_news():
                notice("info", news)
        with self._lock:
            trouble, self._trouble = self._trouble, None
            if trouble is None:
                trouble, self.cards.trouble, about = self.cards.trouble, None, CARDS
        if trouble is None:
            return []
        snapshot, _scale = _snapshot(frame)
        now = time.monotonic()
        return [MisfitSeen(trouble, [], snapshot, now, self.follower.frames, about=about)]

    def follow(self, stream: Stream) -> Iterator[CameraEvent | Status]:
        """The camera events of a live stream, with the stream's news (stalled, lost...)
        between them; ends when the stream does."""
        from vision.live.stream import Status, watch

        for item in watch(stream, _Both(self)):  # type: ignore[arg-type]
            if isinstance(item, CardsSeen | MisfitSeen):
                yield item
                continue
            yield from self._said_trouble(None if isinstance(item, Status) else item.image)
            if isinstance(item, Status):
                yield item
                continue
            seen = self._seen(item, stream.snapshot() if item.image is None else item.image)
            if seen is not None:
                yield seen

    def _seen(self, event: Event, frame: np.ndarray | None) -> CameraEvent | None:
        from vision.learning.cuts import crop_of, encode
        from vision.live.follow import Misfit

        teaching = self._teaching
        if teaching is not None:  # the dice lie still: they are being taught, not played
            if frame is not None and event.dice:
                teaching(frame, list(event.dice))
            return None
        now = time.monotonic()
        dice = [d.to_json() for d in event.dice]
        cuts = tuple(encode(crop_of(frame, d.box)) for d in event.dice) if frame is not None else ()
        snapshot, scale = _snapshot(frame)
        for d in dice:
            d["box"] = [round(v * scale, 1) for v in d["box"]]
            d["center"] = [round(v * scale, 1) for v in d["center"]]
        if isinstance(event, Misfit):
            # vision's words (vision.words.Said), said by the host in the page's language
            why: Text = as_text(event.reason)
            return MisfitSeen(why, dice, snapshot, now, event.frame, cuts)
        for i in event.kept:
            dice[i]["kept"] = True
        thrown, kept = event.faces(event.thrown), event.faces(event.kept)
        return ThrowSeen(thrown, kept, dice, snapshot, now, event.frame, event.throw, cuts)


class _Both:
    """The dice follower as vision.live.stream.watch drives it, the cards read beside."""

    def __init__(self, watcher: DiceWatcher) -> None:
        self.watcher = watcher

    def feed(self, frame: np.ndarray, t: float) -> list[Any]:
        return [*self.watcher.follower.feed(frame, t), *self.watcher._cards_seen(frame, t)]

    def new_turn(self) -> None:
        self.watcher.follower.new_turn()

    def expect(self, counts: Any) -> None:
        self.watcher.follower.expect(counts)


def _snapshot(frame: np.ndarray | None) -> tuple[bytes, float]:
    import cv2

    if frame is None:
        return b"", 1.0
    height, width = frame.shape[:2]
    scale = min(1.0, SNAPSHOT_WIDTH / width)
    if scale < 1.0:
        frame = cv2.resize(frame, (round(width * scale), round(height * scale)))
    ok, jpeg = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    return (bytes(jpeg) if ok else b""), scale


def open_camera(spec: str) -> tuple[Stream, Calibration | None, Text | None]:
    """A live camera as a vision.live Stream, the saved calibration if there is one, and
    a note for people about it (None: none to make). A source that cannot be opened is a
    UserError (said on the terminal at the start, on the page when it is opened again)."""
    from vision.live.calibration import CalibrationError, default_path, load
    from vision.live.sources import SourceError, open_source
    from vision.live.stream import Stream

    try:
        stream = Stream(lambda: open_source(spec))
    except SourceError as error:
        raise UserError(
            _(
                "{why} (or {option} to enter throws on the page)",
                why=message(error),
                option="--camera none",
            )
        ) from None
    try:
        return stream, load(default_path()), None
    except CalibrationError as error:
        return stream, None, _("reading without a calibration: {why}", why=message(error))


Opened = tuple["Stream", "Calibration | None", "Text | None"]


class CameraTable(Protocol):
    """What the camera needs of the table (host.app.table.Table)."""

    def notice(self, level: str, text: Text) -> None: ...

    def camera_event(self, event: CameraEvent) -> None: ...

    def on_expect(self, listener: Callable[[Expectation | None, Hashable], None]) -> None: ...

    def camera_opened(self, camera: DiceWatcher) -> None: ...


def run_camera(
    spec: str,
    opened: tuple[Stream, Calibration | None, Text | None],
    table: CameraTable,
    stop: threading.Event,
    reopen: Callable[[str], Opened] = open_camera,
) -> None:
    """Follow the camera `opened` from `spec` until `stop`, each event to the table.

    The note `opened` has (reading without a calibration) is said first. Whatever fails on
    the way is said on the page and the console, and the camera goes on:
    an event the table fails on is lost alone (the table itself keeps what the store could
    not take); a live camera that vision gives up on, or that fails inside, is opened again
    by itself (after 1 s, then less often); a recording (a file) ends at its end."""
    from vision.live.stream import Status

    stream, calibration, note = opened
    if note is not None:  # (no calibration: it reads without)
        table.notice("warning", note)
    watcher = DiceWatcher(calibration=calibration)
    table.on_expect(watcher.expect)
    table.camera_opened(watcher)
    current = [stream]

    def close_at_stop() -> None:  # ends the follow loop (a live stream waits for frames)
        stop.wait()
        current[0].close()

    threading.Thread(target=close_at_stop, name="camera-closer", daemon=True).start()
    wait = RESTART_S[0]
    while True:
        problem: Text = _("the camera stream ended")
        try:
            for item in watcher.follow(current[0]):
                if isinstance(item, Status):
                    if item.kind in WORRYING:  # (vision's words, said in the page's language)
                        table.notice("warning", _("camera: {why}", why=as_text(item.message)))
                    continue
                wait = RESTART_S[0]  # it works again
                try:
                    table.camera_event(item)
                except Exception as error:  # a bug: this throw is lost, not the camera
                    table.notice(
                        "error",
                        _(
                            "internal error on the camera's throw: {error}; enter it on the page",
                            error=repr(error),
                        ),
                    )
        except Exception as error:  # vision, or the camera's driver, failed inside
            problem = _("the camera failed ({error})", error=repr(error))
        current[0].close()
        if stop.is_set():
            return
        if not current[0].live:  # a recording: its end is the end
            table.notice(
                "error",
                _(
                    "{problem}: restart {command} to read it again",
                    problem=problem,
                    command="dicetable play",
                ),
            )
            return
        table.notice("error", _("{problem}: it is opened again by itself", problem=problem))
        while True:
            if stop.wait(wait):
                return
            wait = min(2 * wait, RESTART_S[1])
            try:
                current[0] = reopen(spec)[0]
            except UserError as error:
                table.notice(
                    "error", _("the camera cannot be opened again yet: {why}", why=message(error))
                )
                continue
            break
        if stop.is_set():
            current[0].close()
            return
        table.notice("info", _("camera: it is back"))
