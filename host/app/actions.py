"""The page's actions: each a function of the table and the action, in its lock.

`Table.act` takes an action from the page (or a recorded session), {"do": ..., ...}, checks
its state version and the door it came through, and calls the function `ACTIONS` names for
its "do" with the table, the action and its source. Each returns the acknowledgement once
what it changed is committed; a refusal is a `Refused` (host.app.refusals) and changes
nothing. They lean on the table's own moves (its commit, hold, undo, switch to another
game), which stay in host.app.table, and change what it keeps beside the game through
`table.state` (host.app.table_state).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from host.app.camera_events import store_waiting
from host.app.card_readings import DIFFERS
from host.app.new_game import as_the_form_says, check_names
from host.app.refusals import Malformed, Refused
from host.app.teach_answers import card_answer, dice_answer
from host.app.teach_sets import dice_context
from host.app.text import _
from host.errors import UserError
from host.games.kind import RESOLVE, THROW, GameFileError
from host.games.registry import default_kind, kind_named
from host.games.text import message

if TYPE_CHECKING:
    from host.app.table import Table

RECORDING = "recording"  # the source of what a recorded session plays (host.app.recorded)


def give_input(table: Table, action: Mapping[str, Any], source: str) -> dict[str, Any]:
    inp = action.get("input")
    if not isinstance(inp, Mapping):
        raise Malformed('an "input" action carries "input": {"type": ..., ...}', 400)
    table.apply(inp, source)
    return table.ack()


def enter_throw(table: Table, action: Mapping[str, Any], source: str) -> dict[str, Any]:
    """Dice entered by hand (the camera could not read them, or there is none)."""
    game, dice = table.playing(), table.dice()
    if dice is None:
        raise Refused(_("this game has no dice to enter: send its input instead"))
    faces = action.get("faces")
    if not isinstance(faces, list) or not all(isinstance(f, str) for f in faces):
        raise Malformed('a "throw" action carries "faces": the faces showing, as a list', 400)
    inp = dice.entered_throw(game, faces)
    asked = table.state.asking
    table.drop_asking()
    try:
        table.commit(game, inp, source)
    except BaseException:
        table.state.asking = asked
        raise
    table.state.throw = {"status": "entered", "input": dict(inp), "dice": [], "snapshot": None}
    waits = {w.kind for w in game.waiting_for() if w.player == inp["player"]}
    if RESOLVE in waits and THROW not in waits:  # the last throw: the throws end
        table.hold({"type": RESOLVE, "player": inp["player"]})
    return table.ack()


def undo(table: Table, action: Mapping[str, Any], source: str) -> dict[str, Any]:
    game = table.playing(allow_over=True)
    assert table.kind is not None and table.game_id is not None
    if table.state.asking is not None:  # undo first takes back the throw asked about
        table.drop_asking()
        table.state.throw = None
        table.notice("info", _("undo: the throw not read is dropped"))
        table.publish()
        return table.ack()
    if table.holding is not None:  # undo first takes back the end of the throws
        table.state.correction.shut()
        table.store.hold(table.game_id, None)
        table.notice("info", _("undo: the throws go on"))
        table.publish()
        return table.ack()
    undone, said = table.undo_last(game)
    table.state.throw = None  # the camera's last throw is no longer the game's
    for camera in table.cameras:
        camera.undone()  # (a hand awaited again counts its cards still lying)
    table.state.redo.append(dict(undone))
    table.notice("info", _("undone: {what}", what=said))
    table.publish()
    return table.ack()


def replace(table: Table, action: Mapping[str, Any], source: str) -> dict[str, Any]:
    """The cards the camera read last, taken by the rules, were read wrong: they are
    taken back and the input said instead is given, in one tap (before, an undo, then
    the card searched among the answers). If the rules refuse it, or the store cannot take
    it, nothing changes (one transaction: the reading is never left undone)."""
    inp = action.get("input")
    if not isinstance(inp, Mapping):
        raise Malformed('a "replace" action carries "input": {"type": ..., ...}', 400)
    game, state = table.playing(), table.state
    read = state.throw
    last = table.log(1)  # the last input, as the store holds it
    # the camera's reading taken, or cards entered on the page that it read otherwise
    entered = read is not None and read.get("status") == "differs"
    if (
        read is None
        or read.get("status") not in ("read", "differs")
        or "cards" not in read
        or not last
        or (last[0]["source"] == "camera") == entered
        or dict(last[0]["input"]) != read.get("entered" if entered else "input")
    ):
        raise Refused(_("no cards read by the camera to fix now: undo, then enter them"))
    wrong = dict(read["entered" if entered else "input"])
    if inp.get("type") != wrong.get("type") or inp.get("player") != wrong.get("player"):
        raise Refused(
            _(
                "a fix gives {player}'s cards again, as they really are",
                player=str(wrong.get("player")),
            )
        )
    with table.all_or_nothing():  # refused, or not stored: that reading stands
        table.undo_last(game)  # (the fix is told against the state before)
        table.commit(game, inp, source)
    state.entered = None  # (the camera saw these cards already: no confirmation to come)
    state.throw = {**read, "status": "fixed", "input": dict(inp)}
    for offer in ("fix", *DIFFERS):
        state.throw.pop(offer, None)
    table.publish()
    return table.ack()


def throw_again(table: Table, action: Mapping[str, Any], source: str) -> dict[str, Any]:
    """The throw asked about is not taken: the dice are thrown again."""
    if table.state.asking is None:
        raise Refused(_("no throw waits for a die's face now"))
    table.drop_asking()
    table.state.throw = None
    table.publish()
    return table.ack()


def teach(table: Table, action: Mapping[str, Any], source: str) -> dict[str, Any]:
    """A step of teaching the table's dice (host.app.teaching)."""
    if table.learning is None:
        raise Refused(_("this table does not learn (no learning store)"), 409)
    answer = dice_answer(action)
    table.state.answers.check(action, answer)
    try:
        context = dice_context(table.game, table.dice(), table.state.last_expected)
        table.learning.act(action, context)
    except UserError as error:
        raise Refused(message(error)) from None
    table.state.answers.answered(action, answer, table.version)
    return table.ack()


def teach_cards(table: Table, action: Mapping[str, Any], source: str) -> dict[str, Any]:
    """A step of teaching the table its deck of cards (host.app.card_teaching)."""
    answer = card_answer(action)
    table.state.answers.check(action, answer)
    try:
        table.card_teaching.act(action, table.kind)
    except UserError as error:
        raise Refused(message(error)) from None
    table.state.answers.answered(action, answer, table.version)
    return table.ack()


def roll_back(table: Table, action: Mapping[str, Any], source: str) -> dict[str, Any]:
    # (the set's version is "set_version": "version" is the state's, which every
    # changing request carries and the page's act() sets)
    name, version = action.get("face_set"), action.get("set_version")
    if table.learning is None or not isinstance(name, str):
        raise Malformed('a "roll_back" action names its "face_set" (and "set_version")', 400)
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        raise Malformed('"set_version" is a version number of the set', 400)
    try:
        number = table.learning.roll_back(name, version)
    except UserError as error:
        raise Refused(message(error)) from None
    return {**table.ack(), "version": number}


def redo(table: Table, action: Mapping[str, Any], source: str) -> dict[str, Any]:
    """The last input undone, given again (undo, then redo, is no change)."""
    game = table.playing()
    if not table.state.redo:
        raise Refused(_("There is nothing to redo: only what was just undone can be redone"))
    table.commit(game, table.state.redo[-1], source)
    return table.ack()


def pause(table: Table, action: Mapping[str, Any], source: str) -> dict[str, Any]:
    table.playing(allow_paused=True)
    assert table.game_id is not None
    paused = action.get("do") == "pause"
    table.store.set_paused(table.game_id, paused)
    table.paused = paused
    if not paused and table.holding is not None:
        table.state.correction.again()  # a fresh look after the break
    table.notice("info", _("game paused") if paused else _("game resumed"))
    table.publish()
    return table.ack()


def new_game(table: Table, action: Mapping[str, Any], source: str) -> dict[str, Any]:
    setup = action.get("setup")
    if not isinstance(setup, Mapping):
        raise Malformed('a "new_game" action carries "setup": {"players": [...], ...}', 400)
    name = action.get("game")
    kind = None
    try:
        kind = default_kind() if name is None else kind_named(str(name))
        check_names(setup)
        fields = dict(setup)
        fields.setdefault("seed", secrets.randbelow(1 << 31))
        game_id = table.store.create(kind, fields, rehearsal=source == RECORDING)
    except GameFileError as error:
        why = as_the_form_says(message(error), setup, kind)
        raise Refused(_("cannot start this game: {why}", why=why), 400) from None
    # a new game, a new PIN; but a recorded session's game is set up the moment the
    # table starts, so the PIN just shown stays (two PINs at start confused)
    table.switch(game_id, fresh_pin=source != RECORDING)
    # the one who set it up keeps access; a PIN the operator chose (--pin) stays: the page
    # says it is the same, not a new one
    return {
        **table.ack(),
        "pin": table.store.pin,
        "pin_tag": table.pin_tag(),
        "pin_kept": table.fixed_pin,
    }


def import_game(table: Table, action: Mapping[str, Any], source: str) -> dict[str, Any]:
    known = {g.id for g in table.store.games()}
    try:
        game_id = table.store.import_script(action.get("script"))
    except GameFileError as error:
        raise Refused(_("cannot import this game: {why}", why=message(error)), 400) from None
    if action.get("open", True):
        table.switch(game_id, fresh_pin=False)
    # the same game imported again is that game, not a second one in the statistics
    return {**table.ack(), "imported": game_id, "known": game_id in known}


def open_game(table: Table, action: Mapping[str, Any], source: str) -> dict[str, Any]:
    game_id = action.get("id")
    if not isinstance(game_id, int) or isinstance(game_id, bool):
        raise Malformed('an "open" action carries "id": the game\'s number', 400)
    try:
        table.store.row(game_id)
    except UserError as error:
        raise Refused(message(error), 404) from None
    table.switch(game_id, fresh_pin=False)
    return table.ack()


def name_die(table: Table, action: Mapping[str, Any], source: str) -> dict[str, Any]:
    """A person says what an unknown die of the throw asked about shows; once every one
    is said, the throw is the camera's with those faces (and they teach the set)."""
    state = table.state
    asking, throw = state.asking, state.throw
    if asking is None:
        raise Refused(_("no throw waits for a die's face now"))
    event, dice = asking.event, table.dice()
    face = action.get("face")
    die = asking.say(action.get("die"), face, dice.faces if dice is not None else {})
    if table.learning is not None and throw is not None and throw.get("face_set"):
        cut = event.cuts[die] if die < len(event.cuts) else b""
        key = f"{throw['key']} die {die}"
        if cut:
            table.learning.from_answer(
                throw["face_set"],
                event.dice[die],
                cut,
                str(face),
                key,
                throw.get("face_sets") or None,
            )
    if not asking.done:
        table.publish()
        return table.ack()
    answered, said = asking.answered(), asking.said
    state.asking = None
    for camera in table.cameras:
        camera.answer(event.throw, said)
    state.throw = None
    state.unstored.append(answered)
    store_waiting(table)
    return table.ack()


Action = Callable[["Table", Mapping[str, Any], str], dict[str, Any]]

ACTIONS: dict[str, Action] = {
    "input": give_input,
    "throw": enter_throw,
    "undo": undo,
    "redo": redo,
    "pause": pause,
    "resume": pause,
    "name_die": name_die,
    "throw_again": throw_again,
    "replace": replace,
    "teach": teach,
    "teach_cards": teach_cards,
    "roll_back": roll_back,
    "new_game": new_game,
    "import": import_game,
    "open": open_game,
}
