"""The table's learning store: examples of its own dice, their embeddings, the versions
of its sets, the teachings of its dice and cards going on. One SQLite file (write-ahead log, full
sync: a commit survives a power cut), shared by the app, the refit process and the
command line.

Tables:
- `examples`: one die each: its face set, its face (or NONE: not one of our dice), its
  colour role, whether a person said it (`certain`: taught, fixed, asked) or the reader
  was sure of it and nobody fixed it, what the reader said, the die's angle and its crop
  (PNG, vision.learning.cuts), when; `key` says where it came from (the same die seen
  again is one example: a later, surer label replaces the earlier one);
- `embeddings`: the embedding of each example's cuts, per embedding model, so a refit
  embeds only the examples it has not seen;
- `sets`: a set's faces in order, and how the reader that cut its examples draws boxes
  (for a set of the table's own, with no shipped set to take them from);
- `versions`: every fit of a set: its number, whether it was kept, its figures, its file;
- `teachings`, `teaching_cuts`: the page's "Teach your dice" and "Teach your cards" going on
  (one of each `kind`, TEACHINGS), kept as they change so a restart resumes them: the
  teaching (its flow's JSON: vision.learning.flow, vision.cards.flow) and each die or card
  cut out (`KeptCut`): its image (PNG), what the camera found and what a person said.

The examples are bounded (MAX_EXAMPLES per set): past it, the oldest of the most common
face goes first, an example nobody confirmed before one a person said.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from vision import setfile
from vision.errors import VisionError
from vision.learning.cuts import MAX_PNG, decode
from vision.words import Quoted, Said, _
from wording import OneOf

NONE = ""  # the face of an example that is none of our dice (a shadow taken for a die)
MAX_EXAMPLES = 2000  # per set: about 20 MB of crops
FOLDS = 5  # every FOLDS-th example (by id) is held out of fitting, for checking
SOURCES = ("taught", "fixed", "asked", "read")  # read: the reader was sure, nobody fixed it
SCHEMA_VERSION = 1
TEACHINGS = ("dice", "cards")  # the kinds of teaching kept (one of each at a time)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS examples (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    face_set TEXT NOT NULL,
    key TEXT,
    face TEXT NOT NULL,
    color TEXT,
    certain INTEGER NOT NULL,
    source TEXT NOT NULL,
    read_as TEXT,
    confidence REAL,
    angle REAL NOT NULL,
    crop BLOB NOT NULL,
    added REAL NOT NULL,
    UNIQUE (face_set, key)
);
CREATE INDEX IF NOT EXISTS examples_by_set ON examples (face_set, id);
CREATE TABLE IF NOT EXISTS embeddings (
    example INTEGER NOT NULL REFERENCES examples(id) ON DELETE CASCADE,
    model TEXT NOT NULL,
    features BLOB NOT NULL,
    PRIMARY KEY (example, model)
);
CREATE TABLE IF NOT EXISTS sets (
    face_set TEXT PRIMARY KEY,
    faces TEXT NOT NULL,
    box_fit TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS versions (
    face_set TEXT NOT NULL,
    version INTEGER NOT NULL,
    created REAL NOT NULL,
    status TEXT NOT NULL,
    file TEXT,
    sha256 TEXT,
    upto INTEGER NOT NULL,
    figures TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (face_set, version)
);
CREATE TABLE IF NOT EXISTS teachings (
    kind TEXT PRIMARY KEY,
    state TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS teaching_cuts (
    kind TEXT NOT NULL,
    number INTEGER NOT NULL,
    image BLOB NOT NULL,
    found TEXT NOT NULL,
    said TEXT,
    PRIMARY KEY (kind, number)
);
"""


class LearningError(VisionError):
    """The learning store cannot be used (unwritable, from a newer dicetable, full)."""


def data_dir() -> Path:
    """Where the table's learning lives: $XDG_DATA_HOME/dicetable/teaching
    (~/.local/share/...)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "dicetable" / "teaching"


def default_path() -> Path:
    return data_dir() / "examples.db"


def _readonly(error: sqlite3.Error) -> bool:
    """SQLite could not write the store, or make it, where it is (a read-only disk or
    folder, a file of another user's)."""
    name = getattr(error, "sqlite_errorname", "")
    return name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM"))


def _unwritable(folder: Path, why: str) -> Said:
    """The learning store's folder cannot be written: which, and what to do (before, it
    said only 'cannot make the folder ...: Read-only file system')."""
    return _(
        "the table's learning store cannot be kept in {folder} ({why}): make that folder "
        "writable (or mount its disk read-write), or give the table another folder to learn "
        "in (dicetable play --data FOLDER)",
        folder=str(folder),
        why=why,
    )


@dataclass(frozen=True)
class NewExample:
    """A die to keep: its label, how sure, and its crop (PNG, vision.learning.cuts)."""

    face: str  # a face of the set, or NONE
    crop: bytes
    angle: float
    certain: bool
    source: str  # one of SOURCES
    color: str | None = None
    read_as: str | None = None  # what the reader said (a face or "unknown")
    confidence: float | None = None
    key: str | None = None  # where it came from: the same key again is the same die


@dataclass(frozen=True)
class Example:
    id: int
    face_set: str
    face: str
    color: str | None
    certain: bool
    source: str
    read_as: str | None
    confidence: float | None
    angle: float
    crop: bytes
    added: float
    key: str | None

    @property
    def held_out(self) -> bool:
        """Never fitted on: the part every fit of the set is checked on."""
        return self.id % FOLDS == 0

    def image(self) -> np.ndarray:
        return decode(self.crop)


@dataclass(frozen=True)
class Version:
    """One fit of a set (or one imported): `status` kept, rejected, imported or cancelled
    (a teaching's fit that ended after the teaching was cancelled: its dice are forgotten)."""

    face_set: str
    version: int
    created: float
    status: str
    file: str | None  # the set's file (none for a rejected fit)
    sha256: str | None
    upto: int  # the last example id it could learn from
    figures: dict[str, Any]
    note: str

    @property
    def usable(self) -> bool:
        """Whether it may be put in use (rolled back to)."""
        return self.status not in ("rejected", "cancelled") and self.file is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "face_set": self.face_set,
            "version": self.version,
            "created": self.created,
            "status": self.status,
            "usable": self.usable,
            "examples_upto": self.upto,
            "figures": self.figures,
            "note": self.note,
        }


@dataclass(frozen=True)
class KeptCut:
    """A die or card cut out by a teaching going on (as its flow keeps it): its number, its
    image (PNG: a die's crop, the frame around a card), what the camera found and what a
    person said (JSON texts; said None: nothing yet)."""

    number: int
    image: bytes
    found: str
    said: str | None = None


def _failed(error: sqlite3.Error, path: Path) -> Said:
    """What went wrong with the learning store in use, and what to do: the disk full or
    failing, or the store no longer writable, in words (SQLite's own words otherwise)."""
    name = getattr(error, "sqlite_errorname", "")
    if name == "SQLITE_FULL":
        return _(
            "the disk holding the table's learning store {path} is full: free some space (the "
            "dice seen until then teach nothing; the game goes on)",
            path=str(path),
        )
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM")):
        return _(
            "the table's learning store {path} cannot be written now: check that its disk is "
            "mounted read-write and its folder may be written (the game goes on)",
            path=str(path),
        )
    if name.startswith("SQLITE_IOERR"):
        return _(
            "the disk holding the table's learning store {path} failed to read or write it: "
            "check the disk or SD card (the game goes on)",
            path=str(path),
        )
    return _("the table's learning store {path} failed: {why}", path=str(path), why=str(error))


class LearningStore:
    """The store at `path` (default: data_dir()/examples.db). Thread-safe: one connection,
    one lock; every write is one transaction, committed before the method returns."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._lock = threading.RLock()
        self.notes: list[Said] = []  # what opening it found and did, for the page
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            why = error.strerror or str(error)
            if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                raise LearningError(_unwritable(self.path.parent, why)) from None
            raise LearningError(
                _(
                    "cannot make the folder {folder} for the table's learning store: {why}",
                    folder=str(self.path.parent),
                    why=why,
                )
            ) from None
        try:
            self._db = self._open()
        except sqlite3.DatabaseError as error:
            if _readonly(error):
                raise LearningError(_unwritable(self.path.parent, str(error))) from None
            if not _damaged(error):
                raise LearningError(
                    _(
                        "the table's learning store {path} cannot be used: {why}",
                        path=str(self.path),
                        why=str(error),
                    )
                ) from None
            kept = setfile.beside(self.path, "damaged")
            for suffix in ("", "-wal", "-shm"):
                side = Path(f"{self.path}{suffix}")
                if side.exists():
                    side.replace(Path(f"{kept}{suffix}"))
            self.notes.append(
                _(
                    "the table's learning store {path} was damaged ({why}): kept as {kept}, "
                    "and the table starts learning afresh",
                    path=str(self.path),
                    why=str(error),
                    kept=kept.name,
                )
            )
            self._db = self._open()

    def _open(self) -> sqlite3.Connection:
        try:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            if _readonly(error):
                raise LearningError(_unwritable(self.path.parent, str(error))) from None
            raise LearningError(
                _(
                    "cannot open the table's learning store {path}: {why}",
                    path=str(self.path),
                    why=str(error),
                )
            ) from None
        try:
            db.execute("PRAGMA busy_timeout = 10000")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            if [r[0] for r in db.execute("PRAGMA quick_check(1)")] != ["ok"]:
                raise sqlite3.DatabaseError("its integrity check fails")
            db.execute("BEGIN IMMEDIATE")
            try:
                for statement in _SCHEMA.split(";"):
                    db.execute(statement)
                row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
                if row is None:
                    db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                elif not str(row[0]).isdigit() or int(row[0]) > SCHEMA_VERSION:
                    raise LearningError(
                        _(
                            "{path} was written by a newer dicetable (version {version}): "
                            "update dicetable",
                            path=str(self.path),
                            version=str(row[0]),
                        )
                    )
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        except sqlite3.OperationalError as error:
            db.close()
            if _damaged(error):
                raise
            if _readonly(error):
                raise LearningError(_unwritable(self.path.parent, str(error))) from None
            raise LearningError(
                _(
                    "cannot write the table's learning store {path} ({why}): check that the "
                    "folder may be written and the disk has room",
                    path=str(self.path),
                    why=str(error),
                )
            ) from None
        except BaseException:
            db.close()
            raise
        return db

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                yield self._db
            except sqlite3.Error as error:
                raise LearningError(_failed(error, self.path)) from None

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._read() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    # ---- examples ---------------------------------------------------------------------

    def add(self, face_set: str, new: Sequence[NewExample], now: float | None = None) -> int:
        """Keep these examples of `face_set` (one transaction); returns how many are new.
        One with the key of a kept example relabels it if it is at least as sure (a person
        fixing a die the reader was sure of), else is left out."""
        added = 0
        at = time.time() if now is None else now
        for ex in new:
            _check(ex)
        with self._write() as db:
            for ex in new:
                known = (
                    ex.key is not None
                    and db.execute(
                        "SELECT 1 FROM examples WHERE face_set = ? AND key = ?", (face_set, ex.key)
                    ).fetchone()
                )
                added += not known
                db.execute(
                    "INSERT INTO examples (face_set, key, face, color, certain, source, "
                    "read_as, confidence, angle, crop, added) VALUES (?,?,?,?,?,?,?,?,?,?,?) "
                    "ON CONFLICT (face_set, key) DO UPDATE SET face = excluded.face, "
                    "color = COALESCE(excluded.color, color), certain = excluded.certain, "
                    "source = excluded.source WHERE excluded.certain >= certain",
                    (
                        face_set,
                        ex.key,
                        ex.face,
                        ex.color,
                        int(ex.certain),
                        ex.source,
                        ex.read_as,
                        ex.confidence,
                        float(ex.angle),
                        ex.crop,
                        at,
                    ),
                )
            self._bound(db, face_set)
        return added

    def _bound(self, db: sqlite3.Connection, face_set: str) -> None:
        """At most MAX_EXAMPLES per set: the oldest of the most common face goes first,
        an example nobody confirmed before one a person said."""
        (count,) = db.execute(
            "SELECT COUNT(*) FROM examples WHERE face_set = ?", (face_set,)
        ).fetchone()
        for _extra in range(count - MAX_EXAMPLES):
            db.execute(
                "DELETE FROM examples WHERE id = (SELECT id FROM examples WHERE face_set = ?1 "
                "AND face = (SELECT face FROM examples WHERE face_set = ?1 GROUP BY face "
                "ORDER BY COUNT(*) DESC, face LIMIT 1) ORDER BY certain, id LIMIT 1)",
                (face_set,),
            )

    def forget(self, face_set: str, key_prefix: str) -> int:
        """Forget the examples of a set whose key starts with `key_prefix` (a teaching
        cancelled: vision.learning.flow.TeachFlow.key_prefix); returns how many."""
        with self._write() as db:
            gone = db.execute(
                "DELETE FROM examples WHERE face_set = ? AND substr(key, 1, ?) = ?",
                (face_set, len(key_prefix), key_prefix),
            )
        return int(gone.rowcount)

    def examples(self, face_set: str, upto: int | None = None) -> list[Example]:
        """The examples of a set, oldest first (those with an id up to `upto`)."""
        with self._read() as db:
            rows = db.execute(
                "SELECT id, face_set, face, color, certain, source, read_as, confidence, "
                "angle, crop, added, key FROM examples WHERE face_set = ? AND id <= ? "
                "ORDER BY id",
                (face_set, upto if upto is not None else 1 << 62),
            ).fetchall()
        return [
            Example(
                int(r[0]),
                str(r[1]),
                str(r[2]),
                r[3],
                bool(r[4]),
                str(r[5]),
                r[6],
                r[7],
                float(r[8]),
                bytes(r[9]),
                float(r[10]),
                r[11],
            )
            for r in rows
        ]

    def counts(self, face_set: str) -> dict[str, int]:
        """Examples per face (NONE for "not one of our dice")."""
        with self._read() as db:
            rows = db.execute(
                "SELECT face, COUNT(*) FROM examples WHERE face_set = ? "
                "GROUP BY face ORDER BY face",
                (face_set,),
            ).fetchall()
        return {str(face): int(n) for face, n in rows}

    def newest(self, face_set: str) -> int:
        """The id of the newest example of a set (0: none)."""
        with self._read() as db:
            (top,) = db.execute(
                "SELECT COALESCE(MAX(id), 0) FROM examples WHERE face_set = ?", (face_set,)
            ).fetchone()
        return int(top)

    def count_after(self, face_set: str, after: int) -> int:
        """How many examples of a set came after the example `after`."""
        with self._read() as db:
            (n,) = db.execute(
                "SELECT COUNT(*) FROM examples WHERE face_set = ? AND id > ?", (face_set, after)
            ).fetchone()
        return int(n)

    def taught_last(self) -> str | None:
        """The set whose dice were taught last (the newest example a teaching kept: a
        cancelled teaching's are forgotten), if any."""
        with self._read() as db:
            row = db.execute(
                "SELECT face_set FROM examples WHERE source = 'taught' ORDER BY id DESC LIMIT 1"
            ).fetchone()
        return None if row is None else str(row[0])

    def face_sets(self) -> list[str]:
        """Every set with examples or versions."""
        with self._read() as db:
            rows = db.execute(
                "SELECT face_set FROM examples UNION SELECT face_set FROM versions ORDER BY 1"
            ).fetchall()
        return [str(r[0]) for r in rows]

    # ---- embeddings -----------------------------------------------------------------------

    def embeddings(self, model: str, ids: Sequence[int]) -> dict[int, np.ndarray]:
        """The stored embeddings (cuts, views, dims) of these examples for `model`."""
        out: dict[int, np.ndarray] = {}
        with self._read() as db:
            for start in range(0, len(ids), 500):
                chunk = list(ids[start : start + 500])
                marks = ",".join("?" * len(chunk))
                for example, blob in db.execute(
                    "SELECT example, features FROM embeddings "
                    f"WHERE model = ? AND example IN ({marks})",
                    (model, *chunk),
                ):
                    out[int(example)] = _array(bytes(blob))
        return out

    def put_embeddings(self, model: str, features: dict[int, np.ndarray]) -> None:
        with self._write() as db:
            db.executemany(
                "INSERT OR REPLACE INTO embeddings (example, model, features) "
                "SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM examples WHERE id = ?)",
                [(i, model, _blob(f), i) for i, f in features.items()],
            )
            db.execute("DELETE FROM embeddings WHERE model != ?", (model,))

    # ---- what a set is -------------------------------------------------------------------

    def describe(self, face_set: str, faces: Sequence[str], box_fit: tuple[float, float]) -> None:
        """Note a set's faces in order and its cuts' box fit (a set nobody shipped)."""
        with self._write() as db:
            db.execute(
                "INSERT OR REPLACE INTO sets VALUES (?, ?, ?)",
                (face_set, json.dumps(list(faces)), json.dumps(list(box_fit))),
            )

    def description(self, face_set: str) -> tuple[list[str], tuple[float, float]] | None:
        with self._read() as db:
            row = db.execute(
                "SELECT faces, box_fit FROM sets WHERE face_set = ?", (face_set,)
            ).fetchone()
        if row is None:
            return None
        a, b = json.loads(row[1])
        return [str(f) for f in json.loads(row[0])], (float(a), float(b))

    # ---- versions ---------------------------------------------------------------------

    def versions(self, face_set: str) -> list[Version]:
        with self._read() as db:
            rows = db.execute(
                "SELECT face_set, version, created, status, file, sha256, upto, figures, note "
                "FROM versions WHERE face_set = ? ORDER BY version",
                (face_set,),
            ).fetchall()
        return [
            Version(
                str(r[0]),
                int(r[1]),
                float(r[2]),
                str(r[3]),
                r[4],
                r[5],
                int(r[6]),
                json.loads(r[7]),
                str(r[8]),
            )
            for r in rows
        ]

    def next_version(self, face_set: str) -> int:
        with self._read() as db:
            (top,) = db.execute(
                "SELECT COALESCE(MAX(version), 0) FROM versions WHERE face_set = ?", (face_set,)
            ).fetchone()
        return int(top) + 1

    def add_version(self, version: Version) -> None:
        with self._write() as db:
            db.execute(
                "INSERT INTO versions (face_set, version, created, status, file, sha256, upto, "
                "figures, note) VALUES (?,?,?,?,?,?,?,?,?)",
                (
                    version.face_set,
                    version.version,
                    version.created,
                    version.status,
                    version.file,
                    version.sha256,
                    version.upto,
                    json.dumps(version.figures),
                    version.note,
                ),
            )

    def cancel_version(self, face_set: str, version: int) -> None:
        """A teaching's fit that ended after the teaching was cancelled: never to be used."""
        with self._write() as db:
            db.execute(
                "UPDATE versions SET status = 'cancelled' WHERE face_set = ? AND version = ?",
                (face_set, version),
            )

    def forget_file(self, face_set: str, version: int) -> None:
        """A version whose file was removed (only the newest versions keep theirs)."""
        with self._write() as db:
            db.execute(
                "UPDATE versions SET file = NULL WHERE face_set = ? AND version = ?",
                (face_set, version),
            )

    # ---- the teachings going on (one of each kind) --------------------------------------

    def begin_teaching(self, kind: str, state: str, cuts: Sequence[KeptCut] = ()) -> None:
        """Keep this teaching of `kind` (one of TEACHINGS) in place of any kept before (one
        transaction)."""
        with self._write() as db:
            db.execute("DELETE FROM teaching_cuts WHERE kind = ?", (kind,))
            _keep_teaching(db, kind, state, cuts, {})

    def keep_teaching(
        self,
        kind: str,
        state: str,
        cuts: Sequence[KeptCut] = (),
        said: Mapping[int, str | None] | None = None,
    ) -> None:
        """The teaching of `kind` changed: its `state`, these `cuts` newly made, and what a
        person said of these (cut number -> said), kept in one transaction."""
        with self._write() as db:
            _keep_teaching(db, kind, state, cuts, said or {})

    def teaching(self, kind: str) -> tuple[str, list[KeptCut]] | None:
        """The teaching of `kind` kept (its state, its cuts by number), or None."""
        with self._read() as db:
            row = db.execute("SELECT state FROM teachings WHERE kind = ?", (kind,)).fetchone()
            if row is None:
                return None
            cuts = db.execute(
                "SELECT number, image, found, said FROM teaching_cuts WHERE kind = ? "
                "ORDER BY number",
                (kind,),
            ).fetchall()
        return str(row[0]), [
            KeptCut(int(n), bytes(image), str(found), None if said is None else str(said))
            for n, image, found, said in cuts
        ]

    def end_teaching(self, kind: str) -> None:
        """The teaching of `kind` ended (learnt and closed, or cancelled): nothing kept of it."""
        with self._write() as db:
            db.execute("DELETE FROM teaching_cuts WHERE kind = ?", (kind,))
            db.execute("DELETE FROM teachings WHERE kind = ?", (kind,))


def _keep_teaching(
    db: sqlite3.Connection,
    kind: str,
    state: str,
    cuts: Sequence[KeptCut],
    said: Mapping[int, str | None],
) -> None:
    db.execute("INSERT OR REPLACE INTO teachings VALUES (?, ?)", (kind, state))
    db.executemany(
        "INSERT OR REPLACE INTO teaching_cuts VALUES (?, ?, ?, ?, ?)",
        [(kind, c.number, c.image, c.found, c.said) for c in cuts],
    )
    db.executemany(
        "UPDATE teaching_cuts SET said = ? WHERE kind = ? AND number = ?",
        [(v, kind, n) for n, v in said.items()],
    )


def _check(ex: NewExample) -> None:
    if ex.source not in SOURCES:
        raise LearningError(
            _(
                "an example's source is one of {sources}, not {value}",
                sources=OneOf(SOURCES),
                value=Quoted(ex.source),
            )
        )
    if not isinstance(ex.crop, bytes) or len(ex.crop) > MAX_PNG:
        raise LearningError(_("an example's crop is a PNG of a die (vision.learning.cuts)"))


def _damaged(error: sqlite3.Error) -> bool:
    name = getattr(error, "sqlite_errorname", "")
    return (
        name.startswith("SQLITE_CORRUPT")
        or name == "SQLITE_NOTADB"
        or "integrity check" in str(error)
        # (a first page's header damaged past its first fields: a cut write of it)
        or (name == "SQLITE_ERROR" and "unsupported file format" in str(error))
    )


def _blob(features: np.ndarray) -> bytes:
    shape = np.array(features.shape, np.int32)
    return bytes([len(shape)]) + shape.tobytes() + np.asarray(features, np.float32).tobytes()


def _array(blob: bytes) -> np.ndarray:
    ndim = blob[0]
    shape = tuple(int(v) for v in np.frombuffer(blob[1 : 1 + 4 * ndim], np.int32))
    return np.frombuffer(blob[1 + 4 * ndim :], np.float32).reshape(shape)
