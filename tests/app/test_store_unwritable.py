"""A game store dicetable may read but not write says exactly that, and what to do: never
"damaged ... move it away" (which could get a healthy store thrown away), never a start
that seems fine and then fails every change.

Root ignores file modes, so the tests make the store unwritable the ways that hold for
anyone: a read-only mount of its folder in a private mount namespace (tests/app/
private_mount.py), and, for another user's file or folder, a process the kernel holds to
file modes (run as root, `setpriv` drops the capabilities that let root write anything;
run as another user, the modes hold anyway)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from host.app.store import Store
from host.games.kot.table_kind import KIND as KOT
from tests.app.private_mount import PrivateMount
from tests.app.scripted import PLAYERS

ROOT = Path(__file__).resolve().parents[2]
PIN = "4321"
SOMEONE_ELSE = 12345  # a user id that owns nothing else here


def play_command(db: Path, *args: str) -> list[str]:
    return [
        sys.executable, "-m", "host", "play", "--camera", "none", "--board", "none",
        "--port", "0", "--db", str(db), *args,
    ]  # fmt: skip


def run(command: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        command, capture_output=True, text=True, timeout=60, cwd=ROOT, env=env, check=False
    )


def a_store(path: Path) -> bytes:
    store = Store(path)
    store.create(KOT, {"players": PLAYERS, "first_player": "Ann"})
    store.pin = PIN
    store.close()
    return path.read_bytes()


def refused(result: subprocess.CompletedProcess[str], *words: str) -> str:
    """The start was refused in one line that says `words` and nothing of damage."""
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr and "page is at" not in result.stdout
    line = result.stderr.strip().splitlines()[-1]
    assert line.startswith("dicetable play: "), result.stderr
    for word in words:
        assert word in line, line
    assert "damaged" not in line and "move it away" not in line, line
    return line


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


def test_a_store_on_a_read_only_file_system_says_so(folder: Path) -> None:
    db = folder / "games.db"
    before = a_store(db)
    with PrivateMount(folder) as mount:
        mount.read_only()
        for pin in ([], ["--pin", PIN]):
            refused(run([*mount.inside(), *play_command(db, *pin)]), "read-only file system")
    assert db.read_bytes() == before and Store(db).games()  # the games are all there


def held_to_file_modes() -> list[str]:
    """The prefix that runs a process the kernel holds to file modes."""
    if os.geteuid() != 0:
        return []
    if not shutil.which("setpriv"):
        pytest.skip("run as root, this needs setpriv (util-linux) to drop root's capabilities")
    return ["setpriv", "--bounding-set=-all", "--inh-caps=-all"]


def not_mine(path: Path, mode: int) -> None:
    path.chmod(mode)
    if os.geteuid() == 0:
        os.chown(path, SOMEONE_ELSE, -1)


def test_a_store_owned_by_someone_else_in_a_writable_folder_says_whose_it_is(
    folder: Path,
) -> None:
    db = folder / "games.db"
    before = a_store(db)
    not_mine(db, 0o644)
    for pin in ([], ["--pin", PIN]):  # (with --pin it was a traceback)
        line = refused(run([*held_to_file_modes(), *play_command(db, *pin)]), "is not writable")
        assert "mode 644" in line and "the games in it are safe" in line
        assert ("chown" if os.geteuid() == 0 else "chmod u+w") in line
    assert db.read_bytes() == before


def test_a_store_in_a_folder_it_may_not_write_names_the_folder(folder: Path) -> None:
    db = folder / "games.db"
    a_store(db)
    db.chmod(0o666)  # the file may be written, but not the two SQLite keeps beside it
    not_mine(folder, 0o755)
    prefix = held_to_file_modes()
    refused(run([*prefix, *play_command(db)]), f"the folder {folder} is not writable", "-wal")
    refused(run([*prefix, *play_command(folder / "new.db")]), f"the folder {folder}")


def started(command: list[str], env: dict[str, str]) -> list[str]:
    """The console of `dicetable play` up to its page's address (then it is stopped)."""
    proc = subprocess.Popen(
        command, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    lines = []
    try:
        for line in proc.stdout:
            lines.append(line)
            if "page is at" in line:
                return lines
        raise AssertionError("dicetable play did not start: " + "".join(lines))
    finally:
        proc.kill()
        proc.wait()
        proc.stdout.close()


def test_a_read_only_data_folder_says_which_and_what_to_do(tmp_path: Path, folder: Path) -> None:
    """The data folder (XDG_DATA_HOME) on a read-only disk, the game store elsewhere: the
    table plays, and does not learn its dice. Before, the warning said only 'cannot make
    the folder .../dicetable/teaching for the table's learning store: Read-only file
    system'; now it says which folder, and what to do: make it writable, or give another
    (dicetable play --data). Likewise with the learning store there already."""
    db = tmp_path / "games.db"
    env = {"XDG_DATA_HOME": str(folder), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    teaching = folder / "dicetable" / "teaching"
    for made in (False, True):
        with PrivateMount(folder) as mount:
            mount.read_only()
            console = started([*mount.inside(), *play_command(db)], env)
        (warning,) = [line for line in console if line.startswith("[warning]")]
        assert (
            warning.strip()
            == (
                "[warning] the table does not learn its dice this time: the table's learning "
                f"store cannot be kept in {teaching} ("
            )
            + warning.split(" (", 1)[1].strip()
        ), warning
        assert warning.strip().endswith(
            "): make that folder writable (or mount its disk read-write), or give the table "
            "another folder to learn in (dicetable play --data FOLDER)"
        ), warning
        if not made:  # the learning store made, as a table that learnt before left it
            from vision.learning.store import LearningStore

            LearningStore(teaching / "examples.db").close()
    # what it says to do: another folder to learn in, the data folder read-only still
    learning = tmp_path / "learning"
    learning.mkdir()
    with PrivateMount(folder) as mount:
        mount.read_only()
        console = started([*mount.inside(), *play_command(db, "--data", str(learning))], env)
    assert [line for line in console if line.startswith("[warning]")] == [], console
    assert (learning / "examples.db").is_file()
