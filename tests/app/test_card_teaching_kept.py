"""Teaching the table its cards loses nothing when the table stops (host.app.card_teaching,
kept in the learning store's real SQLite file, vision.learning.store).

- `dicetable play` killed (SIGKILL) mid-teaching, twice, and started again: the cards seen,
  what people said of each, and each card's cut are found again, and the teaching goes on
  to learn the deck's set.
- Cards still lying under the camera after a restart are not cut again.
- A kept teaching that cannot be read (its state, or one card) is said, and the table goes
  on; a store that fails is said once, and the teaching goes on in memory.
- A cancel wins over a fit under way: the set made is not saved, not read with; a cancel,
  before the fit or during it, is said.
- A card the teaching has not is refused in the flow's words (the page's 404).
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import cv2
import numpy as np
import pytest

from host.app.camera import DiceWatcher
from host.app.card_teaching import CardTeaching
from host.errors import UserError
from tests.app.test_teach_cards_page import SEED, feed
from tests.shared_data import shared
from vision.cards import cardset
from vision.cards.compose import write_hands
from vision.cards.flow import CardTeachFlow
from vision.learning.store import KeptCut, LearningStore

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
PIN = "4321"


# ---- the real app, killed and started again ------------------------------------------------


class App:
    """`dicetable play` on the table's files in `home` (its game store, learning store and
    taught sets), with `camera`."""

    teaching = "teach_cards"  # the action of its teaching

    def __init__(self, home: Path, camera: str) -> None:
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config"),
        }
        command = [
            sys.executable, "-m", "host", "play", "--camera", camera, "--board", "none",
            "--port", "0", "--db", str(home / "games.db"), "--pin", PIN, "--quiet",
        ]  # fmt: skip
        self.proc = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
        )
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if "the table's page is at" in line:
                threading.Thread(target=self.proc.stdout.read, daemon=True).start()  # drain
                parts = urlsplit(line.split(" at ")[1].split()[0])
                self.conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
                return
        raise AssertionError("dicetable play did not start")

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, bytes]:
        headers = {"Content-Type": "application/json", "X-Table-PIN": PIN}
        self.conn.request(
            method, path, None if body is None else json.dumps(body).encode(), headers
        )
        response = self.conn.getresponse()
        return response.status, response.read()

    def state(self) -> dict[str, Any]:
        return dict(json.loads(self.call("GET", "/api/state")[1]))

    def teach(self, step: str, **more: Any) -> None:
        version = self.state()["version"]
        action = {"do": self.teaching, "step": step, "version": version, **more}
        status, answer = self.call("POST", "/api/action", action)
        assert status == 200, answer

    def flow(self) -> dict[str, Any] | None:
        return self.state()["cards"]["flow"]  # type: ignore[no-any-return]

    def close(self) -> None:
        """Close the teaching, and stop the table."""
        try:
            self.teach("close")
            assert self.flow() is None
        finally:
            self.kill()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        assert self.proc.wait() == -signal.SIGKILL


def nothing_kept(home: Path, kind: str) -> LearningStore:
    """The learning store of the table in `home`, which keeps no teaching of `kind`."""
    store = LearningStore(home / "data" / "dicetable" / "teaching" / "examples.db")
    assert store.teaching(kind) is None
    return store


def until(what: Callable[[], Any], seconds: float = 60.0) -> Any:
    deadline = time.monotonic() + seconds
    while not (found := what()):
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.1)
    return found


def test_a_table_killed_mid_teaching_finds_its_cards_again_and_learns_them(
    tmp_path: Path,
) -> None:
    hands = write_hands(tmp_path / "hands", shared("cards/deck-a").root, 1, SEED)
    camera = tmp_path / "camera"  # a still camera over one hand laid
    camera.mkdir()
    for k in range(6):
        shutil.copy(hands.path(hands.images[0]), camera / f"f{k:02d}.jpg")

    app = App(tmp_path, "none")  # the teaching begun...
    try:
        app.teach("start")
        assert app.flow() is not None
    finally:
        app.kill()  # ...and the table unplugged

    app = App(tmp_path, str(camera))  # on again, with its camera: the teaching goes on
    try:
        flow = until(lambda: (f := app.flow()) and len(f["cards"]) >= 3 and f)
        deck = [(k["color"], k["value"]) for k in flow["deck"]]
        first = flow["cards"][0]["guess"]
        other = next(k for k in deck if k[1] != first["value"])  # (a fix: another value)
        app.teach("confirm", card=0, color=first["color"], value=first["value"])
        app.teach("confirm", card=1, color=other[0], value=other[1])
        app.teach("leave_out", card=2)
        before = app.flow()
        assert before is not None and before["confirmed"] == 2
        cuts = [app.call("GET", f"/api/teach-cards/cut/{c['id']}.png") for c in before["cards"]]
        assert all(status == 200 for status, _ in cuts)
    finally:
        app.kill()  # unplugged mid-teaching

    app = App(tmp_path, "none")
    try:
        state = app.state()
        after = state["cards"]["flow"]
        assert after is not None
        assert after["cards"] == before["cards"]  # every card, as the camera found it...
        assert after["cards"][1]["card"] == {"color": other[0], "value": other[1]}  # ...and said
        assert after["cards"][2]["left_out"] and after["step"] == "laying"
        for (_, png), c in zip(cuts, after["cards"], strict=True):
            status, again = app.call("GET", f"/api/teach-cards/cut/{c['id']}.png")
            assert status == 200 and np.array_equal(decode(again), decode(png))
        notices = [n["text"] for n in state["notices"]]
        assert any("goes on where it was" in n and "confirmed: 2" in n for n in notices), notices

        app.teach("learn")  # the teaching resumed teaches the set
        done = until(lambda: (f := app.flow()) and f["step"] == "done" and f)
        assert done["result"] == {"kinds": 2, "cards": 2}
        assert (tmp_path / "config" / "dicetable" / "cardsets" / "cards.npz").is_file()
    finally:
        app.close()
    nothing_kept(tmp_path, "cards").close()


def decode(png: bytes) -> np.ndarray:
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
    assert image is not None
    return np.asarray(image)


# ---- in the process: the table's objects made again on the same files ----------------------


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


class Said:
    """A table's learning store (in `home`) and what its teaching said, by level."""

    def __init__(self) -> None:
        self.notices: list[tuple[str, str]] = []
        self.store = LearningStore()

    def notice(self, level: str, text: str) -> None:
        self.notices.append((level, text))

    def said(self, level: str) -> list[str]:
        return [t for lv, t in self.notices if lv == level]


class Table(Said):
    """The card teaching of a table as the app makes it (host.app.cli: kept in the learning
    store), its notices, and a camera fed frames."""

    def __init__(self) -> None:
        super().__init__()
        self.teaching = CardTeaching(lambda: None, self.notice)
        self.teaching.keep_in(self.store)
        self.camera = DiceWatcher()
        self.teaching.attach(self.camera.cards)

    @property
    def flow(self) -> CardTeachFlow | None:
        return self.teaching.flow


@pytest.fixture
def hand(home: Path) -> Path:
    hands = write_hands(home / "hands", shared("cards/deck-a").root, 1, SEED)
    return hands.path(hands.images[0])


def taught(table: Table, hand: Path) -> CardTeachFlow:
    """A teaching begun, a hand laid, its first card confirmed and its second left out."""
    table.teaching.act({"step": "start"}, None)
    feed(table.camera, [hand] * 4)
    flow = table.teaching.flow
    assert flow is not None and len(flow.cards) >= 3
    guess = flow.cards[0].guess
    table.teaching.act({"step": "confirm", "card": 0, "color": guess[0], "value": guess[1]}, None)
    table.teaching.act({"step": "leave_out", "card": 1}, None)
    return flow


def test_cards_still_lying_after_a_restart_are_not_cut_again(home: Path, hand: Path) -> None:
    flow, again = restarted("cards", Table, lambda table: taught(table, hand))
    assert again.said("info") == [
        "the teaching of the cards goes on where it was when the table stopped (cards seen: "
        f"{len(flow.cards)}, confirmed: 1)"
    ]
    resumed_flow = again.flow
    assert resumed_flow is not None
    feed(again.camera, [hand] * 4)  # the hand still lies there
    assert len(resumed_flow.cards) == len(flow.cards)
    assert feed(again.camera, [hand] * 4) == []  # (the camera's cards are taught still)


def restarted(kind: str, table: Callable[[], Any], teach: Callable[[Any], Any]) -> tuple[Any, Any]:
    """A teaching of `kind` taught by `teach` on a `table`, which stops (nothing closed) and
    is made again on the same files: the teaching resumed as it was, and said once. Returns
    the teaching before the stop, and the table made again."""
    flow = teach(table())
    again = table()
    assert again.flow is not None and again.flow.to_json() == flow.to_json()
    (said,) = again.said("info")
    assert said.startswith(f"the teaching of the {kind} goes on where it was when the table")
    return flow, again


def test_a_kept_teaching_that_cannot_be_read_is_said_and_the_table_goes_on(
    home: Path, hand: Path
) -> None:
    resumed = damaged_is_said("cards", Table, lambda table: taught(table, hand))
    assert resumed.cards[0].left_out  # (card 1, left out, is card 0 now)


def damaged_is_said(kind: str, table: Callable[[], Any], teach: Callable[[Any], Any]) -> Any:
    """A teaching of `kind` (host.app.kept) taught by `teach` on a `table` (made again on the
    same files: a restart), then damaged as kept: one cut, and then the teaching itself.
    Each is said, the table goes on, and a new teaching replaces it; returns the teaching
    resumed without its first cut."""
    flow = teach(table())
    db = LearningStore()
    kept = db.teaching(kind)
    assert kept is not None
    state, cuts = kept
    # one cut damaged: the others are resumed, numbered anew, and kept so
    db.keep_teaching(kind, state, [KeptCut(0, b"not a png", cuts[0].found)])
    again = table()
    resumed = again.flow
    assert resumed is not None and resumed.kept_cuts() == flow.kept_cuts() - 1
    assert again.said("warning") == [
        f"1 of the pictures kept by the teaching of the {kind} could not be read back after "
        "the table stopped: show it to the camera again"
    ]
    assert not table().said("warning")  # (kept again as it is now)
    # the teaching itself damaged: said, the table goes on, and a new teaching replaces it
    db.keep_teaching(kind, "{not json")
    again = table()
    assert again.flow is None
    (error,) = again.said("error")
    assert error.startswith(
        f"the teaching of the {kind} under way when the table stopped cannot be resumed: what "
        "was kept of it cannot be read ("
    ), error
    assert error.endswith("; start it again")
    teach(again)
    assert table().said("error") == []
    db.close()
    return resumed


def test_a_store_that_fails_is_said_once_and_the_teaching_goes_on(home: Path, hand: Path) -> None:
    flow = failing_is_said_once("cards", Table(), lambda table: taught(table, hand))
    assert flow.confirmed()


def failing_is_said_once(kind: str, table: Any, teach: Callable[[Any], Any]) -> Any:
    """A teaching of `kind` taught by `teach` on a `table` whose store fails: said once (in
    the store's words: what the file is), and it goes on in memory; returns it."""
    table.store.close()  # (as a disk gone)
    flow = teach(table)
    (error,) = table.said("error")
    assert error.startswith(f"the teaching of the {kind} cannot be kept (the table's learning")
    assert table.flow is flow
    return flow


def test_a_cancel_during_the_fit_wins(
    home: Path, hand: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table()
    flow = taught(table, hand)
    other = next(k for k in flow.kinds if k[1] != flow.cards[0].guess[1])  # (two values)
    table.teaching.act({"step": "confirm", "card": 1, "color": other[0], "value": other[1]}, None)
    fitting, go = threading.Event(), threading.Event()
    learn = CardTeachFlow.learn

    def slow(self: CardTeachFlow, seed: int = 0) -> Any:
        fitting.set()
        go.wait(30)
        return learn(self, seed)

    monkeypatch.setattr(CardTeachFlow, "learn", slow)
    reloaded: list[str] = []
    monkeypatch.setattr(table.camera.cards, "reload", reloaded.append)
    table.teaching.act({"step": "learn"}, None)
    assert fitting.wait(30) and flow.step == "fitting"
    table.teaching.act({"step": "cancel"}, None)
    fit = next(t for t in threading.enumerate() if t.name == "teach-cards")
    go.set()
    fit.join(30)
    assert table.teaching.flow is None
    assert not cardset.user_path("cards").is_file()
    assert list(cardset.user_dir().glob("*")) == []  # (nor its file made on the way)
    assert reloaded == [] and table.said("info") == [
        "KaTO: the teaching of the cards was cancelled: the cards seen are forgotten and the "
        "set being learnt is not used"
    ]
    assert table.store.teaching("cards") is None


def test_learn_these_cards_from_a_second_phone_while_they_are_learnt_says_so(
    home: Path, hand: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two phones show the cards to confirm; one taps Learn these cards, the other taps it
    too (or confirms a card) a moment later: it was told 'the cards are learnt already',
    which they were not (and the page then said they were being learnt). Now it is told
    they are being learnt, in its language, and the fit goes on to its end."""
    from host.errors import UserError
    from host.games.text import localize

    table = Table()
    flow = taught(table, hand)
    other = next(k for k in flow.kinds if k[1] != flow.cards[0].guess[1])  # (two values)
    table.teaching.act({"step": "confirm", "card": 1, "color": other[0], "value": other[1]}, None)
    fitting, go = threading.Event(), threading.Event()
    learn = CardTeachFlow.learn

    def slow(self: CardTeachFlow, seed: int = 0) -> Any:
        fitting.set()
        go.wait(30)
        return learn(self, seed)

    monkeypatch.setattr(CardTeachFlow, "learn", slow)
    table.teaching.act({"step": "learn"}, None)
    assert fitting.wait(30) and flow.step == "fitting"
    for step in ({"step": "learn"}, {"step": "leave_out", "card": 0}):
        with pytest.raises(UserError, match="the cards are being learnt now") as refused:
            table.teaching.act(step, None)
        assert "カードは学習中です" in str(localize(refused.value.args[0], "ja"))
    go.set()
    next(t for t in threading.enumerate() if t.name == "teach-cards").join(30)
    assert flow.step == "done" and cardset.user_path("cards").is_file()


def test_a_cancel_before_the_fit_is_said_too(home: Path, hand: Path) -> None:
    from host.games.text import localize

    table = Table()
    taught(table, hand)
    table.teaching.act({"step": "cancel"}, None)
    (said,) = table.said("info")
    assert said == "KaTO: the teaching of the cards was cancelled: the cards seen are forgotten"
    cancelled = "KaTO：カードの学習をキャンセルしました：見たカードは消去されました"
    assert localize(said, "ja") == cancelled
    assert table.teaching.flow is None and table.store.teaching("cards") is None
    table.teaching.act({"step": "start"}, None)
    table.teaching.act({"step": "close"}, None)  # (a close is no cancel: nothing said)
    assert len(table.said("info")) == 1


def test_a_card_the_teaching_has_not_is_refused_in_the_flows_words(home: Path, hand: Path) -> None:
    table = Table()
    with pytest.raises(UserError, match="no teaching of the cards is going on"):
        table.teaching.cut(0)
    flow = taught(table, hand)
    assert table.teaching.cut(0).startswith(b"\x89PNG")
    with pytest.raises(UserError) as said:
        table.teaching.cut(len(flow.cards))
    assert said.value.args[0].template == "there is no card {card} in this teaching"


def test_a_set_that_cannot_be_written_is_said_and_the_cards_are_kept(
    home: Path, hand: Path
) -> None:
    """The OS refuses the folder of the taught card sets (a file stands where it goes, as
    a full or read-only disk refuses). Before: 'internal error learning the cards:
    FileExistsError(17, ...)', in English whatever the page's language, as if a bug."""
    from host.games.text import say

    table = Table()
    flow = taught(table, hand)
    other = next(k for k in flow.kinds if k[1] != flow.cards[0].guess[1])  # (two values)
    table.teaching.act({"step": "confirm", "card": 1, "color": other[0], "value": other[1]}, None)
    cardset.user_dir().parent.mkdir(parents=True, exist_ok=True)
    cardset.user_dir().write_text("not a folder")
    table.teaching.act({"step": "learn"}, None)
    assert flow.step == "fitting"
    # (the notice comes just after the step: wait for it, not for the step)
    (said,) = until(lambda: table.said("error"))
    assert flow.step == "laying"
    assert said.startswith("the card set cannot be written in ") and "internal" not in said
    assert "then Learn these cards again (the cards taught are kept)" in said
    assert "«\u00a0Apprendre ces cartes\u00a0»" in say(said, "fr")
    assert flow.result == {"error": said} and len(flow.confirmed()) == 2


def test_a_new_teaching_keeps_the_set_taught_before_and_it_is_put_back_at_once(
    home: Path, hand: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: a second teaching's set replaced the first one's file (cards.npz), which
    was lost; then it was kept beside it, and to read with it again people copied it over
    cards.npz and started dicetable again. Now the notice says the page lists it, and the
    page's put_back reads with it at once, the set it replaces kept aside in turn. Real
    files, taught twice."""
    from host.games.text import say

    def learnt(table: Table, n: int) -> None:
        flow = taught(table, hand)
        other = [k for k in flow.kinds if k[1] != flow.cards[0].guess[1]][n]  # (two values)
        card = {"card": 1, "color": other[0], "value": other[1]}
        table.teaching.act({"step": "confirm", **card}, None)
        table.teaching.act({"step": "learn"}, None)
        until(lambda: flow.step == "done" and table.said("info"))
        table.teaching.act({"step": "close"}, None)

    table = Table()
    learnt(table, 0)
    path = cardset.user_path("cards")
    first = path.read_bytes()
    assert len(table.said("info")) == 1  # (nothing was taught before)
    again = Table()
    learnt(again, 1)  # (another deck's card)
    until(lambda: len(again.said("info")) == 2)
    (aside,) = path.parent.glob("cards.npz.set-aside-*")
    second = path.read_bytes()
    assert aside.read_bytes() == first and second != first
    said = again.said("info")[1]
    assert said == (
        f"the set taught before is kept aside ({aside.name}): Teach your cards lists it, to "
        "put it back"
    )
    assert "«\u00a0Apprendre vos cartes\u00a0»" in say(said, "fr")
    view = again.teaching.view(None)
    assert view is not None and [k["file"] for k in view["kept"]] == [aside.name]
    reloaded: list[str] = []
    monkeypatch.setattr(again.camera.cards, "reload", reloaded.append)
    again.teaching.act({"step": "put_back", "file": aside.name}, None)
    assert path.read_bytes() == first and cardset.load("cards").kinds
    assert reloaded == ["cards"]  # (read with at once, no restart)
    (kept,) = path.parent.glob("cards.npz.set-aside-*")  # the second, kept aside in turn
    assert kept.read_bytes() == second
    assert again.said("info")[-1] == (
        f"the table reads the cards with the set kept aside as {aside.name} again; the one it "
        f"read with is kept aside in turn ({kept.name})"
    )
    with pytest.raises(UserError, match=r"no card set is kept aside as '\.\./cards\.npz'"):
        again.teaching.act({"step": "put_back", "file": "../cards.npz"}, None)
