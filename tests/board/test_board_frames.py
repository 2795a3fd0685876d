"""The host's side of the SHOW payload, and the protocol document's example."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from firmware import wire
from host.board.frames import cells, show_payload
from host.games import BoardDisplay, SeatDisplay

DOC = Path(__file__).parents[2] / "docs" / "wire-protocol.md"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1012", ("1012", 0)),
        ("10.12", ("1012", 0b0010)),
        ("8", ("   8", 0)),
        ("1.2.3.4.", ("1234", 0b1111)),
        (".5", ("   5", 0b0100)),  # a point with no character before it: a blank cell
    ],
)
def test_text_becomes_right_aligned_cells_and_points(text: str, expected: tuple[str, int]) -> None:
    assert cells(text) == expected


@pytest.mark.parametrize("text", ["12345", "O", "1.2.3.4.5", "ab"])
def test_text_the_display_cannot_show_is_a_clear_error(text: str) -> None:
    with pytest.raises(ValueError, match=r"cannot show|cells"):
        cells(text)


def test_the_documented_example_frame_is_what_the_host_sends() -> None:
    example = re.search(r"^(@1S.*)$", DOC.read_text(), re.MULTILINE)
    assert example is not None
    table = BoardDisplay(
        [SeatDisplay("10.12", (255, 0, 0)), SeatDisplay("-0", (0, 255, 0), blink=True)],
        [(255, 255, 0), (0, 0, 0)],
    )
    assert wire.frame(wire.SHOW, 5, show_payload(table)) == example.group(1).encode() + b"\n"
