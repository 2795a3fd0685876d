"""The host's link to the board over USB serial (pyserial).

    with BoardLink.open() as link:           # finds the Pico by its USB id 2E8A:0005
        link.show(game.display())             # the whole state, every time (idempotent)
        press = link.next_press(timeout=1.0)  # a Press(seat=...), once, or None
        link.acknowledge(press)               # done with it (committed): the board forgets it
        link.status                           # connected, boot id, version, acknowledged

One thread owns the port: it reads the board's frames, delivers each press once while it
is being handled (the board resends it until acknowledged), acknowledges it when the app
says it is done (or lets the next resend deliver it again when the app could not do it),
resends the state until the board acknowledges it, after a reconnect and whenever the board
announces a new boot id or a state other than ours, sends heartbeats, and reopens the port
after an unplug. A press's `key` (the board's boot id and its number) names it across host
restarts: the app stores it with what the press did, and knows the press again if the board
resends it to a host started afresh (see docs/wire-protocol.md, "Exactly-once presses").
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from types import TracebackType
from typing import Any

from firmware import wire
from host.board.frames import show_payload
from host.games import BoardDisplay

PICO_USB_ID = (0x2E8A, 0x0005)  # Raspberry Pi Pico running MicroPython
RESEND_S = 0.25  # an unacknowledged state is sent again this often
HEARTBEAT_S = 1.0  # the host says it is alive this often when it has nothing else to say
SILENT_S = 3.0  # a board heard of less recently than this counts as not connected
REOPEN_S = 0.2  # retry opening the port this often while it is away
READ_S = 0.005  # the reader's poll period


@dataclass(frozen=True)
class Press:
    """A press of one seat's button (seats count from 0)."""

    seat: int
    seq: int
    boot_id: str

    @property
    def key(self) -> str:
        """The press's name for good: the same after a host restart, another for the next
        press or after a board restart ("1A2B3C4D/07")."""
        return f"{self.boot_id}/{self.seq:02X}"


@dataclass(frozen=True)
class LinkStatus:
    port: str | None = None  # the port open now, None while looking for the board
    connected: bool = False  # port open and the board heard of within SILENT_S
    boot_id: str | None = None  # changes when the board restarts
    firmware_version: str | None = None
    seats: int | None = None
    extras: int | None = None
    sent_seq: int | None = None  # the latest state's sequence number
    acked_seq: int | None = None  # the last state the board acknowledged
    reconnects: int = 0
    boots_seen: int = 0
    round_trip_s: float | None = None  # the last state's send-to-acknowledgement time
    last_error: str | None = None  # the last problem reported by the board or the port
    garbled: int = 0  # the board's lines that did not read (a press of no seat), ignored
    failures: int = 0  # the board's error reports (it shows `Err ` and resets), since opened
    failure: str = ""  # the last one's error name
    dark: tuple[int, ...] = ()  # the seats (0-based) whose display did not answer at its boot

    @property
    def in_sync(self) -> bool:
        """The board shows the latest state."""
        return self.sent_seq is not None and self.acked_seq == self.sent_seq


def find_pico_ports() -> list[str]:
    """Serial ports of Picos running MicroPython, by USB id."""
    from serial.tools import list_ports

    return sorted(
        p.device for p in list_ports.comports() if (p.vid, p.pid) == PICO_USB_ID and p.device
    )


def _open_serial(port: str) -> Any:
    import serial

    return serial.Serial(port, baudrate=115200, timeout=READ_S, write_timeout=0.5)


class BoardLink:
    def __init__(
        self,
        port: str | None = None,
        opener: Callable[[str], Any] = _open_serial,
        finder: Callable[[], list[str]] = find_pico_ports,
    ) -> None:
        """port: a path (a virtual board's, or a fixed /dev/ttyACM0), or None to find the
        Pico by its USB id (again after each unplug)."""
        self._want_port = port
        self._opener = opener
        self._finder = finder
        self._serial: Any = None
        self._lock = threading.Lock()  # guards the fields below and writes to the port
        self._status = LinkStatus()
        self._payload: bytes | None = None
        self._seq = 0
        self._sent_at = 0.0
        self._send_now = False
        self._last_write = 0.0
        self._last_heard = 0.0
        self._handling: set[str] = set()  # presses delivered, not yet acknowledged or released
        self._done: str | None = None  # the last press acknowledged
        self._ask_hello = False  # ask the board for its hello now (its boot id names presses)
        self._last_ack: int | None = None  # seq of the last acknowledgement of any kind
        self._presses: queue.Queue[Press] = queue.Queue()
        self._acked = threading.Condition(self._lock)
        self._closing = threading.Event()
        self._thread = threading.Thread(target=self._run, name="board-link", daemon=True)

    @classmethod
    def open(cls, port: str | None = None, **kwargs: Any) -> BoardLink:
        link = cls(port, **kwargs)
        link._thread.start()
        return link

    def close(self) -> None:
        self._closing.set()
        if self._thread.is_alive():
            self._thread.join(timeout=2)
        self._drop_port(None)

    def __enter__(self) -> BoardLink:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # --- the app's side ----------------------------------------------------------------
    @property
    def status(self) -> LinkStatus:
        with self._lock:
            heard = time.monotonic() - self._last_heard < SILENT_S
            return replace(self._status, connected=self._serial is not None and heard)

    def show(self, display: BoardDisplay) -> None:
        """Show a display on the board, now and after every reconnect or board restart.
        ValueError if the board cannot show it (a character it has no glyph for, more
        seats or extra LEDs than it has)."""
        payload = show_payload(display)
        with self._lock:
            for have, want, what in (
                (self._status.seats, len(display.seats), "seats"),
                (self._status.extras, len(display.extra_leds), "extra LEDs"),
            ):
                if have is not None and want > have:
                    raise ValueError(f"the board has {have} {what}; the game needs {want}")
            if payload == self._payload:
                return
            self._payload = payload
            self._seq = (self._seq + 1) & 0xFF
            self._status = replace(self._status, sent_seq=self._seq)
            self._send_state()

    def wait_shown(self, timeout: float) -> bool:
        """Wait until the board has acknowledged the latest state; False on timeout."""
        deadline = time.monotonic() + timeout
        with self._acked:
            while not self._status.in_sync:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._acked.wait(left)
            return True

    def wait_board(self, timeout: float) -> bool:
        """Wait until the board has announced itself (its boot id is known)."""
        deadline = time.monotonic() + timeout
        while self.status.boot_id is None or not self.status.connected:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.02)
        return True

    def request(self, kind: int, seq: int, payload: bytes, timeout: float) -> bool:
        """Send one frame that the board acknowledges (a self-test step, the maintenance
        request) and wait for the acknowledgement; False on timeout.

        Not while a state is still unacknowledged: the board's ACK names only a sequence
        number, so the state's could pass for the request's (wait_shown() first)."""
        deadline = time.monotonic() + timeout
        with self._acked:
            if self._payload is not None and not self._status.in_sync:
                raise RuntimeError("a board request while a state is unacknowledged")
            self._last_ack = None
            self._write(wire.frame(kind, seq, payload))
            while self._last_ack != seq:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._acked.wait(left)
            return True

    def next_press(self, timeout: float | None = None) -> Press | None:
        """The next button press, or None after `timeout` seconds (None: wait for ever)."""
        try:
            return self._presses.get(timeout=timeout)
        except queue.Empty:
            return None

    def presses(self) -> Iterator[Press]:
        """Every press from now on, as it comes (until the link is closed), each
        acknowledged as soon as it is taken."""
        while not self._closing.is_set():
            press = self.next_press(timeout=0.1)
            if press is not None:
                self.acknowledge(press)
                yield press

    def acknowledge(self, press: Press) -> None:
        """The app is done with `press` (committed what it does): tell the board, which
        then forgets it and sends the next; a resend of it is acknowledged, not delivered."""
        with self._lock:
            self._handling.discard(press.key)
            self._done = press.key
            if press.boot_id == self._status.boot_id:  # (a board restarted since has no such press)
                self._write(wire.frame(wire.PRESS_ACK, press.seq, b""))

    def release(self, press: Press) -> None:
        """The app could not do `press` (the store failed): the board's next resend of it
        delivers it again."""
        with self._lock:
            self._handling.discard(press.key)

    # --- the port thread ---------------------------------------------------------------
    def _run(self) -> None:
        decoder = wire.Decoder()
        next_open = 0.0
        while not self._closing.is_set():
            if self._serial is None:
                if time.monotonic() >= next_open:
                    self._try_open()
                    next_open = time.monotonic() + REOPEN_S
                time.sleep(READ_S)
                continue
            try:
                data = self._serial.read(max(1, self._serial.in_waiting))
                i = 0
                while i < len(data):
                    i = decoder.feed(data, i, len(data))
                    if decoder.ready:
                        self._handle(decoder)
                self._keep_up()
            except (OSError, ValueError, TypeError) as error:
                # pyserial's SerialException is an OSError; a vanished pty gives the rest
                self._drop_port(f"port lost: {error}")
                decoder = wire.Decoder()
                next_open = time.monotonic() + REOPEN_S

    def _try_open(self) -> None:
        ports = [self._want_port] if self._want_port else self._finder()
        for port in ports:
            try:
                handle = self._opener(port)
            except (OSError, ValueError):
                continue
            with self._lock:
                self._serial = handle
                reconnects = self._status.reconnects + (1 if self._status.boots_seen else 0)
                self._status = replace(self._status, port=port, reconnects=reconnects)
                self._send_now = True
                self._ask_hello = True  # who is there, at once: a press waits for the boot id
                self._last_heard = 0.0
            return

    def _drop_port(self, reason: str | None) -> None:
        with self._lock:
            handle, self._serial = self._serial, None
            self._status = replace(self._status, port=None, acked_seq=None)
            if reason:
                self._status = replace(self._status, last_error=reason)
        if handle is not None:
            with contextlib.suppress(OSError):
                handle.close()

    def _handle(self, d: wire.Decoder) -> None:
        payload = bytes(d.body[wire.HEADER : wire.HEADER + d.size])
        now = time.monotonic()
        with self._lock:
            self._last_heard = now
            if d.kind == wire.HELLO:
                self._hello(d.seq, payload)
            elif d.kind == wire.ACK:
                self._last_ack = d.seq
                if d.seq == self._seq and self._payload is not None:
                    self._status = replace(
                        self._status, acked_seq=d.seq, round_trip_s=now - self._sent_at
                    )
                self._acked.notify_all()
            elif d.kind == wire.PRESS:
                seat = wire.hex_value(payload, 0, 1) if len(payload) == 1 else -1
                if seat < 0:  # a garbled line: no button's press (docs/wire-protocol.md)
                    self._garbled(d.seq, payload)
                else:
                    self._press(d.seq, seat)
            elif d.kind == wire.DARK:  # (after its hello: a board restarted says it again)
                bits = wire.hex_value(payload, 0, 2) if len(payload) == 2 else 0
                dark = tuple(s for s in range(8) if bits >> s & 1)
                self._status = replace(self._status, dark=dark)
            elif d.kind == wire.ERROR:
                reason = payload.decode("ascii", "replace")
                self._status = replace(
                    self._status,
                    last_error=f"board failed: {reason}",
                    failures=self._status.failures + 1,
                    failure=reason,
                )

    def _garbled(self, seq: int, payload: bytes) -> None:
        """A press whose seat is no hex digit: not delivered (before, it was seat -1, said
        as 'button 0'), and acknowledged so the board forgets it (resent, it would be the
        same, and the presses behind it would never come); counted and kept as the last
        error."""
        self._write(wire.frame(wire.PRESS_ACK, seq, b""))
        self._status = replace(
            self._status,
            garbled=self._status.garbled + 1,
            last_error=f"a garbled press from the board (seat {payload!r}: not one hex digit)",
        )

    def _press(self, seq: int, seat: int) -> None:
        boot_id = self._status.boot_id
        if boot_id is None:  # a press is named by its boot: it waits (is resent) till we know it
            self._ask_hello = True
            return
        press = Press(seat, seq, boot_id)
        if press.key == self._done:  # our acknowledgement was lost: say it again
            self._write(wire.frame(wire.PRESS_ACK, seq, b""))
        elif press.key not in self._handling:  # (a resend of one being handled is no news)
            self._handling.add(press.key)
            self._presses.put(press)

    def _hello(self, seq: int, payload: bytes) -> None:
        if len(payload) < 11:
            return
        boot_id = payload[:8].decode("ascii")
        seats = wire.hex_value(payload, 8, 1)
        extras = wire.hex_value(payload, 9, 1)
        showing = payload[10:11] == b"1"
        status = self._status
        if boot_id != status.boot_id:  # (its dark displays, if any, are told next)
            status = replace(
                status, boot_id=boot_id, boots_seen=status.boots_seen + 1, acked_seq=None, dark=()
            )
            self._send_now = True
        if self._payload is not None and (not showing or seq != self._seq):
            self._send_now = True  # the board shows something else: resynchronise
        self._status = replace(
            status,
            seats=seats,
            extras=extras,
            firmware_version=payload[11:].decode("ascii", "replace"),
        )

    def _keep_up(self) -> None:
        now = time.monotonic()
        with self._lock:
            unacked = self._payload is not None and not self._status.in_sync
            if self._ask_hello:
                self._ask_hello = False
                self._write(wire.frame(wire.HELLO_REQUEST, 0, b""))
            if self._send_now or (unacked and now - self._sent_at >= RESEND_S):
                self._send_state()
            elif now - self._last_write >= HEARTBEAT_S:
                self._write(wire.frame(wire.HEARTBEAT, 0, b""))

    def _send_state(self) -> None:
        """Send the state (with the lock held); a closed port just waits for the reopen."""
        self._send_now = False
        if self._payload is None or self._serial is None:
            return
        self._sent_at = time.monotonic()
        self._write(wire.frame(wire.SHOW, self._seq, self._payload))

    def _write(self, data: bytes) -> None:
        if self._serial is None:
            return
        try:
            self._serial.write(data)
            self._last_write = time.monotonic()
        except (OSError, ValueError) as error:
            self._status = replace(self._status, last_error=f"write failed: {error}")
