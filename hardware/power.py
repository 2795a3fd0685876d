"""The board's power budget, at the firmware's brightness caps, against what USB supplies.

Everything runs from the Pico's USB port (VBUS): the LEDs and displays straight from VBUS,
the Pico through its own regulator. The worst case is every LED white and every segment
lit; the firmware's caps (firmware/config.py) keep that under the USB 2.0 port's 500 mA
with a margin.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from firmware import config
from hardware import parts


@dataclass(frozen=True)
class Load:
    what: str
    count: int
    each_ma: float

    @property
    def total_ma(self) -> float:
        return self.count * self.each_ma


def loads(data: dict[str, Any] | None = None) -> list[Load]:
    data = data or parts.load()
    led = parts.part(data, "led")
    display = parts.part(data, "display")
    led_each = 3 * led["channel_full_ma"] * config.LED_LEVEL_CAP / 255 + led["idle_ma"]
    duty = (config.DISPLAY_BRIGHTNESS + 1) / 16  # HT16K33 dimming
    display_each = display["all_lit_full_ma"] * duty + display["idle_ma"]
    return [
        Load("WS2812B LEDs, white at the level cap", len(config.LED_CHAIN), led_each),
        Load("displays, every segment lit", len(config.DISPLAY_ADDRESSES), display_each),
        Load("Pico", 1, parts.part(data, "pico")["max_ma"]),
        Load("level shifter", 1, parts.part(data, "shifter")["max_ma"]),
    ]


def total_ma(data: dict[str, Any] | None = None) -> float:
    return sum(load.total_ma for load in loads(data))


def allowed_ma(data: dict[str, Any] | None = None) -> float:
    """What the board may draw: the USB budget less a margin."""
    data = data or parts.load()
    return float(data["usb_budget_ma"] * data["usb_margin"])


def table(data: dict[str, Any] | None = None) -> str:
    data = data or parts.load()
    lines = ["| load | count | each (mA) | total (mA) |", "|---|---:|---:|---:|"]
    lines += [f"| {x.what} | {x.count} | {x.each_ma:.1f} | {x.total_ma:.1f} |" for x in loads(data)]
    lines.append(f"| **worst case** | | | **{total_ma(data):.0f}** |")
    lines.append(
        f"| allowed: USB {data['usb_budget_ma']} mA x {data['usb_margin']} | | | "
        f"{allowed_ma(data):.0f} |"
    )
    return "\n".join(lines)
