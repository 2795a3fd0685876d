"""The card sets a table was taught, as files: the one in use (vision.cards.cardset.user_path,
read before the shipped set of its name) and those kept aside beside it
(`cards.npz.set-aside-TIME`, vision.setfile.beside): the one a new teaching replaced, the one
sent back to the set as shipped, the one a set put back took the place of. Nothing taught is
lost but by `prune`: only the newest KEEP_ASIDE kept aside stay.

The page's "Teach your cards" (host.app.card_teaching) and `dicetable vision card-sets`
(vision.cards.sets_cli) both use these. OSError when the folder refuses (then what was in use is
in use still).
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from vision.cards.cardset import user_path
from vision.setfile import beside

TAG = "set-aside"
# Sets kept aside beyond the newest 10 (by when each was taught) are removed, as the dice
# sets keep the files of their newest 10 versions (vision.learning.sets.KEEP_FILES): a
# set is small (some 11 KB), but a list longer than that on the page is one nobody reads,
# and a deck is seldom taught ten times over before its old sets stop mattering.
KEEP_ASIDE = 10


@dataclass(frozen=True)
class Aside:
    """A set kept aside: its file, and when it was taught (its file's time: a set is kept
    aside by a hard link, a copy that keeps the time or a rename, so it is the time its
    teaching wrote it)."""

    file: Path
    taught: float


def in_use(name: str) -> bool:
    """Whether the table reads `name` with a set it was taught (not the shipped one)."""
    return user_path(name).is_file()


def kept_aside(name: str) -> list[Aside]:
    """The sets of `name` kept aside, the newest taught first (a `cards.npz.set-aside` of
    before, without a time, among them)."""
    path = user_path(name)
    found = []
    for file in path.parent.glob(f"{path.name}.{TAG}*"):
        try:
            if file.is_file():
                found.append(Aside(file, file.stat().st_mtime))
        except OSError:  # (gone meanwhile)
            continue
    return sorted(found, key=lambda a: (a.taught, a.file.name), reverse=True)


def keep_aside(name: str) -> Path | None:
    """Keep the set of `name` in use beside it, before another takes its place (it stays in
    use until then); where it is kept, None if the table reads the shipped set."""
    aside = _linked(user_path(name))
    prune(name, aside)
    return aside


def _linked(path: Path) -> Path | None:
    if not path.is_file():
        return None
    aside = beside(path, TAG)  # (two within a second: each kept)
    try:
        os.link(path, aside)  # (the same bytes and time, at once)
    except OSError:  # a file system without hard links
        shutil.copy2(path, aside)
    return aside


def to_shipped(name: str) -> Path | None:
    """Set the set of `name` in use aside: its shipped set is read. Where it went, None if
    none was in use."""
    path = user_path(name)
    if not path.is_file():
        return None
    aside = beside(path, TAG)
    os.replace(path, aside)
    prune(name, aside)
    return aside


def put_back(name: str, file: str) -> Path | None:
    """Put the set kept aside as `file` (its file's name, one `kept_aside` lists) in use,
    the one in use kept aside in turn; where that went, None if the shipped set was read.
    LookupError if no set of `name` is kept aside under that name."""
    path = user_path(name)
    chosen = next((a.file for a in kept_aside(name) if a.file.name == file), None)
    if chosen is None:
        raise LookupError(file)
    before = _linked(path)
    os.replace(chosen, path)  # (in one step: a crash leaves one set or the other in use)
    prune(name, before)  # (after: the set put back may be the oldest kept)
    return before


def prune(name: str, kept: Path | None = None) -> list[Path]:
    """Remove the sets kept aside beyond the newest KEEP_ASIDE taught, but `kept`, the one
    just kept aside (an old set put back, then replaced: kept, and an older one goes);
    those removed."""
    others = [a.file for a in kept_aside(name) if a.file != kept]
    gone = others[KEEP_ASIDE - (kept is not None) :]
    for file in gone:
        file.unlink(missing_ok=True)
    return gone
