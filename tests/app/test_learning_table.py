"""What the table learns while it is played: a throw with a die the camera could not read
waits for a person to say its face (which resolves the throw and teaches the set); a
resolved throw keeps its fixed dice, and those read sure, as examples; enough new ones
start a refit in the background; rolling back is an action of the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from host.app.board_seam import ButtonPress
from host.app.camera import ThrowSeen
from host.app.store import Store
from host.app.table import Refused, Table
from host.app.teaching import REFIT_AFTER, Learning
from host.games.text import localize
from tests.app.fakes import Clock, FakeBoard, commits_fail
from vision.learning import cuts
from vision.learning.flow import Cut, Group
from vision.learning.store import LearningStore

PLAYERS = [{"name": "Ann", "monster": "The King"}, {"name": "Bob", "monster": "Alienoid"}]
WINDOW = 4.0


class Cards:
    """Stands for host.app.card_camera.CardWatcher (the card teaching attaches it)."""

    def __init__(self) -> None:
        self.said: list[tuple[str, Any]] = []

    def teach(self, seen: Any) -> None:
        self.said.append(("teach", seen is not None))

    def reload(self, card_set: str) -> None:
        self.said.append(("reload", card_set))

    def remember(self, keep: Any, kept: Any) -> None:
        self.said.append(("remember", callable(keep) and callable(kept)))


class Camera:
    """Stands for host.app.camera.DiceWatcher: notes what the table tells it."""

    def __init__(self) -> None:
        self.said: list[tuple[str, Any]] = []
        self.cards = Cards()

    def teach(self, reader: Any, seen: Any) -> None:
        self.said.append(("teach", reader is not None))

    def reload(self, face_set: str) -> None:
        self.said.append(("reload", face_set))

    def answer(self, throw: int, faces: dict[int, str]) -> None:
        self.said.append(("answer", (throw, dict(faces))))

    def retract(self, throw: int) -> None:
        self.said.append(("retract", throw))

    def undone(self) -> None:
        self.said.append(("undone", None))


class Refits:
    """Stands for vision.learning.refit.Background: notes the refits started (and whether
    each installs what it keeps), and those cancelled."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.installs: list[bool] = []
        self.cancelled: list[str] = []

    def start(self, name: str, install: bool = True) -> bool:
        self.started.append(name)
        self.installs.append(install)
        return True

    def cancel(self, name: str) -> None:
        self.cancelled.append(name)

    def running(self, name: str) -> bool:
        return False

    def names(self) -> list[str]:
        return []

    def stop(self) -> None:
        pass


def crop(seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    return cuts.encode(rng.integers(0, 256, (cuts.CROP, cuts.CROP, 3), dtype=np.uint8))


def seen(faces: list[str], confidence: list[float], frame: int, throw: int = 1) -> ThrowSeen:
    dice = [
        {"face": f, "confidence": c, "best_guess": "claw" if f == "unknown" else f, "angle": 5.0}
        for f, c in zip(faces, confidence, strict=True)
    ]
    return ThrowSeen(
        list(faces),
        [],
        dice,
        b"\xff\xd8jpeg",
        settled_at=0.0,
        frame=frame,
        throw=throw,
        cuts=tuple(crop(frame * 10 + i) for i in range(len(faces))),
    )


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Table:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    t = Table(
        Store(tmp_path / "games.db"), FakeBoard(), window=WINDOW, clock=Clock(), announce=print
    )
    t.learning = Learning(LearningStore(), t.touch, t.notice)
    t.learning.refits = Refits()  # type: ignore[assignment]
    t.start(clock_thread=False)
    t.camera_opened(Camera())  # type: ignore[arg-type]
    setup = {"players": PLAYERS, "first_player": "Ann", "seed": 4}
    t.act({"do": "new_game", "game": "king-of-tokyo", "setup": setup})
    return t


def camera(t: Table) -> Camera:
    return t.cameras[0]  # type: ignore[return-value]


def test_a_die_not_read_is_asked_and_the_answer_resolves_the_throw(table: Table) -> None:
    faces = ["1", "1", "unknown", "heart", "claw", "energy"]
    table.camera_event(seen(faces, [0.99, 0.99, 0.62, 0.99, 0.99, 0.99], frame=7))
    view = table.view()["game"]
    assert view["throw"]["status"] == "asking" and table.game is not None
    assert [d["die"] for d in view["asking"]["dice"]] == [2]
    assert view["asking"]["dice"][0]["guess"] == "claw"
    assert table._expectation()[0] is None  # no throw is due while it waits
    assert table.store.inputs(table.game_id or 0) == []
    with pytest.raises(Refused, match="one of"):
        table.act({"do": "name_die", "die": 2, "face": "dragon"})
    with pytest.raises(Refused, match="not read"):
        table.act({"do": "name_die", "die": 0, "face": "2"})
    table.act({"do": "name_die", "die": 2, "face": "2"})
    assert table.store.inputs(table.game_id or 0)[-1] == {
        "type": "throw",
        "player": "Ann",
        "thrown": ["1", "1", "2", "heart", "claw", "energy"],
        "kept": [],
    }
    assert table.view()["game"]["asking"] is None
    assert ("answer", (1, {2: "2"})) in camera(table).said  # the camera knows it from now on
    learnt = table.learning.store.examples("kot")  # type: ignore[union-attr]
    assert [(e.face, e.source, e.certain) for e in learnt] == [("2", "asked", True)]
    assert learnt[0].crop == crop(72)  # the die's own cut


def test_a_throw_asked_about_can_be_thrown_again(table: Table) -> None:
    table.camera_event(seen(["unknown"] * 6, [0.5] * 6, frame=3))
    table.act({"do": "throw_again"})
    assert ("retract", 1) in camera(table).said
    assert table.view()["game"]["asking"] is None and table._expectation()[0] is not None
    with pytest.raises(Refused, match="no throw waits"):
        table.act({"do": "name_die", "die": 0, "face": "1"})


def test_a_press_while_a_throw_is_asked_about_waits_for_its_dice(table: Table) -> None:
    """Ann's button, pressed while the page asks what her second throw's dice show, does
    not end her throws on the first one (before: her first result was used, and her second
    throw, once named, was refused without a word): it is refused, saying so; named, the
    second throw is hers, and then her button ends the throws on it."""
    table.camera_event(seen(["1", "1", "2", "heart", "claw", "energy"], [0.99] * 6, frame=2))
    faces = ["3", "3", "unknown", "3", "claw", "claw"]
    table.camera_event(seen(faces, [0.99, 0.99, 0.5, 0.99, 0.99, 0.99], frame=4, throw=2))
    assert table.view()["game"]["throw"]["status"] == "asking"
    table.press(0)
    assert table.holding is None and table.view()["game"]["asking"] is not None
    said = table.notices[-1].text
    assert said.startswith("Ann's button: the last throw has dice not read: say what they show")
    with pytest.raises(Refused, match="dice not read"):  # (nor from the page)
        table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})
    table.act({"do": "name_die", "die": 2, "face": "3"})
    assert table.store.inputs(table.game_id or 0)[-1]["thrown"] == [
        "3",
        "3",
        "3",
        "3",
        "claw",
        "claw",
    ]
    table.press(0)
    assert table.holding is not None  # the throws end on the second throw
    assert table.view()["game"]["throw"]["status"] == "read"


def test_a_resolved_throw_keeps_its_fixed_dice_and_those_read_sure(table: Table) -> None:
    faces = ["1", "1", "2", "heart", "claw", "energy"]
    confidence = [0.99, 0.91, 0.99, 0.97, 0.99, 0.99]  # the second 1 read less sure
    table.camera_event(seen(faces, confidence, frame=5))
    table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})  # the window
    fix = {"type": "correct", "player": "Ann", "from": "1", "to": "3"}
    table.act({"do": "input", "input": fix})
    table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})  # now
    learnt = table.learning.store.examples("kot")  # type: ignore[union-attr]
    got = sorted((e.face, e.source, e.read_as, e.crop == crop(50 + i)) for i, e in _by_die(learnt))
    assert got == [
        ("1", "read", "1", True),
        ("2", "read", "2", True),
        ("3", "fixed", "1", True),  # the least sure 1 was the misread one
        ("claw", "read", "claw", True),
        ("energy", "read", "energy", True),
        ("heart", "read", "heart", True),
    ]


def test_a_result_the_store_cannot_commit_teaches_nothing(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann's button resolves her result while the disk is full: the store does not commit
    the press, so the result was never played, and the dice set learns nothing from it.
    Before, the set learnt its dice from the result never saved (tidy43), and learnt them
    again when the board sent the press again and it was stored."""
    faces = ["1", "1", "2", "heart", "claw", "energy"]
    table.camera_event(seen(faces, [0.99] * 6, frame=5))
    table.act({"do": "input", "input": {"type": "resolve", "player": "Ann"}})  # the window
    commits_fail(table.store, monkeypatch)
    press = ButtonPress(0, "1A2B3C4D/01")
    table.board.pressed.append(press)  # type: ignore[attr-defined]  # Ann's: resolve now
    table.clock.advance(2)  # type: ignore[attr-defined]  # (no race with the page's tap)
    table.tick()
    assert table.board.given_back == [press]  # type: ignore[attr-defined]
    assert table.notices[-1].text == "button 1 is not stored: the disk is full"
    assert table.store.inputs(table.game_id or 0)[-1]["type"] == "throw"
    assert table.learning.store.examples("kot") == []  # type: ignore[union-attr]
    monkeypatch.undo()
    table.board.pressed.append(press)  # type: ignore[attr-defined]  # the board's resend
    table.tick()
    assert table.store.inputs(table.game_id or 0)[-1]["type"] == "resolve"
    learnt = table.learning.store.examples("kot")  # type: ignore[union-attr]
    assert sorted(e.face for e in learnt) == sorted(faces)  # each die once


def _by_die(examples: list[Any]) -> list[tuple[int, Any]]:
    return [(int(str(e.key).rsplit(" ", 1)[1]), e) for e in examples]


def test_enough_new_examples_of_every_face_start_a_refit(table: Table) -> None:
    refits = table.learning.refits  # type: ignore[union-attr]
    faces = ["1", "2", "3", "heart", "energy", "claw"]
    throws = 0
    while not refits.started:  # type: ignore[attr-defined]
        throws += 1
        table.camera_event(seen(faces, [0.99] * 6, frame=100 + throws))
        player = table.game.waiting_for()[0].player  # type: ignore[union-attr]
        table.act({"do": "input", "input": {"type": "resolve", "player": player}})
        table.act({"do": "input", "input": {"type": "resolve", "player": player}})
        for w in table.game.waiting_for():  # type: ignore[union-attr]
            if w.kind == "yield":
                stay = {"type": "yield", "player": w.player, "leave": False}
                table.act({"do": "input", "input": stay})
        for w in table.game.waiting_for():  # type: ignore[union-attr]
            if w.kind == "end_turn":
                table.act({"do": "input", "input": {"type": "end_turn", "player": w.player}})
        assert throws < 10
    assert refits.started == ["kot"]  # type: ignore[attr-defined]
    kept = len(table.learning.store.examples("kot"))  # type: ignore[union-attr]
    assert kept >= REFIT_AFTER and throws == 4  # 3 + 1 of each face, 6 a throw


def test_teaching_from_the_page_takes_the_camera_and_gives_it_back(table: Table) -> None:
    table.act({"do": "teach", "step": "start"})  # the dice of the game on the table
    assert camera(table).said[-1] == ("teach", True)
    flow = table.view()["teaching"]
    assert flow["name"] == "kot" and flow["step"] == "throwing"
    with pytest.raises(Refused, match="no dice seen"):
        table.act({"do": "teach", "step": "sort"})
    with pytest.raises(Refused, match="going on"):
        table.act({"do": "teach", "step": "start", "face_set": "kot"})
    table.act({"do": "teach", "step": "cancel"})
    assert camera(table).said[-1] == ("teach", False)
    assert table.view()["teaching"] is None
    with pytest.raises(Refused, match="no earlier version"):
        table.act({"do": "roll_back", "face_set": "my-dice"})


def test_a_second_phone_starting_a_teaching_while_one_sorts_or_fits_is_refused(
    table: Table,
) -> None:
    """Two phones at the table: one taught the dice and sorts them (or learns them), the
    other opens the menu's Teach your dice and taps Start. Before, a start was refused only
    while the dice were thrown or named: while they were sorted or learnt it replaced the
    teaching (its dice cut out lost, the kept teaching too), and the fit under way ended on
    the new one as if it had learnt it. Now it is refused, in the phone's language, and the
    teaching goes on."""
    table.act({"do": "teach", "step": "start"})
    learning = table.learning
    assert learning is not None and learning.flow is not None
    first = learning.flow
    for step in ("grouping", "fitting"):
        first.step = step
        with pytest.raises(Refused, match="a teaching is going on") as refused:
            table.act({"do": "teach", "step": "start", "face_set": "kot"})
        assert learning.flow is first and table.view()["teaching"]["step"] == step
        assert "学習中です" in str(localize(refused.value.args[0], "ja"))
    first.step = "done"  # learnt: the next teaching may start
    table.act({"do": "teach", "step": "start"})
    assert learning.flow is not first and learning.flow.step == "throwing"


def test_two_phones_answering_the_same_dice_or_card_the_second_is_told(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two phones teaching at once, both looking at the same state: Aiko names a group of
    dice claws, then Ben, who had not seen that, names them hearts. Before, Ben's answer
    replaced Aiko's without a word (the version check lets through anything made since
    the game's last move, and a teaching's answer is no move of the game). Now it is
    refused, as a stale action is, saying the earlier answer stands and shows; an answer
    about other dice, the same answer again, or one made after seeing Aiko's is taken.
    The same for a card of the deck being taught."""
    said: list[tuple[str, Any]] = []

    def act(action: dict[str, Any], *_: Any) -> None:  # (the teaching itself: its tests)
        said.append((action["step"], action.get("group", action.get("card"))))
        table.touch()

    assert table.learning is not None
    monkeypatch.setattr(table.learning, "act", act)
    monkeypatch.setattr(table.card_teaching, "act", act)
    seen = table.version  # both phones' pages
    table.act({"do": "teach", "step": "name", "group": 0, "face": "claw", "version": seen})
    with pytest.raises(Refused, match="these dice were answered meanwhile") as refused:
        table.act({"do": "teach", "step": "name", "group": 0, "face": "heart", "version": seen})
    assert "このダイスには先に答えがありました" in str(localize(refused.value.args[0], "ja"))
    assert said == [("name", 0)]
    table.act({"do": "teach", "step": "name", "group": 1, "face": "heart", "version": seen})
    table.act({"do": "teach", "step": "name", "group": 0, "face": "claw", "version": seen})
    table.act(
        {"do": "teach", "step": "name", "group": 0, "face": "heart", "version": table.version}
    )
    assert said[1:] == [("name", 1), ("name", 0), ("name", 0)]
    seen = table.version
    confirm = {"do": "teach_cards", "step": "confirm", "card": 2, "version": seen}
    table.act({**confirm, "color": "red", "value": "7"})
    with pytest.raises(Refused, match="this card was answered meanwhile"):
        table.act({**confirm, "color": "red", "value": "1"})
    with pytest.raises(Refused, match="this card was answered meanwhile"):
        table.act({"do": "teach_cards", "step": "leave_out", "card": 2, "version": seen})
    table.act({**confirm, "card": 3, "color": "red", "value": "1"})
    assert said[4:] == [("confirm", 2), ("confirm", 3)]


def dice_sorted(table: Table, groups: list[list[int]], colours: list[list[int]], n: int = 4) -> str:
    """The teaching on the table, its `n` dice (one throw) sorted into `groups` by look and
    `colours` by colour, as its sort would have; returns the teaching as pages see it."""
    learning = table.learning
    assert learning is not None and learning.flow is not None
    flow = learning.flow
    flow.cuts = [
        Cut(i, 1, crop(i), 0.0, (10.0 * i, 10.0), "claw", 0.9, flow.colors[0]) for i in range(n)
    ]
    flow.sorted(([Group(k, g, "claw") for k, g in enumerate(groups)], np.zeros((n, 32, 32, 3))))
    flow.colour_groups = [Group(k, g, flow.colors[0]) for k, g in enumerate(colours)]
    table.touch()
    teaching = table.view()["teaching"]
    return str(teaching["teaching"])


def test_an_answer_made_on_dice_numbered_anew_since_is_refused(table: Table) -> None:
    """Two phones teaching the dice. Aiko's page shows the dice sorted, groups 0 and 1; Ben
    cancels, starts again, and his dice are sorted: the new groups 0 and 1 are other dice.
    Before, Aiko's tap on 'group 0: claw' (or a colour group's, or a die's) named Ben's
    group 0, keyed by its number alone. Now an answer names the teaching its page showed
    and the dice it showed in the group: Aiko's is refused, saying the dice were sorted
    anew, and nothing is named; Ben's, made on what he sees, is taken. A group shown with
    other dice than it holds now (numbered anew within a teaching) is refused too."""
    table.act({"do": "teach", "step": "start"})
    learning = table.learning
    assert learning is not None and learning.flow is not None
    assert len(learning.flow.colors) >= 2  # (King of Tokyo's black and green dice)
    first = dice_sorted(table, [[0, 1], [2, 3]], [[0, 2], [1, 3]])
    aiko = table.version
    table.act({"do": "teach", "step": "cancel", "version": table.version})
    table.act({"do": "teach", "step": "start", "version": table.version})
    second = dice_sorted(table, [[2, 3], [0, 1]], [[1, 3], [0, 2]])
    assert second != first
    flow = learning.flow
    color = flow.colors[1]
    stale = [
        {"step": "name", "group": 0, "dice": [0, 1], "face": "claw"},
        {"step": "colour", "group": 0, "dice": [0, 2], "color": color},
        {"step": "move", "cut": 1, "face": "heart"},
        {"step": "recolor", "cut": 1, "color": color},
    ]
    for answer in stale:
        with pytest.raises(Refused, match="these dice were sorted anew") as refused:
            table.act({"do": "teach", **answer, "teaching": first, "version": aiko})
    assert "並べ直されました" in str(localize(refused.value.args[0], "ja"))
    assert [flow.label(i) for i in range(4)] == [(None, None)] * 4  # nothing was named
    # (the same teaching, a group shown with other dice than it holds now)
    with pytest.raises(Refused, match="these dice were sorted anew"):
        table.act(
            {"do": "teach", "step": "name", "group": 0, "dice": [0, 1], "face": "claw",
             "teaching": second, "version": table.version}
        )  # fmt: skip
    ben = table.version
    table.act(
        {"do": "teach", "step": "name", "group": 0, "dice": [2, 3], "face": "claw",
         "teaching": second, "version": ben}
    )  # fmt: skip
    table.act(
        {"do": "teach", "step": "colour", "group": 1, "dice": [0, 2], "color": color,
         "teaching": second, "version": ben}
    )  # fmt: skip
    assert [flow.label(i) for i in range(4)] == [
        (None, color), (None, None), ("claw", color), ("claw", None)
    ]  # fmt: skip


# ---- the dice sets as players know them --------------------------------------------------


def test_the_dice_sets_are_shown_by_their_titles_the_game_on_the_table_first(
    table: Table,
) -> None:
    from host.games.text import localize
    from vision.learning.store import NewExample

    learning = table.learning
    assert learning is not None
    mine = NewExample("3", crop(1), 0.0, True, "asked", key="mine 1")
    learning.store.add("Aiko's d6", [mine])  # a set people taught under a name of their own
    assert table.dice_sets() == ["kot", "kot-dark", "berserk", "fate"]  # the box's set first
    said = {
        lang: [(s["name"], s["title"]) for s in localize(learning.sets_view(lang, on), lang)]
        for lang, on in (("en", table.dice_sets()), ("fr", table.dice_sets()), ("ja", []))
    }
    assert said["en"] == [
        ("kot", "King of Tokyo dice"),  # the game on the table's, as it lists them
        ("kot-dark", "King of Tokyo: Dark Edition dice"),
        ("berserk", "Berserk die"),
        ("fate", "Die of fate"),
        ("Aiko's d6", "Aiko's d6"),  # then by title, as typed
        ("kingdom-run", "Kingdom Run dice"),
        ("d6-pips", "Pip dice (1 to 6)"),  # vision's title: no game owns it
    ]
    assert said["fr"][:4] == [
        ("kot", "Dés de King of Tokyo"),
        ("kot-dark", "Dés de King of Tokyo\u00a0: Dark Edition"),
        ("berserk", "Dé berserk"),
        ("fate", "Dé du destin"),
    ]
    assert said["fr"][4:] == [  # by the French titles, accents aside
        ("Aiko's d6", "Aiko's d6"),
        ("d6-pips", "Dés à points (1 à 6)"),
        ("kingdom-run", "Dés de Kingdom Run"),
    ]
    assert dict(said["ja"])["fate"] == "運命のダイス"  # no game on the table: by title
    names = [name for name, _ in said["ja"]]
    assert names.index("kot") + 1 == names.index("kot-dark")  # a game's sets together


def test_with_no_dice_on_the_table_the_dice_likely_there_come_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No game with dice on the table: the dice likely there are listed first (the
    teaching's picker starts on them): the game played last with dice's, else the set
    taught last, else the catalog's first game's. Before, none (the first by title)."""
    from vision.learning.store import NewExample

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    t = Table(
        Store(tmp_path / "games.db"), FakeBoard(), window=WINDOW, clock=Clock(), announce=print
    )
    t.learning = Learning(LearningStore(), t.touch, t.notice)
    t.start(clock_thread=False)
    kot = ["kot", "kot-dark", "berserk", "fate"]
    assert t.dice_sets() == [] and t.likely_dice_sets() == kot  # a new table: the first game's
    taught = NewExample("3", crop(1), 0.0, True, "taught", key="taught:1.000: 1")
    t.learning.store.add("d6-pips", [taught])
    t.learning.store.add("kot", [NewExample("3", crop(2), 0.0, True, "asked", key="k 1")])
    assert t.likely_dice_sets() == ["d6-pips"]  # the set taught last (not one played)
    racers = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]
    t.act({"do": "new_game", "game": "kingdom-run", "setup": {"players": racers}})
    t.act(
        {"do": "new_game", "game": "kato", "setup": {"players": [{"name": "Ann"}, {"name": "Bob"}]}}
    )
    assert t.dice_sets() == []  # a card game on the table: no dice
    assert t.likely_dice_sets() == ["kingdom-run"]  # the game played last with dice
    names = [s["name"] for s in t.learning.sets_view("ja", t.likely_dice_sets())]
    assert names[0] == "kingdom-run"
    t.close()


def test_the_teaching_and_its_notices_say_the_set_by_its_title(table: Table) -> None:
    from host.games.text import Text, localize

    table.act({"do": "teach", "step": "start"})
    assert localize(table.view()["teaching"]["title"], "fr") == "Dés de King of Tokyo"
    table.act({"do": "teach", "step": "cancel"})
    learning = table.learning
    assert learning is not None
    figures = {"checked": 7, "right": 7, "wrong": 0, "unknown": 0}
    said = {"face_set": "kot", "kept": True, "version": 1, "examples": 36, "figures": figures}
    learning._refit_done(said)
    notice = table.notices[-1]
    assert notice.text.startswith("King of Tokyo dice: learnt from 36 dice (version 1)")
    assert isinstance(notice.text, Text)
    kept = Text.from_json(notice.text.to_json())  # (as a notice is kept: the title too)
    assert kept.say("fr").startswith("Dés de King of Tokyo\u00a0: appris de 36 dés")
    assert kept.say("ja").startswith("キング・オブ・トーキョーのダイス：36個")


def test_what_vision_says_of_a_dice_set_says_it_by_its_title(table: Table) -> None:
    """Vision names a set by its name (vision.faceset.set_name); the host says its title
    there, in each language: a roll-back refused, a die like none of the set's faces."""
    from host.games.text import Text, as_text, message, say
    from vision.faceset import set_name
    from vision.words import _ as vision_said

    with pytest.raises(Refused) as refused:
        table.act({"do": "roll_back", "face_set": "kot"})  # (at the set as shipped)
    said = {lang: say(message(refused.value), lang) for lang in ("en", "fr", "ja")}
    assert said == {
        "en": "King of Tokyo dice is at the set as shipped: there is nothing earlier",
        "fr": "«\u00a0Dés de King of Tokyo\u00a0» est au jeu de faces d'origine\u00a0: "
        "il n'y a rien d'antérieur",
        "ja": "「キング・オブ・トーキョーのダイス」は出荷時のセットのままです："
        "それより前はありません",
    }
    unlike = as_text(
        vision_said("unlike: a die like none of the faces of {name}", name=set_name("kot"))
    )
    kept = Text.from_json(unlike.to_json())  # (a notice kept across a restart: the title too)
    assert kept.say("fr").endswith("aucune face de «\u00a0Dés de King of Tokyo\u00a0»")
    pips = as_text(
        vision_said("{name} has no earlier version to roll back to", name=set_name("d6-pips"))
    )
    assert pips.say("ja").startswith("「普通のダイス（1〜6の目）」")  # vision's own title
    with pytest.raises(Refused) as refused:
        table.act({"do": "roll_back", "face_set": "my-dice"})  # a set of a person's own
    assert say(message(refused.value), "fr").startswith("«\u00a0my-dice\u00a0» n'a pas de version")


def test_the_titles_are_gathered_once_for_the_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sets panel sorts by title, a title a set: the games' titles are gathered once
    (again only for another catalog: a game registered)."""
    from types import MappingProxyType, SimpleNamespace

    from host.app.teaching import ordered, set_title
    from host.games import registry

    asked: list[object] = []
    real = registry.dice_sets
    monkeypatch.setattr(registry, "dice_sets", lambda kind: [asked.append(kind), real(kind)][1])
    monkeypatch.setattr(registry, "_titles", None)
    names = ["kot", "d6-pips", "my-d6", "kingdom-run", "fate"]
    assert ordered(names, [], "en")[-1] == "d6-pips"  # (by title: "Pip dice" last)
    assert [set_title(n) for n in names][:3] == ["King of Tokyo dice", "Pip dice (1 to 6)", "my-d6"]
    assert len(asked) == len(registry.kinds())  # each game's asked once
    sets = MappingProxyType({"my-d6": "My own dice"})
    monkeypatch.setitem(registry._KINDS, "mine", SimpleNamespace(dice=SimpleNamespace(sets=sets)))
    assert set_title("my-d6") == "My own dice"  # a game registered: gathered again


def test_every_shipped_dice_set_has_one_title() -> None:
    """A game titles the sets its dice are read with; vision the shipped ones no game owns;
    none is titled twice (one place for each)."""
    from host.app.teaching import set_titles
    from host.games.kind import dice_sets
    from host.games.registry import kinds
    from vision.faceset import TITLES, shipped

    owners = [dict(dice_sets(k)) for k in kinds().values()] + [dict(TITLES)]
    titled = [name for sets in owners for name in sets]
    assert len(titled) == len(set(titled))
    assert set(shipped()) <= set(set_titles())
