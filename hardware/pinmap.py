"""The board's one pin map (hardware/pinmap.json): which Pico pin goes where, the display
addresses, the LED chain's order and the buttons. firmware/config.py is checked against it
(tests/board/test_board_hardware.py) and the wiring diagram is drawn from it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

PINMAP_JSON = Path(__file__).with_name("pinmap.json")

# The Pico's header: physical pin number of each GPx, and of the power pins used here.
_GP_PHYSICAL = {
    0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
    12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
    22: 29, 26: 31, 27: 32, 28: 34,
}  # fmt: skip
POWER_PINS = {"VBUS (5 V from USB)": 40, "3V3(OUT)": 36, "GND": 38}
# GPx that each I2C bus can use for SDA and SCL (RP2040 datasheet, function select)
I2C_PINS = {
    0: ({0, 4, 8, 12, 16, 20}, {1, 5, 9, 13, 17, 21}),
    1: ({2, 6, 10, 14, 18, 26}, {3, 7, 11, 15, 19, 27}),
}


def gp(name: str) -> int:
    """The GPIO number of a pin named like 'GP16'.

    >>> gp("GP16"), physical_pin(16)
    (16, 21)
    """
    if not name.startswith("GP") or int(name[2:]) not in _GP_PHYSICAL:
        raise ValueError(f"{name!r} is not a Pico GPIO pin")
    return int(name[2:])


def physical_pin(gpio: int) -> int:
    return _GP_PHYSICAL[gpio]


@dataclass(frozen=True)
class Display:
    seat: int  # 1-based
    address: int
    jumpers: str  # address jumpers to bridge on the backpack


@dataclass(frozen=True)
class PinMap:
    usb_id: tuple[int, int]
    i2c_bus: int
    sda: int
    scl: int
    i2c_freq: int
    displays: tuple[Display, ...]
    led_data: int
    led_order: tuple[str, ...]  # name of the LED at each position along the chain
    extra_names: tuple[str, ...]  # what the extra LEDs mean in King of Tokyo
    buttons: tuple[int, ...]  # GPIO of each seat's button, seat 1 first

    def led_index(self, name: str) -> int:
        """The firmware's index of an LED named in the chain order ('seat 2' -> 1;
        'extra 1' comes after the last seat)."""
        kind, number = name.split()
        if kind == "seat":
            return int(number) - 1
        if kind == "extra":
            return len(self.displays) + int(number) - 1
        raise ValueError(f"unknown LED {name!r} in the chain order")


def load(path: Path = PINMAP_JSON) -> PinMap:
    data = json.loads(path.read_text())
    vid, pid = (int(part, 16) for part in data["usb_id"].split(":"))
    return PinMap(
        usb_id=(vid, pid),
        i2c_bus=data["i2c"]["bus"],
        sda=gp(data["i2c"]["sda"]),
        scl=gp(data["i2c"]["scl"]),
        i2c_freq=data["i2c"]["freq_hz"],
        displays=tuple(
            Display(d["seat"], int(d["address"], 16), d["jumpers"]) for d in data["displays"]
        ),
        led_data=gp(data["led_chain"]["data"]),
        led_order=tuple(data["led_chain"]["order"]),
        extra_names=tuple(data["led_chain"]["extra_names"]),
        buttons=tuple(gp(b["pin"]) for b in sorted(data["buttons"], key=lambda b: b["seat"])),
    )
