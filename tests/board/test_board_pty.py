"""End to end over a real pseudo-terminal: the host link (pyserial) and the firmware
running under real MicroPython in the virtual board."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator

import pytest

from firmware.board import SHOWING
from host.board.link import BoardLink
from host.board.virtual import VirtualBoard
from host.games import BoardDisplay, SeatDisplay

GAME = BoardDisplay(
    seats=[
        SeatDisplay("1012", (255, 0, 0)),
        SeatDisplay("8.3", (0, 255, 0), blink=True),
        SeatDisplay("-0"),
    ],
    extra_leds=[(255, 255, 0), (0, 0, 0)],
)
GAME_SHOWN = ["1012", "  8.3", "  -0", "    ", "    ", "    "]


def eventually(check: Callable[[], bool], timeout: float = 3.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return check()


@pytest.fixture
def board() -> Iterator[VirtualBoard]:
    with VirtualBoard() as virtual:
        yield virtual


@pytest.fixture
def link(board: VirtualBoard) -> Iterator[BoardLink]:
    with BoardLink.open(board.port) as opened:
        yield opened


def test_a_game_state_sent_by_the_host_shows_the_right_digits(
    board: VirtualBoard, link: BoardLink
) -> None:
    link.show(GAME)
    assert link.wait_shown(2.0)
    assert board.shown() == GAME_SHOWN
    assert "seat 1  LED red" in board.render()


def test_the_terminal_drawing_says_what_each_led_was_told_blinking_or_not(
    board: VirtualBoard, link: BoardLink
) -> None:
    """A blinking LED is drawn as told at any instant (lit or dark now); the extra LEDs a
    display does not use are not drawn."""
    link.show(GAME)
    assert link.wait_shown(2.0)
    for _ in range(3):  # the drawing is the same whether the LED is lit at this instant
        drawn = board.render()
        assert "seat 2  LED green, blinking" in drawn and "seat 3  LED off" in drawn
        assert drawn.splitlines()[-1] == "extra 1: yellow   extra 2: off"
        time.sleep(0.3)
    link.show(BoardDisplay(seats=[SeatDisplay("  12", (255, 160, 0)), SeatDisplay("P  4")]))
    assert link.wait_shown(2.0)
    drawn = board.render(seats=2)
    assert "seat 1  LED yellow" in drawn and "extra" not in drawn, drawn


def test_the_extra_leds_are_said_by_the_game_s_names_in_the_terminal_s_language(
    board: VirtualBoard, link: BoardLink
) -> None:
    """King of Tokyo's extra LEDs drawn by their names in the game's words: a Japanese
    terminal read 'Tokyo City：黄   Tokyo Bay：消灯' (the pin map's English labels)."""
    from host.games.kind import extra_leds_of
    from host.games.registry import kinds
    from host.text import choose

    names = extra_leds_of(kinds()["king-of-tokyo"])
    link.show(GAME)
    assert link.wait_shown(2.0)
    assert board.render(extra_names=names).splitlines()[-1] == (
        "Tokyo City: yellow   Tokyo Bay: off"
    )
    try:
        choose("ja")
        assert (
            board.render(extra_names=names).splitlines()[-1]
            == "トーキョー：黄色   トーキョーベイ：消灯"
        )
        assert board.render().splitlines()[-1] == "追加1：黄色   追加2：消灯"
        choose("fr")
        last = board.render(extra_names=names).splitlines()[-1]
        assert last == "Tokyo City\u00a0: jaune   Tokyo Bay\u00a0: éteinte"
    finally:
        choose(None)


def test_a_press_reaches_the_host_once_and_the_board_keeps_it_until_acknowledged(
    board: VirtualBoard, link: BoardLink
) -> None:
    link.show(GAME)
    assert link.wait_shown(2.0)
    board.press(1)
    press = link.next_press(timeout=2.0)
    assert press is not None and press.seat == 1
    assert link.next_press(timeout=0.6) is None  # resent meanwhile, but delivered once
    assert board.snapshot()["pending_presses"] == 1  # the host has not said it is done
    link.acknowledge(press)
    assert eventually(lambda: board.snapshot()["pending_presses"] == 0)


def test_a_host_started_afresh_gets_the_press_the_last_one_did_not_finish(
    board: VirtualBoard,
) -> None:
    with BoardLink.open(board.port) as first:
        assert first.wait_board(3.0)
        board.press(2)
        press = first.next_press(timeout=2.0)
        assert press is not None  # ...and the host dies before it is done with it
    with BoardLink.open(board.port) as second:  # the host started again
        again = second.next_press(timeout=2.0)
        assert again is not None and again.key == press.key  # the same press, by its name
        second.acknowledge(again)
        assert eventually(lambda: board.snapshot()["pending_presses"] == 0)


def test_a_lost_press_acknowledgement_is_said_again_and_the_press_delivered_once(
    board: VirtualBoard, link: BoardLink
) -> None:
    assert link.wait_board(3.0)
    board.lose("K", 1)
    board.press(0)
    press = link.next_press(timeout=2.0)
    assert press is not None
    link.acknowledge(press)  # lost on the way
    assert eventually(lambda: board.snapshot()["pending_presses"] == 0)
    assert board.snapshot()["lost"] == 1
    assert link.next_press(timeout=0.5) is None


def test_a_board_reset_mid_game_gets_the_full_state_back_within_1_s(
    board: VirtualBoard, link: BoardLink
) -> None:
    link.show(GAME)
    assert link.wait_shown(2.0)
    first_boot = link.status.boot_id
    boots = board.snapshot()["boots"]
    board.reset()
    started = time.monotonic()
    assert board.snapshot()["boots"] == boots + 1  # the firmware started afresh
    assert eventually(lambda: board.shown() == GAME_SHOWN, timeout=1.0)
    assert time.monotonic() - started < 1.0
    assert link.status.boot_id not in (None, first_boot)


def test_heartbeats_both_ways_keep_an_idle_game_shown_and_the_link_connected(
    board: VirtualBoard, link: BoardLink
) -> None:
    link.show(GAME)
    assert link.wait_shown(2.0)
    boots = board.snapshot()["boots"]
    deadline = time.monotonic() + 4.5  # past the board's 3 s and the host's 3 s timeouts
    while time.monotonic() < deadline:
        snapshot = board.snapshot()
        assert snapshot["mode"] == SHOWING and snapshot["shown"] == GAME_SHOWN
        assert link.status.connected
        time.sleep(0.1)
    assert board.snapshot()["boots"] == boots and link.status.in_sync


def test_unplug_and_replug_shows_the_state_again(board: VirtualBoard, link: BoardLink) -> None:
    link.show(GAME)
    assert link.wait_shown(2.0)
    board.unplug()
    assert eventually(lambda: not link.status.connected)
    changed = BoardDisplay([SeatDisplay("9999", (0, 0, 255))])
    link.show(changed)  # the game goes on while the board is away
    board.replug()
    assert eventually(lambda: board.shown()[0] == "9999", timeout=5.0)
    # the new boot's hello may come after the acknowledgement: one more resend, then in sync
    assert eventually(lambda: link.status.connected and link.status.in_sync, timeout=1.0)
    assert link.status.reconnects == 1


def test_garbage_mid_stream_never_shows_wrong_digits(board: VirtualBoard, link: BoardLink) -> None:
    rng = random.Random(7)
    states = [BoardDisplay([SeatDisplay(f"{n:4d}")]) for n in range(10, 16)]
    allowed = {f"{n:4d}" for n in range(10, 16)} | {"    ", "-   ", " -  ", "  - ", "   -"}
    for state in states:
        link.show(state)
        board.inject(bytes(rng.randrange(256) for _ in range(300)))
        for _ in range(5):
            assert board.shown()[0] in allowed
            time.sleep(0.01)
        assert link.wait_shown(2.0)
        assert board.shown()[0] == link_text(state)
    assert board.snapshot()["dropped"] > 0  # the garbage did reach the firmware


def link_text(state: BoardDisplay) -> str:
    return state.seats[0].text


def test_a_press_whose_first_report_is_lost_arrives_exactly_once(
    board: VirtualBoard, link: BoardLink
) -> None:
    link.show(GAME)
    assert link.wait_shown(2.0)
    board.lose("P", 1)
    board.press(2)
    press = link.next_press(timeout=2.0)
    assert press is not None and press.seat == 2
    assert board.snapshot()["lost"] == 1  # the first report really was lost
    link.acknowledge(press)
    assert link.next_press(timeout=0.7) is None


def test_a_firmware_failure_shows_the_error_pattern_then_resets_and_recovers(
    board: VirtualBoard, link: BoardLink
) -> None:
    link.show(GAME)
    assert link.wait_shown(2.0)
    first_boot = link.status.boot_id
    board.fail_bus()
    link.show(BoardDisplay([SeatDisplay("2222")]))  # the write that fails
    assert eventually(lambda: board.shown() == ["Err "] * 6, timeout=1.0)
    assert eventually(lambda: board.shown()[0] == "2222", timeout=4.0)
    assert link.status.boot_id != first_boot
    assert "OSError" in (link.status.last_error or "")
