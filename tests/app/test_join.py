"""Joining by QR code: the terminal's code, read back by OpenCV's QR reader as a phone's
camera would, opens the page's address."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from host.app.terminal import Terminal

URL = "http://192.0.2.20:8080/"


def read_blocks(lines: list[str]) -> str:
    """Decode a QR code drawn with block characters (each line two rows of modules)."""
    rows = []
    for line in lines:
        top = [c in "█▀" for c in line]
        bottom = [c in "█▄" for c in line]
        rows += [top, bottom]
    light = np.array(rows, np.uint8) * 255  # the blocks are the light modules
    image = cv2.resize(light, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    image = cv2.copyMakeBorder(image, 32, 32, 32, 32, cv2.BORDER_CONSTANT, value=255)
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(image)
    return str(text)


def test_the_terminal_shows_a_qr_code_of_the_pages_address(tmp_path: Path) -> None:
    said: list[str] = []
    Terminal(out=said.append).page([URL, "http://198.51.100.3:8080/"], tmp_path, network=True)
    qr = [line for line in said if set(line) <= set("█▀▄ ")]
    assert len(qr) > 10
    assert read_blocks(qr) == URL


def test_no_qr_code_for_this_machine_only(tmp_path: Path) -> None:
    said: list[str] = []
    Terminal(out=said.append).page(["http://localhost:8080/"], tmp_path, network=False)
    assert not [line for line in said if "█" in line]
