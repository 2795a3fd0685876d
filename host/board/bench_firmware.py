"""The firmware's speed and heap, on whichever Python runs it (MicroPython under Node for
`dicetable bench board`, CPython for comparison).

    bench_firmware.py FRAMES

Feeds FRAMES different SHOW frames (6 seats, 2 extra LEDs) to the firmware with simulated
devices, one loop step each, and prints one JSON line: the time, a baseline loop that only
reads every byte of the same frames once, and the heap before and after.
"""

import gc
import json
import sys
import time

from firmware import font, wire
from host.board.virtual_hw import Rig

MICROPYTHON = sys.implementation.name == "micropython"


def now_ms() -> float:
    if MICROPYTHON:
        return time.ticks_ms()  # type: ignore[attr-defined]
    return time.perf_counter() * 1000


def heap() -> int:
    gc.collect()
    return gc.mem_alloc() if MICROPYTHON else -1  # type: ignore[attr-defined]


def sample_frames(count: int) -> list:
    frames = []
    glyphs = font.GLYPHS
    for i in range(count):
        seats = []
        for s in range(6):
            text = "".join(glyphs[(i * 7 + s * 3 + k) % len(glyphs)] for k in range(4))
            seats.append((text, (i + s) & 0xF, (i & 0xFF, s * 40, 255 - (i & 0xFF)), s == 2))
        extras = [((255, 255, 0), False), ((0, 0, i & 0xFF), True)]
        frames.append(wire.frame(wire.SHOW, i & 0xFF, wire.encode_show(seats, extras)))
    return frames


def run(count: int) -> dict:
    frames = sample_frames(64)
    rig = Rig(1, 0)
    rig.step(0)
    rig.port.take()
    before = heap()
    gc.disable()
    allocated = gc.mem_alloc() if MICROPYTHON else -1  # type: ignore[attr-defined]
    started = now_ms()
    for i in range(count):
        rig.port.feed(frames[i & 63])
        rig.step(i)
        rig.port.tx_count = 0  # the acknowledgements, read by no one here
    elapsed = now_ms() - started
    if MICROPYTHON:
        allocated = gc.mem_alloc() - allocated  # type: ignore[attr-defined]
    gc.enable()
    after = heap()
    assert rig.board.decoder.frames == count, "every frame must be decoded"
    assert rig.board.seq == (count - 1) & 63  # the last frame shown
    started = now_ms()
    total = 0
    for i in range(count):  # the baseline: touch every byte of the same frames once
        frame = frames[i & 63]
        for k in range(len(frame)):
            total += frame[k]
    baseline = now_ms() - started
    return {
        "implementation": sys.implementation.name,
        "frames": count,
        "frame_bytes": len(frames[0]),
        "ms": elapsed,
        "baseline_ms": baseline,
        "heap_before": before,
        "heap_after": after,
        "allocated_in_loop": allocated,
    }


if __name__ == "__main__":
    print(json.dumps(run(int(sys.argv[1]))))
