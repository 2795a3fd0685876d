"""The board's configuration: pins and addresses (checked against hardware/pinmap.json by
tests/board/test_board_hardware.py) and the firmware's timings and brightness caps."""

SEATS = 6
EXTRAS = 2  # extra LEDs after the seats' LEDs (a game's places, e.g. two on its board)

I2C_ID = 0
I2C_SDA = 4  # GP4
I2C_SCL = 5  # GP5
I2C_FREQ = 400000
DISPLAY_ADDRESSES = (0x70, 0x71, 0x72, 0x73, 0x74, 0x75)  # seat 1..6

LED_PIN = 16  # GP16, through a 74AHCT125 to 5 V logic
# LED index (seats first, then extras) at each position along the chain
LED_CHAIN = (0, 1, 2, 3, 4, 5, 6, 7)

BUTTON_PINS = (6, 7, 8, 9, 10, 11)  # GP6..GP11, seat 1..6, to GND, internal pull-ups

# The power budget (hardware/power.py) is computed from these two caps.
LED_LEVEL_CAP = 64  # a full 255 colour channel is sent as this (WS2812: 20 mA at 255)
DISPLAY_BRIGHTNESS = 4  # HT16K33 dimming 0..15 (duty (n + 1) / 16): bright indoors, in budget

WATCHDOG_MS = 2000  # the loop must run at least this often or the Pico resets
HOST_TIMEOUT_MS = 3000  # no frame from the host this long: show "waiting for host"
HELLO_MS = 1000  # boot announcement repeated as the board's heartbeat
PRESS_RESEND_MS = 250  # an unacknowledged press is sent again this often
DEBOUNCE_MS = 20  # a button must read the same this long to count
BLINK_MS = 500  # blinking LEDs are on this long, then off this long
ANIMATION_MS = 250  # one step of the waiting pattern
ERROR_SHOW_MS = 1500  # the error pattern stays this long before the reset
LOOP_SLEEP_MS = 1
PRESS_QUEUE = 8  # presses kept while the host has not acknowledged them
