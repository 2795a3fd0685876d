"""KaTO's main screen on the page (host.games.kind.Screens), for the page's screen walk
(host.app.screens): a round begun with a card turned up in the feed and a refusal of the
rules."""

from __future__ import annotations

from collections.abc import Iterator

from host.games.kind import Screens, Stage


def play(stage: Stage) -> Iterator[str]:
    players = stage.players[:3]
    stage.new_game({"players": [{"name": n} for n in players], "first_player": players[0]})
    stage.answer("turn_up", card={"color": "red", "value": "7"})  # an input in the feed
    stage.refused({"type": "draw", "player": players[2]})  # the rules' words
    yield "kato"


SCREENS = Screens(names=("kato",), play=play)
