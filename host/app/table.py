"""The table: the app's core, where camera, buttons and page meet the game.

Every door (a settled throw from the camera, a button press from the board, an action on
the page, the correction window's timer) ends in one of the methods below (the page's
actions through `act`, each a function of host.app.actions; the camera's events through
`camera_event`, host.app.camera_events). Each takes the table's lock,
turns what happened into an engine input, lets the engine check it, commits it to the
store, and only then returns (the acknowledgement) and publishes the new state to the
board and the page. A refusal is a `Refused` with a message for people, and
changes nothing.

The correction window (host.app.correction_window): the throws end (the player's button,
the page, or the last throw settling) -> the "resolve" input is held for `window` seconds,
shown on the page with a countdown, while anyone may fix a misread die (each fix restarts
the countdown) -> the resolve is applied. Held inputs are stored, so a restart reopens the
window.

What the table keeps beside the game (what the camera saw last, the throw asked about, the
cards entered, Redo's inputs, the correction window...) is `Table.state`
(host.app.table_state); the actions and the camera's events change it there, and lean on
the table's moves (`commit`, `hold`, `publish`, `playing`, `undo_last`, `switch`...), in
its lock.
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeGuard

from host.app.actions import ACTIONS
from host.app.actions import RECORDING as RECORDING  # (recorded.py, cli.py)
from host.app.board_seam import Board, ButtonPress, pin_display
from host.app.camera import CameraEvent, DiceWatcher, Expectation
from host.app.camera_events import store_waiting
from host.app.card_readings import DIFFERS
from host.app.card_teaching import CardTeaching
from host.app.correction_window import CorrectionWindow
from host.app.doors import Doors, Meaning, door_said
from host.app.feed import Feed, load, summary
from host.app.refusals import Malformed, Refused, Stale
from host.app.store import Store, StoreError, result_of
from host.app.table_state import RETRY_S, TableState
from host.app.teach_sets import dice_context, likely_sets, sets_on_table
from host.app.text import _
from host.errors import UserError
from host.games import Game, IllegalInput, Input
from host.games.kind import CORRECT, RESOLVE, THROW, Dice, GameKind, cards_of
from host.games.page import answers_json, awaiting
from host.games.registry import broken
from host.games.text import ENGLISH, Text, localize, message

if TYPE_CHECKING:
    from host.app.teaching import Learning

WINDOW = 4.0  # seconds a result is shown for corrections before it is resolved
PIN_SECONDS = 8.0  # the board shows the PIN at game start this long, or to the first throw
NOTICES = 8  # notices kept for the page
LOG_TAIL = 60  # inputs of the game log sent to the page


@dataclass(frozen=True)
class Notice:
    id: int
    level: str  # "info", "warning" (a person should look), "error"
    text: str
    at: float  # wall-clock time

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "level": self.level, "text": self.text, "at": self.at}


# a game as the store refolds it: its kind, the game and its feed
Loaded = tuple[GameKind, Game, Feed]
ExpectListener = Callable[[Expectation | None, Hashable], None]
CommitListener = Callable[[Input, str, dict[str, Any]], None]


class Table:
    def __init__(
        self,
        store: Store,
        board: Board,
        window: float = WINDOW,
        pin_seconds: float = PIN_SECONDS,
        pin_length: int = 4,
        clock: Callable[[], float] = time.monotonic,
        announce: Callable[[str], None] = print,
    ) -> None:
        self.store = store
        self.board = board
        self.pin_seconds = pin_seconds
        self.pin_length = pin_length  # digits of the PINs drawn (a longer one resists guessing)
        self.clock = clock
        self.announce = announce  # the host's console
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        # a run's versions start anywhere, so a page's from before a restart is never current
        self.version = secrets.randbelow(1 << 31)
        self._moved = self.version  # the version of the last change of the game (not a notice)
        self._began = self.version  # (a page's version below it is of the run before)
        self.kind: GameKind | None = None
        self.game: Game | None = None
        self.game_id: int | None = None
        self.paused = False
        # what the table keeps beside the game, that actions.py and camera_events.py share
        self.state = TableState(CorrectionWindow(window, clock))
        self.pin_until = 0.0  # the board shows the PIN until then
        self.notices: deque[Notice] = deque(maxlen=NOTICES)
        self._notice_id = 0
        self._expect_listeners: list[ExpectListener] = []
        self._commit_listeners: list[CommitListener] = []
        self._view: tuple[int, dict[str, Any], dict[str, str]] | None = None
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None
        self.fixed_pin = False
        self._announced_pin = ""  # the PIN last said on the console
        self._publish_later = 0  # inside a press's transaction: publish at its end
        self._publish_due = False
        # inside `all_or_nothing`: what its inputs do once it is stored (told, learnt from)
        self._pending: list[Callable[[], None]] = []
        self._feed = Feed()  # what each input of the game's log did, in words
        self._pin_key: bytes | None = None  # the store's secret for tagging its PIN
        self.learning: Learning | None = None  # what the table learns of its dice
        self.card_teaching = CardTeaching(self.touch, self.notice)  # ...and of its deck
        self.cameras: list[DiceWatcher] = []
        # the doors' recent moves of the game (a stale action's words, a press's race)
        self.doors = Doors(self.clock, self._meanings)

    @property
    def window(self) -> float:
        """Seconds a result is shown for corrections before it is resolved."""
        return self.state.correction.seconds

    @property
    def holding(self) -> Input | None:
        """The resolve held for the correction window (None: the window is shut)."""
        return self.state.correction.holding

    @property
    def deadline(self) -> float | None:
        """When the held input is applied (the table's clock)."""
        return self.state.correction.deadline

    @property
    def throw(self) -> dict[str, Any] | None:
        """What the camera saw last, as the page shows it (None: nothing this turn)."""
        return self.state.throw

    @property
    def snapshots(self) -> dict[int, bytes]:
        """The current throw's snapshot (JPEG), by the number `throw` gives it."""
        return self.state.snapshots

    @property
    def cuts(self) -> dict[int, tuple[bytes, ...]]:
        """The current throw's dice cut out (JPEG), by its snapshot's number."""
        return self.state.cuts

    # ---- starting and stopping -----------------------------------------------------------

    def start(self, pin: str | None = None, clock_thread: bool = True) -> None:
        """Resume the game on the table (if any) and start the clock (without its thread,
        someone must call `tick()`: tests with a clock of their own)."""
        with self._lock:
            self.fixed_pin = pin is not None  # the operator chose it: it stays
            if pin is not None:
                self.store.pin = pin
            elif self.store.pin is None or len(self.store.pin) < self.pin_length:
                self.store.pin = new_pin(self.pin_length)
            for note in self.store.notes:  # e.g. a damaged store set aside
                self.notice("error", note)
            for why in broken().values():  # a game whose code fails: the console heard it
                self.notice("error", why, console=False)
            current = self.store.current
            if current is not None and self._resume(current):
                row = self.store.row(current)
                self.paused = row.paused
                if row.holding is not None:  # the window was open at the crash: reopen it
                    self.state.correction.open(row.holding)
            # a game going on (a host restarted): its dials at once, not hidden by the PIN
            # as at a game's start (its blinking decision, and what the presses do)
            self._show_pin(going=self.game is not None and bool(self.game.log))
            self.publish()
        if not clock_thread:
            return
        self._ticker = threading.Thread(target=self._tick_loop, name="table-clock", daemon=True)
        self._ticker.start()

    def close(self) -> None:
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join(timeout=2)
        with self._changed:
            self._changed.notify_all()

    @property
    def closed(self) -> bool:
        return self._stop.is_set()

    def camera_opened(self, camera: DiceWatcher) -> None:
        """A camera follows the table's throws: it is asked to learn and taught with."""
        with self._lock:
            self.cameras.append(camera)
            camera.notice = self.notice  # (a taught set set aside, said on the page)
            self.card_teaching.attach(camera.cards)
            camera.cards.remember(self.store.keep_card_pile, self.store.card_pile)
            if self.learning is not None:
                self.learning.attach(camera)

    def on_expect(self, listener: ExpectListener) -> None:
        """Call `listener(expected dice, turn)` now and after every change (the camera)."""
        with self._lock:
            self._expect_listeners.append(listener)
            listener(*self._expectation())

    def on_commit(self, listener: CommitListener) -> None:
        """Call `listener(input, source, entry)` after every input the game takes, once it
        is stored and shown, inside the table's lock (a terminal telling the game's story);
        `entry`: the input's entry in the feed (its "said" and what it "did", in words)."""
        with self._lock:
            self._commit_listeners.append(listener)

    # ---- the doors ---------------------------------------------------------------------

    def act(
        self, action: Mapping[str, Any], source: str = "page", client: str | None = None
    ) -> dict[str, Any]:
        """One action from the page (or a recorded session): {"do": ..., ...}, with
        "version": the state version it was made against, if the table changed since then
        it is refused (`Stale`, saying what moved it). `client`: the page's device (its
        address). Returns a short JSON acknowledgement once it is committed."""
        if not isinstance(action, Mapping):
            raise Malformed('an action is a JSON object with a "do" field', 400)
        do = action.get("do")
        handler = ACTIONS.get(do) if isinstance(do, str) else None
        if handler is None:
            raise Malformed(f"unknown action {do!r} (actions: {', '.join(ACTIONS)})", 400)
        with self._lock:
            if self.state.unstored:  # the camera's throws came first (a page that had not seen
                store_waiting(self)  # them made this one against a stale state)
            if "version" in action:
                self._check_version(action["version"], client)
            try:
                with self.doors.through(source, client):
                    return handler(self, action, source)
            except StoreError as error:  # the store cannot be written now: say why
                raise Refused(message(error), 503) from None

    def _check_version(self, seen: Any, client: str | None = None) -> None:
        if not isinstance(seen, int) or isinstance(seen, bool):
            raise Malformed('"version" is the state version the action was made against', 400)
        if not self._moved <= seen <= self.version:  # a notice since then changes nothing
            raise Stale(self.version, self._movers(seen, client))

    def _movers(self, seen: int, client: str | None) -> list[Text]:
        """What moved the table since version `seen`, as people name it, each once: "another
        page", "sent twice from this device" (a page of `client`), "Ann's button", "the
        camera", "the correction window's end" (none known: a page from before a restart)."""
        if not self._began <= seen <= self.version:
            return []  # (a page of the run before: the versions began anew)
        return self.doors.movers(
            seen, client, lambda door: self._door_said(door, _("another page"))
        )

    def _door_said(self, door: str, page: Text) -> Text:
        """A move's door ("page", "button 2", "camera", "timer"...) as people name it: "Ann's
        button", "the camera", "the correction window's end"; a page's, `page`."""
        players = list(self.game.players) if self.game is not None else []
        return door_said(door, players, page)

    def apply(self, inp: Input, source: str) -> None:
        """An engine input from a person: in a dice game, a resolve opens the correction
        window (or, if it is open, resolves now); anything else is applied and committed."""
        with self._lock:
            game = self.playing()
            if not isinstance(inp, Mapping):
                raise Malformed('an input is a JSON object with a "type" field', 400)
            if inp.get("type") == RESOLVE and self.dice() is not None:
                if self.state.asking is not None:  # the throw not read is the last one: not ended
                    raise Refused(  # on the one before, nor left behind without a word
                        _(
                            "the last throw has dice not read: say what they show on the "
                            "page (or throw them again) first, then end the throws"
                        )
                    )
                if self.holding is not None:
                    self._resolve_held(source)
                else:
                    self.hold(inp)
                return
            self.commit(game, inp, source)

    def press(self, seat: int, key: str | None = None, arrived: float | None = None) -> None:
        """A button press. Its `key` (the board's name for it) is committed with what the
        press does, in one transaction, so a press the board sends again to a host
        restarted in between is known, and not done twice. StoreError if the store cannot
        take it: then none of it is done (and the board, not told, sends it again).
        `arrived`: when it reached the host (the table's clock), if it came from the board:
        a press that crossed another door's move is not taken for the next step."""
        with self._lock, self.doors.through(f"button {seat}"):
            if key is not None and key == self.store.last_press:
                return  # done before this host (re)started; the board never heard so
            with self.all_or_nothing():
                self._press(seat, arrived)
                if key is not None:
                    self.store.last_press = key

    @contextmanager
    def all_or_nothing(self) -> Iterator[None]:
        """What is done inside (a press, a reading replaced: inputs taken and undone) is one
        transaction of the store: the board and the page see it, the commit listeners hear
        it and the dice set learns from it once it is committed. If it is not (the store
        cannot take it: StoreError; or a refusal ends it), none of it is done: the game is
        as stored, and what the table keeps beside it as it was (the fix of the camera's
        reading offered still, a result never saved taught to no set)."""
        self._publish_later += 1  # the board and the page see it once it is committed
        kept = self.state.kept()
        stored = False
        try:
            with self.store.transaction():
                yield
            stored = True
        except BaseException:
            self._reload()  # the store kept none of it: nor does the game
            self.state.put_back(kept)
            raise
        finally:
            self._publish_later -= 1
            if not self._publish_later:  # (inside another: at the end of that one)
                then, self._pending = self._pending, []
                if self._publish_due:
                    self.publish()
                if stored:  # (what the store did not keep is not told, nor learnt from)
                    for step in then:
                        step()

    def _meanings(self) -> dict[int, Meaning]:
        if self.game is None:
            return {}
        return {seat: self._meaning(seat) for seat in range(len(self.game.players))}

    def _meaning(self, seat: int) -> Meaning:
        """What a seat's button does now: its inputs (as JSON; "[]": nothing), whether a
        result is held (a resolve then uses it at once), whether the game is paused."""
        if self.game is None or self.kind is None or not 0 <= seat < len(self.game.players):
            return None
        player = list(self.game.players)[seat]
        inputs = self.kind.button_inputs(self.game, player)
        said = json.dumps(inputs, sort_keys=True, default=str)
        return (said, self.holding is not None, self.paused)

    def _press(self, seat: int, arrived: float | None = None) -> None:
        with self._lock:
            if self.game is None or self.kind is None:
                self.notice("info", _("button {n}: no game on the table", n=seat + 1))
                return
            players = list(self.game.players)
            if not 0 <= seat < len(players):
                self.notice("info", _("button {n}: nobody sits there", n=seat + 1))
                return
            player = players[seat]
            if self.paused:
                self.notice("info", _("{player}'s button: the game is paused", player=player))
                return
            crossed = (
                None if arrived is None else self.doors.crossed(seat, self._meaning(seat), arrived)
            )
            if crossed is not None:
                self.notice(
                    "warning",
                    _(
                        "{player}'s button came just as the game moved on ({source}): it is "
                        "not taken for the next step; press it again if you mean it now; "
                        "{waits}",
                        player=player,
                        source=self._door_said(crossed, _("a tap on a page")),
                        waits=self.awaited(),
                    ),
                )
                return
            inputs = self.kind.button_inputs(self.game, player)
            if not inputs:
                waits = self.awaited()
                self.notice(
                    "info",
                    _("{player}'s button: nothing to do now; {waits}", player=player, waits=waits),
                )
                return
            try:
                for inp in inputs:
                    self.apply(inp, "button")
            except Refused as refusal:
                self.notice(
                    "warning", _("{player}'s button: {why}", player=player, why=message(refusal))
                )

    def camera_event(self, event: CameraEvent) -> str:
        """A throw the camera saw settle, cards it saw, or a reading that does not fit
        (host.app.camera_events). One the store cannot take now (disk full) waits, and those
        after it wait behind it, until the clock finds the store working again: the camera
        never stops for it. Returns what became of it, as the page shows it ("read",
        "asking", "misfit"..., or "waiting": not stored yet; `store_waiting` lists them)."""
        with self._lock:
            self.state.unstored.append(event)
            return store_waiting(self, event)

    def tick(self) -> None:
        """The clock: the correction window's end, the PIN display's end, board presses,
        camera throws the store could not take yet."""
        arrived = self.clock()
        for press in self.board.presses():
            self._board_press(press, arrived)
        with self._lock:
            now = self.clock()
            if self.state.unstored and now >= self.state.retry_at:
                store_waiting(self)
            if not self.paused and self.state.correction.due(now):
                try:
                    with self.doors.through("timer"):
                        self._resolve_held("timer")
                except StoreError as error:  # held still: tried again in a moment
                    self.state.correction.deadline = now + RETRY_S
                    self.notice(
                        "error", _("the held result is not stored: {why}", why=message(error))
                    )
            if self.pin_until and now >= self.pin_until:
                self.pin_until = 0.0
                self._show()

    def _board_press(self, press: ButtonPress, arrived: float | None = None) -> None:
        """A press from the board, acknowledged to it only once it is committed; it waits
        behind camera throws the store could not take yet (it may end those throws)."""
        with self._lock:
            if self.state.unstored:
                store_waiting(self)
            if self.state.unstored:
                self.board.again(press)
                self.notice(
                    "error", _("button {n} waits for the camera's throws", n=press.seat + 1)
                )
                return
        try:
            self.press(press.seat, press.key, arrived)
        except StoreError as error:  # not done: the board sends it again, tried again then
            self.board.again(press)
            self.notice(
                "error", _("button {n} is not stored: {why}", n=press.seat + 1, why=message(error))
            )
            return
        except BaseException:
            self.board.done(press)  # a bug: this press is dropped, not tried for ever
            raise
        self.board.done(press)

    def _tick_loop(self) -> None:
        while not self._stop.wait(0.02):
            try:
                self.tick()
            except Exception as error:  # a bug must not stop the clock: say it, go on
                self.notice(
                    "error", _("internal error in the table's clock: {error}", error=repr(error))
                )

    # ---- the undo the page's actions lean on, the dice sets the page lists ---------------

    def undo_last(self, game: Game) -> tuple[Input, Any]:
        """The game's last input taken back, in the game and the store (or in neither),
        and from the feed: it, and what it did in words. An undo starts the camera's turn
        afresh."""
        assert self.kind is not None and self.game_id is not None
        try:
            undone = game.undo()
        except IllegalInput as error:
            raise Refused(message(error)) from None
        try:
            self.store.undo(self.game_id, result_of(self.kind, game))
        except BaseException:
            game.apply(undone)  # keep the game as stored
            raise
        self.state.undos += 1
        return undone, self._feed.undone(self.kind, game, undone)

    def dice_sets(self) -> list[str]:
        """The dice sets of the game on the table: the one its dice are read with now
        first, then every other its kind names (none without a game)."""
        with self._lock:
            if self.kind is None or self.game is None:
                return []
            return sets_on_table(
                self.kind, dice_context(self.game, self.dice(), self.state.last_expected)
            )

    def likely_dice_sets(self) -> list[str]:
        """The dice sets most likely on the table, likeliest first: the game on the table's
        (`dice_sets`); with none, those of the game played last that has dice, else the set
        taught last (Teach your dice), else the catalog's first game's with dice. The page
        lists them first, so its teaching's picker starts on them: with no game it started
        on the first set by title ("キングダムランのダイス" in Japanese), whatever lay there."""
        return likely_sets(self.dice_sets(), self.store, self.learning)

    # ---- the moves, inside the lock (the actions and the camera's events lean on them) ---

    def playing(self, allow_over: bool = False, allow_paused: bool = False) -> Game:
        if self.game is None:
            raise Refused(_("no game on the table: set one up or open one first"))
        if self.paused and not allow_paused:
            raise Refused(_("the game is paused: resume it first"))
        if self.game.game_over and not allow_over:
            raise Refused(_("the game is over (undo the last input to change its end)"))
        return self.game

    def commit(self, game: Game, inp: Input, source: str) -> None:
        """Engine check, then store commit, then publish: the acknowledgement's order."""
        assert self.kind is not None and self.game_id is not None
        resolving = self.dice() is not None and inp.get("type") == RESOLVE
        learn_turn = self.turn_key() if resolving else None
        turn = self.kind.turn(game)
        self._feed.listen(game)  # what caused each change, for its entry
        try:
            game.apply(inp)
        except IllegalInput as error:
            if error.says_awaited:
                raise Refused(message(error)) from None
            # one sentence: the engine's reason may end in brackets of its own ("(see the
            # card list ...)"), so what is awaited follows it, not in a second pair
            raise Refused(_("{why}; {waits}", why=message(error), waits=self.awaited())) from None
        dice = self.dice()
        fix = dice is not None and inp.get("type") == CORRECT
        keep = self.holding if fix else None
        if fix:
            self.state.fixes.append((self.turn_key(), str(inp.get("from")), str(inp.get("to"))))
        try:
            _seq, at = self.store.append(
                self.game_id, inp, source, result_of(self.kind, game), holding=keep
            )
        except BaseException:
            game.undo()  # not stored, not done
            raise
        self._feed.tell(self.kind, game, inp, turn, source, at)
        state = self.state
        if state.throw is not None and "fix" in state.throw:  # the reading is no longer the
            state.throw = {k: v for k, v in state.throw.items() if k != "fix"}  # last input
        if state.throw is not None and "entered" in state.throw:  # (its question answered)
            state.throw = {k: v for k, v in state.throw.items() if k not in DIFFERS}
        laid = "card" in inp or "cards" in inp
        if source != "camera" and laid and _not_taken(state.throw):  # the cards entered since:
            # its advice ("tap the right card on the page") is done; it was still shown over
            # the next turns, as if the cards were still to enter
            state.throw = {k: v for k, v in state.throw.items() if k != "reason"}
            state.throw |= {"status": "entered", "input": dict(inp)}
        if state.redo and state.redo[-1] == dict(inp):
            state.redo.pop()  # what was undone, done again: the next undone one is next
        else:
            state.redo.clear()  # a new input: what was undone before it is gone
        if dice is None or inp.get("type") == THROW:  # the game is going: show the dials
            self.pin_until = 0.0
        awaited = laid and not self._seen_already(inp, len(game.log) - 1)
        if source != "camera" and awaited and cards_of(self.kind) is not None:
            state.entered = dict(inp)  # the camera will see them: a confirmation, no play
        if resolving:
            self._when_stored(self._lesson(learn_turn))
        if keep is not None:
            state.correction.again()  # a fix: look again
        else:
            state.correction.shut()
        if game.game_over:  # (said once stored: a press the store refuses won nothing)
            winners = self.kind.winners(game)
            over = (
                _("game over: {players} won", players=winners)
                if winners
                else _("game over: nobody won")
            )
            self._when_stored(lambda: self.notice("info", over))
        self.publish()
        entry = self._feed.entries[-1]
        self._when_stored(lambda: self._tell(inp, source, entry))

    def _when_stored(self, step: Callable[[], None] | None) -> None:
        """`step` now, or inside `all_or_nothing` once its transaction is committed (never
        if the store does not commit it)."""
        if step is None:
            return
        if self._publish_later:
            self._pending.append(step)
        else:
            step()

    def _tell(self, inp: Input, source: str, entry: dict[str, Any]) -> None:
        """An input stored: the commit listeners hear it, with its feed entry (in a press,
        told once the press is stored, after the inputs that followed it)."""
        for listener in self._commit_listeners:
            try:
                listener(inp, source, dict(entry))
            except Exception as error:  # (taken: a listener's bug must not undo it)
                self.notice(
                    "error", _("internal error telling an input: {error}", error=repr(error))
                )

    def _seen_already(self, inp: Input, at: int) -> bool:
        """Cards entered at the game's `at`th input that the camera will not confirm: it
        showed this play's cards already (not read, refused), or it sees a card alike the
        one entered lying now (a copy laid on its copy is never new to it)."""
        card = inp.get("card")
        return self.state.cards_view_at == at or (
            isinstance(card, Mapping) and any(c.cards.lying(dict(card)) for c in self.cameras)
        )

    def _lesson(self, turn: Hashable) -> Callable[[], None] | None:
        """A throw resolved: its dice, as read and as fixed this `turn`, teach the set (the
        lesson, to give once the result is stored; None: nothing to learn)."""
        t = self.state.throw
        learning = self.learning
        if learning is None or t is None or t.get("status") != "read" or not t.get("face_set"):
            return None
        fixes = [(wrong, right) for key, wrong, right in self.state.fixes if key == turn]
        cuts = self.state.cuts.get(t["snapshot"], ())
        said = {int(i): str(f) for i, f in t.get("said", {}).items()}
        roles = t.get("face_sets") or None
        face_set, dice, key = t["face_set"], t["dice"], t["key"]

        def learn() -> None:
            learning.from_throw(face_set, dice, cuts, fixes, said, key, roles)

        return learn

    def drop_asking(self) -> None:
        """The throw asked about is not taken (thrown again, entered by hand, undone)."""
        if self.state.asking is None:
            return
        event = self.state.asking.event
        self.state.asking = None
        for camera in self.cameras:
            camera.retract(event.throw)

    def turn_key(self) -> Hashable:
        """Changes when the camera should start a new turn: a new turn, another thrower
        (a card's throw in someone else's turn), an undo."""
        if self.game is None or self.kind is None:
            return None
        dice = self.dice()
        expected = None if dice is None else dice.expected(self.game)
        thrower = None if expected is None else expected.player
        return (self.game_id, self.kind.turn(self.game), thrower, self.state.undos)

    def hold(self, inp: Input) -> None:
        """End the throws: hold the resolve for the correction window."""
        game = self.playing()
        assert self.game_id is not None
        player = inp.get("player")
        if not any(w.kind == RESOLVE and w.player == player for w in game.waiting_for()):
            raise Refused(
                _(
                    "{player} cannot end the throws now; {waits}",
                    player=player,
                    waits=self.awaited(),
                )
            )
        self.store.hold(self.game_id, inp)
        self.state.correction.open(inp)
        self.publish()

    def _resolve_held(self, source: str) -> None:
        assert self.holding is not None and self.game is not None
        held = self.holding
        try:
            self.commit(self.game, held, source)
        except Refused as refusal:  # the game moved on some other way: drop the window
            self.state.correction.shut()
            assert self.game_id is not None
            self.store.hold(self.game_id, None)
            self.notice(
                "warning", _("the held result was not resolved: {why}", why=message(refusal))
            )
            self.publish()

    def switch(self, game_id: int, fresh_pin: bool) -> None:
        try:
            loaded = load(self.store, game_id)  # first: a game that does not replay changes nothing
        except StoreError as error:
            raise Refused(message(error)) from None
        if fresh_pin and not self.fixed_pin:
            # a new game, a new PIN: last week's guests cannot change tonight's game
            self.store.pin = new_pin(self.pin_length)
        self.store.current = game_id
        self._open(game_id, loaded)
        row = self.store.row(game_id)
        self.paused = row.paused
        self.state.correction.open(row.holding)
        assert self.game is not None  # a game going on, its PIN the same: its dials at once
        self._show_pin(going=not fresh_pin and bool(self.game.log))
        self.publish()

    def _resume(self, game_id: int) -> bool:
        """Open the game on the table at start; one that no longer replays (a damaged
        store) is left in the list of games, with a notice, and the table starts empty."""
        try:
            loaded = load(self.store, game_id)
        except UserError as error:  # it does not replay, or it is not there at all
            self.notice(
                "error", _("the game on the table cannot be resumed: {why}", why=message(error))
            )
            return False
        self._open(game_id, loaded)
        return True

    def _reload(self) -> None:
        """The game as the store has it (a transaction that failed left memory ahead)."""
        if self.game_id is None:
            return
        self.kind, self.game, self._feed = load(self.store, self.game_id)
        self.state.redo = self.store.redoable(self.game_id)  # (an input taken had changed it)
        row = self.store.row(self.game_id)
        self.paused = row.paused
        if row.holding != self.holding:
            self.state.correction.open(row.holding)

    def _open(self, game_id: int, loaded: Loaded) -> None:
        self.kind, self.game, self._feed = loaded
        self.game_id = game_id
        self.drop_asking()
        self.state.throw = None
        self.state.snapshots.clear()
        self.state.undos = 0
        self.state.entered = None
        self.state.redo = self.store.redoable(game_id)  # (a restart forgets nothing undone)

    def _show_pin(self, going: bool = False) -> None:
        pin = self.store.pin or ""
        if pin != self._announced_pin:  # the board shows it at every game's start; say it once
            self._announced_pin = pin
            self.announce(_("Table PIN: {pin} (changes on the page need it)", pin=pin))
        shown = self.game is not None and not going
        self.pin_until = self.clock() + self.pin_seconds if shown else 0.0
        self._show()

    def _show(self) -> None:
        if self.game is None or self.pin_until:
            display = pin_display(self.store.pin or "----", self._seats())
        else:
            display = self.game.display()
        self.board.show(display)

    def _seats(self) -> int:
        return len(self.game.players) if self.game is not None else self.board.seats

    def publish(self) -> None:
        """The state changed: the board, the camera's expectations, the page (inside a
        press, once the press is committed)."""
        if self._publish_later:
            self._publish_due = True
            return
        self._publish_due = False
        self.version += 1
        self._moved = self.version
        self.doors.moved(self.version)
        self._show()
        expected, turn = self._expectation()
        for listener in self._expect_listeners:
            listener(expected, turn)
        self._changed.notify_all()

    def throw_awaited(self) -> Hashable:
        """The turn whose throw the table awaits now (None: no throw is due)."""
        with self._lock:
            expected, turn = self._expectation()
            return None if expected is None else turn

    def _expectation(self) -> tuple[Expectation | None, Hashable]:
        dice = self.dice()
        cards = None if self.kind is None else cards_of(self.kind)
        if self.game is not None and dice is not None:
            self.state.last_expected = dice.expected(self.game) or self.state.last_expected
        if self.game is not None and self.state.asking is not None:
            # no throw is due while people say the dice not read, but the turn goes on: the
            # camera keeps counting its throws (the answer and a throw again name the throw
            # asked about) and the dice it keeps are known (a new turn would make the next
            # throw of this turn one that must throw every die)
            return None, self.turn_key()
        if self.game is None or self.paused or self.holding is not None:
            return None, (self.game_id, None, self.state.undos)
        if cards is not None:
            return cards.expected(self.game), self.turn_key()
        if dice is None:
            return None, (self.game_id, None, self.state.undos)
        return dice.expected(self.game), self.turn_key()

    def dice(self) -> Dice | None:
        """The dice of the game on the table (None: no game, or one without dice)."""
        return None if self.kind is None else self.kind.dice

    def _asking_view(self) -> dict[str, Any] | None:
        """The dice of a throw not read, for people to say (each cut shown large)."""
        if self.state.asking is None or self.state.throw is None:
            return None
        return self.state.asking.view(self.state.throw["snapshot"])

    def awaited(self) -> str:
        game, kind = self.game, self.kind
        if game is None or kind is None:
            return _("no game")
        if not game.waiting_for():
            return _("the game is over")
        return _("the game waits for {what}", what=awaiting(answers_json(kind, game)))

    def touch(self) -> None:
        """Something the page shows changed outside the game (the teaching): a new state
        version for the pages, the game itself unchanged."""
        with self._lock:
            self.version += 1
            self._changed.notify_all()

    def notice(self, level: str, text: str, console: bool = True, detail: str = "") -> None:
        """Tell the page (and, unless it is only "info" or `console` is False, the
        console, with `detail`: what only whoever maintains the table reads, such as the
        camera's figures). The same notice again (a failure tried again and again) is not
        repeated."""
        with self._lock:
            last = self.notices[-1] if self.notices else None
            if last is not None and (last.level, last.text) == (level, text):
                return
            self._notice_id += 1
            self.notices.append(Notice(self._notice_id, level, text, time.time()))
            if level != "info" and console:
                said = (
                    _("[error] {text}", text=text)
                    if level == "error"
                    else _("[warning] {text}", text=text)
                )
                self.announce(
                    _("{notice} [{detail}]", notice=said, detail=detail) if detail else said
                )
            self.version += 1
            self._changed.notify_all()

    def pin_tag(self) -> str:
        """Which PIN the table has now, without telling it: a page unlocked with another
        learns it is locked (a new game drew a new PIN)."""
        if self._pin_key is None:
            self._pin_key = self.store.pin_key
        key = self._pin_key
        return hmac.new(key, (self.store.pin or "").encode(), "sha256").hexdigest()[:16]

    def ack(self) -> dict[str, Any]:
        return {"ok": True, "version": self.version}

    # ---- what the page sees ---------------------------------------------------------------

    def view_json(self, lang: str = ENGLISH) -> tuple[int, str]:
        """(version, the page's state as JSON text in `lang`): the state is built once per
        version, and said once per version in each language asked for."""
        with self._lock:
            if self._view is None or self._view[0] != self.version:
                self._view = (self.version, self.view(), {})
            version, data, said = self._view
            if lang not in said:
                said[lang] = json.dumps(localize(data, lang))
            return version, said[lang]

    def view_jsons(self, langs: Iterable[str]) -> tuple[int, dict[str, str]]:
        """The state in each of `langs`, all of the same version."""
        with self._lock:
            texts = {lang: self.view_json(lang) for lang in langs}
            return self.version, {lang: text for lang, (_, text) in texts.items()}

    def throw_due(self) -> bool:
        """The game waits for the camera's throw now (not held, asked about or paused)."""
        with self._lock:
            return self._expectation()[0] is not None

    def log(self, last: int | None = None) -> list[dict[str, Any]]:
        """The game's inputs (undone ones left out) as the store holds them, each numbered
        with what it did in words (host.app.feed); `last`: only the last so many."""
        with self._lock:
            return self._feed.log(last)

    def inputs_taken(self) -> int:
        """The inputs of the game on the table so far (0: none)."""
        with self._lock:
            return len(self.game.log) if self.game is not None else 0

    def wait_for(self, predicate: Callable[[], bool], timeout: float) -> bool:
        """Block until `predicate()` (checked under the lock at every change) or the
        timeout or the table closing; returns the predicate's last value."""
        with self._changed:
            self._changed.wait_for(lambda: predicate() or self.closed, timeout)
            return predicate()

    def wait_change(
        self, seen: int, timeout: float, langs: Callable[[], Iterable[str]] = lambda: [ENGLISH]
    ) -> tuple[int, dict[str, str]]:
        """Block until the state's version is newer than `seen` (or the timeout); the state
        then in each language `langs()` names (asked once the change is there)."""
        with self._changed:
            self._changed.wait_for(lambda: self.version != seen or self.closed, timeout)
            return self.view_jsons(langs())

    def view(self) -> dict[str, Any]:
        with self._lock:
            out: dict[str, Any] = {
                "version": self.version,
                "pin_tag": self.pin_tag(),
                "board": self.board.status(),
                "notices": [n.to_json() for n in self.notices],
                "game": None,
                "teaching": self.learning.view() if self.learning is not None else None,
                # the dice sets being refitted (the sets list follows them)
                "refits": self.learning.refitting() if self.learning is not None else {},
                "cards": self.card_teaching.view(self.kind),
            }
            if self.game is None or self.kind is None or self.game_id is None:
                return out
            game, kind = self.game, self.kind
            window = self.state.correction.view(self.paused)
            answers = [] if self.paused else answers_json(kind, game)
            if window is not None:  # while the result is held: only fixes
                window = {**window, "also": _also(answers)}
                answers = [a for a in answers if a["kind"] == CORRECT]
            # (kept in memory as inputs are committed and undone: no reread of the history)
            log = self.log(None if game.game_over else LOG_TAIL)
            out["game"] = {
                "id": self.game_id,
                "kind": kind.name,
                "title": kind.title,
                "roles": kind.roles(game),
                "state": game.to_json(),  # the game's own JSON, for tools (the page: "view")
                "view": kind.view(game),
                "inputs": len(game.log),
                "answers": answers,
                "awaiting": awaiting(answers),
                "window": window,
                "paused": self.paused,
                "throw": self.state.throw,
                "asking": self._asking_view(),
                "log": log[-LOG_TAIL:],
                "redo": bool(self.state.redo) and not self.paused,
                "summary": summary(kind, game, log) if game.game_over else None,
            }
            return out


def _also(answers: list[dict[str, Any]]) -> object:
    """What else may be done before a result held for the correction window counts, in
    words (None: nothing): a beast's die thrown once more after its last throw, a card's
    throw. The window shows only fixes; these come back with "Not yet" (a beast was not
    told its die, and lost it when the window shut). More throws, the result kept and
    what may be done at any time are not said."""
    also = [
        a
        for a in answers
        if a["kind"] not in (CORRECT, RESOLVE, THROW)
        and not (a.get("options") or {}).get("any_time")
    ]
    return awaiting(also) if also else None


def new_pin(length: int = 4) -> str:
    """A fresh table PIN of `length` digits."""
    return f"{secrets.randbelow(10**length):0{length}d}"


# Actions whose meaning depends on nothing a page shows: a game file imported is the same
# file whatever the table did meanwhile, so the page sends it without a state version
# (a throw seen just before would refuse it as stale and make the player choose it again).
UNVERSIONED = frozenset({"import"})


def _not_taken(seen: dict[str, Any] | None) -> TypeGuard[dict[str, Any]]:
    """The camera's last view of cards, not taken into the game (not read, to complete on
    the page, refused by the rules)."""
    return (
        seen is not None
        and "cards" in seen
        and seen.get("status") in ("misfit", "noted", "refused")
    )
