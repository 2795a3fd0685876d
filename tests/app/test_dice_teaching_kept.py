"""Teaching the table its dice loses nothing when the table stops (host.app.teaching, kept
in the learning store's real SQLite file by host.app.kept, as the cards' teaching is).

- `dicetable play` killed (SIGKILL) mid-teaching, after ten throws and some groups named,
  and started again: every die cut out (its crop to the byte), the groups and what people
  said of them and of single dice are found again, and the teaching goes on to fit the set.
- Dice still lying under the camera after a restart are not cut again.
- A kept teaching that cannot be read (its state, or one die) is said, and the table goes
  on; a store that fails is said once, and the teaching goes on in memory.
- A cancel wins over the teaching's fit: the refit is stopped, the set it keeps is not
  used, its dice are forgotten, and the cancel is said.
- A fit asked for while a play refit of the set runs waits for it, then fits the dice
  taught: the play refit's report is never taken for the teaching's.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from host.app.teaching import Learning
from host.errors import UserError
from host.games.text import localize
from host.recording import still_session
from tests.app.test_card_teaching_kept import (
    App,
    Said,
    damaged_is_said,
    failing_is_said_once,
    home,  # noqa: F401  (a fixture: the table's files in a folder of the test's)
    nothing_kept,
    restarted,
    until,
)
from tests.app.test_learning_table import Refits
from tests.app.test_teach_page import origins, truths
from vision.faceset import SHIPPED
from vision.learning import sets
from vision.learning.flow import TeachFlow
from vision.learning.store import Version

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("home")]


# ---- the real app, killed and started again ------------------------------------------------


class DiceApp(App):
    """`dicetable play` (tests.app.test_card_teaching_kept.App), taught its dice."""

    teaching = "teach"

    def flow(self) -> dict[str, Any] | None:
        return self.state()["teaching"]  # type: ignore[no-any-return]

    def name(self, group: dict[str, Any], truth: dict[int, tuple[str, Any]], part: int) -> None:
        """Name a group (part 0: faces, 1: colours) as most of its dice are, and move each
        die that is not."""
        step, move, field = (
            ("name", "move", "face") if part == 0 else ("colour", "recolor", "color")
        )
        said = Counter(truth[i][part] for i in group["cuts"]).most_common(1)[0][0]
        self.teach(step, group=group["id"], **{field: said})
        for i in group["cuts"]:
            if truth[i][part] != said:
                self.teach(move, cut=i, **{field: truth[i][part]})


def test_a_table_killed_mid_teaching_finds_its_dice_again_and_fits_them(tmp_path: Path) -> None:
    frames = origins("teach")
    camera = tmp_path / "camera"  # ten throws, each held before the camera with its noise
    still_session([frames.path(i) for i in frames.images], camera)

    app = DiceApp(tmp_path, str(camera))
    try:
        app.teach("start", face_set="kot")  # (the session plays once the teaching waits)
        flow = until(lambda: (f := app.flow()) and f["step"] == "sorting" and f, 300)
        assert flow["throws"] == 10
        truth = truths(flow, frames)
        half = len(flow["groups"]) // 2
        for group in flow["groups"][:half]:  # some groups named, some dice moved...
            app.name(group, truth, 0)
        before = app.flow()
        assert before is not None and sum(g["face"] is not None for g in before["groups"]) == half
        cuts = [app.call("GET", f"/api/teach/cut/{c['id']}.png") for c in before["cuts"]]
        assert all(status == 200 for status, _ in cuts)
    finally:
        app.kill()  # ...and the table unplugged

    app = DiceApp(tmp_path, "none")
    try:
        state = app.state()
        assert state["teaching"] == before  # every die, every group, all that was said
        for (_, png), c in zip(cuts, before["cuts"], strict=True):
            assert app.call("GET", f"/api/teach/cut/{c['id']}.png") == (200, png)
        notices = [n["text"] for n in state["notices"]]
        assert any(
            "goes on where it was" in n and f"dice cut out: {len(before['cuts'])}" in n
            for n in notices
        ), notices
        for group in before["groups"][half:]:  # the teaching goes on...
            app.name(group, truth, 0)
        flow = app.flow()
        assert flow is not None and flow["colour_groups"]
        for group in flow["colour_groups"]:
            app.name(group, truth, 1)
        assert app.flow()["left"] == []  # type: ignore[index]
        app.teach("fit")  # ...and fits the set
        done = until(lambda: (f := app.flow()) and f["step"] != "fitting" and f, 600)
        assert done["step"] == "done" and done["result"]["kept"], done["result"]
        assert done["result"]["installed"] and done["result"]["figures"]["wrong"] == 0
    finally:
        app.close()
    examples = nothing_kept(tmp_path, "dice").examples("kot")
    assert len(examples) == len(before["cuts"])  # (once each, for all the kills)


# ---- in the process: the table's learning made again on the same files ---------------------


class Table(Said):
    """The dice learning of a table as the app makes it (host.app.cli), its notices."""

    def __init__(self) -> None:
        super().__init__()
        self.learning = Learning(self.store, lambda: None, self.notice)
        self.learning.refits.stop()
        self.learning.refits = Refits()  # type: ignore[assignment]

    def throw(self, image: int) -> None:
        """The dice of the teaching frame `image` lie still under the camera."""
        frames = origins("teach")
        frame = frames.frame(frames.images[image])
        reader = self.learning._reader
        assert reader is not None
        self.learning._seen(frame, reader.read(frame))

    @property
    def flow(self) -> TeachFlow | None:
        return self.learning.flow


def thrown(table: Table, throws: int = 2) -> TeachFlow:
    table.learning.act({"step": "start", "face_set": "kot"}, None)
    for image in range(throws):
        table.throw(image)
    flow = table.learning.flow
    assert flow is not None and flow.throws == throws
    return flow


def test_dice_still_lying_after_a_restart_are_not_cut_again() -> None:
    flow, again = restarted("dice", Table, thrown)
    assert again.said("info") == [
        "the teaching of the dice goes on where it was when the table stopped (throws: 2, "
        f"dice cut out: {len(flow.cuts)})"
    ]
    again.throw(1)  # the dice of the last throw still lie there
    resumed_flow = again.flow
    assert (
        resumed_flow is not None
        and resumed_flow.throws == 2
        and len(resumed_flow.cuts) == len(flow.cuts)
    )
    again.throw(2)  # a throw
    assert resumed_flow.throws == 3 and len(Table().learning.flow.cuts) > len(flow.cuts)  # type: ignore[union-attr]


def test_a_kept_teaching_that_cannot_be_read_is_said_and_the_table_goes_on() -> None:
    resumed = damaged_is_said("dice", Table, thrown)
    assert [c.id for c in resumed.cuts] == list(range(len(resumed.cuts)))
    assert resumed.cuts[0].throw == 1 and resumed.throws == 2  # (die 1 is die 0 now)


def test_a_store_that_fails_is_said_once_and_the_teaching_goes_on() -> None:
    assert failing_is_said_once("dice", Table(), thrown).cuts


def named(table: Table) -> TeachFlow:
    """A teaching of one throw, named (every face shown once), to be fitted."""
    flow = thrown(table, 1)
    table.learning.act({"step": "sort"}, None)
    until(lambda: flow.step == "sorting")
    for group in flow.groups:
        flow.name_group(group.id, flow.faces[group.id % len(flow.faces)])
    for cut in range(len(flow.faces)):  # (every face shown once)
        flow.move(cut, flow.faces[cut])
    for group in flow.colour_groups:
        flow.name_colour(group.id, flow.colors[0])
    return flow


def fitting(table: Table) -> TeachFlow:
    """A teaching of one throw, named (every face shown once), being fitted."""
    flow = named(table)
    table.learning.act({"step": "fit"}, None)
    refits = table.learning.refits
    assert isinstance(refits, Refits) and refits.started == ["kot"] and refits.installs == [False]
    assert len(table.learning.store.examples("kot")) == len(flow.cuts)
    return flow


CANCELLED = (
    "King of Tokyo dice: the teaching was cancelled: the dice taught are forgotten and the "
    "set being learnt is not used"
)


def test_a_cancel_during_the_fit_wins() -> None:
    table = Table()
    fitting(table)
    store = table.learning.store
    table.learning.act({"step": "cancel"}, None)
    refits = table.learning.refits
    assert isinstance(refits, Refits) and refits.cancelled == ["kot"]
    assert table.said("info")[-1] == CANCELLED
    said = len(table.notices)
    # the refit ended before it was stopped: the version it kept is never used
    fitted = Version("kot", 1, 0.0, "kept", __file__, None, 0, {}, "teaching")
    store.add_version(fitted)
    table.learning._refit_done(
        {"face_set": "kot", "version": 1, "kept": True, "installed": False, "figures": {}}
    )
    assert sets.in_use(store, "kot") == sets.SHIPPED and table.notices[said:] == []
    (version,) = store.versions("kot")
    assert version.status == "cancelled" and not version.to_json()["usable"]
    assert fitted.usable  # (as it was kept)
    assert store.examples("kot") == [] and store.teaching("dice") is None


def test_a_version_the_fit_made_before_the_cancel_whose_report_is_dropped_is_never_used() -> None:
    """The refit ended (its version saved) just before the cancel stopped it: the report
    is dropped with it (refit.Background.cancel), the version is found in the store."""
    table = Table()
    table.learning.store.add_version(  # an earlier version, kept: not the fit's
        Version("kot", 1, 0.0, "kept", __file__, None, 0, {}, "refit")
    )
    fitting(table)
    store = table.learning.store
    store.add_version(Version("kot", 2, 0.0, "kept", __file__, None, 0, {}, "refit"))
    table.learning.act({"step": "cancel"}, None)
    assert [(v.version, v.status, v.usable) for v in store.versions("kot")] == [
        (1, "kept", True),
        (2, "cancelled", False),
    ]
    assert table.said("info")[-1] == CANCELLED
    assert store.examples("kot") == [] and store.teaching("dice") is None


def test_a_cancel_before_the_fit_is_said_too() -> None:
    table = Table()
    thrown(table, 1)
    table.learning.act({"step": "cancel"}, None)
    assert table.said("info")[-1] == (
        "King of Tokyo dice: the teaching was cancelled: the dice cut out are forgotten"
    )
    assert table.learning.store.teaching("dice") is None


# ---- a fit asked for while a play refit of the set runs ----------------------------------


class Running(Refits):
    """Refits (tests.app.test_learning_table.Refits) of which one runs per set, until it is
    said to have ended (`ended`: its report given to the table, as Background does)."""

    def __init__(self) -> None:
        super().__init__()
        self.now: set[str] = set()

    def start(self, name: str, install: bool = True) -> bool:
        if name in self.now:
            return False
        self.now.add(name)
        return super().start(name, install)

    def running(self, name: str) -> bool:
        return name in self.now

    def names(self) -> list[str]:
        return sorted(self.now)

    def cancel(self, name: str) -> None:
        super().cancel(name)
        self.now.discard(name)

    def ended(self, learning: Learning, said: dict[str, Any]) -> None:
        self.now.discard(said["face_set"])
        learning._refit_done(said)


FIGURES = {"checked": 6, "right": 6, "wrong": 0, "unknown": 0}


def report(table: Table, version: int, install: bool, examples: int, upto: int) -> dict[str, Any]:
    """A refit of kot ended, its `version` kept (saved in the store, its file kot's shipped
    one, learnt from the examples up to `upto`), installed if it was to `install` it."""
    store = table.learning.store
    shipped = SHIPPED / "kot.npz"  # (its bytes: the newer version of the two is in use)
    digest = sets.sha256(shipped)
    made = Version("kot", version, 0.0, "kept", str(shipped), digest, upto, {}, "refit")
    store.add_version(made)
    if install:
        sets.install(store, "kot", version)
    return {
        "face_set": "kot", "version": version, "kept": True, "installed": install,
        "install": install, "figures": FIGURES, "examples": examples,
    }  # fmt: skip


def running(table: Table) -> Running:
    refits = Running()
    table.learning.refits = refits  # type: ignore[assignment]
    return refits


def test_a_fit_asked_for_while_a_play_refit_runs_waits_for_it_then_fits_the_dice_taught() -> None:
    """The play refit read its examples before the teaching's were added: its version is not
    the teaching's. (Before, the teaching's fit was not started, Background.start refusing
    it, and the teaching took the play refit's report as its own: 'learnt... version 1'.)"""
    table = Table()
    refits = running(table)
    assert refits.start("kot")  # a play refit (it installs what it keeps), running
    flow = named(table)
    table.learning.act({"step": "fit"}, None)
    store = table.learning.store
    taught = store.examples("kot")
    assert len(taught) == len(flow.cuts)
    assert flow.step == "fitting" and refits.started == ["kot"]  # (it waits)
    view = table.learning.view()
    assert view is not None and view["waiting"] is True  # the page says what it waits for
    said = len(table.said("info"))
    refits.ended(table.learning, report(table, 1, True, 40, 0))  # learnt none of them
    # said as a play refit's, not the teaching's; the teaching's own fit starts now
    assert table.said("info")[said:] == [
        "King of Tokyo dice: learnt from 40 dice (version 1); of 6 kept aside, 6 read right, "
        "0 wrong, 0 left to you"
    ]
    assert flow.step == "fitting" and flow.result is None
    assert refits.started == ["kot", "kot"] and refits.installs == [True, False]
    view = table.learning.view()
    assert view is not None and view["waiting"] is False
    refits.ended(table.learning, report(table, 2, False, 40 + len(taught), taught[-1].id))
    assert flow.step == "done" and flow.result is not None and flow.result["version"] == 2
    assert flow.result["installed"] and sets.in_use(store, "kot") == 2
    (fitted,) = [v for v in store.versions("kot") if v.version == flow.result["version"]]
    assert fitted.upto >= max(e.id for e in taught)  # the version reported learnt the dice


def test_learn_these_dice_tapped_on_two_phones_fits_once_and_its_version_is_used() -> None:
    """Two phones show the named groups; both tap Learn these dice (or one taps twice, the
    second after the first was answered). Before, the second found the teaching's own fit
    running and waited for it as for a play refit: that fit's version was then set aside as
    a cancelled teaching's, and the page said it waited for ever. Now the second is
    refused, in the phone's language, and the first fit's version is learnt and used."""
    table = Table()
    refits = running(table)
    flow = named(table)
    table.learning.act({"step": "fit"}, None)
    with pytest.raises(UserError, match="learnt already, or being learnt") as refused:
        table.learning.act({"step": "fit"}, None)
    assert "二重に指示されました" in str(localize(refused.value.args[0], "ja"))
    view = table.learning.view()
    assert view is not None and view["waiting"] is False and refits.started == ["kot"]
    refits.ended(table.learning, report(table, 1, False, len(flow.cuts), 10**6))
    assert flow.step == "done" and flow.result is not None and flow.result["installed"]
    assert sets.in_use(table.learning.store, "kot") == 1
    with pytest.raises(UserError, match="learnt already"):  # a phone a step behind
        table.learning.act({"step": "fit"}, None)
    assert flow.step == "done" and refits.started == ["kot"]


def test_a_play_refit_ending_just_as_the_teachings_fit_began_is_not_the_teachings() -> None:
    """Background saw the play refit's process end just before the teaching's fit started,
    and gives its report only after: it is said as a play refit's."""
    table = Table()
    refits = running(table)
    flow = named(table)
    table.learning.act({"step": "fit"}, None)  # (no refit running: its own starts)
    assert refits.installs == [False]
    table.learning._refit_done(report(table, 1, True, 40, 0))  # (the play refit's, late)
    assert flow.step == "fitting" and flow.result is None
    assert refits.installs == [False]  # (its own fit runs: none started again)
    refits.ended(table.learning, report(table, 2, False, 50, 10**6))
    assert flow.step == "done" and flow.result is not None and flow.result["version"] == 2


def test_a_fit_waiting_for_a_play_refit_that_waits_for_another_process_says_so() -> None:
    """A play refit waits for a refit of the set another process runs, as the teaching's
    does (vision.learning.refit.Background): a fit asked for meanwhile says it waits for
    that other refit; once the play refit fits, it says it waits for the play refit. (Before,
    a play refit failed then, and the page said nothing of what it waited for.)"""
    table = Table()
    refits = running(table)
    assert refits.start("kot")
    table.learning._refit_waits("kot", True)  # (Background: the play refit waits)
    named(table)
    table.learning.act({"step": "fit"}, None)
    view = table.learning.view()
    assert view is not None and (view["elsewhere"], view["waiting"]) == (True, False)
    table.learning._refit_waits("kot", False)  # it took the lock: it fits
    view = table.learning.view()
    assert view is not None and (view["elsewhere"], view["waiting"]) == (False, True)
    table.learning._refit_waits("kot", True)  # (a play refit waiting when a fit ends...)
    refits.ended(table.learning, report(table, 1, True, 40, 0))
    view = table.learning.view()  # (...then ended: the teaching's own fit runs)
    assert view is not None and (view["elsewhere"], view["waiting"]) == (False, False)


def test_a_cancel_while_the_fit_waits_for_a_play_refit_stops_that_refit_too() -> None:
    """The play refit may have read the dice taught (they are forgotten): it is stopped;
    play learns on (its refit started again once play brought enough examples)."""
    table = Table()
    refits = running(table)
    assert refits.start("kot")
    named(table)
    table.learning.act({"step": "fit"}, None)
    table.learning.act({"step": "cancel"}, None)
    assert refits.cancelled == ["kot"] and table.said("info")[-1] == CANCELLED
    store = table.learning.store
    assert store.examples("kot") == [] and store.teaching("dice") is None
    assert table.learning.flow is None and refits.started == ["kot"]


# ---- keeping a teaching only while it goes on (host.app.kept.Keeping.keep_current) ---------


class Kept:
    """Stands for the learning store: notes what is kept."""

    def __init__(self) -> None:
        self.kept: list[tuple[str, str, list[int], dict[int, str | None]]] = []

    def begin_teaching(self, kind: str, state: str, cuts: Any = ()) -> None:
        self.kept.append(("begin", state, [c.number for c in cuts], {}))

    def keep_teaching(self, kind: str, state: str, cuts: Any = (), said: Any = None) -> None:
        self.kept.append(("keep", state, [c.number for c in cuts], dict(said or {})))


class Flowing:
    """A teaching with `cuts` cut out (what keeping needs of one: host.app.kept.Flow)."""

    def __init__(self, name: str, cuts: int) -> None:
        self.name, self.cuts = name, cuts

    def kept(self) -> str:
        return self.name

    def kept_cuts(self) -> int:
        return self.cuts

    def kept_cut(self, number: int) -> tuple[bytes, str]:
        return b"png", "{}"

    def said_of(self, number: int) -> str | None:
        return '"claw"'


def test_a_step_ending_after_its_teaching_ended_keeps_nothing() -> None:
    """The dice's and the cards' teachings keep a flow only while it is the one going on: a
    grouping or a fit that ends after a cancel, or after another teaching began, keeps
    nothing of the teaching gone."""
    from host.app.kept import Keeping, Words
    from host.app.text import _

    keeping: Keeping[Flowing] = Keeping("dice", Words(_("the teaching of the dice"), str))
    store = Kept()
    keeping.store = store  # type: ignore[assignment]
    gone, now = Flowing("gone", 2), Flowing("now", 3)
    keeping.begin(now)
    keeping.keep_current(gone, now, new=range(2), said=1)  # (a step of the teaching gone)
    keeping.keep_current(gone, None)  # (no teaching going on)
    assert store.kept == [("begin", "now", [0, 1, 2], {})]
    now.cuts = 4
    keeping.keep_current(now, now, new=range(3, 4), said=0)
    assert store.kept[1:] == [("keep", "now", [3], {0: '"claw"'})]
