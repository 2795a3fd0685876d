"""The wire codec (runs on CPython and on MicroPython)."""

from fw_helpers import frames, raises, seat

from firmware import wire


def test_crc_is_ccitt_false():
    assert wire.crc16(b"123456789", 0, 9) == 0x29B1


def test_a_frame_is_printable_ascii_ending_in_newline():
    data = wire.frame(wire.SHOW, 0xFE, wire.encode_show([seat("12 3", 2, (1, 2, 3))], []))
    assert data[:1] == b"@" and data[-1:] == b"\n"
    assert all(0x20 <= c <= 0x7E for c in data[:-1])
    assert not any(c in data for c in b"\x01\x02\x03\x04\x05")


def test_frames_round_trip_through_the_decoder():
    sent = [(wire.HEARTBEAT, 0, b""), (wire.PRESS, 255, b"3"), (wire.HELLO, 9, b"ABCDEF")]
    data = b"".join(wire.frame(k, s, p) for k, s, p in sent)
    assert frames(data) == [(chr(k), s, p) for k, s, p in sent]


def test_garbage_and_cut_frames_are_dropped_and_the_next_frame_is_read():
    good = wire.frame(wire.PRESS_ACK, 7, b"")
    cut = good[:6]
    corrupted = good[:5] + b"X" + good[6:]
    data = b"\x00\xff junk @@" + cut + corrupted + b"\x03\x04" + good
    d = wire.Decoder()
    found = frames(data)
    assert found == [("K", 7, b"")]
    d.feed(data, 0, len(data))
    assert d.dropped >= 2


def test_a_frame_with_another_protocol_version_is_dropped():
    good = wire.frame(wire.HEARTBEAT, 1, b"")
    body = bytearray(good[1:-6])
    body[0] = ord("2")
    other = b"@" + bytes(body) + b"*%04X\n" % wire.crc16(body, 0, len(body))
    assert frames(other) == []
    assert frames(other + good) == [("H", 1, b"")]


def test_an_overlong_body_is_dropped():
    data = b"@1H00" + b"A" * (wire.MAX_BODY + 10) + b"*0000\n" + wire.frame(wire.HEARTBEAT, 2, b"")
    assert frames(data) == [("H", 2, b"")]


def test_show_payload_decodes_into_the_show_buffer():
    payload = wire.encode_show(
        [seat("1012", 0, (255, 0, 0), True), seat(" 8-3", 0b0100, (0, 16, 0))],
        [((1, 2, 3), False)],
    )
    shown = wire.ShowBuffer(6, 2)
    assert shown.parse(payload, 0, len(payload))
    assert (shown.seats, shown.extras) == (2, 1)
    assert bytes(shown.glyphs[:8]) == b"1012 8-3"
    assert list(shown.points[:2]) == [0, 4]
    assert list(shown.rgb[:6]) == [255, 0, 0, 0, 16, 0]
    assert list(shown.rgb[18:21]) == [1, 2, 3]  # the first extra LED comes after 6 seats
    assert list(shown.blink[:2]) == [1, 0]


def test_show_payload_the_board_cannot_show_is_refused():
    shown = wire.ShowBuffer(2, 1)
    three = wire.encode_show([seat("1111")] * 3, [])
    assert not shown.parse(three, 0, len(three))
    bad_glyph = bytearray(wire.encode_show([seat("1111")], []))
    bad_glyph[1] = ord("O")
    assert not shown.parse(bad_glyph, 0, len(bad_glyph))
    short = wire.encode_show([seat("1111")], [])[:-1]
    assert not shown.parse(short, 0, len(short))


def test_encoding_refuses_what_the_display_cannot_show():
    assert "cannot show" in raises(ValueError, wire.encode_show, [seat("12O4")], [])
    assert "4 cells" in raises(ValueError, wire.encode_show, [seat("123")], [])
    assert "printable" in raises(ValueError, wire.frame, wire.HEARTBEAT, 0, b"\x03")
