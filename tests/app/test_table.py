"""The table's core on a real store: camera events, buttons and page actions become
engine inputs, are committed, and reach the board; the correction window; refusals."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from host.app.board_seam import ButtonPress
from host.app.camera import MisfitSeen, ThrowSeen
from host.app.store import Store
from host.app.table import Refused, Table
from host.games import DiceExpectation
from host.games.kot.table_kind import KIND as KOT
from host.games.text import localize
from tests.app.fakes import Clock, FakeBoard, commits_fail

PLAYERS = [
    {"name": "Ann", "monster": "The King"},
    {"name": "Bob", "monster": "Alienoid"},
    {"name": "Cat", "monster": "Meka Dragon"},
    {"name": "Dan", "monster": "Cyber Kitty"},
]
WINDOW = 4.0


def seen(thrown: list[str], kept: list[str] | None = None) -> ThrowSeen:
    kept = kept or []
    dice = [{"face": f, "confidence": 0.97, "kept": True} for f in kept]
    dice += [{"face": f, "confidence": 0.91} for f in thrown]
    return ThrowSeen(thrown, kept, dice, b"\xff\xd8jpeg", settled_at=0.0, frame=1)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def board() -> FakeBoard:
    return FakeBoard()


def new_table(path: Path, board: FakeBoard, clock: Clock) -> Table:
    table = Table(
        Store(path), board, window=WINDOW, pin_seconds=5, clock=clock, announce=lambda s: None
    )
    table.start(clock_thread=False)
    return table


@pytest.fixture
def table(tmp_path: Path, board: FakeBoard, clock: Clock) -> Table:
    table = new_table(tmp_path / "games.db", board, clock)
    table.act(
        {
            "do": "new_game",
            "game": "king-of-tokyo",
            "setup": {"players": PLAYERS, "first_player": "Ann", "seed": 4},
        }
    )
    clock.advance(1)  # the players throw once it is set up (a press crossing it: not taken)
    return table


def state(table: Table) -> dict[str, Any]:
    assert table.game is not None
    return table.game.to_json()


def player(table: Table, name: str) -> dict[str, Any]:
    return next(p for p in state(table)["players"] if p["name"] == name)


def stored(table: Table) -> list[dict[str, Any]]:
    assert table.game_id is not None
    return table.store.inputs(table.game_id)


def pass_window(table: Table, clock: Clock) -> None:
    clock.advance(WINDOW + 0.1)
    table.tick()


def test_a_camera_throw_is_committed_and_shown_on_the_board(table: Table, board: FakeBoard) -> None:
    table.camera_event(seen(["1", "1", "1", "claw", "heart", "energy"]))
    assert stored(table) == [
        {
            "type": "throw",
            "player": "Ann",
            "thrown": ["1", "1", "1", "claw", "heart", "energy"],
            "kept": [],
        }
    ]
    assert table.store.history(table.game_id or 0)[0]["source"] == "camera"
    assert table.throw is not None and table.throw["status"] == "read"
    assert table.snapshots[table.throw["snapshot"]] == b"\xff\xd8jpeg"


def test_the_board_shows_the_pin_at_game_start_then_the_dials(
    table: Table, board: FakeBoard, clock: Clock
) -> None:
    pin = table.store.pin
    assert pin is not None and len(pin) == 4 and pin.isdigit()
    assert board.texts() == [pin] * 4
    clock.advance(5.1)
    table.tick()
    assert board.texts() == ["10.00"] * 4


def test_the_button_ends_the_throws_and_the_result_waits_for_the_window(
    table: Table, board: FakeBoard, clock: Clock
) -> None:
    table.camera_event(seen(["1", "1", "1", "claw", "heart", "energy"]))
    board.pressed.append(0)  # Ann's button
    table.tick()
    assert table.holding == {"type": "resolve", "player": "Ann"}
    assert len(stored(table)) == 1
    view = table.view()["game"]
    assert view["window"]["player"] == "Ann" and view["window"]["seconds"] == WINDOW
    clock.advance(WINDOW - 0.5)
    table.tick()
    assert len(stored(table)) == 1  # not yet
    clock.advance(0.6)
    table.tick()
    assert stored(table)[-1] == {"type": "resolve", "player": "Ann"}
    assert table.store.history(table.game_id or 0)[-1]["source"] == "timer"
    assert player(table, "Ann")["vp"] == 2  # 1-1-1, and entering Tokyo
    assert player(table, "Ann")["location"] == "city"


def test_a_board_press_is_committed_with_its_key_and_known_again_after_a_restart(
    tmp_path: Path, table: Table, board: FakeBoard, clock: Clock
) -> None:
    """The host died after committing a press and before the board heard so: the board
    sends the press again to the host started afresh, which knows it by its key."""
    table.camera_event(seen(["1", "1", "1", "claw", "heart", "energy"]))
    press = ButtonPress(0, "0000AAAA/00")
    board.pressed.append(press)
    table.tick()
    assert table.holding is not None and board.done_presses == [press]
    assert table.store.last_press == press.key
    table.close()
    again = new_table(tmp_path / "games.db", board, clock)  # the restart
    board.pressed.append(press)  # the board's resend
    again.tick()
    assert board.done_presses == [press, press]  # acknowledged again...
    assert again.holding is not None and len(stored(again)) == 1  # ...and not done twice
    board.pressed.append(ButtonPress(0, "0000AAAA/01"))  # the next press is one
    again.tick()
    assert stored(again)[-1] == {"type": "resolve", "player": "Ann"}


def test_a_press_the_store_cannot_take_is_given_back_and_none_of_it_is_done(
    tmp_path: Path, board: FakeBoard, clock: Clock
) -> None:
    table = Table(
        Store(tmp_path / "games.db", busy_seconds=0.1), board, clock=clock, announce=lambda s: None
    )
    table.start(clock_thread=False)
    table.act({"do": "new_game", "setup": {"players": PLAYERS, "first_player": "Ann", "seed": 4}})
    clock.advance(1)
    table.camera_event(seen(["1", "1", "1", "claw", "heart", "energy"]))
    press = ButtonPress(0, "0000AAAA/00")
    with sqlite3.connect(tmp_path / "games.db") as other:  # another program writes the store
        other.execute("BEGIN IMMEDIATE")
        board.pressed.append(press)
        table.tick()
        assert board.given_back == [press] and board.done_presses == []
        assert table.holding is None and table.store.last_press is None
        assert "button 1 is not stored: another program is writing" in table.notices[-1].text
    board.pressed.append(press)  # the board's resend, once the store can be written
    table.tick()
    assert board.done_presses == [press] and table.holding is not None


def test_a_press_the_store_cannot_commit_leaves_redo_as_it_was(
    tmp_path: Path, board: FakeBoard, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A press's inputs and its key are one transaction: when the store cannot commit it
    at its end (a disk full), none of it is done and the table reloads the game as stored.
    What Redo gives back is as stored too: the press's draw, the input undone, had taken
    it off, and the page offered no Redo (until a restart, whose store still had it)."""
    table = new_table(tmp_path / "games.db", board, clock)
    setup = {"players": [{"name": "Ann"}, {"name": "Bob"}], "first_player": "Ann"}
    table.act({"do": "new_game", "game": "kato", "setup": setup})
    turn_up = {"type": "turn_up", "player": "Bob", "card": {"color": "red", "value": "7"}}
    draw = {"type": "draw", "player": "Ann"}
    table.act({"do": "input", "input": turn_up})
    table.act({"do": "input", "input": draw})
    table.act({"do": "undo"})
    assert table.view()["game"]["redo"] is True
    commits_fail(table.store, monkeypatch)
    press = ButtonPress(0, "1A2B3C4D/01")
    board.pressed.append(press)  # Ann's button: draw
    clock.advance(2)
    table.tick()
    assert board.given_back == [press] and stored(table) == [turn_up]
    assert table.game is not None and len(table.game.log) == 1
    assert table.view()["game"]["redo"] is True  # (was False)
    monkeypatch.undo()
    table.act({"do": "redo"})
    assert stored(table) == [turn_up, draw]


def test_a_game_won_by_a_press_the_store_cannot_commit_is_not_said_over(
    tmp_path: Path, board: FakeBoard, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann at 19 stars scores three 1s; her button ends her turn: the game is won, if the
    store keeps it. When it cannot (a disk full at the commit), the game goes on as
    stored, and the page had kept the notice 'game over: Ann won' of a win never saved."""
    table = new_table(tmp_path / "games.db", board, clock)
    position = {"active_player": "Ann", "monsters": {"Ann": {"vp": 19}}}
    table.act({"do": "new_game", "setup": {"players": PLAYERS, "position": position}})
    clock.advance(1)
    table.camera_event(seen(["1", "1", "1", "claw", "heart", "energy"]))
    table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})
    pass_window(table, clock)
    commits_fail(table.store, monkeypatch)
    press = ButtonPress(0, "1A2B3C4D/01")
    board.pressed.append(press)  # Ann's button: the end of her turn, and the game
    clock.advance(2)
    table.tick()
    assert board.given_back == [press] and table.game is not None
    assert not table.game.game_over
    assert not any("game over" in n.text for n in table.notices)
    monkeypatch.undo()
    board.pressed.append(press)  # the board's resend, once the store can be written
    table.tick()
    assert table.game.game_over and "game over: Ann won" in table.notices[-1].text


def test_a_press_is_told_once_the_store_committed_it(
    tmp_path: Path, board: FakeBoard, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """on_commit's listeners (the console's story: the board drawn after a turn ended) hear
    an input once it is stored: a press's, once its transaction is committed. Before, they
    heard Ann's end of turn the store then refused (the console drew the board after her
    turn while it was still hers), and heard it again when the board sent the press again."""
    table = new_table(tmp_path / "games.db", board, clock)
    table.act({"do": "new_game", "setup": {"players": PLAYERS, "first_player": "Ann", "seed": 4}})
    told: list[tuple[dict[str, Any], str, str]] = []
    table.on_commit(lambda inp, source, _told: told.append((dict(inp), source, table.awaited())))
    table.camera_event(seen(["1", "1", "2", "claw", "heart", "energy"]))
    table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})
    pass_window(table, clock)
    told.clear()
    commits_fail(table.store, monkeypatch)
    press = ButtonPress(0, "1A2B3C4D/01")
    board.pressed.append(press)  # Ann's button: the end of her turn
    clock.advance(2)
    table.tick()
    assert board.given_back == [press] and stored(table)[-1]["type"] != "end_turn"
    assert told == []
    monkeypatch.undo()
    board.pressed.append(press)  # the board's resend
    table.tick()
    assert [(inp["type"], source) for inp, source, _ in told] == [("end_turn", "button")]
    assert "Bob" in told[0][2]  # (told once stored: the game then waits for Bob)


def test_each_input_of_a_press_is_told_with_its_own_feed_entry(
    tmp_path: Path, board: FakeBoard, clock: Clock
) -> None:
    """Cat's claws hurt Ann in Tokyo City and Bob in Tokyo Bay; her button means both
    stay: two inputs, told once the press is stored, each with its entry of the feed
    (the listener's `entry`, the demo's words), not the press's last entry twice."""
    table = new_table(tmp_path / "games.db", board, clock)
    players = [*PLAYERS, {"name": "Eve", "monster": "Giga Zaur"}]
    table.act({"do": "new_game", "setup": {"players": players, "first_player": "Ann", "seed": 4}})
    clock.advance(1)
    for player in ("Ann", "Bob", "Cat"):  # Ann enters Tokyo City, Bob Tokyo Bay
        table.camera_event(seen(["claw", "claw", "1", "2", "heart", "energy"]))
        table.act({"do": "input", "input": {"type": "resolve", "player": player}})
        pass_window(table, clock)
        if player == "Bob":
            table.act({"do": "input", "input": {"type": "yield", "player": "Ann", "leave": False}})
        if player != "Cat":
            table.act({"do": "input", "input": {"type": "end_turn", "player": player}})
    told: list[tuple[str, str]] = []
    table.on_commit(lambda inp, source, entry: told.append((inp["player"], said(entry))))
    board.pressed.append(ButtonPress(2, "1A2B3C4D/01"))  # Cat's button: the others stay
    clock.advance(2)
    table.tick()
    assert told == [("Ann", "Ann stays in Tokyo"), ("Bob", "Bob stays in Tokyo")]


def said(entry: dict[str, Any]) -> str:
    return str(localize(entry["said"], "en"))


def test_a_press_waits_behind_the_camera_s_throws_the_store_could_not_take(
    tmp_path: Path, board: FakeBoard, clock: Clock
) -> None:
    """The throw seen while another program held the store, then Ann's button: the throw
    goes in first, then the press ends it (done first, the press would find no throw)."""
    table = Table(
        Store(tmp_path / "games.db", busy_seconds=0.1), board, clock=clock, announce=lambda s: None
    )
    table.start(clock_thread=False)
    table.act({"do": "new_game", "setup": {"players": PLAYERS, "first_player": "Ann", "seed": 4}})
    clock.advance(1)
    press = ButtonPress(0, "0000AAAA/00")
    with sqlite3.connect(tmp_path / "games.db") as other:
        other.execute("BEGIN IMMEDIATE")
        table.camera_event(seen(["1", "1", "1", "claw", "heart", "energy"]))
        assert "the camera's throw is not stored" in table.notices[-1].text
        # the page's last throw says so in its language (it was said in English in all)
        why = localize(table.view(), "fr")["game"]["throw"]["reason"]
        assert why.startswith("non enregistré\u00a0: un autre programme"), why
        board.pressed.append(press)
        table.tick()
        assert board.given_back == [press] and stored(table) == []
    board.pressed.append(press)  # resent, the store free again
    table.tick()
    assert [i["type"] for i in stored(table)] == ["throw"] and table.holding is not None
    assert board.done_presses == [press]


def test_a_fix_in_the_window_counts_and_restarts_the_countdown(table: Table, clock: Clock) -> None:
    table.camera_event(seen(["1", "1", "2", "claw", "heart", "energy"]))
    table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})
    clock.advance(3.0)
    table.act(
        {"do": "input", "input": {"type": "correct", "player": "Ann", "from": "2", "to": "1"}}
    )
    clock.advance(3.0)
    table.tick()
    assert table.holding is not None  # 6 s after the end of throws, 3 s after the fix
    pass_window(table, clock)
    assert [i["type"] for i in stored(table)] == ["throw", "correct", "resolve"]
    assert player(table, "Ann")["vp"] == 2


def test_the_last_throw_ends_the_throws_by_itself(table: Table, clock: Clock) -> None:
    table.camera_event(seen(["1", "2", "3", "claw", "heart", "energy"]))
    table.camera_event(seen(["1", "1"], ["1", "claw", "heart", "energy"]))
    assert table.holding is None
    table.camera_event(seen(["1"], ["1", "1", "claw", "heart", "energy"]))
    assert table.holding == {"type": "resolve", "player": "Ann"}
    pass_window(table, clock)
    assert stored(table)[-1]["type"] == "resolve"


def test_a_window_survives_a_restart(tmp_path: Path, board: FakeBoard, clock: Clock) -> None:
    table = new_table(tmp_path / "games.db", board, clock)
    table.act(
        {
            "do": "new_game",
            "game": "king-of-tokyo",
            "setup": {"players": PLAYERS, "first_player": "Ann"},
        }
    )
    table.camera_event(seen(["1", "2", "3", "claw", "heart", "energy"]))
    table.press(0)
    table.close()
    table.store.close()
    again = new_table(tmp_path / "games.db", board, clock)
    assert again.holding == {"type": "resolve", "player": "Ann"}
    pass_window(again, clock)
    assert stored(again)[-1]["type"] == "resolve"


def test_what_was_undone_can_be_redone_after_a_restart(
    tmp_path: Path, board: FakeBoard, clock: Clock
) -> None:
    """Before: the host started again (a crash, a power cut) had forgotten what was just
    undone, so Redo was gone and the input had to be entered again (found by the chaos
    soak, host.app.chaos). The store keeps every input undone, and when: what Redo gives
    back is read from it, only the inputs undone since the last one given (one undone, then
    a new input made, is not given back)."""
    table = new_table(tmp_path / "games.db", board, clock)
    setup = {"players": PLAYERS, "first_player": "Ann"}
    table.act({"do": "new_game", "game": "king-of-tokyo", "setup": setup})
    first, second = ["1", "2", "3", "claw", "heart", "energy"], ["1"] * 6
    table.act({"do": "throw", "faces": first})
    table.act({"do": "undo"})  # (the first throw, never given back: a new one came)
    table.act({"do": "throw", "faces": second})
    table.act({"do": "undo"})
    assert stored(table) == [] and table.view()["game"]["redo"]
    table.close()
    table.store.close()

    again = new_table(tmp_path / "games.db", board, clock)
    assert again.view()["game"]["redo"]
    again.act({"do": "redo"})
    assert [i["thrown"] for i in stored(again)] == [second]
    assert not again.view()["game"]["redo"]


def test_what_is_left_to_redo_after_a_redo_survives_a_restart(
    tmp_path: Path, board: FakeBoard, clock: Clock
) -> None:
    """Two inputs undone, one given back: the other is still to redo after a restart
    (before, Redo read the store's inputs undone after its last live one, and the one
    given back is a live one: found by the chaos soak, a host killed after a redo)."""
    table = new_table(tmp_path / "games.db", board, clock)
    setup = {"players": PLAYERS, "first_player": "Ann"}
    table.act({"do": "new_game", "game": "king-of-tokyo", "setup": setup})
    table.act({"do": "throw", "faces": ["1", "2", "3", "claw", "heart", "energy"]})
    table.press(0)  # Ann's result taken, once the window to fix it has passed
    pass_window(table, clock)
    made = [i["type"] for i in stored(table)]
    table.act({"do": "undo"})
    table.act({"do": "undo"})
    table.act({"do": "redo"})
    assert table.view()["game"]["redo"]
    table.close()
    table.store.close()

    again = new_table(tmp_path / "games.db", board, clock)
    assert again.view()["game"]["redo"]
    again.act({"do": "redo"})
    assert [i["type"] for i in stored(again)] == made == ["throw", "resolve"]
    assert not again.view()["game"]["redo"]


def play_to_yield(table: Table, clock: Clock) -> None:
    """Ann enters Tokyo; Bob smashes her: she is asked whether she yields."""
    table.camera_event(seen(["1", "2", "3", "claw", "heart", "energy"]))
    table.press(0)
    pass_window(table, clock)
    table.press(0)  # end of Ann's turn
    table.camera_event(seen(["claw", "claw", "claw", "2", "3", "heart"]))
    table.press(1)
    pass_window(table, clock)
    waits = state(table)["waiting_for"]
    assert [(w["player"], w["kind"]) for w in waits] == [("Ann", "yield")]


def test_the_yielding_monster_s_button_leaves_tokyo(table: Table, clock: Clock) -> None:
    play_to_yield(table, clock)
    table.press(0)
    assert player(table, "Ann")["location"] is None
    assert player(table, "Bob")["location"] == "city"


def test_the_attacker_s_button_means_everyone_stays(table: Table, clock: Clock) -> None:
    play_to_yield(table, clock)
    table.press(1)
    assert player(table, "Ann")["location"] == "city"
    assert stored(table)[-1] == {"type": "yield", "player": "Ann", "leave": False}


def test_a_press_with_nothing_to_do_is_a_notice(table: Table) -> None:
    table.press(2)  # Cat, while Ann throws
    assert "Cat's button: nothing to do now" in table.notices[-1].text
    table.press(5)
    assert "nobody sits there" in table.notices[-1].text
    assert stored(table) == []


@pytest.mark.parametrize(
    ("action", "message", "status"),
    [
        (
            {"do": "input", "input": {"type": "buy", "player": "Ann", "card": "Heal"}},
            "waits for Ann to throw",
            409,
        ),
        (
            {"do": "input", "input": {"type": "throw", "player": "Bob", "thrown": ["1"] * 6}},
            "Bob",
            409,
        ),
        (
            {"do": "input", "input": {"type": "throw", "player": "Ann", "thrown": ["7"] * 6}},
            "not a die face",
            409,
        ),
        ({"do": "input", "input": "resolve"}, 'carries "input"', 400),
        ({"do": "teleport"}, "unknown action", 400),
        ({"do": "throw", "faces": "123456"}, "as a list", 400),
        ({"do": "open", "id": 99}, "no game 99", 404),
        (
            {"do": "new_game", "game": "king-of-tokyo", "setup": {"players": PLAYERS[:1]}},
            "2 to 6 players",
            400,
        ),
        (
            {
                "do": "new_game",
                "game": "king-of-tokyo",
                "setup": {"players": [{**PLAYERS[0], "name": "A" * 25}, PLAYERS[1]]},
            },
            "at most 24 printable characters",
            400,
        ),
        (
            {
                "do": "new_game",
                "game": "king-of-tokyo",
                "setup": {"players": [{**PLAYERS[0], "name": "A\tB"}, PLAYERS[1]]},
            },
            "at most 24 printable characters",
            400,
        ),
        ({"do": "import", "script": {"format": "kot-game/2"}}, "newer dicetable", 400),
    ],
)
def test_refused_actions_change_nothing(
    table: Table, action: dict[str, Any], message: str, status: int
) -> None:
    before = (state(table), stored(table), len(table.store.games()), table.game_id)
    with pytest.raises(Refused, match=message) as refused:
        table.act(action)
    assert refused.value.status == status
    assert (state(table), stored(table), len(table.store.games()), table.game_id) == before


def test_a_saved_game_with_a_long_name_still_imports(table: Table) -> None:
    """Only new games are held to the page's name length: a game saved elsewhere opens."""
    long = {**PLAYERS[0], "name": "Annabelle of the Northern Marches"}
    script = {"format": "kot-game/1", "players": [long, PLAYERS[1]], "first_player": long["name"]}
    table.act({"do": "import", "script": script})
    assert state(table)["active_player"] == long["name"]


def test_a_misfit_is_shown_for_a_person_and_applies_nothing(table: Table) -> None:
    table.camera_event(MisfitSeen("7 dice seen, 6 in play", [], b"jpeg", 0.0, 3))
    assert stored(table) == []
    assert table.throw is not None and table.throw["status"] == "misfit"
    assert "7 dice seen" in table.notices[-1].text


def test_the_same_misfit_again_is_a_new_view_for_the_page(table: Table) -> None:
    """The same reason twice in a row (the same card not read, laid again) says its notice
    once, but the pages are told of the new view: they wait on the state's version."""
    table.camera_event(MisfitSeen("1 card cannot be read", [], b"first", 0.0, 3))
    version, notices = table.version, len(table.notices)
    table.camera_event(MisfitSeen("1 card cannot be read", [], b"again", 1.0, 9))
    assert len(table.notices) == notices  # (said once)
    assert table.version > version
    assert table.throw is not None and table.throw["frame"] == 9
    assert table.snapshots[table.throw["snapshot"]] == b"again"


def test_a_throw_the_rules_refuse_is_not_applied(table: Table) -> None:
    table.camera_event(seen(["1", "2", "3", "claw", "heart"]))  # 5 dice
    assert stored(table) == []
    assert table.throw is not None and table.throw["status"] == "refused"


def test_pause_stops_camera_buttons_and_page_until_resumed(table: Table, clock: Clock) -> None:
    table.camera_event(seen(["1", "2", "3", "claw", "heart", "energy"]))  # before the break
    table.act({"do": "pause"})
    table.camera_event(seen(["1", "1"], ["1", "claw", "heart", "energy"]))
    table.press(0)  # would end Ann's throws
    assert "Ann's button: the game is paused" in table.notices[-1].text
    with pytest.raises(Refused, match="paused"):
        table.act({"do": "throw", "faces": ["1", "2", "3", "claw", "heart", "energy"]})
    assert len(stored(table)) == 1 and table.holding is None
    assert table.store.row(table.game_id or 0).paused
    table.act({"do": "resume"})
    table.press(0)
    assert table.holding == {"type": "resolve", "player": "Ann"}


def test_undo_takes_back_the_end_of_throws_then_the_throw(table: Table, clock: Clock) -> None:
    table.camera_event(seen(["1", "2", "3", "claw", "heart", "energy"]))
    table.press(0)
    table.act({"do": "undo"})
    assert table.holding is None and len(stored(table)) == 1
    pass_window(table, clock)
    assert len(stored(table)) == 1  # nothing resolved
    table.act({"do": "undo"})
    assert stored(table) == [] and state(table)["throws"] == 0


def test_dice_entered_by_hand_keep_what_did_not_change(table: Table) -> None:
    table.act({"do": "throw", "faces": ["1", "1", "2", "claw", "heart", "energy"]})
    table.act({"do": "throw", "faces": ["1", "1", "1", "claw", "heart", "energy"]})
    assert stored(table)[-1]["thrown"] == ["1"]
    assert sorted(stored(table)[-1]["kept"]) == sorted(["1", "1", "claw", "heart", "energy"])


def test_the_camera_is_told_the_dice_and_a_new_turn(table: Table, clock: Clock) -> None:
    told: list[Any] = []
    table.on_expect(lambda expected, turn: told.append((expected, turn)))
    assert told[-1][0].counts == {"black": 6, "green": 0}
    first_turn = told[-1][1]
    table.camera_event(seen(["1", "2", "3", "claw", "heart", "energy"]))
    table.press(0)
    assert told[-1][0] is None  # the result is held: no throw expected
    pass_window(table, clock)
    table.press(0)
    expected, turn = told[-1]
    assert expected.player == "Bob" and turn != first_turn


def test_the_camera_keeps_its_turn_while_people_say_a_die_not_read(table: Table) -> None:
    """No throw is due while a die not read is asked about, but it is the same turn: the
    camera keeps counting its throws (the answer names the throw) and the dice it keeps."""
    told: list[Any] = []
    table.on_expect(lambda expected, turn: told.append((expected, turn)))
    table.camera_event(seen(["1", "2", "3", "claw", "heart", "energy"]))
    turn = told[-1][1]
    asked = seen(["unknown", "2"], ["1", "claw", "heart", "energy"])
    table.camera_event(asked)
    assert told[-1] == (None, turn)  # asking: no throw due, the turn as it was
    table.act({"do": "name_die", "die": 4, "face": "3"})
    assert told[-1][0] is not None and {t for _, t in told} == {turn}
    assert stored(table)[-1]["thrown"] == ["3", "2"]


def test_the_view_offers_every_awaited_input(table: Table, clock: Clock) -> None:
    play_to_yield(table, clock)
    answers = table.view()["game"]["answers"]
    assert [(a["player"], a["kind"]) for a in answers] == [("Ann", "yield")]
    assert [c["input"]["leave"] for c in answers[0]["choices"]] == [True, False]


def test_a_kept_die_fixed_on_the_page_stays_fixed_for_the_next_throw(table: Table) -> None:
    table.camera_event(seen(["2", "1", "1", "claw", "heart", "energy"]))  # the 2 is a 1
    table.act(
        {"do": "input", "input": {"type": "correct", "player": "Ann", "from": "2", "to": "1"}}
    )
    # the misread die is kept; the camera still reads it as a 2
    table.camera_event(seen(["1", "claw", "heart"], ["2", "1", "1"]))
    assert stored(table)[-1]["kept"] == ["1", "1", "1"]
    assert sorted(state(table)["dice"]) == sorted(["1", "1", "1", "1", "claw", "heart"])


def test_a_fix_does_not_change_a_kept_die_that_was_read_right(table: Table) -> None:
    table.camera_event(seen(["2", "2", "1", "claw", "heart", "energy"]))  # one 2 is a 1
    fix = {"type": "correct", "player": "Ann", "from": "2", "to": "1"}
    table.act({"do": "input", "input": fix})
    table.camera_event(seen(["3", "3", "3", "claw", "heart"], ["2"]))  # the real 2 kept
    assert stored(table)[-1]["kept"] == ["2"]


def damage_the_log(table: Table, game_id: int) -> None:
    """An input in the store that the rules refuse (a store damaged, or edited by hand)."""
    with sqlite3.connect(table.store.path) as db:
        db.execute(
            "INSERT INTO inputs (game, seq, input, source, at) VALUES (?, 99, ?, 'page', 0)",
            (game_id, json.dumps({"type": "buy", "player": "Dan", "card": "Heal"})),
        )


def test_opening_a_game_that_no_longer_replays_changes_nothing(table: Table) -> None:
    other = table.store.create(KOT, {"players": PLAYERS, "first_player": "Bob"}, False)
    damage_the_log(table, other)
    before = (table.game_id, table.store.current, table.store.pin, state(table))
    with pytest.raises(Refused, match=f"game {other} .* does not replay"):
        table.act({"do": "open", "id": other})
    assert (table.game_id, table.store.current, table.store.pin, state(table)) == before


def test_a_game_on_the_table_that_no_longer_replays_is_a_notice_at_start(
    tmp_path: Path, table: Table, board: FakeBoard, clock: Clock
) -> None:
    damage_the_log(table, table.game_id or 0)
    table.close()
    again = new_table(tmp_path / "games.db", board, clock)
    assert again.game is None and "cannot be resumed" in again.notices[-1].text
    assert [g.id for g in again.store.games()] == [table.game_id]  # still there, to export
    again.act(
        {
            "do": "new_game",
            "game": "king-of-tokyo",
            "setup": {"players": PLAYERS, "first_player": "Ann"},
        }
    )
    assert again.game is not None


def test_a_game_without_dice_gets_no_throws_and_no_correction_window(
    tmp_path: Path, board: FakeBoard, clock: Clock
) -> None:
    """KaTO has no dice: the camera's throws are not its inputs, dice cannot be entered,
    the camera is told to expect none, and no input of it is held for a window."""
    table = new_table(tmp_path / "games.db", board, clock)
    told: list[Any] = []
    table.on_expect(lambda expected, turn: told.append(expected))
    names = [{"name": "Ann"}, {"name": "Bob"}]
    table.act({"do": "new_game", "game": "kato", "setup": {"players": names}})
    assert table.kind is not None and table.kind.dice is None
    assert told and not any(isinstance(e, DiceExpectation) for e in told)  # cards, maybe
    table.camera_event(seen(["1", "2", "3", "claw", "heart", "energy"]))
    assert table.throw is not None and table.throw["status"] == "ignored"
    assert "without the camera's dice" in table.throw["reason"]
    with pytest.raises(Refused, match="no dice to enter"):
        table.act({"do": "throw", "faces": ["1", "2"]})
    assert table.game is not None
    for _ in range(5):  # its own inputs go in at once, whatever their kind
        inp = table.kind.random_input(table.game, random.Random(len(table.game.log)))  # type: ignore[attr-defined]
        table.act({"do": "input", "input": inp})
        assert table.holding is None and table.store.inputs(table.game_id or 0)[-1] == inp
    assert table.view()["game"]["view"]["seats"][0]["player"] == "Ann"


def test_a_game_whose_code_fails_is_a_notice_on_the_page_not_twice_on_the_console(
    tmp_path: Path, board: FakeBoard, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The registry said it on stderr when it found it; the page says it at start, and
    the table plays the other games."""
    from host.games import registry

    why = "the game in /x/games/broken cannot be loaded (SyntaxError: ...): fix it or remove"
    registry.kinds()  # found (a first look would find it afresh)
    monkeypatch.setitem(registry._BROKEN, "host.games.broken.table_kind", why)
    said: list[str] = []
    table = Table(
        Store(tmp_path / "games.db"), board, window=WINDOW, clock=clock, announce=said.append
    )
    table.start(clock_thread=False)
    assert [(n.level, n.text) for n in table.notices] == [("error", why)]
    assert not [s for s in said if "broken" in s]
    table.act({"do": "new_game", "setup": {"players": PLAYERS}})
    assert table.game is not None


def test_a_press_that_crossed_another_doors_move_is_not_taken_for_the_next_step(
    table: Table, board: FakeBoard, clock: Clock
) -> None:
    """A real table: several phones, and the players' buttons. Ann presses her button to
    use her result just as the correction window ends (or as a phone taps "use it now");
    Bob presses his to end his throws just as a phone ends them. Before, the press was
    taken for whatever the button meant once it was handled: Ann's ended her turn (her buy
    lost), Bob's used his result at once (the window closed before anyone could fix a
    die). A press that reaches the host within RACE_S of another door's move that changed
    what it means was pressed before its presser could see that move: it is said, not
    done. Pressed again once the move is seen, or pressed twice in a row, it is taken; so
    is one that did nothing before the move, or came after a throw the camera read since
    (pressed for the dice its presser sees)."""
    presses = iter(range(1, 100))

    def press(seat: int, after: float = 0.1) -> None:
        clock.advance(after)
        board.pressed.append(ButtonPress(seat, f"1A2B3C4D/{next(presses):02X}"))
        table.tick()

    table.act({"do": "throw", "faces": ["1", "1", "1", "2", "claw", "heart"]})
    press(0, after=1)  # Ann ends her throws: held
    assert table.holding == {"type": "resolve", "player": "Ann"}
    clock.advance(WINDOW)
    table.tick()  # the window ends: resolved by the clock
    press(0)  # ...as Ann's press to use it now was on its way
    assert [i["type"] for i in stored(table)] == ["throw", "resolve"]  # no end of the turn
    said = table.notices[-1].text
    assert "Ann's button came just as the game moved on (the correction window's end)" in said
    assert said.endswith("; the game waits for Ann: end the turn")
    assert "end_turn" in [a["kind"] for a in table.view()["game"]["answers"]]
    press(0, after=2)  # pressed again, the move seen: her turn ends
    assert stored(table)[-1] == {"type": "end_turn", "player": "Ann"}

    clock.advance(5)
    table.act({"do": "throw", "faces": ["2", "2", "2", "3", "energy", "heart"]})
    table.act({"do": "input", "input": {"type": "resolve", "player": "Bob"}})  # a phone
    press(1)  # Bob's button, crossing it: his result is not used at once
    assert table.holding == {"type": "resolve", "player": "Bob"}
    assert "Bob's button came just as the game moved on (a tap on a page)" in table.notices[-1].text
    press(1, after=1)  # seen: the result is used now, as a press in the window does
    assert table.holding is None and stored(table)[-1]["type"] == "resolve"
    press(1, after=1)
    assert stored(table)[-1] == {"type": "end_turn", "player": "Bob"}

    clock.advance(5)
    table.act({"do": "throw", "faces": ["3", "3", "3", "1", "energy", "heart"]})  # a phone
    press(2)  # her button did nothing before: pressed for the dice she sees, it is taken
    assert table.holding == {"type": "resolve", "player": "Cat"}
    press(2)  # Cat's own second press uses the result
    assert table.holding is None and stored(table)[-1] == {"type": "resolve", "player": "Cat"}
    press(2, after=1)  # her turn ends

    clock.advance(5)
    assert table.camera_event(seen(["2", "2", "2", "1", "energy", "heart"])) == "read"
    table.act({"do": "input", "input": {"type": "resolve", "player": "Dan"}})  # a phone...
    table.act({"do": "undo"})  # ...then "not yet: more throws"
    table.camera_event(seen(["2", "claw"], ["2", "2", "2", "energy"]))  # Dan threw again
    press(3)  # for the dice he sees: the camera's reading came after the phone's taps
    assert table.holding == {"type": "resolve", "player": "Dan"}
    assert len(board.done_presses) == 10 and not board.given_back  # each one acknowledged


def test_two_catches_pressed_at_once_the_second_is_not_taken_for_a_draw(
    tmp_path: Path, board: FakeBoard, clock: Clock
) -> None:
    """KaTO: Ann went down to one card and did not call; Dan and Cat press their buttons
    at once to catch her. Dan's press comes first and catches her; Cat's, whose turn it
    is, meant a catch too. Before, it was taken for what her button means now (draw a
    card): she drew. Now it is said and not done."""
    table = new_table(tmp_path / "games.db", board, clock)
    players = [{"name": n} for n in ("Ann", "Bob", "Cat", "Dan")]
    setup = {"players": players, "first_player": "Ann", "options": {"hand_size": 3}}
    table.act({"do": "new_game", "game": "kato", "setup": setup})
    red = lambda v: {"color": "red", "value": v}  # noqa: E731
    for inp in [
        {"type": "turn_up", "player": "Dan", "card": red("7")},
        {"type": "play", "player": "Ann", "card": red("3")},
        {"type": "play", "player": "Bob", "card": red("4")},
        {"type": "draw", "player": "Cat"},
        {"type": "play", "player": "Dan", "card": red("5")},
        {"type": "play", "player": "Ann", "card": red("6")},  # down to one card, no call
        {"type": "play", "player": "Bob", "card": red("8")},  # Bob began: she may be caught
    ]:
        table.act({"do": "input", "input": inp})
    clock.advance(2)
    board.pressed += [ButtonPress(3, "1A2B3C4D/01"), ButtonPress(2, "1A2B3C4D/02")]
    table.tick()
    assert stored(table)[-1] == {"type": "catch", "player": "Dan", "target": "Ann"}
    assert "Cat's button came just as the game moved on (Dan's button)" in table.notices[-1].text
    assert len(board.done_presses) == 2


def test_a_stale_action_says_what_moved_the_table_since_in_the_readers_language(
    table: Table, board: FakeBoard, clock: Clock
) -> None:
    """Several phones, the buttons, the camera and the clock act on one game. An action
    made against a state gone by is refused; it said only "someone acted first, or it was
    sent twice". Now it says who: another page, this device (a second tap), a player's
    button, the camera, the correction window's end."""

    def stale(action: dict[str, Any], was: int, client: str) -> Refused:
        with pytest.raises(Refused, match="nothing was done") as refused:
            table.act({**action, "version": was}, "page", client)
        return refused.value

    said = lambda refusal, lang="en": str(localize(refusal.args[0], lang))  # noqa: E731
    use = {"do": "input", "input": {"type": "resolve", "player": "Ann"}}
    was = table.version
    table.camera_event(seen(["1", "1", "1", "2", "claw", "heart"]))
    refused = stale(use, was, "192.168.1.21")
    assert "the table changed before this arrived (the camera): nothing" in said(refused)
    was = table.version
    table.act({**use, "version": was}, "page", "192.168.1.20")  # a phone ends the throws
    assert "(another page)" in said(stale(use, was, "192.168.1.21"))
    assert "(sent twice from this device)" in said(stale(use, was, "192.168.1.20"))
    assert "（別のページ）" in said(stale(use, was, "192.168.1.21"), "ja")
    was = table.version
    clock.advance(WINDOW + 1)
    table.tick()  # the window ends: the result is used
    board.pressed.append(ButtonPress(0, "1A2B3C4D/01"))
    clock.advance(2)
    table.tick()  # Ann's button ends her turn
    end = {"do": "input", "input": {"type": "end_turn", "player": "Ann"}}
    refused = stale(end, was, "192.168.1.21")
    assert "(the correction window's end and Ann's button)" in said(refused)
    assert "(la fin du délai de correction et le bouton d'Ann)" in said(refused, "fr")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "unknown card 'Nope' (see the card list in docs/game-script.md); "
            "the game waits for Ann: end the turn",
        ),
        (
            "fr",
            "carte inconnue «\u00a0Nope\u00a0» (voir la liste des cartes dans "
            "docs/game-script.md)\u00a0; la partie attend Ann\u00a0: finissez le tour",
        ),
        (
            "ja",
            "不明なカード「Nope」です（カードの一覧は docs/game-script.md にあります）。"
            "ゲームは次を待っています。Ann：ターンを終える",
        ),
    ],
)
def test_a_refusal_says_what_the_game_waits_for_in_one_sentence(
    table: Table, lang: str, said: str
) -> None:
    """A refusal is one sentence: the engine's reason (which may end in brackets of its
    own), then what the game waits for. It said '... (voir la liste des cartes ...) (la
    partie attend : Ann : finissez le tour)', a second pair of brackets after the first
    (audit39)."""
    table.act({"do": "throw", "faces": ["1", "2", "3", "claw", "heart", "energy"]})
    table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})
    table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})  # used now
    with pytest.raises(Refused) as refused:
        table.act({"do": "input", "input": {"type": "buy", "player": "Ann", "card": "Nope"}})
    assert str(localize(refused.value.args[0], lang)) == said


def test_the_camera_follows_a_beast_s_one_die_thrown_once_more(
    tmp_path: Path, board: FakeBoard, clock: Clock
) -> None:
    """The transformation card: a beast picks one die on the page after its throw; the
    camera then expects the turn's dice lying and reads that die alone thrown again, the
    others kept (as a curse's forced rethrow); the throws go on as before."""
    table = new_table(tmp_path / "games.db", board, clock)
    setup = {
        "players": PLAYERS[:2],
        "options": {"transformation": True},
        "position": {"active_player": "Ann", "monsters": {"Ann": {"form": "beast"}}},
    }
    table.act({"do": "new_game", "game": "king-of-tokyo", "setup": setup})
    clock.advance(1)
    table.camera_event(seen(["1", "1", "2", "heart", "claw", "claw"]))
    table.act({"do": "input", "input": {"type": "beast_reroll", "player": "Ann", "face": "2"}})
    assert table.game is not None
    assert table.game.expected_dice() == DiceExpectation("kot", {"black": 6, "green": 0}, "Ann")
    table.camera_event(seen(["1"], ["1", "1", "heart", "claw", "claw"]))
    assert stored(table)[-1] == {
        "type": "throw",
        "player": "Ann",
        "thrown": ["1"],
        "kept": ["1", "1", "heart", "claw", "claw"],
    }
    assert state(table)["dice"] == ["1", "1", "1", "heart", "claw", "claw"]
    assert state(table)["throws"] == 1 and table.holding is None  # two throws left
