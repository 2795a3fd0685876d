"""A chain of WS2812 RGB LEDs, written through a strip object passed in.

The strip needs `write(buf)` taking the GRB bytes of the whole chain (on the Pico a
machine.bitstream wrapper, in tests a fake). Colours are scaled to the brightness cap
here, so no caller can exceed the power budget.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from firmware.buses import Strip


class LedChain:
    def __init__(self, strip: "Strip", chain: tuple[int, ...], cap: int) -> None:
        """chain[p] is the LED index at position p along the wire."""
        self.strip = strip
        self.position = bytearray(len(chain))
        for p, index in enumerate(chain):
            self.position[index] = p
        self.cap = cap
        self.grb = bytearray(3 * len(chain))
        self.sent = bytearray(3 * len(chain))
        self._first = True

    def set(self, index: int, r: int, g: int, b: int) -> None:
        """Set LED `index` to a colour with levels 0..255 (scaled to the cap)."""
        at = 3 * self.position[index]
        cap = self.cap
        self.grb[at] = (g * cap + 127) // 255
        self.grb[at + 1] = (r * cap + 127) // 255
        self.grb[at + 2] = (b * cap + 127) // 255

    def show(self) -> None:
        """Send the colours to the chain if they changed since the last send."""
        if self._first or self.grb != self.sent:
            self.strip.write(self.grb)
            self.sent[:] = self.grb
            self._first = False
