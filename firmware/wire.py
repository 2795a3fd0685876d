"""The wire protocol between the host and the board: one codec for both sides.

Every frame is one line of printable ASCII, so no byte the MicroPython REPL treats as a
control character (Ctrl-A..Ctrl-E) ever appears, and a person can read a capture:

    @1S07...payload...*3F2A\\n
    | ||| |             |    '- END: newline
    | ||| |             '- CRC-16/CCITT-FALSE of the body (from the version to the
    | ||| |                payload), 4 upper-case hex digits, after the separator '*'
    | ||'-'- seq: 2 upper-case hex digits
    | |'- kind: one letter
    | '- protocol version
    '- START: '@'

A receiver drops anything outside a frame, restarts on every '@' and drops a frame with a
bad checksum, a byte outside printable ASCII or an overlong body, so after garbage or a
cut frame the stream is in step again at the next frame. See docs/wire-protocol.md.

The decoder and the small encoder write into preallocated buffers, so the firmware's main
loop allocates nothing; the host uses the same classes.
"""

from firmware import font

VERSION = 0x31  # '1'
START = 0x40  # '@'
SEPARATOR = 0x2A  # '*'
END = 0x0A  # '\n'
MAX_BODY = 200
HEADER = 4  # version, kind, 2 hex digits of seq
TRAILER = 5  # separator, 4 hex digits of CRC
MAX_FRAME = 1 + MAX_BODY + TRAILER + 1

# host -> board
SHOW = 0x53  # 'S' the full display state; acknowledged with ACK and the same seq
HEARTBEAT = 0x48  # 'H' host is alive (sent when nothing else was for a while)
PRESS_ACK = 0x4B  # 'K' the press with this seq has been received
TEST = 0x54  # 'T' show self-test step `seq`; acknowledged with ACK
MAINTENANCE = 0x4D  # 'M' payload "REPL": reset into the REPL once (for flashing)
MAINTENANCE_PAYLOAD = b"REPL"
HELLO_REQUEST = 0x51  # 'Q' reply with the hello now (a host that just started asks who is there)
# board -> host
HELLO = 0x42  # 'B' boot announcement and heartbeat: boot id, sizes, version
ACK = 0x41  # 'A' the SHOW or TEST frame with this seq is now shown
PRESS = 0x50  # 'P' a button press: seq = press number, payload = seat
ERROR = 0x45  # 'E' the firmware failed and is resetting; payload = exception name
DARK = 0x44  # 'D' after the hello, when displays did not answer at boot: a bit per seat

_HEX = b"0123456789ABCDEF"


def _crc_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_CRC_TABLE = _crc_table()


def crc16(buf: bytes | bytearray, start: int, end: int) -> int:
    """CRC-16/CCITT-FALSE of buf[start:end].

    >>> hex(crc16(b"123456789", 0, 9))
    '0x29b1'
    """
    crc = 0xFFFF
    table = _CRC_TABLE
    for i in range(start, end):
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ buf[i]) & 0xFF]
    return crc


def hex_value(buf: bytes | bytearray, start: int, digits: int) -> int:
    """The number written as `digits` upper-case hex digits at buf[start], or -1.

    >>> hex_value(b"x1F", 1, 2), hex_value(b"1f", 0, 2)
    (31, -1)
    """
    value = 0
    for i in range(start, start + digits):
        c = buf[i]
        if 0x30 <= c <= 0x39:
            value = (value << 4) | (c - 0x30)
        elif 0x41 <= c <= 0x46:
            value = (value << 4) | (c - 0x37)
        else:
            return -1
    return value


def put_hex(buf: bytearray, start: int, value: int, digits: int) -> int:
    """Write value as `digits` upper-case hex digits at buf[start]; return the end."""
    for i in range(start + digits - 1, start - 1, -1):
        buf[i] = _HEX[value & 0xF]
        value >>= 4
    return start + digits


class Decoder:
    """Finds valid frames in a byte stream, without allocating.

    Feed it bytes; when `feed` stops with `ready` set, the frame's `kind`, `seq` and
    payload (`body[HEADER:HEADER + size]`) are valid until the next call.

    >>> d = Decoder()
    >>> data = b"noise" + frame(HEARTBEAT, 7, b"")
    >>> end = d.feed(data, 0, len(data))
    >>> d.ready, chr(d.kind), d.seq, d.size, end == len(data)
    (True, 'H', 7, 0, True)
    """

    def __init__(self) -> None:
        self.body = bytearray(MAX_BODY + TRAILER)
        self.n = 0
        self.inside = False
        self.ready = False
        self.kind = 0
        self.seq = 0
        self.size = 0
        self.frames = 0  # valid frames decoded
        self.dropped = 0  # frames started but rejected (checksum, version, length, byte)

    def feed(self, data: bytes | bytearray, start: int, end: int) -> int:
        """Consume data[start:end] up to the end of the first valid frame; return where it
        stopped (`ready` tells whether a frame ended there)."""
        self.ready = False
        body = self.body
        limit = len(body)
        n = self.n  # locals: much faster than attributes in MicroPython
        inside = self.inside
        i = start
        while i < end:
            c = data[i]
            i += 1
            if inside and 0x20 <= c <= 0x7E and c != START and n < limit:
                body[n] = c  # the common case: one more character of a frame
                n += 1
            elif c == START:
                if inside:
                    self.dropped += 1
                inside = True
                n = 0
            elif not inside:
                continue  # noise between frames
            elif c == END:
                inside = False
                self.n = n
                if self._check():
                    self.inside = False
                    self.ready = True
                    return i
                self.dropped += 1
            else:  # a byte no frame has, or too long
                inside = False
                self.dropped += 1
        self.n = n
        self.inside = inside
        return i

    def _check(self) -> bool:
        body = self.body
        n = self.n - TRAILER
        if n < HEADER or body[n] != SEPARATOR or body[0] != VERSION:
            return False
        if hex_value(body, n + 1, 4) != crc16(body, 0, n):
            return False
        seq = hex_value(body, 2, 2)
        if seq < 0:
            return False
        self.kind = body[1]
        self.seq = seq
        self.size = n - HEADER
        self.frames += 1
        return True


class Encoder:
    """Builds one frame at a time in a preallocated buffer (`out[:length]`).

    >>> e = Encoder()
    >>> e.begin(ACK, 0x2A)
    >>> bytes(e.out[:e.finish()])
    b'@1A2A*CF12\\n'
    """

    def __init__(self) -> None:
        self.out = bytearray(MAX_FRAME)
        self.n = 0

    def begin(self, kind: int, seq: int) -> None:
        out = self.out
        out[0] = START
        out[1] = VERSION
        out[2] = kind
        self.n = put_hex(out, 3, seq & 0xFF, 2)

    def hex(self, value: int, digits: int) -> None:
        self.n = put_hex(self.out, self.n, value, digits)

    def byte(self, c: int) -> None:
        """Append one printable character (the caller keeps it printable)."""
        self.out[self.n] = c
        self.n += 1

    def text(self, s: str, most: int) -> None:
        """Append up to `most` characters of s, with anything unprintable as '?'."""
        for i in range(min(len(s), most)):
            c = ord(s[i])
            self.byte(c if 0x20 <= c <= 0x7E and c != START and c != SEPARATOR else 0x3F)

    def finish(self) -> int:
        """Close the frame; return its length."""
        out = self.out
        n = self.n
        crc = crc16(out, 1, n)
        out[n] = SEPARATOR
        n = put_hex(out, n + 1, crc, 4)
        out[n] = END
        return n + 1


def frame(kind: int, seq: int, payload: bytes) -> bytes:
    """One whole frame as bytes (allocates: for the host and tests).

    >>> frame(PRESS_ACK, 3, b"")
    b'@1K03*3064\\n'
    """
    if len(payload) > MAX_BODY - HEADER:
        raise ValueError(f"payload of {len(payload)} bytes is longer than {MAX_BODY}")
    e = Encoder()
    e.begin(kind, seq)
    for c in payload:
        if c < 0x20 or c > 0x7E or c in (START, SEPARATOR):
            raise ValueError(f"payload byte {c} is not printable ASCII other than @ and *")
        e.byte(c)
    return bytes(e.out[: e.finish()])


# --- the SHOW payload ------------------------------------------------------------------
# seat count (1 hex digit), then per seat: 4 glyph characters, the decimal points
# (1 hex digit, bit 0 = leftmost cell), the LED colour (6 hex digits RRGGBB) and blink
# ('0' or '1'); then the extra LED count (1 hex digit) and per extra LED: colour, blink.
SEAT_CELLS = 4
SEAT_SIZE = SEAT_CELLS + 1 + 6 + 1
LED_SIZE = 6 + 1


def encode_show(
    seats: list[tuple[str, int, tuple[int, int, int], bool]],
    extras: list[tuple[tuple[int, int, int], bool]],
) -> bytes:
    """The SHOW payload for seats (glyphs, decimal points, colour, blink) and extra LEDs.

    >>> encode_show([("12 3", 0b0010, (255, 0, 16), True)], [((0, 0, 0), False)])
    b'112 32FF0010110000000'
    """
    if len(seats) > 15 or len(extras) > 15:
        raise ValueError("at most 15 seats and 15 extra LEDs")
    out = bytearray(2 + SEAT_SIZE * len(seats) + LED_SIZE * len(extras))
    n = put_hex(out, 0, len(seats), 1)
    for glyphs, points, rgb, blink in seats:
        if len(glyphs) != SEAT_CELLS:
            raise ValueError(f"a seat shows exactly {SEAT_CELLS} cells, got {glyphs!r}")
        for ch in glyphs:
            if font.segments(ord(ch)) == font.NOT_A_GLYPH:
                raise ValueError(f"the display cannot show {ch!r}")
            out[n] = ord(ch)
            n += 1
        n = put_hex(out, n, points & 0xF, 1)
        n = _put_led(out, n, rgb, blink)
    n = put_hex(out, n, len(extras), 1)
    for rgb, blink in extras:
        n = _put_led(out, n, rgb, blink)
    return bytes(out)


def _put_led(out: bytearray, n: int, rgb: tuple[int, int, int], blink: bool) -> int:
    for level in rgb:
        if not 0 <= level <= 255:
            raise ValueError(f"LED levels are 0..255, got {rgb!r}")
        n = put_hex(out, n, level, 2)
    out[n] = 0x31 if blink else 0x30
    return n + 1


class ShowBuffer:
    """What the board shows, decoded from a SHOW payload into preallocated arrays.

    Seat s shows glyphs[4s:4s+4] (character codes) with decimal point bits points[s];
    LED i (seats first, then the extra LEDs) has colour rgb[3i:3i+3] and blink[i].
    """

    def __init__(self, seats: int, extras: int) -> None:
        self.max_seats = seats
        self.max_extras = extras
        self.seats = 0
        self.extras = 0
        self.glyphs = bytearray(SEAT_CELLS * seats)
        self.points = bytearray(seats)
        self.rgb = bytearray(3 * (seats + extras))
        self.blink = bytearray(seats + extras)

    def parse(self, buf: bytes | bytearray, start: int, size: int) -> bool:
        """Decode a SHOW payload; False (this buffer then holds garbage) if it is malformed
        or needs more seats or LEDs than this board has."""
        end = start + size
        seats = hex_value(buf, start, 1) if size > 0 else -1
        if seats < 0 or seats > self.max_seats:
            return False
        i = start + 1
        if i + seats * SEAT_SIZE + 1 > end:
            return False
        for s in range(seats):
            for k in range(SEAT_CELLS):
                c = buf[i + k]
                if font.segments(c) == font.NOT_A_GLYPH:
                    return False
                self.glyphs[SEAT_CELLS * s + k] = c
            points = hex_value(buf, i + SEAT_CELLS, 1)
            if points < 0 or not self._led(buf, i + SEAT_CELLS + 1, s):
                return False
            self.points[s] = points
            i += SEAT_SIZE
        extras = hex_value(buf, i, 1)
        i += 1
        if extras < 0 or extras > self.max_extras or i + extras * LED_SIZE != end:
            return False
        for e in range(extras):
            if not self._led(buf, i, self.max_seats + e):
                return False
            i += LED_SIZE
        self.seats = seats
        self.extras = extras
        return True

    def _led(self, buf: bytes | bytearray, i: int, led: int) -> bool:
        for k in range(3):
            level = hex_value(buf, i + 2 * k, 2)
            if level < 0:
                return False
            self.rgb[3 * led + k] = level
        flag = buf[i + 6] - 0x30
        if flag != 0 and flag != 1:
            return False
        self.blink[led] = flag
        return True
