"""The table on the real board link: the virtual board (the firmware under real
MicroPython behind a pseudo-terminal) shows the PIN, then the dials, and its buttons
reach the game exactly once."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from host.app.board_seam import LinkBoard, open_board
from host.app.doors import RACE_S
from host.app.store import Store
from host.app.table import Table
from tests.app.browser import PLAYERS, throw_seen
from tests.app.running import PIN, App, until
from tests.app.wire_board import WireBoard

pytestmark = pytest.mark.slow


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    board = open_board("virtual")
    table = Table(
        Store(tmp_path / "games.db"), board, window=0.3, pin_seconds=30, announce=lambda s: None
    )
    table.start()
    yield table
    table.close()
    board.close()


def shown(board: LinkBoard, want: list[str], timeout: float = 5.0) -> list[str]:
    assert board.virtual is not None
    deadline = time.monotonic() + timeout
    while True:
        texts = board.virtual.shown()[: len(want)]
        if texts == want or time.monotonic() > deadline:
            return texts
        time.sleep(0.05)


@contextlib.contextmanager
def playing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, board: str, *more: str
) -> Iterator[App]:
    """A real `dicetable play` on `board`, without a camera, its store, data and settings
    in `tmp_path`, its PIN `PIN`, once its board is connected; killed at the end."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # (the App's process's)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    app = App([sys.executable, "-m", "host", "play", "--board", board, "--camera", "none",
               "--db", str(tmp_path / "games.db"), "--port", "0", "--pin", PIN, *more])  # fmt: skip
    try:
        until(lambda: "connected, firmware" in "".join(app.console), 30, "the board connected")
        yield app
    finally:
        app.kill()


def test_the_pin_then_the_dials_then_a_press_ends_the_throws(table: Table) -> None:
    board = table.board
    assert isinstance(board, LinkBoard) and board.virtual is not None
    assert "virtual board: connected" in board.status() or "not connected" in board.status()
    table.act(
        {
            "do": "new_game",
            "game": "king-of-tokyo",
            "setup": {"players": PLAYERS, "first_player": "Ann"},
        }
    )
    pin = table.store.pin or ""
    assert shown(board, [pin] * 4) == [pin] * 4
    table.camera_event(throw_seen(["1", "1", "1", "claw", "heart", "energy"]))
    assert shown(board, ["10.00"] * 4) == ["10.00"] * 4
    board.virtual.press(0)  # Ann's button, bouncing: ends her throws
    assert table.wait_for(lambda: table.game is not None and len(table.game.log) == 2, 5)
    after = ["10.02", "10.00", "10.00", "10.00"]  # Ann: 1-1-1 and entering Tokyo
    assert shown(board, after) == after
    inputs = table.store.inputs(table.game_id or 0)
    assert [i["type"] for i in inputs] == ["throw", "resolve"]  # one press, one resolve


def test_a_host_restarted_mid_game_shows_the_dials_at_once_not_the_pin(
    table: Table, tmp_path: Path
) -> None:
    """The host restarted (a crash, systemd) while Ann is asked whether she yields Tokyo:
    the board shows the dials and her blinking LED at once, as the game was. Before, it
    showed the PIN as at a game's start, for 8 s or to the next throw: the dials and the
    blink hidden, and her press (she leaves Tokyo) changed nothing on the board."""
    board = table.board
    assert isinstance(board, LinkBoard) and board.virtual is not None
    table.act({"do": "new_game", "game": "king-of-tokyo",
               "setup": {"players": PLAYERS, "first_player": "Ann"}})  # fmt: skip

    def waits(kind: str) -> bool:
        return table.wait_for(
            lambda: (
                table.game is not None and [w.kind for w in table.game.waiting_for()][:1] == [kind]
            ),
            5,
        )

    table.camera_event(throw_seen(["1", "1", "1", "claw", "heart", "energy"]))
    board.virtual.press(0)  # Ann's throw kept: she enters Tokyo
    assert waits("end_turn")
    time.sleep(RACE_S)  # (a press crossing the move before it is not taken)
    board.virtual.press(0)  # and ends her turn
    assert waits("throw")
    table.camera_event(throw_seen(["claw", "claw", "claw", "2", "2", "3"]))
    time.sleep(RACE_S)
    board.virtual.press(1)  # Bob's claws hit Ann, in Tokyo
    assert waits("yield")
    dials = [" 7.02", "10.00", "10.00", "10.00"]
    assert shown(board, dials) == dials
    table.close()  # the host stops; the board, on its own, keeps the port
    again = Table(Store(tmp_path / "games.db"), board, window=0.3, pin_seconds=30,
                  announce=lambda s: None)  # fmt: skip
    again.start()
    try:
        time.sleep(1.0)  # (the PIN, if shown, is shown by now)
        assert shown(board, dials, timeout=1.0) == dials
        assert board.virtual.snapshot()["told"]["blink"][0]  # Ann decides: she blinks
        board.virtual.press(0)  # she leaves Tokyo: Bob enters it
        after = [" 7.02", "10.01", "10.00", "10.00"]
        assert shown(board, after) == after
    finally:
        again.close()


def test_a_game_going_on_opened_from_the_list_shows_its_dials_at_once(table: Table) -> None:
    """A game begun opened again from the page's list of games (the PIN the same): the
    board shows its dials at once; before, the PIN for 8 s, and a press changed nothing
    on the board then."""
    board = table.board
    assert isinstance(board, LinkBoard) and board.virtual is not None
    table.act({"do": "new_game", "game": "king-of-tokyo",
               "setup": {"players": PLAYERS, "first_player": "Ann"}})  # fmt: skip
    first = table.game_id
    table.camera_event(throw_seen(["1", "1", "1", "claw", "heart", "energy"]))
    board.virtual.press(0)  # Ann keeps her throw: she enters Tokyo
    dials = ["10.02", "10.00", "10.00", "10.00"]
    assert shown(board, dials) == dials
    players = [{"name": "Ann"}, {"name": "Bob"}]
    table.act({"do": "new_game", "game": "kato", "setup": {"players": players}})
    pin = table.store.pin or ""
    assert shown(board, [pin] * 2) == [pin] * 2  # a new game: the PIN
    table.act({"do": "open", "id": first})
    assert table.store.pin == pin
    assert shown(board, dials, timeout=1.0) == dials


def test_a_board_port_that_is_not_there_is_named_while_it_is_awaited(tmp_path: Path) -> None:
    board = open_board(str(tmp_path / "ttyACM7"))  # the Pico may be plugged in later
    try:
        assert board.status() == f"board on {tmp_path / 'ttyACM7'}: not connected (looking for it)"
    finally:
        board.close()


def test_a_game_of_more_players_than_seats_shows_the_first_ones_and_says_so(table: Table) -> None:
    board = table.board
    assert isinstance(board, LinkBoard) and board.virtual is not None
    players = [{"name": f"P{k}"} for k in range(1, 9)]  # KaTO takes 2 to 10
    table.act({"do": "new_game", "game": "kato", "setup": {"players": players}})
    table.act({"do": "input", "input": {"type": "turn_up", "player": "P8",
               "card": {"color": "red", "value": "7"}}})  # fmt: skip
    assert shown(board, ["   0"] * 6) == ["   0"] * 6  # the first six seats' scores
    assert "players 7 to 8 have no display or button" in (board.problem or "")


def test_a_virtual_board_whose_process_ends_starts_again_and_the_page_is_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real `dicetable play` whose virtual board's Node process is killed mid-game.
    Before, only the console said so, the page's state kept 'connected', and the board
    stayed dead until dicetable was started again (a Pico unplugged is found again once
    plugged back; the virtual board had nobody to plug it): now it starts again by itself,
    and the page is told both, in its language."""
    with playing(tmp_path, monkeypatch, "virtual") as app:
        setup = {"players": PLAYERS}
        assert app.act({"do": "new_game", "game": "king-of-tokyo", "setup": setup})[0] == 200
        (node,) = _children(app.proc.pid)
        os.kill(node, signal.SIGKILL)  # the board gone, as a cable pulled
        notice = until(lambda: _said(app, "the virtual board stopped"), 15, "said on the page")
        assert notice.endswith("it starts again by itself; answer on the page meanwhile")
        fr = app.call("GET", "/api/state?lang=fr")[1]["notices"]
        assert any(n["text"].startswith("le plateau virtuel s'est arrêté\u00a0: ") for n in fr)
        assert app.act({"do": "throw", "faces": ["claw"] * 6})[0] == 200  # the page goes on
        until(lambda: _said(app, "the board is connected again"), 30, "back, said on the page")
        assert len(_children(app.proc.pid)) == 1 and _children(app.proc.pid) != [node]
        until(lambda: "connected, firmware" in app.state()["board"], 10, "in step again")


def _children(pid: int) -> list[int]:
    return [int(p) for p in os.listdir("/proc") if p.isdigit() and _parent(int(p)) == pid]


def _parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return -1


def _said(app: App, text: str) -> str | None:
    notices = app.state()["notices"]
    return next((n["text"] for n in notices if n["text"].startswith(text)), None)


def test_link_news_says_lost_and_back_of_the_real_link(table: Table) -> None:
    """The virtual board unplugged and replugged (its pty closed and opened again)."""
    from host.app.board_seam import LinkNews

    board = table.board
    assert isinstance(board, LinkBoard) and board.virtual is not None
    news = LinkNews()
    assert _eventually(lambda: board.link_state().connected)
    assert news.said(board.link_state()) == []  # (connected at start: no news)
    board.virtual.unplug()
    assert _eventually(lambda: ": not connected" in board.status(sync=False))
    lost = news.said(board.link_state())
    assert [level for level, _ in lost] == ["warning"]
    assert news.said(board.link_state()) == []  # said once
    board.virtual.replug()
    assert _eventually(lambda: ": connected" in board.status(sync=False))
    assert news.said(board.link_state()) == [
        ("info", "the board is connected again: it shows the game")
    ]


def test_link_news_says_the_board_failed_and_started_again(table: Table) -> None:
    """The firmware failed (an I2C write: a display's cable come loose): the board shows
    `Err `, resets within 2 s and shows the game again, its status as before. Before,
    nothing said so: the display come loose stays dark after the reset (the firmware
    leaves out a display that does not answer), and nobody knew why."""
    from host.app.board_seam import LinkNews

    board = table.board
    assert isinstance(board, LinkBoard) and board.virtual is not None
    table.act({"do": "new_game", "game": "kato",
               "setup": {"players": [{"name": "Ann"}, {"name": "Bob"}]}})  # fmt: skip
    table.act({"do": "input", "input": {"type": "turn_up", "player": "Bob",
               "card": {"color": "red", "value": "7"}}})  # fmt: skip
    assert shown(board, ["   0"] * 2) == ["   0"] * 2
    news = LinkNews()
    assert news.said(board.link_state()) == []
    board.virtual.fail_bus()  # the next write to a display fails
    table.act({"do": "input", "input": {"type": "play", "player": "Ann",
               "card": {"color": "red", "value": "draw2"}}})  # fmt: skip
    assert _eventually(lambda: board.link_state().failures == 1)
    said = news.said(board.link_state())
    assert [(level, str(text)) for level, text in said] == [
        ("warning", "the board failed (OSError) and started again by itself: it shows the "
         "game again; a display that stays dark has come loose: check its cable, then "
         "unplug the board and plug it back"),
    ]  # fmt: skip
    assert news.said(board.link_state()) == []  # said once
    assert shown(board, ["   0", "P  2"]) == ["   0", "P  2"]  # the game again, after the reset


def test_link_news_says_a_display_that_does_not_answer_once() -> None:
    """The board's firmware leaves out a display that did not answer at its start (a cable
    loose) and says which after each hello (`D`, tests/firmware/test_fw_board.py): the page
    and the console are told once, on a real pseudo-terminal. Before, that seat's display
    stayed dark and nothing said why."""
    from firmware import wire
    from host.app.board_seam import LinkNews
    from host.board.link import BoardLink

    with WireBoard() as wired:
        board = LinkBoard(BoardLink.open(wired.port), port=wired.port)
        try:
            news = LinkNews()
            assert _eventually(lambda: board.link_state().connected)
            assert news.said(board.link_state()) == []
            dark = wire.frame(wire.DARK, 0, b"04")  # seat 3's display (bit 2)
            os.write(wired.master, dark)
            assert _eventually(lambda: board.link_state().dark == (2,))
            said = [(level, str(text)) for level, text in news.said(board.link_state())]
            assert said == [
                ("warning", "seat 3's display does not answer, and stays dark: check its "
                 "cable, then unplug the board and plug it back (its LED and button work; "
                 "the page shows the game)"),
            ]  # fmt: skip
            os.write(wired.master, dark)  # after the next hello: the same, said once
            time.sleep(0.3)
            assert news.said(board.link_state()) == []
        finally:
            board.close()


def test_link_news_says_a_board_of_another_firmware_once() -> None:
    """A board flashed before this host's firmware (0.1.0, before the `D` frame) plays,
    but lacks what came since (saying which display stays dark): its hello says its
    version, on a real pseudo-terminal, and the page and the console are told once to
    flash it. Before, nothing said so: `dicetable board flash` alone compared versions."""
    from firmware import VERSION
    from host.app.board_seam import LinkNews
    from host.board.link import BoardLink

    with WireBoard(firmware="0.1.0") as wired:
        board = LinkBoard(BoardLink.open(wired.port), port=wired.port)
        try:
            news = LinkNews()
            assert _eventually(lambda: board.link_state().connected)
            said = [(level, str(text)) for level, text in news.said(board.link_state())]
            assert said == [
                ("warning", f"the board runs firmware 0.1.0, this host carries {VERSION}: "
                 "flash it between games (dicetable board flash)"),
            ]  # fmt: skip
            time.sleep(0.6)  # (another hello)
            assert news.said(board.link_state()) == []  # said once
        finally:
            board.close()
    with WireBoard() as wired:  # this host's own firmware: nothing to say
        board = LinkBoard(BoardLink.open(wired.port), port=wired.port)
        try:
            news = LinkNews()
            assert _eventually(lambda: board.link_state().connected)
            assert news.said(board.link_state()) == []
        finally:
            board.close()


def test_link_news_says_back_and_garbled_when_both_come_at_once() -> None:
    """A board back on its cable whose first lines did not read: before, the news was read
    off the status text and the garbled line's notice took the place of 'connected again'
    (the page never heard the board was back). Now each is said."""
    from host.app.board_seam import LinkNews, LinkState

    news = LinkNews()
    assert news.said(LinkState(connected=True)) == []
    assert [level for level, _ in news.said(LinkState(connected=False))] == ["warning"]
    both = news.said(LinkState(connected=True, garbled=1))
    assert [text.split(":")[0] for _, text in both] == [
        "the board is connected again",
        "the board sent a line that does not read (a button press of no seat)",
    ]
    assert news.said(LinkState(connected=True, garbled=1)) == []  # (each said once)


def _eventually(check: Callable[[], bool], timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_the_folder_a_virtual_board_killed_left_is_removed_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real `dicetable play` with the virtual board, SIGKILLed: before, each kill left
    its board's folder (/tmp/dicetable-vboard-*, the flash's firmware: 72 KB) for good.
    Now the next start removes those of processes no longer alive; a live one's stays."""
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # (the App's process's temporary folder)
    live = tmp_path / f"dicetable-vboard-{os.getpid()}-alive"  # (this process lives)
    live.mkdir()
    with playing(tmp_path, monkeypatch, "virtual"):
        pass  # (killed)
    (left,) = [p for p in tmp_path.glob("dicetable-vboard-*") if p != live]
    # (left: its size is not asked, a board's reset rewrites its flash folder, and a kill
    # during the rewrite leaves part of it: 382 bytes once on a clean clone)
    assert left.is_dir()
    with playing(tmp_path, monkeypatch, "virtual"):
        assert not left.exists() and live.is_dir()
        assert len([p for p in tmp_path.glob("dicetable-vboard-*") if p != live]) == 1  # its own


def test_a_press_of_no_seat_is_said_as_a_garbled_line_not_as_button_0(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real `dicetable play` on a board at a real pseudo-terminal, the test speaking the
    wire protocol as a board whose firmware sends a press whose seat is no hex digit ('x',
    its CRC right). Before: it was delivered as seat -1, said 'button 0: nobody sits
    there', and never acknowledged had it been refused. Now it is a garbled line: said
    as one, with what to do, acknowledged (the presses behind it come), and a good press
    after it is done."""
    with WireBoard() as board, playing(tmp_path, monkeypatch, board.port) as app:
        setup = {"players": PLAYERS}
        assert app.act({"do": "new_game", "game": "king-of-tokyo", "setup": setup})[0] == 200
        board.send(7, b"x")
        notice = until(lambda: _said(app, "the board sent a line that does not read"), 15, "said")
        assert notice.endswith("flash the board's firmware again (dicetable board flash)")
        until(lambda: board.acknowledged(7), 10, "acknowledged")
        assert "garbled lines ignored: 1" in app.state()["board"]
        board.send(8, b"0")  # the next press: Ann's button
        until(lambda: _said(app, "Ann's button"), 15, "done")
        assert not any("button 0" in n["text"] for n in app.state()["notices"])


def test_a_press_crossing_a_phones_tap_for_the_same_decision_is_not_taken_for_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real `dicetable play` (King of Tokyo with cultists and wickedness) on a board at a
    real pseudo-terminal, the test speaking the wire protocol as the board does (each press
    sent again every 0.25 s until acknowledged). Ann's result waits in the correction
    window; a phone taps "use it now" and, at that moment, Ann presses her button for the
    same. Before, the press came second and ended her turn: her buy lost, Bob to throw.
    Now it is said on the pages (in each one's language), acknowledged, and not done; her
    press after it, once the change is seen, ends her turn."""
    with (
        WireBoard("5E5E5E5E") as board,
        playing(tmp_path, monkeypatch, board.port, "--window", "60") as app,
    ):
        options = {"cultists": True, "wickedness": "front", "table_deck": False}
        setup = {"players": PLAYERS, "first_player": "Ann", "options": options}
        assert app.act({"do": "new_game", "game": "king-of-tokyo", "setup": setup})[0] == 200
        assert app.act({"do": "throw", "faces": ["1", "1", "1", "2", "claw", "heart"]})[0] == 200
        ended = {"do": "input", "input": {"type": "resolve", "player": "Ann"}}
        assert app.act(ended)[0] == 200  # "use this result": held for the window
        assert app.state()["game"]["window"]["player"] == "Ann"
        assert app.act(ended)[0] == 200  # a phone: "use it now"...
        board.press(1, 0)  # ...and Ann's button, pressed at the same moment, for the same
        types = [e["input"]["type"] for e in app.log()]
        assert types == ["throw", "resolve"]  # her turn goes on: her buy
        notice = _said(app, "Ann's button came just as the game moved on (a tap on a page)")
        assert notice is not None and notice.endswith("; the game waits for Ann: end the turn")
        app.conn.request("GET", "/api/state", headers={"Accept-Language": "ja"})
        said = [n["text"] for n in json.loads(app.conn.getresponse().read())["notices"]]
        assert any(t.startswith("Annのボタンはゲームが進んだのと同時に届きました") for t in said)
        time.sleep(RACE_S)  # the change seen on the board: the next press is meant for it
        board.press(2, 0)
        assert app.log()[-1]["input"] == {"type": "end_turn", "player": "Ann"}
