"""Kingdom Run at the table: its `GameKind` (host.games.kind), found by the registry.

Everything the app must know of Kingdom Run beyond the `Game` protocol is here (what the
page offers for each thing the engine waits for is in `answers`): the setup form's lists,
how a script is started, replayed and saved, the dice, and what a player's button means:
the active player's button, once the dice are thrown, ends the turn (the actions are
chosen on the page: a tap on a runner or a space of the drawn course, see `answers`).

It comes after King of Tokyo in the catalog (`catalog_order`): a new game naming none, and
the setup form at first, are the table's first game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from host.games import DiceExpectation, Game, Input, Waiting
from host.games.kingdom_run import page, script, story
from host.games.kingdom_run.answers import FACE_LABELS, answer
from host.games.kingdom_run.engine import KingdomRun
from host.games.kingdom_run.rules import FACE_SET
from host.games.kingdom_run.screens import SCREENS
from host.games.kingdom_run.script import FORMAT
from host.games.kingdom_run.text import INPUTS_SAID, _
from host.games.scripts import ScriptedKind


class KingdomRunDice:
    """The 4 dice, read with the face set `FACE_SET` ("kingdom-run")."""

    glyphs = "kingdom-run"  # how the page draws them: the vision renderer's glyph style
    faces: Mapping[str, str] = FACE_LABELS
    # the face set they are read with -> what players call them
    sets: Mapping[str, str] = MappingProxyType({FACE_SET: _("Kingdom Run dice")})

    def expected(self, game: Game) -> DiceExpectation | None:
        return _kr(game).expected_dice()

    def throw_input(self, game: Game, thrown: Sequence[str], kept: Sequence[str]) -> Input:
        return _kr(game).throw_input(thrown, kept)

    def entered_throw(self, game: Game, faces: Sequence[str]) -> Input:
        """Dice entered by hand as they lie after the throw: on a second throw, the dice
        showing the faces of the first count as kept, the rest as thrown (at least one).

        >>> from host.games.kingdom_run import Setup
        >>> game = KingdomRun(Setup.simple("Ann", "Bob"))
        >>> game.apply(game.throw_input(["boots", "boots", "hook", "purse"]))
        >>> KIND.dice.entered_throw(game, ["boots", "flask", "hook", "purse"])["thrown"]
        ['flask']
        """
        g = _kr(game)
        if not g.turn.dice:  # the first throw
            return g.throw_input(list(faces))
        kept_count = Counter(g.turn.dice) & Counter(faces)
        kept = list(kept_count.elements())
        thrown = list((Counter(faces) - kept_count).elements())
        if not thrown and kept:  # the dice thrown again landed as they were
            thrown.append(kept.pop())
        return g.throw_input(thrown, kept)


class KingdomRunKind(ScriptedKind):
    name = "kingdom-run"
    title = _("Kingdom Run")
    words = _  # its names said in the reader's language where the app shows them
    inputs_said = INPUTS_SAID  # what each input does, in words (the feed's: `story`)
    script_format = FORMAT
    script = script
    catalog_order = 1  # after King of Tokyo, the table's first game
    dice = KingdomRunDice()
    # 3 players on the sprint course, 41 throws (`dicetable demo --game kingdom-run`);
    # made by host.games.kingdom_run.demo
    demo = Path(__file__).parent / "data" / "demo-game.json"
    screens = SCREENS  # its main screen on the page, for the page's screen walk

    def roles(self, game: Game) -> dict[str, str]:
        return {s.name: s.colour for s in _kr(game).setup.seats}

    def turn(self, game: Game) -> tuple[str, int]:
        g = _kr(game)
        return (g.active, g.turn.number)

    def winners(self, game: Game) -> list[str]:
        return list(_kr(game).winners)

    def catalog(self) -> dict[str, Any]:
        return page.catalog()

    def view(self, game: Game) -> dict[str, Any]:
        return page.view(_kr(game))

    def story(
        self, before: Mapping[str, Any], after: Mapping[str, Any], inp: Input
    ) -> dict[str, Any]:
        """The feed's entry: the faces thrown, the runners moved, tokens, places taken."""
        return story.story(before, after, inp)

    def answers(self, game: Game, waiting: Waiting) -> dict[str, Any]:
        return answer(_kr(game), waiting)

    def random_input(self, game: Game, rng: random.Random) -> Input:
        """A random legal input (the tests' random play over every game)."""
        from host.games.kingdom_run import random_player

        return random_player.random_input(_kr(game), rng)

    def standings(self, game: Game) -> list[str]:
        """Each player's score (finish places plus tokens), then the winners.

        >>> from host.games.kingdom_run import Setup
        >>> KIND.standings(KingdomRun(Setup.simple("Ann", "Bob")))[0]
        'Ann    red      12 points: 6 tokens, no finish place'
        """
        s = _kr(game).to_json()
        lines: list[str] = []
        for p in s["players"]:
            said = {
                "player": p["name"],
                "colour": _.name(p["colour"]),
                "score": p["score"],
                "tokens": p["tokens"],
            }
            lines.append(
                _(
                    "{player:<6} {colour:<7} {score:>3} points: "
                    "{tokens, plural, one {# token} other {# tokens}}, "
                    "{n, plural, one {finish place} other {finish places}} {places}",
                    **said, n=len(p["places"]), places=list(p["places"]),
                )
                if p["places"]
                else _(
                    "{player:<6} {colour:<7} {score:>3} points: "
                    "{tokens, plural, one {# token} other {# tokens}}, no finish place",
                    **said,
                )
            )  # fmt: skip
        if s["game_over"]:
            winners = list(s["winners"])
            lines.append(
                _("Winner: {players}", players=winners) if winners else _("Winner: nobody")
            )
        return lines

    def button_inputs(self, game: Game, player: str) -> list[Input]:
        g = _kr(game)
        if any(w.kind == "end_turn" and w.player == player for w in g.waiting_for()):
            return [{"type": "end_turn", "player": player}]
        return []


def _kr(game: Game) -> KingdomRun:
    if not isinstance(game, KingdomRun):
        raise TypeError(f"not a Kingdom Run game: {type(game).__name__}")
    return game


KIND = KingdomRunKind()
