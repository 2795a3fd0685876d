"""Pip race at the table: its `GameKind`, the whole of what the app, the page, the camera
and `dicetable replay` know of it. It joins the registry the documented way for a game
kept outside host/games: DICETABLE_GAMES=tests.games.piprace.table_kind (tests/conftest.py
sets it for the test run).

Its script: {"format": "piprace-game/1", "players": [{"name", "token"}], "target": 20,
"first_player": name, "position": {"scores": {name: points}, "active_player": name},
"inputs": [...]}. Each player's button counts their dice.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from host.games import DiceExpectation, Game, Input, Waiting
from host.games.kind import CORRECT, RESOLVE, THROW, GameFileError, Trace
from host.games.page import (
    PLAYERS,
    choice,
    correct_form,
    dial,
    dice_form,
    dice_view,
    field,
    form,
    generic_answers,
    item_list,
    score_table,
    seat,
    token,
    track,
    view,
)
from host.games.scripts import play_inputs
from host.games.text import Words
from tests.games.piprace.engine import DICE, FACES, TOKENS, PipRace

_ = Words("tests.games.piprace")
FORMAT = "piprace-game/1"
SETUP_FIELDS = {"players", "target", "first_player", "position", "description", "seed"}
MIN_PLAYERS, MAX_PLAYERS = 2, 4
PIPS = {f: f for f in FACES}  # each face and its label on the page


class PipRaceDice:
    """Two white pip dice, read with vision's face set "d6-pips"."""

    faces = PIPS

    def expected(self, game: Game) -> DiceExpectation | None:
        g = _game(game)
        due = any(w.kind == THROW for w in g.waiting_for())
        return DiceExpectation("d6-pips", {"white": DICE}, g.active) if due else None

    def throw_input(self, game: Game, thrown: Sequence[str], kept: Sequence[str]) -> Input:
        player = _game(game).active
        return {"type": THROW, "player": player, "thrown": list(thrown), "kept": list(kept)}

    def entered_throw(self, game: Game, faces: Sequence[str]) -> Input:
        """The dice as they lie: those showing the faces of the throw before count as kept."""
        g = _game(game)
        kept = list((Counter(g.dice) & Counter(faces)).elements())
        thrown = list((Counter(faces) - Counter(kept)).elements())
        if not thrown and kept:  # thrown again, they landed as they were
            thrown.append(kept.pop())
        return self.throw_input(g, thrown, kept)


class PipRaceKind:
    name = "pip-race"
    title = "Pip race"
    script_format = FORMAT
    dice = PipRaceDice()

    def new(self, setup: Mapping[str, Any]) -> Game:
        return self.load({**setup, "format": FORMAT, "inputs": []})

    def load(self, script: Mapping[str, Any], trace: Trace | None = None) -> Game:
        game = _start(script)
        if trace is not None:
            trace(None, None, game)
        inputs = script.get("inputs", [])
        if not isinstance(inputs, list):
            raise GameFileError("inputs: a list of inputs")
        return play_inputs(game, inputs, (), trace)  # ReplayStopped at the input at fault

    def setup_of(self, script: Mapping[str, Any]) -> dict[str, Any]:
        _start(script)  # checked
        return {k: v for k, v in script.items() if k in SETUP_FIELDS and k != "seed"}

    def export(self, setup: Mapping[str, Any], inputs: Sequence[Input]) -> dict[str, Any]:
        return {"format": FORMAT, **setup, "inputs": [dict(i) for i in inputs]}

    def roles(self, game: Game) -> dict[str, str]:
        g = _game(game)
        return dict(zip(g.names, g.tokens, strict=True))

    def turn(self, game: Game) -> tuple[str, int]:
        g = _game(game)
        return g.active, g.turn

    def winners(self, game: Game) -> list[str]:
        return _game(game).winners

    def catalog(self) -> dict[str, Any]:
        token = field("players.{i}.token", _("token"), choices=[(t, _(t)) for t in TOKENS])
        token["distinct"] = True
        target = field("target", _("points to win"), min=6, max=100, default=20)
        setup = form(
            [token],
            [
                field(
                    "first_player", _("first player"), choices=PLAYERS, blank=_("the first seat")
                ),
                target,
            ],
            (MIN_PLAYERS, MAX_PLAYERS),
            start=MIN_PLAYERS,
        )
        pickup = form(
            [token, field("position.scores.{player}", _("points"), icon="★", min=0, default=0)],
            [field("position.active_player", _("whose turn"), choices=PLAYERS), target],
            (MIN_PLAYERS, MAX_PLAYERS),
            start=MIN_PLAYERS,
        )
        return {"role": _("token"), "setup": setup, "pickup": pickup}

    def view(self, game: Game) -> dict[str, Any]:
        g = _game(game)
        n = len(g.names)
        seats = [
            seat(
                name,
                _(token),
                active=name == g.active and not g.game_over,
                winner=name in g.winners,
                dials=[dial("points", "★", score, g.target)],
            )
            for name, token, score in zip(g.names, g.tokens, g.scores, strict=True)
        ]
        if g.game_over:
            headline = _("Game over: {players} won!", players=_(" and ").join(g.winners))
        else:
            headline = _("Turn {n}: {player}", n=g.turn, player=g.active)
        spaces = [""] * g.target + [_("goal")]
        tokens = [
            token(min(s, g.target), name, name[:1])
            for name, s in zip(g.names, g.scores, strict=True)
        ]
        rounds = (len(g.history) + n - 1) // n
        cells: dict[str, list[int]] = {name: [0] * rounds for name in g.names}
        for k, (name, points) in enumerate(g.history):
            cells[name][k // n] += points
        table = score_table(
            "rounds",
            _("Points per round"),
            [_("round {n}", n=r + 1) for r in range(rounds)] + [_("total")],
            [(name, [*cells[name], score]) for name, score in zip(g.names, g.scores, strict=True)],
        )
        last = [_("{player} {points}", player=p, points=pts) for p, pts in g.history[-3:]]
        return view(
            headline,
            seats,
            [item_list("last", _("Last counts"), last)],
            [track("race", _("The race"), spaces, tokens)],
            [table],
            dice_view(sorted(g.dice), g.throws, 2) if g.dice else None,
        )

    def answers(self, game: Game, waiting: Waiting) -> dict[str, Any]:
        g = _game(game)
        out = generic_answers(waiting)
        base = {"type": waiting.kind, "player": waiting.player}
        if waiting.kind == THROW:
            title = _("{player}: throw the dice", player=waiting.player)
            out.update(title=title, choices=[], form=dice_form(DICE, FACES, g.dice))
        elif waiting.kind == RESOLVE:
            title = _("{player}: count the dice", player=waiting.player)
            out.update(title=title, choices=[choice(_("Count them"), base)])
        elif waiting.kind == CORRECT:
            out.update(title=_("Fix a misread die"), choices=[], form=correct_form(g.dice, FACES))
        return out

    def button_inputs(self, game: Game, player: str) -> list[Input]:
        g = _game(game)
        if any(w.kind == RESOLVE and w.player == player for w in g.waiting_for()):
            return [{"type": RESOLVE, "player": player}]
        return []

    def random_input(self, game: Game, rng: random.Random) -> Input:
        g = _game(game)
        kinds = {w.kind for w in g.waiting_for()}
        if CORRECT in kinds and rng.random() < 0.05:
            old = rng.choice(g.dice)
            new = rng.choice([f for f in FACES if f != old])
            return {"type": CORRECT, "player": g.active, "from": old, "to": new}
        if THROW in kinds and (RESOLVE not in kinds or rng.random() < 0.5):
            kept = [f for f in g.dice if rng.random() < 0.5][: DICE - 1]
            thrown = [rng.choice(FACES) for _ in range(DICE - len(kept))]
            return {"type": THROW, "player": g.active, "thrown": thrown, "kept": kept}
        return {"type": RESOLVE, "player": g.active}


def _game(game: Game) -> PipRace:
    if not isinstance(game, PipRace):
        raise TypeError(f"not a game of Pip race: {type(game).__name__}")
    return game


def _start(script: Mapping[str, Any]) -> PipRace:
    """The game at a script's setup; GameFileError naming the field at fault."""
    if not isinstance(script, Mapping):
        raise GameFileError("a Pip race setup is a JSON object")
    unknown = set(script) - SETUP_FIELDS - {"format", "inputs", "expect"}
    if unknown:
        raise GameFileError(f"unknown field {sorted(unknown)[0]!r}")
    players = script.get("players")
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise GameFileError(f"players: {MIN_PLAYERS} to {MAX_PLAYERS} players")
    names, tokens = [], []
    for i, p in enumerate(players):
        if not isinstance(p, Mapping) or not isinstance(p.get("name"), str) or not p["name"]:
            raise GameFileError(f"players[{i}].name: a player needs a name")
        token = p.get("token", list(TOKENS)[i])
        if not isinstance(token, str) or token not in TOKENS or token in tokens:
            raise GameFileError(f"players[{i}].token: one of {', '.join(TOKENS)}, once each")
        names.append(p["name"])
        tokens.append(token)
    if len(set(names)) != len(names):
        raise GameFileError("players: a name sits twice at the table")
    target = script.get("target", 20)
    if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 1000:
        raise GameFileError(f"target: a whole number of points, not {target!r}")
    first = script.get("first_player")
    position = script.get("position")
    scores = None
    if position is not None:
        if not isinstance(position, Mapping):
            raise GameFileError("position: {scores, active_player}")
        first = position.get("active_player")
        given = position.get("scores", {})
        if not isinstance(given, Mapping) or set(given) - set(names):
            raise GameFileError("position.scores: points per player at the table")
        scores = [given.get(n, 0) for n in names]
        if not all(isinstance(s, int) and 0 <= s < target for s in scores):
            raise GameFileError(f"position.scores: whole numbers below the target {target}")
    if first is not None and first not in names:
        raise GameFileError(f"first_player: {first!r} is not at the table")
    seat = 0 if first is None else names.index(first)
    return PipRace(names, tokens, target, seat, scores)


KIND = PipRaceKind()
