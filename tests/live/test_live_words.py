"""What the camera says at the table reaches a French or Japanese page in that language: the
real follower is driven into every kind of misfit (rendered takes, the truth as its reader,
or a reader that is unsure, sees a die cocked or like none of the set, or a die rocking),
each goes through the app's seam (host.app.camera) into a real table's notice, and the
notice said in French and in Japanese has no English left: no word of the English notices
that is not the language's own (the words its locale files use: tests/app/test_i18n.py's
check), but the ids a reason keeps (the faces and colours of the set, the command to run).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from live_support import Synth
from test_live_follow import EverySecondRead, OneUnlike, Rocking, unsure

from host.app.camera import DiceWatcher, MisfitSeen
from host.app.store import Store
from host.app.table import Table
from host.games.text import Text, say
from host.locales import packages
from tests.app.fakes import Clock, FakeBoard
from tests.games.test_said_in_every_language import unsaid
from vision.live import follow
from vision.live.follow import Misfit, ThrowFollower
from vision.live.sequences import SEQUENCES, TruthReader, play
from vision.words import Said

WORD = re.compile(r"[^\W\d_]+")  # as tests/app/test_i18n.py reads a screen's words
# a reason's ids, kept as they are: the set's faces and colours, the command to run
IDS = {"claw", "heart", "energy", "black", "green", "dicetable", "calibrate"}


def words(text: str) -> set[str]:
    return {w.casefold() for w in WORD.findall(text) if len(w) > 1}


def own_words(lang: str) -> set[str]:
    """Every word the language's locale files use (a name kept as it is is one of them)."""
    kept: set[str] = set()
    for folder in packages().values():
        path = folder / "locales" / f"{lang}.json"
        if path.is_file():
            data = json.loads(path.read_text(encoding="utf-8"))
            for part in ("printed", "ours"):
                kept |= words(" ".join(data.get(part, {}).values()))
    return kept


def drives(synth: Callable[[str], Synth]) -> Iterator[list[Any]]:
    """The events of the follower driven every way that makes a misfit."""
    for name in SEQUENCES:  # a die off the tray or the table, cocked, an extra die, a kept
        s = synth(name)  # die turned, the light gone, the camera knocked...
        if any(t.kind == "misfit" for t in s.seq.truth):
            yield play(s.seq, s.frames, ThrowFollower(TruthReader(s.frames), s.calibration))
    s = synth("three-throws")
    truth = TruthReader(s.frames)
    idle = ThrowFollower(truth, s.calibration)  # never told a throw is due
    yield [e for f in s.frames for e in idle.feed(f.image, f.t)]
    for reader in (unsure(truth), OneUnlike(truth), Rocking(truth)):
        yield play(s.seq, s.frames, ThrowFollower(reader, s.calibration))
    yield play(s.seq, s.frames, ThrowFollower(EverySecondRead(truth, cocked), s.calibration))
    extra = synth("extra-die")  # the game says 7 black dice: one is green
    follower = ThrowFollower(TruthReader(extra.frames), extra.calibration)
    follower.expect({"black": 7})
    follower.new_turn()
    yield [e for f in extra.frames for e in follower.feed(f.image, f.t)]
    follower = ThrowFollower(truth, s.calibration)  # a new turn leaves dice lying
    follower.expect({"black": 6})
    events = []
    for f in s.frames:
        if f.index == s.seq.truth[0].still_frame + 4:
            follower.new_turn()
        events += follower.feed(f.image, f.t)
    yield events
    follower = ThrowFollower(truth, s.calibration)  # frames of another size
    yield [
        *play(s.seq, s.frames[:20], follower),
        *follower.feed(np.zeros((360, 640, 3), np.uint8), 2.0),
    ]
    # the light goes down while the dice were thrown again: both are said
    yield in_the_dark(s)


def in_the_dark(s: Synth) -> list[Any]:
    """After throw 1, the lamp goes out as throw 2 lands (the frames darkened, with a
    little sensor noise): the light is flagged, and the dice that changed meanwhile."""
    before, after = s.seq.truth[0].still_frame + 6, s.seq.truth[1].still_frame + 2
    truth = TruthReader(s.frames)

    class InTheDark:
        def read(self, frame: np.ndarray) -> list[Any]:
            return truth.read(s.frames[after].image if frame.mean() < 40 else frame)

    follower = ThrowFollower(InTheDark(), s.calibration)
    events = play(s.seq, s.frames[:before], follower)
    dark = cv2.convertScaleAbs(s.frames[after].image, alpha=0.3)
    noise = np.random.default_rng(0)
    for k in range(4):
        noisy = cv2.add(dark, noise.integers(0, 3, dark.shape, dtype=np.uint8))
        events += follower.feed(noisy, s.frames[before].t + 0.1 * (k + 1))
    return events


def cocked(d: Any) -> Any:
    from vision.reader import LEANING

    return replace(d, cocked=True, reason=LEANING)


@pytest.fixture(scope="module")
def misfits(synth: Callable[[str], Synth]) -> list[Misfit]:
    return [e for events in drives(synth) for e in events if isinstance(e, Misfit)]


def test_every_misfit_the_follower_gives_is_met(misfits: list[Misfit]) -> None:
    codes = {m.code for m in misfits}
    every = {
        follow.UNREAD, follow.COUNT, follow.COLOUR, follow.OFF_TRAY, follow.KEPT_CHANGED,
        follow.NOT_THROWN, follow.UNSTABLE, follow.NOT_DUE, follow.CAMERA_MOVED,
        follow.LIGHT, follow.VIEW,
    }  # fmt: skip
    assert codes == every
    kinds = " ".join(m.reason for m in misfits if m.code == follow.UNREAD)
    for kind in ("cocked", "like none", "readings disagree"):
        assert kind in kinds
    assert any("changed meanwhile" in m.reason for m in misfits)


def test_the_table_says_every_misfit_in_french_and_japanese_with_no_english_left(
    misfits: list[Misfit], tmp_path: Path
) -> None:
    table = Table(
        Store(tmp_path / "games.db"), FakeBoard(), window=4, pin_seconds=5, clock=Clock(),
        announce=lambda s: None,
    )  # fmt: skip
    table.start(clock_thread=False)
    watcher = DiceWatcher()
    notices: list[Text] = []
    for misfit in misfits:
        assert isinstance(misfit.reason, Said), misfit.reason  # vision's words, never plain
        seen = watcher._seen(replace(misfit, image=None), None)
        assert isinstance(seen, MisfitSeen) and seen.reason == misfit.reason
        assert table.camera_event(seen) == "misfit"
        notice = table.notices[-1].text
        assert isinstance(notice, Text) and unsaid(notice) == [], notice
        notices.append(notice)
    english = words(" ".join(notices)) - IDS
    assert {"camera", "dice", "throw", "tray", "light"} <= english  # the check sees English
    left: dict[str, list[str]] = {}
    for lang in ("fr", "ja"):
        own = own_words(lang)
        for notice in notices:
            said = say(notice, lang)
            found = sorted((words(said) & english) - own)
            if found:
                left[said] = found
    assert left == {}
    assert len(misfits) > 20


def test_a_die_turned_meanwhile_is_said_by_the_game_s_names_for_its_faces(
    misfits: list[Misfit],
) -> None:
    """'a die that was not thrown shows another face (heart -> energy)': the faces were
    vision's ids on a French or Japanese page. Now each is a FaceName the host says by the
    game's name for it (King of Tokyo's for the set "kot")."""
    from host.games.registry import face_labels
    from host.games.text import as_text
    from vision.words import FaceName, _

    (changed, *_others) = [m for m in misfits if m.code == follow.KEPT_CHANGED]
    for item in changed.reason.fields["what"]:
        assert all(isinstance(item.fields[k], FaceName) for k in ("was", "now"))
    turned = _(  # as the follower says it with a reader of the set "kot"
        "a die that was not thrown shows another face ({what})",
        what=[_("{was} -> {now}", was=FaceName("heart", "kot"), now=FaceName("energy", "kot"))],
    )
    labels = face_labels("kot")  # (the page's labels of the faces: ♥, ⚡...)
    for lang in ("en", "fr", "ja"):
        was, now = say(labels["heart"], lang), say(labels["energy"], lang)
        said = say(as_text(turned), lang)
        assert "heart" not in said and "energy" not in said, said
        assert f"{was} -> {now}" in said or f"{was} → {now}" in said or f"{was}→{now}" in said
