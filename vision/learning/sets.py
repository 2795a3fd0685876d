"""Versions of a table's face sets: which one is in use, roll back, export, import.

The set in use is the file the reader finds by name: vision.faceset.user_path(NAME)
(taught sets come before shipped ones); with none there, the shipped set is in use
(version 0). Every fit is a version (vision.learning.store: its figures, kept or
rejected); a kept one's file is kept beside the store, sets/NAME/vNNNN.npz. Installing a
version copies that file's exact bytes into place atomically (written beside it, synced,
renamed over it), so rolling back reads exactly as the version did, and a crash at any
moment leaves either the old set or the new one in use, never half of one.

Only the newest KEEP_FILES kept versions keep their file (and always the one in use).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from vision import faceset, setfile
from vision.faceset import FaceSet, set_name
from vision.learning.store import LearningError, LearningStore, Version
from vision.words import Said, _

KEEP_FILES = 10
SHIPPED = 0  # the version number that stands for the shipped set


def folder(store: LearningStore, name: str) -> Path:
    """Where the kept versions of `name` go: beside the store (a store given elsewhere,
    `--db`, `--data`, keeps its versions with it; before, they went to data_dir())."""
    return store.path.parent / "sets" / name


def sha256(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except (FileNotFoundError, NotADirectoryError):  # (no file, or no folder where it goes)
        return None


def shipped(name: str) -> FaceSet | None:
    """The shipped set of this name (the one a table's set starts from), if any."""
    path = faceset.SHIPPED / f"{name}.npz"
    return faceset.load(path) if path.is_file() else None


def in_use(store: LearningStore, name: str) -> int | None:
    """The version in use: SHIPPED if no set of the table's is installed, None for a file
    that is no version (taught with `dicetable vision teach DIR`, or copied in by hand)."""
    digest = sha256(faceset.user_path(name))
    if digest is None:
        return SHIPPED if shipped(name) is not None else None
    same = [v.version for v in store.versions(name) if v.sha256 == digest]
    return same[-1] if same else None  # (the same bytes twice: the newer version)


def current(name: str) -> FaceSet | None:
    """The set in use (the table's, else the shipped one), or None if there is none."""
    try:
        return faceset.load(name)
    except faceset.FaceSetError:
        return None


def save(
    store: LearningStore,
    taught: FaceSet,
    status: str,
    upto: int,
    figures: Mapping[str, Any],
    note: str = "",
) -> Version:
    """Record a new version of `taught.name` (with its file unless it was rejected)."""
    name = taught.name
    number = store.next_version(name)
    file = digest = None
    if status != "rejected":
        target = folder(store, name) / f"v{number:04d}.npz"
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=target.parent, suffix=".tmp", delete=False) as tmp:
                pass
            try:
                taught.save(tmp.name)
            except BaseException:
                Path(tmp.name).unlink(missing_ok=True)
                raise
            _sync_replace(Path(tmp.name), target)
        except OSError as error:
            raise LearningError(_unwritable(name, target.parent, error)) from None
        file, digest = str(target), sha256(target)
    version = Version(name, number, time.time(), status, file, digest, upto, dict(figures), note)
    store.add_version(version)
    return version


def install(store: LearningStore, name: str, number: int) -> None:
    """Put version `number` of a set in use (SHIPPED: the shipped set), atomically."""
    target = faceset.user_path(name)
    if number == SHIPPED:
        if shipped(name) is None:
            said = _("there is no shipped set {name} to go back to", name=set_name(name))
            raise LearningError(said)
        if target.exists():
            _keep_unversioned(store, name, target)
            target.unlink()
            _sync_dir(target.parent)
        return
    version = next((v for v in store.versions(name) if v.version == number), None)
    if version is None:
        raise LearningError(
            _(
                "{name} has no version {n} (see: {command})",
                name=set_name(name),
                n=number,
                command=f"dicetable vision sets {name}",
            )
        )
    if version.file is None or not Path(version.file).is_file():
        raise LearningError(
            _(
                "version {n} of {name} is not kept ({status}; only the newest {kept} kept "
                "versions keep their file)",
                n=number,
                name=set_name(name),
                status=version.status,
                kept=KEEP_FILES,
            )
        )
    data = Path(version.file).read_bytes()
    if version.sha256 is not None and hashlib.sha256(data).hexdigest() != version.sha256:
        raise LearningError(
            _(
                "version {n} of {name} is damaged (its file {file} no longer holds what was "
                "saved): it is not put in use; choose another version",
                n=number,
                name=set_name(name),
                file=version.file,
            )
        )
    _keep_unversioned(store, name, target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=target.parent, suffix=".tmp", delete=False) as tmp:
            tmp.write(data)
        _sync_replace(Path(tmp.name), target)
    except OSError as error:
        raise LearningError(_unwritable(name, target.parent, error)) from None
    _prune(store, name, number)


def _keep_unversioned(store: LearningStore, name: str, target: Path) -> None:
    """The set in use at `target` about to be replaced or removed, if it is no version (a
    set taught with `dicetable vision teach DIR`, or copied in by hand): kept as a version
    first (imported), so a roll back finds it again; one that does not read is set aside
    beside it (NAME.npz.damaged-TIME). Before, it was lost."""
    digest = sha256(target)
    if digest is None or any(v.sha256 == digest for v in store.versions(name)):
        return
    try:
        taught = faceset.load(target)
    except faceset.FaceSetError:
        setfile.set_aside(target)
        return
    save(store, dataclasses.replace(taught, name=name), "imported", store.newest(name), {},
         "the set in use before, no version of this table's (kept when replaced)")  # fmt: skip


def _unwritable(name: str, where: Path, error: OSError) -> Said:
    """A set's file could not be written in `where` (a full disk, a read-only one, a file
    where the folder should be): what to do."""
    return _(
        "the dice set {name} cannot be written in {folder} ({why}): free some space on its "
        "disk, or check that the folder may be written; the set in use stays as it was",
        name=set_name(name),
        folder=str(where),
        why=error.strerror or str(error),
    )


def previous(store: LearningStore, name: str) -> int:
    """The version to roll back to: the kept one before the version in use (SHIPPED if
    none is, or if the set in use is no version)."""
    now = in_use(store, name)
    if now == SHIPPED:
        raise LearningError(
            _("{name} is at the set as shipped: there is nothing earlier", name=set_name(name))
        )
    kept = [
        v.version for v in store.versions(name) if v.usable and (now is None or v.version < now)
    ]
    if now is not None and now != SHIPPED and kept:
        return kept[-1]
    if shipped(name) is not None:
        return SHIPPED
    raise LearningError(_("{name} has no earlier version to roll back to", name=set_name(name)))


def import_file(
    store: LearningStore, path: str | Path, name: str | None = None, note: str = ""
) -> Version:
    """A set file (.npz, e.g. exported at another table) as the newest version of `name`
    (default: the name it carries), installed."""
    loaded = faceset.load(Path(path))
    taught = dataclasses.replace(loaded, name=name or loaded.name)
    version = save(store, taught, "imported", store.newest(taught.name), {}, note or f"from {path}")
    install(store, taught.name, version.version)
    return version


def _prune(store: LearningStore, name: str, keep: int) -> None:
    """Only the newest KEEP_FILES kept versions, and `keep` (in use), keep their file."""
    with_files = [v for v in store.versions(name) if v.file is not None]
    for v in with_files[:-KEEP_FILES]:
        if v.version != keep and v.file is not None:
            Path(v.file).unlink(missing_ok=True)
            store.forget_file(name, v.version)


def _sync_replace(tmp: Path, target: Path) -> None:
    """Make `tmp` durable, then put it in place of `target` in one step."""
    try:
        with tmp.open("rb") as f:
            os.fsync(f.fileno())
        tmp.replace(target)
        _sync_dir(target.parent)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _sync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
