"""The virtual Pico's boot, in real MicroPython (run by micropython_runner.mjs): what a Pico
does after a reset, its file system (the flash) holding what `dicetable board flash` copied.

A Pico runs /main.py (firmware/pico_main.py), which either starts the firmware through
firmware/pico.py or leaves the Pico at its REPL. pico.py needs the Pico's own I2C, WS2812
pin, USB port and watchdog, so here a stand-in takes its place that only notes that the
firmware was started; the runner then steps the flashed firmware with simulated devices
(virtual_hw.Rig). Everything else, main.py included, is the flashed code.
"""

import sys

MAINTENANCE_FLAG = "/maintenance"  # as firmware/pico.py and pico_main.py

# The WebAssembly port's file system raises OSError with Emscripten's errno numbers (a missing
# file is 44); a Pico's raises MicroPython's (ENOENT is 2), which mpremote reads, e.g. to
# tell "no such file yet" from a real failure when it copies one.
_PICO_ERRNO = {44: 2, 20: 17, 31: 21, 54: 20, 2: 13, 28: 22, 29: 5, 8: 9, 63: 1, 51: 28}
_FILE_CALLS = ("stat", "mkdir", "rmdir", "remove", "unlink", "rename", "listdir", "ilistdir")


def _with_pico_errno(function):  # type: ignore[no-untyped-def]
    def call(*args, **kwargs):  # type: ignore[no-untyped-def]
        try:
            return function(*args, **kwargs)
        except OSError as error:
            code = error.args[0] if error.args else None
            if code in _PICO_ERRNO:
                raise OSError(_PICO_ERRNO[code]) from None
            raise

    return call


def _pico_file_errors() -> None:
    import builtins
    import os

    calls = [(builtins, "open")] + [(os, name) for name in _FILE_CALLS if hasattr(os, name)]
    for module, name in calls:
        setattr(module, name, _with_pico_errno(getattr(module, name)))


class _FirmwareStart:
    """Stands in for firmware/pico.py."""

    started = False

    def run(self) -> None:
        _FirmwareStart.started = True


def boot() -> bool:
    """Run /main.py as a Pico does after a reset; True if it started the firmware, False if
    it left the Pico at its REPL."""
    _pico_file_errors()
    try:
        import firmware  # the flashed package, found at the file system's root
    except ImportError:
        pass  # nothing flashed yet: main.py, if any, finds out itself
    else:
        firmware.pico = _FirmwareStart()  # type: ignore[attr-defined]
    try:
        with open("/main.py") as file:
            source = file.read()
    except OSError:
        return False
    try:
        exec(source, {"__name__": "__main__"})
    except Exception as error:  # a Pico prints the traceback on its console, then the REPL
        sys.print_exception(error)  # type: ignore[attr-defined]
        return False
    return _FirmwareStart.started


def leave_maintenance_flag() -> None:
    """What firmware/pico.py does when the host asks for the REPL, before it resets: the
    flag makes main.py skip the firmware once."""
    with open(MAINTENANCE_FLAG, "w") as flag:
        flag.write("1")
