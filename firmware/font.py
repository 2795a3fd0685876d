"""The 7-segment font: which segments light for each character a display can show.

Segment bits follow the usual HT16K33 backpack wiring: bit 0 is segment a (top), then
b, c, d, e, f clockwise, g (middle) is bit 6 and the decimal point bit 7. Characters that
would look like another one (O and 0, S and 5) are left out, so what a person reads is
never ambiguous.
"""

DP = 0x80
NOT_A_GLYPH = 0xFF  # no character uses every segment plus the decimal point

# character -> segments; the one place that says what each character looks like
_SEGMENTS = {
    " ": 0x00,
    "-": 0x40,
    "_": 0x08,
    "0": 0x3F,
    "1": 0x06,
    "2": 0x5B,
    "3": 0x4F,
    "4": 0x66,
    "5": 0x6D,
    "6": 0x7D,
    "7": 0x07,
    "8": 0x7F,
    "9": 0x6F,
    "A": 0x77,
    "b": 0x7C,
    "C": 0x39,
    "c": 0x58,
    "d": 0x5E,
    "E": 0x79,
    "F": 0x71,
    "G": 0x3D,
    "H": 0x76,
    "h": 0x74,
    "I": 0x30,
    "J": 0x1E,
    "L": 0x38,
    "n": 0x54,
    "o": 0x5C,
    "P": 0x73,
    "r": 0x50,
    "t": 0x78,
    "U": 0x3E,
    "u": 0x1C,
    "y": 0x6E,
}

GLYPHS = "".join(_SEGMENTS)

# segments by character code, so the firmware looks glyphs up without allocating
TABLE = bytearray(b"\xff" * 128)
for _char, _bits in _SEGMENTS.items():
    TABLE[ord(_char)] = _bits


def segments(code: int) -> int:
    """The segments of the character with this code, or NOT_A_GLYPH.

    >>> hex(segments(ord("7")))
    '0x7'
    >>> segments(ord("O")) == NOT_A_GLYPH
    True
    """
    if 0 <= code < 128:
        return TABLE[code]
    return NOT_A_GLYPH
