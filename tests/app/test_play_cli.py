"""`dicetable play` and `dicetable bench play` from the command line: bad options, files and
stores get one clear line and a non-zero status, never a traceback."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from host.app.bench import bench
from host.app.store import Store

ROOT = Path(__file__).resolve().parents[2]


def play(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path / "data"), **env}
    return subprocess.run(
        [sys.executable, "-m", "host", "play", "--board", "none", "--port", "0", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env=env,
        check=False,
    )


def one_line_error(result: subprocess.CompletedProcess[str], message: str) -> None:
    assert result.returncode == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    assert lines[-1].startswith("dicetable play: ") and message in lines[-1], result.stderr
    assert "Traceback" not in result.stderr


def test_bad_options(tmp_path: Path) -> None:
    one_line_error(play(tmp_path, "--pin", "12ab", "--camera", "none"), "--pin: 4 to 8 digits")
    one_line_error(play(tmp_path, "--window", "-1", "--camera", "none"), "--window")


def test_a_recorded_session_s_options_for_a_camera_are_said_not_ignored(tmp_path: Path) -> None:
    """`--game SCRIPT` with `--camera none` started an empty table, the script silently
    left aside (it is the setup of a recorded session): said, with where to set it up."""
    script = ROOT / "tests/games/kingdom_run/scenarios/policy01_any_runner_of_any_colour.json"
    result = play(tmp_path, "--camera", "none", "--game", str(script))
    one_line_error(result, "--game: for a recorded session (--camera demo or a session folder)")
    assert "page is at" not in result.stdout
    result = play(tmp_path, "--camera", "none", "--game", str(script), "--manual")
    one_line_error(result, "--game and --manual: for a recorded session")


def test_a_camera_that_cannot_be_opened_stops_it_before_the_page_is_announced(
    tmp_path: Path,
) -> None:
    """Under systemd a camera found missing after the address is printed looks like a
    service that started and then died: it must fail before it says it is up."""
    result = play(tmp_path, "--camera", str(tmp_path / "no-such-video.mp4"))
    one_line_error(result, "no camera, stream, video or folder named")
    assert "page is at" not in result.stdout and "Table PIN" not in result.stdout


def test_a_damaged_store_is_set_aside_and_the_table_starts_empty(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    Store(db).close()
    damaged = db.read_bytes()[:4096] + bytes(4096) * 2  # its tables' pages zeroed
    db.write_bytes(damaged)
    result = play(tmp_path, "--db", str(db), "--camera", "none", "--exit-at-end")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert "[error] the game store" in result.stdout and "was damaged" in result.stdout
    [kept] = tmp_path.glob("games.db.damaged-*")
    assert kept.read_bytes() == damaged and Store(db).games() == []


def test_a_file_that_is_no_store(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    db.write_bytes(b"SQLite format 3\x00" + b"\x07" * 4000)
    one_line_error(play(tmp_path, "--db", str(db), "--camera", "none"), "not a dicetable")


def test_a_store_that_is_a_folder(tmp_path: Path) -> None:
    one_line_error(play(tmp_path, "--db", str(tmp_path), "--camera", "none"), "is a folder")


@pytest.mark.parametrize("what", ["device", "pipe"])
def test_a_store_that_is_a_device_or_a_pipe(tmp_path: Path, what: str) -> None:
    """Before: 'the disk holding the game store /dev/null failed to read or write it (disk
    I/O error): check the disk or SD card', of a path typed wrong."""
    db = Path("/dev/null") if what == "device" else tmp_path / "games.db"
    if what == "pipe":
        os.mkfifo(db)
    result = play(tmp_path, "--db", str(db), "--camera", "none")
    one_line_error(result, f"{db} is not a file (a device or a pipe): give --db a file name")


def test_a_store_in_a_folder_that_is_not_there_is_refused(tmp_path: Path) -> None:
    """A path typed wrong makes no folders where nobody looks: one line says to check it or
    create the folder; a file where the folder should be is said too."""
    db = tmp_path / "dicetabel" / "night" / "games.db"
    result = play(tmp_path, "--db", str(db), "--camera", "none", "--exit-at-end")
    one_line_error(result, f"--db {db}: there is no folder {db.parent}: check the path")
    assert f"mkdir -p {db.parent}" in result.stderr
    assert not (tmp_path / "dicetabel").exists()
    (tmp_path / "notes").write_text("")
    result = play(tmp_path, "--db", str(tmp_path / "notes" / "games.db"), "--camera", "none")
    one_line_error(result, f"{tmp_path / 'notes'} is a file, not a folder: check the path")


def test_a_store_in_the_default_data_folder_makes_the_folder(tmp_path: Path) -> None:
    """The data folder is the app's own: given with --db, it is made as when no --db is."""
    db = tmp_path / "data" / "dicetable" / "games.db"  # XDG_DATA_HOME is tmp_path/data
    result = play(tmp_path, "--db", str(db), "--camera", "none", "--exit-at-end")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert db.exists()


def test_the_table_learns_in_the_folder_given_with_data(tmp_path: Path) -> None:
    """Before, XDG_DATA_HOME was the only way to move the learning store (and with it the
    game store: a read-only data folder, docs/learning.md). --data DIR puts the learning
    there alone; a folder typed wrong is said, as --db's."""
    learning = tmp_path / "learning"
    learning.mkdir()
    result = play(tmp_path, "--data", str(learning), "--camera", "none", "--exit-at-end")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert (learning / "examples.db").is_file()
    assert not (tmp_path / "data" / "dicetable" / "teaching").exists()
    assert (tmp_path / "data" / "dicetable" / "games.db").is_file()  # (the game store stays)
    wrong = tmp_path / "lerning"
    result = play(tmp_path, "--data", str(wrong), "--camera", "none", "--exit-at-end")
    one_line_error(result, f"--data {wrong}: there is no folder {wrong}: check the path")
    assert not wrong.exists()


def test_a_bad_game_file_for_a_recorded_session(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text('{"format": "kot-game/3", "players": []}')
    one_line_error(play(tmp_path, "--camera", "demo", "--game", str(game)), "newer dicetable")
    game.write_text('{"format": "kot-game/1", "players": [')
    one_line_error(play(tmp_path, "--camera", "demo", "--game", str(game)), "not JSON")


def test_a_bad_game_file_with_a_game_in_progress(tmp_path: Path) -> None:
    """A restart compares the game in progress with the file's setup: a setup that cannot
    start is said in one line there too (it was a traceback)."""
    from host.games.kot.table_kind import KIND

    ann = {"name": "Ann", "monster": "The King"}
    db = tmp_path / "recorded.db"
    store = Store(db)
    store.create(KIND, {"players": [ann, {"name": "Bob", "monster": "Alienoid"}]})
    store.close()
    game = tmp_path / "game.json"
    bad = {"format": "kot-game/1", "players": [ann, {"name": "Bob", "monster": "Godzilla"}]}
    game.write_text(json.dumps(bad))
    result = play(tmp_path, "--db", str(db), "--camera", "demo", "--game", str(game))
    one_line_error(result, "cannot start this game: players[1].monster: unknown monster")


def test_a_port_in_use(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        result = play(tmp_path, "--camera", "none", "--port", port)
    one_line_error(result, "another dicetable running")


def test_a_game_file_typed_wrong_is_said_before_anything_starts(tmp_path: Path) -> None:
    """`--game missing.json --camera demo` rendered the demo's frames (a cold cache: most of
    a minute), made the store, printed the PIN and the page's address, and only then read
    the game file: it is read first, and said at once in one line."""
    cache = tmp_path / "cache"  # (a cold cache: the demo's frames would be rendered)
    env = {"XDG_CACHE_HOME": str(cache)}
    db = tmp_path / "recorded.db"
    started = time.monotonic()
    result = play(tmp_path, "--camera", "demo", "--game", "missing.json", "--db", str(db), **env)
    one_line_error(result, "cannot read missing.json")
    assert time.monotonic() - started < 20
    assert "page is at" not in result.stdout and "Table PIN" not in result.stdout
    assert not db.exists() and not any(cache.glob("dicetable/*session*"))


def test_a_store_left_unchanged_by_a_refused_start(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    Store(db).close()
    play(tmp_path, "--db", str(db), "--camera", "demo", "--game", str(tmp_path / "missing.json"))
    assert Store(db).games() == []


@pytest.mark.slow
def test_bench_play_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench(argparse.Namespace(quick=True)) == 0
    out = capsys.readouterr().out
    for figure in (  # the quick run follows with 3 pages instead of 20
        "settled frame -> board shows it (acknowledged)   median",
        "settled frame -> page has it (event received)    median",
        "settled frame -> page drawn (Chromium)           median",
        "change -> every page has it (event received): 1 viewer median",
        "change -> every page drawn (Chromium): 1 viewer median",
        "3 viewers median",
    ):
        assert figure in out, out


@pytest.mark.slow
def test_with_no_options_it_plays_the_recorded_session_and_stops_cleanly_on_sigterm(
    tmp_path: Path,
) -> None:
    """Any machine: the demo's recorded session and the virtual board; systemd's stop
    (SIGTERM) closes it with status 0, the game kept in the store."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "host", "play", "--port", "0", "--quiet"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    lines: list[str] = []
    board = store = False
    while not (board and store) and len(lines) < 10:  # its first lines, in any order
        lines.append(proc.stdout.readline())
        board = board or any(f"virtual board: {s}" in lines[-1] for s in ("connected", "not"))
        store = store or str(tmp_path / "dicetable" / "recorded.db") in lines[-1]
    assert board and store, lines
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0 and "Traceback" not in err, err
    assert len(Store(tmp_path / "dicetable" / "recorded.db").games()) == 1


def test_a_recorded_session_shows_one_pin_the_one_its_game_takes(tmp_path: Path) -> None:
    result = play(tmp_path, "--exit-at-end", "--speed", "50", "--window", "0.5", "--quiet")
    assert result.returncode == 0, result.stderr
    pins = [line for line in result.stdout.splitlines() if line.startswith("Table PIN:")]
    assert len(pins) == 1, result.stdout
    store = Store(tmp_path / "data" / "dicetable" / "recorded.db")
    assert pins[0].split()[2] == store.pin


@pytest.mark.slow
def test_the_terminal_says_when_the_board_goes_away_and_comes_back(tmp_path: Path) -> None:
    """Whoever runs the table sees the board's cable in the terminal: connected once it
    answers, not connected when it is pulled, connected again when plugged back in."""
    from host.board.virtual import VirtualBoard

    with VirtualBoard() as board:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path)}
        proc = subprocess.Popen(
            [sys.executable, "-m", "host", "play", "--board", board.port, "--camera", "none",
             "--port", "0"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        lines: queue.Queue[str] = queue.Queue()
        assert proc.stdout is not None
        threading.Thread(target=lambda: [lines.put(s) for s in proc.stdout], daemon=True).start()

        def until(words: str) -> str:
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                with contextlib.suppress(queue.Empty):
                    line = lines.get(timeout=0.5)
                    if line.startswith("dicetable: board: ") and words in line:
                        return line
            raise AssertionError(f"no board line with {words!r}")

        try:
            assert board.port in until(": connected, firmware")
            board.unplug()
            until(": not connected")
            board.replug()
            until(": connected, firmware")
        finally:
            proc.send_signal(signal.SIGTERM)
            _, err = proc.communicate(timeout=30)
        assert proc.returncode == 0 and "Traceback" not in err, err


def test_a_second_dicetable_on_the_same_store_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two dicetables on one store (another --port) each applied inputs to the game as
    its own memory had it: both wrote game 1, and its log no longer replayed (the table
    then opens empty). The second is refused in one line; once the first ends, it starts."""
    from tests.app.running import App

    db = tmp_path / "games.db"
    command = [sys.executable, "-m", "host", "play", "--board", "none", "--camera", "none"]
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # (the App's process's)
    first = App([*command, "--db", str(db), "--port", "0"])
    try:
        one_line_error(
            play(tmp_path, "--db", str(db), "--camera", "none"),
            f"another dicetable is using the game store {db}: stop it, or give this one --db",
        )
    finally:
        first.kill()
    App([*command, "--db", str(db), "--port", "0"]).kill()  # (its lock went with it)
