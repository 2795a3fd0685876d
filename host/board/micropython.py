"""Run scripts on real MicroPython (the WebAssembly build, in Node) with the firmware
importable: for the firmware tests and the bench. See micropython_runner.mjs."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from host.errors import UserError

RUNNER = Path(__file__).with_name("micropython_runner.mjs")
ROOT = RUNNER.parents[2]


def node() -> str:
    """The node executable, once MicroPython for Node is installed (else UserError)."""
    found = shutil.which("node")
    if found is None:
        raise UserError("real MicroPython needs Node.js 20: install it, then run `make install`")
    if not (ROOT / "node_modules" / "@micropython").exists():
        raise UserError("MicroPython for Node is not installed: run `make install`")
    return found


def run_script(
    script: Path,
    args: Sequence[str] = (),
    mounts: Sequence[str] = (),
    timeout: float | None = 300,
) -> subprocess.CompletedProcess[str]:
    """Run a MicroPython script; `mounts` are 'DIR:PACKAGE' (or 'DIR:' for top-level
    modules) to make importable beside the firmware."""
    command = [node(), str(RUNNER), "exec", str(script), *args]
    for mount in mounts:
        command[3:3] = ["--mount", mount]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
