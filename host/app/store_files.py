"""What can be wrong with the game store's file, said in words a person can act on, and
what to do with a damaged one (set it aside, so a new store can start in its place).

SQLite names each failure (`sqlite3.Error.sqlite_errorname`); this turns the ones a store
meets at a real table into what is wrong and what to do:

- damaged (SQLITE_CORRUPT, SQLITE_NOTADB, a failed integrity check): the store starts
  afresh and keeps the old file beside it (`set_aside`);
- not writable (SQLITE_READONLY*, SQLITE_CANTOPEN): which of the file, its folder, the
  file system or the two files SQLite keeps beside it (-wal, -shm) it is, whose they are,
  and the command that gives them back;
- full (SQLITE_FULL), failing (SQLITE_IOERR*), in use by another program (SQLITE_BUSY).
"""

from __future__ import annotations

import contextlib
import os
import pwd
import sqlite3
from pathlib import Path

from host.app.text import _
from host.games.text import Text
from vision.setfile import beside  # (one place names a file kept in another's stead)

SIDE_FILES = ("-wal", "-shm")  # SQLite's write-ahead log and its index, beside the store


def is_damage(error: sqlite3.Error) -> bool:
    """The file is damaged (or no SQLite database at all), not merely unusable now. (A
    first page whose header is damaged past its first fields, as a cut write of it leaves
    it, SQLite calls an 'unsupported file format': no SQLite of these 20 years wrote one.)"""
    name = getattr(error, "sqlite_errorname", "")
    return (
        name.startswith("SQLITE_CORRUPT")
        or name == "SQLITE_NOTADB"
        or (name == "SQLITE_ERROR" and "unsupported file format" in str(error))
    )


def explain(error: sqlite3.Error, path: Path, starting: bool = False) -> Text:
    """What is wrong with the store at `path`, and what to do, for an SQLite error (SQLite's
    own words a detail, as it says them); `starting`: as dicetable opens it (and stops)."""
    name = getattr(error, "sqlite_errorname", "")
    where, said = str(path), str(error)
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
        return why_unwritable(path) or _(
            "cannot open the game store {path} for writing ({why}): use --db for another file",
            path=where,
            why=said,
        )
    if name == "SQLITE_FULL" or (name.startswith("SQLITE_IOERR") and _full(path.parent)):
        # (a full disk fails the -wal or -shm file's growth as an I/O error, not as full)
        if starting:
            return _(
                "the disk holding the game store {path} is full: free some space, then start "
                "dicetable again (nothing was changed)",
                path=where,
            )
        return _(
            "the disk holding the game store {path} is full: free some space (nothing was "
            "stored; dicetable goes on once there is room)",
            path=where,
        )
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return _(
            "another program is writing the game store {path} (a second dicetable?): stop it, "
            "or use --db for another file",
            path=where,
        )
    if name.startswith("SQLITE_IOERR"):
        return _(
            "the disk holding the game store {path} failed to read or write it ({why}): check "
            "the disk or SD card",
            path=where,
            why=said,
        )
    if is_damage(error):
        return _(
            "the game store {path} is damaged ({why}): restart dicetable to set it aside",
            path=where,
            why=said,
        )
    return _("the game store {path} failed: {why}", path=where, why=said)


FULL_BYTES = 256 << 10  # less room than this on a disk: it is full for SQLite (its -shm alone
# takes 32 KB, and each write of the -wal a page or more)


def _full(folder: Path) -> bool:
    """Whether the disk holding `folder` has (nearly) no room left."""
    try:
        disk = os.statvfs(folder)
    except OSError:
        return False
    return disk.f_bavail * disk.f_frsize < FULL_BYTES


def why_unwritable(path: Path) -> Text | None:
    """Why this process cannot write the store at `path` and what to do, or None if nothing
    in the file system says so (then SQLite's own words must do)."""
    folder = path.parent
    with contextlib.suppress(OSError):
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return _(
                "the game store {path} is on a read-only file system: mount it read-write, or "
                "use --db for a store on a writable disk",
                path=str(path),
            )
    me = _user(os.geteuid())
    for file in [path, *(Path(f"{path}{s}") for s in SIDE_FILES)]:
        if file.exists() and not _writable(file):
            return _not_yours(file, me, file == path)
    if not _writable(folder, directory=True):
        return _(
            "the folder {folder} is not writable by {user}, and SQLite keeps two files beside "
            "the store there ({wal}, {shm}): {fix}, or use --db for a store in a folder of yours",
            folder=str(folder),
            user=me,
            wal=f"{path.name}-wal",
            shm=f"{path.name}-shm",
            fix=f"`sudo chown {me} {folder}`",
        )
    return None


def _not_yours(file: Path, me: str, store: bool) -> Text:
    st = file.stat()
    owner = _user(st.st_uid)
    fix = f"chmod u+w {file}" if st.st_uid == os.geteuid() else f"sudo chown {me} {file}*"
    fields = {"file": str(file), "user": me, "owner": owner, "mode": f"{st.st_mode & 0o777:o}"}
    if store:
        return _(
            "the game store {file} is not writable by {user} (owner {owner}, mode {mode}); the "
            "games in it are safe: {fix} lets dicetable write it, or use --db for another file",
            fix=f"`{fix}`",
            **fields,
        )
    return _(
        "the store's file {file} is not writable by {user} (owner {owner}, mode {mode}); the "
        "games in it are safe: {fix} lets dicetable write it, or use --db for another file",
        fix=f"`{fix}`",
        **fields,
    )


def _writable(path: Path, directory: bool = False) -> bool:
    """Whether this process may write `path`, by the kernel's own check (a root process
    without CAP_DAC_OVERRIDE is held to the file's mode like anyone)."""
    return os.access(path, os.W_OK | (os.X_OK if directory else 0), effective_ids=True)


def _user(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"user {uid}"


def set_aside(path: Path) -> Path:
    """Move a damaged store (and its write-ahead log) to `<name>.damaged-<time>` beside it,
    so a new store can start in its place; returns where it went. OSError if it cannot."""
    kept = beside(path, "damaged")
    os.replace(path, kept)
    wal = Path(f"{path}-wal")
    if wal.exists():
        os.replace(wal, f"{kept}-wal")  # the log belongs with its file
    Path(f"{path}-shm").unlink(missing_ok=True)  # an index SQLite rebuilds
    return kept
