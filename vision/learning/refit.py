"""Refit a table's set from its examples: the fit, its check against the set in use, the
new version kept (and installed) or rejected. Run off the game's path: in a process of its
own, at a low priority and on one core (`Background`), so the page and the camera never
wait for it; one refit of a set at a time (a lock file, released even if it is killed).

    python -m vision.learning.refit --name kot [--db FILE] [--faces a,b,c] [--no-install]
                                    [--wait]

prints the outcome as one line of JSON. Killed at any moment, it leaves every example and
the set in use as they were: it only adds a version, then installs it atomically (with
--no-install, not even that: the page's teaching installs it, unless it was cancelled).
With --wait, a refit of the set another process runs is waited for rather than failed on.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from vision.errors import VisionError
from vision.learning import sets
from vision.learning.fit import Figures, FitError, check, embeddings, fit
from vision.learning.store import LearningStore, Version

NICE = 10  # the refit yields the CPU to the camera and the page


class Busy(VisionError):
    """Another refit of the same set is running."""


@dataclass(frozen=True)
class Outcome:
    version: Version
    kept: bool
    figures: Figures  # the new fit, on the held-out examples
    before: Figures | None  # the set in use before, on the same examples
    examples: int
    embedded: int  # examples whose cuts were embedded now (the others' were kept)
    seconds: float  # processor time of the refit
    installed: bool = True  # (a version kept is installed unless it was asked not to be)

    def to_json(self) -> dict[str, Any]:
        return {
            "face_set": self.version.face_set,
            "version": self.version.version,
            "kept": self.kept,
            "installed": self.kept and self.installed,
            "install": self.installed,  # (asked: a play refit's, not a teaching's)
            "figures": self.figures.to_json(),
            "before": None if self.before is None else self.before.to_json(),
            "examples": self.examples,
            "embedded": self.embedded,
            "seconds": round(self.seconds, 3),
        }


POLL = 0.5  # seconds between two looks at a lock another process holds (`refit_lock`)

Waits = Callable[[bool], None]


def lock_path(store_path: Path, name: str) -> Path:
    """The file of `name`'s refit lock, beside the store."""
    return store_path.parent / f"refit-{name}.lock"


@contextlib.contextmanager
def refit_lock(
    store: LearningStore,
    name: str,
    waits: Waits | None = None,
    poll: float = POLL,
    held: int | None = None,
) -> Iterator[None]:
    """Held while `name` is refitted. If another process holds it: Busy, or, given `waits`,
    `waits(True)`, the lock looked at every `poll` seconds until it is taken (the other
    refit ended), then `waits(False)`; Busy if the process that started us ended meanwhile
    (nobody waits for this refit any more). `held`: the lock file as the process that
    started us opened it (a file descriptor it passed on): taken on it, and left held when
    this ends, for that process to release (`Background`: a teaching's fit)."""
    parent = os.getppid()
    path = lock_path(store.path, name)
    with contextlib.ExitStack() as opened:
        f = held if held is not None else opened.enter_context(path.open("a"))
        waited = False
        while True:
            try:
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if waits is None or os.getppid() != parent:
                    raise Busy(f"a refit of {name} is running already") from None
            if not waited:
                waits(True)
                waited = True
            time.sleep(poll)
        if waited:
            assert waits is not None
            waits(False)
        try:
            yield
        finally:
            if held is None:  # (a lock passed on is its opener's to release)
                fcntl.flock(f, fcntl.LOCK_UN)


def refit(
    store: LearningStore,
    name: str,
    faces: Sequence[str] | None = None,
    box_fit: tuple[float, float] = (0.0, 1.0),
    note: str = "",
    install: bool = True,
    waits: Waits | None = None,
    held: int | None = None,
) -> Outcome:
    """Fit `name` from every example, check it and the set in use on the held-out ones;
    keep it (and `install` it) if it reads them no worse, else record it as rejected. A
    refit of `name` another process runs: Busy, or, given `waits`, waited for (`refit_lock`;
    `held`: its file as the caller opened it, left held)."""
    started = time.process_time()
    with refit_lock(store, name, waits, held=held):
        base = sets.shipped(name)
        current = sets.current(name)
        examples = store.examples(name)
        if not examples:
            raise FitError(f"no examples of {name} yet: teach it, or play with it")
        described = store.description(name)
        if base is None and described is not None:  # a set of the table's own
            faces, box_fit = faces or described[0], described[1]
        views = base.views if base is not None else 1
        zoom = base.zoom if base is not None else 1.0
        features, embedded = embeddings(store, examples, views, zoom)
        taught = fit(name, examples, features, base, faces, box_fit)
        figures = check(taught, examples)
        assert figures is not None  # fitted on this very embedding
        before = check(current, examples) if current is not None else None
        kept = before is None or figures.no_worse_than(before)
        report = {"check": figures.to_json(), "before": before and before.to_json()}
        version = sets.save(
            store, taught, "kept" if kept else "rejected", examples[-1].id, report, note
        )
        if kept and install:
            sets.install(store, name, version.version)
    seconds = time.process_time() - started
    return Outcome(version, kept, figures, before, len(examples), embedded, seconds, install)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.learning.refit")
    parser.add_argument("--name", required=True)
    parser.add_argument("--db", type=Path, help="the learning store (default: the table's)")
    parser.add_argument("--faces", help="the faces in order, comma-separated (a new set)")
    parser.add_argument("--nice", type=int, default=NICE)
    parser.add_argument("--no-install", action="store_true", help="keep a version, not use it")
    parser.add_argument(
        "--wait",
        action="store_true",
        help='wait for a refit of the set another process runs (saying {"waiting": true}, '
        'then {"waiting": false}, each on a line of its own), rather than fail',
    )
    parser.add_argument(
        "--lock-held",
        type=int,
        metavar="FD",
        help="the refit lock's file as the caller opened it (passed on): left held when this "
        "ends, so the caller puts the version kept in use (or not) before another refit of "
        "the set may begin (with --no-install: a teaching's fit)",
    )
    args = parser.parse_args(argv)
    if args.nice:
        os.nice(args.nice)
    import cv2

    cv2.setNumThreads(1)
    try:
        store = LearningStore(args.db)
        faces = args.faces.split(",") if args.faces else None
        waits = _say_waiting if args.wait else None
        install = not args.no_install
        outcome = refit(
            store, args.name, faces, note="refit", install=install, waits=waits, held=args.lock_held
        )
    except VisionError as error:
        print(json.dumps({"error": str(error)}), flush=True)
        print(f"refit {args.name}: {error}", file=sys.stderr)
        return 2
    print(json.dumps(outcome.to_json()), flush=True)
    return 0


def _say_waiting(waiting: bool) -> None:
    print(json.dumps({"waiting": waiting}), flush=True)


def _json(line: str) -> Any:
    """A line the refit printed, read ({} if it is not JSON)."""
    try:
        return json.loads(line)
    except json.JSONDecodeError:
        return {}


def _waiting(line: str) -> bool | None:
    """What a `{"waiting": ...}` line says (`_say_waiting`); None for any other line."""
    said = _json(line)
    return bool(said["waiting"]) if isinstance(said, dict) and set(said) == {"waiting"} else None


Done = Callable[[dict[str, Any]], None]
Waiting = Callable[[str, bool], None]


class Background:
    """Refits in a process of their own, one at a time per set; `done(outcome as JSON, or
    {"error": ...})` is called from a thread of ours when one ends, with "install": whether
    the refit was to install what it keeps (a play refit's report, not a teaching's). Every
    refit waits for one of the set another process runs (`dicetable vision refit`, another
    table), polling its lock in its own process (`refit_lock`: the game never waits):
    `waiting(name, True)` is called when it begins to wait, `waiting(name, False)` when it
    fits (unless it was cancelled)."""

    def __init__(self, store_path: Path, done: Done, waiting: Waiting | None = None) -> None:
        self.store_path = store_path
        self.done = done
        self.waiting = waiting
        self._running: dict[str, subprocess.Popen[str]] = {}
        self._cancelled: set[subprocess.Popen[str]] = set()  # (their end is not said)
        self._held: dict[subprocess.Popen[str], IO[str]] = {}  # the lock files we opened
        self._lock = threading.Lock()

    def running(self, name: str) -> bool:
        with self._lock:
            return name in self._running

    def names(self) -> list[str]:
        """The sets being refitted now."""
        with self._lock:
            return list(self._running)

    def start(self, name: str, install: bool = True) -> bool:
        """Start a refit of `name` unless one runs (one that does not `install` the version
        it keeps); True if it started. One that does not install takes the set's refit lock
        on the lock file as we open it, so the lock stays held once it ended, until `done`
        returned (the teaching put its version in use, or not): no other refit of the set
        (another table's, the command line's, our next) reads the set in use or installs in
        between. (Before, the lock went with the refit's process: one waiting for it took
        it first, checked itself against the set before the teaching's and put its own in
        use over it, or the teaching's then over that one.)"""
        with self._lock:
            if name in self._running:
                return False
            env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
            held = None if install else lock_path(self.store_path, name).open("a")
            process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "vision.learning.refit",
                    "--name",
                    name,
                    "--db",
                    str(self.store_path),
                    "--wait",
                    *([] if held is None else ["--no-install", "--lock-held", str(held.fileno())]),
                ],
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                env=env,
                pass_fds=() if held is None else (held.fileno(),),
            )
            self._running[name] = process
            if held is not None:
                self._held[process] = held
        threading.Thread(target=self._wait, args=(name, process, install), daemon=True).start()
        return True

    def _wait(self, name: str, process: subprocess.Popen[str], install: bool) -> None:
        try:
            self._follow(name, process, install)
        finally:
            self._release(process)

    def _release(self, process: subprocess.Popen[str]) -> None:
        """The lock a refit took on the lock file we opened for it released, once it ended
        (and `done` returned, or it was cancelled)."""
        with self._lock:
            held = self._held.pop(process, None)
        if held is not None:
            held.close()

    def _follow(self, name: str, process: subprocess.Popen[str], install: bool) -> None:
        said: Any = {}  # the outcome: the last line that is not a wait's (nor blank)
        assert process.stdout is not None
        for line in process.stdout:  # ({"waiting": ...} lines, then the outcome)
            if not line.strip():
                continue
            waits = _waiting(line)
            if waits is None:
                said = _json(line)
            elif self.waiting is not None and not self._was_cancelled(process):
                self.waiting(name, waits)
        process.wait()
        with self._lock:
            if self._running.get(name) is process:  # (cancel may have let it go already)
                del self._running[name]
            if process in self._cancelled:
                self._cancelled.discard(process)
                return
        if not isinstance(said, dict) or not said:
            said = {"error": f"the refit of {name} stopped (status {process.returncode})"}
        said.setdefault("face_set", name)
        said.setdefault("install", install)
        self.done(said)

    def _was_cancelled(self, process: subprocess.Popen[str]) -> bool:
        with self._lock:
            return process in self._cancelled

    def cancel(self, name: str) -> None:
        """Stop the refit of `name` if one runs, and say nothing of it; returns once it has
        ended and its lock is released (a refit only adds: killed, it adds no more; a
        version it saved before, its report dropped, is in the store for the caller:
        host.app.teaching)."""
        with self._lock:
            process = self._running.get(name)
            if process is not None:
                self._cancelled.add(process)
                process.kill()
        if process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=10)
            with self._lock:  # (ended: not running when cancel returns, its follower may lag)
                if process.returncode is not None and self._running.get(name) is process:
                    del self._running[name]
            self._release(process)  # (its lock too, when cancel returns)

    def stop(self) -> None:
        """Stop every refit (the app is closing): nothing is lost, a refit only adds."""
        with self._lock:
            for process in self._running.values():
                process.kill()


if __name__ == "__main__":
    sys.exit(main())
