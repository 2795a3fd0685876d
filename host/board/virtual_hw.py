"""Simulated board hardware, for the firmware's tests and the virtual board.

MicroPython-compatible (it runs inside the WebAssembly MicroPython beside the firmware, and
on CPython in the tests): an HT16K33 model that decodes display memory into the characters
a person would read, the WS2812 chain, bouncing buttons, a serial port with fault
injection, a watchdog that counts, and `Rig`, a whole board wired like hardware/pinmap.json.

The model reads segments with its own table below, not the firmware's font, so a wrong
glyph in the firmware shows up as a wrong character here.
"""

import json

from firmware import board, config
from firmware.buttons import Buttons
from firmware.ht16k33 import HT16K33
from firmware.ledchain import LedChain

# What a person reads from lit segments (a top, b top right, c bottom right, d bottom,
# e bottom left, f top left, g middle).
_LOOKS_LIKE = {
    "": " ",
    "g": "-",
    "d": "_",
    "abcdef": "0",
    "bc": "1",
    "abdeg": "2",
    "abcdg": "3",
    "bcfg": "4",
    "acdfg": "5",
    "acdefg": "6",
    "abc": "7",
    "abcdefg": "8",
    "abcdfg": "9",
    "abcefg": "A",
    "cdefg": "b",
    "adef": "C",
    "deg": "c",
    "bcdeg": "d",
    "adefg": "E",
    "aefg": "F",
    "acdef": "G",
    "bcefg": "H",
    "cefg": "h",
    "ef": "I",
    "bcde": "J",
    "def": "L",
    "ceg": "n",
    "cdeg": "o",
    "abefg": "P",
    "eg": "r",
    "defg": "t",
    "bcdef": "U",
    "cde": "u",
    "bcdfg": "y",
}


def segment_names(bits: int) -> str:
    """'abcdefg' letters of the lit segments (the decimal point is bit 7, left out)."""
    return "".join("abcdefg"[i] for i in range(7) if bits & (1 << i))


def read_cell(bits: int) -> str:
    """What a person reads in one cell: a character ('?' if it is no character), then '.'
    if the decimal point is lit."""
    char = _LOOKS_LIKE.get(segment_names(bits), "?")
    return char + "." if bits & 0x80 else char


class Ht16k33Model:
    """An HT16K33 as seen from the bus: commands and display RAM."""

    DIGITS = (0, 2, 6, 8)  # RAM address of each digit on a 4-digit backpack

    def __init__(self) -> None:
        self.ram = bytearray(16)
        self.oscillator = False
        self.display_on = False
        self.blink = 0
        self.dimming = 15

    def receive(self, data: bytes | bytearray) -> None:
        command = data[0]
        if len(data) > 1 and command < 0x10:  # RAM write from address `command`
            for i in range(1, len(data)):
                self.ram[(command + i - 1) % 16] = data[i]
        elif command & 0xF0 == 0x20:
            self.oscillator = bool(command & 1)
        elif command & 0xF0 == 0x80:
            self.display_on = bool(command & 1)
            self.blink = (command >> 1) & 3
        elif command & 0xF0 == 0xE0:
            self.dimming = command & 0x0F

    def lit(self) -> bool:
        return self.oscillator and self.display_on

    def segments(self) -> list[int]:
        """The segment bits of each digit as lit now (all dark when the display is off)."""
        return [self.ram[a] if self.lit() else 0 for a in self.DIGITS]

    def text(self) -> str:
        """What a person reads, e.g. '12.5 '."""
        return "".join(read_cell(bits) for bits in self.segments())


class I2cModel:
    """An I2C bus with devices at addresses; like machine.I2C, writing to a missing address
    raises OSError. `fail_next` makes the next write fail, like a loose wire."""

    def __init__(self, devices: dict) -> None:
        self.devices = devices
        self.fail_next = False
        self.writes = 0

    def scan(self) -> list[int]:
        return sorted(self.devices)

    def writeto(self, address: int, buf: bytes | bytearray) -> int:
        if self.fail_next:
            self.fail_next = False
            raise OSError(5)  # EIO
        if address not in self.devices:
            raise OSError(19)  # ENODEV
        self.writes += 1
        self.devices[address].receive(buf)
        return 1


class StripModel:
    """A WS2812 chain: the GRB bytes last written, as colours by position on the chain."""

    def __init__(self, count: int) -> None:
        self.grb = bytearray(3 * count)
        self.writes = 0

    def write(self, buf: bytearray) -> None:
        self.grb[:] = buf
        self.writes += 1

    def colours(self) -> list[tuple[int, int, int]]:
        g = self.grb
        return [(g[i + 1], g[i], g[i + 2]) for i in range(0, len(g), 3)]


class Clock:
    def __init__(self, now: int) -> None:
        self.now = now


class ButtonPin:
    """A button to ground with a pull-up: value() is 0 while pressed. A press or release
    is a list of timed changes, so contacts can bounce.

    Each change waits its time after the one before as the board saw it, not after the
    press began: if the board's loop stalls (a busy test machine), the finger waits for it,
    as it would for a real loop that runs every millisecond."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.changes: list[tuple[int, int]] = []  # (ms after the previous change, value)
        self.next = 0  # the first change still to come (reading allocates nothing)
        self.since = clock.now  # when the previous change happened
        self.level = 1

    def value(self) -> int:
        changes = self.changes
        now = self.clock.now
        while self.next < len(changes) and now - self.since >= changes[self.next][0]:
            self.level = changes[self.next][1]
            self.since = now
            self.next += 1
        return self.level

    def schedule(self, changes: list[tuple[int, int]]) -> None:
        """Changes as (ms from now, value), in time order."""
        pending = self.changes[self.next :]
        if not pending:
            self.since = self.clock.now
        previous = 0
        for at, level in changes:
            pending.append((at - previous, level))
            previous = at
        self.changes = pending
        self.next = 0


def bouncy_press(held_ms: int = 80) -> list[tuple[int, int]]:
    """A press as a finger makes it: contacts bounce for 3 ms each way, held `held_ms`."""
    return [
        (0, 0),
        (1, 1),
        (2, 0),
        (3, 1),
        (4, 0),
        (held_ms, 1),
        (held_ms + 1, 0),
        (held_ms + 3, 1),
    ]


BOUNCY_PRESS = bouncy_press()


class PortModel:
    """The USB serial port, with preallocated rings so the firmware's loop can run with
    the heap locked. `lose(kind, count)` loses the next frames of one kind, as a flaky
    cable would: the board's own (a press, 'P') are dropped, and the host's (a press
    acknowledged, 'K') arrive damaged, so the firmware drops them (each kind goes one way)."""

    def __init__(self, size: int = 4096) -> None:
        self.rx = bytearray(size)
        self.rx_start = 0
        self.rx_count = 0
        self.tx = bytearray(size)
        self.tx_count = 0
        self.lose_kind = 0
        self.lose_count = 0
        self.lost = 0
        self.rx_at = -1
        self.overflow = 0

    # the host's side
    def feed(self, data: bytes | bytearray) -> None:
        if self.lose_count:  # (only then: the copy below is what the benchmarks time)
            data = self._damaged(data)
        size = len(self.rx)
        for i in range(len(data)):  # not `for c in data`: that allocates an iterator
            if self.rx_count == size:
                self.overflow += 1
                continue
            self.rx[(self.rx_start + self.rx_count) % size] = data[i]
            self.rx_count += 1

    def _damaged(self, data: bytes | bytearray) -> bytearray:
        """The host's bytes with the kind of the frames to lose damaged on the line: the
        firmware drops them (their checksum no longer fits)."""
        out = bytearray(data)
        for i in range(len(out)):
            byte = out[i]
            self.rx_at = 0 if byte == 0x40 else (self.rx_at + 1 if 0 <= self.rx_at < 2 else -1)
            if self.rx_at == 2 and self.lose_count and byte == self.lose_kind:
                self.lose_count -= 1
                self.lost += 1
                out[i] = 0x7E
        return out

    def take(self) -> bytes:
        out = bytes(self.tx[: self.tx_count])
        self.tx_count = 0
        return out

    def lose(self, kind: int, count: int) -> None:
        self.lose_kind = kind
        self.lose_count = count
        self.rx_at = -1  # where the host's bytes are in their frame ('@' = 0), from now on

    # the firmware's side
    def read_into(self, buf: bytearray) -> int:
        size = len(self.rx)
        n = 0
        while n < len(buf) and self.rx_count:
            buf[n] = self.rx[self.rx_start]
            self.rx_start = (self.rx_start + 1) % size
            self.rx_count -= 1
            n += 1
        return n

    def write(self, buf: bytearray, n: int) -> None:
        if self.lose_count and n > 2 and buf[2] == self.lose_kind:
            self.lose_count -= 1
            self.lost += 1
            return
        if self.tx_count + n > len(self.tx):
            self.overflow += 1
            return
        for i in range(n):
            self.tx[self.tx_count + i] = buf[i]
        self.tx_count += n


class WatchdogModel:
    def __init__(self) -> None:
        self.feeds = 0

    def feed(self) -> None:
        self.feeds += 1


class Rig:
    """A whole board: the firmware wired to simulated displays, LEDs, buttons and port."""

    def __init__(self, boot_id: int = 1, now: int = 0, dark: tuple = ()) -> None:
        """`dark`: the seats (0-based) whose display is not on the bus (a cable loose)."""
        self.clock = Clock(now)
        self.displays = [Ht16k33Model() for _ in config.DISPLAY_ADDRESSES]
        self.bus = I2cModel(
            {a: self.displays[i] for i, a in enumerate(config.DISPLAY_ADDRESSES) if i not in dark}
        )
        self.strip = StripModel(len(config.LED_CHAIN))
        self.pins = [ButtonPin(self.clock) for _ in config.BUTTON_PINS]
        self.port = PortModel()
        self.watchdog = WatchdogModel()
        self.boots = 0
        self.board = self.boot(boot_id)

    def boot(self, boot_id: int) -> board.MainLoop:
        """Start the firmware afresh (a reset: the devices keep what they showed until
        the firmware clears them)."""
        self.boots += 1
        self.board = board.MainLoop(
            self.port,
            self._displays(),
            LedChain(self.strip, config.LED_CHAIN, config.LED_LEVEL_CAP),
            Buttons(list(self.pins), config.DEBOUNCE_MS),
            boot_id,
            self.clock.now,
            self.watchdog,
        )
        self.board.start()
        return self.board

    def _displays(self) -> list:
        """The displays that answer the bus's scan; None for the others (as pico.py)."""
        present = self.bus.scan()
        return [HT16K33(self.bus, a) if a in present else None for a in config.DISPLAY_ADDRESSES]

    def step(self, now: int) -> None:
        """One turn of the firmware's loop at time `now`. An exception shows the error
        pattern (as the Pico's loop does) and is raised again for the caller to reset."""
        self.clock.now = now
        try:
            self.board.step(now)
        except Exception as error:
            self.board.fail(error)
            raise

    def run(self, start: int, end: int, every: int = 1) -> None:
        """Step from `start` to `end` ms, every `every` ms."""
        for now in range(start, end, every):
            self.step(now)

    def press(self, seat: int, changes: list[tuple[int, int]] = BOUNCY_PRESS) -> None:
        self.pins[seat].schedule(changes)

    def press_for(self, seat: int, held_ms: int) -> None:
        """A press held `held_ms`: a simulator that may stall (a busy machine) needs a
        press held longer than its stalls, or its firmware, stepped too seldom, never
        reads the button down twice, as a Pico's would."""
        self.press(seat, bouncy_press(held_ms))

    def shown(self) -> list[str]:
        return [d.text() for d in self.displays]

    def leds(self) -> list[tuple[int, int, int]]:
        return self.strip.colours()

    def snapshot(self) -> dict:
        b = self.board
        return {
            "boot_id": f"{b.boot_high:04X}{b.boot_low:04X}",
            "mode": b.mode,
            "seq": b.seq,
            "shown": self.shown(),
            "segments": [d.segments() for d in self.displays],
            "leds": [list(c) for c in self.leds()],
            "frames": b.decoder.frames,
            "dropped": b.decoder.dropped,
            "rejected": b.rejected,
            "pending_presses": b.press_count,
            "presses": (b.press_seq + b.press_count) & 0xFF,  # made since boot (mod 256)
            "lost": self.port.lost,
            "feeds": self.watchdog.feeds,
            "boots": self.boots,
            "maintenance": b.maintenance,
            "told": self.told(),
        }

    def told(self) -> "dict | None":
        """What the host told the board to show (in the SHOWING mode, else None): its seats
        and extra LEDs in use, and each LED's colour (0..255, before the cap) and blinking,
        seats first then the extras. A blinking LED lit now or not, and its colour,
        are what a person sees over a second: the chain's levels are one instant of it."""
        b = self.board
        if b.mode != board.SHOWING:
            return None
        s = b.shown
        leds = len(s.blink)
        return {
            "seats": s.seats,
            "extras": s.extras,
            "rgb": [[s.rgb[3 * i], s.rgb[3 * i + 1], s.rgb[3 * i + 2]] for i in range(leds)],
            "blink": [bool(s.blink[i]) for i in range(leds)],
        }

    # --- for the Node runner (strings cross the JavaScript boundary most simply) -------
    def tick(self, now: int, rx_hex: str) -> str:
        if rx_hex:
            import binascii

            self.port.feed(binascii.unhexlify(rx_hex))
        self.step(now)
        return self.drain()

    def wants_repl(self) -> bool:
        """The host asked the firmware to reset into the REPL (for flashing)."""
        return bool(self.board.maintenance)

    def drain(self) -> str:
        """What the board has written since the last call (after a failure too)."""
        return self.port.take().decode()

    def snapshot_json(self) -> str:
        return json.dumps(self.snapshot())

    def reboot(self, boot_id_hex: str) -> None:
        self.port.take()
        self.boot(int(boot_id_hex, 16))
