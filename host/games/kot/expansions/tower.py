"""Tokyo Tower (Monster Pack 02: King Kong; rules reference section 2, policies 1, 24-29).

Three levels, each held by at most one monster. When the active monster's result
resolves, if it is in Tokyo (City or Bay) at that moment (policy 26: one that enters in
step 3 is too late) and its result holds four or more 1s, it claims one level: the
lowest it does not hold, from the tower or from its holder (policies 25, 27); the 1s
score as usual. At the start of each of its turns, wherever it is, a holder gains: level
1, 1 HP (policy 24); level 2, 1 HP and 1 energy; both, 2 HP and 1 energy: its own healing
(policy 28). Claiming the top level wins (at the end of the turn, as 20 VP: policy 1).
Levels are kept when leaving Tokyo and through It Has a Child!, and go back to the tower
when their holder is eliminated (policy 29). No decisions: all automatic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from host.games import refusals
from host.games.kot.effects import CardEffect
from host.games.kot.expansion import Expansion, expansion
from host.games.kot.setup import SetupError
from host.games.kot.text import _
from host.games.text import Quoted

if TYPE_CHECKING:
    from host.games.kot.setup import Position, Setup
    from host.games.kot.state import Monster, State

LEVELS: Final = (1, 2, 3)
TOP: Final = 3
CLAIM_ONES: Final = 4  # four or more 1s claim a level
BONUS = {1: (1, 0), 2: (1, 1)}  # level -> (HP, energy) at the start of its holder's turn


class Tower(CardEffect):
    """Each monster's part in the tower: its claims and its start-of-turn bonuses."""

    name = "Tokyo Tower"
    priority = -2  # the claim comes first in the number step (before cultists, wickedness)

    def resolved(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if counts["1"] >= CLAIM_ONES and owner.location is not None:
            tower = game.tower
            level = next((n for n in LEVELS if tower[n] is not owner), None)
            if level is not None:
                tower[level] = owner
                if level == TOP:
                    game.wins(owner)

    def start_turn(self, game: State, owner: Monster) -> None:
        tower = game.tower
        if tower[1] is not owner and tower[2] is not owner:
            return  # no level that gives a bonus (the common case: every monster's turn)
        hp = energy = 0
        for level, (h, e) in BONUS.items():
            if tower[level] is owner:
                hp, energy = hp + h, energy + e
        if hp:
            game.heal(owner, hp)  # one healing event, its own
        if energy:
            game.gain_energy(owner, energy)


TOWER = Tower()


@expansion("tokyo_tower")
class TokyoTower(Expansion):
    def check(self, setup: Setup) -> None:
        pos = setup.position
        if pos is None or not pos.tower:
            return
        if not setup.options.tokyo_tower:
            raise SetupError(
                _(
                    "{at}: only with the option {option}",
                    at="position.tower",
                    option=Quoted("tokyo_tower"),
                )
            )
        names = [s.name for s in setup.seats]
        for level, holder in pos.tower.items():
            at = f"position.tower.{level}"
            if level not in ("1", "2"):
                raise SetupError(
                    _('{at}: the levels held are "1" and "2" (the top one wins)', at=at)
                )
            if holder not in names:
                raise SetupError(refusals.unknown_player(holder, names, at))
            mp = pos.monsters.get(holder)
            if mp is not None and mp.hp == 0:
                raise SetupError(
                    _("{at}: {player} is eliminated: its levels went back", at=at, player=holder)
                )

    def setup(self, game: State) -> None:
        game.tower = dict.fromkeys(LEVELS)
        for m in game.monsters:
            game.give_effect(m, TOWER)

    def place_table(self, game: State, pos: Position) -> None:
        for level, holder in pos.tower.items():
            game.tower[int(level)] = game.by_name[holder]

    def out(self, game: State, m: Monster) -> None:
        for level, holder in game.tower.items():
            if holder is m:
                game.tower[level] = None

    def state_json(self, game: State, out: dict[str, Any]) -> None:
        out["tower"] = {str(n): None if m is None else m.name for n, m in game.tower.items()}
