"""Guessing the table PIN: from many addresses at once (Linux routes every 127.0.0.x, so
each is another device to the server) it is as slow as from one, and longer PINs."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from host.app import pins
from host.app.pins import PinCheck
from host.app.store import Store
from host.app.table import Table
from tests.app.browser import PLAYERS, Served, served
from tests.app.fakes import FakeBoard


@pytest.fixture
def s(tmp_path: Path) -> Iterator[Served]:
    with served(tmp_path) as table:
        table.table.act({"do": "new_game", "setup": {"players": PLAYERS, "first_player": "Ann"}})
        yield table


def post(s: Served, path: str, body: dict[str, Any], source: str, pin: str = "") -> tuple[int, str]:
    port = s.web.address[1]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    conn.request("POST", path, json.dumps(body), {"X-Table-PIN": pin})
    response = conn.getresponse()
    said = json.loads(response.read()).get("error", "")
    conn.close()
    return response.status, said


def wrong(right: str) -> Iterator[str]:
    for n in range(10_000):
        if f"{n:04d}" != right:
            yield f"{n:04d}"


def test_guesses_from_rotating_addresses_are_limited_for_the_whole_table(s: Served) -> None:
    """30 devices guess 4 PINs each (under each one's own limit of 5): only the table's
    20 a minute are tried; then PIN entry waits for every device not unlocked yet, while
    a device unlocked before goes on playing."""
    right = s.table.store.pin or ""
    assert post(s, "/api/login", {"pin": right}, "127.0.0.1")[0] == 200  # a player's phone
    guesses = wrong(right)
    answers = [
        post(s, "/api/login", {"pin": next(guesses)}, f"127.0.0.{10 + device}")
        for device in range(30)
        for _ in range(4)
    ]
    tried = [said for status, said in answers if status == 403]
    waited = [said for status, said in answers if status == 429]
    assert len(tried) == pins.TABLE_WRONG and all("wrong PIN" in said for said in tried)
    assert len(waited) == 120 - pins.TABLE_WRONG
    assert all("too many wrong PINs at this table" in said for said in waited)
    # even the right PIN waits, from a device that had not given it yet
    status, said = post(s, "/api/login", {"pin": right}, "127.0.0.99")
    assert status == 429 and "devices already unlocked go on" in said
    action = {"do": "throw", "faces": ["1", "1", "1", "2", "2", "2"], "version": s.table.version}
    assert post(s, "/api/action", action, "127.0.0.1", right)[0] == 200


def test_wrong_pins_from_one_device_wait_longer_each_time() -> None:
    now = [0.0]
    check = PinCheck(announce=lambda s: None, clock=lambda: now[0])
    waits = []
    for _ in range(3):
        for _ in range(pins.DEVICE_WRONG):
            assert check.problem("phone", "0000", "1234") == (403, pins.WRONG)
        status, said = check.problem("phone", "1234", "1234") or (0, "")
        assert status == 429 and "from this device" in said
        waits.append(check.devices["phone"].until - now[0])
        now[0] = check.devices["phone"].until  # waited out
    assert waits == [60, 120, 240]
    assert check.problem("phone", "1234", "1234") is None


def test_devices_long_quiet_are_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pins, "KEPT_DEVICES", 10)
    now = [0.0]
    check = PinCheck(announce=lambda s: None, clock=lambda: now[0])
    for n in range(10):
        check.problem(f"device {n}", "0000", "1234")
    now[0] = 50.0
    for _ in range(5):
        check.problem("waiting", "0000", "1234")  # its fifth: it waits a minute
    now[0] = 70.0
    check.problem("one more", "0000", "1234")
    assert set(check.devices) == {"waiting", "one more"}
    assert check.problem("waiting", "1234", "1234") is not None  # still waits


def test_searching_a_four_digit_pin_from_any_number_of_addresses_takes_days() -> None:
    """The attack that found a 4-digit PIN in 10 s: a fresh address for every guess,
    each guess as soon as the table takes one. Half the PINs tried takes over a week."""
    now = [0.0]
    said: list[str] = []
    check = PinCheck(announce=said.append, clock=lambda: now[0])
    guesses = iter(f"{n:04d}" for n in range(10_000))
    tried = 0
    while tried < 5_000:
        answer = check.problem(f"10.0.{tried // 250}.{tried % 250}", next(guesses), "9999")
        if answer is not None and answer[0] == 429:
            now[0] = check.table.until  # wait it out
            continue
        tried += 1
        now[0] += 0.002  # a guess every 2 ms otherwise
    assert now[0] > 7 * 24 * 3600, f"{now[0] / 3600:.0f} hours"
    assert said and "--pin-length 6" in said[0]  # the console says what to do


def test_a_longer_pin_is_drawn_for_each_game(tmp_path: Path) -> None:
    board = FakeBoard()
    table = Table(Store(tmp_path / "games.db"), board, pin_length=6, announce=lambda s: None)
    table.start(clock_thread=False)
    first = table.store.pin or ""
    assert len(first) == 6 and first.isdigit()
    table.act({"do": "new_game", "setup": {"players": PLAYERS[:2]}})
    pin = table.store.pin or ""
    assert len(pin) == 6 and pin != first
    assert board.texts() == [pin[:3] + ".", pin[3:]]  # read across two displays
    table.close()
