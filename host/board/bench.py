"""`dicetable bench board`: the firmware's frames per second under MicroPython, the host to
acknowledgement round trip over a pseudo-terminal, and the firmware's heap after 10,000
frames. Baselines measured in the same run: a bare MicroPython loop reading the same bytes,
the same firmware code on CPython, and a bare echo over a pseudo-terminal."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import threading
import time
from pathlib import Path
from typing import Any

from host.board import bench_firmware
from host.board.micropython import run_script
from host.errors import UserError


def _firmware_figures(frames: int) -> tuple[dict[str, Any], dict[str, Any]]:
    script = Path(bench_firmware.__file__)
    result = run_script(script, [str(frames)], timeout=None)
    if result.returncode != 0:
        raise UserError(f"the firmware benchmark failed under MicroPython: {result.stderr}")
    micro: dict[str, Any] = json.loads(result.stdout)
    return micro, bench_firmware.run(frames)


def _pty_echo_ms(rounds: int) -> list[float]:
    """Round trips of one frame-sized write through a pseudo-terminal and a thread that
    echoes it back: the floor under any board link."""
    import tty

    master, slave = os.openpty()
    tty.setraw(slave)
    message = b"@1S00" + b"0" * 90 + b"\n"

    def echo() -> None:
        for _ in range(rounds):
            got = b""
            while not got.endswith(b"\n"):
                got += os.read(master, 256)
            os.write(master, b"@1A00*0000\n")

    thread = threading.Thread(target=echo)
    thread.start()
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        os.write(slave, message)
        got = b""
        while not got.endswith(b"\n"):
            got += os.read(slave, 256)
        times.append((time.perf_counter() - started) * 1000)
    thread.join()
    os.close(master)
    os.close(slave)
    return times


def _link_round_trips_ms(rounds: int) -> list[float]:
    from host.board.link import BoardLink
    from host.board.virtual import VirtualBoard
    from host.games import BoardDisplay, SeatDisplay

    times = []
    with VirtualBoard() as board, BoardLink.open(board.port) as link:
        if not link.wait_board(10.0):
            raise UserError("the virtual board did not start: run `make install`")
        for i in range(rounds):
            link.show(BoardDisplay([SeatDisplay(f"{i % 10000:4d}", (i % 256, 0, 0))] * 6))
            if not link.wait_shown(2.0):
                raise UserError("the virtual board did not acknowledge a state within 2 s")
            round_trip = link.status.round_trip_s
            assert round_trip is not None
            times.append(round_trip * 1000)
            time.sleep(0.005)
        assert board.shown()[0] == f"{(rounds - 1) % 10000:4d}"
    return times


def _quantiles(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):.2f} ms, p95 {p95:.2f} ms"


def bench(args: argparse.Namespace) -> int:
    quick = bool(getattr(args, "quick", False))
    frames = 2000 if quick else 10_000
    rounds = 30 if quick else 200

    micro, cpython = _firmware_figures(frames)
    fps = frames / (micro["ms"] / 1000)
    print(
        f"firmware under MicroPython 1.27 (WebAssembly, Node), {frames} SHOW frames of "
        f"{micro['frame_bytes']} bytes (6 seats, 2 extra LEDs), each decoded and drawn:"
    )
    print(f"  {fps:,.0f} frames/s ({micro['ms'] / frames:.2f} ms a frame)")
    print(
        f"  = {micro['ms'] / micro['baseline_ms']:.1f} x a bare MicroPython loop reading "
        f"the same bytes ({frames / (micro['baseline_ms'] / 1000):,.0f} frames/s)"
    )
    cpython_fps = frames / (cpython["ms"] / 1000)
    print(
        f"  (CPython runs the same code at {cpython_fps:,.0f} frames/s, {cpython_fps / fps:.0f} x)"
    )
    growth = micro["heap_after"] - micro["heap_before"]
    print(
        f"firmware heap after {frames} frames: {micro['heap_after']:,} bytes in use "
        f"(before: {micro['heap_before']:,}; growth {growth:+,} bytes); "
        f"allocated inside the loop: {micro['allocated_in_loop']:,} bytes"
    )
    # measured, not assumed: a script there that drops 3 MB of bytearrays keeps them all
    print(
        "  (this WebAssembly MicroPython collects no garbage while a script runs, so 'in use'"
        " counts every byte\n   the bench and the firmware ever allocated: no growth means"
        " the frames allocated nothing)"
    )

    echo = _pty_echo_ms(rounds)
    link = _link_round_trips_ms(rounds)
    print(f"host -> acknowledgement over a pseudo-terminal, virtual board, {rounds} states:")
    print(f"  {_quantiles(link)}")
    print(
        f"  = {statistics.median(link) / statistics.median(echo):.0f} x a bare pty echo "
        f"({_quantiles(echo)}); the virtual board's loop steps every 2 ms"
    )
    return 0 if growth <= 0 and micro["allocated_in_loop"] == 0 else 1
