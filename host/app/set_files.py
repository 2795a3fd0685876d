"""The taught set files a camera reads with, watched: a dice set rolled back or imported
(`dicetable vision sets`) or a card set put back (`dicetable vision card-sets put-back`)
from a terminal beside a running table is read with as the camera next reads, not at the
table's next start. The dice watcher and the card watcher (host.app.camera, card_camera)
both use this one mechanism.

Cheap: each file's identity (os.stat: device, inode, size, time) looked at once every
CHECK_S, as the camera reads. Those commands write a set beside it and rename it over in
one step (vision.learning.sets.install, vision.cards.taught.put_back), so what they put in
place is whole. A file written in place (a copy made by hand) is taken only once its time
is SETTLE_S old: never half written.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

CHECK_S = 1.0  # seconds between two looks at the files
SETTLE_S = 1.0  # a file changed less long ago than this may be being written: not yet

Identity = tuple[int, int, int, int] | None  # (None: no file: the shipped set is read)


def identity(path: Path) -> Identity:
    try:
        st = path.stat()
    except OSError:  # (none there, or not now: as none)
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


class Watched:
    """The files of the sets loaded (`path_of(name)`: the taught file of a set's name), as
    they were when each was loaded; not thread-safe (its watcher's lock)."""

    def __init__(self, path_of: Callable[[str], Path]) -> None:
        self._path_of = path_of
        self._known: dict[str, Identity] = {}
        self._next = 0.0  # (time.monotonic) the next look

    def loading(self, name: str) -> None:
        """`name` is being loaded now, from its file as it is (looked at before it is read:
        a change while it is read is seen at the next look)."""
        self._known[name] = identity(self._path_of(name))

    def changed(self) -> list[str]:
        """The sets whose file changed since they were loaded (or since the last look said
        so), once CHECK_S passed since the last look; none before."""
        now = time.monotonic()
        if now < self._next:
            return []
        self._next = now + CHECK_S
        changed = []
        for name, known in self._known.items():
            found = identity(self._path_of(name))
            if found == known:
                continue
            if found is not None and time.time() - found[3] / 1e9 < SETTLE_S:
                continue  # (maybe being written: at a later look)
            self._known[name] = found
            changed.append(name)
        return changed
