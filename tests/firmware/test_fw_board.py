"""The firmware's main loop with simulated devices (runs on CPython and on MicroPython)."""

from fw_helpers import ON_MICROPYTHON, booted, frames, kinds, seat, show

from firmware import config, wire
from host.board.virtual_hw import Rig


def test_boot_announces_boot_id_sizes_and_version_and_waits_for_the_host():
    rig = Rig(0xCAFE0042, 0)
    rig.step(0)
    (kind, _, payload), *_ = frames(rig.port.take())
    assert kind == "B"
    assert payload[:8] == b"CAFE0042"
    assert payload[8:11] == b"620"  # 6 seats, 2 extra LEDs, no state shown
    assert payload[11:].decode() == __import__("firmware").VERSION
    assert rig.shown() == ["-   "] * 6  # the waiting pattern, never a score


def test_displays_that_did_not_answer_at_boot_are_told_after_each_hello():
    # a display's cable loose at boot: it stays dark (left out: its writes would fail), and
    # the host is told which, after each hello (before, nothing said so)
    rig = Rig(0xCAFE0042, 0, dark=(2, 4))
    rig.step(0)
    assert [(k, p) for k, _, p in frames(rig.port.take())] == [
        ("B", b"CAFE0042620" + __import__("firmware").VERSION.encode()),
        ("D", b"14"),  # seats 3 and 5 (bits 2 and 4)
    ]
    rig.port.feed(show(1, [seat("1012")] * 6))
    rig.run(1, 1001)
    assert kinds(rig.port.take()) == "ABD"  # shown all the same; the next hello says it again
    assert rig.shown() == ["1012", "1012", "    ", "1012", "    ", "1012"]
    whole = Rig(1, 0)
    whole.step(0)
    assert kinds(whole.port.take()) == "B"  # every display there: no D


def test_a_shown_state_lights_the_right_digits_and_is_acknowledged():
    rig = booted()
    rig.port.feed(show(42, [seat("1012", 0, (255, 0, 0)), seat("  8 ", 0b0100, (0, 0, 255))]))
    rig.step(5)
    assert ("A", 42, b"") in frames(rig.port.take())
    assert rig.shown() == ["1012", "  8. ", "    ", "    ", "    ", "    "]
    cap = config.LED_LEVEL_CAP
    assert rig.leds()[0] == (cap, 0, 0)
    assert rig.leds()[1] == (0, 0, cap)


def test_a_blinking_led_goes_on_and_off():
    rig = booted()
    rig.port.feed(show(1, [seat("   1", 0, (0, 255, 0), True)]))
    seen = set()
    for now in range(5, 2 * config.BLINK_MS + 10, 50):
        rig.step(now)
        seen.add(rig.leds()[0])
    assert seen == {(0, config.LED_LEVEL_CAP, 0), (0, 0, 0)}


def test_the_old_score_gives_way_to_the_waiting_pattern_after_3_s_without_host():
    rig = booted()
    rig.port.feed(show(1, [seat("1012")]))
    rig.run(5, config.HOST_TIMEOUT_MS - 10, 10)
    assert rig.shown()[0] == "1012"
    rig.run(config.HOST_TIMEOUT_MS, config.HOST_TIMEOUT_MS + 20, 10)
    assert rig.shown()[0] == "-   " or "-" in rig.shown()[0]
    assert "1" not in "".join(rig.shown())


def test_heartbeats_keep_the_score_up():
    rig = booted()
    rig.port.feed(show(1, [seat("1012")]))
    for now in range(5, 3 * config.HOST_TIMEOUT_MS, 10):
        if now % 1000 == 5:
            rig.port.feed(wire.frame(wire.HEARTBEAT, 0, b""))
        rig.step(now)
    assert rig.shown()[0] == "1012"


def test_the_board_announces_itself_every_second_as_its_heartbeat():
    rig = booted()
    rig.port.feed(show(7, [seat("   1")]))
    hellos = []
    for now in range(1, 3 * config.HELLO_MS + 1, 10):  # up to 3 s: the host goes quiet
        rig.step(now)
        hellos += [f for f in frames(rig.port.take()) if f[0] == "B"]
    assert len(hellos) == 3  # when the host came, then each second
    assert all(seq == 7 and payload[10:11] == b"1" for _, seq, payload in hellos)


def test_a_host_that_asks_gets_the_hello_at_once():
    """A host that just (re)started needs the boot id to name the presses resent to it."""
    rig = booted()
    rig.port.feed(show(7, [seat("   1")]))
    rig.step(1)
    rig.port.take()
    rig.step(2)
    assert "B" not in kinds(rig.port.take())  # the next is a second away
    rig.port.feed(wire.frame(wire.HELLO_REQUEST, 0, b""))
    rig.step(3)
    assert next(f for f in frames(rig.port.take()) if f[0] == "B")[1] == 7


def test_a_press_acknowledgement_lost_on_the_line_leaves_the_press_to_be_resent():
    rig = booted()
    rig.press(1)
    rig.run(1, 100, 1)
    rig.port.take()
    rig.port.lose(wire.PRESS_ACK, 1)
    rig.port.feed(wire.frame(wire.PRESS_ACK, 0, b""))
    rig.run(100, 400, 1)
    assert rig.port.lost == 1 and rig.board.press_count == 1
    assert ("P", 0, b"1") in frames(rig.port.take())  # sent again
    rig.port.feed(wire.frame(wire.PRESS_ACK, 0, b""))
    rig.step(400)
    assert rig.board.press_count == 0


def test_a_bouncing_button_gives_exactly_one_press_resent_until_acknowledged():
    rig = booted()
    rig.port.feed(show(1, [seat("   1")] * 3))
    rig.step(1)
    rig.port.take()
    rig.press(2)
    rig.run(2, 600, 1)
    sent = [f for f in frames(rig.port.take()) if f[0] == "P"]
    assert len(sent) >= 2  # not acknowledged: sent again
    assert all(f[1:] == (0, b"2") for f in sent)
    rig.port.feed(wire.frame(wire.PRESS_ACK, 0, b""))
    rig.run(600, 1200, 1)
    assert "P" not in kinds(rig.port.take())


def test_presses_queue_up_and_go_out_in_order():
    rig = booted()
    rig.press(0)
    rig.run(1, 200, 1)
    rig.press(1)
    rig.run(200, 400, 1)
    presses = []
    for now in range(400, 800, 5):
        for kind, seq, payload in frames(rig.port.take()):
            if kind == "P":
                presses.append((seq, payload))
                rig.port.feed(wire.frame(wire.PRESS_ACK, seq, b""))
        rig.step(now)
    assert sorted(set(presses)) == [(0, b"0"), (1, b"1")]


def test_the_loop_feeds_the_watchdog():
    rig = booted()
    before = rig.watchdog.feeds
    rig.run(1, 101, 1)
    assert rig.watchdog.feeds == before + 100


def test_a_failing_bus_shows_the_error_pattern_and_reports_it():
    rig = booted()
    rig.port.feed(show(1, [seat("1012")]))
    rig.step(1)
    rig.port.take()
    rig.port.feed(show(2, [seat("2012")]))
    rig.bus.fail_next = True
    try:
        rig.step(2)
    except OSError:
        pass
    else:
        raise AssertionError("the failure was swallowed")
    assert rig.shown() == ["Err "] * 6
    assert set(rig.leds()) == {(config.LED_LEVEL_CAP, 0, 0)}
    assert ("E", 0, b"OSError") in frames(rig.port.take())


def test_the_main_loop_allocates_nothing():
    if not ON_MICROPYTHON:
        return  # only MicroPython can lock its heap
    import gc

    import micropython

    rig = booted()
    rig.port.feed(show(1, [seat("1012", 1, (255, 0, 0), True)] * 6, [((0, 0, 255), True)] * 2))
    rig.step(1)
    data = show(2, [seat(" 8-8", 2, (1, 2, 3))] * 6) + wire.frame(wire.HEARTBEAT, 0, b"")
    rig.press(3)
    gc.collect()
    failed = None
    micropython.heap_lock()
    try:
        for now in range(2, 4000, 3):
            if now % 300 == 2:
                rig.port.feed(data)
            rig.step(now)
            rig.port.tx_count = 0
    except MemoryError as error:
        failed = error
    finally:
        micropython.heap_unlock()
    assert failed is None, "the loop allocated"
    assert rig.board.decoder.frames > 20


def test_self_test_steps_light_each_segment_then_each_led_then_seat_numbers():
    from firmware.board import TEST_STEPS

    rig = booted()
    for step, segments in ((0, 0x01), (6, 0x40), (7, 0x80)):
        rig.port.feed(wire.frame(wire.TEST, step, b""))
        rig.step(1 + step)
        assert ("A", step, b"") in frames(rig.port.take())
        assert all(d.segments() == [segments] * 4 for d in rig.displays)
        assert set(rig.leds()) == {(0, 0, 0)}
    cap = config.LED_LEVEL_CAP
    for step, led, colour in ((8, 0, (cap, 0, 0)), (9, 0, (0, cap, 0)), (13, 1, (0, 0, cap))):
        rig.port.feed(wire.frame(wire.TEST, step, b""))
        rig.step(20 + step)
        lit = [i for i, c in enumerate(rig.leds()) if c != (0, 0, 0)]
        assert lit == [led] and rig.leds()[led] == colour
    rig.port.feed(wire.frame(wire.TEST, TEST_STEPS - 1, b""))
    rig.step(50)
    assert rig.shown() == ["   1", "   2", "   3", "   4", "   5", "   6"]


def test_the_maintenance_request_needs_its_exact_payload():
    rig = booted()
    rig.port.feed(wire.frame(wire.MAINTENANCE, 0, b"REPX"))
    rig.step(1)
    assert not rig.board.maintenance
    rig.port.feed(wire.frame(wire.MAINTENANCE, 0, wire.MAINTENANCE_PAYLOAD))
    rig.step(2)
    assert rig.board.maintenance
    assert ("A", 0, b"") in frames(rig.port.take())


def test_a_glitch_shorter_than_the_debounce_time_is_no_press():
    rig = booted()
    rig.press(0, [(0, 0), (config.DEBOUNCE_MS // 2, 1)])  # low for half the debounce time
    rig.run(1, 400, 1)
    assert "P" not in kinds(rig.port.take())
    assert rig.board.press_count == 0
