"""The Dark Edition's deck (the option `deck: "dark"`; rules reference section 1, "Other
Dark Edition changes"): the cards themselves are in `host.games.kot.cards` (the list) and
`host.games.kot.powers.dark` (their effects); here is what the deck adds around them, as
an expansion: the spare die Natural Selection may add (policy 22), a zombie's state
(Zombify) in the JSON state and in a position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from host.games.kot.cards import DARK
from host.games.kot.expansion import Expansion, expansion
from host.games.kot.powers.dark import is_zombie, zombify

if TYPE_CHECKING:
    from host.games.kot.setup import MonsterPosition
    from host.games.kot.state import Monster, State


@expansion("deck")
class DarkDeck(Expansion):
    values = (DARK,)

    def setup(self, game: State) -> None:
        game.extra_dice += 1  # Natural Selection's die (policy 22: any spare die)

    def place(self, game: State, m: Monster, mp: MonsterPosition) -> None:
        if mp.zombie and mp.hp > 0:
            zombify(game, m)

    def monster_json(self, game: State, m: Monster, out: dict[str, Any]) -> None:
        out["zombie"] = is_zombie(m)
