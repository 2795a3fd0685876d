"""The table: the app's core, where camera, buttons and page meet the game.

Every door (a settled throw from the camera, a button press from the board, an action on
the page, the correction window's timer) ends in one of the methods below (the page's
actions through `act`, each a function of host.app.actions). Each takes the table's lock,
turns what happened into an engine input, lets the engine check it, commits it to the
store, and only then returns (the acknowledgement) and publishes the new state to the
board and the page. A refusal is a `Refused` with a message for people, and
changes nothing.

The correction window (host.app.correction_window): the throws end (the player's button,
the page, or the last throw settling) -> the "resolve" input is held for `window` seconds,
shown on the page with a countdown, while anyone may fix a misread die (each fix restarts
the countdown) -> the resolve is applied. Held inputs are stored, so a restart reopens the
window.
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from host.app.actions import ACTIONS
from host.app.actions import RECORDING as RECORDING  # (recorded.py, cli.py)
from host.app.asking import Asking, unread
from host.app.board_seam import Board, ButtonPress, pin_display
from host.app.camera import (
    CARDS,
    CameraEvent,
    CardsSeen,
    DiceWatcher,
    Expectation,
    MisfitSeen,
    ThrowSeen,
)
from host.app.card_readings import DIFFERS, differs, fix_offer, fixes_entry, same_cards
from host.app.card_teaching import CardTeaching
from host.app.correction_window import CorrectionWindow
from host.app.doors import CAMERA, Doors, Meaning, door_said
from host.app.feed import Feed, load, summary
from host.app.refusals import Malformed, Refused, Stale
from host.app.store import Store, StoreError, result_of
from host.app.teach_answers import Answers
from host.app.teach_sets import dice_context, likely_sets, sets_on_table
from host.app.text import _
from host.errors import UserError
from host.games import DiceExpectation, Game, IllegalInput, Input
from host.games.kind import (
    CORRECT,
    RESOLVE,
    THROW,
    Dice,
    GameKind,
    NoCardInput,
    cards_of,
)
from host.games.page import answers_json, awaiting
from host.games.registry import broken
from host.games.text import ENGLISH, Text, localize, message

if TYPE_CHECKING:
    from host.app.teaching import Learning

WINDOW = 4.0  # seconds a result is shown for corrections before it is resolved
PIN_SECONDS = 8.0  # the board shows the PIN at game start this long, or to the first throw
NOTICES = 8  # notices kept for the page
LOG_TAIL = 60  # inputs of the game log sent to the page
RETRY_S = 1.0  # what the store could not take is tried again this often


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
CommitListener = Callable[[Input, str], None]


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
        self._window = CorrectionWindow(window, clock)  # the resolve held for corrections
        self.pin_until = 0.0  # the board shows the PIN until then
        self.throw: dict[str, Any] | None = None  # what the camera saw last (for the page)
        self.snapshots: dict[int, bytes] = {}
        self.notices: deque[Notice] = deque(maxlen=NOTICES)
        self._notice_id = 0
        self._turn: Hashable = None
        self._undos = 0  # an undo starts the camera's turn afresh
        self._entered: Input | None = None  # cards entered on the page, not seen by the camera yet
        # the game's number of inputs when the camera last showed its view of cards (read,
        # not read, refused): cards entered at that count were seen by it, none to confirm
        self._cards_view_at: int | None = None
        self._expect_listeners: list[ExpectListener] = []
        self._commit_listeners: list[CommitListener] = []
        self._view: tuple[int, dict[str, Any], dict[str, str]] | None = None
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None
        self.fixed_pin = False
        self._announced_pin = ""  # the PIN last said on the console
        self._fixes: list[tuple[Hashable, str, str]] = []  # this turn's fixes: turn, from, to
        self._publish_later = 0  # inside a press's transaction: publish at its end
        self._publish_due = False
        self._unstored: deque[CameraEvent] = deque()  # camera events waiting for the store
        self._feed = Feed()  # what each input of the game's log did, in words
        self._redo: list[Input] = []  # inputs undone, last first: what "redo" gives back
        self._pin_key: bytes | None = None  # the store's secret for tagging its PIN
        self._retry_at = 0.0  # when to try them again (0: none failed)
        self.learning: Learning | None = None  # what the table learns of its dice
        self.card_teaching = CardTeaching(self.touch, self.notice)  # ...and of its deck
        self._last_expected: DiceExpectation | None = None
        self._run = secrets.token_hex(4)  # this run's camera frames are named with it
        self.cameras: list[DiceWatcher] = []
        self.cuts: dict[int, tuple[bytes, ...]] = {}  # the current throw's dice, cut out
        # a throw the camera saw with dice it could not read: people say their faces
        self.asking: Asking | None = None
        # the doors' recent moves of the game (a stale action's words, a press's race)
        self._doors = Doors(self.clock, self._meanings)
        self._answers = Answers()  # a teaching's answers: one crossed by another is refused

    @property
    def window(self) -> float:
        """Seconds a result is shown for corrections before it is resolved."""
        return self._window.seconds

    @property
    def holding(self) -> Input | None:
        """The resolve held for the correction window (None: the window is shut)."""
        return self._window.holding

    @property
    def deadline(self) -> float | None:
        """When the held input is applied (the table's clock)."""
        return self._window.deadline

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
                    self._window.open(row.holding)
            self._show_pin()
            self._publish()
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
        """Call `listener(input, source)` after every input the game takes, once it is
        stored and shown, inside the table's lock (a terminal telling the game's story)."""
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
            if self._unstored:  # the camera's throws came first (a page that had not seen
                self._store_camera_events()  # them made this one against a stale state)
            if "version" in action:
                self._check_version(action["version"], client)
            try:
                with self._doors.through(source, client):
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
        return self._doors.movers(
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
            game = self._playing()
            if not isinstance(inp, Mapping):
                raise Malformed('an input is a JSON object with a "type" field', 400)
            if inp.get("type") == RESOLVE and self._dice() is not None:
                if self.asking is not None:  # the throw not read is the last one: not ended
                    raise Refused(  # on the one before, nor left behind without a word
                        _(
                            "the last throw has dice not read: say what they show on the "
                            "page (or throw them again) first, then end the throws"
                        )
                    )
                if self.holding is not None:
                    self._resolve_held(source)
                else:
                    self._hold(inp)
                return
            self._commit(game, inp, source)

    def press(self, seat: int, key: str | None = None, arrived: float | None = None) -> None:
        """A button press. Its `key` (the board's name for it) is committed with what the
        press does, in one transaction, so a press the board sends again to a host
        restarted in between is known, and not done twice. StoreError if the store cannot
        take it: then none of it is done (and the board, not told, sends it again).
        `arrived`: when it reached the host (the table's clock), if it came from the board:
        a press that crossed another door's move is not taken for the next step."""
        with self._lock, self._doors.through(f"button {seat}"):
            if key is not None and key == self.store.last_press:
                return  # done before this host (re)started; the board never heard so
            self._publish_later += 1  # the board and the page see it once it is committed
            try:
                with self.store.transaction():
                    self._press(seat, arrived)
                    if key is not None:
                        self.store.last_press = key
            except StoreError:
                self._reload()  # the store kept none of it: nor does the game
                raise
            finally:
                self._publish_later -= 1
                if self._publish_due and not self._publish_later:
                    self._publish()

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
                None if arrived is None else self._doors.crossed(seat, self._meaning(seat), arrived)
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
        """A throw the camera saw settle, or a reading that does not fit. One the store
        cannot take now (disk full) waits, and those after it wait behind it, until the
        clock finds the store working again: the camera never stops for it. Returns what
        became of it, as the page shows it: "read", "asking" (people say the faces of dice
        not read), "misfit", "ignored" or "refused", or "waiting" (not stored yet)."""
        with self._lock:
            self._unstored.append(event)
            return self._store_camera_events(event)

    def _store_camera_events(self, mine: CameraEvent | None = None) -> str:
        """Store the waiting camera events in order; what became of `mine`."""
        became = "waiting"
        while self._unstored:
            try:
                with self._doors.through(CAMERA):
                    status = self._camera_event(self._unstored[0])
            except StoreError as error:
                self._retry_at = self.clock() + RETRY_S
                waiting = len(self._unstored)
                self.notice(
                    "error",
                    _("the camera's throw is not stored: {why}", why=message(error))
                    if waiting <= 1
                    else _(
                        "the camera's throw is not stored: {why} "
                        "({n, plural, one {# throw waits} other {# throws wait}})",
                        why=message(error),
                        n=waiting,
                    ),
                )
                return became
            if self._unstored.popleft() is mine:
                became = status
            if self._retry_at:  # it had failed before
                self._retry_at = 0.0
                self.notice("info", _("the game store works again: the camera's throws are in"))
        return became

    def _camera_event(self, event: CameraEvent) -> str:
        """One camera event into the game; StoreError if the store cannot take it (then
        nothing of it is applied)."""
        with self._lock:
            key = self._next_snapshot(event.snapshot)
            seen: dict[str, Any] = {
                "snapshot": key,
                "dice": event.dice,
                "frame": event.frame,
                "settled_at": event.settled_at,
                "key": f"{self._run} frame {event.frame}",  # names its dice as examples
            }
            if isinstance(event, MisfitSeen):
                misfit = {**seen, "status": "misfit", "reason": event.reason}
                if event.about == CARDS:  # the page shows them as cards, not as a throw
                    misfit["cards"] = []
                    self._cards_view_at = len(self.game.log) if self.game is not None else None
                    if event.guess is not None:  # a hand not all read: its form filled in
                        misfit["guess"] = event.guess
                    cannot = event.reason  # (the card watcher's words say the camera)
                else:
                    cannot = _("the camera cannot read this throw: {why}", why=event.reason)
                self._show_seen(misfit, "warning", cannot, event.detail)
                return "misfit"
            if isinstance(event, CardsSeen):
                return self._cards_seen(event, seen)
            assert isinstance(event, ThrowSeen)
            game, dice = self.game, self._dice()
            if game is None or dice is None or game.game_over or self.paused:
                why: str = _("no game is going on")
                if self.paused:
                    why = _("the game is paused")
                elif game is not None and dice is None:
                    why = _("this game is played without the camera's dice")
                said = _("a throw was seen but {why}", why=why)
                self._show_seen({**seen, "status": "ignored", "reason": why}, "info", said)
                return "ignored"
            expected = dice.expected(game)
            seen["face_set"] = expected.face_set if expected is not None else None
            # the roles read with sets of their own (dice of other kinds thrown with them)
            seen["face_sets"] = dict(expected.face_sets) if expected is not None else {}
            self.cuts = {key: event.cuts}
            not_read = unread(event.dice)
            if not_read:  # a person says what they show (or throws again)
                self.asking = Asking(event)
                n = len(not_read)
                why = _(
                    "{n, plural, one {# die not read: say what it shows} "
                    "other {# dice not read: say what they show}}",
                    n=n,
                )
                self.throw = {**seen, "status": "asking", "reason": why, "asking": not_read}
                self._publish()
                return "asking"
            people_said = dict(event.said)  # the faces people said of dice not read
            inp = dice.throw_input(game, event.thrown, event.kept)
            try:
                try:
                    self._commit(game, inp, "camera")
                except Refused:
                    fixed = self._fixed(event.kept)
                    if fixed == list(event.kept):
                        raise
                    inp = dice.throw_input(game, event.thrown, fixed)  # a die fixed this turn
                    self._commit(game, inp, "camera")
            except Refused as refusal:
                return self._reading_refused(seen, refusal)
            except StoreError as error:
                self.throw = {**seen, "status": "refused", "reason": f"not stored: {error}"}
                raise
            self.throw = {**seen, "status": "read", "input": dict(inp), "said": people_said}
            self._publish()
            waits = {w.kind for w in game.waiting_for() if w.player == inp["player"]}
            if RESOLVE in waits and THROW not in waits:  # the last throw: the throws end
                try:
                    self._hold({"type": RESOLVE, "player": inp["player"]})
                except StoreError as error:  # the throw is in; its end waits for a press
                    self.notice(
                        "error",
                        _(
                            "the end of the throws is not stored: {why}; press the button",
                            why=message(error),
                        ),
                    )
            return "read"

    def _reading_refused(self, seen: dict[str, Any], refusal: Refused) -> str:
        """What the camera saw (dice or cards) did not fit the rules: shown on the page
        to fix, and said."""
        said = message(refusal)
        fix = _("the camera's reading was refused: {why}; fix it on the page", why=said)
        self._show_seen({**seen, "status": "refused", "reason": said}, "warning", fix)
        return "refused"

    def _show_seen(self, seen: dict[str, Any], level: str, said: Text, detail: str = "") -> None:
        """What the camera saw, not taken into the game, shown on the page and said: a new
        state for the pages even where its notice repeats the last one (the same card not
        read a second time is a new view to show, and the one the players wait for).
        `detail`: the readers' own reasons with their figures, for the console only."""
        self.throw = seen
        self.notice(level, said, detail=detail)
        self.touch()

    def _cards_seen(self, event: CardsSeen, seen: dict[str, Any]) -> str:
        """Cards the camera saw settle into the game, checked by the rules: "read",
        "confirmed" (entered on the page already), "noted" (no input: the page completes
        it), "ignored" or "refused"; the page shows them to confirm, or to fix (undo)."""
        game = self.game
        cards = None if self.kind is None else cards_of(self.kind)
        seen = {**seen, "cards": event.cards}
        expected = None if game is None or cards is None else cards.expected(game)
        if game is None or cards is None or expected is None or self.paused or game.game_over:
            why = _("the game is paused") if self.paused else _("no cards are awaited now")
            said = _("cards were seen but {why}", why=why)
            self._show_seen({**seen, "status": "ignored", "reason": why}, "info", said)
            return "ignored"
        self._cards_view_at = len(game.log)
        entered, self._entered = self._entered, None
        if entered is not None and same_cards(entered, event.cards):
            self.throw = {**seen, "status": "confirmed", "input": entered}
            self._publish()
            return "confirmed"  # the card(s) entered on the page, now seen: as entered
        made = cards.card_input(game, expected, event.cards)
        last = game.log[-1] if game.log else None
        if entered is not None and fixes_entry(last, entered, event.cards):
            # the entry's cards tapped wrong, or the next play? the page asks, the camera's
            # cards taken for neither meanwhile
            said = _(
                "the camera read other cards than those entered on the page for {player}: "
                "say on the page whether {player}'s were entered wrong, or these are the next "
                "play",
                player=str(entered.get("player")),
            )
            self._show_seen(differs(seen, entered, event.cards, made), "warning", said)
            return "differs"
        if isinstance(made, NoCardInput):
            self.throw = {**seen, "status": "noted", "reason": made.reason}
            self.notice("info", _("the camera: {why}", why=made.reason))
            self._publish()
            return "noted"
        # what the page offered for it, kept to fix it in one tap (`replace`) if the camera
        # read another card that the rules took too
        kind = self.kind
        assert kind is not None  # (cards_of(kind) above)
        fix = next(
            (
                kind.answers(game, w)
                for w in game.waiting_for()
                if w.kind == made.get("type") and w.player == made.get("player")
            ),
            None,
        )
        try:
            self._commit(game, made, "camera")
        except Refused as refusal:
            return self._reading_refused(seen, refusal)
        except StoreError as error:
            self.throw = {**seen, "status": "refused", "reason": f"not stored: {error}"}
            raise
        self.throw = {**seen, "status": "read", "input": dict(made)}
        if fix is not None:
            self.throw["fix"] = fix_offer(fix, made)
        self._publish()
        return "read"

    def tick(self) -> None:
        """The clock: the correction window's end, the PIN display's end, board presses,
        camera throws the store could not take yet."""
        arrived = self.clock()
        for press in self.board.presses():
            self._board_press(press, arrived)
        with self._lock:
            now = self.clock()
            if self._unstored and now >= self._retry_at:
                self._store_camera_events()
            if not self.paused and self._window.due(now):
                try:
                    with self._doors.through("timer"):
                        self._resolve_held("timer")
                except StoreError as error:  # held still: tried again in a moment
                    self._window.deadline = now + RETRY_S
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
            if self._unstored:
                self._store_camera_events()
            if self._unstored:
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

    def _undo_last(self, game: Game) -> tuple[Input, Any]:
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
        self._undos += 1
        return undone, self._feed.undone(self.kind, game, undone)

    def dice_sets(self) -> list[str]:
        """The dice sets of the game on the table: the one its dice are read with now
        first, then every other its kind names (none without a game)."""
        with self._lock:
            if self.kind is None or self.game is None:
                return []
            return sets_on_table(
                self.kind, dice_context(self.game, self._dice(), self._last_expected)
            )

    def likely_dice_sets(self) -> list[str]:
        """The dice sets most likely on the table, likeliest first: the game on the table's
        (`dice_sets`); with none, those of the game played last that has dice, else the set
        taught last (Teach your dice), else the catalog's first game's with dice. The page
        lists them first, so its teaching's picker starts on them: with no game it started
        on the first set by title ("キングダムランのダイス" in Japanese), whatever lay there."""
        return likely_sets(self.dice_sets(), self.store, self.learning)

    # ---- inside the lock ----------------------------------------------------------------

    def _playing(self, allow_over: bool = False, allow_paused: bool = False) -> Game:
        if self.game is None:
            raise Refused(_("no game on the table: set one up or open one first"))
        if self.paused and not allow_paused:
            raise Refused(_("the game is paused: resume it first"))
        if self.game.game_over and not allow_over:
            raise Refused(_("the game is over (undo the last input to change its end)"))
        return self.game

    def _commit(self, game: Game, inp: Input, source: str) -> None:
        """Engine check, then store commit, then publish: the acknowledgement's order."""
        assert self.kind is not None and self.game_id is not None
        resolving = self._dice() is not None and inp.get("type") == RESOLVE
        learn_turn = self._turn_key() if resolving else None
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
        dice = self._dice()
        fix = dice is not None and inp.get("type") == CORRECT
        keep = self.holding if fix else None
        if fix:
            self._fixes.append((self._turn_key(), str(inp.get("from")), str(inp.get("to"))))
        try:
            _seq, at = self.store.append(
                self.game_id, inp, source, result_of(self.kind, game), holding=keep
            )
        except BaseException:
            game.undo()  # not stored, not done
            raise
        self._feed.tell(self.kind, game, inp, turn, source, at)
        if self.throw is not None and "fix" in self.throw:  # the reading is no longer the
            self.throw = {k: v for k, v in self.throw.items() if k != "fix"}  # last input
        if self.throw is not None and "entered" in self.throw:  # (its question answered)
            self.throw = {k: v for k, v in self.throw.items() if k not in DIFFERS}
        if self._redo and self._redo[-1] == dict(inp):
            self._redo.pop()  # what was undone, done again: the next undone one is next
        else:
            self._redo.clear()  # a new input: what was undone before it is gone
        if dice is None or inp.get("type") == THROW:  # the game is going: show the dials
            self.pin_until = 0.0
        laid = "card" in inp or "cards" in inp
        awaited = laid and not self._seen_already(inp, len(game.log) - 1)
        if source != "camera" and awaited and cards_of(self.kind) is not None:
            self._entered = dict(inp)  # the camera will see them: a confirmation, no play
        if resolving:
            self._learn_from_result(learn_turn)
        if keep is not None:
            self._window.again()  # a fix: look again
        else:
            self._window.shut()
        if game.game_over:
            winners = self.kind.winners(game)
            self.notice(
                "info",
                _("game over: {players} won", players=winners)
                if winners
                else _("game over: nobody won"),
            )
        self._publish()
        for listener in self._commit_listeners:
            try:
                listener(inp, source)
            except Exception as error:  # the input is taken: a listener's bug must not undo it
                self.notice(
                    "error", _("internal error telling an input: {error}", error=repr(error))
                )

    def _seen_already(self, inp: Input, at: int) -> bool:
        """Cards entered at the game's `at`th input that the camera will not confirm: it
        showed this play's cards already (not read, refused), or it sees a card alike the
        one entered lying now (a copy laid on its copy is never new to it)."""
        card = inp.get("card")
        return self._cards_view_at == at or (
            isinstance(card, Mapping) and any(c.cards.lying(dict(card)) for c in self.cameras)
        )

    def _learn_from_result(self, turn: Hashable) -> None:
        """A throw resolved: its dice, as read and as fixed this turn, teach the set."""
        t = self.throw
        if self.learning is None or t is None or t.get("status") != "read" or not t.get("face_set"):
            return
        fixes = [(wrong, right) for key, wrong, right in self._fixes if key == turn]
        cuts = self.cuts.get(t["snapshot"], ())
        said = {int(i): str(f) for i, f in t.get("said", {}).items()}
        roles = t.get("face_sets") or None
        self.learning.from_throw(t["face_set"], t["dice"], cuts, fixes, said, t["key"], roles)

    def _drop_asking(self) -> None:
        """The throw asked about is not taken (thrown again, entered by hand, undone)."""
        if self.asking is None:
            return
        event = self.asking.event
        self.asking = None
        for camera in self.cameras:
            camera.retract(event.throw)

    def _fixed(self, kept: list[str]) -> list[str]:
        """The kept dice as fixed on the page this turn: a die the camera misread, then a
        person fixed, still lies there and the camera still misreads it as it is kept."""
        kept = list(kept)
        turn = self._turn_key()
        self._fixes = [f for f in self._fixes if f[0] == turn]
        for _turn, wrong, right in self._fixes:
            if wrong in kept:
                kept[kept.index(wrong)] = right
        return kept

    def _turn_key(self) -> Hashable:
        """Changes when the camera should start a new turn: a new turn, another thrower
        (a card's throw in someone else's turn), an undo."""
        if self.game is None or self.kind is None:
            return None
        dice = self._dice()
        expected = None if dice is None else dice.expected(self.game)
        thrower = None if expected is None else expected.player
        return (self.game_id, self.kind.turn(self.game), thrower, self._undos)

    def _hold(self, inp: Input) -> None:
        """End the throws: hold the resolve for the correction window."""
        game = self._playing()
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
        self._window.open(inp)
        self._publish()

    def _resolve_held(self, source: str) -> None:
        assert self.holding is not None and self.game is not None
        held = self.holding
        try:
            self._commit(self.game, held, source)
        except Refused as refusal:  # the game moved on some other way: drop the window
            self._window.shut()
            assert self.game_id is not None
            self.store.hold(self.game_id, None)
            self.notice(
                "warning", _("the held result was not resolved: {why}", why=message(refusal))
            )
            self._publish()

    def _switch(self, game_id: int, fresh_pin: bool) -> None:
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
        self._window.open(row.holding)
        self._show_pin()
        self._publish()

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
        row = self.store.row(self.game_id)
        self.paused = row.paused
        if row.holding != self.holding:
            self._window.open(row.holding)

    def _open(self, game_id: int, loaded: Loaded) -> None:
        self.kind, self.game, self._feed = loaded
        self.game_id = game_id
        self._drop_asking()
        self.throw = None
        self.snapshots.clear()
        self._undos = 0
        self._entered = None
        self._redo = self.store.redoable(game_id)  # (a restart forgets nothing undone)

    def _show_pin(self) -> None:
        pin = self.store.pin or ""
        if pin != self._announced_pin:  # the board shows it at every game's start; say it once
            self._announced_pin = pin
            self.announce(_("Table PIN: {pin} (changes on the page need it)", pin=pin))
        self.pin_until = self.clock() + self.pin_seconds if self.game is not None else 0.0
        self._show()

    def _show(self) -> None:
        if self.game is None or self.pin_until:
            display = pin_display(self.store.pin or "----", self._seats())
        else:
            display = self.game.display()
        self.board.show(display)

    def _seats(self) -> int:
        return len(self.game.players) if self.game is not None else self.board.seats

    def _publish(self) -> None:
        """The state changed: the board, the camera's expectations, the page (inside a
        press, once the press is committed)."""
        if self._publish_later:
            self._publish_due = True
            return
        self._publish_due = False
        self.version += 1
        self._moved = self.version
        self._doors.moved(self.version)
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
        dice = self._dice()
        cards = None if self.kind is None else cards_of(self.kind)
        if self.game is not None and dice is not None:
            self._last_expected = dice.expected(self.game) or self._last_expected
        if self.game is not None and self.asking is not None:
            # no throw is due while people say the dice not read, but the turn goes on: the
            # camera keeps counting its throws (the answer and a throw again name the throw
            # asked about) and the dice it keeps are known (a new turn would make the next
            # throw of this turn one that must throw every die)
            return None, self._turn_key()
        if self.game is None or self.paused or self.holding is not None:
            return None, (self.game_id, None, self._undos)
        if cards is not None:
            return cards.expected(self.game), self._turn_key()
        if dice is None:
            return None, (self.game_id, None, self._undos)
        return dice.expected(self.game), self._turn_key()

    def _dice(self) -> Dice | None:
        """The dice of the game on the table (None: no game, or one without dice)."""
        return None if self.kind is None else self.kind.dice

    def _asking_view(self) -> dict[str, Any] | None:
        """The dice of a throw not read, for people to say (each cut shown large)."""
        if self.asking is None or self.throw is None:
            return None
        return self.asking.view(self.throw["snapshot"])

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

    def _next_snapshot(self, jpeg: bytes) -> int:
        key = max(self.snapshots, default=0) + 1
        self.snapshots = {key: jpeg}  # only the current throw's snapshot is kept
        return key

    def pin_tag(self) -> str:
        """Which PIN the table has now, without telling it: a page unlocked with another
        learns it is locked (a new game drew a new PIN)."""
        if self._pin_key is None:
            self._pin_key = self.store.pin_key
        key = self._pin_key
        return hmac.new(key, (self.store.pin or "").encode(), "sha256").hexdigest()[:16]

    def _ack(self) -> dict[str, Any]:
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

    def last_told(self) -> dict[str, Any] | None:
        """The feed's entry of the last input taken (its "said" and what it "did", in
        words; None: none yet), as the page's feed shows it."""
        with self._lock:
            return dict(self._feed.entries[-1]) if self._feed.entries else None

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
            window = self._window.view(self.paused)
            answers = [] if self.paused else answers_json(kind, game)
            if window is not None:  # while the result is held: only fixes
                answers = [a for a in answers if a["kind"] == CORRECT]
            # (kept in memory as inputs are committed and undone: no reread of the history)
            log = self._feed.log(None if game.game_over else LOG_TAIL)
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
                "throw": self.throw,
                "asking": self._asking_view(),
                "log": log[-LOG_TAIL:],
                "redo": bool(self._redo) and not self.paused,
                "summary": summary(kind, game, log) if game.game_over else None,
            }
            return out


def new_pin(length: int = 4) -> str:
    """A fresh table PIN of `length` digits."""
    return f"{secrets.randbelow(10**length):0{length}d}"


# Actions whose meaning depends on nothing a page shows: a game file imported is the same
# file whatever the table did meanwhile, so the page sends it without a state version
# (a throw seen just before would refuse it as stale and make the player choose it again).
UNVERSIONED = frozenset({"import"})
