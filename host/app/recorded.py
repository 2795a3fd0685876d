"""A recorded table session played into the table: the camera's frames through vision,
and (unless told otherwise) the recorded presses and taps as the people made them.

Frames are fed at the session's frame rate times `speed` (0: as fast as they are read).
A recorded input waits until the table is ready for it (no result held for the
correction window; a recorded "resolve" that the table already holds, or has just
resolved, because the last throw ended the throws, is that same press). A session that no
longer fits the game stops with a notice: an input refused, or not awaited for `patience`
seconds, or (while it plays the recorded inputs too) a reading of the camera the table did
not take, since the recorded inputs after it cannot fit then.

Without the recorded inputs (`inputs=False`: people press and tap, `dicetable play
--manual`), each one is waited for instead: the frames after it are fed once the table has
taken as many inputs as the session had by then (each throw's frames are one input, as
`host.recording.render_session` draws them), so the next throw is not thrown before the
people have done what came before it; and each throw's frames wait until the table awaits
that throw (of the next turn, once a recorded end of the throws was left to the people).
A card game's frames (a card laid, a hand laid down) wait too until the table has taken
every input before them, so a card the camera could not read, entered on the page, comes
before the next (and the session ends once the last is taken); the frames that confirm a
wild card named on the page give no input of their own.

With the recorded inputs, a card game's frames carry the input they show ("entered"): the
camera's reading of them is that input, or, when the camera does not read them (a card
it says `unknown`, cards it does not see), the input is entered as the person did on the
page (`on_entered` is told why). Cards read as other cards than the recording's stop the
session: the reader says `unknown` rather than guess, so that is a bug to see.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any

from host.app.camera import DiceWatcher
from host.app.card_camera import CardsSeen
from host.app.table import RECORDING, Refused, Table
from host.app.text import _
from host.errors import UserError
from host.games import Input
from host.games.kind import RESOLVE, THROW, cards_of
from host.games.text import Text, message
from host.recording import Session, Step

FrameHook = Callable[[int, float], None]
EnteredHook = Callable[[Input, str], None]
WaitHook = Callable[[int], None]
NOT_SEEN = _("no new card seen")  # the camera made nothing of the frames


class SessionPlayer:
    def __init__(
        self,
        table: Table,
        session: Session,
        watcher: DiceWatcher,
        speed: float = 1.0,
        inputs: bool = True,
        patience: float = 30.0,
        on_frame: FrameHook | None = None,
        played: int = 0,
        on_entered: EnteredHook | None = None,
        on_wait: WaitHook | None = None,
    ) -> None:
        self.table = table
        self.session = session
        self.watcher = watcher
        self.speed = speed
        self.inputs = inputs
        self.patience = patience
        self.on_frame = on_frame  # (frame index, perf_counter before reading): the bench
        self.played = played  # inputs of the game played before a restart: their steps skipped
        self.on_entered = on_entered  # (input, why): cards not read, entered as recorded
        # (n): the session waits for the people to have played the game's n-th input
        # (manual mode: its frames before it are all fed)
        self.on_wait = on_wait
        self.finished = threading.Event()
        self.error: Text | str | None = None  # why the session stopped
        table.on_expect(watcher.expect)
        table.camera_opened(watcher)

    def run(self, stop: threading.Event) -> None:
        """Play the whole session (blocking; run it in a thread)."""
        try:
            self._play(stop)
        except (UserError, Refused) as error:
            self.error = message(error)
            self.table.notice("error", _("the recorded session stopped: {why}", why=message(error)))
        finally:
            self.finished.set()

    def _play(self, stop: threading.Event) -> None:
        from vision.errors import VisionError
        from vision.images import read_image

        start = time.monotonic()
        index = 0
        # the inputs of the game so far (a throw's frames are one, so is a recorded input)
        given = self.table.inputs_taken()
        thrown = -1  # a paced session: the game's inputs when the last throw was played
        awaited: Hashable = None  # the turn of the last throw played (manual mode)
        ended = False  # a recorded end of the throws was left to the people since
        cards = self.table.kind is not None and cards_of(self.table.kind) is not None
        named: Mapping[str, Any] | None = None  # the step before: a wild card named on the page
        for step in self._steps_left():
            if stop.is_set():
                return
            confirms = named is not None and step.input is None  # the camera sees it
            shown = step.entered or (named if confirms else None)  # the cards the frames show
            named = step.input if step.input is not None and step.input.get("named") else None
            given += 0 if confirms else 1
            if step.input is not None:
                if self.inputs:
                    self._give(dict(step.input), stop)
                else:
                    ended = ended or step.input.get("type") == RESOLVE
                    if not self._await_people(given, stop):
                        return
                    start = time.monotonic() - index / self.session.fps / (self.speed or 1)
                continue
            if self.session.teach and not self._teaching(stop):
                return
            if self.session.paced and not self._throw_due(stop, thrown):
                return
            thrown = self.table.inputs_taken()
            # the people play the inputs: a game's throw waits for them (a teaching has no
            # game: its throws wait for the teaching only)
            if not self.inputs and not self.session.teach:
                if cards and not self._await_people(given if confirms else given - 1, stop):
                    return  # (the cards before these are taken: read, or entered by hand)
                awaited = self._wait_throw(awaited if ended else None, stop)
                ended = False
                if awaited is None:
                    return
                start = time.monotonic() - index / self.session.fps / (self.speed or 1)
            before = self.table.inputs_taken()
            why = NOT_SEEN  # why the camera gave no input of these frames
            for path in step.frames:
                try:
                    image = read_image(path)
                except VisionError as error:
                    said = _("a recorded frame cannot be read: {why}", why=message(error))
                    raise UserError(said) from None
                t = index / self.session.fps
                if self.speed > 0:
                    delay = start + t / self.speed - time.monotonic()
                    if delay > 0 and stop.wait(delay):
                        return
                if self.on_frame is not None:
                    self.on_frame(index, time.perf_counter())
                for event in self.watcher.feed(image, t):
                    if self.inputs and shown is not None:
                        _check_read(event, shown, path)
                    # (one that waits for room in the store goes in later, in order)
                    taken = self.table.camera_event(event) in ("read", "waiting", "confirmed")
                    seen = self.table.throw or {}
                    said = seen.get("reason") or (
                        _("its reading differs from the last cards entered on the page")
                        if seen.get("status") == "differs"  # (the page asks which: a person)
                        else _("not taken")
                    )
                    if self.inputs and not taken and shown is None:
                        raise UserError(f"the camera's reading of {path.name}: {said}")
                    why = why if taken else said
                index += 1
                if stop.is_set():
                    return
            if self.inputs and step.entered is not None:
                self._read_or_entered(dict(step.entered), before, why, stop)
        if cards and not self.inputs:  # the last cards too, if they are entered by hand
            self._await_people(given, stop)

    def _read_or_entered(
        self, inp: dict[str, Any], before: int, why: str, stop: threading.Event
    ) -> None:
        """After a card game's frames: the camera's reading was `inp` (taken once the table
        had taken `before` inputs), or it made none, and `inp` is entered as recorded."""
        log = self.table.game.log if self.table.game is not None else []
        taken = [dict(i) for i in log[before:]]
        if taken and not (len(taken) == 1 and _same_input(taken[0], inp)):
            raise UserError(f"the camera gave {taken}, where the recording has {inp}")
        if taken:
            return
        if self.on_entered is not None:
            self.on_entered(inp, why)
        self._give(inp, stop)

    def _until(self, ready: Callable[[], bool], stop: threading.Event) -> bool:
        """Wait as long as it takes (people may take minutes) until `ready()` (checked
        under the table's lock at every change); False if `stop` is set or the table
        closes first."""
        table = self.table
        while not table.wait_for(lambda: stop.is_set() or ready(), 1.0):
            if table.closed:
                return False
        return not stop.is_set()

    def _await_people(self, count: int, stop: threading.Event) -> bool:
        """Wait until the game has taken `count` inputs (no result held)."""
        table = self.table

        def done() -> bool:
            log = table.game.log if table.game is not None else []
            return len(log) >= count and table.holding is None

        if self.on_wait is not None and not table.wait_for(done, 0):
            self.on_wait(count)
        return self._until(done, stop)

    def _teaching(self, stop: threading.Event) -> bool:
        """A teaching session's throw waits until the page's teaching waits for throws."""

        def throwing() -> bool:
            learning = self.table.learning
            flow = learning.flow if learning is not None else None
            return flow is not None and flow.step == "throwing"

        return self._until(throwing, stop)

    def _throw_due(self, stop: threading.Event, thrown: int) -> bool:
        """A paced session's throw waits until the table waits for a throw, and the throw
        before was taken (read, or entered by hand when it was not: the game moved on from
        `thrown` inputs)."""
        table = self.table
        return self._until(lambda: table.throw_due() and table.inputs_taken() > thrown, stop)

    def _steps_left(self) -> list[Step]:
        """The session's steps after those the game on the table has played already (a
        throw's frames gave one throw input; cards' frames, the input they show; each
        recorded input, itself; the frames confirming a card named on the page, none)."""
        log = list(self.table.game.log) if self.table.game is not None else []
        done = log[: self.played]
        steps = list(self.session.steps)
        named = False  # the step played before named a card on the page
        while steps and done:
            step, given = steps[0], dict(done[0])
            recorded = step.input if step.input is not None else step.entered
            if named and step.input is None and step.entered is None:
                del steps[0]  # the frames confirming it
                named = False
                continue
            named = recorded is not None and bool(recorded.get("named"))
            if (step.input is None and given.get("type") == THROW) or (
                recorded is not None and _same_input(dict(recorded), given)
            ):
                del steps[0], done[0]
            elif self.inputs:
                break  # the game went another way: play on from here
            elif step.input is None:
                del done[0]  # the people's own input (manual mode)
            else:
                del steps[0]  # a recorded input the people gave otherwise
        return steps

    def _wait_throw(self, done: Hashable, stop: threading.Event) -> Hashable | None:
        """Wait until the table awaits a throw, of another turn than `done` (its throws
        were ended): in manual mode the next throw's frames wait for the people's presses
        and taps, however long they take. Returns the turn awaited (None: stopped)."""
        awaited: list[Hashable] = [None]

        def due() -> bool:
            awaited[0] = self.table.throw_awaited()
            return awaited[0] is not None and awaited[0] != done

        return awaited[0] if self._until(due, stop) else None

    def _give(self, inp: dict[str, object], stop: threading.Event) -> None:
        table = self.table
        done = False  # the last throw ended the throws: this press is held or taken already

        def ready() -> bool:  # (under the table's lock)
            nonlocal done
            log = table.game.log if table.game is not None else []
            taken = inp.get("type") == RESOLVE and bool(log) and dict(log[-1]) == inp
            done = table.holding == inp or (table.holding is None and taken)
            return stop.is_set() or table.holding is None or done

        if not table.wait_for(ready, self.patience):
            raise UserError(f"the recorded input {inp} is not awaited: {table.awaited()}")
        if stop.is_set():
            return
        if not done:
            table.act({"do": "input", "input": inp}, RECORDING)
        if inp.get("type") == RESOLVE and not table.wait_for(
            lambda: stop.is_set() or table.holding is None, self.patience + table.window
        ):
            raise UserError("the correction window did not close")


def _check_read(event: object, shown: Mapping[str, Any], path: Path) -> None:
    """Cards the camera saw settle are the cards the frames show, or it read them wrong."""
    if not isinstance(event, CardsSeen):
        return  # a misfit: what it could not read, said so
    if not _same_cards(event.cards, _cards_of(shown)):
        said = ", ".join(_card_text(c) for c in event.cards)
        laid = ", ".join(_card_text(c) for c in _cards_of(shown))
        raise UserError(
            f"the camera read {said} in {path.name}, where {shown.get('player')} laid {laid}: "
            "a card read wrong (the reader should have said unknown)"
        )


def _same_input(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """The same input; cards laid down together in any order (the camera lists a hand as
    it lies, a person as they hold it)."""
    if a == b:
        return True
    rest = lambda i: {k: v for k, v in i.items() if k != "cards"}  # noqa: E731
    both = "cards" in a and "cards" in b
    return both and rest(a) == rest(b) and _same_cards(a["cards"], b["cards"])


def _cards_of(inp: Mapping[str, Any]) -> list[Mapping[str, str]]:
    return list(inp["cards"]) if "cards" in inp else [inp["card"]] if "card" in inp else []


def _same_cards(a: Sequence[Mapping[str, str]], b: Sequence[Mapping[str, str]]) -> bool:
    return sorted(map(_card_text, a)) == sorted(map(_card_text, b))


def _card_text(card: Mapping[str, str]) -> str:
    return f"{card.get('color')} {card.get('value')}"


def session_folder(path: str | None) -> Path:
    """The recorded session to play: the one given, or the demo's (rendered once)."""
    if path is not None:
        folder = Path(path)
        if not (folder / "session.json").exists():
            raise UserError(f"{folder} is not a recorded session (no session.json in it)")
        return folder
    from host.demo import demo_session_folder

    return demo_session_folder()
