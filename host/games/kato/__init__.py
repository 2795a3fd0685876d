"""KaTO rules package: a pure, replayable rules engine for a shedding card game.

The table plays a physical deck; the engine follows each round from the cards laid on the
discard pile, the cards drawn, the calls, catches and challenges, and keeps the score.

- `engine.KaTO`: the game (implements `host.games.Game`); `phases`: its phases.
- `cards`: what a card is, the deck's composition and the values (configuration).
- `piles`: the draw pile (a count) and the cards seen face up.
- `setup`: players, target, house rules, deck. `waits`: what the game waits for.
- `view`: the JSON state and the LED board. `script`: the `kato-game/1` format
  (docs/kato-script.md). `random_player`: a physical table played at random (real cards,
  real hands), and random inputs from `waiting_for()`. `bench`: its part of `dicetable
  bench engine`.
- `table_kind`: the game at the table (the registry's `KIND`), with `answers`: what the
  page offers for each thing the game waits for.

Pure: no camera, serial, web, threads or clock; no randomness in the engine (the deck
is shuffled at the table).
"""

from host.games.kato.cards import Card
from host.games.kato.engine import KaTO
from host.games.kato.setup import DeckSpec, Options, Position, Setup, SetupError, Target

__all__ = ["Card", "DeckSpec", "KaTO", "Options", "Position", "Setup", "SetupError", "Target"]
