"""The virtual board (the real firmware under MicroPython, on a real pseudo-terminal) at
random: presses of any seat, noise and garbled frames on the serial line, unplugged and
plugged again, reset; and what it must do: acknowledge the presses it keeps, show the game
as it is."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from host.app.chaos.checks import observe, waited

if TYPE_CHECKING:
    from host.app.chaos.soak import Soak
    from host.board.virtual import VirtualBoard
    from host.games.kind import GameKind


def connected(board: VirtualBoard) -> bool:
    """Plugged in, its firmware running: the board can be pressed and talked to."""
    return board.plugged and not board.ended


def press(soak: Soak) -> None:
    if not connected(soak.board):
        return
    press_made(soak, soak.rng.randrange(soak.board.seats), soak.rng.choice([30, 80, 400]))
    settled(soak)
    soak.look()


def press_made(soak: Soak, seat: int, held_ms: int = 80) -> None:
    """A press of `seat`'s button, once the board has taken it (it counts a press when
    the button is let go: a press held 400 ms is not one yet when the call returns)."""
    board = soak.board
    made = int(board.snapshot()["presses"]) + 1
    board.press(seat, held_ms=held_ms)
    waited(lambda: int(board.snapshot()["presses"]) >= made, 3, 0.02)


def serial(soak: Soak) -> None:
    """Noise, garbled frames and forged ones of no effect on the line to the host."""
    from firmware import wire

    if not connected(soak.board):
        return
    rng = soak.rng
    pick = rng.randrange(5)
    if pick == 2 and int(soak.board.snapshot()["pending_presses"]):
        # a press frame of a garbled seat is the board's own on a real line (its checksum
        # holds): the host acknowledges its number, so one forged with the number of a
        # press the board still sends would end that press unheard (perf42 noticed)
        pick = 0
    if pick == 0:
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))
    elif pick == 1:
        good = wire.frame(wire.PRESS, rng.randrange(256), b"0")
        cut = rng.randrange(1, len(good))
        byte = rng.choice([b for b in range(32, 127) if b != good[cut]])  # (never the same)
        data = good[:cut] + bytes([byte]) + good[cut + 1 :]
    elif pick == 2:  # a press of a seat that is no hex digit, or no seat played
        data = wire.frame(wire.PRESS, rng.randrange(256), rng.choice([b"Z", b"", b"00", b"?"]))
    elif pick == 3:
        kind = rng.choice([ord("X"), wire.ACK, wire.ERROR, ord("z"), wire.SHOW])
        payload = bytes(rng.randrange(33, 127) for _ in range(rng.randrange(0, 40)))
        data = wire.frame(kind, rng.randrange(256), payload.replace(b"@", b"").replace(b"*", b""))
    else:
        data = b"@" * rng.randrange(1, 400) + b"\n" + b"Traceback x\r\n"
    soak.board.say(data)
    time.sleep(0.05)
    observe(soak, False, f"serial {data[:60]!r}")


def unplug(soak: Soak) -> None:
    """Unplugged, or plugged again if it is."""
    if soak.board.plugged:
        soak.board.unplug()
    else:
        soak.board.replug()


def reset(soak: Soak) -> None:
    if connected(soak.board):
        soak.board.reset()


def settled(soak: Soak, timeout: float = 6.0) -> None:
    """The presses the board keeps are done (each acknowledged), or it is unplugged."""
    board = soak.board
    if waited(
        lambda: not connected(board) or int(board.snapshot()["pending_presses"]) == 0,
        timeout,
        0.05,
    ):
        return
    view = soak.phones[0].get("/api/state")
    game = view["game"] or {}
    soak.tally.defect(
        f"a press kept by the board for {timeout} s, never acknowledged (board: "
        f"{view['board']}; paused {game.get('paused')}; over {bool(game.get('summary'))})"
    )


def shows_the_game(soak: Soak, kind: GameKind, timeout: float = 12.0) -> None:
    """The board shows the game as it is (within `timeout`: the PIN shown at a start
    first), if it is plugged in."""
    assert soak.acked is not None
    board = soak.board
    if not connected(board):  # (its return shows the game)
        board.unplug()
        board.replug()
    display = soak.mirror(kind, soak.acked).display()
    want = [d.text.replace(" ", "") for d in display.seats]
    shown: list[str] = []

    def shows() -> bool:
        shown[:] = [t.replace(" ", "") for t in board.shown()[: len(want)]]
        return shown == want

    if not waited(lambda: not connected(board) or shows(), timeout, 0.1):
        soak.tally.defect(f"the board shows {shown}, not the game's {want}")
