"""Kingdom Run's main screen on the page (host.games.kind.Screens), for the page's screen
walk (host.app.screens): a turn with a throw in the feed and a refusal of the rules."""

from __future__ import annotations

from collections.abc import Iterator

from host.games.kind import Screens, Stage


def play(stage: Stage) -> Iterator[str]:
    players = stage.players
    stage.new_game({"players": [{"name": n} for n in players], "first_player": players[0]})
    stage.throw(["boots", "hook", "drop", "flask"])  # an input in the feed
    stage.refused({"type": "end_turn", "player": players[1]})  # the rules' words
    yield "kingdom-run"


SCREENS = Screens(names=("kingdom-run",), play=play)
