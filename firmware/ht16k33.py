"""HT16K33 driver for a 4-digit 7-segment backpack, on an I2C bus passed in.

Encoding (which RAM bytes light which digit) is apart from writing, and the RAM image is
preallocated, so a refresh allocates nothing. The bus needs `writeto(address, buf)`, as
machine.I2C has; tests pass a fake.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from firmware.buses import I2CBus

_SYSTEM_ON = 0x21  # oscillator on
_DISPLAY_ON = 0x81  # display on, no blinking
_DIMMING = 0xE0  # | 0..15

# RAM byte of each digit on the 4-digit backpack (address 4 is the colon)
DIGIT_RAM = (0, 2, 6, 8)
RAM_SIZE = 16


def encode(segments: bytes | bytearray, image: bytearray) -> bool:
    """Put 4 digits' segment bytes into a display's RAM image (image[1:] is the RAM,
    image[0] the start address); return whether anything changed.

    >>> image = bytearray(1 + RAM_SIZE)
    >>> encode(b"\\x06\\x5b\\x00\\x80", image), image[1], image[3], image[9]
    (True, 6, 91, 128)
    >>> encode(b"\\x06\\x5b\\x00\\x80", image)
    False
    """
    changed = False
    for k in range(4):
        at = 1 + DIGIT_RAM[k]
        if image[at] != segments[k]:
            image[at] = segments[k]
            changed = True
    return changed


class HT16K33:
    def __init__(self, i2c: "I2CBus", address: int) -> None:
        self.i2c = i2c
        self.address = address
        self.image = bytearray(1 + RAM_SIZE)  # image[0] = 0: write from RAM address 0
        self._command = bytearray(1)

    def start(self, brightness: int) -> None:
        """Wake the chip, clear it and turn the display on at a brightness 0..15."""
        self.command(_SYSTEM_ON)
        self.command(_DIMMING | (brightness & 0x0F))
        self.write()
        self.command(_DISPLAY_ON)

    def command(self, byte: int) -> None:
        self._command[0] = byte
        self.i2c.writeto(self.address, self._command)

    def show(self, segments: bytes | bytearray) -> None:
        """Show 4 digits' segments, writing to the chip only if they changed."""
        if encode(segments, self.image):
            self.write()

    def write(self) -> None:
        self.i2c.writeto(self.address, self.image)
