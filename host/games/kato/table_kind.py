"""KaTO at the table: its `GameKind` (host.games.kind), found by the registry.

Everything the app must know of KaTO beyond the `Game` protocol is here (what the page
offers for each thing the engine waits for is in `answers`): the setup form's lists and
defaults (the seed leaves the card values and the deck open: the catalog says so), how a
script is started, replayed and saved, and what a player's button means, in this order:

1. a player who may call KaTO calls it: down to one card before the next player begins,
   or on their turn holding two cards (the press may come before the camera has read the
   card laid), so with two cards in hand the button never draws;
2. else, a press catches the players who forgot to call (once the next player began):
   a player's own call comes first, so the others catch;
3. else, the player whose turn it is draws: the cards owed, or one card; after a draw
   with the house rule to play it, the press passes.

No dice: the camera reads the cards laid on the discard pile and the hands laid down at a
round's end (`cards`: host.games.kato.seen); the page and the buttons enter the rest, and
everything the camera cannot read. It comes after the dice games in the catalog
(`catalog_order`).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from host.games import Game, Input, Waiting
from host.games.kato import page, script, story
from host.games.kato.answers import answer
from host.games.kato.engine import KaTO
from host.games.kato.phases import DRAWN, PLAY
from host.games.kato.screens import SCREENS
from host.games.kato.script import FORMAT
from host.games.kato.seen import CARDS
from host.games.kato.text import INPUTS_SAID, _
from host.games.scripts import ScriptedKind


class KatoKind(ScriptedKind):
    name = "kato"
    title = _("KaTO")
    words = _  # its names said in the reader's language where the app shows them
    inputs_said = INPUTS_SAID  # the page's feed tells each input with these
    script_format = FORMAT
    script = script
    catalog_order = 1  # after King of Tokyo, the table's first game (then by name)
    dice = None  # no dice: the cards are laid, read by the camera (`cards`) or entered
    cards = CARDS
    # 3 players, 3 rounds of 3 cards dealt (`dicetable demo --game kato`); made by
    # host.games.kato.demo
    demo = Path(__file__).parent / "data" / "demo-game.json"
    screens = SCREENS  # its main screen on the page, for the page's screen walk

    def story(self, before: dict[str, Any], after: dict[str, Any], inp: Input) -> dict[str, Any]:
        """The feed's entry: the cards laid and named, the cards drawn, the round won."""
        return story.story(before, after, inp)

    def roles(self, game: Game) -> dict[str, str]:
        return dict.fromkeys(_kato(game).players, "")  # the players hold no role

    def turn(self, game: Game) -> tuple[str, int]:
        g = _kato(game)
        return (g.players[g.turn], g.turns)

    def winners(self, game: Game) -> list[str]:
        g = _kato(game)
        return [g.players[s] for s in g.winners]

    def standings(self, game: Game) -> list[str]:
        """Each player's score and the rounds they won, then the winners.

        >>> from host.games.kato import Setup
        >>> KIND.standings(KaTO(Setup(players=("Ann", "Bob"))))[0]
        'Ann      0 points, no round won'
        """
        s = _kato(game).to_json()
        won = {p["name"]: 0 for p in s["players"]}
        for r in s["rounds"]:
            won[r["winner"]] += 1
        lines: list[str] = []
        for p in s["players"]:
            n, name, score = won[p["name"]], p["name"], p["score"]
            lines.append(
                _(
                    "{player:<6} {score:>3} points, "
                    "{n, plural, one {# round won} other {# rounds won}}",
                    player=name, score=score, n=n,
                )
                if n
                else _("{player:<6} {score:>3} points, no round won", player=name, score=score)
            )  # fmt: skip
        if s["game_over"]:
            winners = list(s["winners"])
            lines.append(
                _("Winner: {players}", players=winners) if winners else _("Winner: nobody")
            )
        return lines

    def catalog(self) -> dict[str, Any]:
        return page.catalog()

    def view(self, game: Game) -> dict[str, Any]:
        return page.view(_kato(game))

    def answers(self, game: Game, waiting: Waiting) -> dict[str, Any]:
        return answer(_kato(game), waiting)

    def random_input(self, game: Game, rng: random.Random) -> Input:
        """A random legal input (the tests' random play over every game)."""
        from host.games.kato import random_player

        return random_player.random_input(_kato(game), rng)

    def button_inputs(self, game: Game, player: str) -> list[Input]:
        g = _kato(game)
        seat = g.seats.get(player)
        if seat is None or g.game_over:
            return []
        if g.window == seat or g.may_call_early(seat):
            return [{"type": "kato", "player": player}]
        caught = [g.players[s] for s in sorted(g.forgot) if s != seat]
        if caught:
            return [{"type": "catch", "player": player, "target": t} for t in caught]
        if seat == g.turn and g.phase == PLAY:
            return [{"type": "draw", "player": player}]
        if seat == g.turn and g.phase == DRAWN:
            return [{"type": "pass", "player": player}]
        return []


def _kato(game: Game) -> KaTO:
    if not isinstance(game, KaTO):
        raise TypeError(f"not a KaTO game: {type(game).__name__}")
    return game


KIND = KatoKind()
