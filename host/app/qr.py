"""The table's address as a QR code, for phones to join by pointing their camera at the
page in the middle of the table or at the host's terminal (segno draws the code).
"""

from __future__ import annotations

import io

import segno


def qr_svg(url: str) -> str:
    """The QR code of `url` as an inline SVG element (dark modules on a light quiet zone,
    so phones read it on a dark page too); it scales to its box (a viewBox, no size).

    >>> qr_svg("http://192.0.2.1:8080/").startswith("<svg")
    True
    """
    code = segno.make(url, error="m")
    return str(code.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True))


def qr_lines(url: str) -> list[str]:
    """The QR code of `url` drawn in a terminal with block characters (two rows of
    modules per line), dark on light whatever the terminal's colours.

    >>> lines = qr_lines("http://192.0.2.1:8080/")
    >>> len(lines) == len(lines[0]) // 2 + 1 and set("".join(lines)) <= set("█▀▄ ")
    True
    """
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n").split("\n")
