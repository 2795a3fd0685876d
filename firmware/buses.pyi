# What the firmware needs of each device it is handed: real ones on the Pico (machine.I2C,
# machine.Pin, machine.WDT, the USB serial port), fakes in the tests and the virtual board.
# A stub only, for the type checkers: modules import it under TYPE_CHECKING.
from typing import Protocol

class I2CBus(Protocol):
    def writeto(self, addr: int, buf: bytes | bytearray, /) -> int | None: ...

class Strip(Protocol):
    def write(self, buf: bytearray, /) -> None: ...

class InputPin(Protocol):
    def value(self) -> int: ...

class Watchdog(Protocol):
    def feed(self) -> None: ...

class Port(Protocol):
    def read_into(self, buf: bytearray, /) -> int:
        """Read the bytes waiting (at most len(buf)) without blocking; return how many."""

    def write(self, buf: bytearray, n: int, /) -> None:
        """Send buf[:n]."""

class Display(Protocol):
    def start(self, brightness: int) -> None: ...
    def show(self, segments: bytes | bytearray) -> None: ...
