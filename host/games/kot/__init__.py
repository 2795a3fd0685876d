"""King of Tokyo rules package: a pure, replayable rules engine.

Its modules, each importing only those above it in this list (no import circles:
tests/test_import_cycles.py):

- `errors`: the illegal inputs. `rules`: the rules as numbers (faces, HP, VP, dice,
  places, phases) and their arithmetic. `cards`: the 66 power cards. `setup`: seats,
  options, positions. `text`: the words for people (where translations plug in).
- `checks`: an input's fields checked (die faces, kept dice, card names, counts).
- `effects`: where the cards' effects plug in (`CardEffect`, one hook per moment).
- `state`: the monsters, Tokyo, the market's piles, the decisions asked, and the changes
  the rules and the cards make (`State`: what the cards see).
- `market`: buying, sweeping and revealing cards. `waiting`: what the game waits for, the
  dice it expects, the refusals that say so. `decisions`: the answers to the decisions
  asked (yield, hearts, healing). `powers`: the cards' effects, by kind.
- `turn`: the turn flow, step by step (start, roll, resolve, enter, buy, end).
- `decision_kinds`: the one table of input kinds: each one's fields, engine step, page
  answer and random fields.
- `view`: the JSON state and the LED board. `engine`: `KingOfTokyo`, the game
  (`host.games.Game` over `State`).
- `script`: the game-script format (docs/game-script.md). `random_player`: legal random
  play. `page`: the page's forms and its view of the state. `table_kind`: the game at
  the table (`host.games.kind.GameKind`). `bench`: `dicetable bench engine`.

Pure: no camera, serial, web, threads or clock; randomness only from seeded
`random.Random` instances whose seed is in the setup.
"""

from host.games.compiled import prefer_compiled

# the modules compiled by mypyc (host/games/compiled.py): the per-input paths of the random
# games. Not the cards' modules: their classes are made by decorators, which mypyc compiles
# as plain Python classes, and those may not derive from compiled ones.
COMPILED = (
    "checks",
    "decisions",
    "engine",
    "market",
    "random_player",
    "rules",
    "state",
    "turn",
    "view",
    "waiting",
)
prefer_compiled(__name__, __path__, COMPILED)  # before the modules: their build, if fresh

from host.games.kot.engine import KingOfTokyo  # noqa: E402
from host.games.kot.rules import FACES  # noqa: E402
from host.games.kot.script import (  # noqa: E402
    Script,
    ScriptError,
    load_script,
    parse_script,
    replay,
)
from host.games.kot.setup import (  # noqa: E402
    MonsterPosition,
    Options,
    Position,
    Seat,
    Setup,
    SetupError,
)
from host.games.kot.state import Monster  # noqa: E402

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
