"""Draw the board for a terminal: each seat's display as 7-segment art, with its LED.

>>> print(draw_digits([0x06, 0x5B, 0x80, 0x4F]))
     _       _
  |  _|      _|
  | |_     . _|
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from firmware import config
from host.games.text import Text, columns
from host.text import _, said

SEATS_PER_ROW = 3
# an LED's colour, the words it is said in (the names below are colour_name's)
_COLOUR_WORDS: dict[str, Text] = {
    "off": _("off"),
    "red": _("red"),
    "green": _("green"),
    "blue": _("blue"),
    "yellow": _("yellow"),
    "cyan": _("cyan"),
    "magenta": _("magenta"),
    "white": _("white"),
    "orange": _("orange"),
    "purple": _("purple"),
    "pink": _("pink"),
}
_COLOURS = {
    "off": (0, 0, 0),
    "red": (255, 0, 0),
    "green": (0, 255, 0),
    "blue": (0, 0, 255),
    "yellow": (255, 160, 0),  # the yellow the games send an LED (less green than a screen's)
    "cyan": (0, 255, 255),
    "magenta": (255, 0, 255),
    "white": (255, 255, 255),
    "orange": (255, 72, 0),
    "purple": (128, 0, 255),
    "pink": (255, 64, 144),
}


def draw_digits(segments: Sequence[int]) -> str:
    """Three text lines drawing 7-segment digits (bit 0 = a ... bit 6 = g, bit 7 = dp)."""
    top, middle, bottom = [], [], []
    for bits in segments:

        def on(bit: int, char: str, bits: int = bits) -> str:
            return char if bits & (1 << bit) else " "

        top.append(" " + on(0, "_") + "  ")
        middle.append(on(5, "|") + on(6, "_") + on(1, "|") + " ")
        bottom.append(on(4, "|") + on(3, "_") + on(2, "|") + on(7, "."))
    return "\n".join("".join(line).rstrip() for line in (top, middle, bottom))


def colour_name(rgb: Sequence[int], cap: int = config.LED_LEVEL_CAP) -> str:
    """The nearest plain colour name for an LED level as sent (capped at `cap`).

    >>> colour_name((64, 0, 0)), colour_name((0, 0, 0)), colour_name((16, 16, 0))
    ('red', 'off', 'dim yellow')
    """
    full = [min(255, round(level * 255 / cap)) for level in rgb]
    brightest = max(full)
    if brightest < 16:
        return "off"
    hue = [round(level * 255 / brightest) for level in full]

    def distance(name: str) -> int:
        return sum((a - b) ** 2 for a, b in zip(hue, _COLOURS[name], strict=True))

    name = min(_COLOURS, key=distance)
    return name if brightest >= 128 else f"dim {name}"


def colour_words(name: str) -> Text:
    """A colour_name in words ("dim red": the dim one said as dim)."""
    if name.startswith("dim "):
        return _("dim {colour}", colour=_COLOUR_WORDS[name[4:]])
    return _COLOUR_WORDS[name]


def render_board(
    snapshot: dict[str, Any], seats: int = config.SEATS, led_names: Sequence[str] = ()
) -> str:
    """The board from a virtual board's snapshot: the first `seats` seats' displays with
    their LEDs, then the extra LEDs. While it shows what the host told it, each LED is
    named in the colour it was told (a blinking one, lit or not at this instant, is said
    to blink) and only the extra LEDs the host uses are drawn; else (waiting for the host,
    a self-test) the LEDs as lit now. `led_names`: the extra LEDs' (`Text`s said in the
    terminal's language: the game's names for them), else "extra 1"..."""
    told = snapshot.get("told")
    leds = [tuple(c) for c in snapshot["leds"]]
    by_index = [leds[config.LED_CHAIN.index(i)] for i in range(len(leds))]

    def led(i: int) -> Text:
        if told is None:
            return colour_words(colour_name(by_index[i]))
        used = i < told["seats"] if i < config.SEATS else i - config.SEATS < told["extras"]
        if not used:
            return _COLOUR_WORDS["off"]
        name = colour_name(told["rgb"][i], cap=255)
        if told["blink"][i] and name != "off":
            return _("{colour}, blinking", colour=colour_words(name))
        return colour_words(name)

    labels = [
        said(_("seat {n}  LED {colour}", n=seat + 1, colour=led(seat)))
        for seat in range(len(snapshot["segments"]))
    ]
    width = max([24, *(columns(label) + 2 for label in labels[:seats])])

    def padded(line: str) -> str:  # to `width` columns as a terminal shows them
        return line + " " * max(width - columns(line), 0)

    blocks = []
    for seat, segments in enumerate(snapshot["segments"][:seats]):
        art = draw_digits(segments).split("\n")
        blocks.append([padded(labels[seat]), *(padded(line) for line in art)])
    lines = []
    for row in range(0, len(blocks), SEATS_PER_ROW):
        lines += ["".join(parts) for parts in zip(*blocks[row : row + SEATS_PER_ROW], strict=True)]
    extras = []
    for e in range(config.EXTRAS if told is None else told["extras"]):
        name = led_names[e] if e < len(led_names) else _("extra {n}", n=e + 1)
        extras.append(said(_("{name}: {colour}", name=name, colour=led(config.SEATS + e))))
    if extras:
        lines.append("   ".join(extras))
    return "\n".join(line.rstrip() for line in lines)
