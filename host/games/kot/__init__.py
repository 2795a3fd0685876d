"""King of Tokyo rules package: a pure, replayable rules engine.

- `engine.KingOfTokyo`: the game (implements `host.games.Game`).
- `setup`: seats, options, positions. `cards`: the 66 power cards. `effects`: where card
  effects plug in. `view`: the JSON state and the LED board. `script`: the JSON game-script
  format (docs/game-script.md). `random_player`: legal random play. `replay_cli`, `bench`:
  the `dicetable replay` and `dicetable bench engine` commands.

Pure: no camera, serial, web, threads or clock; randomness only from seeded
`random.Random` instances whose seed is in the setup.
"""

from host.games.kot.engine import KingOfTokyo
from host.games.kot.rules import FACES
from host.games.kot.script import Script, ScriptError, load_script, parse_script, replay
from host.games.kot.setup import MonsterPosition, Options, Position, Seat, Setup, SetupError
from host.games.kot.state import Monster

__all__ = [
    "FACES",
    "KingOfTokyo",
    "Monster",
    "MonsterPosition",
    "Options",
    "Position",
    "Script",
    "ScriptError",
    "Seat",
    "Setup",
    "SetupError",
    "load_script",
    "parse_script",
    "replay",
]
