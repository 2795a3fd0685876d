"""Recorded table sessions: what the camera saw and what people pressed, in order.

A session is a folder holding `session.json` and the camera frames it names:

    {"format": "dicetable-session/1", "fps": 15,
     "game": {"format": "<game>/1", "players": [...], ...},  # the setup it was played from
     "steps": [{"frames": ["f00000.jpg", ...]},      # the camera's view, in order
               {"input": {"type": "resolve", ...}},  # a button press or page action
               {"frames": [...], "entered": {...}},  # cards seen, and what a person
               ...]}                                 # entered if they were not read

`render_session` makes one from a game script of any dice game: the game (found by the
script's format) replays it, and every throw input becomes frames of the dice the game
expects (its face set, how many of each colour) drawn by vision's tray simulator
(`vision.live.sequences.Take`: dice picked up, tumbling, then lying still; kept dice stay
where they lay); every other input is kept as the press or tap that made it. Played
through vision, the frames give back the script's throws: that is what the demo shows.
A card game's script becomes frames of its cards laid on the discard pile and its hands
laid down (vision.cards.pile: our own cards, unless told otherwise; before each hand,
the table cleared of the cards before), each with the input they show "entered": a card
the camera does not read is entered on the page, as people do at the table (the card
reader says `unknown` rather than guess).
("game" is optional: older sessions name none, and are played with `--game SCRIPT`.)
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from host.errors import UserError
from host.text import _

if TYPE_CHECKING:
    import numpy as np

    from host.games import Game
    from host.games.kind import Dice, GameKind
    from vision.cards.pile import Deck, DrawnDeck
    from vision.live.sequences import Take
    from vision.render.scene import DiceLook

FORMAT = "dicetable-session/1"
FPS = 15


@dataclass(frozen=True)
class Step:
    """Frames the camera saw, or one input from a button or the page."""

    frames: tuple[Path, ...] = ()
    input: Mapping[str, Any] | None = None
    # beside a card game's frames: the input they show, as a person entered it on the page
    # when the camera did not read them (host.app.recorded plays it only then)
    entered: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Session:
    folder: Path
    fps: int
    steps: tuple[Step, ...]
    game: Mapping[str, Any] | None = None  # the game script (no inputs) it was played from
    # a teaching: dice thrown to teach the table (no game); each frames step is played
    # once the page's teaching waits for throws
    teach: bool = False
    # still photos played as throws of a game: each frames step is played once the table
    # waits for a throw (the last one resolved), as people throw when the game says
    paced: bool = False

    def frame_count(self) -> int:
        return sum(len(s.frames) for s in self.steps)


def load_session(folder: str | Path) -> Session:
    """Read a session folder; a problem is a one-line UserError."""
    folder = Path(folder)
    path = folder / "session.json"
    if not path.is_file():
        raise UserError(
            _(
                "{folder} is not a recorded session (a folder with session.json and its frames)",
                folder=str(folder),
            )
        )
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise UserError(
            _("cannot read {path}: {why}", path=str(path), why=error.strerror or str(error))
        ) from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise UserError(_("{path} is not a session file (JSON)", path=str(path))) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UserError(_("{path}: not a {format} session", path=str(path), format=FORMAT))
    steps = []
    for i, step in enumerate(data.get("steps", [])):
        if isinstance(step, dict) and isinstance(step.get("frames"), list):
            entered = step.get("entered")
            if entered is not None and not isinstance(entered, dict):
                raise UserError(f'{path}: steps[{i}]: its "entered" is not an input')
            frames = tuple(folder / str(f) for f in step["frames"])
            steps.append(Step(frames=frames, entered=entered))
        elif isinstance(step, dict) and isinstance(step.get("input"), dict):
            steps.append(Step(input=step["input"]))
        else:
            raise UserError(f"{path}: steps[{i}] is neither frames nor an input")
    game = data.get("game")
    if game is not None and not isinstance(game, dict):
        raise UserError(f'{path}: its "game" is not a game script\'s setup (a JSON object)')
    return Session(
        folder,
        int(data.get("fps", FPS)),
        tuple(steps),
        game,
        teach=data.get("teach") is True,
        paced=data.get("paced") is True,
    )


def still_session(
    photos: Sequence[Path],
    folder: Path,
    hold: int = 8,
    seed: int = 0,
    teach: bool = True,
    picked_up: Sequence[np.ndarray] | None = None,
) -> Session:
    """A session of still photos of dice (each a throw), as a camera sends them: each photo
    held `hold` frames with the camera's noise, then the next (vision.live.sequences.held).
    A teaching session (`teach`), or else throws of a game, each played once the table
    waits for a throw. `picked_up[i]`: the view once the dice of photo i are picked up
    (its tray empty), held `hold` frames before photo i + 1, as people pick up the dice
    and throw them again (the camera sees them leave instead of a cut to other dice)."""
    from vision.images import read_image, write_image
    from vision.live.sequences import held

    folder.mkdir(parents=True, exist_ok=True)
    steps: list[dict[str, Any]] = []
    index = 0
    for p, photo in enumerate(photos):
        shown = [read_image(photo)]
        if picked_up is not None and p > 0:
            shown.insert(0, picked_up[p - 1])
        steps.append({"frames": []})
        for _index, frame, _held in held(shown, hold, FPS, seed + p):
            name = f"f{index:05d}.jpg"
            write_image(folder / name, frame)
            steps[-1]["frames"].append(name)
            index += 1
    session = {"format": FORMAT, "fps": FPS, "teach" if teach else "paced": True, "steps": steps}
    (folder / "session.json").write_text(json.dumps(session, indent=1) + "\n", encoding="utf-8")
    return load_session(folder)


# ---- making a session from a game script ---------------------------------------------


def render_session(script: Mapping[str, Any], folder: Path, cards: Deck | None = None) -> Session:
    """Draw the session of a game script (its JSON) into `folder`; a script whose game is
    unknown, or that the rules or the camera could not have played, is a UserError naming
    the input. A card game's cards are drawn from `cards` (default: our own, `own_cards`)."""
    from host.games import IllegalInput
    from host.games.kind import GameFileError, cards_of
    from host.games.registry import kind_of_script
    from vision.images import write_image

    try:
        kind = kind_of_script(script)
        game = kind.new(kind.setup_of(script))
    except GameFileError as error:
        raise UserError(str(error)) from None
    dice = kind.dice
    if dice is None and cards_of(kind) is not None:
        return _render_cards(script, kind, game, folder, cards or own_cards())
    if dice is None:
        raise UserError(f"{kind.title} is played without dice: the camera has no throws to see")
    tray = _Tray(folder.name, int(script.get("seed", 0)))
    steps: list[dict[str, Any] | tuple[int, int]] = []  # an input, or a range of shots
    for i, inp in enumerate(script.get("inputs", [])):
        if _is_throw(inp):
            start = tray.shots
            turn = (kind.turn(game), _thrower(dice, game))
            tray.throw(game, dice, turn, inp, f"inputs[{i}]")
            steps.append((start, tray.shots))
        else:
            steps.append({"input": dict(inp)})
        try:
            game.apply(inp)
        except IllegalInput as error:
            raise UserError(f"inputs[{i}] is refused by the rules: {error}") from None
    folder.mkdir(parents=True, exist_ok=True)
    names: list[str] = []
    if tray.take is not None:
        for frame in tray.take.sequence().frames():
            names.append(f"f{frame.index:05d}.jpg")
            write_image(folder / names[-1], frame.image)
    written = [s if isinstance(s, dict) else {"frames": names[s[0] : s[1]]} for s in steps]
    setup = {k: v for k, v in script.items() if k not in ("inputs", "expect")}
    session = {"format": FORMAT, "fps": FPS, "game": setup, "steps": written}
    (folder / "session.json").write_text(json.dumps(session, indent=1) + "\n", encoding="utf-8")
    return load_session(folder)


SHOTS = 4  # frames of each view of the cards: a still camera's view settles (host.app.card_camera)


def own_cards() -> DrawnDeck:
    """Our own cards on our own table, as the demo's camera sees them: nothing from
    shared/data, no publisher's art. One design of the "train" split (typefaces and
    symbols the shipped card set learned from): random_design(default_rng(23), "train")
    written out, since random_design draws typefaces among the machine's fonts; this one's
    numerals are OpenCV's Hershey "plain", drawn alike on any machine. On a dark wood
    texture of ours (vision.cards.scene)."""
    from vision.cards.design import Design
    from vision.cards.glyphs import Typeface
    from vision.cards.pile import DrawnDeck
    from vision.cards.scene import Table

    face = Typeface(kind="hershey", name="plain", weight=0.2003, slant=0.0, stretch=0.9571)
    design = Design(
        split="train", aspect=1.5239, border=0.0903, paper=(217, 233, 222), corner=0.1151,
        shades=((48, 12, 166), (27, 217, 246), (162, 187, 38), (135, 85, 52)),
        black=(30, 30, 23), motif="circle", motif_angle=52.25, motif_size=0.9429, ink="body",
        outline=0.0437, shadow=0.0664, face=face, index_face=face, size=0.3575, index="two",
        index_size=0.1028, mark69="under",
        variants=(("skip", 1), ("reverse", 0), ("draw2", 0), ("wild", 0), ("wild4", 0)),
        text_draw2=False, text_wild4=False, quads=(1, 2, 3, 0), back=(20, 38, 39),
        back_ring=(26, 26, 203), back_text="BTHA",
    )  # fmt: skip
    return DrawnDeck(design, Table(kind="wood", color=(30, 50, 80), seed=7))


def photo_cards() -> Deck:
    """The real deck's photos (shared/data/cards/deck-a) on held-out table photos: for
    measuring on real pictures (tests), never shipped."""
    from vision.cards.pile import PhotoDeck
    from vision.paths import data_dir

    deck = data_dir("cards/deck-a")
    if deck is None:
        raise UserError("the card photos (shared/data/cards/deck-a) are not on this machine")
    return PhotoDeck(deck)


def _render_cards(
    script: Mapping[str, Any], kind: GameKind, game: Game, folder: Path, deck: Deck
) -> Session:
    """A card game's session: the table seen from above (vision.cards.pile, its pictures
    from `deck`). An input the camera reads (a card laid on the discard pile, a hand laid
    down) becomes the frames of it, with the input itself as what a person enters on the
    page if the camera does not read them ("entered"); a wild card laid with its colour
    named is the page's input, then the frames that confirm it; every other input is the
    press or tap that made it."""
    from host.games import IllegalInput
    from host.games.kind import NoCardInput, cards_of
    from vision.cards.pile import Pile
    from vision.errors import VisionError
    from vision.images import write_image

    cards = cards_of(kind)
    assert cards is not None
    folder.mkdir(parents=True, exist_ok=True)
    try:
        pile = Pile(deck, int(script.get("seed", 0)))
    except VisionError as error:
        raise UserError(f"cannot draw the cards' table: {error}") from None
    steps: list[dict[str, Any]] = []
    shot = 0

    def shots(frames: list[Any], entered: Mapping[str, Any] | None) -> None:
        nonlocal shot
        names = []
        for frame in frames:
            for _shot in range(SHOTS):
                names.append(f"f{shot:05d}.jpg")
                write_image(folder / names[-1], frame)
                shot += 1
        steps.append({"frames": names} | ({} if entered is None else {"entered": dict(entered)}))

    for i, inp in enumerate(script.get("inputs", [])):
        where = f"inputs[{i}]"
        expected = cards.expected(game)
        laid = [inp["card"]] if "card" in inp else list(inp.get("cards", []))
        seen = bool(laid) and expected is not None and expected.player == inp.get("player")
        made = cards.card_input(game, expected, laid) if seen and expected else None
        try:
            if isinstance(made, NoCardInput) and not inp.get("named"):
                raise UserError(f"{where}: the camera makes no input of it: {made.reason}")
            if made is not None and not isinstance(made, NoCardInput) and dict(made) != dict(inp):
                raise UserError(f"{where}: the camera would give {made}, not {dict(inp)}")
            named = made is None or inp.get("named")
            if named:
                steps.append({"input": dict(inp)})
            if made is not None and inp["type"] == "hand":
                # the cards before taken away (the pile, the hand before: moved, they
                # could be the next hand's to the camera), then the hand laid down
                pile.gather()
                shots([pile.frame(), pile.hand([(c["color"], c["value"]) for c in laid])], inp)
            elif made is not None:
                for c in laid:
                    frame = pile.lay(c["color"], c["value"])
                shots([frame], None if named else inp)
        except VisionError as error:
            raise UserError(f"{where}: cannot draw it: {error}") from None
        try:
            game.apply(inp)
        except IllegalInput as error:
            raise UserError(f"{where} is refused by the rules: {error}") from None
        if made is not None and inp["type"] == "turn_up" and game.to_json()["top"] is None:
            pile.gather()  # a card turned up that went back into the deck
    setup = {k: v for k, v in script.items() if k not in ("inputs", "expect")}
    session = {"format": FORMAT, "fps": FPS, "game": setup, "steps": steps}
    (folder / "session.json").write_text(json.dumps(session, indent=1) + "\n", encoding="utf-8")
    return load_session(folder)


def _is_throw(inp: Mapping[str, Any]) -> bool:
    from host.games.kind import THROW

    return inp.get("type") == THROW


def _thrower(dice: Dice, game: Game) -> str | None:
    expected = dice.expected(game)
    return None if expected is None else expected.player


def _looks(take: Take, thrown: list[str], colours: Counter[str]) -> list[DiceLook]:
    """The look of each die thrown: a face of another role's dice is that role's die, the
    others take the colours of the set's own dice left to throw."""
    own = Counter(colours)
    roles = [take.role_of(face) for face in thrown]
    for role in roles:
        if role is not None:
            if own[role] <= 0:
                raise ValueError(f"it throws more {role} dice than are in play")
            own[role] -= 1
    left = [c for c in own.elements() if c not in take.roles.values()]
    if len(left) < roles.count(None):
        raise ValueError(
            f"it throws {roles.count(None)} of the set's own dice, {len(left)} in play"
        )
    return [take.look(role if role is not None else left.pop(0)) for role in roles]


class _Tray:
    """The dice tray through a game: one take of vision's tray simulator, started at the
    first throw (with the face set the game names for it)."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.seed = seed
        self.take: Take | None = None
        self.turn: Hashable = None

    @property
    def shots(self) -> int:
        return 0 if self.take is None else len(self.take.shots)

    def throw(
        self, game: Game, dice: Dice, turn: Hashable, inp: Mapping[str, Any], where: str
    ) -> None:
        """The frames of one throw input, as the game expects its dice."""
        from vision.live.sequences import ANY, Take

        expected = dice.expected(game)
        if expected is None:
            raise UserError(f"{where}: a throw, but the game expects none then")
        thrown, kept = list(inp.get("thrown", [])), list(inp.get("kept", []))
        made = dice.throw_input(game, thrown, kept)
        if dict(made) != {"kept": [], **inp}:
            raise UserError(f"{where}: the camera would give the throw {made}, not {dict(inp)}")
        try:
            if self.take is None:
                self.take = Take(self.name, self.seed, face_set=expected.face_set).empty()
            elif self.take.face_set != expected.face_set:
                raise UserError(f"{where}: a session draws dice of one face set, not a second")
            # the dice of roles read with sets of their own (an expansion's die) join it
            self.take.with_roles(expected.face_sets)
        except (ValueError, OSError) as error:  # a set the renderer cannot draw
            raise UserError(f"{where}: cannot draw its dice: {error}") from None
        take = self.take
        if turn != self.turn:
            self.turn = turn
            take.new_turn()
        try:
            keep = take.lying(kept)
            in_play = Counter({c: n for c, n in expected.counts.items() if n > 0})
            colour_blind = ANY in in_play  # the game counts the dice, not their colours
            colours = in_play - Counter(
                ANY if colour_blind else take.dice[i].look.color for i in keep
            )
            if colours.total() != len(thrown):
                raise ValueError(
                    f"it throws {len(thrown)} dice and keeps {len(kept)}, with "
                    f"{in_play.total()} in play"
                )
            take.expect(dict(in_play))
            take.throw(thrown, keep=keep, looks=_looks(take, thrown, colours))
        except ValueError as error:
            raise UserError(f"{where}: cannot draw this throw: {error}") from None
