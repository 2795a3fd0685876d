"""The card sets a table was taught, kept aside and put back (vision.cards.taught), and
`dicetable vision card-sets`: real files in a config folder of the test's own."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.vision.test_vision_cli import run
from vision.cards import cardset, taught

DAY = 86_400.0


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    cardset.user_dir().mkdir(parents=True)
    return cardset.user_dir()


def kept(name: str, made: bytes, days_ago: float, folder: Path) -> Path:
    """A set kept aside as `name`, taught `days_ago` (its file's time)."""
    path = folder / name
    path.write_bytes(made)
    when = time.time() - days_ago * DAY
    os.utime(path, (when, when))
    return path


def test_a_set_kept_aside_is_put_back_and_the_one_in_use_kept_aside_in_turn(
    folder: Path,
) -> None:
    in_use = cardset.user_path("cards")
    in_use.write_bytes(b"in use")
    kept("cards.npz.set-aside", b"before times", 30, folder)  # (as kept before: no time)
    kept("cards.npz.set-aside-20261201-100000", b"older", 4, folder)
    kept("cards.npz.set-aside-20261203-100000", b"newer", 2, folder)
    kept("cards.npz.damaged-20261204-100000", b"damaged", 1, folder)  # (never offered)
    listed = [a.file.name for a in taught.kept_aside("cards")]
    assert listed == [
        "cards.npz.set-aside-20261203-100000",
        "cards.npz.set-aside-20261201-100000",
        "cards.npz.set-aside",
    ]
    before = taught.put_back("cards", "cards.npz.set-aside-20261201-100000")
    assert in_use.read_bytes() == b"older"
    assert before is not None and before.read_bytes() == b"in use"  # nothing lost
    assert taught.kept_aside("cards")[0].file == before  # (taught the latest of them)
    for wrong in ("cards.npz.set-aside-20261201-100000", "../cards.npz", "cards.npz"):
        with pytest.raises(LookupError):
            taught.put_back("cards", wrong)
    assert in_use.read_bytes() == b"older"


def test_only_the_newest_ten_taught_are_kept_aside_and_the_oldest_may_still_be_put_back(
    folder: Path,
) -> None:
    for n in range(taught.KEEP_ASIDE):
        kept(f"cards.npz.set-aside-202611{n + 10:02}-100000", b"%d" % n, 20 - n, folder)
    oldest = "cards.npz.set-aside-20261110-100000"
    assert taught.kept_aside("cards")[-1].file.name == oldest
    cardset.user_path("cards").write_bytes(b"in use")
    assert taught.put_back("cards", oldest) is not None  # (kept aside first, then pruned)
    assert cardset.user_path("cards").read_bytes() == b"0"
    assert len(taught.kept_aside("cards")) == taught.KEEP_ASIDE
    # a new teaching keeps the one in use aside, taught the longest ago of all but kept:
    # the oldest of the others goes (the '1')
    assert taught.keep_aside("cards") is not None
    kept_bytes = sorted(a.file.read_bytes() for a in taught.kept_aside("cards"))
    assert len(kept_bytes) == taught.KEEP_ASIDE and b"1" not in kept_bytes
    assert b"0" in kept_bytes and b"in use" in kept_bytes


def test_sets_sent_back_to_the_shipped_one_within_a_second_are_each_kept(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, the page's Back to the set as shipped named its file itself: the first
    `cards.npz.set-aside`, any other `cards.npz.set-aside-TIME`, so a third within the same
    second replaced the second. Now vision.setfile.beside names it (-2, -3...)."""
    monkeypatch.setattr(time, "strftime", lambda *a: "20261205-101500")
    for made in (b"first", b"second", b"third"):
        cardset.user_path("cards").write_bytes(made)
        assert taught.to_shipped("cards") is not None
    assert sorted(a.file.read_bytes() for a in taught.kept_aside("cards")) == [
        b"first",
        b"second",
        b"third",
    ]
    assert taught.to_shipped("cards") is None  # (the shipped set read already)


def test_card_sets_lists_them_and_puts_one_back(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cardset.user_path("cards").write_bytes(b"in use")
    kept("cards.npz.set-aside-20261201-100000", b"older", 4, folder)
    kept("cards.npz.set-aside-20261203-100000", b"newer", 2, folder)
    status, out, _ = run(capsys, "card-sets")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "cards: taught in use"
    assert [line.split(": ")[-1] for line in lines[1:]] == [
        "cards.npz.set-aside-20261203-100000",
        "cards.npz.set-aside-20261201-100000",
    ]
    newer = time.strftime(
        "%Y-%m-%d %H:%M", time.localtime(folder.joinpath(lines[1][-35:]).stat().st_mtime)
    )
    assert lines[1] == f"  kept aside, taught {newer}: cards.npz.set-aside-20261203-100000"
    status, out, _ = run(capsys, "card-sets", "put-back", "cards")  # (the newest)
    assert status == 0 and out.startswith("cards: cards.npz.set-aside-20261203-100000 in use")
    assert cardset.user_path("cards").read_bytes() == b"newer"
    status, _, err = run(capsys, "card-sets", "put-back", "cards", "nothing")
    assert status == 2 and "no set of 'cards' is kept aside as 'nothing' (kept: " in err
    status, _, err = run(capsys, "card-sets", "put-back", "dice")
    assert status == 2 and "no card set 'dice' is kept aside" in err
