"""Random byte streams into the firmware, under MicroPython (run by `dicetable board fuzz`
and tests/firmware/test_fw_fuzz.py through micropython_runner.mjs).

    fuzz_firmware.py ROUNDS SEED

Each round feeds one of: random garbage, a valid SHOW frame of a random state, a valid
frame cut short, a valid frame with one byte changed, a heartbeat, a well-formed SHOW frame
whose state the board cannot show (which it must refuse, keeping what it shows), or a
well-formed frame of a kind the board ignores; in random chunk sizes, stepping the firmware
between chunks. After every step the displays and LEDs must
show exactly the last valid state sent (or the waiting pattern once the host has been
silent for 3 s): never a wrong digit. An exception fails the run. Prints one JSON summary.
"""

import json
import random
import sys

from firmware import config, font, wire
from host.board.virtual_hw import Rig

GLYPHS = font.GLYPHS


def random_state() -> tuple:
    seats = []
    for _ in range(random.randint(0, config.SEATS)):
        glyphs = "".join(GLYPHS[random.randrange(len(GLYPHS))] for _ in range(4))
        rgb = (random.getrandbits(8), random.getrandbits(8), random.getrandbits(8))
        seats.append((glyphs, random.getrandbits(4), rgb, random.getrandbits(1) == 1))
    extras = []
    for _ in range(random.randint(0, config.EXTRAS)):
        rgb = (random.getrandbits(8), random.getrandbits(8), random.getrandbits(8))
        extras.append((rgb, random.getrandbits(1) == 1))
    return seats, extras


def expected_text(state: tuple) -> list:
    seats = state[0]
    shown = []
    for s in range(config.SEATS):
        if s < len(seats):
            glyphs, points = seats[s][0], seats[s][1]
            cells = [glyphs[k] + ("." if points & (1 << k) else "") for k in range(4)]
            shown.append("".join(cells))
        else:
            shown.append("    ")
    return shown


def expected_leds(state: tuple, now: int) -> list:
    seats, extras = state
    dark = ((0, 0, 0), False)
    lights = [(s[2], s[3]) for s in seats] + [dark] * (config.SEATS - len(seats))
    lights += list(extras) + [dark] * (config.EXTRAS - len(extras))
    leds = []
    off = (now // config.BLINK_MS) & 1
    cap = config.LED_LEVEL_CAP
    for rgb, blink in lights:
        if blink and off:
            rgb = (0, 0, 0)
        leds.append(tuple((level * cap + 127) // 255 for level in rgb))
    return [leds[config.LED_CHAIN[p]] for p in range(len(leds))]


def waiting(shown: list) -> bool:
    return all(text.replace(" ", "") == "-" for text in shown)


def damaged(frame: bytes) -> bytes:
    data = bytearray(frame)
    i = random.randrange(len(data) - 1)
    change = random.randrange(1, 256)
    data[i] = (data[i] + change) & 0xFF
    return bytes(data)


PRINTABLE = [c for c in range(0x20, 0x7F) if c not in (wire.START, wire.SEPARATOR)]
# characters the font has no glyph for, and characters that are no upper-case hex digit
NOT_GLYPHS = "OSKMVWXZaegijkmpqsvwxz"
NOT_HEX = "abcdefgGXZ -"


def refused_payload() -> bytes:
    """A SHOW payload with one flaw the board must refuse (and so keep what it shows)."""
    seats, extras = random_state()
    if not seats:
        seats = [("8888", 0, (0, 0, 0), False)]
    payload = bytearray(wire.encode_show(seats, extras))
    at = 1 + random.randrange(len(seats)) * wire.SEAT_SIZE  # a seat's first glyph
    flaw = random.randrange(5)
    if flaw == 0:
        payload[at + random.randrange(wire.SEAT_CELLS)] = ord(random.choice(NOT_GLYPHS))
    elif flaw == 1:  # the decimal points or a colour digit
        payload[at + wire.SEAT_CELLS + random.randrange(7)] = ord(random.choice(NOT_HEX))
    elif flaw == 2:
        payload[at + wire.SEAT_SIZE - 1] = ord(random.choice("23aZ-"))  # blink is 0 or 1
    elif flaw == 3:
        payload[0] = ord(random.choice("789ABCDEF"))  # more seats than the board has
    else:
        payload = payload[:-1] if random.getrandbits(1) else payload + b"0"  # wrong length
    return bytes(payload)


def ignored_frame() -> bytes:
    """A well-formed frame that changes nothing shown: a kind the board only sends, an
    unknown kind, a press acknowledgement when no press waits, or a hello request (only
    answered)."""
    kind = ord(random.choice("ABEPKQZxq"))
    size = random.randrange(0, 20)
    payload = bytes(random.choice(PRINTABLE) for _ in range(size))
    return wire.frame(kind, random.getrandbits(8), payload)


def run(rounds: int, seed: int) -> dict:
    random.seed(seed)
    rig = Rig(seed, 0)
    now = 0
    state = None  # the last valid state sent
    last_host = 0  # when the last valid host frame was complete
    seq = 0
    checks = 0
    waits = 0  # checks that found the waiting pattern
    for _ in range(rounds):
        action = random.randrange(12)
        new_state = None
        if action < 4:
            data = bytes(random.getrandbits(8) for _ in range(random.randrange(1, 120)))
        elif action < 7:
            new_state = random_state()
            seq = (seq + 1) & 0xFF
            data = wire.frame(wire.SHOW, seq, wire.encode_show(new_state[0], new_state[1]))
        elif action == 7:
            frame = wire.frame(wire.SHOW, 0, wire.encode_show(*random_state()))
            data = frame[: random.randrange(1, len(frame) - 1)]
        elif action == 8:
            data = damaged(wire.frame(wire.SHOW, 0, wire.encode_show(*random_state())))
        elif action == 9:
            data = wire.frame(wire.HEARTBEAT, 0, b"")
        elif action == 10:
            data = wire.frame(wire.SHOW, random.getrandbits(8), refused_payload())
        else:
            data = ignored_frame()
        alive = action >= 9  # a well-formed frame the board keeps unchanged: a sign of life
        i = 0
        while i < len(data):
            n = random.randrange(1, 40)
            rig.port.feed(data[i : i + n])
            i += n
            now += random.randrange(0, 6)
            complete = i >= len(data)
            if complete and (new_state is not None or alive):
                last_host = now
                if new_state is not None:
                    state = new_state
            rig.step(now)
            rig.port.take()
            shown = rig.shown()
            if state is None or now - last_host >= config.HOST_TIMEOUT_MS:
                ok = waiting(shown) and set(rig.leds()) == {(0, 0, 0)}
                waits += 1
                if state is not None and now - last_host >= config.HOST_TIMEOUT_MS:
                    state = None  # the board forgot it
            else:
                ok = shown == expected_text(state) and rig.leds() == expected_leds(state, now)
            if not ok:
                raise AssertionError(f"at {now} ms it shows {shown} {rig.leds()} for {state}")
            checks += 1
        if action < 4 and random.randrange(4) == 0:
            now += random.randrange(0, 400)  # the host is quiet for a while
        elif random.randrange(40) == 0:
            now += random.randrange(2900, 3200)  # quiet for about the timeout
    d = rig.board.decoder
    return {
        "rounds": rounds,
        "checks": checks,
        "waiting": waits,
        "frames": d.frames,
        "dropped": d.dropped,
        "refused": rig.board.rejected,
    }


if __name__ == "__main__":
    print(json.dumps(run(int(sys.argv[1]), int(sys.argv[2]))))
