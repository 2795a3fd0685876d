"""A folder with a mount of its own, in a private mount namespace (`unshare -rm`), for the
processes a test starts inside it: the test can make it read-only, or fill it (a small
tmpfs), and undo that, as happens to a real disk. Root ignores file modes, so this is how a
test shows an unwritable or full store honestly whoever runs it.

    with PrivateMount(folder, size=2 << 20) as mount:    # a 2 MB disk over `folder`
        app = subprocess.Popen([*mount.inside(), sys.executable, "-m", "host", "play", ...])
        mount.fill()                                      # the disk is full...
        mount.free()                                      # ...and has room again
        mount.read_only()                                 # or: mounted read-only

Outside the namespace nothing changes (a tmpfs's files are seen only inside). Needs
unshare and nsenter (util-linux) and user namespaces; without them `require()` skips the
test and says so.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
from pathlib import Path
from types import TracebackType

import pytest


def require() -> None:
    """Skip the calling test, saying why, where private mount namespaces cannot be made."""
    if not (shutil.which("unshare") and shutil.which("nsenter")):
        pytest.skip("needs unshare and nsenter (util-linux) for a private mount")
    done = subprocess.run(["unshare", "-rm", "true"], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"this kernel gives no user namespace for a private mount: {done.stderr}")


class PrivateMount:
    def __init__(self, folder: Path, size: int | None = None) -> None:
        """size: a tmpfs of that many bytes over `folder` (a disk that fills; empty at
        first); None: `folder` itself, bind-mounted (so it can be made read-only)."""
        require()
        self.folder = folder
        target = shlex.quote(str(folder))
        mount = (
            f"mount -t tmpfs -o size={size} tmpfs {target}"
            if size is not None
            else f"mount --bind {target} {target}"
        )
        self._holder = subprocess.Popen(
            ["unshare", "-rm", "sh", "-c", f"{mount} && echo ready && exec sleep 3600"],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self._holder.stdout is not None
        if self._holder.stdout.readline().strip() != "ready":
            self.close()
            raise RuntimeError(f"could not mount {folder} in a private namespace")

    def inside(self) -> list[str]:
        """The command prefix that runs a program inside the namespace."""
        return ["nsenter", "-t", str(self._holder.pid), "-U", "-m", "--preserve-credentials"]

    def run(self, script: str) -> None:
        """A shell command inside the namespace (it must succeed)."""
        subprocess.run([*self.inside(), "sh", "-c", script], check=True, capture_output=True)

    def read_only(self, on: bool = True) -> None:
        self.run(f"mount -o remount,bind,{'ro' if on else 'rw'} {shlex.quote(str(self.folder))}")

    def fill(self) -> None:
        """Fill the disk to the last byte (a file of zeros), as a full SD card is."""
        filler = shlex.quote(str(self.folder / "filler"))
        self.run(f"dd if=/dev/zero of={filler} bs=4096 2>/dev/null; test -s {filler}")

    def free(self) -> None:
        self.run(f"rm {shlex.quote(str(self.folder / 'filler'))}")

    def close(self) -> None:
        if self._holder.poll() is None:
            self._holder.kill()
        self._holder.wait()
        if self._holder.stdout is not None:
            self._holder.stdout.close()

    def __enter__(self) -> PrivateMount:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
