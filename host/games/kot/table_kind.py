"""King of Tokyo at the table: its `GameKind` (host.games.kind), found by the registry.

Everything the app must know of King of Tokyo beyond the `Game` protocol is here (what the
page offers for each thing the engine waits for is each decision kind's `page`, in
`decision_kinds`): the setup form's lists,
how a script is started, replayed and saved, and what a player's button means:

- the active player, after a throw: end the throws (the result is then held for the
  correction window before it is resolved);
- a monster in Tokyo asked whether it yields: leave Tokyo;
- the active player while others are asked to yield: everyone who has not pressed stays;
- the active player in the buy step: end the turn (cards are bought on the page).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from host.games import DiceExpectation, Game, Input, Waiting, refusals
from host.games.kind import RESOLVE, THROW, GameFileError, ReplayStopped, Trace
from host.games.kot import KingOfTokyo, ScriptError, SetupError, page, parse_script
from host.games.kot.decision_kinds import KINDS
from host.games.kot.expansions.berserk import DIE as BERSERK_DIE
from host.games.kot.expansions.curses import DIE as FATE_DIE
from host.games.kot.rules import BAY, CITY, ROLLOFF
from host.games.kot.screens import SCREENS
from host.games.kot.script import FORMAT, ScriptFailed, replay, script_json, start
from host.games.kot.setup import DICE_BOXES
from host.games.kot.story import story
from host.games.kot.text import FACE_LABELS, FACE_WORDS, _, face_label, place_name
from host.games.page import generic_answers
from host.games.text import Text, message


class KingOfTokyoDice:
    """The black dice (and the green ones cards add), read with the face set "kot"; the
    berserk die's faces come after theirs."""

    # how the page draws them: the vision renderer's glyph styles of those names (the black
    # and green dice, the berserk die, the die of fate), each face by the first that has it
    glyphs = ("kot", "berserk", "fate")
    # the face sets they are read with (each box's, each expansion's die's) -> their title
    sets: Mapping[str, str] = MappingProxyType(
        {
            DICE_BOXES[""]: _("King of Tokyo dice"),
            DICE_BOXES["dark"]: _("King of Tokyo: Dark Edition dice"),
            BERSERK_DIE: _("Berserk die"),
            FATE_DIE: _("Die of fate"),
        }
    )

    @property
    def faces(self) -> dict[str, str]:
        return {f: face_label(f) for f in FACE_LABELS}

    @property
    def words(self) -> dict[str, Text]:
        """The faces labelled by a sign (♥, ⚡), in words (host.games.page.dice_faces)."""
        return dict(FACE_WORDS)

    def expected(self, game: Game) -> DiceExpectation | None:
        return _kot(game).expected_dice()

    def throw_input(self, game: Game, thrown: Sequence[str], kept: Sequence[str]) -> Input:
        return _kot(game).throw_input(thrown, kept)

    def entered_throw(self, game: Game, faces: Sequence[str]) -> Input:
        """Dice entered by hand as they lie after the throw: the dice that show the same
        faces as the ones that could be kept count as kept, the rest as thrown (at least
        one is thrown; a card's throw of only some faces throws exactly those).

        >>> from host.games.kot import Setup
        >>> game = KingOfTokyo(Setup.simple("Ann", "Bob", first_player="Ann"))
        >>> game.apply(game.throw_input(["1", "1", "2", "heart", "claw", "claw"]))
        >>> KIND.dice.entered_throw(game, ["1", "1", "1", "heart", "claw", "claw"])["thrown"]
        ['1']
        """
        g = _kot(game)
        expected = g.expected_dice()
        waits = [w for w in g.waiting_for() if w.kind == THROW]
        wait = next((w for w in waits if expected and w.player == expected.player), None)
        keepable = list(wait.options.get("keepable", [])) if wait is not None else []
        if not keepable:  # a first throw, a roll-off throw, a card's whole new throw
            return g.throw_input(list(faces))
        forced = wait.options.get("forced") if wait is not None else None
        if forced is not None:  # a curse's: only those dice are thrown again, entered alone
            kept = list((Counter(keepable) - Counter(forced)).elements())
            return g.throw_input(list(faces), kept)
        rethrow = wait.options.get("rethrow") if wait is not None else None
        if rethrow is not None:  # only the dice showing that face are thrown again
            kept = [f for f in keepable if f != rethrow]
            thrown = list((Counter(faces) - Counter(kept)).elements())
            return g.throw_input(thrown, kept)
        kept_count = Counter(keepable) & Counter(faces)
        kept = list(kept_count.elements())
        thrown = list((Counter(faces) - kept_count).elements())
        if not thrown and kept:  # the dice thrown again landed as they were (not a locked one)
            free = [i for i, f in enumerate(kept) if f != g.locked] or [len(kept) - 1]
            thrown.append(kept.pop(free[-1]))
        return g.throw_input(thrown, kept)


class KingOfTokyoKind:
    name = "king-of-tokyo"
    title = _("King of Tokyo")
    words = _  # its names said in the reader's language where the app shows them
    script_format = FORMAT
    dice = KingOfTokyoDice()
    demo = Path(__file__).parent / "data" / "demo-game.json"  # 3 monsters, 9 turns (optional)
    screens = SCREENS  # its main screens on the page, for the page's screen walk
    extra_leds = (place_name(CITY), place_name(BAY))  # the board's extra LEDs (view.py)

    def new(self, setup: Mapping[str, Any]) -> Game:
        if not isinstance(setup, Mapping):
            raise GameFileError(refusals.not_a_setup())
        fields = {k: v for k, v in setup.items() if k not in ("inputs", "expect")}
        return self.load({**fields, "format": FORMAT, "inputs": []})

    def load(self, script: Mapping[str, Any], trace: Trace | None = None) -> Game:
        try:
            parsed = parse_script(script)
            if trace is None:
                return replay(parsed)
            game = start(parsed)
            trace(None, None, game)  # the game the inputs are then played on (a feed listens)
            return replay(parsed, trace, game)
        except ScriptFailed as error:
            raise ReplayStopped(message(error), error.game) from None
        except (ScriptError, SetupError) as error:
            raise GameFileError(message(error)) from None

    def setup_of(self, script: Mapping[str, Any]) -> dict[str, Any]:
        # normalised through the engine's own writer, so a stored setup reads back the same
        try:
            game = start(parse_script({**script, "format": FORMAT, "inputs": []}))
        except (ScriptError, SetupError) as error:
            raise GameFileError(message(error)) from None
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

    def standings(self, game: Game) -> list[str]:
        """Each monster's VP, HP and place, then the winner (`Text`s: the terminal says
        them in its language).

        >>> from host.games.kot import Setup
        >>> said = KIND.standings(KingOfTokyo(Setup.simple("Ann", "Bob", first_player="Ann")))
        >>> said[0], said[0].say("fr")
        ('Ann    Alienoid      0 VP  10 HP', 'Ann    Alienoid      0 ★  10 PV')
        """
        lines: list[str] = []
        for p in _kot(game).to_json()["players"]:
            line = _(
                "{player:<6} {monster:<12} {vp:>2} VP  {hp:>2} HP",
                player=p["name"],
                monster=_.name(p["monster"]),
                vp=p["vp"],
                hp=p["hp"],
            )
            if p["location"]:
                place = _.name(f"Tokyo {p['location'].title()}")
                line = _("{standing}  in {place}", standing=line, place=place)
            if not p["alive"]:
                line = _("{standing}  (eliminated)", standing=line)
            lines.append(line)
        if game.game_over:
            winners = self.winners(game)
            lines.append(_("Winner: {players}", players=winners) if winners else _("Nobody wins."))
        return lines

    def catalog(self) -> dict[str, Any]:
        return page.catalog()

    def view(self, game: Game) -> dict[str, Any]:
        return page.view(_kot(game))

    def story(
        self,
        before: Mapping[str, Any],
        after: Mapping[str, Any],
        inp: Input,
        steps: Sequence[tuple[Any, Mapping[str, Any]]] = (),
    ) -> dict[str, Any]:
        return story(before, after, inp, steps)

    def answers(self, game: Game, waiting: Waiting) -> dict[str, Any]:
        out = generic_answers(waiting)
        kind = KINDS.get(waiting.kind)
        if kind is not None:
            base = {"type": waiting.kind, "player": waiting.player}
            out.update(kind.page(_kot(game), waiting, base))
        return out

    def random_input(self, game: Game, rng: random.Random) -> Input:
        """A random legal input (the tests' random play over every game)."""
        from host.games.kot import random_player

        return random_player.random_input(_kot(game), rng)

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


def _kot(game: Game) -> KingOfTokyo:
    if not isinstance(game, KingOfTokyo):
        raise TypeError(f"not a King of Tokyo game: {type(game).__name__}")
    return game


KIND = KingOfTokyoKind()
