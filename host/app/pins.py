"""Wrong table PINs: counted per device (client address) and for the whole table, each
with a back-off, so guessing from many addresses at once is as slow as from one.

A device that gives 5 wrong PINs within a minute waits a minute, then 2, 4, ... up to an
hour for each further 5. The table as a whole takes 20 wrong PINs a minute: past that,
PIN entry waits likewise for every device not yet unlocked; devices that already gave
the right PIN go on playing. A 4-digit PIN (10,000) then takes about ten days to search
half of, from any number of addresses; `--pin-length 6` makes it years.
"""

from __future__ import annotations

import hmac
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from host.app.text import _
from host.games.text import Text

DEVICE_WRONG = 5  # wrong PINs a minute from one device
TABLE_WRONG = 20  # wrong PINs a minute from all devices
WINDOW = 60.0  # seconds over which wrong PINs are counted
LONGEST_WAIT = 3600.0  # the back-off stops doubling at an hour
KEPT_DEVICES = 10_000  # devices whose wrong PINs are remembered before the quiet are forgotten
WRONG = _(
    "wrong PIN: the table PIN is on the board's displays at game start, later on a page "
    "already unlocked (its 🔓)"
)
FORGIVEN = 6 * 3600.0  # six quiet hours start the back-off afresh (longer than its waits' worth)


@dataclass
class _Count:
    """Wrong PINs of one device, or of the table: the recent ones, and the waits so far."""

    limit: int
    wrong: deque[float] = field(default_factory=deque)
    waits: int = 0
    until: float = 0.0  # no PIN is tried before then
    last: float = float("-inf")

    def waiting(self, now: float) -> float:
        return max(0.0, self.until - now)

    def add(self, now: float) -> bool:
        """One more wrong PIN; True if it starts a wait."""
        if now - self.last > FORGIVEN:
            self.waits = 0
        self.last = now
        while self.wrong and self.wrong[0] <= now - WINDOW:
            self.wrong.popleft()
        self.wrong.append(now)
        if len(self.wrong) < self.limit:
            return False
        self.wrong.clear()
        self.until = now + min(LONGEST_WAIT, WINDOW * 2**self.waits)
        self.waits += 1
        return True


class PinCheck:
    """Is this the table PIN, from this device? (Thread-safe: requests run in a pool.)"""

    def __init__(
        self, announce: Callable[[str], None], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.announce = announce  # the host's console
        self.clock = clock
        self.devices: dict[str, _Count] = {}
        self.table = _Count(TABLE_WRONG)
        self.unlocked: dict[str, str] = {}  # device -> the PIN it gave right
        self._lock = threading.Lock()

    def problem(
        self, device: str, pin: str | None, expected: str | None
    ) -> tuple[int, Text] | None:
        """Why a request with `pin` may not change anything (None: it may)."""
        if not pin:
            return 403, _("read-only: enter the table PIN (shown on the board) to make changes")
        now = self.clock()
        right = expected is not None and hmac.compare_digest(pin.encode(), expected.encode())
        with self._lock:
            if right and self.unlocked.get(device) == expected:
                return None  # unlocked already: no wait holds it up
            if len(self.devices) > KEPT_DEVICES:  # many addresses: forget the quiet ones
                self.devices = {
                    k: v
                    for k, v in self.devices.items()
                    if v.until > now or (v.wrong and v.wrong[-1] > now - WINDOW)
                }
            mine = self.devices.setdefault(device, _Count(DEVICE_WRONG))
            if wait := mine.waiting(now):
                return 429, _("too many wrong PINs from this device: wait {wait}", wait=_said(wait))
            if wait := self.table.waiting(now):
                return 429, _(
                    "too many wrong PINs at this table: PIN entry waits {wait} "
                    "(devices already unlocked go on)",
                    wait=_said(wait),
                )
            if right and expected is not None:
                self.unlocked[device] = expected
                return None
            mine.add(now)
            if self.table.add(now):
                self.announce(
                    f"[warning] {TABLE_WRONG} wrong PINs within a minute: PIN entry waits "
                    f"{_said(self.table.waiting(now))} for devices not unlocked yet (someone may "
                    "be guessing it: a longer PIN, --pin-length 6, stops that)"
                )
        return 403, WRONG


def _said(seconds: float) -> str:
    """
    >>> _said(42.2), _said(60), _said(120), _said(3600)
    ('43 s', 'a minute', '2 min', '60 min')
    """
    if seconds < 59:
        return _("{n} s", n=int(seconds + 0.999))
    minutes = round(seconds / 60)
    return _("a minute") if minutes == 1 else _("{n} min", n=minutes)
