"""The Pico's own wiring (firmware/pico.py, pico_main.py) with fake machine, micropython
and select modules: Ctrl-C is disabled first, the watchdog is fed, an exception shows the
error pattern and resets, and the maintenance request resets into the REPL."""

from __future__ import annotations

import io
import sys
import time
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

import firmware
from firmware import config, wire
from host.board.micropython import run_script
from host.board.virtual_hw import Ht16k33Model


class Reset(BaseException):
    """machine.reset() never returns; the fake ends the test's run() this way."""


class FakeMachine(types.ModuleType):
    def __init__(self, fail_after_writes: int | None) -> None:
        super().__init__("machine")
        self.calls: list[str] = []
        self.displays = {a: Ht16k33Model() for a in config.DISPLAY_ADDRESSES}
        self.fail_after_writes = fail_after_writes
        self.writes = 0
        self.feeds = 0
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

            def scan(self) -> list[int]:
                return list(machine.displays)

            def writeto(self, address: int, buf: bytes) -> None:
                machine.writes += 1
                if (
                    machine.fail_after_writes is not None
                    and machine.writes > machine.fail_after_writes
                ):
                    raise OSError(5)
                machine.displays[address].receive(buf)

        class WDT:
            def __init__(self, timeout: int) -> None:
                machine.calls.append(f"WDT({timeout})")

            def feed(self) -> None:
                machine.feeds += 1

        def bitstream(pin: Pin, encoding: int, timing: tuple[int, ...], buf: bytearray) -> None:
            pass

        def reset() -> None:
            machine.calls.append("reset")
            raise Reset

        self.Pin, self.I2C, self.WDT = Pin, I2C, WDT
        self.bitstream, self.reset = bitstream, reset


class FakeStdin:
    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


def fake_select(stdin: FakeStdin) -> types.ModuleType:
    module = types.ModuleType("select")

    class Poll:
        def register(self, stream: object, mask: int) -> None:
            pass

        def poll(self, timeout: int) -> list[int]:
            buffer = stdin.buffer
            return [1] if buffer.tell() < len(buffer.getvalue()) else []

    module.POLLIN = 1  # type: ignore[attr-defined]
    module.poll = Poll  # type: ignore[attr-defined]
    return module


@pytest.fixture
def pico(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.SimpleNamespace]:
    ns = types.SimpleNamespace(machine=None, out=io.BytesIO(), stdin=FakeStdin(b""))

    def install(fail_after_writes: int | None = None, incoming: bytes = b"") -> FakeMachine:
        machine = FakeMachine(fail_after_writes)
        ns.machine = machine
        ns.stdin = FakeStdin(incoming)
        micropython = types.ModuleType("micropython")

        def kbd_intr(char: int) -> None:
            machine.calls.append(f"kbd_intr({char})")

        micropython.kbd_intr = kbd_intr  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "machine", machine)
        monkeypatch.setitem(sys.modules, "micropython", micropython)
        monkeypatch.setitem(sys.modules, "select", fake_select(ns.stdin))
        monkeypatch.setattr(sys, "stdin", ns.stdin)
        monkeypatch.setattr(sys, "stdout", types.SimpleNamespace(buffer=ns.out))
        clock = iter(range(0, 10**9, 2))
        monkeypatch.setattr(time, "ticks_ms", lambda: next(clock), raising=False)
        monkeypatch.setattr(time, "sleep_ms", lambda ms: None, raising=False)
        # a fresh import, bound to this test's fakes
        monkeypatch.delitem(sys.modules, "firmware.pico", raising=False)
        monkeypatch.delattr(firmware, "pico", raising=False)
        return machine

    ns.install = install
    yield ns


def test_ctrl_c_is_off_first_and_an_exception_shows_the_error_pattern_and_resets(
    pico: types.SimpleNamespace,
) -> None:
    machine = pico.install(fail_after_writes=200)
    from firmware import pico as firmware_pico

    with pytest.raises(Reset):
        firmware_pico.run()
    assert machine.calls[0] == "kbd_intr(-1)"
    assert f"WDT({config.WATCHDOG_MS})" in machine.calls and machine.feeds > 10
    assert machine.calls[-1] == "reset"
    assert b"@1E00" in pico.out.getvalue()  # the host was told: an OSError
    assert b"OSError" in pico.out.getvalue()


def test_the_maintenance_request_leaves_the_flag_and_resets(
    pico: types.SimpleNamespace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    machine = pico.install(incoming=wire.frame(wire.MAINTENANCE, 0, wire.MAINTENANCE_PAYLOAD))
    from firmware import pico as firmware_pico

    flag = tmp_path / "maintenance"
    monkeypatch.setattr(firmware_pico, "MAINTENANCE_FLAG", str(flag))
    with pytest.raises(Reset):
        firmware_pico.run()
    assert flag.exists() and machine.calls[-1] == "reset"
    assert b"@1A00" in pico.out.getvalue() and b"@1B00" in pico.out.getvalue()


def test_main_py_runs_the_firmware_unless_the_flag_is_there(tmp_path: Path) -> None:
    stub = tmp_path / "stub"
    stub.mkdir()
    (stub / "pico.py").write_text("def run():\n    print('FIRMWARE RUNS')\n")
    main_py = Path(__file__).parents[2] / "firmware" / "pico_main.py"
    script = tmp_path / "boot_twice.py"
    script.write_text(
        f"source = {main_py.read_text()!r}\n"
        "exec(source, {})\n"  # no flag: the firmware runs
        "open('/maintenance', 'w').write('1')\n"
        "exec(source, {})\n"  # the flag: the REPL, and the flag is gone
        "import os\n"
        "print('FLAG LEFT' if 'maintenance' in os.listdir('/') else 'FLAG GONE')\n"
    )
    result = run_script(script, mounts=[f"{stub}:firmware"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["FIRMWARE", "RUNS", "FLAG", "GONE"]
