"""Kingdom Run rules package: a pure, replayable rules engine for the race.

- `engine.KingdomRun`: the game (implements `host.games.Game` and the dice capability).
- `rules`: the faces, actions and limits. `course`: the course as the players laid it
  (presets, your own). `setup`: seats, options, positions. `race`: the runners, finish
  places and victory tokens, and how runners land. `turn`: the throws and the dice left.
  `actions`: the five actions' legal choices and effects. `view`: the JSON state and the
  LED board. `script`: the game-script format `kr-game/1` (docs/kingdom-run-script.md).
  `random_player`: legal random play. `bench`: its part of `dicetable bench engine`.

Pure: no camera, serial, web, threads, clock or randomness (the dice are inputs).
The rules as played, with the policies where the rules are silent: docs/kingdom-run.md.
"""

from host.games.kingdom_run.course import PRESETS, Course
from host.games.kingdom_run.engine import KingdomRun
from host.games.kingdom_run.errors import SetupError
from host.games.kingdom_run.rules import FACES
from host.games.kingdom_run.setup import Options, Position, Seat, Setup

__all__ = [
    "FACES",
    "PRESETS",
    "Course",
    "KingdomRun",
    "Options",
    "Position",
    "Seat",
    "Setup",
    "SetupError",
]
