"""A board at a real pseudo-terminal that the test plays itself, speaking the wire protocol
(firmware.wire) as the firmware does: its hello every half second, what the host sends
heard, a press sent again every quarter second until the host acknowledges it. For a real
`dicetable play` on its real link, with presses the firmware would never send (a seat that
is no hex digit) or at the moment the test chooses."""

from __future__ import annotations

import contextlib
import os
import threading
import tty
from types import TracebackType

from firmware import VERSION, wire
from tests.app.running import until

BEAT = 0.25  # seconds between the board's looks at its link


class WireBoard:
    """The board's end of a pseudo-terminal (`port`: the host's end); `heard`: all the host
    sent it; `firmware`: the version its hello gives. Close it (or use it in a `with`) to
    stop it."""

    def __init__(self, boot_id: str = "1A2B3C4D", firmware: str = VERSION) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        self.port = os.ttyname(self.slave)
        self.heard = bytearray()
        self._hello = wire.frame(wire.HELLO, 0, f"{boot_id}620{firmware}".encode())
        self._waiting: list[bytes] = []  # the press not acknowledged yet, sent again and again
        self._stop = threading.Event()
        self._talking = threading.Thread(target=self._talk, daemon=True)
        self._talking.start()

    def _talk(self) -> None:
        beat = 0
        while not self._stop.wait(BEAT):
            beat += 1
            if beat % 2:
                os.write(self.master, self._hello)
            with contextlib.suppress(BlockingIOError):
                self.heard.extend(os.read(self.master, 65536))
            if self._waiting:
                os.write(self.master, self._waiting[0])

    def send(self, seq: int, seat: bytes) -> None:
        """A press frame sent once, its payload `seat` as it is (a garbled one too)."""
        os.write(self.master, wire.frame(wire.PRESS, seq, seat))

    def acknowledged(self, seq: int) -> bool:
        return wire.frame(wire.PRESS_ACK, seq, b"") in self.heard

    def press(self, seq: int, seat: int) -> None:
        """Seat `seat`'s button, sent again until the host acknowledges it (as the firmware
        does), within 15 s."""
        self._waiting[:] = [wire.frame(wire.PRESS, seq, f"{seat:X}".encode())]
        os.write(self.master, self._waiting[0])
        until(lambda: self.acknowledged(seq), 15, "acknowledged")
        self._waiting.clear()

    def close(self) -> None:
        self._stop.set()
        self._talking.join()
        os.close(self.master)
        os.close(self.slave)

    def __enter__(self) -> WireBoard:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
