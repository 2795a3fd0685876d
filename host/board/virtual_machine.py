"""`machine` at the virtual Pico's REPL (copied there as /lib/machine.py): the one call
mpremote makes of it, `machine.reset()`, which micropython_runner.mjs turns into a hard reset.
The firmware does not import it there (see virtual_pico.py)."""

import js  # type: ignore[import-not-found]  # MicroPython's WebAssembly port: JavaScript's globals


def reset() -> None:
    """Reset the Pico: the runner boots it afresh once this REPL command is over; nothing
    after this call runs, as on a Pico."""
    js.dicetableVirtualPico.reset()
    raise SystemExit
