"""The app's camera seam on a real frame source: a folder of rendered frames read through
vision.live's Stream, as a camera would be; and the camera's thread (`run_camera`) going on
through whatever fails: a bug on one throw, a camera's driver, a camera gone for a while."""

from __future__ import annotations

import os
import re
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from host import recording
from host.app import camera
from host.app import table as table_module
from host.app.camera import DICE, DiceWatcher, MisfitSeen, ThrowSeen, open_camera, run_camera
from host.app.cli import _recorded, options
from host.app.recorded import SessionPlayer
from host.app.store import Store
from host.app.table import Table
from host.errors import UserError
from host.games import DiceExpectation
from host.games.text import Text, read_locale, say
from host.locales import packages
from tests.app.fakes import Clock, FakeBoard
from tests.games.test_said_in_every_language import unsaid
from vision import faceset
from vision.learning.flow import TeachReader
from vision.live.calibration import CALIBRATE, default_path
from vision.live.settings import DEFAULT
from vision.live.sources import open_source
from vision.live.stream import Status, Stream
from vision.reader import DiceReader
from vision.words import Said

THROW = ["claw", "3", "heart", "1", "energy", "claw"]
GONE = "/dev/video99"  # a camera device that is not there
WORD = re.compile(r"[^\W\d_]{2,}")  # a word of a notice


def one_throw(folder: Path, seed: int) -> recording.Session:
    """A recorded session of Ann's first throw in a game of King of Tokyo."""
    script = {
        "format": "kot-game/1",
        "players": [{"name": "Ann", "monster": "The King"}, {"name": "Bob", "monster": "Alienoid"}],
        "first_player": "Ann",
        "seed": seed,
        "inputs": [{"type": "throw", "player": "Ann", "thrown": THROW, "kept": []}],
    }
    return recording.render_session(script, folder)


def test_a_live_stream_gives_the_throw_with_its_snapshot_and_the_stream_news(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # no calibration yet
    frames = tmp_path / "frames"
    session = one_throw(frames, seed=3)
    assert session.frame_count() == len(list(frames.glob("f*.jpg"))) > 0
    stream, calibration, note = open_camera(str(frames))  # a folder of images
    assert calibration is None and "dicetable calibrate" in note
    watcher = DiceWatcher(calibration=None)
    watcher.expect(DiceExpectation("kot", {"black": 6}, "Ann"), turn=("Ann", 1))
    items = list(watcher.follow(stream))
    throws = [i for i in items if isinstance(i, ThrowSeen)]
    assert len(throws) == 1
    assert sorted(throws[0].thrown) == sorted(THROW) and throws[0].kept == []
    assert throws[0].snapshot.startswith(b"\xff\xd8")  # a JPEG for the page
    assert {s.kind for s in items if isinstance(s, Status)} >= {"open", "ended"}


def test_no_throw_is_reported_when_none_is_due(tmp_path: Path) -> None:
    one_throw(tmp_path, seed=4)
    stream, _, _ = open_camera(str(tmp_path))
    watcher = DiceWatcher()
    watcher.expect(None, turn=("Ann", 1))
    assert not [i for i in watcher.follow(stream) if isinstance(i, ThrowSeen)]


def test_after_a_teaching_with_no_game_the_camera_sees_no_dice(tmp_path: Path) -> None:
    """The teaching's reader is let go with it: dice moved under the camera afterwards (cards
    laid to teach them next) are no misfit "the dice moved but no throw is due" (it read on
    with the teaching's reader: host.app.screens' walk showed that warning over the cards)."""
    session = one_throw(tmp_path, seed=4)
    frames = [cv2.imread(str(f)) for step in session.steps for f in step.frames]
    watcher = DiceWatcher()  # no game: no dice are seen
    seen: list[Any] = []
    watcher.teach(TeachReader(DiceReader.load("kot")), lambda frame, dice: seen.append(dice))
    watcher.teach(None, None)  # the teaching ends (cancelled: no throw taught)
    events = [e for i, frame in enumerate(frames) for e in watcher.feed(frame, i / 15)]
    assert events == [] and seen == []
    assert watcher.follower.reader.read(frames[-1]) == []


class OneUnlike:
    """The real reader, but die 0 is reported as a die the finder is sure of and no face of
    the set matches (unknown, "unlike")."""

    def __init__(self, reader: Any) -> None:
        self.reader = reader

    def read(self, frame: Any) -> list[Any]:
        dice = self.reader.read(frame)
        if dice:
            dice[0] = replace(dice[0], face="unknown", reason="unlike: like none of the faces")
        return dice


def test_a_throw_with_an_unknown_die_comes_with_it_unknown_for_a_person_to_say(
    tmp_path: Path,
) -> None:
    one_throw(tmp_path, seed=3)
    stream, _, _ = open_camera(str(tmp_path))
    watcher = DiceWatcher("kot", calibration=None)
    watcher.follower.reader = OneUnlike(watcher.follower.reader)  # type: ignore[assignment]
    watcher.expect(DiceExpectation("kot", {"black": 6}, "Ann"), turn=("Ann", 1))
    items = list(watcher.follow(stream))
    throws = [i for i in items if isinstance(i, ThrowSeen)]
    assert len(throws) == 1 and not [i for i in items if isinstance(i, MisfitSeen)]
    unknown = [d for d in throws[0].dice if d["face"] == "unknown"]
    assert len(unknown) == 1 and unknown[0]["reason"].startswith("unlike")
    assert throws[0].thrown.count("unknown") == 1  # never read as a face: the table asks
    assert len(throws[0].cuts) == 6 and all(c.startswith(b"\x89PNG") for c in throws[0].cuts)


def test_the_dice_are_read_with_the_face_set_the_game_names() -> None:
    watcher = DiceWatcher()  # no game yet: no dice are seen
    frame = np.full((240, 320, 3), 90, np.uint8)
    assert watcher.follower.reader.read(frame) == []
    watcher.expect(DiceExpectation("d6-pips", {"any": 2}, "Ann"), turn=("Ann", 1))
    pips = watcher.follower.reader  # (what the set drops as none of its dice, asked too)
    assert isinstance(pips, TeachReader) and isinstance(pips.reader, DiceReader)
    assert pips.reader.faces.name == "d6-pips"
    watcher.expect(DiceExpectation("kot", {"black": 6}, "Bob"), turn=("Bob", 1))
    assert isinstance(watcher.follower.reader, TeachReader)
    assert watcher.follower.reader.reader.faces.name == "kot"
    watcher.expect(DiceExpectation("d6-pips", {"any": 2}, "Ann"), turn=("Ann", 2))
    assert watcher.follower.reader is pips  # loaded once, kept


def test_a_throw_with_dice_of_several_kinds_is_read_each_with_its_own_set(
    tmp_path: Path,
) -> None:
    """A berserk monster's throw: the black dice read with kot, the berserk die with its own
    set, the game naming which role each set reads (DiceExpectation.face_sets)."""
    thrown = ["claw", "3", "heart", "1", "energy", "2", "berserk_claw_2"]
    script = {
        "format": "kot-game/1",
        "players": [{"name": "Ann", "monster": "The King"}, {"name": "Bob", "monster": "Alienoid"}],
        "options": {"berserk": True},
        "position": {"active_player": "Ann", "monsters": {"Ann": {"berserk": True}, "Bob": {}}},
        "seed": 5,
        "inputs": [{"type": "throw", "player": "Ann", "thrown": thrown, "kept": []}],
    }
    recording.render_session(script, tmp_path)
    stream, _, _ = open_camera(str(tmp_path))
    watcher = DiceWatcher()
    expected = DiceExpectation(
        "kot", {"black": 6, "green": 0, "berserk": 1}, "Ann", {"berserk": "berserk"}
    )
    watcher.expect(expected, turn=("Ann", 1))
    throws = [i for i in watcher.follow(stream) if isinstance(i, ThrowSeen)]
    assert len(throws) == 1
    assert sorted(throws[0].thrown) == sorted(thrown)
    colours = sorted(str(d["color"]) for d in throws[0].dice)
    assert colours == ["berserk"] + ["black"] * 6


def test_a_face_set_that_cannot_be_loaded_is_said_once() -> None:
    watcher = DiceWatcher()
    watcher.expect(DiceExpectation("no-such-dice", {"any": 2}, "Ann"), turn=("Ann", 1))
    frame = np.full((240, 320, 3), 90, np.uint8)
    said = watcher.feed(frame, 0.0)
    assert len(said) == 1 and isinstance(said[0], MisfitSeen)
    assert "'no-such-dice' cannot be loaded" in said[0].reason
    assert isinstance(said[0].reason, Text) and said[0].about == DICE  # said in every language
    ja = said[0].reason.say("ja")
    assert ja.startswith("ダイスの目のセット「no-such-dice」を読み込めません")
    # why, in the same language (it was vision's English: "no face set 'no-such-dice' ...")
    assert "ダイスの目のセット「no-such-dice」はありません（同梱：" in ja and "shipped" not in ja
    assert watcher.feed(frame, 0.1) == []


class TableStandIn:
    """What `run_camera` talks to: it keeps the notices and the events, and fails on the
    events named in `bugs` (their index) as a bug inside the table would."""

    def __init__(self, bugs: tuple[int, ...] = ()) -> None:
        self.notices: list[tuple[str, str]] = []
        self.events: list[Any] = []
        self.bugs = bugs

    def notice(self, level: str, text: str) -> None:
        self.notices.append((level, text))

    def on_expect(self, listener: Any) -> None:
        listener(DiceExpectation("kot", {"black": 6}, "Ann"), ("Ann", 1))

    def camera_opened(self, camera: Any) -> None:
        pass

    def camera_event(self, event: Any) -> None:
        self.events.append(event)
        if len(self.events) - 1 in self.bugs:
            raise KeyError("a bug")

    def said(self, words: str) -> bool:
        return any(words in text for _, text in self.notices)


def two_turns(folder: Path) -> None:
    """Ann's first throw, then (the camera told of a new turn each time) it again."""
    session = one_throw(folder / "a", seed=3)
    one_throw(folder / "b", seed=5)
    for i, frame in enumerate(sorted((folder / "b").glob("f*.jpg"))):
        frame.rename(folder / "a" / f"g{i:05d}.jpg")  # after the first throw's frames
    assert session.frame_count() > 0


def test_a_bug_on_one_throw_is_said_and_the_camera_goes_on(tmp_path: Path) -> None:
    two_turns(tmp_path)
    table = TableStandIn(bugs=(0,))
    opened = open_camera(str(tmp_path / "a"))
    run_camera(str(tmp_path / "a"), opened, table, threading.Event())  # a recording: it ends
    assert table.said("internal error on the camera's throw: KeyError('a bug')")
    throws = [e for e in table.events if isinstance(e, ThrowSeen)]
    assert len(throws) == 2  # the one after the failure came through too
    assert table.said("the camera stream ended")


class FakeSource:
    """What a camera source has besides opening and reading, as a fake needs it: nothing."""

    def close(self) -> None:
        pass

    def ended_early(self) -> None:
        return None

    def snapshot(self) -> None:
        return None


class DriverFails(FakeSource):
    """A live camera whose driver fails at the first frame, and (after that first
    opening) cannot be opened again (a real source of a device that is not there)."""

    name = "camera 0"
    live = True

    def __init__(self, openings: list[int]) -> None:
        self.openings = openings
        self.skipped: list[Said] = []

    def open(self) -> None:
        self.openings.append(1)
        if len(self.openings) > 1:  # gone: as OpenCV finds a camera that is not there
            open_source(GONE).open()

    def read(self) -> None:
        raise OSError("the camera's driver failed")


def failing_camera(reconnect_seconds: float) -> Stream:
    openings: list[int] = []
    settings = replace(DEFAULT, reconnect_seconds=reconnect_seconds)
    return Stream(lambda: DriverFails(openings), settings=settings)


def test_a_live_camera_vision_gives_up_on_is_opened_again_by_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(camera, "RESTART_S", (0.05, 0.1))
    one_throw(tmp_path, seed=3)
    stream = failing_camera(reconnect_seconds=0.3)
    tries: list[str] = []

    def reopen(spec: str) -> camera.Opened:
        tries.append(spec)
        if len(tries) == 1:
            raise UserError("no camera 0: is it plugged in?")  # still gone
        return open_camera(str(tmp_path))  # back (here: its frames, as a folder)

    table = TableStandIn()
    run_camera("0", (stream, None, ""), table, threading.Event(), reopen=reopen)
    assert tries == ["0", "0"]
    assert table.said("could not reopen camera 0") and table.said("opened again by itself")
    assert table.said("the camera cannot be opened again yet: no camera 0")
    assert table.said("camera: it is back")
    assert [sorted(e.thrown) for e in table.events] == [sorted(THROW)]  # it reads again


def test_the_camera_stops_with_the_app(tmp_path: Path) -> None:
    stop = threading.Event()
    stream = failing_camera(reconnect_seconds=60)
    thread = threading.Thread(
        target=run_camera, args=("0", (stream, None, ""), TableStandIn(), stop)
    )
    thread.start()
    stop.set()
    thread.join(timeout=5)
    assert not thread.is_alive()


def own_words(lang: str) -> set[str]:
    """The words the language's locale files use."""
    said = [" ".join(part.values()) for folder in packages().values()
            for path in [folder / "locales" / f"{lang}.json"] if path.is_file()
            for part in read_locale(path).values()]  # fmt: skip
    return set(WORD.findall(" ".join(said)))


def test_the_camera_s_news_reaches_the_page_in_its_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the camera's stream says at the table (no calibration, a frame that is no image
    read past, a recording's end, a live camera lost and given up, then not there when
    opened again) reaches a real table's notices as messages said in French and Japanese,
    with no English left but the ids they keep (paths, the camera's name, the commands)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # no calibration
    monkeypatch.setattr(camera, "RESTART_S", (0.05, 0.1))
    monkeypatch.setattr(table_module, "NOTICES", 50)  # every one kept
    folder = tmp_path / "take"
    folder.mkdir()
    for i in range(3):
        cv2.imwrite(str(folder / f"f{i}.jpg"), np.full((48, 64, 3), 90, np.uint8))
    (folder / "f1b.jpg").write_bytes(b"not a picture")
    table = Table(
        Store(tmp_path / "games.db"), FakeBoard(), window=4, pin_seconds=5, clock=Clock(),
        announce=lambda s: None,
    )  # fmt: skip
    table.start(clock_thread=False)
    run_camera(str(folder), open_camera(str(folder)), table, threading.Event())  # it ends
    stop, tries = threading.Event(), []

    def reopen(spec: str) -> camera.Opened:
        tries.append(spec)
        if len(tries) > 1:
            stop.set()
        return open_camera(spec)  # the camera is not there: a UserError

    run_camera(GONE, (failing_camera(0.3), None, None), table, stop, reopen=reopen)
    notices = [n.text for n in table.notices]
    said = " | ".join(notices)
    for news in (
        "reading without a calibration: no calibration at",
        "camera: cannot read f1b.jpg: not an image, or damaged",
        "ended after 3 frames",
        "camera: camera 0 stopped sending frames",
        f"could not reopen camera 0 for 0 s: cannot open camera {GONE}: is it plugged in",
        f"the camera cannot be opened again yet: cannot open camera {GONE}",
    ):
        assert news in said
    assert [unsaid(n) for n in notices] == [[] for _ in notices]  # every part in fr and ja
    ids = f"{folder} f1b.jpg {default_path()} {GONE} camera 0 ls --camera none {CALIBRATE} play"
    english = {w for n in notices for w in WORD.findall(n)} - set(WORD.findall(ids))
    assert {"reading", "without", "image", "frames", "stopped"} <= english
    for lang in ("fr", "ja"):
        own = own_words(lang)  # ("image", "page": French words too)
        left = {say(n, lang): set(WORD.findall(say(n, lang))) & english - own for n in notices}
        assert {n: w for n, w in left.items() if w} == {}, lang
    assert say(notices[0], "fr").startswith("lecture sans étalonnage\u00a0: pas d'étalonnage")


class DamagedCamera(FakeSource):
    """A recording whose second frame is a JPEG the camera decoded to nothing (an empty
    frame), then a good frame."""

    name = "camera 0"
    live = False

    def __init__(self) -> None:
        good = np.full((48, 64, 3), 90, np.uint8)
        self.frames = [good, np.zeros((0, 0), np.uint8), good]
        self.skipped: list[Said] = []

    def open(self) -> None:
        pass

    def read(self) -> tuple[np.ndarray, float] | None:
        if not self.frames:
            return None
        return self.frames.pop(0), 0.1 * (3 - len(self.frames))


def test_a_frame_that_is_no_image_is_said_in_the_page_s_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A frame decoded to nothing is skipped with vision's words, not OpenCV's English
    (it failed converting it, and ended the stream); a recorded session's frame that is a
    text file stops the session with vision's words too (it said OpenCV cannot read it)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # no calibration
    monkeypatch.setattr(table_module, "NOTICES", 50)  # every one kept
    table = Table(
        Store(tmp_path / "games.db"), FakeBoard(), window=4, pin_seconds=5, clock=Clock(),
        announce=lambda s: None,
    )  # fmt: skip
    table.start(clock_thread=False)
    run_camera("0", (Stream(DamagedCamera), None, None), table, threading.Event())  # it ends
    session = one_throw(tmp_path / "session", seed=3)
    session.steps[-1].frames[0].write_text("not a picture")
    player = SessionPlayer(table, session, DiceWatcher(), speed=0)
    player.run(threading.Event())
    notices = [n.text for n in table.notices]
    skipped = next(n for n in notices if "skipped" in n)
    assert skipped == "camera: frame 1 skipped: a frame of 0x0 is too small (at least 32x32)"
    assert say(skipped, "fr") == (
        "caméra\u00a0: image 1 sautée\u00a0: une image de 0x0 est trop petite (au moins 32x32)"
    )
    stopped = notices[-1]
    assert stopped.startswith("the recorded session stopped: a recorded frame cannot be read: ")
    assert stopped.endswith(" is not an image, or is damaged (give a JPEG or PNG)")
    assert "n'est pas une image, ou elle est abîmée" in say(stopped, "fr")
    assert "画像ではないか、壊れています" in say(stopped, "ja")
    assert not any("OpenCV" in n or "failed" in n for n in notices)
    assert [unsaid(n) for n in notices] == [[] for _ in notices]  # every part in fr and ja


def test_a_taught_set_that_does_not_read_is_set_aside_said_and_the_shipped_one_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, a damaged kot.npz among the table's taught sets (a cut write, a bad disk)
    stopped every throw from being read ('the camera cannot read this throw: ... is not a
    face set file (This file contains pickled (object) data. If you trust the file you can
    load it unsafely ...)': numpy's words, in English), until someone found and removed the
    file. Now it is set aside, said once in the page's language with what to do, and the
    dice are read with the shipped set."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # no calibration
    session = one_throw(tmp_path / "session", seed=3)
    taught = tmp_path / "config" / "dicetable" / "facesets" / "kot.npz"
    taught.parent.mkdir(parents=True)
    taught.write_bytes(np.random.default_rng(1).bytes(5000))
    table = Table(
        Store(tmp_path / "games.db"), FakeBoard(), window=0, pin_seconds=5, clock=Clock(),
        announce=lambda s: None,
    )  # fmt: skip
    table.start(clock_thread=False)
    _recorded(table, options(speed=0), str(session.folder)).run(threading.Event())
    assert table.game is not None and sorted(dict(table.game.log[0])["thrown"]) == sorted(THROW)
    (aside,) = [n.text for n in table.notices if "set aside" in n.text]
    (kept,) = taught.parent.glob("kot.npz.damaged-*")
    assert not taught.exists() and kept.read_bytes() == np.random.default_rng(1).bytes(5000)
    assert aside.startswith("the set of King of Tokyo dice this table was taught could not be")
    assert kept.name in aside and "read with the set as shipped" in aside
    assert say(aside, "fr").startswith(
        "le jeu «\u00a0Dés de King of Tokyo\u00a0» appris par cette table n'a pas pu être lu"
    )
    assert "出荷時のセットで読みます" in say(aside, "ja")
    assert unsaid(aside) == [] and not any("pickle" in n.text for n in table.notices)


def test_a_taught_set_the_system_cannot_read_now_is_not_set_aside(tmp_path: Path) -> None:
    """Only a file that reads but is no set is moved aside: one the system cannot open at
    the moment (here: no file descriptor left, EMFILE, in a process of its own) stays
    where it is, said as a set that cannot be loaded."""
    import subprocess
    import sys

    taught = tmp_path / "config" / "dicetable" / "facesets" / "kot.npz"
    taught.parent.mkdir(parents=True)
    taught.write_bytes((faceset.SHIPPED / "kot.npz").read_bytes())
    script = (
        "import os, resource\n"
        "from vision import faceset\n"
        "n = len(os.listdir('/proc/self/fd'))\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (n, n))\n"
        "try:\n"
        "    faceset.load('kot')\n"
        "except faceset.FaceSetAside:\n"
        "    print('set aside')\n"
        "except faceset.FaceSetError as error:\n"
        "    print('not loaded:', error)\n"
    )
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.startswith("not loaded:") and "Too many open files" in done.stdout
    assert taught.read_bytes() == (faceset.SHIPPED / "kot.npz").read_bytes()  # in its place
