"""`dicetable bench replay`: how long the `dicetable` command takes to start and finish.

A command that needs no camera (`dicetable replay`, `--help`) should cost little more than
Python's own start: every command imports only what it needs (host/cli.py). Each command
is run as people run it: the installed `dicetable`, a fresh process each time, with its
bytecode compiled once (as an install does; kept in a temporary folder, whatever
PYTHONDONTWRITEBYTECODE says here), in rounds that take turns, so a busy moment on a shared
machine hits them all alike. The figures are medians, and ratios to `python -c pass`
measured in the same rounds; beside them each command's least CPU time (user + system), which
a loaded machine (many engineers' test runs) changes far less than the wall time: on a
quiet one, the wall time is about that.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from host.errors import UserError

BASELINE = "python -c pass"
AIM_S = 0.3  # `dicetable replay` of a short script, on the project's 2-core machine


def _dicetable() -> list[str]:
    """The installed command beside this Python (else the package run as a module)."""
    script = Path(sys.executable).with_name("dicetable")
    return [str(script)] if script.exists() else [sys.executable, "-m", "host"]


def _seconds(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The command's wall time and CPU time (its user + system), in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        said = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise UserError(f"{' '.join(command)} failed: {said}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return took, cpu


def bench(args: argparse.Namespace) -> int:
    from host.demo import demo_script

    script = demo_script()
    rounds = 5 if args.quick else 15
    dicetable = _dicetable()
    commands = {
        BASELINE: [sys.executable, "-c", "pass"],
        "dicetable --help": [*dicetable, "--help"],
        f"dicetable replay {script.name}": [*dicetable, "replay", str(script)],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    with tempfile.TemporaryDirectory(prefix="dicetable-bytecode-") as bytecode:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = bytecode
        for command in commands.values():  # compiles the bytecode: not counted
            _seconds(command, env)
        for _ in range(rounds):
            for name, command in commands.items():
                wall, cpu = _seconds(command, env)
                times[name].append(wall)
                cpus[name].append(cpu)
    base = statistics.median(times[BASELINE])
    inputs = len(json.loads(script.read_text(encoding="utf-8"))["inputs"])
    print(f"wall time of a fresh process, median of {rounds} rounds taking turns:")
    for name, took in times.items():
        median = statistics.median(took)
        ratio = "" if name == BASELINE else f"  {median / base:4.1f}x {BASELINE}"
        print(
            f"  {name:<34} {median * 1000:6.0f} ms (min {min(took) * 1000:4.0f}, "
            f"CPU {min(cpus[name]) * 1000:3.0f}){ratio}"
        )
    replay = times[next(reversed(commands))]
    median, fastest = statistics.median(replay), min(replay)
    met = "met" if median < AIM_S else ("met by the fastest run" if fastest < AIM_S else "NOT met")
    load = os.getloadavg()[0]
    print(
        f"(the script has {inputs} inputs; aim: replay under {AIM_S} s here: {met}; "
        f"load average {load:.1f} on {os.cpu_count()} cores)"
    )
    return 0
