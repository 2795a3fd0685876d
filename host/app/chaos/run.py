"""`dicetable bench chaos`: the run (the virtual board, a store of its own, every game in
turn), its figures."""

from __future__ import annotations

import argparse
import faulthandler
import signal
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from host.app.chaos.checks import console
from host.app.chaos.soak import Soak
from host.app.chaos.tally import Tally


def bench(args: argparse.Namespace) -> int:
    """`dicetable bench chaos`: the run, its figures; status 1 if it found a defect."""
    tally, seconds = _run(args)
    for line in tally.lines():
        print(line)
    print(f"{seconds:.1f} s")
    return 1 if tally.defects else 0


def run_quick(
    seed: int,
    setups: Mapping[str, Any] | None = None,
    actions: int = 25,
    games: list[str] | None = None,
) -> Tally:
    """The short run of the tests (`--quick`, 2 phones, `actions` a game) of `games`
    (default: every one) with `seed`, each game set up as `setups` says (by its name; else
    at random): its figures."""
    args = argparse.Namespace(
        seed=seed, quick=True, actions=actions, phones=2, rounds=1, setups=setups, games=games
    )
    return _run(args)[0]


def _run(args: argparse.Namespace) -> tuple[Tally, float]:
    from host.board.virtual import VirtualBoard
    from host.errors import UserError
    from host.games.registry import kinds

    names = getattr(args, "games", None) or list(kinds())
    unknown = [n for n in names if n not in kinds()]
    if unknown:
        raise UserError(f"no game named {', '.join(unknown)} (games: {', '.join(kinds())})")
    faulthandler.register(signal.SIGUSR1)  # (where a run stuck is: kill -USR1 PID)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="dicetable-chaos-") as tmp, VirtualBoard() as board:
        soak = Soak(args, Path(tmp), board)
        print(f"chaos: seed {args.seed}, {len(soak.phones)} phones, games {', '.join(names)}")
        soak.start()
        signal.signal(signal.SIGTERM, _interrupt)
        try:
            for _ in range(args.rounds):
                for name in names:
                    soak.play(name)
            console(soak)
        except KeyboardInterrupt:
            print("interrupted: the figures so far", flush=True)
        finally:
            soak.host.kill()
            if getattr(args, "keep", None):
                Path(args.keep).write_bytes(soak.host.log.read_bytes())
    return soak.tally, time.monotonic() - started


def _interrupt(signum: int, frame: object) -> None:
    """`kill -TERM`: the run stops, its figures so far printed."""
    raise KeyboardInterrupt
