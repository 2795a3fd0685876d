"""What the host sends the board: a game's BoardDisplay as a SHOW payload.

>>> cells("1.2.3")
(' 123', 6)
>>> cells("-")
('   -', 0)
"""

from __future__ import annotations

from firmware import font, wire
from host.games import BoardDisplay


def cells(text: str) -> tuple[str, int]:
    """A seat's text as 4 display cells, right-aligned, and its decimal point bits (bit k
    lights the point of cell k, counted from the left). A '.' lights the point of the
    character before it, or takes a blank cell of its own."""
    glyphs: list[str] = []
    points: list[bool] = []
    for char in text:
        if char == "." and glyphs and not points[-1]:
            points[-1] = True
        elif char == ".":
            glyphs.append(" ")
            points.append(True)
        elif font.segments(ord(char)) == font.NOT_A_GLYPH:
            raise ValueError(
                f"the board cannot show {char!r} (in {text!r}); it shows {font.GLYPHS!r} and '.'"
            )
        else:
            glyphs.append(char)
            points.append(False)
    if len(glyphs) > wire.SEAT_CELLS:
        raise ValueError(f"{text!r} needs {len(glyphs)} cells; a display has {wire.SEAT_CELLS}")
    pad = wire.SEAT_CELLS - len(glyphs)
    mask = sum(1 << (pad + k) for k, point in enumerate(points) if point)
    return " " * pad + "".join(glyphs), mask


def show_payload(display: BoardDisplay) -> bytes:
    """The SHOW payload for a whole board display (ValueError for what the board cannot show)."""
    seats = []
    for seat in display.seats:
        glyphs, points = cells(seat.text)
        seats.append((glyphs, points, seat.led, seat.blink))
    return wire.encode_show(seats, [(rgb, False) for rgb in display.extra_leds])
