"""Helpers for the firmware tests, which run twice: on CPython under pytest, and on real
MicroPython through Node (test_fw_micropython.py). So these modules stay MicroPython
code: no pytest, no dataclasses, no f-strings with '=', plain asserts."""

import sys

from firmware import wire
from host.board.virtual_hw import Rig

ON_MICROPYTHON = sys.implementation.name == "micropython"


def show(seq: int, seats: list, extras: list | None = None) -> bytes:
    """A SHOW frame for seats given as (glyphs, points, rgb, blink)."""
    return wire.frame(wire.SHOW, seq, wire.encode_show(seats, extras or []))


def seat(glyphs: str, points: int = 0, rgb: tuple = (0, 0, 0), blink: bool = False) -> tuple:
    return (glyphs, points, rgb, blink)


def frames(data: bytes) -> list:
    """(kind letter, seq, payload) of each valid frame in data."""
    d = wire.Decoder()
    found = []
    i = 0
    while i < len(data):
        i = d.feed(data, i, len(data))
        if d.ready:
            found.append((chr(d.kind), d.seq, bytes(d.body[wire.HEADER : wire.HEADER + d.size])))
    return found


def kinds(data: bytes) -> str:
    return "".join(f[0] for f in frames(data))


def booted(boot_id: int = 0x1234ABCD) -> Rig:
    """A rig after its first step (the boot announcement taken off the port)."""
    rig = Rig(boot_id, 0)
    rig.step(0)
    rig.port.take()
    return rig


def scratch_path(name: str) -> str:
    """A path to write a file at, removed first if it is there."""
    if ON_MICROPYTHON:
        path = "/tmp/" + name
    else:
        import tempfile

        path = tempfile.gettempdir() + "/dicetable-" + name
    try:
        import os

        os.remove(path)
    except OSError:
        pass
    return path


def raises(error: type, function: object, *args: object) -> str:
    """Call function(*args), which must raise `error`; return the message."""
    try:
        function(*args)  # type: ignore[operator]
    except error as caught:
        return str(caught)
    raise AssertionError(f"{function} did not raise {error}")
