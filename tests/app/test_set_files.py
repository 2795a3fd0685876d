"""A set put in use from a terminal beside a running table (`dicetable vision sets import`
or `roll-back`, `dicetable vision card-sets put-back`) is read with as the camera next
reads, and said on the page (host.app.set_files); before, only at the table's next start.
A file being written in place is not taken until it is whole."""

from __future__ import annotations

import dataclasses
import os
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from host.app import set_files
from host.app.camera import DiceWatcher
from host.games import CardExpectation, DiceExpectation
from host.games.text import Text, say
from tests.app.test_card_camera import frames
from tests.games.test_said_in_every_language import unsaid
from tests.vision.test_vision_cli import run
from vision import faceset
from vision.cards import cardset

FRAME = np.zeros((480, 640, 3), np.uint8)


@pytest.fixture
def watcher(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[DiceWatcher, list[Any]]:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(set_files, "CHECK_S", 0.0)  # (a look at every frame)
    said: list[Any] = []
    watcher = DiceWatcher()
    watcher.notice = lambda level, text: said.append((level, text))
    return watcher, said


def reading_dice(watcher: DiceWatcher) -> faceset.FaceSet:
    return watcher.follower.reader.reader.faces  # type: ignore[attr-defined,no-any-return]


def test_a_dice_set_imported_or_rolled_back_from_a_terminal_is_read_with_at_once(
    watcher: tuple[DiceWatcher, list[Any]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(set_files, "SETTLE_S", 0.0)  # (its file written just now, whole)
    dice, said = watcher
    dice.expect(DiceExpectation("kot", {"black": 6}, "Ann"), "turn 1")
    shipped = reading_dice(dice)
    mine = dataclasses.replace(shipped, threshold=0.5)
    mine.save(tmp_path / "mine.npz")
    status, _out, _err = run(capsys, "sets", "import", str(tmp_path / "mine.npz"), "--name", "kot")
    assert status == 0
    dice.feed(FRAME, 0.0)
    assert reading_dice(dice).threshold == 0.5
    ((level, text),) = said
    assert level == "info" and isinstance(text, Text) and unsaid(text) == []
    assert text.say("en") == (
        "King of Tokyo dice: the set in use was changed: the table now reads with it"
    )
    assert say(text, "fr").startswith("Dés de King of Tokyo\u00a0: le jeu en service a changé")
    dice.feed(FRAME, 0.1)
    assert len(said) == 1  # (said once)
    status, _out, _err = run(capsys, "sets", "roll-back", "kot")  # (to the shipped set)
    assert status == 0 and not faceset.user_path("kot").exists()
    dice.feed(FRAME, 0.2)
    assert reading_dice(dice).threshold == shipped.threshold and len(said) == 2


def test_a_card_set_put_back_from_a_terminal_is_read_with_at_once(
    watcher: tuple[DiceWatcher, list[Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    """(A set put back keeps the time it was taught: no wait for it to settle.)"""
    dice, said = watcher
    dice.expect(CardExpectation("cards", "discard", "Ann"), ("game", 1))
    shipped = dice.cards.reading_with("cards")
    aside = cardset.user_dir() / "cards.npz.set-aside-20261201-100000"
    dataclasses.replace(shipped, threshold=0.5).save(aside)
    taught = time.time() - 86_400  # (kept aside yesterday)
    os.utime(aside, (taught, taught))
    status, _out, _err = run(capsys, "card-sets", "put-back", "cards")
    assert status == 0
    dice.feed(frames(0)[0], 0.0)
    assert dice.cards.reading_with("cards").threshold == 0.5
    ((level, text),) = said
    assert level == "info" and unsaid(text) == []
    assert text.say("en") == (
        "the card set 'cards' in use was changed: the table now reads with it"
    )


def test_a_set_file_being_written_in_place_is_taken_only_once_it_is_whole(
    watcher: tuple[DiceWatcher, list[Any]], tmp_path: Path
) -> None:
    """A copy made by hand over the set in use writes it in place: half of it is no set
    (taken, it would be set aside as damaged). Taken once it has not changed for a while."""
    dice, said = watcher
    dice.expect(DiceExpectation("kot", {"black": 6}, "Ann"), "turn 1")
    mine = dataclasses.replace(reading_dice(dice), threshold=0.5)
    whole = mine.save(tmp_path / "mine.npz").read_bytes()
    taught = faceset.user_path("kot")
    taught.parent.mkdir(parents=True)
    taught.write_bytes(whole[: len(whole) // 2])  # (being written: its time is now)
    dice.feed(FRAME, 0.0)
    assert taught.read_bytes() == whole[: len(whole) // 2]  # not set aside
    assert reading_dice(dice).threshold != 0.5 and said == []
    taught.write_bytes(whole)
    settled = time.time() - 2 * set_files.SETTLE_S  # (written a while ago)
    os.utime(taught, (settled, settled))
    dice.feed(FRAME, 0.1)
    assert reading_dice(dice).threshold == 0.5 and len(said) == 1
