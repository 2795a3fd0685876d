"""The game store: one SQLite file (write-ahead log, full sync) holding every game's log.

A game is its setup (the game script without its inputs) and the inputs applied to it, in
order; its state is always the refold of that log, so after a crash or a power cut the
app opens the store and is where it was. An input is written and committed (fsync'd)
before the app acknowledges it. Undo marks the last input undone (kept for the record,
no longer part of the game).

Tables:
- `meta`: schema version, the table PIN, the game on the table, the last board press
  done (its key: a press the board resends after a restart is known by it);
- `games`: kind, setup, players' roles, status ("playing" or "over"), paused, the input
  held for the correction window (if any), the result once over, times;
- `inputs`: (game, seq) -> input JSON, where it came from (camera, page, button...),
  when, and when it was undone.
"""

from __future__ import annotations

import fcntl
import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from typing import IO, Any

from host.app import store_files
from host.app.text import _
from host.errors import UserError
from host.games import Game, Input
from host.games.kind import GameFileError, GameKind, Trace
from host.games.registry import kind_named, kind_of_script
from host.games.text import Quoted, Text, message

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    setup TEXT NOT NULL,
    roles TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing',
    paused INTEGER NOT NULL DEFAULT 0,
    holding TEXT,
    result TEXT,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS inputs (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    input TEXT NOT NULL,
    source TEXT NOT NULL,
    at REAL NOT NULL,
    undone REAL,
    PRIMARY KEY (game, seq)
);
-- a game's last time an input was made or undone, found without reading its inputs
-- (Store._now, at every input): created in a store of before them when it opens
CREATE INDEX IF NOT EXISTS inputs_at ON inputs (game, at);
CREATE INDEX IF NOT EXISTS inputs_undone ON inputs (game, undone);
"""


REHEARSAL = "rehearsal:"  # meta key of a game that was a rehearsal, before its id


class StoreError(UserError):
    """The store file cannot be used (damaged, from a newer dicetable, unwritable)."""


class _Damaged(Exception):
    """The store's file is damaged (the reason in words): it is set aside."""


class NoSuchGame(UserError):
    """A game id that is not in the store."""


@dataclass(frozen=True)
class GameRow:
    """One game in the list of games."""

    id: int
    kind: str
    roles: dict[str, str]  # player -> role (a character, a colour...), in seating order
    status: str  # "playing" or "over"
    paused: bool
    holding: dict[str, Any] | None  # the input held for the correction window
    result: dict[str, Any] | None  # {"winners": [...], "turns": n} once over
    created: float
    updated: float
    inputs: int  # inputs in the game (undone ones not counted)
    problem: str | None = None  # what in its row does not read (the file damaged)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "players": [{"name": p, "role": r} for p, r in self.roles.items()],
            "status": self.status,
            "paused": self.paused,
            "winners": (self.result or {}).get("winners", []),
            "turns": (self.result or {}).get("turns"),
            "created": self.created,
            "updated": self.updated,
            "inputs": self.inputs,
            "problem": self.problem,
        }


def result_of(kind: GameKind, game: Game) -> dict[str, Any] | None:
    """What the statistics keep of a finished game (None while it goes on)."""
    if not game.game_over:
        return None
    return {"winners": kind.winners(game), "turns": kind.turn(game)[1]}


_HELD: dict[str, tuple[IO[str], int]] = {}  # this process's store locks: file, stores using it
_HELD_LOCK = threading.Lock()


def _hold(path: Path) -> str | None:
    """Hold the game store's lock (`games.db.lock` beside it) while this process uses the
    store (its Stores share it); StoreError if another process holds it. Two dicetables
    writing one store each apply inputs to the game as their own memory has it: a game
    whose log no longer replays. The key to give back (`_give_back`); None where no lock
    file can be made (a folder not writable: the store says so as it opens)."""
    key = str(path.resolve())
    with _HELD_LOCK:
        if key in _HELD:
            held, users = _HELD[key]
            _HELD[key] = (held, users + 1)
            return key
        try:
            held = open(f"{path}.lock", "a")  # noqa: SIM115 (held open while the store is)
        except OSError:
            return None
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            held.close()
            raise StoreError(
                _(
                    "another dicetable is using the game store {path}: stop it, or give this "
                    "one --db for another file",
                    path=str(path),
                )
            ) from None
        _HELD[key] = (held, 1)
        return key


def _give_back(key: str | None) -> None:
    if key is None:
        return
    with _HELD_LOCK:
        held, users = _HELD.pop(key)
        if users > 1:
            _HELD[key] = (held, users - 1)
        else:
            held.close()  # (the lock goes with it)


class Store:
    """The game store. Thread-safe: one connection, one lock; every write is one
    transaction, committed before the method returns. Every SQLite failure is a StoreError
    that says what is wrong and what to do (host.app.store_files)."""

    def __init__(
        self, path: str | Path, clock: Callable[[], float] = time.time, busy_seconds: float = 10.0
    ) -> None:
        """busy_seconds: how long a write waits for another program writing the file."""
        self.path = Path(path)
        self.clock = clock
        self.busy_seconds = busy_seconds
        self._lock = threading.RLock()
        self._depth = 0  # nested write transactions open (only the outermost commits)
        self.notes: list[Text] = []  # what opening it found and did, for the page and console
        if self.path.is_dir():
            raise StoreError(
                _(
                    "{path} is a folder: give --db a file name, such as games.db",
                    path=str(self.path),
                )
            )
        if self.path.exists() and not self.path.is_file():  # (a device, a pipe, a socket)
            raise StoreError(
                _(
                    "{path} is not a file (a device or a pipe): give --db a file name, such as "
                    "games.db",
                    path=str(self.path),
                )
            )
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                _(
                    "cannot make the folder {folder} for the game store: {why}: use --db for a "
                    "store elsewhere",
                    folder=str(self.path.parent),
                    why=error.strerror or str(error),
                )
            ) from None
        self._held: str | None = None
        self._start()
        try:  # (once it is a store: a file that is none is left alone)
            self._held = _hold(self.path)  # one dicetable at a time: StoreError otherwise
        except BaseException:
            self._db.close()
            raise

    def _start(self) -> None:
        try:
            self._db = self._open()
        except _Damaged as damage:
            if self.path.stat().st_size % 512:  # a store is whole pages: this is someone's file
                raise StoreError(
                    _(
                        "{path} is not a dicetable game store (nor any SQLite database): use "
                        "--db for another file",
                        path=str(self.path),
                    )
                ) from None
            try:
                kept = store_files.set_aside(self.path)
            except OSError as error:
                raise StoreError(
                    _(
                        "the game store {path} is damaged ({damage}) and cannot be moved aside "
                        "({why}): move it away yourself, or use --db for another file",
                        path=str(self.path),
                        damage=str(damage),
                        why=error.strerror or str(error),
                    )
                ) from None
            self.notes.append(
                _(
                    "the game store {path} was damaged ({damage}): it is kept as {kept} beside "
                    "it, and a new, empty store took its place. The games it held may be "
                    "rescued with {rescue}, then {play}",
                    path=str(self.path),
                    damage=str(damage),
                    kept=kept.name,
                    rescue=f"`sqlite3 {kept} .recover | sqlite3 rescued.db`",
                    play="`dicetable play --db rescued.db`",
                )
            )
            self._db = self._open()
        current = self._meta("current")
        if current is not None and not current.isdigit():
            self.notes.append(
                _(
                    "the game store {path} does not say which game was on the table (it says "
                    "{said}): open it from the list of games",
                    path=str(self.path),
                    said=Quoted(current[:20]),
                )
            )

    def _open(self) -> sqlite3.Connection:
        """The connection to a store that reads whole and can be written; _Damaged if the
        file is damaged, StoreError if it cannot be used as it is."""
        try:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise StoreError(store_files.explain(error, self.path)) from None
        try:
            db.execute(f"PRAGMA busy_timeout = {int(self.busy_seconds * 1000)}")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")  # a power cut loses no commit
            db.execute("PRAGMA foreign_keys=ON")
            problems = [str(r[0]) for r in db.execute("PRAGMA quick_check(3)")]
            if problems != ["ok"]:
                raise _Damaged("; ".join(problems))
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_schema WHERE type='table'")}
            ours = {"meta", "games", "inputs"}
            if tables and not tables & ours:
                raise StoreError(
                    _(
                        "{path} is a database of another program (tables: {tables}), not a "
                        "dicetable game store: use --db for another file",
                        path=str(self.path),
                        tables=sorted(tables),
                    )
                )
            if tables & ours and not ours <= tables:
                raise _Damaged(f"its tables {', '.join(sorted(ours - tables))} are missing")
            db.execute("BEGIN IMMEDIATE")
            try:
                for statement in _SCHEMA.split(";"):
                    db.execute(statement)
                self._check_version(db)
                # a write, now: a store that cannot be written says so at start, not at the
                # first throw (SQLite opens a file it may not write read-only, silently)
                db.execute("INSERT OR REPLACE INTO meta VALUES ('opened', ?)", (str(self.clock()),))
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        except sqlite3.Error as error:
            db.close()
            if store_files.is_damage(error):
                raise _Damaged(str(error)) from None
            raise StoreError(store_files.explain(error, self.path, starting=True)) from None
        except BaseException:
            db.close()
            raise
        return db

    def _check_version(self, db: sqlite3.Connection) -> None:
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        if row is None:
            db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            return
        version = str(row[0])
        if not version.isdigit():
            raise _Damaged(f"its version is {version[:20]!r}")
        if int(version) > SCHEMA_VERSION:
            raise StoreError(
                _(
                    "{path} was written by a newer dicetable (store version {version}, this one "
                    "knows {known}): update dicetable, or use --db to start another store",
                    path=str(self.path),
                    version=version,
                    known=SCHEMA_VERSION,
                )
            )

    def close(self) -> None:
        with self._lock:
            self._db.close()
            self._release()

    def _release(self) -> None:
        held, self._held = self._held, None
        _give_back(held)

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """The connection, under the lock; an SQLite failure is a StoreError in words."""
        with self._lock:
            try:
                yield self._db
            except sqlite3.Error as error:
                raise StoreError(store_files.explain(error, self.path)) from None

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed (and synced) on leaving, rolled back on error.
        Inside `transaction()` it is part of that one."""
        with self._read() as db:
            if self._depth:
                self._depth += 1
                try:
                    yield db
                finally:
                    self._depth -= 1
                return
            db.execute("BEGIN IMMEDIATE")
            self._depth = 1
            try:
                yield db
            except BaseException:
                if db.in_transaction:  # (SQLite may have rolled back a failed commit itself)
                    db.execute("ROLLBACK")
                raise
            else:
                try:
                    db.execute("COMMIT")
                except sqlite3.Error:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    raise
            finally:
                self._depth = 0

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """The writes inside are one transaction: all committed at its end, or none (a
        button press's inputs and its key)."""
        with self._write():
            yield

    # ---- settings --------------------------------------------------------------------

    def _meta(self, key: str) -> str | None:
        with self._read() as db:
            row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def _set_meta(self, key: str, value: str | None) -> None:
        with self._write() as db:
            if value is None:
                db.execute("DELETE FROM meta WHERE key = ?", (key,))
            else:
                db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    @property
    def pin_key(self) -> bytes:
        """A secret of this store (drawn once), to tag its PIN without telling it."""
        key = self._meta("pin_key")
        if key is None:
            key = secrets.token_hex(16)
            self._set_meta("pin_key", key)
        return bytes.fromhex(key)

    @property
    def pin(self) -> str | None:
        """The table PIN (changes need it); None until the first game (or if what is
        stored is no PIN: the table then draws a new one)."""
        pin = self._meta("pin")
        return pin if pin is not None and pin.isdigit() and 4 <= len(pin) <= 8 else None

    @pin.setter
    def pin(self, value: str) -> None:
        self._set_meta("pin", value)

    @property
    def last_press(self) -> str | None:
        """The key of the last board press done (committed with what it did)."""
        return self._meta("press")

    @last_press.setter
    def last_press(self, key: str) -> None:
        self._set_meta("press", key)

    def card_pile(self, game: object) -> dict[str, Any] | None:
        """The round's discard pile the card camera kept for game `game` (its id), as it
        kept it (host.app.card_camera: `remember`); None if none, or another game's."""
        try:
            kept = json.loads(self._meta("card_pile") or "null")
        except ValueError:
            return None
        if not isinstance(kept, dict) or kept.get("game") != game:
            return None
        return kept

    def keep_card_pile(self, game: object, pile: Mapping[str, Any]) -> bool:
        """Keep the card camera's pile of game `game`'s round (only the last game's is
        kept: the table's camera follows one game); False if the store cannot be written
        now (the camera tries again)."""
        try:
            self._set_meta("card_pile", json.dumps({**pile, "game": game}))
        except StoreError:
            return False
        return True

    @property
    def current(self) -> int | None:
        """The game on the table (the one the app resumes at start), if any."""
        value = self._meta("current")
        return int(value) if value is not None and value.isdigit() else None

    @current.setter
    def current(self, game_id: int | None) -> None:
        if game_id is not None:
            self.row(game_id)  # must exist
        self._set_meta("current", None if game_id is None else str(game_id))

    # ---- games ---------------------------------------------------------------------

    def create(
        self,
        kind: GameKind,
        setup: Mapping[str, Any],
        make_current: bool = True,
        rehearsal: bool = False,
    ) -> int:
        """Store a new game at its setup (checked by starting it); returns its id. A
        `rehearsal` (a recorded session played) stays out of the statistics."""
        game = kind.new(setup)
        game_id = self._insert(kind, kind.setup_of(setup), game, [], "setup", make_current)
        if rehearsal:
            self._set_meta(f"{REHEARSAL}{game_id}", "1")
        return game_id

    def rehearsals(self) -> set[int]:
        """The games that were rehearsals (recorded sessions played)."""
        with self._read() as db:
            keys = db.execute("SELECT key FROM meta WHERE key LIKE ?", (REHEARSAL + "%",))
            return {int(k[len(REHEARSAL) :]) for (k,) in keys if k[len(REHEARSAL) :].isdigit()}

    def import_script(self, data: object, make_current: bool = False) -> int:
        """Store a game script (checked by replaying every input) as a new game.

        GameFileError names the problem; nothing is stored then."""
        kind = kind_of_script(data)
        assert isinstance(data, Mapping)
        game = kind.load(data)
        inputs = [dict(i) for i in data.get("inputs", [])]
        setup = kind.setup_of(data)
        same = self.same_game(kind, setup, inputs)
        if same is not None:  # imported before (or played here): one game, counted once
            return same
        return self._insert(kind, setup, game, inputs, "import", make_current)

    def same_game(
        self, kind: GameKind, setup: Mapping[str, Any], inputs: Sequence[Input]
    ) -> int | None:
        """The game in the store with this setup and these inputs, if there is one."""
        with self._read() as db:
            rows = db.execute(
                "SELECT id FROM games WHERE kind = ? AND setup = ?", (kind.name, json.dumps(setup))
            ).fetchall()
        for (game_id,) in rows:
            if [dict(i) for i in self.inputs(game_id)] == list(inputs):
                return int(game_id)
        return None

    def _insert(
        self,
        kind: GameKind,
        setup: Mapping[str, Any],
        game: Game,
        inputs: Sequence[Input],
        source: str,
        make_current: bool,
    ) -> int:
        now = self.clock()
        result = result_of(kind, game)
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO games (kind, setup, roles, status, result, created, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    kind.name,
                    json.dumps(setup),
                    json.dumps(kind.roles(game)),
                    "playing" if result is None else "over",
                    None if result is None else json.dumps(result),
                    now,
                    now,
                ),
            )
            game_id = int(cursor.lastrowid or 0)
            db.executemany(
                "INSERT INTO inputs (game, seq, input, source, at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, i, json.dumps(dict(inp)), source, now) for i, inp in enumerate(inputs)],
            )
            if make_current:
                db.execute("INSERT OR REPLACE INTO meta VALUES ('current', ?)", (str(game_id),))
        return game_id

    def append(
        self,
        game_id: int,
        inp: Input,
        source: str,
        result: Mapping[str, Any] | None = None,
        holding: Input | None = None,
    ) -> tuple[int, float]:
        """Commit one input (already checked by the engine) at the end of the game's log;
        `result` (the game ended with it) marks the game over; `holding` is the input held
        for the correction window from now on (None: none). Returns its seq and the time
        it is stored with (the table's feed keeps both, so as not to read them back)."""
        with self._write() as db:
            now = self._now(db, game_id)
            (seq,) = db.execute(
                "SELECT COALESCE(MAX(seq) + 1, 0) FROM inputs WHERE game = ?", (game_id,)
            ).fetchone()
            db.execute(
                "INSERT INTO inputs (game, seq, input, source, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, json.dumps(dict(inp)), source, now),
            )
            self._set_status(db, game_id, result, now, holding)
        return int(seq), now

    def undo(self, game_id: int, result: Mapping[str, Any] | None = None) -> Input | None:
        """Mark the game's last input undone; returns it (None: nothing to undo).
        `result`: the game's result after the undo (None: it goes on)."""
        with self._write() as db:
            now = self._now(db, game_id)
            row = db.execute(
                "SELECT seq, input FROM inputs WHERE game = ? AND undone IS NULL "
                "ORDER BY seq DESC LIMIT 1",
                (game_id,),
            ).fetchone()
            if row is None:
                return None
            db.execute(
                "UPDATE inputs SET undone = ? WHERE game = ? AND seq = ?", (now, game_id, row[0])
            )
            self._set_status(db, game_id, result, now)
        return dict(json.loads(row[1]))

    def _now(self, db: sqlite3.Connection, game_id: int) -> float:
        """The time of an input made or undone now: the clock's, but after the game's last
        such time (a clock set back, or one that did not move: the order the inputs were
        made and undone in is read from these times, `redoable`)."""
        (last,) = db.execute(  # (each MAX alone, so SQLite reads it off its index)
            "SELECT MAX(COALESCE((SELECT MAX(at) FROM inputs WHERE game = ?1), 0), "
            "COALESCE((SELECT MAX(undone) FROM inputs WHERE game = ?1), 0))",
            (game_id,),
        ).fetchone()
        return max(self.clock(), float(last or 0) + 0.001)

    def _set_status(
        self,
        db: sqlite3.Connection,
        game_id: int,
        result: Mapping[str, Any] | None,
        now: float,
        holding: Input | None = None,
    ) -> None:
        updated = db.execute(
            "UPDATE games SET status = ?, result = ?, holding = ?, updated = ? WHERE id = ?",
            (
                "playing" if result is None else "over",
                None if result is None else json.dumps(result),
                None if holding is None else json.dumps(dict(holding)),
                now,
                game_id,
            ),
        ).rowcount
        if not updated:
            raise NoSuchGame(_no_game(game_id))

    def hold(self, game_id: int, inp: Input | None) -> None:
        """Remember (or forget) the input held for the correction window, so a restart
        reopens the window instead of losing the press that asked for it."""
        with self._write() as db:
            db.execute(
                "UPDATE games SET holding = ?, updated = ? WHERE id = ?",
                (None if inp is None else json.dumps(dict(inp)), self.clock(), game_id),
            )

    def set_paused(self, game_id: int, paused: bool) -> None:
        with self._write() as db:
            db.execute(
                "UPDATE games SET paused = ?, updated = ? WHERE id = ?",
                (int(paused), self.clock(), game_id),
            )

    def delete(self, game_id: int) -> None:
        self.row(game_id)
        with self._write() as db:
            db.execute("DELETE FROM inputs WHERE game = ?", (game_id,))
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            db.execute("DELETE FROM meta WHERE key = 'current' AND value = ?", (str(game_id),))

    # ---- reading ---------------------------------------------------------------------

    def inputs(self, game_id: int) -> list[dict[str, Any]]:
        """The game's log: its inputs in order, undone ones left out."""
        with self._read() as db:
            rows = db.execute(
                "SELECT input FROM inputs WHERE game = ? AND undone IS NULL ORDER BY seq",
                (game_id,),
            ).fetchall()
        return [_input(r[0]) for r in rows]

    def history(self, game_id: int) -> list[dict[str, Any]]:
        """Every input ever given, undone ones too, with its source and time."""
        with self._read() as db:
            rows = db.execute(
                "SELECT seq, input, source, at, undone FROM inputs WHERE game = ? ORDER BY seq",
                (game_id,),
            ).fetchall()
        return [
            {"seq": s, "input": _input(i), "source": src, "at": at, "undone": u}
            for s, i, src, at, u in rows
        ]

    def redoable(self, game_id: int) -> list[Input]:
        """What Redo gives back after a restart, as the table keeps it (the inputs undone,
        the last undone last): the game's inputs made and undone, replayed in the order
        they were (their times, strictly increasing in a game: `_now`) by the table's own
        rule: an undo keeps its input for Redo, an input made takes the next kept one if it
        is that one (a redo), else forgets them all. (Before, only the inputs undone after
        the last live one were read: one given back by Redo is a live one, so the others
        undone before it were lost at a restart.)"""
        events: list[tuple[float, int, int, Input]] = []
        for h in self.history(game_id):
            events.append((float(h["at"]), 0, h["seq"], h["input"]))
            if h["undone"] is not None:  # (an older store's tie: a later input's undo first)
                events.append((float(h["undone"]), 1, -h["seq"], h["input"]))
        kept: list[Input] = []
        for _at, undo, _seq, inp in sorted(events, key=lambda e: e[:3]):
            if undo:
                kept.append(inp)
            elif kept and kept[-1] == inp:
                kept.pop()
            else:
                kept.clear()
        return kept

    _ROW = (
        "SELECT g.id, g.kind, g.roles, g.status, g.paused, g.holding, g.result, g.created, "
        "g.updated, (SELECT COUNT(*) FROM inputs i WHERE i.game = g.id AND i.undone IS NULL) "
        "FROM games g"
    )

    def row(self, game_id: int) -> GameRow:
        with self._read() as db:
            row = db.execute(self._ROW + " WHERE g.id = ?", (game_id,)).fetchone()
        if row is None:
            raise NoSuchGame(_no_game(game_id))
        return _game_row(row)

    def games(self) -> list[GameRow]:
        """Every game, the most recently played first."""
        with self._read() as db:
            rows = db.execute(self._ROW + " ORDER BY g.updated DESC, g.id DESC").fetchall()
        return [_game_row(r) for r in rows]

    def setup(self, game_id: int) -> dict[str, Any]:
        with self._read() as db:
            row = db.execute("SELECT setup FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise NoSuchGame(_no_game(game_id))
        setup = _json(row[0])
        if not isinstance(setup, dict):
            raise StoreError(
                _(
                    "game {n}'s setup in {path} is damaged (no JSON object): the game cannot be "
                    "opened or exported",
                    n=game_id,
                    path=str(self.path),
                )
            )
        return setup

    def export(self, game_id: int) -> dict[str, Any]:
        """The game as a game script (setup and inputs): the file to save or share. It
        needs no replay, so a game that no longer replays can still be exported (an input
        the store holds damaged comes out as {"unreadable": its text})."""
        return self.kind_of(game_id).export(self.setup(game_id), self.inputs(game_id))

    def load(self, game_id: int, trace: Trace | None = None) -> tuple[GameKind, Game]:
        """The game as its log refolds: exactly where it was (`trace`: as the kind's
        `load` calls it, at the setup and after every input)."""
        kind = self.kind_of(game_id)
        try:
            return kind, kind.load(self.export(game_id), trace)
        except ValueError as error:  # a GameFileError: an input the rules refuse, a damaged one
            raise StoreError(
                _(
                    "game {n} in {path} does not replay ({why}): it can still be exported from "
                    "the list of games",
                    n=game_id,
                    path=str(self.path),
                    why=message(error),
                )
            ) from None

    def kind_of(self, game_id: int) -> GameKind:
        name = self.row(game_id).kind
        try:
            return kind_named(name)
        except GameFileError:
            raise StoreError(
                _(
                    "game {n} is a game of kind {kind}, which this dicetable does not know "
                    "(played with a newer one?): update dicetable to open or export it",
                    n=game_id,
                    kind=Quoted(name[:40]),
                )
            ) from None

    def stats(self) -> dict[str, Any]:
        """Wins per role and per player, and game lengths, over the finished games."""
        rehearsed = self.rehearsals()
        finished = [
            g
            for g in self.games()
            if g.status == "over" and g.result and not g.problem and g.id not in rehearsed
        ]
        wins: dict[tuple[str, str], int] = {}  # (the game, a role of its) -> ...
        played: dict[tuple[str, str], int] = {}
        player_wins: dict[str, int] = {}
        turns: list[int] = []
        minutes: list[float] = []
        with self._read() as db:
            spans = dict(
                db.execute(
                    "SELECT game, MAX(at) - MIN(at) FROM inputs WHERE undone IS NULL GROUP BY game"
                ).fetchall()
            )
        for g in finished:
            assert g.result is not None
            for player, role in g.roles.items():
                won = player in g.result.get("winners", [])
                if won:
                    player_wins[player] = player_wins.get(player, 0) + 1
                if not role:  # a game whose players hold no role: their wins only
                    continue
                key = (g.kind, role)  # a role is a game's (two games may both have "red")
                played[key] = played.get(key, 0) + 1
                if won:
                    wins[key] = wins.get(key, 0) + 1
            turns.append(int(g.result.get("turns", 0)))
            span = spans.get(g.id)
            minutes.append((float(span) if isinstance(span, int | float) else 0.0) / 60)
        roles = sorted(played, key=lambda r: (r[0], -wins.get(r, 0), r[1]))
        return {
            "games": len(finished),
            "roles": [
                {"kind": r[0], "role": r[1], "wins": wins.get(r, 0), "played": played[r]}
                for r in roles
            ],
            "players": [
                {"player": p, "wins": n}
                for p, n in sorted(player_wins.items(), key=lambda kv: (-kv[1], kv[0]))
            ],
            "turns": _spread(turns),
            "minutes": _spread([round(m, 1) for m in minutes]),
        }


def _spread(values: Sequence[float]) -> dict[str, float] | None:
    if not values:
        return None
    return {"min": min(values), "median": median(values), "max": max(values)}


def _game_row(row: Sequence[Any]) -> GameRow:
    """A games row as the list shows it; a column that does not read (the file damaged,
    or edited by hand) is left out and named in `problem`, never a crash."""
    gid, kind, roles, status, paused, holding, result, created, updated, count = row
    problems: list[str] = []

    def column(text: object, what: str) -> dict[str, Any] | None:
        value = None if text is None else _json(text)
        if text is not None and not isinstance(value, dict):
            problems.append(f"its {what} do not read")
        return value if isinstance(value, dict) else None

    players = column(roles, "players") or {}
    if not all(isinstance(v, str) for v in players.values()):
        problems.append("its players do not read")
        players = {}
    outcome = column(result, "result")
    if outcome is not None and not (
        isinstance(outcome.get("winners", []), list) and isinstance(outcome.get("turns", 0), int)
    ):
        problems.append("its result does not read")
        outcome = None
    if status not in ("playing", "over"):
        problems.append(f"its status is {str(status)[:20]!r}")
    times = [t if isinstance(t, int | float) else 0.0 for t in (created, updated)]
    if times != [created, updated]:
        problems.append("its times do not read")
    return GameRow(
        id=int(gid),
        kind=str(kind),
        roles=players,
        status=str(status) if status in ("playing", "over") else "damaged",
        paused=bool(paused),
        holding=column(holding, "held input"),
        result=outcome,
        created=float(times[0]),
        updated=float(times[1]),
        inputs=int(count),
        problem="; ".join(problems) or None,
    )


def _json(text: object) -> Any:
    """The JSON value of a stored text, or None if it is none."""
    try:
        return json.loads(text)  # type: ignore[arg-type]
    except (TypeError, ValueError, RecursionError):
        return None


def _input(text: object) -> dict[str, Any]:
    """A stored input; one that does not read is kept as its text, so an export still
    holds it and a replay stops there and names it."""
    value = _json(text)
    return value if isinstance(value, dict) else {"unreadable": str(text)}


def _no_game(game_id: object) -> Text:
    return _("there is no game {n} in the store", n=game_id)
