"""Fuzzing: the codec under hypothesis (CPython), and random byte streams fed to the
firmware, on CPython and under real MicroPython (`dicetable board fuzz` runs it longer)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware import font, wire
from host.board import fuzz_firmware
from host.board.micropython import run_script

PRINTABLE = [c for c in range(0x20, 0x7F) if c not in (wire.START, wire.SEPARATOR)]
kinds = st.sampled_from(
    [wire.SHOW, wire.HEARTBEAT, wire.PRESS_ACK, wire.HELLO_REQUEST, wire.HELLO, wire.PRESS]
)
payloads = st.lists(st.sampled_from(PRINTABLE), max_size=wire.MAX_BODY - wire.HEADER).map(bytes)
frames = st.tuples(kinds, st.integers(0, 255), payloads)
seat = st.tuples(
    st.text(alphabet=font.GLYPHS, min_size=4, max_size=4),
    st.integers(0, 15),
    st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)),
    st.booleans(),
)
extra = st.tuples(seat.map(lambda s: s[2]), st.booleans())


def decode_all(data: bytes) -> list[tuple[int, int, bytes]]:
    d = wire.Decoder()
    found = []
    i = 0
    while i < len(data):
        i = d.feed(data, i, len(data))
        if d.ready:
            found.append((d.kind, d.seq, bytes(d.body[wire.HEADER : wire.HEADER + d.size])))
    return found


@given(st.lists(st.tuples(st.binary(max_size=60), frames), max_size=8), st.binary(max_size=60))
def test_every_frame_survives_any_garbage_around_it(
    pieces: list[tuple[bytes, tuple[int, int, bytes]]], tail: bytes
) -> None:
    data = b"".join(garbage + wire.frame(*frame) for garbage, frame in pieces) + tail
    assert decode_all(data) == [frame for _, frame in pieces]


@given(frames, st.text(max_size=40))
def test_no_frame_ever_holds_a_byte_the_repl_acts_on(
    frame: tuple[int, int, bytes], text: str
) -> None:
    e = wire.Encoder()
    e.begin(wire.ERROR, 0)
    e.text(text, 32)  # what the firmware reports of an exception or its version
    for data in (wire.frame(*frame), bytes(e.out[: e.finish()])):
        assert data[:1] == b"@" and data[-1:] == b"\n"
        assert all(0x20 <= c <= 0x7E for c in data[:-1])  # so never Ctrl-A..Ctrl-E
        assert len(decode_all(data)) == 1


@given(frames, st.integers(0, 200), st.integers(1, 255))
def test_a_changed_byte_or_a_cut_never_yields_a_frame(
    frame: tuple[int, int, bytes], at: int, change: int
) -> None:
    data = bytearray(wire.frame(*frame))
    cut = bytes(data[: at % (len(data) - 1)])
    data[at % len(data)] = (data[at % len(data)] + change) & 0xFF  # CRC-16 sees any one
    assert decode_all(bytes(data)) == []
    assert decode_all(cut) == []


@given(st.lists(seat, max_size=6), st.lists(extra, max_size=2))
def test_show_payloads_round_trip(
    seats: list[tuple[str, int, tuple[int, int, int], bool]],
    extras: list[tuple[tuple[int, int, int], bool]],
) -> None:
    payload = wire.encode_show(seats, extras)
    shown = wire.ShowBuffer(6, 2)
    assert shown.parse(payload, 0, len(payload))
    assert (shown.seats, shown.extras) == (len(seats), len(extras))
    for s, (glyphs, points, rgb, blink) in enumerate(seats):
        assert bytes(shown.glyphs[4 * s : 4 * s + 4]).decode() == glyphs
        assert shown.points[s] == points and tuple(shown.rgb[3 * s : 3 * s + 3]) == rgb
        assert shown.blink[s] == blink
    for e, (rgb, blink) in enumerate(extras):
        assert (
            tuple(shown.rgb[3 * (6 + e) : 3 * (6 + e) + 3]) == rgb and shown.blink[6 + e] == blink
        )


@given(st.binary(max_size=150))
@settings(max_examples=300)
def test_any_payload_parses_or_is_refused_without_an_exception(payload: bytes) -> None:
    shown = wire.ShowBuffer(6, 2)
    if shown.parse(payload, 0, len(payload)):
        glyphs = bytes(shown.glyphs[: 4 * shown.seats]).decode()
        assert all(c in font.GLYPHS for c in glyphs)


def test_random_streams_on_cpython() -> None:
    summary = fuzz_firmware.run(1500, 11)
    assert summary["checks"] > 3000 and summary["waiting"] > 10 and summary["dropped"] > 100
    assert summary["refused"] > 50  # well-formed states the board cannot show


def test_random_streams_under_micropython() -> None:
    script = Path(fuzz_firmware.__file__)
    result = run_script(script, ["800", "12"])
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["checks"] > 1500 and summary["waiting"] > 5 and summary["dropped"] > 50
    assert summary["refused"] > 25


def test_the_heap_does_not_grow_and_the_loop_allocates_nothing_under_micropython() -> None:
    from host.board import bench_firmware

    result = run_script(Path(bench_firmware.__file__), ["300"])
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["heap_after"] == figures["heap_before"] > 0
    assert figures["allocated_in_loop"] == 0
