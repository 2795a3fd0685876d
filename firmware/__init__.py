"""The board's firmware: MicroPython for the Raspberry Pi Pico.

The same package imports on CPython, so the host shares the wire codec (`firmware.wire`)
and the tests drive every module with fake devices. On the Pico it is deployed as the
/firmware package directory plus a tiny /main.py (`pico_main.py` here). Modules import
their siblings as `from firmware import x`, so the code runs unchanged on both.

The firmware knows its displays, LEDs, buttons and the wire protocol, nothing of any game.
"""

# raised whenever what the board does changes (a frame kind, what a display shows): the host
# says so when the board it meets runs another version (flash it). 0.2.0: the `D` frame.
VERSION = "0.2.0"
