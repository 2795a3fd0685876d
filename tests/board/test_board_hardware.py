"""hardware/: the pin map agrees with the firmware, the power budget holds, the camera
mount gives enough pixels per die, and the generated files are current."""

from __future__ import annotations

import cv2
import numpy as np

from firmware import config
from hardware import camera, parts, pinmap, power, readme, wiring
from host.board.link import PICO_USB_ID

PINS = pinmap.load()


def test_firmware_config_matches_the_pin_map() -> None:
    assert PINS.i2c_bus == config.I2C_ID
    assert (PINS.sda, PINS.scl, PINS.i2c_freq) == (config.I2C_SDA, config.I2C_SCL, config.I2C_FREQ)
    assert tuple(d.address for d in PINS.displays) == config.DISPLAY_ADDRESSES
    assert [d.seat for d in PINS.displays] == list(range(1, config.SEATS + 1))
    assert PINS.buttons == config.BUTTON_PINS
    assert PINS.led_data == config.LED_PIN
    assert tuple(PINS.led_index(name) for name in PINS.led_order) == config.LED_CHAIN
    assert sum(name.startswith("extra") for name in PINS.led_order) == config.EXTRAS
    assert PINS.usb_id == PICO_USB_ID


def test_the_pin_map_labels_the_extra_leds_as_the_game_that_lights_them_names_them() -> None:
    """The wiring diagram's labels of the extra LEDs (the pin map's, English) are King of
    Tokyo's own names for them, which the virtual board says in the reader's language."""
    from host.games.kind import extra_leds_of
    from host.games.registry import kinds

    assert list(PINS.extra_names) == list(extra_leds_of(kinds()["king-of-tokyo"]))


def test_the_pins_are_usable_and_never_shared() -> None:
    sda_ok, scl_ok = pinmap.I2C_PINS[PINS.i2c_bus]
    assert PINS.sda in sda_ok and PINS.scl in scl_ok
    used = [PINS.sda, PINS.scl, PINS.led_data, *PINS.buttons]
    assert len(set(used)) == len(used)
    assert sorted(set(config.LED_CHAIN)) == list(range(config.SEATS + config.EXTRAS))
    addresses = [d.address for d in PINS.displays]
    assert all(0x70 <= a <= 0x77 for a in addresses) and len(set(addresses)) == len(addresses)
    for d in PINS.displays:  # the jumpers set the address: A0 = 1, A1 = 2, A2 = 4
        assert d.address == 0x70 + sum(1 << int(j[1]) for j in d.jumpers.split())


def test_the_parts_list_has_what_the_pin_map_needs() -> None:
    data = parts.load()
    assert parts.part(data, "display")["qty"] == len(PINS.displays)
    assert parts.part(data, "led")["qty"] == len(PINS.led_order)
    assert parts.part(data, "button")["qty"] == len(PINS.buttons)


def test_the_worst_case_current_stays_within_what_usb_supplies() -> None:
    total = power.total_ma()
    assert total <= power.allowed_ma() <= 500
    # the caps are what keeps it there: LEDs at full level would not fit
    led = parts.part(parts.load(), "led")
    uncapped = total + len(config.LED_CHAIN) * 3 * led["channel_full_ma"] * (
        1 - config.LED_LEVEL_CAP / 255
    )
    assert uncapped > power.allowed_ma()


def test_the_camera_mount_sees_the_tray_with_enough_pixels_per_die() -> None:
    height = camera.mount_height_cm()
    width, depth = camera.view_cm(height)
    tray = camera.TRAY
    assert width >= tray.width_cm + 2 * tray.margin_cm - 1e-9
    assert depth >= tray.depth_cm + 2 * tray.margin_cm - 1e-9
    assert camera.pixels_per_die(height) >= camera.MIN_PX_PER_DIE
    assert camera.pixels_per_die(height * 1.5) < camera.pixels_per_die(height)


def test_the_generated_readme_and_wiring_image_are_current() -> None:
    assert readme.README.read_text() == readme.text(), "run: python -m hardware"
    committed = cv2.imread(str(wiring.WIRING_PNG))
    drawn = wiring.draw(PINS)
    assert committed is not None and committed.shape == drawn.shape, "run: python -m hardware"
    # exact with the same OpenCV; another version may antialias a few pixels differently
    assert np.abs(committed.astype(int) - drawn.astype(int)).mean() < 1.0
