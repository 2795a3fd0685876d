"""Teaching the table its dice from the page, in real Chromium: a recorded session of the
ten teaching frames of an edition the shipped set never saw (shared/data/kot-frames/
origins/teach, each frame a throw, held before the camera with its noise) is played
into the table; a person names each group of cut-out dice on the page; the set made
reads the edition's test frames (never taught from) without a silent error.

A Cancel tapped while the dice are being learnt wins: the page says so, the version the fit
made is recorded cancelled and never offered, the dice of that teaching are forgotten (the
fit held at its end by a stand-in for the table's refits, `Paused`)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from playwright.sync_api import Browser, Page, expect

from host.app.camera import DiceWatcher
from host.app.recorded import SessionPlayer
from host.recording import still_session
from tests.app.browser import PLAYERS, Served, open_page, served_learning
from tests.app.test_card_teaching_kept import until
from tests.learning.learning_support import holding
from tests.shared_data import shared
from vision import labels
from vision.errors import VisionError
from vision.evaluate import evaluate
from vision.learning import sets
from vision.learning.refit import refit
from vision.learning.store import NONE, LearningStore, Version
from vision.reader import DiceReader

pytestmark = pytest.mark.slow

# test frames read by the set taught (all 200: TEACH_TEST_FRAMES=200, as `make soak` does)
TEST_FRAMES = int(os.environ.get("TEACH_TEST_FRAMES", "60"))


def origins(part: str) -> labels.LabelSet:
    return shared(f"kot-frames/origins/{part}")


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    with served_learning(tmp_path, monkeypatch) as s:
        yield s


def truths(teaching: dict[str, Any], frames: labels.LabelSet) -> dict[int, tuple[str, Any]]:
    """What each cut of the teaching really is: the labelled die whose box holds its centre
    in the frame of its throw (NONE: no die is labelled there)."""
    out = {}
    for cut in teaching["cuts"]:
        image = frames.images[cut["throw"] - 1]
        x, y = cut["center"]
        die = next(
            (d for d in image.dice if d.box[0] <= x <= d.box[2] and d.box[1] <= y <= d.box[3]),
            None,
        )
        out[cut["id"]] = (die.face, die.color) if die else (NONE, None)
    return out


def test_teach_the_table_an_edition_it_never_saw_from_the_page(
    table: Served, browser: Browser, tmp_path: Path
) -> None:
    frames = origins("teach")
    session = still_session([frames.path(i) for i in frames.images], tmp_path / "session")
    stop = threading.Event()
    player = SessionPlayer(table.table, session, DiceWatcher(), speed=0, inputs=False)
    threading.Thread(target=player.run, args=(stop,), daemon=True).start()
    taps = 0
    try:
        page = open_page(browser, table, timeout_ms=20_000)
        page.click("[data-test=more]")  # the teaching is one tap away, under More
        page.click("[data-test=teach]")
        # the sets by their titles, the game on the table's first (none here)
        expect(page.locator("#panel select option[value=kot]")).to_have_text("King of Tokyo dice")
        page.select_option("#panel select", "kot")
        page.click("[data-test=teach-start-set]")
        # the ten frames are played once the teaching waits for throws; ten throws seen,
        # the dice are sorted by themselves
        expect(page.locator("[data-test=teach-group]").first).to_be_visible(timeout=180_000)
        teaching = table.table.view()["teaching"]
        assert teaching["throws"] == 10
        truth = truths(teaching, frames)
        taps += _named_on_page(page, teaching, truth, FACES)
        expect(page.locator("[data-test=teach-colour-group]").first).to_be_visible()
        taps += _named_on_page(page, table.table.view()["teaching"], truth, COLOURS)
        wrong = [
            (cut["id"], _label(table, cut["id"]), truth[cut["id"]])
            for cut in table.table.view()["teaching"]["cuts"]
            if _label(table, cut["id"]) != truth[cut["id"]]
        ]
        assert not wrong, wrong
        page.click("[data-test=teach-fit]")
        expect(page.locator("[data-test=teach-result]")).to_be_visible(timeout=180_000)
        result = page.locator("[data-test=teach-result] p").first
        expect(result).to_have_text(
            "King of Tokyo dice: learnt. The table now reads these dice with version 1."
        )
        check = page.locator("[data-test=teach-check]").inner_text()
        assert " 0 read wrong" in check, check
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        stop.set()
    faces = len(teaching["faces"])
    print(f"\nteaching from the page: {taps} taps for {faces} faces ({check})")
    assert taps <= 2 * faces
    store = table.table.learning.store  # type: ignore[union-attr]
    assert sets.in_use(store, "kot") == 1  # stored as the table's set, and used
    test = origins("test")
    figures = evaluate(test, DiceReader.load("kot"), test.images[:TEST_FRAMES]).figures()
    print(f"the set taught reads {TEST_FRAMES} test frames: {figures}")
    assert figures["face_accuracy"] >= 0.99, figures
    assert figures["silent_error_rate"] == 0.0, figures


FACES, COLOURS = 0, 1  # what a group is named by (its index in a die's truth)


def _named_on_page(
    page: Page, teaching: dict[str, Any], truth: dict[int, tuple[str, Any]], part: int
) -> int:
    """Each group of the teaching's, by look (FACES) or by colour (COLOURS), named on the
    page as most of its dice are, and each of its dice that is not tapped and named its own:
    the taps it took."""
    groups, test, field = (
        ("groups", "teach-group", "face"),
        ("colour_groups", "teach-colour-group", "color"),
    )[part]
    taps = 0
    for group in teaching[groups]:
        said = Counter(truth[i][part] for i in group["cuts"]).most_common(1)[0][0]
        box = page.locator(f"[data-test={test}][data-group='{group['id']}']")
        box.locator(f".names button[data-{field}='{said}']").click()
        taps += 1
        expect(box).to_have_class("group named")
        for i in group["cuts"]:
            if truth[i][part] != said:  # a die in the wrong group: tap it, tap its own
                box.locator(f"[data-cut='{i}']").click()
                box.locator(f".picker button[data-{field}='{truth[i][part]}']").click()
                taps += 2
    return taps


def _label(s: Served, cut: int) -> tuple[str | None, str | None]:
    flow = s.table.learning.flow  # type: ignore[union-attr]
    assert flow is not None
    return flow.label(cut)


def test_the_dice_sets_are_shown_by_their_titles_the_game_on_the_table_first(
    table: Served,
    browser: Browser,
) -> None:
    table.table.act(
        {
            "do": "new_game",
            "game": "king-of-tokyo",
            "setup": {"players": PLAYERS, "options": {"dice": "dark"}},
        }
    )
    page = open_page(browser, table, "fr")
    page.evaluate("openPanel('teach')")
    expect(page.locator("[data-test=teach-start]")).to_be_visible()  # the game's dice
    expect(page.locator("#panel label")).to_contain_text("Ou d'autres dés\u00a0:")
    options = page.locator("#panel select option")
    expect(options.first).to_have_text("Dés de King of Tokyo\u00a0: Dark Edition")
    titles = options.all_inner_texts()
    assert titles[:4] == [
        "Dés de King of Tokyo\u00a0: Dark Edition",  # the box's, read with now
        "Dés de King of Tokyo",
        "Dé berserk",
        "Dé du destin",
    ]
    assert titles[4:] == ["Dés à points (1 à 6)", "Dés de Kingdom Run"]  # by title
    page.evaluate("openPanel('sets')")
    heads = page.locator("#panel h3")
    expect(heads.first).to_contain_text("Dés de King of Tokyo\u00a0: Dark Edition")
    # its name as typed in commands, beside it, marked as no language's
    expect(heads.first.locator("code[translate=no]")).to_have_text("kot-dark")
    assert not page.errors  # type: ignore[attr-defined]


def test_with_no_game_on_the_table_the_teaching_starts_on_the_dice_likely_there(
    table: Served,
    browser: Browser,
) -> None:
    """No game on the table (ja): the teaching's picker starts on the dice likely there,
    the catalog's first game's on a new table, the game played last with dice's after one;
    it started on the first set by title (キングダムランのダイス), whatever lay there."""
    page = open_page(browser, table, "ja")
    page.evaluate("openPanel('teach')")
    expect(page.locator("[data-test=teach-start]")).to_have_count(0)  # no game's dice
    picker = page.locator("#panel select")
    assert picker.evaluate("(s) => s.selectedOptions[0].value") == "kot"
    expect(picker.locator("option:checked")).to_have_text("キング・オブ・トーキョーのダイス")
    page.evaluate("closePanel()")
    racers = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]
    table.table.act({"do": "new_game", "game": "kingdom-run", "setup": {"players": racers}})
    kato = {"players": [{"name": "Ann"}, {"name": "Bob"}]}
    table.table.act({"do": "new_game", "game": "kato", "setup": kato})  # cards: no dice
    page.evaluate("openPanel('teach')")
    expect(page.locator("#panel select option:checked")).to_have_text("キングダムランのダイス")
    assert not page.errors  # type: ignore[attr-defined]


def test_the_dice_sets_follow_a_refit_live_and_say_it_waits_for_another_process_s(
    table: Served,
    browser: Browser,
) -> None:
    """A play refit waits for a refit of its set another process runs (the command line's,
    another table's): the sets list said only 'learning now…' for it, as for one learning.
    The list open follows the refit as it starts, waits, learns and ends (the state pushed
    to the page): it was a snapshot, its line as it was when the list was opened."""
    from tests.app.test_dice_teaching_kept import FIGURES, Running

    learning = table.table.learning
    assert learning is not None
    refits = Running()
    learning.refits = refits  # type: ignore[assignment]
    page = open_page(browser, table, "ja")
    page.evaluate("openPanel('sets')")
    kot = page.locator("#panel h3", has_text="キング・オブ・トーキョーのダイス").first
    said = kot.locator("xpath=following-sibling::p[1]")
    expect(said).to_have_attribute("data-refit", "")
    assert refits.start("kot")
    learning._refit_waits("kot", True)  # (Background: its refit waits for the lock)
    expect(said).to_contain_text("別の学習が終わるのを待っています")
    learning._refit_waits("kot", False)  # it took the lock: it learns
    expect(said).to_contain_text("学習中…")
    expect(said).not_to_contain_text("待っています")
    refits.ended(learning, {"face_set": "kot", "kept": False, "figures": FIGURES})
    expect(said).to_have_attribute("data-refit", "")
    expect(said).not_to_contain_text("学習中")
    assert not page.errors  # type: ignore[attr-defined]


# ---- a Cancel while the dice are learnt --------------------------------------------------


class Paused:
    """Stands for the table's refits (vision.learning.refit.Background): fits for real, in a
    thread of this process rather than a process of its own, then holds the outcome (the
    fit ended, its version saved, its report not yet in) until it is cancelled or stopped,
    so that the page can be tapped while the dice are being learnt. Its `cancel` is
    Background's: it returns once the fit ended, and the report is never given."""

    def __init__(self, store: Path, done: Callable[[dict[str, Any]], None]) -> None:
        self.store, self.done = store, done
        self.fitted = threading.Event()  # the fit ended: its outcome is held
        self._go = threading.Event()
        self._cancelled = False
        self._fit: threading.Thread | None = None

    def start(self, name: str, install: bool = True) -> bool:
        if self.running(name):
            return False
        self._fit = threading.Thread(target=self._run, args=(name, install), daemon=True)
        self._fit.start()
        return True

    def _run(self, name: str, install: bool) -> None:
        try:
            store = LearningStore(self.store)  # (as the refit's process opens it)
            said = refit(store, name, note="refit", install=install).to_json()
        except VisionError as error:
            said = {"error": str(error), "face_set": name}
        self.fitted.set()
        self._go.wait()
        if not self._cancelled:
            self.done(said)

    def running(self, name: str) -> bool:
        return self._fit is not None and self._fit.is_alive()

    def names(self) -> list[str]:
        return []  # (the page is not asked while it fits)

    def cancel(self, name: str) -> None:
        self._cancelled = True
        self.fitted.wait(300)
        self.stop()

    def stop(self) -> None:
        self._go.set()
        if self._fit is not None:
            self._fit.join(30)


R = TypeVar("R")


def _refits_by(stand_in: Callable[[Path, Callable[[dict[str, Any]], None]], R], s: Served) -> R:
    """The table's refits stopped and stood for by `stand_in` (Paused, Played)."""
    learning = s.table.learning
    assert learning is not None
    learning.refits.stop()
    refits = stand_in(learning.store.path, learning._refit_done)
    learning.refits = refits  # type: ignore[assignment]
    return refits


def _taught(s: Served, frames: labels.LabelSet) -> None:
    """The teaching frames thrown one by one, the dice sorted, every group named as its
    dice are and each die that is not moved (on the table, not the page)."""
    learning = s.table.learning
    assert learning is not None
    s.table.act({"do": "teach", "step": "start", "face_set": "kot"})
    reader = learning._reader
    assert reader is not None
    for image in frames.images:
        frame = frames.frame(image)
        learning._seen(frame, reader.read(frame))
    s.table.act({"do": "teach", "step": "sort"})
    teaching = until(lambda: (t := s.table.view()["teaching"]) and t["step"] == "sorting" and t)
    truth = truths(teaching, frames)
    for part, (groups, step, move, field) in enumerate(
        (("groups", "name", "move", "face"), ("colour_groups", "colour", "recolor", "color"))
    ):
        for group in s.table.view()["teaching"][groups]:
            said = Counter(truth[i][part] for i in group["cuts"]).most_common(1)[0][0]
            s.table.act({"do": "teach", "step": step, "group": group["id"], field: said})
            for i in group["cuts"]:
                if truth[i][part] != said:
                    s.table.act({"do": "teach", "step": move, "cut": i, field: truth[i][part]})
    assert s.table.view()["teaching"]["left"] == []


def test_a_cancel_tapped_while_the_dice_are_learnt_wins(table: Served, browser: Browser) -> None:
    learning = table.table.learning
    assert learning is not None
    paused = _refits_by(Paused, table)
    _taught(table, origins("teach"))
    store = learning.store
    page = open_page(browser, table, timeout_ms=20_000)
    page.click("[data-test=teach-fit]")
    expect(page.locator("[data-test=teach-fitting]")).to_be_visible()
    assert paused.fitted.wait(300)  # the fit ended, its report held: the page still waits
    (fitted,) = store.versions("kot")
    assert fitted.status == "kept" and fitted.usable  # (the fit's, were it not cancelled)
    assert store.examples("kot")  # the dice taught, kept for the fit
    expect(page.locator("[data-test=teach-fitting]")).to_be_visible()
    page.click("[data-test=teach-cancel]")
    expect(page.locator("#message")).to_have_text(
        "King of Tokyo dice: the teaching was cancelled: the dice taught are forgotten and "
        "the set being learnt is not used"
    )
    expect(page.locator("[data-test=teaching]")).to_be_empty()
    page.evaluate("openPanel('sets')")
    row = page.locator("table[data-set=kot] tr[data-version='1']")
    expect(row).to_contain_text("not used (its teaching was cancelled)")
    expect(row.locator("button")).to_have_count(0)  # never offered to be used
    assert not page.errors  # type: ignore[attr-defined]
    (version,) = store.versions("kot")
    assert version.status == "cancelled" and not version.usable
    assert sets.in_use(store, "kot") == sets.SHIPPED
    assert store.examples("kot") == [] and store.teaching("dice") is None
    assert learning.flow is None and not paused.running("kot")
    assert not [n for n in table.table.notices if "learnt from" in str(n.text)]


# ---- a fit asked for while a play refit of the dice runs ---------------------------------


class Played:
    """Stands for the table's refits (vision.learning.refit.Background), one per set at a
    time: a play refit (one that installs what it keeps) runs until `end_play` gives its
    report; the teaching's fit fits for real, in a thread of this process. A refit's end is
    reported once it no longer runs, as Background does."""

    def __init__(self, store: Path, done: Callable[[dict[str, Any]], None]) -> None:
        self.store, self.done = store, done
        self.installs: list[bool] = []  # each refit started: whether it installs
        self._now: dict[str, threading.Thread] = {}
        self._play = threading.Event()
        self._play_said: dict[str, Any] = {}

    def start(self, name: str, install: bool = True) -> bool:
        if self.running(name):
            return False
        self.installs.append(install)
        run = self._play_refit if install else self._fit
        self._now[name] = threading.Thread(target=run, args=(name,), daemon=True)
        self._now[name].start()
        return True

    def _play_refit(self, name: str) -> None:
        self._play.wait(300)
        self._end(name, self._play_said)

    def _fit(self, name: str) -> None:
        try:
            store = LearningStore(self.store)  # (as the refit's process opens it)
            said = refit(store, name, note="refit", install=False).to_json()
        except VisionError as error:
            said = {"error": str(error), "face_set": name, "install": False}
        self._end(name, said)

    def _end(self, name: str, said: dict[str, Any]) -> None:
        del self._now[name]
        self.done(said)

    def end_play(self, said: dict[str, Any]) -> None:
        self._play_said = said
        self._play.set()

    def running(self, name: str) -> bool:
        return name in self._now

    def names(self) -> list[str]:
        return list(self._now)

    def cancel(self, name: str) -> None:
        raise AssertionError("nothing is cancelled here")

    def stop(self) -> None:
        self._play.set()


def test_a_fit_asked_for_while_a_play_refit_runs_waits_for_it_and_learns_the_dice_taught(
    table: Served,
    browser: Browser,
) -> None:
    """The play refit read its examples before the teaching's were added. Before, the
    teaching's fit was never started and the page took the play refit's outcome as the
    teaching's ('the new version was not kept': version 1, which learnt none of its dice)."""
    learning = table.table.learning
    assert learning is not None
    played = _refits_by(Played, table)
    _taught(table, origins("teach"))
    store = learning.store
    assert played.start("kot")  # a refit from play, running
    page = open_page(browser, table, timeout_ms=20_000)
    page.click("[data-test=teach-fit]")
    expect(page.locator("[data-test=teach-fitting]")).to_have_text(
        "King of Tokyo dice: the table is still learning these dice from the throws played, "
        "which began before your teaching; your dice are learnt as soon as it ends…"
    )
    taught = store.examples("kot")
    assert taught and played.installs == [True]  # (the teaching's fit waits)
    # the play refit ends: a version that learnt none of the dice taught, not kept
    store.add_version(Version("kot", 1, 0.0, "rejected", None, None, 0, {}, "refit"))
    figures = {"checked": 3, "right": 1, "wrong": 2, "unknown": 0}
    play = {"face_set": "kot", "version": 1, "kept": False, "installed": False}
    played.end_play({**play, "install": True, "figures": figures, "examples": 3})
    expect(page.locator("[data-test=teach-result] p").first).to_have_text(
        "King of Tokyo dice: learnt. The table now reads these dice with version 2.",
        timeout=300_000,
    )
    assert not page.errors  # type: ignore[attr-defined]
    assert played.installs == [True, False]
    (fitted,) = [v for v in store.versions("kot") if v.version == 2]
    assert fitted.upto >= max(e.id for e in taught)  # the version reported learnt its dice
    assert sets.in_use(store, "kot") == 2
    said = [str(n.text) for n in table.table.notices]
    assert any("a new version was learnt but not kept" in n for n in said), said


# ---- a fit asked for while another process refits the dice -------------------------------


ELSEWHERE = (
    "King of Tokyo dice: another refit of these dice is running, begun outside this table "
    "(from the command line, or by another table); your dice are learnt as soon as it ends "
    "(Cancel stops waiting)…"
)


@contextlib.contextmanager
def _fit_waiting_on_another_process(
    table: Served,
    browser: Browser,
) -> Iterator[tuple[Page, LearningStore, subprocess.Popen[str]]]:
    """The dice taught, a second process holding kot's refit lock, the fit tapped on the
    page: it says it waits (the page, the store and the lock's holder given)."""
    learning = table.table.learning
    assert learning is not None
    _taught(table, origins("teach"))
    holder = holding(learning.store.path)
    try:
        page = open_page(browser, table, timeout_ms=20_000)
        page.click("[data-test=teach-fit]")
        expect(page.locator("[data-test=teach-fitting]")).to_have_text(ELSEWHERE)
        yield page, learning.store, holder
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        holder.kill()
        holder.wait(10)


def test_a_fit_asked_for_while_another_process_refits_the_dice_waits_for_it(
    table: Served,
    browser: Browser,
) -> None:
    """A second process holds kot's refit lock (`dicetable vision refit kot`, another table).
    Before, the teaching failed at once: 'The dice could not be learnt: a refit of kot is
    running already'. The table's own refits (vision.learning.refit.Background) run here."""
    learning = table.table.learning
    assert learning is not None
    with _fit_waiting_on_another_process(table, browser) as (page, store, holder):
        time.sleep(1.5)  # (it looks at the lock again: it still waits)
        expect(page.locator("[data-test=teach-fitting]")).to_have_text(ELSEWHERE)
        assert store.versions("kot") == [] and learning.refits.running("kot")
        assert holder.stdin is not None
        holder.stdin.close()  # the other refit ends: the teaching's fits
        expect(page.locator("[data-test=teach-result] p").first).to_have_text(
            "King of Tokyo dice: learnt. The table now reads these dice with version 1.",
            timeout=300_000,
        )
    (fitted,) = store.versions("kot")
    assert fitted.upto >= max(e.id for e in store.examples("kot"))
    assert sets.in_use(store, "kot") == 1


def test_a_cancel_tapped_while_the_fit_waits_for_another_process_wins(
    table: Served, browser: Browser
) -> None:
    """The waiting refit is stopped; the other process's refit runs on, untouched."""
    learning = table.table.learning
    assert learning is not None
    with _fit_waiting_on_another_process(table, browser) as (page, store, holder):
        page.click("[data-test=teach-cancel]")
        expect(page.locator("#message")).to_have_text(
            "King of Tokyo dice: the teaching was cancelled: the dice taught are forgotten "
            "and the set being learnt is not used"
        )
        expect(page.locator("[data-test=teaching]")).to_be_empty()
        assert not learning.refits.running("kot") and holder.poll() is None
    time.sleep(1.0)  # (had it waited on, it would fit now)
    assert store.versions("kot") == [] and store.examples("kot") == []
    assert learning.flow is None and store.teaching("dice") is None


def test_the_sets_list_puts_the_version_tapped_in_use_then_the_set_as_shipped(
    table: Served,
    browser: Browser,
) -> None:
    """'Use this version' and 'Use the set as shipped' in the sets list. Before, the page's
    act() wrote the state's version over the set's ("version" was both): the version put in
    use was the state's number, whatever row was tapped (or a refusal)."""
    import dataclasses

    from vision import faceset

    learning = table.table.learning
    assert learning is not None
    store = learning.store
    kot = faceset.load(faceset.SHIPPED / "kot.npz")
    for n in (1, 2, 3):  # versions 1, 2 and 3 of the table's kot dice (each its own), 3 in use
        sets.save(store, dataclasses.replace(kot, threshold=0.9 + n / 100), "kept", 0, {})
        sets.install(store, "kot", n)
    for _ in range(5):  # the state's version moves on (5 notices): not a version of the set
        table.table.touch()
    assert sets.in_use(store, "kot") == 3 and table.table.version not in (1, 3)
    page = open_page(browser, table)
    page.evaluate("openPanel('sets')")
    page.locator("table[data-set=kot] tr[data-version='1'] button").click()
    until(lambda: sets.in_use(store, "kot") == 1, 20)
    expect(page.locator("table[data-set=kot] tr[data-version='1']")).to_contain_text("in use")
    page.locator("#panel button", has_text="as shipped").first.click()
    until(lambda: sets.in_use(store, "kot") == sets.SHIPPED, 20)
    assert not page.errors  # type: ignore[attr-defined]
