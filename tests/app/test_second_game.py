"""A second game, used only by the tests (tests/games/piprace: two pip dice, face set
d6-pips), plugs in without touching the app, the page or the camera code: it joins the
registry the documented way (DICETABLE_GAMES) and is played end to end: set up on the
page, its throws read by the camera from frames our renderer drew from its script, a
misread die fixed on the page, a result counted with a tap, another with the button of the
virtual board (the real firmware under MicroPython), in real Chromium; and as a recorded
session replayed by `dicetable play` with the page following live."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from host import recording
from host.app.board_seam import LinkBoard, open_board
from host.app.camera import DiceWatcher
from host.app.store import Store
from host.app.table import Table
from host.app.web import WebServer
from host.games.registry import GAMES_ENV, kind_named
from tests.app.browser import open_page
from tests.app.running import final, played_to_the_end
from vision.images import read_image

ROOT = Path(__file__).resolve().parents[2]
MODULE = "tests.games.piprace.table_kind"
pytestmark = pytest.mark.slow


def throw(player: str, thrown: list[str], kept: list[str] | None = None) -> dict[str, Any]:
    return {"type": "throw", "player": player, "thrown": thrown, "kept": kept or []}


def resolve(player: str) -> dict[str, Any]:
    return {"type": "resolve", "player": player}


# Ann 11, Bob 3 + 6 (the 2 thrown again) = 9, Ann 3 more: 14 of 12, Ann wins
SCRIPT: dict[str, Any] = {
    "format": "piprace-game/1",
    "players": [{"name": "Ann", "token": "white"}, {"name": "Bob", "token": "red"}],
    "target": 12,
    "seed": 5,
    "inputs": [
        throw("Ann", ["6", "5"]),
        resolve("Ann"),
        throw("Bob", ["2", "3"]),
        throw("Bob", ["6"], ["3"]),
        resolve("Bob"),
        throw("Ann", ["1", "2"]),
        resolve("Ann"),
    ],
}


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> recording.Session:
    assert MODULE in os.environ.get(GAMES_ENV, "").split(","), "tests/conftest.py registers it"
    return recording.render_session(SCRIPT, tmp_path_factory.mktemp("piprace") / "session")


def test_played_on_the_page_with_the_camera_and_the_virtual_board(
    browser: Browser, session: recording.Session, tmp_path: Path
) -> None:
    board = open_board("virtual")
    assert isinstance(board, LinkBoard) and board.virtual is not None
    table = Table(Store(tmp_path / "games.db"), board, window=30, announce=lambda s: None)
    table.start()
    first_pin = table.store.pin or ""
    web = WebServer(table, port=0)
    web.start()
    watcher = DiceWatcher()  # no face set until the game names one
    table.on_expect(watcher.expect)
    throws = iter([s.frames for s in session.steps if s.frames])
    frame = [0]

    def camera_sees_next_throw() -> None:
        for path in next(throws):
            for event in watcher.feed(read_image(path), frame[0] / session.fps):
                table.camera_event(event)
            frame[0] += 1

    try:
        page = open_page(browser, web.url, pin=first_pin)
        set_up_on_the_page(page)
        assert table.kind is not None and table.kind.name == "pip-race"
        assert table.store.pin != first_pin  # a new game, a new PIN; the page keeps access
        # Ann's throw, read by the camera from its frames, counted with a tap
        camera_sees_next_throw()
        expect(page.locator("[data-test=result] .die")).to_have_text(["5", "6"])
        expect(page.locator("[data-test=readings] li")).to_have_count(2)
        page.get_by_role("button", name="Count them").click()
        page.get_by_role("button", name="Use it now").click()
        expect(seat(page, "Ann").locator("[data-dial=points]")).to_have_text("★ 11/12")
        # Bob throws twice (the second throw keeps the 3): the last throw ends the throws;
        # the 6 is fixed to a 5 on the page in the correction window, then used
        camera_sees_next_throw()
        expect(page.locator("[data-test=result]")).to_contain_text("throw 1 of 2")
        camera_sees_next_throw()
        expect(page.locator("[data-test=countdown]")).to_be_visible()
        fix = page.locator(".answer[data-kind=correct]")
        fix.locator("[data-from='6'] button[data-face='5']").click()
        expect(page.locator("[data-test=result] .die")).to_have_text(["3", "5"])
        page.get_by_role("button", name="Use it now").click()
        expect(seat(page, "Bob").locator("[data-dial=points]")).to_have_text("★ 8/12")
        # Ann's last throw, counted with her button on the virtual board
        camera_sees_next_throw()
        expect(page.locator("[data-test=result] .die")).to_have_text(["1", "2"])
        board.virtual.press(0)
        expect(page.locator("[data-test=countdown]")).to_be_visible()
        page.get_by_role("button", name="Use it now").click()
        expect(page.locator("[data-test=turn]")).to_have_text("Game over: Ann won!")
        # the game's own view, drawn by the page: the race, the points per round
        expect(page.locator("[data-track=race] [data-space='12'] .token")).to_have_text("A")
        expect(page.locator("[data-track=race] [data-space='8'] .token")).to_have_text("B")
        expect(page.locator("[data-table=rounds] tr[data-row=Bob] td")).to_have_text(
            ["8", "0", "8"]
        )
        expect(page.locator("[data-list=last]")).to_contain_text("Ann 3")
        assert table.game_id is not None
        history = table.store.history(table.game_id)
        kinds = [(h["input"]["type"], h["source"]) for h in history if h["undone"] is None]
        assert kinds == [
            ("throw", "camera"),
            ("resolve", "page"),
            ("throw", "camera"),
            ("throw", "camera"),
            ("correct", "page"),
            ("resolve", "page"),
            ("throw", "camera"),
            ("resolve", "page"),
        ]
        board.link.wait_shown(2.0)
        assert [s.strip() for s in board.virtual.shown()[:2]] == ["14", "8"]
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        web.close()
        table.close()
        board.close()


def test_a_recorded_session_replayed_by_dicetable_play(
    browser: Browser, session: recording.Session, tmp_path: Path
) -> None:
    command = [
        sys.executable, "-m", "host", "play", "--camera", str(session.folder), "--board",
        "virtual", "--db", str(tmp_path / "games.db"), "--port", "0", "--speed", "0",
        "--window", "0.3", "--exit-at-end", "--quiet",
    ]  # fmt: skip
    expected = kind_named("pip-race").load(SCRIPT).to_json()
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    lines = played_to_the_end(command, page, env={GAMES_ENV: MODULE})
    state = final(lines, "state")
    assert state == expected and state["winners"] == ["Ann"]
    expect(page.locator("[data-test=turn]")).to_have_text("Game over: Ann won!")
    expect(page.locator("article[data-player=Bob] [data-dial=points]")).to_have_text("★ 9/12")
    shown = final(lines, "board")
    assert [s.strip() for s in shown[:2]] == ["14", "9"]


def set_up_on_the_page(page: Page) -> None:
    """The new-game form, as the game's catalog describes it: the game chosen, the names,
    the tokens, the points to win."""
    page.get_by_role("button", name="Set up a game").click()
    page.select_option("[aria-label=game]", "pip-race")
    expect(page.locator("[data-test=setup-form] h2")).to_have_text("New game of Pip race")
    page.fill("[aria-label='player 1 name']", "Ann")
    page.fill("[aria-label='player 2 name']", "Bob")
    page.select_option("[aria-label='player 2 token']", "red")
    page.fill("[aria-label='points to win']", "12")
    page.click("[data-test=start]")
    expect(page.locator("[data-test=turn]")).to_have_text("Turn 1: Ann")


def seat(page: Page, player: str) -> Any:
    return page.locator(f"article[data-player={player}]")
