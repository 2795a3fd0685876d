"""King of Tokyo: the game, a fold of its inputs over the state.

`KingOfTokyo(setup)` starts a game; `apply(input)` checks an input completely and only then
changes the state in place, so an illegal input raises an `IllegalInput` subclass and
changes nothing; `undo()` refolds the log without its last input. Randomness (the deck's
order, reshuffles) comes only from a `random.Random` seeded by the setup, so the same
setup and inputs always give the same game.

The parts: `rules` (the numbers) and `checks` (an input's fields); `state` (the monsters,
Tokyo, the market's piles, and the changes cards hook into); `turn` (the turn flow);
`waiting` (what the game waits for); `decisions` (the answers to decisions asked);
`kinds` (the table of input kinds); `market` (the cards on offer); the power cards in
`powers` plug into hooks along the way (`effects.CardEffect`). The input types are
documented in docs/game-script.md.

>>> from host.games.kot.setup import Setup
>>> game = KingOfTokyo(Setup.simple("Ann", "Bob", first_player="Ann"))
>>> game.apply(game.throw_input(["1", "1", "1", "claw", "heart", "energy"]))
>>> game.apply({"type": "resolve", "player": "Ann"})
>>> ann = game.monster("Ann")
>>> ann.vp, ann.energy, ann.location   # 1-1-1 scores 1, +1 VP for entering the empty City
(2, 1, 'city')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import host.games.kot.expansions
import host.games.kot.powers  # noqa: F401  (the cards' effects register themselves)
from host.games import BoardDisplay, DiceExpectation, IllegalInput, Input, Waiting, refusals
from host.games.kot import market, waiting
from host.games.kot.cards import BOXES, canonical
from host.games.kot.decision_kinds import KINDS
from host.games.kot.decisions import answer
from host.games.kot.errors import GameOver, InstantWin, MalformedInput, NotNow, UnknownPlayer
from host.games.kot.rules import FACE_UP, OVER, ROLLOFF
from host.games.kot.setup import Position, Setup, check_setup
from host.games.kot.state import State
from host.games.kot.turn import first_turn, won
from host.games.kot.view import board_display, state_json
from host.games.logged import LoggedGame


class KingOfTokyo(State, LoggedGame):
    """A game of King of Tokyo: implements `host.games.Game`."""

    NotNow = NotNow
    # declared here too: the compiled class then holds it in a slot of its own, not in an
    # instance dict that every input's reset of it looked up through the class's bases
    _waiting: Sequence[Waiting] | None

    def __init__(self, setup: Setup) -> None:
        check_setup(setup)
        self._reset(setup)

    # ---- the Game protocol -------------------------------------------------------------

    @property
    def players(self) -> Sequence[str]:
        return [seat.name for seat in self.setup.seats]

    @property
    def game_over(self) -> bool:
        return self.phase == OVER

    def _compute_waiting(self) -> Sequence[Waiting]:
        return waiting.waiting_for(self)

    def apply(self, inp: Input) -> None:
        if self.phase == OVER:
            raise GameOver(refusals.game_over())
        try:
            kind = KINDS[inp["type"]]
            fields = kind.fields
            known = True
            for key in inp:  # (issuperset would make a set of inp's keys first)
                if key not in fields:
                    known = False
                    break
            who = self.by_name[inp["player"]]
        except (KeyError, TypeError):
            known = False
        if not known:
            raise self._malformed(inp)
        # LoggedGame._commit's rule written out: this is the hottest path of the random
        # games the bench counts (its two calls cost this engine 10 % of its speed)
        try:
            if self.pending and not kind.standing:
                answer(self, kind.name, who, inp)
            else:
                kind.step(self, who, inp)
        except IllegalInput:
            raise  # raised before any change, by design
        except InstantWin:
            self._won_now()
        except BaseException:
            self._refold(self._log)  # a bug halfway through a change: restore the state
            raise
        if self.todo and not self.pending:
            try:
                self.go_on()
            except InstantWin:
                self._won_now()
            except BaseException:
                self._refold(self._log)
                raise
        self._log.append(inp.copy() if type(inp) is dict else dict(inp))
        self._waiting = None

    def _won_now(self) -> None:
        """A monster won on the spot (`instant_win_now`, policy 1): the game ends now, with
        the end of a turn's one check (living monsters at 20 VP share the win); nothing
        more of what was being done happens."""
        self.winners = [m for m in self.monsters if won(self, m) and (m.hp > 0 or m in self.roared)]
        for m in self.monsters:  # down to 0 HP on the way (Final Roar's): out of the game
            if m.alive and m.hp <= 0:
                self._eliminate(m)
        self.phase = OVER
        self.pending.clear()
        self.queued.clear()
        self.todo.clear()

    def _malformed(self, inp: object) -> IllegalInput:
        fields = {name: kind.fields for name, kind in KINDS.items()}
        return refusals.malformed(inp, fields, self.by_name, MalformedInput, UnknownPlayer)

    def expected_dice(self) -> DiceExpectation | None:
        return waiting.expected_dice(self)

    def throw_input(self, thrown: Sequence[str], kept: Sequence[str] = ()) -> Input:
        expected = self.expected_dice()
        if expected is not None:
            player = expected.player
        else:  # no throw is due: the input names the active player, and apply refuses it
            player = (self.rolloff[0] if self.phase == ROLLOFF else self.active).name
        return {"type": "throw", "player": player, "thrown": list(thrown), "kept": list(kept)}

    def display(self) -> BoardDisplay:
        return board_display(self)

    def to_json(self) -> dict[str, Any]:
        return state_json(self)

    def describe_waiting(self) -> str:
        """What the game waits for, in words, for error messages.

        >>> KingOfTokyo(Setup.simple("Ann", "Bob", first_player="Bob")).describe_waiting()
        'the game waits for Bob to throw'
        """
        return waiting.describe(list(self.waiting_for()))

    # ---- the state from the setup, and refolding ----------------------------------------

    def _reset(self, setup: Setup) -> None:
        State.__init__(self, setup)
        self._log: list[Input] = []
        self._waiting = None
        if setup.position is not None:
            self.active = self.by_name[setup.position.active_player]
        elif setup.first_player is not None:
            self.active = self.by_name[setup.first_player]
        if self.expansions:
            self.setting_up = True  # their effects are given to each monster at once
            for x in self.expansions:
                x.setup(self)
            self.setting_up = False
            self.hook_all()
        if setup.position is not None:
            self._place(setup.position)
            self._start_first_turn()
        else:
            self.deck = list(BOXES[setup.options.deck])
            if self.table_deck:
                self.deck.sort()  # the cards not seen yet; their order is the table's
            else:
                self.rng.shuffle(self.deck)
            market.refill(self, self.active)
            if setup.first_player is not None:
                self._start_first_turn()
            else:
                self.phase = ROLLOFF
                self.rolloff = list(self.monsters)
        self.go_on()

    def _start_first_turn(self) -> None:
        """The first turn starts once the cards set out face up are known (a table deck's
        are entered) and bought (Opportunist): after the market's steps."""
        self.todo.insert(0, first_turn)

    def _place(self, pos: Position) -> None:
        """Set up the table as the position says (already checked by check_setup)."""
        placed: list[str] = list(pos.discard)
        for m in self.monsters:
            mp = pos.monsters.get(m.name)
            if mp is None:
                continue
            m.hp, m.vp, m.energy = mp.hp, mp.vp, mp.energy
            m.tokens = {k: v for k, v in mp.tokens.items() if v}
            for x in self.expansions:
                x.place(self, m, mp)
            for card in mp.cards:
                self.give_card(m, canonical(card))
            placed += m.cards
            if mp.hp == 0:
                m.alive = False
                self.alive_count -= 1
            elif mp.location is not None:
                self._move(m, mp.location)
        for m in self.monsters:
            mp = pos.monsters.get(m.name)
            if mp is not None and mp.mimic is not None:
                self.set_mimic(m, (canonical(mp.mimic[0]), mp.mimic[1]), bought=False)
        for x in self.expansions:
            x.place_table(self, pos)
        self.turn = pos.turn - 1
        self.discard = [canonical(c) for c in pos.discard]
        face_up = [canonical(c) for c in pos.face_up or ()]
        if pos.deck is not None:
            self.deck = [canonical(c) for c in reversed(pos.deck)]
        else:
            rest = list(BOXES[self.setup.options.deck])
            for card in [*placed, *face_up]:
                rest.remove(canonical(card))
            self.deck = rest
            if not self.table_deck:
                self.rng.shuffle(self.deck)
        if self.table_deck:
            self.deck.sort()
        # places the position leaves empty are filled as at any time (at a table deck the
        # game asks for the cards turned over); only an empty deck and discard leave them so
        self.face_up = [*face_up, *[None] * (FACE_UP - len(face_up))]
        market.refill(self, self.active)

    def _refold(self, log: Sequence[Input]) -> None:
        """Rebuild the state from the setup and `log` (undo; recovery from a bug)."""
        self._reset(self.setup)
        for inp in log:
            self.apply(inp)


if TYPE_CHECKING:  # mypy checks that the class offers the app's whole Game interface
    from host.games import Game

    _game: type[Game] = KingOfTokyo
