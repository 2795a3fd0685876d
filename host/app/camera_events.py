"""The camera's events into the game: what the table does when the camera reports a throw
that settled (`ThrowSeen`), cards that settled (`CardsSeen`) or a reading that does not
fit (`MisfitSeen`), host.app.camera's events.

`Table.camera_event` queues each event on the table's state (`TableState.unstored`) and
`store_waiting` takes them into the game in order, in the table's lock: a throw read is
committed (its last throw ends the throws: the correction window opens); a throw with dice
not read waits for people to say their faces (host.app.asking); cards read are checked by
the rules, or confirm the cards entered on the page (host.app.card_readings); what does
not fit, or is refused, is shown on the page and said. One event the store cannot take
now (disk full) waits, and those after it wait behind it, until the table's clock finds
the store working again: the camera never stops for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from host.app.asking import Asking, unread
from host.app.camera import CARDS, CameraEvent, CardsSeen, MisfitSeen, ThrowSeen
from host.app.card_readings import differs, fix_offer, fixes_entry, same_cards
from host.app.doors import CAMERA
from host.app.refusals import Refused
from host.app.store import StoreError
from host.app.table_state import RETRY_S
from host.app.text import _
from host.games import Input
from host.games.kind import RESOLVE, THROW, NoCardInput, cards_of
from host.games.text import Text, message

if TYPE_CHECKING:
    from host.app.table import Table


def store_waiting(table: Table, mine: CameraEvent | None = None) -> str:
    """Store the waiting camera events in order; what became of `mine`, as the page shows
    it: "read", "asking" (people say the faces of dice not read), "confirmed", "noted",
    "differs", "misfit", "ignored" or "refused", or "waiting" (not stored yet)."""
    state = table.state
    became = "waiting"
    while state.unstored:
        try:
            with table.doors.through(CAMERA):
                status = _take(table, state.unstored[0])
        except StoreError as error:
            state.retry_at = table.clock() + RETRY_S
            waiting = len(state.unstored)
            table.notice(
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
        if state.unstored.popleft() is mine:
            became = status
        if state.retry_at:  # it had failed before
            state.retry_at = 0.0
            table.notice("info", _("the game store works again: the camera's throws are in"))
    return became


def _take(table: Table, event: CameraEvent) -> str:
    """One camera event into the game; StoreError if the store cannot take it (then
    nothing of it is applied)."""
    key = table.state.next_snapshot(event.snapshot)
    seen: dict[str, Any] = {
        "snapshot": key,
        "dice": event.dice,
        "frame": event.frame,
        "settled_at": event.settled_at,
        "key": f"{table.state.run} frame {event.frame}",  # names its dice as examples
    }
    if isinstance(event, MisfitSeen):
        return _misfit(table, event, seen)
    if isinstance(event, CardsSeen):
        return _cards_seen(table, event, seen)
    assert isinstance(event, ThrowSeen)
    return _throw_seen(table, event, seen)


def _misfit(table: Table, event: MisfitSeen, seen: dict[str, Any]) -> str:
    """A reading that does not fit (a die unread or cocked, more or fewer dice, cards not
    all read): shown on the page for a person to look at, not used."""
    misfit = {**seen, "status": "misfit", "reason": event.reason}
    if event.about == CARDS:  # the page shows them as cards, not as a throw
        misfit["cards"] = []
        table.state.cards_view_at = len(table.game.log) if table.game is not None else None
        if event.guess is not None:  # a hand not all read: its form filled in
            misfit["guess"] = event.guess
        cannot = event.reason  # (the card watcher's words say the camera)
    else:
        cannot = _("the camera cannot read this throw: {why}", why=event.reason)
    _show_seen(table, misfit, "warning", cannot, event.detail)
    return "misfit"


def _throw_seen(table: Table, event: ThrowSeen, seen: dict[str, Any]) -> str:
    """A throw the camera saw settle: committed as the game's throw (its last throw ends
    the throws), or asked about (dice not read), or ignored (no game, paused...)."""
    state = table.state
    game, dice = table.game, table.dice()
    if game is None or dice is None or game.game_over or table.paused:
        why: str = _("no game is going on")
        if table.paused:
            why = _("the game is paused")
        elif game is not None and dice is None:
            why = _("this game is played without the camera's dice")
        said = _("a throw was seen but {why}", why=why)
        _show_seen(table, {**seen, "status": "ignored", "reason": why}, "info", said)
        return "ignored"
    expected = dice.expected(game)
    seen["face_set"] = expected.face_set if expected is not None else None
    # the roles read with sets of their own (dice of other kinds thrown with them)
    seen["face_sets"] = dict(expected.face_sets) if expected is not None else {}
    state.cuts = {seen["snapshot"]: event.cuts}
    not_read = unread(event.dice)
    if not_read:  # a person says what they show (or throws again)
        state.asking = Asking(event)
        n = len(not_read)
        why = _(
            "{n, plural, one {# die not read: say what it shows} "
            "other {# dice not read: say what they show}}",
            n=n,
        )
        state.throw = {**seen, "status": "asking", "reason": why, "asking": not_read}
        table.publish()
        return "asking"
    people_said = dict(event.said)  # the faces people said of dice not read

    def commit() -> Input:
        inp = dice.throw_input(game, event.thrown, event.kept)
        try:
            table.commit(game, inp, "camera")
        except Refused:
            fixed = state.fixed(event.kept, table.turn_key())
            if fixed == list(event.kept):
                raise
            inp = dice.throw_input(game, event.thrown, fixed)  # a die fixed this turn
            table.commit(game, inp, "camera")
        return inp

    inp = _committed(table, seen, commit)
    if inp is None:
        return "refused"
    state.throw = {**seen, "status": "read", "input": dict(inp), "said": people_said}
    table.publish()
    waits = {w.kind for w in game.waiting_for() if w.player == inp["player"]}
    if RESOLVE in waits and THROW not in waits:  # the last throw: the throws end
        try:
            table.hold({"type": RESOLVE, "player": inp["player"]})
        except StoreError as error:  # the throw is in; its end waits for a press
            table.notice(
                "error",
                _(
                    "the end of the throws is not stored: {why}; press the button",
                    why=message(error),
                ),
            )
    return "read"


def _committed(table: Table, seen: dict[str, Any], commit: Callable[[], Input]) -> Input | None:
    """What the camera saw (dice or cards) into the game: `commit()`, the input it
    committed. None: the rules refused it (shown on the page to fix, and said).
    StoreError: not stored (shown so on the page; it waits, host.app.table_state)."""
    try:
        return commit()
    except Refused as refusal:
        said = message(refusal)
        fix = _("the camera's reading was refused: {why}; fix it on the page", why=said)
        _show_seen(table, {**seen, "status": "refused", "reason": said}, "warning", fix)
        return None
    except StoreError as error:
        why = _("not stored: {why}", why=message(error))
        table.state.throw = {**seen, "status": "refused", "reason": why}
        raise


def _show_seen(
    table: Table, seen: dict[str, Any], level: str, said: Text, detail: str = ""
) -> None:
    """What the camera saw, not taken into the game, shown on the page and said: a new
    state for the pages even where its notice repeats the last one (the same card not
    read a second time is a new view to show, and the one the players wait for).
    `detail`: the readers' own reasons with their figures, for the console only."""
    table.state.throw = seen
    table.notice(level, said, detail=detail)
    table.touch()


def _cards_seen(table: Table, event: CardsSeen, seen: dict[str, Any]) -> str:
    """Cards the camera saw settle into the game, checked by the rules: "read",
    "confirmed" (entered on the page already), "noted" (no input: the page completes
    it), "ignored" or "refused"; the page shows them to confirm, or to fix (undo)."""
    state = table.state
    game = table.game
    cards = None if table.kind is None else cards_of(table.kind)
    seen = {**seen, "cards": event.cards}
    expected = None if game is None or cards is None else cards.expected(game)
    if game is None or cards is None or expected is None or table.paused or game.game_over:
        why = _("the game is paused") if table.paused else _("no cards are awaited now")
        said = _("cards were seen but {why}", why=why)
        _show_seen(table, {**seen, "status": "ignored", "reason": why}, "info", said)
        return "ignored"
    state.cards_view_at = len(game.log)
    entered, state.entered = state.entered, None
    if entered is not None and same_cards(entered, event.cards):
        state.throw = {**seen, "status": "confirmed", "input": entered}
        table.publish()
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
        _show_seen(table, differs(seen, entered, event.cards, made), "warning", said)
        return "differs"
    if isinstance(made, NoCardInput):
        state.throw = {**seen, "status": "noted", "reason": made.reason}
        table.notice("info", _("the camera: {why}", why=made.reason))
        table.publish()
        return "noted"
    # what the page offered for it, kept to fix it in one tap (`replace`) if the camera
    # read another card that the rules took too
    kind = table.kind
    assert kind is not None  # (cards_of(kind) above)
    fix = next(
        (
            kind.answers(game, w)
            for w in game.waiting_for()
            if w.kind == made.get("type") and w.player == made.get("player")
        ),
        None,
    )

    def commit() -> Input:
        table.commit(game, made, "camera")
        return made

    if _committed(table, seen, commit) is None:
        return "refused"
    state.throw = {**seen, "status": "read", "input": dict(made)}
    if fix is not None:
        state.throw["fix"] = fix_offer(fix, made)
    table.publish()
    return "read"
