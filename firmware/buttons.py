"""Debounced push buttons, one per seat, on pins passed in.

A pin needs `value()`; the buttons pull the pin to ground when pressed (the Pico's
internal pull-ups hold it high otherwise). A press counts once the pin has read pressed
for `debounce_ms` (and a release once it has read released as long), so contact bounce
never makes two presses.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from firmware.buses import InputPin


def ticks_diff(a: int, b: int) -> int:
    """a - b for millisecond ticks that wrap like MicroPython's (2**30 on the Pico).

    >>> ticks_diff(5, (1 << 30) - 5)
    10
    """
    return ((a - b + (1 << 29)) & ((1 << 30) - 1)) - (1 << 29)


class Buttons:
    def __init__(self, pins: "list[InputPin]", debounce_ms: int) -> None:
        self.pins = pins
        self.debounce_ms = debounce_ms
        count = len(pins)
        self.raw = bytearray(count)  # 1 = reads pressed now
        self.stable = bytearray(count)  # 1 = pressed, after debouncing
        self.since = [0] * count  # when raw last changed

    def scan(self, now: int) -> int:
        """Read every pin; return a bit mask of the seats whose press just counted."""
        pressed_now = 0
        for i in range(len(self.pins)):
            raw = 1 if self.pins[i].value() == 0 else 0
            if raw != self.raw[i]:
                self.raw[i] = raw
                self.since[i] = now
            elif raw != self.stable[i] and ticks_diff(now, self.since[i]) >= self.debounce_ms:
                self.stable[i] = raw
                if raw:
                    pressed_now |= 1 << i
        return pressed_now
