"""The Pico's own wiring (firmware/pico.py) with a fake `machine` (its I2C bus drives HT16K33
models that decode what the displays show) and fake micropython, select, sys, os and time
modules: Ctrl-C is disabled first, the watchdog is fed, an exception shows the error pattern
and resets, and the maintenance request leaves the flag and resets. Runs on CPython and on
MicroPython (test_fw_micropython.py), so it is MicroPython code: no pytest."""

import sys

from fw_helpers import raises, scratch_path

import firmware
from firmware import config, wire
from host.board.virtual_hw import Ht16k33Model


class Reset(BaseException):
    """machine.reset() never returns; the fake ends run() this way."""


class FakeMachine:
    """The parts of `machine` pico.py uses. The I2C write number `fail_at_write` fails once,
    as a loose wire would."""

    def __init__(self, fail_at_write: int = -1) -> None:
        self.calls: list = []
        self.displays = {a: Ht16k33Model() for a in config.DISPLAY_ADDRESSES}
        self.fail_at_write = fail_at_write
        self.writes = 0
        self.feeds = 0
        self.leds = b""  # the last bytes sent down the LED chain
        machine = self

        class Pin:
            OUT, IN, PULL_UP = 1, 0, 2

            def __init__(self, number: int, mode: int = 0, pull: int = 0) -> None:
                self.number = number

            def value(self) -> int:
                return 1

        class I2C:
            def __init__(self, bus: int, sda: Pin, scl: Pin, freq: int) -> None:
                machine.calls.append(f"I2C({bus}, sda={sda.number}, scl={scl.number})")

            def scan(self) -> list:
                return list(machine.displays)

            def writeto(self, address: int, buf: bytes) -> None:
                machine.writes += 1
                if machine.writes == machine.fail_at_write:
                    raise OSError(5)
                machine.displays[address].receive(buf)

        class WDT:
            def __init__(self, timeout: int) -> None:
                machine.calls.append(f"WDT({timeout})")

            def feed(self) -> None:
                machine.feeds += 1

        self.Pin, self.I2C, self.WDT = Pin, I2C, WDT

    def bitstream(self, pin: object, encoding: int, timing: tuple, buf: bytearray) -> None:
        self.leds = bytes(buf)

    def reset(self) -> None:
        self.calls.append("reset")
        raise Reset

    def shown(self) -> list:
        return [self.displays[a].text() for a in config.DISPLAY_ADDRESSES]


class FakeMicropython:
    def __init__(self, machine: FakeMachine) -> None:
        self.machine = machine

    def kbd_intr(self, char: int) -> None:
        self.machine.calls.append(f"kbd_intr({char})")


class Stream:
    """A USB serial stream: bytes to read, and what was written."""

    def __init__(self, data: bytes = b"") -> None:
        self.data = data
        self.at = 0
        self.written = bytearray()

    def readinto(self, buf: bytearray) -> int:
        buf[0] = self.data[self.at]
        self.at += 1
        return 1

    def write(self, data: bytes) -> int:
        self.written.extend(data)
        return len(data)


class FakeSys:
    def __init__(self, incoming: bytes) -> None:
        self.stdin = type("Stdin", (), {})()
        self.stdin.buffer = Stream(incoming)
        self.stdout = type("Stdout", (), {})()
        self.stdout.buffer = Stream()


class FakeSelect:
    POLLIN = 1

    def __init__(self, stdin: Stream) -> None:
        self.stdin = stdin

    def poll(self) -> object:
        stdin = self.stdin

        class Poll:
            def register(self, stream: object, mask: int) -> None:
                pass

            def poll(self, timeout: int) -> list:
                return [1] if stdin.at < len(stdin.data) else []

        return Poll()


class FakeTime:
    def __init__(self) -> None:
        self.now = 0

    def ticks_ms(self) -> int:
        self.now += 2
        return self.now

    def sleep_ms(self, ms: int) -> None:
        pass


class FakeOs:
    def urandom(self, n: int) -> bytes:
        return b"\x12\x34\x56\x78"[:n]


def fresh_pico(machine: FakeMachine, incoming: bytes = b"") -> tuple:
    """firmware.pico imported afresh, bound to fakes; returns it and the fake sys."""
    fake_sys = FakeSys(incoming)
    fakes = {
        "machine": machine,
        "micropython": FakeMicropython(machine),
        "select": FakeSelect(fake_sys.stdin.buffer),
        "sys": fake_sys,
        "time": FakeTime(),
        "os": FakeOs(),
    }
    saved = {name: sys.modules.get(name) for name in fakes}
    sys.modules.pop("firmware.pico", None)
    firmware.__dict__.pop("pico", None)
    try:
        sys.modules.update(fakes)
        from firmware import pico  # its imports bind the fakes
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
        sys.modules.pop("firmware.pico", None)
        firmware.__dict__.pop("pico", None)
    return pico, fake_sys


def test_ctrl_c_is_off_first_and_an_exception_shows_the_error_pattern_and_resets():
    machine = FakeMachine(fail_at_write=60)  # after the start, while drawing the waiting pattern
    pico, fake_sys = fresh_pico(machine)
    raises(Reset, pico.run)
    assert machine.calls[0] == "kbd_intr(-1)"
    i2c = f"I2C({config.I2C_ID}, sda={config.I2C_SDA}, scl={config.I2C_SCL})"
    assert i2c in machine.calls
    assert f"WDT({config.WATCHDOG_MS})" in machine.calls and machine.feeds > 10
    assert machine.calls[-1] == "reset"
    out = bytes(fake_sys.stdout.buffer.written)
    assert b"@1B00" in out and b"12345678" in out  # the boot announcement, its boot id
    assert b"@1E00" in out and b"OSError" in out  # the host was told
    assert machine.shown() == ["Err "] * 6
    cap = config.LED_LEVEL_CAP
    assert machine.leds == bytes([0, cap, 0]) * len(config.LED_CHAIN)  # GRB: all red


def test_the_maintenance_request_leaves_the_flag_and_resets():
    machine = FakeMachine()
    request = wire.frame(wire.MAINTENANCE, 0, wire.MAINTENANCE_PAYLOAD)
    pico, fake_sys = fresh_pico(machine, request)
    flag = scratch_path("maintenance-flag")
    pico.MAINTENANCE_FLAG = flag
    raises(Reset, pico.run)
    with open(flag) as file:
        assert file.read() == "1"
    assert machine.calls[-1] == "reset"
    out = bytes(fake_sys.stdout.buffer.written)
    assert b"@1A00" in out and b"@1B00" in out
