"""The wiring diagram, drawn with OpenCV from the pin map (hardware/wiring.png).

Regenerate with `python -m hardware`; tests/board/test_board_hardware.py checks that the
committed image is what the pin map draws.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from hardware.pinmap import POWER_PINS, PinMap, physical_pin

WIRING_PNG = Path(__file__).with_name("wiring.png")
SIZE = (1500, 940)  # width, height
Colour = tuple[int, int, int]  # BGR
BLACK: Colour = (0, 0, 0)
GREY: Colour = (120, 120, 120)
RED: Colour = (30, 30, 210)  # 5 V
ORANGE: Colour = (0, 140, 255)  # 3.3 V
BLUE: Colour = (200, 90, 20)  # SDA
YELLOW: Colour = (0, 170, 200)  # SCL
GREEN: Colour = (40, 150, 40)  # LED data
PURPLE: Colour = (150, 40, 140)  # buttons
FONT = 0  # cv2.FONT_HERSHEY_SIMPLEX


def _text(
    img: np.ndarray,
    text: str,
    at: tuple[int, int],
    scale: float = 0.5,
    colour: Colour = BLACK,
    bold: bool = False,
) -> None:
    import cv2

    cv2.putText(img, text, at, FONT, scale, colour, 2 if bold else 1, cv2.LINE_AA)


def _box(
    img: np.ndarray,
    top_left: tuple[int, int],
    size: tuple[int, int],
    lines: Sequence[str],
    colour: Colour = BLACK,
) -> None:
    import cv2

    x, y = top_left
    cv2.rectangle(img, (x, y), (x + size[0], y + size[1]), colour, 2)
    for i, line in enumerate(lines):
        _text(img, line, (x + 8, y + 22 + 20 * i), bold=i == 0)


def _wire(img: np.ndarray, points: Sequence[tuple[int, int]], colour: Colour) -> None:
    import cv2

    for a, b in itertools.pairwise(points):
        cv2.line(img, a, b, colour, 2, cv2.LINE_AA)


def _dot(img: np.ndarray, at: tuple[int, int], colour: Colour) -> None:
    import cv2

    cv2.circle(img, at, 5, colour, -1, cv2.LINE_AA)


def draw(pins: PinMap) -> np.ndarray:
    """The diagram as a BGR image."""
    import cv2

    img = np.full((SIZE[1], SIZE[0], 3), 255, np.uint8)
    _text(
        img,
        "dicetable board wiring (generated from hardware/pinmap.json)",
        (30, 35),
        0.8,
        bold=True,
    )

    # the Pico, with a labelled pad for each pin used
    pico_x, pico_y, pico_w = 40, 120, 260
    used: list[tuple[str, str, Colour]] = [
        ("VBUS", f"pin {POWER_PINS['VBUS (5 V from USB)']}: 5 V", RED),
        ("3V3", f"pin {POWER_PINS['3V3(OUT)']}: 3.3 V", ORANGE),
        ("GND", f"pin {POWER_PINS['GND']}: ground", BLACK),
        (f"GP{pins.sda}", f"pin {physical_pin(pins.sda)}: I2C{pins.i2c_bus} SDA", BLUE),
        (f"GP{pins.scl}", f"pin {physical_pin(pins.scl)}: I2C{pins.i2c_bus} SCL", YELLOW),
        (f"GP{pins.led_data}", f"pin {physical_pin(pins.led_data)}: LED data", GREEN),
    ]
    used += [
        (f"GP{g}", f"pin {physical_pin(g)}: seat {s + 1} button", PURPLE)
        for s, g in enumerate(pins.buttons)
    ]
    pad: dict[str, tuple[int, int]] = {}
    height = 60 + 50 * len(used)
    _box(img, (pico_x, pico_y), (pico_w, height), ["Raspberry Pi Pico", "USB to the host"])
    for i, (name, label, colour) in enumerate(used):
        y = pico_y + 80 + 50 * i
        _text(img, f"{name}  {label}", (pico_x + 10, y + 5), 0.45, colour)
        pad[name] = (pico_x + pico_w, y)
        _dot(img, pad[name], colour)

    # power rails along the right of the Pico
    rail = {"VBUS": 330, "3V3": 345, "GND": 360}
    bottom = SIZE[1] - 30
    for name, x in rail.items():
        colour = next(c for n, _, c in used if n == name)
        _wire(
            img,
            [pad[name], (x, pad[name][1]), (x, 70), (SIZE[0] - 30, 70)]
            if name != "GND"
            else [pad[name], (x, pad[name][1]), (x, bottom), (SIZE[0] - 30, bottom)],
            colour,
        )
    rail_y = {"VBUS": 70, "GND": bottom}
    gnd_x = rail["GND"]
    display_gnd_y, led_gnd_y = 105, 345  # ground buses: over the displays, over the LEDs
    _wire(
        img, [(gnd_x, pad["GND"][1]), (gnd_x, display_gnd_y), (SIZE[0] - 30, display_gnd_y)], BLACK
    )

    # the displays on the I2C bus
    sda_y, scl_y = 250, 265
    n = len(pins.displays)
    step = (SIZE[0] - 460) // n
    _wire(
        img,
        [pad[f"GP{pins.sda}"], (400, pad[f"GP{pins.sda}"][1]), (400, sda_y), (SIZE[0] - 40, sda_y)],
        BLUE,
    )
    _wire(
        img,
        [pad[f"GP{pins.scl}"], (390, pad[f"GP{pins.scl}"][1]), (390, scl_y), (SIZE[0] - 40, scl_y)],
        YELLOW,
    )
    _wire(img, [(345, 90), (SIZE[0] - 40, 90)], ORANGE)
    for i, d in enumerate(pins.displays):
        x = 440 + step * i
        jumpers = d.jumpers or "no jumpers"
        _box(
            img,
            (x, 120),
            (step - 20, 100),
            [f"seat {d.seat} display", f"HT16K33 0x{d.address:02X}", jumpers, "IO -> 3V3"],
        )
        for k, (y, colour) in enumerate(((sda_y, BLUE), (scl_y, YELLOW))):
            _wire(img, [(x + 20 + 12 * k, 220), (x + 20 + 12 * k, y)], colour)
            _dot(img, (x + 20 + 12 * k, y), colour)
        _wire(img, [(x + 60, 120), (x + 60, rail_y["VBUS"])], RED)
        _wire(img, [(x + 75, 120), (x + 75, 90)], ORANGE)
        _wire(img, [(x + 90, 120), (x + 90, display_gnd_y)], BLACK)
    _text(
        img,
        f"I2C{pins.i2c_bus} {pins.i2c_freq // 1000} kHz: SDA (blue), SCL (yellow); "
        "5 V (red), 3.3 V IO (orange), GND to every backpack",
        (440, 290),
        0.45,
    )

    # the LED chain: level shifter, resistor, then each LED in order
    led_y = 470
    data = pad[f"GP{pins.led_data}"]
    _wire(img, [data, (420, data[1]), (420, led_y), (440, led_y)], GREEN)
    _box(img, (440, led_y - 45), (150, 90), ["74AHCT125", "3.3 V -> 5 V", "+330 ohm"], GREEN)
    _text(img, "1000 uF across 5 V / GND at the first LED", (440, led_y + 75), 0.45)
    x_prev = 590
    spacing = (SIZE[0] - 700) // max(1, len(pins.led_order))
    for i, name in enumerate(pins.led_order):
        x = 660 + spacing * i
        _wire(img, [(x_prev, led_y), (x - 22, led_y)], GREEN)
        cv2.circle(img, (x, led_y), 22, GREEN, 2, cv2.LINE_AA)
        _text(img, str(i + 1), (x - 6, led_y + 6), 0.5, GREEN, bold=True)
        label = name
        if name.startswith("extra"):
            extra = int(name.split()[1]) - 1
            if extra < len(pins.extra_names):
                label = f"{name}: {pins.extra_names[extra]}"
        _text(img, label, (x - 30, led_y + (45 if i % 2 == 0 else 62)), 0.42)
        _wire(img, [(x, led_y - 22), (x, 330)], RED)
        _wire(img, [(x + 14, led_y - 17), (x + 14, led_gnd_y)], BLACK)
        x_prev = x + 22
    _wire(img, [(650, 330), (SIZE[0] - 60, 330)], RED)
    _wire(img, [(SIZE[0] - 60, 330), (SIZE[0] - 60, rail_y["VBUS"])], RED)
    # the LEDs' ground bus joins the ground rail along the right edge
    _wire(img, [(650, led_gnd_y), (SIZE[0] - 30, led_gnd_y), (SIZE[0] - 30, bottom)], BLACK)
    _text(
        img,
        "WS2812B chain: DIN -> DOUT along the numbers; each LED on 5 V and GND",
        (440, led_y + 100),
        0.45,
    )

    # the buttons, each from its pin to ground
    button_y = 720
    bstep = (SIZE[0] - 500) // max(1, len(pins.buttons))
    for s, g in enumerate(pins.buttons):
        x = 460 + bstep * s
        start = pad[f"GP{g}"]
        lane = 375 + 6 * s
        _wire(
            img,
            [
                start,
                (lane, start[1]),
                (lane, button_y + 40 + 8 * s),
                (x, button_y + 40 + 8 * s),
                (x, button_y + 20),
            ],
            PURPLE,
        )
        cv2.circle(img, (x, button_y), 20, PURPLE, 2, cv2.LINE_AA)
        _text(img, f"seat {s + 1} button", (x - 45, button_y - 30), 0.45)
        _wire(img, [(x + 20, button_y), (x + 50, button_y), (x + 50, bottom)], BLACK)
    _text(img, "buttons: GPIO to GND, internal pull-ups; pressed reads 0", (460, 640), 0.45)
    return img


def write(pins: PinMap, path: Path = WIRING_PNG) -> None:
    import cv2

    cv2.imwrite(str(path), draw(pins))
