"""Where the firmware's files go on the Pico: its modules as the /firmware package, and
pico_main.py as /main.py. `dicetable board flash` copies them so with mpremote, and the
virtual board's flash is laid out the same way.

>>> sorted(deployment())[-2:]
['/firmware/wire.py', '/main.py']
"""

from __future__ import annotations

from pathlib import Path

FIRMWARE_DIR = Path(__file__).parents[2] / "firmware"
PACKAGE = "/firmware"
MAIN = "pico_main.py"  # deployed as /main.py, which a Pico runs after each reset


def package_files(firmware_dir: Path = FIRMWARE_DIR) -> list[Path]:
    """The firmware's modules as deployed to /firmware (not main.py, not the type stubs)."""
    return sorted(p for p in firmware_dir.glob("*.py") if p.name != MAIN)


def deployment(firmware_dir: Path = FIRMWARE_DIR) -> dict[str, Path]:
    """Each file's path on the Pico, and its source here."""
    files = {f"{PACKAGE}/{p.name}": p for p in package_files(firmware_dir)}
    files["/main.py"] = firmware_dir / MAIN
    return files
