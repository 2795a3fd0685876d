"""The board on a real Pico: wires the firmware to machine.I2C, the WS2812 chain, the
buttons, the USB serial port and the watchdog, then runs the loop. Any exception shows
the error pattern, tells the host, and resets the Pico. Imported only on the Pico."""

import gc
import os
import select
import sys
import time

import machine
import micropython

from firmware import board, config
from firmware.buttons import Buttons
from firmware.ht16k33 import HT16K33
from firmware.ledchain import LedChain

_WS2812_TIMING = (400, 850, 800, 450)  # ns: high/low for a 0 bit, high/low for a 1 bit
MAINTENANCE_FLAG = "/maintenance"


class UsbPort:
    """The USB serial port (sys.stdin/stdout), never blocking on read."""

    def __init__(self) -> None:
        self.stdin = sys.stdin.buffer
        self.stdout = sys.stdout.buffer
        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)
        self.one = bytearray(1)

    def read_into(self, buf: bytearray) -> int:
        n = 0
        while n < len(buf) and self.poll.poll(0):
            self.stdin.readinto(self.one)  # type: ignore[union-attr] # the stub lacks it
            buf[n] = self.one[0]
            n += 1
        return n

    def write(self, buf: bytearray, n: int) -> None:
        self.stdout.write(memoryview(buf)[:n])


class Ws2812:
    def __init__(self, pin: int) -> None:
        self.pin = machine.Pin(pin, machine.Pin.OUT)

    def write(self, buf: bytearray) -> None:
        machine.bitstream(self.pin, 0, _WS2812_TIMING, buf)


def _displays(i2c: machine.I2C) -> "list[HT16K33 | None]":
    present = i2c.scan()
    return [HT16K33(i2c, a) if a in present else None for a in config.DISPLAY_ADDRESSES]


def run() -> None:
    micropython.kbd_intr(-1)  # Ctrl-C on the data channel must not stop the loop
    the_board = None
    try:
        i2c = machine.I2C(
            config.I2C_ID,
            sda=machine.Pin(config.I2C_SDA),
            scl=machine.Pin(config.I2C_SCL),
            freq=config.I2C_FREQ,
        )
        pins = [machine.Pin(p, machine.Pin.IN, machine.Pin.PULL_UP) for p in config.BUTTON_PINS]
        boot_id = int.from_bytes(os.urandom(4), "big")
        the_board = board.MainLoop(
            UsbPort(),
            list(_displays(i2c)),
            LedChain(Ws2812(config.LED_PIN), config.LED_CHAIN, config.LED_LEVEL_CAP),
            Buttons(list(pins), config.DEBOUNCE_MS),
            boot_id,
            time.ticks_ms(),
            machine.WDT(timeout=config.WATCHDOG_MS),
        )
        the_board.start()
        gc.collect()
        while not the_board.maintenance:
            the_board.step(time.ticks_ms())
            time.sleep_ms(config.LOOP_SLEEP_MS)
        with open(MAINTENANCE_FLAG, "w") as flag:  # pico_main.py then stays in the REPL
            flag.write("1")
        time.sleep_ms(50)  # let the acknowledgement out
        machine.reset()
    except Exception as error:
        if the_board is not None:
            the_board.fail(error)
        time.sleep_ms(config.ERROR_SHOW_MS)  # shorter than the watchdog's timeout
        machine.reset()
