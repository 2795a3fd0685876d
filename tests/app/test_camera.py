"""The app's camera seam on a real frame source: a folder of rendered frames read through
vision.live's Stream, as a camera would be."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from host import recording
from host.app.camera import DiceWatcher, MisfitSeen, ThrowSeen, open_camera
from host.games import DiceExpectation
from vision.live.stream import Status
from vision.reader import DiceReader

THROW = ["claw", "3", "heart", "1", "energy", "claw"]


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


def test_a_throw_with_an_unknown_die_is_not_seen_as_a_throw(tmp_path: Path) -> None:
    one_throw(tmp_path, seed=3)
    stream, _, _ = open_camera(str(tmp_path))
    watcher = DiceWatcher("kot", calibration=None)
    watcher.follower.reader = OneUnlike(watcher.follower.reader)  # type: ignore[assignment]
    watcher.expect(DiceExpectation("kot", {"black": 6}, "Ann"), turn=("Ann", 1))
    items = list(watcher.follow(stream))
    assert not [i for i in items if isinstance(i, ThrowSeen)]
    misfits = [i for i in items if isinstance(i, MisfitSeen)]
    assert misfits and "not read (1 unlike)" in misfits[0].reason
    assert any(d["face"] == "unknown" for d in misfits[0].dice)


def test_the_dice_are_read_with_the_face_set_the_game_names() -> None:
    watcher = DiceWatcher()  # no game yet: no dice are seen
    frame = np.full((240, 320, 3), 90, np.uint8)
    assert watcher.follower.reader.read(frame) == []
    watcher.expect(DiceExpectation("d6-pips", {"any": 2}, "Ann"), turn=("Ann", 1))
    pips = watcher.follower.reader
    assert isinstance(pips, DiceReader) and pips.faces.name == "d6-pips"
    watcher.expect(DiceExpectation("kot", {"black": 6}, "Bob"), turn=("Bob", 1))
    assert isinstance(watcher.follower.reader, DiceReader)
    assert watcher.follower.reader.faces.name == "kot"
    watcher.expect(DiceExpectation("d6-pips", {"any": 2}, "Ann"), turn=("Ann", 2))
    assert watcher.follower.reader is pips  # loaded once, kept


def test_a_face_set_that_cannot_be_loaded_is_said_once() -> None:
    watcher = DiceWatcher()
    watcher.expect(DiceExpectation("no-such-dice", {"any": 2}, "Ann"), turn=("Ann", 1))
    frame = np.full((240, 320, 3), 90, np.uint8)
    said = watcher.feed(frame, 0.0)
    assert len(said) == 1 and isinstance(said[0], MisfitSeen)
    assert "'no-such-dice' cannot be loaded" in said[0].reason
    assert watcher.feed(frame, 0.1) == []
