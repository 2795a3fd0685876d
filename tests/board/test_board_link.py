"""BoardLink's bookkeeping against a scripted serial port: exactly-once presses, resending
after a new boot id, refusing displays the board cannot show."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from firmware import wire
from host.board import link as link_module
from host.board.link import BoardLink, find_pico_ports
from host.games import BoardDisplay, SeatDisplay


class ScriptedSerial:
    """A serial port whose incoming bytes the test writes; outgoing frames are kept."""

    def __init__(self) -> None:
        self.incoming = bytearray()
        self.written: list[bytes] = []
        self.lock = threading.Lock()
        self.unplugged = False  # reads then fail, as pyserial's do when the cable is pulled

    @property
    def in_waiting(self) -> int:
        return len(self.incoming)

    def read(self, n: int) -> bytes:
        if self.unplugged:
            raise OSError("device reports readiness to read but returned no data")
        with self.lock:
            data = bytes(self.incoming[:n])
            del self.incoming[:n]
        if not data:
            time.sleep(0.002)
        return data

    def write(self, data: bytes) -> int:
        with self.lock:
            self.written.append(data)
        return len(data)

    def close(self) -> None:
        pass

    def board_says(self, kind: int, seq: int, payload: bytes = b"") -> None:
        with self.lock:
            self.incoming += wire.frame(kind, seq, payload)

    def sent(self, kind: int) -> list[int]:
        """Seqs of the frames of one kind the host wrote."""
        with self.lock:
            # each write is one whole frame: '@', version, kind, seq, ...
            return [wire.hex_value(f, 3, 2) for f in self.written if f[2] == kind]


# how long a wait that must succeed may take: it returns as soon as it does, so this only
# matters on a loaded machine (a waiting test that fails says nothing of the link)
SOON = 10.0


def hello(boot_id: str, showing: bool = False, seq: int = 0) -> tuple[int, int, bytes]:
    return (wire.HELLO, seq, f"{boot_id}62{int(showing)}0.1.0".encode())


def eventually(check: object, timeout: float = SOON) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return True
        time.sleep(0.01)
    return False


@pytest.fixture
def port() -> ScriptedSerial:
    return ScriptedSerial()


@pytest.fixture
def link(port: ScriptedSerial) -> Iterator[BoardLink]:
    with BoardLink.open("scripted", opener=lambda _: port) as opened:
        yield opened


def test_a_press_is_acknowledged_only_once_the_app_is_done_with_it(
    port: ScriptedSerial, link: BoardLink
) -> None:
    """A press acknowledged on arrival was lost if the host died before committing it."""
    port.board_says(*hello("0000AAAA"))
    port.board_says(wire.PRESS, 0, b"3")
    press = link.next_press(timeout=SOON)
    assert press is not None and (press.seat, press.key) == (3, "0000AAAA/00")
    port.board_says(wire.PRESS, 0, b"3")  # resent while the app handles it: no news
    assert link.next_press(timeout=0.2) is None
    assert port.sent(wire.PRESS_ACK) == []  # not done yet: the board keeps it
    link.acknowledge(press)
    assert eventually(lambda: port.sent(wire.PRESS_ACK) == [0])
    port.board_says(wire.PRESS, 0, b"3")  # our acknowledgement was lost: sent again
    assert eventually(lambda: port.sent(wire.PRESS_ACK) == [0, 0])
    port.board_says(wire.PRESS, 1, b"4")
    second = link.next_press(timeout=SOON)
    assert second is not None and second.key == "0000AAAA/01"
    assert link.next_press(timeout=0.2) is None


def test_a_press_the_app_could_not_do_comes_again_with_its_resend(
    port: ScriptedSerial, link: BoardLink
) -> None:
    port.board_says(*hello("0000AAAA"))
    port.board_says(wire.PRESS, 0, b"2")
    press = link.next_press(timeout=SOON)
    assert press is not None
    link.release(press)  # (the store was full)
    port.board_says(wire.PRESS, 0, b"2")
    again = link.next_press(timeout=SOON)
    assert again == press and port.sent(wire.PRESS_ACK) == []


def test_a_press_before_the_board_said_who_it_is_waits_and_asks(
    port: ScriptedSerial, link: BoardLink
) -> None:
    """A host just started (the board, not told, resends a press it had): a press is
    named by the board's boot id, so it waits for the hello, and asks for it at once."""
    port.board_says(wire.PRESS, 7, b"1")
    assert link.next_press(timeout=0.3) is None
    assert eventually(lambda: port.sent(wire.HELLO_REQUEST) != [])
    port.board_says(*hello("0000CCCC"))
    port.board_says(wire.PRESS, 7, b"1")  # the board's resend
    press = link.next_press(timeout=SOON)
    assert press is not None and press.key == "0000CCCC/07"


def test_a_new_boot_id_gets_the_state_again_and_numbers_presses_afresh(
    port: ScriptedSerial, link: BoardLink
) -> None:
    port.board_says(*hello("0000AAAA"))
    assert eventually(lambda: link.status.boot_id == "0000AAAA")
    link.show(BoardDisplay([SeatDisplay("12")]))
    assert eventually(lambda: port.sent(wire.SHOW) == [1])
    port.board_says(wire.ACK, 1)
    assert link.wait_shown(SOON)
    port.board_says(*hello("0000AAAA", showing=True, seq=1))  # a heartbeat: all is well
    port.board_says(wire.PRESS, 0, b"0")
    first = link.next_press(timeout=SOON)
    assert first is not None and first.key == "0000AAAA/00"
    link.acknowledge(first)
    assert port.sent(wire.SHOW) == [1]
    port.board_says(*hello("0000BBBB"))  # the board restarted
    assert eventually(lambda: port.sent(wire.SHOW) == [1, 1])
    assert link.status.boot_id == "0000BBBB" and not link.status.in_sync
    port.board_says(wire.PRESS, 0, b"0")  # press number 0 of the new boot: another press
    press = link.next_press(timeout=SOON)
    assert press is not None and press.key == "0000BBBB/00"


def test_an_unacknowledged_state_is_resent(port: ScriptedSerial, link: BoardLink) -> None:
    link.show(BoardDisplay([SeatDisplay("12")]))
    assert eventually(lambda: len(port.sent(wire.SHOW)) >= 3)
    port.board_says(wire.ACK, 1)
    assert link.wait_shown(SOON)
    count = len(port.sent(wire.SHOW))
    time.sleep(0.6)
    assert len(port.sent(wire.SHOW)) == count  # acknowledged: no more resends


def test_a_table_the_board_cannot_show_is_refused(port: ScriptedSerial, link: BoardLink) -> None:
    port.board_says(*hello("0000AAAA"))
    assert eventually(lambda: link.status.seats == 6)
    with pytest.raises(ValueError, match="6 seats"):
        link.show(BoardDisplay([SeatDisplay("1")] * 7))
    with pytest.raises(ValueError, match="cannot show"):
        link.show(BoardDisplay([SeatDisplay("OK")]))


def test_the_host_sends_a_heartbeat_when_it_has_nothing_else_to_say(
    port: ScriptedSerial, link: BoardLink
) -> None:
    link.show(BoardDisplay([SeatDisplay("12")]))
    port.board_says(wire.ACK, 1)
    assert link.wait_shown(SOON)
    assert port.sent(wire.HEARTBEAT) == []
    time.sleep(link_module.HEARTBEAT_S + 0.3)
    assert len(port.sent(wire.HEARTBEAT)) >= 1


def test_a_board_that_goes_quiet_counts_as_not_connected(
    port: ScriptedSerial, link: BoardLink, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(link_module, "SILENT_S", 0.3)
    port.board_says(*hello("0000AAAA"))
    assert eventually(lambda: link.status.connected)
    time.sleep(0.4)  # no heartbeat (hello) from the board
    assert not link.status.connected and link.status.port == "scripted"
    port.board_says(*hello("0000AAAA"))
    assert eventually(lambda: link.status.connected)


def test_the_pico_is_found_by_its_usb_id(monkeypatch: pytest.MonkeyPatch) -> None:
    from serial.tools import list_ports

    def device(name: str, vid: int | None, pid: int | None) -> SimpleNamespace:
        return SimpleNamespace(device=name, vid=vid, pid=pid)

    fake = [
        device("/dev/ttyACM1", 0x2E8A, 0x0005),  # a Pico running MicroPython
        device("/dev/ttyACM0", 0x2E8A, 0x000A),  # a Pico running something else
        device("/dev/ttyUSB0", 0x10C4, 0xEA60),  # a USB serial adapter
        device("/dev/ttyS0", None, None),
    ]
    monkeypatch.setattr(list_ports, "comports", lambda: fake)
    assert find_pico_ports() == ["/dev/ttyACM1"]


def test_after_an_unplug_the_board_is_found_again_at_its_new_port() -> None:
    ports = {"/dev/ttyACM0": ScriptedSerial(), "/dev/ttyACM1": ScriptedSerial()}
    plugged = ["/dev/ttyACM0"]

    def opener(name: str) -> ScriptedSerial:
        if name not in plugged:
            raise OSError(f"could not open port {name}")
        return ports[name]

    with BoardLink.open(None, opener=opener, finder=lambda: list(plugged)) as link:
        first = ports["/dev/ttyACM0"]
        first.board_says(*hello("0000AAAA"))
        assert eventually(lambda: link.status.port == "/dev/ttyACM0" and link.status.connected)
        link.show(BoardDisplay([SeatDisplay("12")]))
        assert eventually(lambda: first.sent(wire.SHOW) == [1])
        first.unplugged = True
        plugged[:] = ["/dev/ttyACM1"]  # back, under another name
        again = ports["/dev/ttyACM1"]
        assert eventually(lambda: again.sent(wire.SHOW) == [1])  # the whole state again
        again.board_says(*hello("0000BBBB"))
        again.board_says(wire.ACK, 1)
        assert link.wait_shown(SOON)
        status = link.status
        assert status.port == "/dev/ttyACM1" and status.reconnects == 1
        assert "port lost" in (status.last_error or "")


def test_a_request_waits_for_no_state_acknowledgement(
    port: ScriptedSerial, link: BoardLink
) -> None:
    """A test step's ACK and a state's ACK carry only a sequence number: a request while a
    state is unacknowledged is refused rather than risk taking one for the other."""
    link.show(BoardDisplay([SeatDisplay("12")]))
    with pytest.raises(RuntimeError, match="unacknowledged"):
        link.request(wire.TEST, link.status.sent_seq or 0, b"", timeout=0.1)
