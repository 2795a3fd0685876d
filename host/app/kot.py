"""King of Tokyo in the app: its `GameKind` (see host.app.games).

Everything the app must know of King of Tokyo beyond the `Game` protocol is here: the
setup form's lists, what the page offers for each thing the engine waits for, and what a
player's button means:

- the active player, after a throw: end the throws (the result is then held for the
  correction window before it is resolved);
- a monster in Tokyo asked whether it yields: leave Tokyo;
- the active player while others are asked to yield: everyone who has not pressed stays;
- the active player in the buy step: end the turn (cards are bought on the page).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from host.app.games import CORRECT, RESOLVE, THROW, GameFileError, generic_answers, register
from host.games import Game, Input, Waiting
from host.games.kot import KingOfTokyo, ScriptError, SetupError, parse_script
from host.games.kot.cards import CARDS
from host.games.kot.engine import FACES, ROLLOFF
from host.games.kot.script import FORMAT, ScriptFailed, replay, script_json, start
from host.games.kot.setup import MAX_PLAYERS, MIN_PLAYERS, MONSTERS

FACE_LABELS = {"1": "1", "2": "2", "3": "3", "heart": "♥", "energy": "⚡", "claw": "claw"}


class KingOfTokyoKind:
    name = "king-of-tokyo"
    title = "King of Tokyo"
    script_format = FORMAT

    def new(self, setup: Mapping[str, Any]) -> Game:
        if not isinstance(setup, Mapping):
            raise GameFileError("a game setup is a JSON object (players, options...)")
        fields = {k: v for k, v in setup.items() if k not in ("inputs", "expect")}
        return self.load({**fields, "format": FORMAT, "inputs": []})

    def load(self, script: Mapping[str, Any]) -> Game:
        try:
            return replay(parse_script(script))
        except ScriptFailed as error:
            raise GameFileError(str(error)) from None
        except (ScriptError, SetupError) as error:
            raise GameFileError(str(error)) from None

    def setup_of(self, script: Mapping[str, Any]) -> dict[str, Any]:
        # normalised through the engine's own writer, so a stored setup reads back the same
        try:
            game = start(parse_script({**script, "format": FORMAT, "inputs": []}))
        except (ScriptError, SetupError) as error:
            raise GameFileError(str(error)) from None
        setup = script_json(game)
        del setup["format"], setup["inputs"]
        if "description" in script:
            setup["description"] = str(script["description"])
        return setup

    def export(self, setup: Mapping[str, Any], inputs: Sequence[Input]) -> dict[str, Any]:
        return {"format": FORMAT, **setup, "inputs": [dict(i) for i in inputs]}

    def roles(self, game: Game) -> dict[str, str]:
        return {m.name: m.monster for m in _kot(game).monsters}

    def turn(self, game: Game) -> tuple[str, int]:
        g = _kot(game)
        if g.phase == ROLLOFF:
            return (f"roll-off {g.rolloff[0].name}", len(g.rolloff_claws))
        return (g.active.name, g.turn)

    def winners(self, game: Game) -> list[str]:
        return [m.name for m in _kot(game).winners]

    def catalog(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "title": self.title,
            "format": self.script_format,
            "role": "monster",
            "roles": list(MONSTERS),
            "players": [MIN_PLAYERS, MAX_PLAYERS],
            "options": [
                {"name": "two_player_variant", "label": "Two-player variant"},
                {"name": "first_edition", "label": "First-edition Tokyo entry (needs a claw)"},
            ],
            "places": ["city", "bay"],
            "dials": ["hp", "vp", "energy"],
            "cards": sorted(CARDS),
            "faces": list(FACES),
            "face_labels": FACE_LABELS,
        }

    def answers(self, game: Game, waiting: Waiting) -> dict[str, Any]:
        g = _kot(game)
        out = generic_answers(waiting)
        base = {"type": waiting.kind, "player": waiting.player}
        who = waiting.player
        if waiting.kind == THROW:
            rolloff = g.phase == ROLLOFF
            out["title"] = f"{who}: roll-off throw" if rolloff else f"{who}: throw the dice"
            out["choices"] = []
            out["form"] = {
                "type": "dice",
                "count": g.dice_in_play() if not rolloff else 6,
                "faces": list(FACES),
                "current": [] if rolloff else sorted(g.dice, key=FACES.index),
            }
        elif waiting.kind == RESOLVE:
            out["title"] = f"{who}: use this result"
            out["choices"] = [{"label": "Use this result", "input": base}]
        elif waiting.kind == CORRECT:
            out["title"] = "Fix a misread die"
            out["choices"] = []
            out["form"] = {"type": "correct", "dice": sorted(g.dice, key=FACES.index)}
        elif waiting.kind == "yield":
            where = "Tokyo " + str(waiting.options.get("location", "")).title()
            out["title"] = f"{who}: yield {where}?"
            out["choices"] = [
                {"label": f"Yield (leave {where})", "input": {**base, "leave": True}},
                {"label": f"Stay in {where}", "input": {**base, "leave": False}},
            ]
        elif waiting.kind == "buy":
            out["title"] = f"{who}: buy a card"
            out["choices"] = [
                {"label": f"Buy {c['card']} ({c['cost']}⚡)", "input": {**base, "card": c["card"]}}
                for c in waiting.options.get("cards", [])
            ]
        elif waiting.kind == "sweep":
            out["title"] = f"{who}: sweep the cards"
            out["choices"] = [{"label": f"Sweep ({waiting.options.get('cost')}⚡)", "input": base}]
        elif waiting.kind == "end_turn":
            out["title"] = f"{who}: end the turn"
            out["choices"] = [{"label": "End the turn", "input": base}]
        elif "card" in waiting.kind or "reveal" in waiting.kind:
            # a card decision the page does not know yet (e.g. the cards revealed on the
            # table): offer its own choices, and the whole card list to pick from
            out["form"] = {"type": "pick", "field": "card", "choices": sorted(CARDS)}
        return out

    def button_inputs(self, game: Game, player: str) -> list[Input]:
        g = _kot(game)
        waits = g.waiting_for()
        mine = {w.kind for w in waits if w.player == player}
        if "yield" in mine:
            return [{"type": "yield", "player": player, "leave": True}]
        yields = [w for w in waits if w.kind == "yield"]
        if yields and g.phase != ROLLOFF and player == g.active.name:
            return [{"type": "yield", "player": w.player, "leave": False} for w in yields]
        for kind in (RESOLVE, "end_turn"):
            if kind in mine:
                return [{"type": kind, "player": player}]
        return []

    def manual_throw(self, game: Game, faces: Sequence[str]) -> Input:
        """Dice entered by hand as they lie after the throw: the dice that show the same
        faces as before count as kept, the rest as thrown (at least one is thrown).

        >>> from host.games.kot import Setup
        >>> game = KingOfTokyo(Setup.simple("Ann", "Bob", first_player="Ann"))
        >>> game.apply(game.throw_input(["1", "1", "2", "heart", "claw", "claw"]))
        >>> KOT.manual_throw(game, ["1", "1", "1", "heart", "claw", "claw"])["thrown"]
        ['1']
        """
        g = _kot(game)
        if g.phase == ROLLOFF or not g.throws:
            return g.throw_input(list(faces))
        kept_count = Counter(g.dice) & Counter(faces)
        kept = list(kept_count.elements())
        thrown = list((Counter(faces) - kept_count).elements())
        if not thrown and kept:  # the dice thrown again landed as they were
            thrown.append(kept.pop())
        return g.throw_input(thrown, kept)


def _kot(game: Game) -> KingOfTokyo:
    if not isinstance(game, KingOfTokyo):
        raise TypeError(f"not a King of Tokyo game: {type(game).__name__}")
    return game


KOT = register(KingOfTokyoKind())
