"""Recorded sessions of any dice game: a game script drawn by vision's tray simulator with
the dice its game expects, and read back through the follower as the script's throws.

The game here is a test-only one of two ordinary dice (face set d6-pips), registered in
these tests only, so nothing of King of Tokyo is in play."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from host import recording
from host.errors import UserError
from host.games import (
    BoardDisplay,
    DiceExpectation,
    IllegalInput,
    Input,
    SeatDisplay,
    Waiting,
    registry,
)
from host.games.registry import kinds
from vision.images import read_image
from vision.live.follow import Misfit, ThrowFollower
from vision.reader import DiceReader

pytestmark = pytest.mark.slow


class PipPair:
    """Each player in turn throws a white and a red die, may throw again keeping some, then
    passes; two rounds. (`counts`: {"any": 2} for dice told apart by nothing but faces.)"""

    counts: Mapping[str, int] = {"white": 1, "red": 1}

    def __init__(self, players: Sequence[str]) -> None:
        self.players = list(players)
        self.log: list[Input] = []
        self.throws = 0

    @property
    def player(self) -> str:
        return self.players[sum(i["type"] == "pass" for i in self.log) % len(self.players)]

    @property
    def game_over(self) -> bool:
        return sum(i["type"] == "pass" for i in self.log) == 2 * len(self.players)

    def waiting_for(self) -> list[Waiting]:
        if self.game_over:
            return []
        kinds = (["throw"] if self.throws < 2 else []) + (["pass"] if self.throws else [])
        return [Waiting(self.player, kind) for kind in kinds]

    def apply(self, inp: Input) -> None:
        if not any(w.kind == inp.get("type") and w.player == inp.get("player")
                   for w in self.waiting_for()):  # fmt: skip
            raise IllegalInput(f"not now: {dict(inp)}")
        if inp["type"] == "throw" and len(inp["thrown"]) + len(inp["kept"]) != 2:
            raise IllegalInput("two dice")
        self.throws = 0 if inp["type"] == "pass" else self.throws + 1
        self.log.append(dict(inp))

    def undo(self) -> Input:
        raise IllegalInput("no undo here")

    def expected_dice(self) -> DiceExpectation | None:
        due = any(w.kind == "throw" for w in self.waiting_for())
        return DiceExpectation("d6-pips", self.counts, self.player) if due else None

    def throw_input(self, thrown: Sequence[str], kept: Sequence[str] = ()) -> Input:
        return {"type": "throw", "player": self.player, "thrown": list(thrown), "kept": list(kept)}

    def display(self) -> BoardDisplay:
        return BoardDisplay([SeatDisplay(str(len(self.log))) for _ in self.players])

    def to_json(self) -> dict[str, Any]:
        return {"log": self.log}


PIPS = {str(n): str(n) for n in range(1, 7)}


class PipPairDice:
    faces = PIPS

    def expected(self, game: PipPair) -> DiceExpectation | None:
        return game.expected_dice()

    def throw_input(self, game: PipPair, thrown: Sequence[str], kept: Sequence[str]) -> Input:
        return game.throw_input(thrown, kept)


class PipPairKind:
    name = "pip-pair"
    title = "Pip pair"
    script_format = "pip-pair/1"
    dice = PipPairDice()

    def new(self, setup: Mapping[str, Any]) -> PipPair:
        return PipPair(setup["players"])

    def setup_of(self, script: Mapping[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in script.items() if k not in ("format", "inputs", "expect")}

    def turn(self, game: PipPair) -> tuple[str, int]:
        return game.player, sum(i["type"] == "pass" for i in game.log)


@pytest.fixture(autouse=True)
def pip_pair_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game joins the registry for these tests only (other tests go over every game)."""
    kinds()  # the registry finds its games first
    monkeypatch.setitem(registry._KINDS, PipPairKind.name, PipPairKind())


def throw(player: str, thrown: list[str], kept: list[str] | None = None) -> dict[str, Any]:
    return {"type": "throw", "player": player, "thrown": thrown, "kept": kept or []}


SCRIPT = {
    "format": "pip-pair/1",
    "players": ["Ann", "Bob"],
    "seed": 7,
    "inputs": [
        throw("Ann", ["3", "6"]),
        throw("Ann", ["1"], ["6"]),
        {"type": "pass", "player": "Ann"},
        throw("Bob", ["5", "5"]),
        {"type": "pass", "player": "Bob"},
        throw("Ann", ["2", "4"]),
        throw("Ann", ["6", "1"]),
        {"type": "pass", "player": "Ann"},
        throw("Bob", ["4", "6"]),
        throw("Bob", ["2"], ["4"]),
        {"type": "pass", "player": "Bob"},
    ],
}


def read_back(session: recording.Session) -> Iterator[Input]:
    """The session through the real follower and d6-pips reader, the game told what it
    waits for as the table tells it: each input the game got, in order."""
    game = PipPair(SCRIPT["players"])
    follower = ThrowFollower(DiceReader.load("d6-pips"))
    turn = None
    index = 0
    for step in session.steps:
        if step.input is not None:
            game.apply(step.input)
            yield step.input
            continue
        if (expected := game.expected_dice()) is not None:
            follower.expect(expected.counts)
        if PipPairKind().turn(game) != turn:
            turn = PipPairKind().turn(game)
            follower.new_turn()
        for path in step.frames:
            for event in follower.feed(read_image(path), index / session.fps):
                assert not isinstance(event, Misfit), event.reason
                inp = game.throw_input(event.faces(event.thrown), event.faces(event.kept))
                game.apply(inp)
                yield inp
            index += 1


def same(inp: Input) -> dict[str, Any]:
    """An input with its faces in order (the camera reads dice in its own order)."""
    return {k: sorted(v) if k in ("thrown", "kept") else v for k, v in inp.items()}


@pytest.mark.parametrize("counts", [{"white": 1, "red": 1}, {"any": 2}], ids=["colours", "any"])
def test_a_second_dice_game_s_script_is_drawn_and_read_back_as_its_throws(
    tmp_path: Path, counts: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(PipPair, "counts", counts)
    session = recording.render_session(SCRIPT, tmp_path / "session")
    assert session.game == {k: v for k, v in SCRIPT.items() if k != "inputs"}
    assert sum(1 for s in session.steps if s.input is None) == 7  # a step of frames per throw
    got = [same(i) for i in read_back(recording.load_session(tmp_path / "session"))]
    assert got == [same(i) for i in SCRIPT["inputs"]]


@pytest.mark.parametrize(
    ("inputs", "said"),
    [
        ([throw("Ann", ["3", "6"]), throw("Ann", ["1"], ["2"])], "inputs[1]: cannot draw"),
        ([throw("Bob", ["3", "6"])], "inputs[0]: the camera would give"),
        ([{"type": "pass", "player": "Ann"}], "inputs[0] is refused by the rules"),
        ([throw("Ann", ["3", "6", "6"])], "it throws 3 dice and keeps 0, with 2 in play"),
    ],
)
def test_a_script_that_cannot_be_drawn_says_which_input(
    tmp_path: Path, inputs: list[dict[str, Any]], said: str
) -> None:
    with pytest.raises(UserError, match=said.replace("[", r"\[").replace("]", r"\]")):
        recording.render_session({**SCRIPT, "inputs": inputs}, tmp_path / "session")
    assert not (tmp_path / "session" / "session.json").exists()


def test_a_script_of_an_unknown_game_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="unknown game format 'chess-game/1'"):
        recording.render_session({"format": "chess-game/1", "inputs": []}, tmp_path)


# ---- a card game's session ----------------------------------------------------------------


def test_a_card_game_s_script_is_drawn_as_the_cards_laid_and_the_hands_laid_down(
    tmp_path: Path,
) -> None:
    from tests.app.kato_camera import camera_game

    script = next(s for s in map(lambda k: camera_game(k, rounds=1, hand_size=3), range(20)) if s)
    session = recording.render_session(script, tmp_path / "session", recording.photo_cards())
    inputs = script["inputs"]
    seen = [i for i in inputs if i["type"] in ("turn_up", "play", "hand")]
    entered = [i for i in inputs if i not in seen or i.get("named")]
    assert [s.input for s in session.steps if s.input is not None] == entered
    shots = [s for s in session.steps if s.frames]
    assert len(shots) == len(seen)  # a view of the cards for each card laid, each hand
    # each carries the input it shows, entered on the page if the camera does not read it
    # (but a wild named on the page first: the frames confirm it)
    assert [s.entered for s in shots if s.entered] == [i for i in seen if not i.get("named")]
    # a card laid: its view; a hand: the table cleared of the cards before, then the hand
    views = [2 if s.entered and s.entered["type"] == "hand" else 1 for s in shots]
    assert [len(s.frames) for s in shots] == [recording.SHOTS * v for v in views]
    assert all(f.is_file() for s in shots for f in s.frames)
    # a wild card named on the page comes first, then the camera sees it (a confirmation)
    for k, step in enumerate(session.steps[:-1]):
        if step.input is not None and step.input.get("named"):
            assert session.steps[k + 1].frames


def test_a_card_the_photos_do_not_show_cannot_be_drawn(tmp_path: Path) -> None:
    script = {
        "format": "kato-game/1",
        "players": [{"name": "Ann"}, {"name": "Bob"}],
        "inputs": [{"type": "turn_up", "player": "Bob", "card": {"color": "blue", "value": "3"}}],
    }
    with pytest.raises(UserError, match=r"inputs\[0\]: cannot draw it: .* no blue 3"):
        recording.render_session(script, tmp_path / "session", recording.photo_cards())


def test_a_card_game_is_drawn_with_our_own_cards_needing_nothing_of_shared_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """By default (the demo's session) the cards are our own renderer's, on a table
    texture of ours: a player's machine has no shared/data, and no publisher's art."""
    import vision.paths

    monkeypatch.setattr(vision.paths, "data_dir", lambda relative: None)
    script = {
        "format": "kato-game/1",
        "players": [{"name": "Ann"}, {"name": "Bob"}],
        "options": {"hand_size": 1},
        "inputs": [
            {"type": "turn_up", "player": "Bob", "card": {"color": "blue", "value": "0"}},
            {"type": "play", "player": "Ann", "card": {"color": "blue", "value": "skip"}},
            {"type": "hand", "player": "Bob", "cards": [{"color": "black", "value": "wild4"}]},
        ],
    }
    session = recording.render_session(script, tmp_path / "session")
    assert [s.entered for s in session.steps] == script["inputs"]
    assert [len(s.frames) for s in session.steps] == [recording.SHOTS] * 2 + [2 * recording.SHOTS]
    assert all(s.input is None for s in session.steps)
    first, cleared, last = (
        read_image(session.steps[k].frames[i]) for k, i in ((0, 0), (2, 0), (2, -1))
    )
    assert first.shape == (480, 640, 3) and (first != last).any()
    assert (cleared != first).any() and (cleared != last).any()  # the table, then the hand
    with pytest.raises(UserError, match="photo"):  # the photos' path says what it lacks
        recording.photo_cards()


def test_our_own_cards_are_a_design_the_shipped_set_learned_from_drawn_alike_anywhere() -> None:
    """The demo's design is of the "train" split (its typefaces and symbols among those
    the shipped card set learned from) and draws its numerals with no font of the machine
    (a machine without the outline fonts would draw other cards, or none)."""
    from vision.cards import glyphs

    design = recording.own_cards().design
    assert design.split == "train"
    for face in (design.face, design.index_face):
        assert face.kind != "ttf" and (face.kind, face.name) in glyphs.faces("train")
    assert all(v in glyphs.variants(value, "train") for value, v in design.variants)


def test_a_card_our_design_does_not_draw_cannot_be_drawn(tmp_path: Path) -> None:
    script = {
        "format": "kato-game/1",
        "players": [{"name": "Ann"}, {"name": "Bob"}],
        "options": {"cone": "cancel"},
        "inputs": [
            {"type": "turn_up", "player": "Bob", "card": {"color": "black", "value": "cone"}}
        ],
    }
    with pytest.raises(UserError, match=r"inputs\[0\]: cannot draw it: .* draws no black cone"):
        recording.render_session(script, tmp_path / "session")
