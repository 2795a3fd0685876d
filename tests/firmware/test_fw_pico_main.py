"""/main.py on the Pico (firmware/pico_main.py), under real MicroPython: it runs the
firmware unless the maintenance flag is there, and then removes the flag (so the next boot
runs the firmware again). MicroPython only: it removes /maintenance at the root."""

from __future__ import annotations

import re
from pathlib import Path

from host.board.micropython import run_script


def test_main_py_runs_the_firmware_unless_the_flag_is_there(tmp_path: Path) -> None:
    stub = tmp_path / "stub"
    stub.mkdir()
    (stub / "pico.py").write_text("def run():\n    print('FIRMWARE RUNS')\n")
    main_py = Path(__file__).parents[2] / "firmware" / "pico_main.py"
    script = tmp_path / "boot_twice.py"
    script.write_text(
        f"source = {main_py.read_text()!r}\n"
        "exec(source, {})\n"  # no flag: the firmware runs
        "open('/maintenance', 'w').write('1')\n"
        "exec(source, {})\n"  # the flag: the REPL, and the flag is gone
        "import os\n"
        "print('FLAG LEFT' if 'maintenance' in os.listdir('/') else 'FLAG GONE')\n"
    )
    result = run_script(script, mounts=[f"{stub}:firmware"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["FIRMWARE", "RUNS", "FLAG", "GONE"]


def test_main_py_the_firmware_and_the_virtual_pico_name_one_flag() -> None:
    """main.py stays self-contained (it runs before the firmware package is trusted), so the
    flag's path is written there too: the three must agree."""
    from host.board.virtual_pico import MAINTENANCE_FLAG as virtual

    firmware = Path(__file__).parents[2] / "firmware"
    found = re.search(r'^MAINTENANCE_FLAG = "([^"]+)"', (firmware / "pico.py").read_text(), re.M)
    assert found is not None
    assert found.group(1) == virtual
    assert f'os.remove("{virtual}")' in (firmware / "pico_main.py").read_text()
