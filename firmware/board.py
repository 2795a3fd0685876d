"""The board's main loop, one `step(now)` at a time: read frames from the host, show
them, report button presses until acknowledged, announce itself, and fall back to the
"waiting for host" pattern when the host goes quiet, so an old score never lingers.

Step-driven (the caller owns the clock and the loop) so the Pico, the tests and the
virtual board under Node all run the very same code. Everything the loop touches is
allocated here in the constructor; `step` allocates nothing.
"""

from firmware import VERSION, config, font, wire
from firmware.buttons import ticks_diff

TYPE_CHECKING = False
if TYPE_CHECKING:
    from firmware.buses import Display, Port, Watchdog
    from firmware.buttons import Buttons
    from firmware.ledchain import LedChain

# modes: what the displays show
WAITING = 0  # no state from the host (at boot, or the host went quiet)
SHOWING = 1  # the last SHOW frame
TESTING = 2  # a self-test step
FAILED = 3  # the error pattern, until the reset

SEATS = config.SEATS
LEDS = config.SEATS + config.EXTRAS
RX_CHUNKS = 4  # at most 4 x 128 bytes read per step: several whole frames
TEST_STEPS = 8 + 3 * LEDS + 1  # each segment, each LED in red, green, blue, seat numbers
_DASH = font.TABLE[ord("-")]
_ERR = b"Err "
_TEST_COLOURS = ((255, 0, 0), (0, 255, 0), (0, 0, 255))


class MainLoop:
    def __init__(
        self,
        port: "Port",
        displays: "list[Display | None]",
        leds: "LedChain",
        buttons: "Buttons",
        boot_id: int,
        now: int,
        watchdog: "Watchdog | None" = None,
    ) -> None:
        """displays[s] is seat s's display, None if it did not answer on the bus."""
        self.port = port
        self.displays = displays
        self.leds = leds
        self.buttons = buttons
        self.watchdog = watchdog
        self.boot_high = (boot_id >> 16) & 0xFFFF  # kept as halves: small ints, no heap
        self.boot_low = boot_id & 0xFFFF
        self.decoder = wire.Decoder()
        self.encoder = wire.Encoder()
        self.rx = bytearray(128)
        self.shown = wire.ShowBuffer(SEATS, config.EXTRAS)
        self._spare = wire.ShowBuffer(SEATS, config.EXTRAS)
        self.segments = bytearray(4)
        self.mode = WAITING
        self.seq = 0  # of the SHOW frame shown
        self.test_step = 0
        self.last_host = now
        self.last_hello = now
        self.hello_due = True
        # presses not yet acknowledged, oldest first; the oldest has seq `press_seq`
        self.press_seats = bytearray(config.PRESS_QUEUE)
        self.press_first = 0
        self.press_count = 0
        self.press_seq = 0
        self.press_sent = now
        self.press_due = False
        self.presses_lost = 0
        self.rejected = 0  # valid frames whose content this board cannot show
        self.maintenance = False  # the host asked for the REPL (see pico_main.py)
        self.changed = True  # the state or test step changed since it was drawn
        self.dark = 0  # bit s: seat s's display did not answer at boot (told after the hello)
        for s in range(len(displays)):
            if displays[s] is None:
                self.dark |= 1 << s
        self._drawn_mode = -1
        self._drawn_tick = -1

    def start(self) -> None:
        for display in self.displays:
            if display is not None:
                display.start(config.DISPLAY_BRIGHTNESS)

    def step(self, now: int) -> None:
        if self.watchdog is not None:
            self.watchdog.feed()
        self._receive(now)
        self._scan(now)
        self._send(now)
        if self.mode != WAITING and ticks_diff(now, self.last_host) >= config.HOST_TIMEOUT_MS:
            self.mode = WAITING
        self._render(now)

    # --- from the host ---------------------------------------------------------------
    def _receive(self, now: int) -> None:
        decoder = self.decoder
        for _ in range(RX_CHUNKS):  # a bounded read per step keeps the loop responsive
            n = self.port.read_into(self.rx)
            i = 0
            while i < n:
                i = decoder.feed(self.rx, i, n)
                if decoder.ready:
                    self._handle(now)
            if n < len(self.rx):
                return

    def _handle(self, now: int) -> None:
        d = self.decoder
        self.last_host = now
        if self.mode == WAITING:
            self.hello_due = True  # a host (back) on the line: tell it who we are now
        kind = d.kind
        if kind == wire.SHOW:
            spare = self._spare
            if spare.parse(d.body, wire.HEADER, d.size):
                self._spare = self.shown
                self.shown = spare
                self.seq = d.seq
                self.mode = SHOWING
                self.changed = True
                self._reply(wire.ACK, d.seq)
            else:
                self.rejected += 1
        elif kind == wire.TEST:
            self.test_step = d.seq % TEST_STEPS
            self.mode = TESTING
            self.changed = True
            self._reply(wire.ACK, d.seq)
        elif kind == wire.MAINTENANCE and self._payload_is(wire.MAINTENANCE_PAYLOAD):
            self.maintenance = True  # the platform's loop resets into the REPL
            self._reply(wire.ACK, d.seq)
        elif kind == wire.HELLO_REQUEST:
            self.hello_due = True  # a host that just started: it needs the boot id now
        elif kind == wire.PRESS_ACK and self.press_count and d.seq == self.press_seq:
            self.press_first = (self.press_first + 1) % config.PRESS_QUEUE
            self.press_count -= 1
            self.press_seq = (self.press_seq + 1) & 0xFF
            self.press_due = self.press_count > 0
        # HEARTBEAT only keeps last_host fresh; unknown kinds are ignored (newer hosts)

    def _payload_is(self, expected: bytes) -> bool:
        d = self.decoder
        if d.size != len(expected):
            return False
        for i in range(d.size):  # noqa: SIM110 (all() would allocate a generator)
            if d.body[wire.HEADER + i] != expected[i]:
                return False
        return True

    # --- buttons ---------------------------------------------------------------------
    def _scan(self, now: int) -> None:
        pressed = self.buttons.scan(now)
        seat = 0
        while pressed:
            if pressed & 1:
                if self.press_count == config.PRESS_QUEUE:
                    self.presses_lost += 1
                else:
                    at = (self.press_first + self.press_count) % config.PRESS_QUEUE
                    self.press_seats[at] = seat
                    self.press_count += 1
                    if self.press_count == 1:
                        self.press_due = True
            pressed >>= 1
            seat += 1

    # --- to the host -----------------------------------------------------------------
    def _send(self, now: int) -> None:
        if self.hello_due or ticks_diff(now, self.last_hello) >= config.HELLO_MS:
            self._hello()
            self.last_hello = now
            self.hello_due = False
        if self.press_count and (
            self.press_due or ticks_diff(now, self.press_sent) >= config.PRESS_RESEND_MS
        ):
            e = self.encoder
            e.begin(wire.PRESS, self.press_seq)
            e.hex(self.press_seats[self.press_first], 1)
            self.port.write(e.out, e.finish())
            self.press_sent = now
            self.press_due = False

    def _hello(self) -> None:
        """Boot id (8 hex), seats, extra LEDs, whether a state is shown, version; seq is
        the shown state's."""
        e = self.encoder
        e.begin(wire.HELLO, self.seq)
        e.hex(self.boot_high, 4)
        e.hex(self.boot_low, 4)
        e.hex(SEATS, 1)
        e.hex(config.EXTRAS, 1)
        e.byte(0x31 if self.mode == SHOWING else 0x30)
        e.text(VERSION, 16)
        self.port.write(e.out, e.finish())
        if self.dark:  # (a host before this kind ignores it)
            e.begin(wire.DARK, 0)
            e.hex(self.dark, 2)
            self.port.write(e.out, e.finish())

    def _reply(self, kind: int, seq: int) -> None:
        e = self.encoder
        e.begin(kind, seq)
        self.port.write(e.out, e.finish())

    # --- displays and LEDs -----------------------------------------------------------
    def _render(self, now: int) -> None:
        """Draw what the mode shows, unless it is drawn already (most steps change
        nothing: drawing only on a change keeps the loop fast for the buttons)."""
        mode = self.mode
        if mode == SHOWING:
            tick = (now // config.BLINK_MS) & 1 if self._blinking() else 0
        elif mode == WAITING:
            tick = (now // config.ANIMATION_MS) & 3
        else:
            tick = 0
        if mode == self._drawn_mode and tick == self._drawn_tick and not self.changed:
            return
        self._drawn_mode = mode
        self._drawn_tick = tick
        self.changed = False
        if mode == SHOWING:
            self._render_shown(now)
        elif mode == TESTING:
            self._render_test()
        elif mode == WAITING:
            self._render_waiting(now)
        else:
            self._render_error()
        self.leds.show()

    def _blinking(self) -> bool:
        shown = self.shown
        for i in range(LEDS):
            if shown.blink[i] and (i < shown.seats if i < SEATS else i - SEATS < shown.extras):
                return True
        return False

    def _render_shown(self, now: int) -> None:
        shown = self.shown
        segments = self.segments
        for s in range(SEATS):
            if s < shown.seats:
                points = shown.points[s]
                for k in range(4):
                    bits = font.TABLE[shown.glyphs[4 * s + k]]
                    segments[k] = bits | font.DP if points & (1 << k) else bits
            else:
                self._fill(0)
            self._show(s)
        blink_off = (now // config.BLINK_MS) & 1
        for i in range(LEDS):
            lit = i < shown.seats if i < SEATS else i - SEATS < shown.extras
            if lit and not (shown.blink[i] and blink_off):
                rgb = shown.rgb
                self.leds.set(i, rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2])
            else:
                self.leds.set(i, 0, 0, 0)

    def _render_waiting(self, now: int) -> None:
        """A dash running across every display: plainly not a score."""
        at = (now // config.ANIMATION_MS) & 3
        for s in range(SEATS):
            self._fill(0)
            self.segments[at] = _DASH
            self._show(s)
        for i in range(LEDS):
            self.leds.set(i, 0, 0, 0)

    def _render_test(self) -> None:
        step = self.test_step
        for s in range(SEATS):
            if step < 8:
                self._fill(1 << step)
            elif step == TEST_STEPS - 1:
                self._fill(0)
                self.segments[3] = font.TABLE[0x31 + s]  # the seat number, 1..6
            else:
                self._fill(0)
            self._show(s)
        lit = (step - 8) // 3 if 8 <= step < TEST_STEPS - 1 else -1
        colour = _TEST_COLOURS[(step - 8) % 3]
        for i in range(LEDS):
            if i == lit:
                self.leds.set(i, colour[0], colour[1], colour[2])
            else:
                self.leds.set(i, 0, 0, 0)

    def _render_error(self) -> None:
        for s in range(SEATS):
            for k in range(4):
                self.segments[k] = font.TABLE[_ERR[k]]
            self._show(s)
        for i in range(LEDS):
            self.leds.set(i, 255, 0, 0)

    def _fill(self, bits: int) -> None:
        for k in range(4):
            self.segments[k] = bits

    def _show(self, seat: int) -> None:
        display = self.displays[seat]
        if display is not None:
            display.show(self.segments)

    # --- failure ---------------------------------------------------------------------
    def fail(self, error: BaseException) -> None:
        """Show the error pattern and tell the host why (the caller then resets).
        Best effort: the failure may be the very bus this needs."""
        self.mode = FAILED
        try:
            e = self.encoder
            e.begin(wire.ERROR, 0)
            e.text(type(error).__name__, 32)
            self.port.write(e.out, e.finish())
        except Exception:  # nothing left to tell it to
            pass
        try:
            self._render_error()
            self.leds.show()
        except Exception:
            pass
