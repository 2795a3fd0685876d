"""King of Tokyo: the rules engine, a fold of the inputs over a mutable state.

`KingOfTokyo(setup)` starts a game; `apply(input)` checks an input completely and only then
changes the state in place, so an illegal input raises an `IllegalInput` subclass and
changes nothing; `undo()` refolds the log without its last input. Randomness (the deck's
order, reshuffles) comes only from a `random.Random` seeded by the setup, so the same
setup and inputs always give the same game.

A turn goes: start (2 VP in Tokyo) -> roll (throws, then "resolve") -> resolve (numbers,
energy, hearts, Smash; yields) -> enter Tokyo -> buy ("buy", "sweep", "end_turn") -> end
(the game-end check) -> the next living monster on the left. Decisions that interrupt
(yields now; card decisions later) are `Pending` entries the game waits for before it goes
on with `_then`. The input types are documented in docs/game-script.md.

>>> from host.games.kot.setup import Setup
>>> game = KingOfTokyo(Setup.simple("Ann", "Bob", first_player="Ann"))
>>> game.apply(game.throw_input(["1", "1", "1", "claw", "heart", "energy"]))
>>> game.apply({"type": "resolve", "player": "Ann"})
>>> ann = game.monster("Ann")
>>> ann.vp, ann.energy, ann.location   # 1-1-1 scores 1, +1 VP for entering the empty City
(2, 1, 'city')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from host.games import DiceExpectation, IllegalInput, Input, TableDisplay, Waiting
from host.games.kot.cards import BOX, CARDS, UnknownCard, canonical
from host.games.kot.effects import EFFECTS, NO_HOOKS, CardEffect, hook_table
from host.games.kot.errors import (
    GameOver,
    MalformedInput,
    NotNow,
    NotYourTurn,
    RuleViolation,
    UnknownCardInput,
    UnknownPlayer,
)
from host.games.kot.setup import Position, Setup, check_setup

FACES = ("1", "2", "3", "heart", "energy", "claw")
_FACE_SET = frozenset(FACES)
_NONE: list[str] = []  # no dice (never changed)
_NUMBERS = (("1", 1), ("2", 2), ("3", 3))  # face, VP for three of a kind
START_HP = 10
WIN_VP = 20  # also the top of the VP dial: VP never go above it
BLACK_DICE = 6
THROWS = 3
SWEEP_COST = 2
FACE_UP = 3  # cards on the market
CITY, BAY = "city", "bay"
BAY_MIN_ALIVE = 5  # Tokyo Bay is used only while more than 4 monsters are alive

# phases
ROLLOFF, ROLL, RESOLVE, BUY, OVER = "rolloff", "roll", "resolve", "buy", "over"

# input type -> the fields it may carry
INPUT_FIELDS: dict[str, frozenset[str]] = {
    "throw": frozenset({"type", "player", "thrown", "kept"}),
    "correct": frozenset({"type", "player", "from", "to"}),
    "resolve": frozenset({"type", "player"}),
    "yield": frozenset({"type", "player", "leave"}),
    "buy": frozenset({"type", "player", "card"}),
    "sweep": frozenset({"type", "player"}),
    "end_turn": frozenset({"type", "player"}),
}


class Monster:
    """One player's monster: its dials, place, cards and tokens (mutable, in place)."""

    __slots__ = (
        "alive",
        "cards",
        "effects",
        "energy",
        "hooks",
        "hp",
        "location",
        "max_hp",
        "monster",
        "name",
        "seat",
        "tokens",
        "vp",
    )

    def __init__(self, name: str, monster: str, seat: int) -> None:
        self.name = name
        self.monster = monster
        self.seat = seat  # index in seating order; the next seat is on the left
        self.hp = START_HP
        self.max_hp = START_HP
        self.vp = 0
        self.energy = 0
        self.alive = True
        self.location: str | None = None  # CITY, BAY or None (outside Tokyo)
        self.cards: list[str] = []  # keep cards in front of the monster
        self.effects: list[CardEffect] = []  # the effects of those cards that have one
        self.hooks: Mapping[str, list[CardEffect]] = NO_HOOKS  # hook -> effects that use it
        self.tokens: dict[str, int] = {}  # e.g. poison, shrink (card effects)

    def __repr__(self) -> str:
        return f"<{self.name} ({self.monster}) hp={self.hp} vp={self.vp} e={self.energy}>"


# checks the answer to a pending decision, then applies it (and calls game.decided)
Handler = Callable[["KingOfTokyo", "Pending", Input], None]


class Pending:
    """A decision the game waits for before it goes on (e.g. a yield after a Smash)."""

    __slots__ = ("handler", "kind", "options", "player")

    def __init__(self, player: Monster, kind: str, options: dict[str, Any], handler: Handler):
        self.player = player
        self.kind = kind  # the input type that answers it
        self.options = options
        self.handler = handler  # checks the input, then applies it (unbound: refold-safe)


class KingOfTokyo:
    """A game of King of Tokyo: implements `host.games.Game`."""

    _waiting: Sequence[Waiting] | None  # what waiting_for() returns, until the next change

    def __init__(self, setup: Setup) -> None:
        check_setup(setup)
        self.setup = setup
        self._reset()

    # ---- the Game protocol -------------------------------------------------------------

    @property
    def players(self) -> Sequence[str]:
        return [seat.name for seat in self.setup.seats]

    @property
    def log(self) -> Sequence[Input]:
        return self._log

    @property
    def game_over(self) -> bool:
        return self.phase == OVER

    def waiting_for(self) -> Sequence[Waiting]:
        if self._waiting is None:
            self._waiting = self._compute_waiting()
        return self._waiting

    def apply(self, inp: Input) -> None:
        if self.phase == OVER:
            raise GameOver("the game is over; undo the last input to change the end")
        try:
            kind = inp["type"]
            known = INPUT_FIELDS[kind].issuperset(inp)
            who = self.by_name[inp["player"]]
        except (KeyError, TypeError):
            known = False
        if not known:
            raise self._malformed(inp)
        try:
            if self.pending:
                self._decide(kind, who, inp)
            else:
                _STEPS[kind](self, who, inp)
        except IllegalInput:
            raise  # raised before any change, by design
        except BaseException:
            self._refold(self._log)  # a bug halfway through a change: restore the state
            raise
        self._log.append(inp.copy() if type(inp) is dict else dict(inp))
        self._waiting = None

    def _malformed(self, inp: object) -> IllegalInput:
        """The error for an input that is not well formed (the slow path of apply)."""
        if not isinstance(inp, Mapping):
            return MalformedInput(f"an input is a JSON object, not {type(inp).__name__}")
        kind = inp.get("type")
        fields = INPUT_FIELDS.get(kind) if isinstance(kind, str) else None
        if fields is None:
            return MalformedInput(f"unknown input type {kind!r} (types: {', '.join(INPUT_FIELDS)})")
        extra = inp.keys() - fields
        if extra:
            return MalformedInput(
                f"a {kind} input has no field {', '.join(sorted(map(repr, extra)))} "
                f"(fields: {', '.join(sorted(fields - {'type'}))})"
            )
        if "player" not in inp:
            return MalformedInput(f'a {kind} input needs the "player" who gives it')
        return UnknownPlayer(
            f"unknown player {inp.get('player')!r} (players: {', '.join(self.by_name)})"
        )

    def undo(self) -> Input:
        if not self._log:
            raise NotNow("there is nothing to undo")
        last = self._log[-1]
        self._refold(self._log[:-1])
        return last

    def expected_dice(self) -> DiceExpectation | None:
        if self.pending:  # a decision made by throwing dice (e.g. a defensive throw)
            for p in self.pending:
                if p.kind == "throw":
                    return DiceExpectation("kot", p.options["dice"], p.player.name)
            return None
        if self.phase == ROLLOFF:
            return DiceExpectation("kot", {"black": BLACK_DICE, "green": 0}, self.rolloff[0].name)
        if self.phase == ROLL and self.throws < self.throws_allowed:
            return DiceExpectation(
                "kot", {"black": self.black, "green": self.green}, self.active.name
            )
        return None

    def throw_input(self, thrown: Sequence[str], kept: Sequence[str] = ()) -> Input:
        expected = self.expected_dice()
        if expected is not None:
            player = expected.player
        else:  # no throw is due: the input names the active player, and apply refuses it
            player = (self.rolloff[0] if self.phase == ROLLOFF else self.active).name
        return {"type": "throw", "player": player, "thrown": list(thrown), "kept": list(kept)}

    def display(self) -> TableDisplay:
        from host.games.kot.view import table_display

        return table_display(self)

    def to_json(self) -> dict[str, Any]:
        from host.games.kot.view import state_json

        return state_json(self)

    # ---- queries -----------------------------------------------------------------------

    def monster(self, name: str) -> Monster:
        return self.by_name[name]

    @property
    def alive(self) -> list[Monster]:
        return [m for m in self.monsters if m.alive]

    def bay_open(self) -> bool:
        """Tokyo Bay is used in a 5-6 player game while more than 4 monsters are alive."""
        return self.alive_count >= BAY_MIN_ALIVE

    def dice_in_play(self) -> int:
        return self.black + self.green

    # ---- state from the setup, and refolding --------------------------------------------

    def _reset(self) -> None:
        setup = self.setup
        self.monsters = [Monster(s.name, s.monster, i) for i, s in enumerate(setup.seats)]
        self.by_name = {m.name: m for m in self.monsters}
        self.alive_count = len(self.monsters)
        self.two_player = setup.options.two_player_variant
        self.first_edition = setup.options.first_edition
        self.rng = random.Random(setup.seed)
        self.turn = 0
        self.active = self.monsters[0]
        self.phase = ROLL
        self.dice: list[str] = []  # the current result, in no particular order
        self.throws = 0
        self.throws_allowed = THROWS
        self.black, self.green = BLACK_DICE, 0
        self.claws = 0  # claws of the resolved result (first_edition's entering rule)
        self.smash_losses: dict[str, int] = {}  # HP each monster lost to this turn's Smash
        self.city: Monster | None = None
        self.bay: Monster | None = None
        self.deck: list[str] = []  # the top card is the LAST one (pop is cheap)
        self.face_up: list[str | None] = [None] * FACE_UP
        self.discard: list[str] = []
        self.pending: list[Pending] = []
        self._then: Callable[[KingOfTokyo], None] | None = None
        self.next_turns: list[Monster] = []  # extra turns (Frenzy, Freeze Time) go first
        self.rolloff: list[Monster] = []  # who still throws in the roll-off, in order
        self.rolloff_claws: dict[str, int] = {}
        self.winners: list[Monster] = []
        self._log: list[Input] = []
        self._waiting = None
        if setup.position is not None:
            self._place(setup.position)
            self._start_turn(self.by_name[setup.position.active_player])
            return
        self.deck = list(BOX)
        self.rng.shuffle(self.deck)
        self._refill()
        if setup.first_player is not None:
            self._start_turn(self.by_name[setup.first_player])
        else:
            self.phase = ROLLOFF
            self.rolloff = list(self.monsters)

    def _place(self, pos: Position) -> None:
        """Set up the table as the position says (already checked by check_setup)."""
        placed: list[str] = list(pos.discard)
        for m in self.monsters:
            mp = pos.monsters.get(m.name)
            if mp is None:
                continue
            m.hp, m.vp, m.energy = mp.hp, mp.vp, mp.energy
            m.tokens = {k: v for k, v in mp.tokens.items() if v}
            for card in mp.cards:
                self.give_card(m, canonical(card))
            placed += m.cards
            if mp.hp == 0:
                m.alive = False
                self.alive_count -= 1
            elif mp.location is not None:
                self._move(m, mp.location)
        self.turn = pos.turn - 1
        self.discard = [canonical(c) for c in pos.discard]
        face_up = [canonical(c) for c in pos.face_up or ()]
        if pos.deck is not None:
            self.deck = [canonical(c) for c in reversed(pos.deck)]
        else:
            rest = list(BOX)
            for card in [*placed, *face_up]:
                rest.remove(canonical(card))
            self.deck = rest
            self.rng.shuffle(self.deck)
        if pos.face_up is None:
            self._refill()
        else:
            self.face_up = [*face_up, *[None] * (FACE_UP - len(face_up))]

    def _refold(self, log: Sequence[Input]) -> None:
        """Rebuild the state from the setup and `log` (undo; recovery from a bug)."""
        self._reset()
        for inp in log:
            self.apply(inp)

    # ---- what the game waits for ---------------------------------------------------------

    def _compute_waiting(self) -> list[Waiting]:
        if self.phase == OVER:
            return []
        if self.pending:
            return [Waiting(p.player.name, p.kind, p.options) for p in self.pending]
        if self.phase == ROLLOFF:
            dice = {"black": BLACK_DICE, "green": 0}
            return [Waiting(self.rolloff[0].name, "throw", {"dice": dice, "rolloff": True})]
        name = self.active.name
        if self.phase == ROLL:
            waits = []
            if self.throws < self.throws_allowed:
                options = {
                    "dice": {"black": self.black, "green": self.green},
                    "throw": self.throws + 1,
                    "throws_allowed": self.throws_allowed,
                    "keepable": list(self.dice),
                }
                waits.append(Waiting(name, "throw", options))
            if self.throws:
                waits.append(Waiting(name, "resolve", {"dice": list(self.dice)}))
                waits.append(
                    Waiting(name, "correct", {"dice": list(self.dice), "faces": list(FACES)})
                )
            return waits
        # BUY
        energy = self.active.energy
        offer = []
        for card in self.face_up:
            if card is not None:
                cost = self.card_cost(self.active, card)
                if cost <= energy:
                    offer.append({"card": card, "cost": cost})
        waits = [Waiting(name, "buy", {"cards": offer})] if offer else []
        if energy >= SWEEP_COST and self._can_sweep():
            waits.append(Waiting(name, "sweep", {"cost": SWEEP_COST}))
        waits.append(Waiting(name, "end_turn", {}))
        return waits

    def describe_waiting(self) -> str:
        """What the game waits for, in words, for error messages.

        >>> from host.games.kot.setup import Setup
        >>> KingOfTokyo(Setup.simple("Ann", "Bob", first_player="Bob")).describe_waiting()
        'the game waits for Bob to throw'
        """
        waits = self.waiting_for()
        if not waits:
            return "the game is over"
        by_player: dict[str, list[str]] = {}
        for w in waits:
            by_player.setdefault(w.player, []).append(w.kind.replace("_", " "))
        parts = [f"{p} to {' or '.join(kinds)}" for p, kinds in by_player.items()]
        return "the game waits for " + " and ".join(parts)

    # ---- inputs -------------------------------------------------------------------------

    def _decide(self, kind: str, who: Monster, inp: Input) -> None:
        """An input while decisions are pending: it must answer one of them."""
        for p in self.pending:
            if p.player is who and p.kind == kind:
                p.handler(self, p, inp)
                return
        raise self._not_now(who, kind)

    def _on_sweep(self, who: Monster, inp: Input) -> None:
        self._expect(who, "sweep", self.phase == BUY)
        self._sweep(who)

    def _on_end_turn(self, who: Monster, inp: Input) -> None:
        if self.phase != BUY or who is not self.active:
            self._expect(who, "end_turn", self.phase == BUY)
        self._end_turn()

    def _on_yield(self, who: Monster, inp: Input) -> None:
        raise self._not_now(who, "yield")  # nobody was asked to yield

    def _not_now(self, who: Monster, kind: str) -> IllegalInput:
        if kind == "yield" and who.location is None:
            return RuleViolation(f"{who.name} cannot yield: {who.name} is not in Tokyo")
        if kind == "yield":
            return NotNow(f"{who.name} cannot yield now: only after losing HP to a Smash")
        return NotNow(f"{who.name} cannot {kind.replace('_', ' ')} now: {self.describe_waiting()}")

    def _expect(self, who: Monster, kind: str, phase_ok: bool) -> None:
        """Check that the active player's step takes an input of this kind now."""
        if not phase_ok:
            raise self._not_now(who, kind)
        if who is not self.active:
            raise NotYourTurn(
                f"{who.name} cannot {kind.replace('_', ' ')}: it is {self.active.name}'s turn"
            )

    def _throw(self, who: Monster, inp: Input) -> None:
        if self.phase == ROLLOFF:
            thrower = self.rolloff[0]
            if who is not thrower:
                raise NotYourTurn(f"it is {thrower.name}'s throw in the roll-off, not {who.name}'s")
            faces = _faces(inp.get("thrown"), "thrown")
            if _faces(inp.get("kept", ()), "kept"):
                raise RuleViolation("a roll-off throw keeps no dice: throw all 6 black dice")
            if len(faces) != BLACK_DICE:
                raise RuleViolation(
                    f"a roll-off throw is all {BLACK_DICE} black dice, not {len(faces)}"
                )
            self._rolloff_throw(faces)
            return
        if self.phase != ROLL or who is not self.active:
            self._expect(who, "throw", self.phase == ROLL)
        if self.throws >= self.throws_allowed:
            raise RuleViolation(
                f"{who.name} has had {self.throws} throws, the most allowed: resolve the dice "
                "(or correct a misread die)"
            )
        thrown: Any = inp.get("thrown")
        kept: Any = inp.get("kept", _NONE)
        try:  # the common case, cheaply: two lists of faces
            well_formed = (
                type(thrown) is list
                and type(kept) is list
                and _FACE_SET.issuperset(thrown)
                and _FACE_SET.issuperset(kept)
            )
        except TypeError:  # an unhashable element
            well_formed = False
        if not well_formed:
            thrown, kept = _faces(thrown, "thrown"), _faces(kept, "kept")
        n = self.black + self.green
        if self.throws == 0:
            if kept:
                raise RuleViolation("the first throw keeps no dice: throw them all")
            if len(thrown) != n:
                raise RuleViolation(f"the first throw is all {n} dice, not {len(thrown)}")
        else:
            if not thrown:
                raise RuleViolation("a throw throws at least one die (to stop, resolve)")
            if len(thrown) + len(kept) != n:
                raise RuleViolation(
                    f"{len(thrown)} thrown + {len(kept)} kept is not the {n} dice in play"
                )
            dice = self.dice
            for face in set(kept) if kept else ():
                if kept.count(face) > dice.count(face):
                    raise RuleViolation(
                        f"kept dice must come from the last result {sorted(dice)}: it has "
                        f"{dice.count(face)} × {face}, not {kept.count(face)}"
                    )
        self.dice = kept + thrown
        self.throws += 1

    def _correct(self, who: Monster, inp: Input) -> None:
        self._expect(who, "correct", self.phase == ROLL and self.throws > 0)
        old, new = _face(inp.get("from"), "from"), _face(inp.get("to"), "to")
        if old not in self.dice:
            raise RuleViolation(f"no die shows {old} in the result {sorted(self.dice)}")
        self.dice[self.dice.index(old)] = new

    def _rolloff_throw(self, thrown: list[str]) -> None:
        thrower = self.rolloff.pop(0)
        self.rolloff_claws[thrower.name] = thrown.count("claw")
        if self.rolloff:
            return
        contenders = [m for m in self.monsters if m.name in self.rolloff_claws]
        best = max(self.rolloff_claws.values())
        tied = [m for m in contenders if self.rolloff_claws[m.name] == best]
        if len(tied) == 1:
            self._start_turn(tied[0])
        else:  # the tied monsters throw again
            self.rolloff = tied
            self.rolloff_claws = {}

    # ---- the steps of a turn --------------------------------------------------------------

    def _start_turn(self, m: Monster) -> None:
        self.turn += 1
        self.active = m
        self.phase = ROLL
        self.dice = []
        self.throws = 0
        self.claws = 0
        self.smash_losses = {}
        black, green = BLACK_DICE, 0
        throws = THROWS
        for eff in m.hooks["dice"]:
            black, green = eff.dice(self, m, black, green)
        for eff in m.hooks["throws"]:
            throws = eff.throws(self, m, throws)
        self.black, self.green, self.throws_allowed = black, green, throws
        if m.location is not None:
            if self.two_player:
                self.gain_energy(m, 1)
            else:
                self.gain_vp(m, 2)
        for eff in m.hooks["start_turn"]:
            eff.start_turn(self, m)

    def _resolve(self, who: Monster, inp: Input) -> None:
        """Stop throwing and resolve the result: numbers, energy, hearts, then the Smash."""
        if self.phase != ROLL or not self.throws or who is not self.active:
            self._expect(who, "resolve", self.phase == ROLL and self.throws > 0)
        m = who
        self.phase = RESOLVE
        dice = self.dice
        counts = dict(zip(FACES, map(dice.count, FACES), strict=True))
        for eff in m.hooks["result"]:
            eff.result(self, m, counts)
        vp = 0
        for face, points in _NUMBERS:
            same = counts[face]
            if same >= 3:
                vp += points + same - 3
        if vp:
            self.gain_vp(m, vp)
        if counts["energy"]:
            self.gain_energy(m, counts["energy"])
        if counts["heart"] and m.location is None:
            self.heal(m, counts["heart"])
        for eff in m.hooks["resolved"]:
            eff.resolved(self, m, counts)
        self.claws = counts["claw"]
        if self.claws:
            self._smash(m, self.claws)
        else:
            self._enter_step()

    def _smash(self, attacker: Monster, claws: int) -> None:
        """Each claw: 1 HP from every monster not in the attacker's place (Tokyo or not)."""
        from_tokyo = attacker.location is not None
        hit = []
        for v in self.monsters:
            if v.alive and v is not attacker and (v.location is None) is from_tokyo:
                hit.append(v)
                lost = self.lose_hp(v, claws, smash=True)
                if lost:
                    self.smash_losses[v.name] = lost
        self.check_eliminations()
        if not from_tokyo:
            for victim in hit:
                if (
                    victim.alive
                    and victim.location is not None
                    and victim.name in self.smash_losses
                ):
                    options = {"location": victim.location, "lost": self.smash_losses[victim.name]}
                    self.ask(victim, "yield", options, _decide_yield)
        if self.pending:
            self._then = KingOfTokyo._enter_step
        else:
            self._enter_step()

    def _enter_step(self) -> None:
        """Step 3: the active monster must enter an empty Tokyo City (or Bay)."""
        m = self.active
        if not m.alive or self.alive_count <= 1:
            self._end_turn()  # nothing is left to play for this turn
            return
        if m.location is None and (self.claws or not self.first_edition):
            if self.city is None:
                self.enter_tokyo(m, CITY)
            elif self.bay is None and self.bay_open():
                self.enter_tokyo(m, BAY)
        self.phase = BUY

    def _buy(self, who: Monster, inp: Input) -> None:
        self._expect(who, "buy", self.phase == BUY)
        try:
            card = canonical(inp.get("card"))
        except UnknownCard as error:
            raise UnknownCardInput(str(error)) from None
        if card not in self.face_up:
            shown = ", ".join(c for c in self.face_up if c) or "none"
            raise RuleViolation(f"{card} is not face up (face up: {shown})")
        cost = self.card_cost(who, card)
        if cost > who.energy:
            raise RuleViolation(
                f"{who.name} cannot buy {card}: it costs {cost} energy, {who.name} has {who.energy}"
            )
        who.energy -= cost
        slot = self.face_up.index(card)
        self.face_up[slot] = self._draw()
        if self.face_up[slot] is not None:
            self._revealed(self.face_up[slot])  # type: ignore[arg-type]
        if CARDS[card].keep:
            self.give_card(who, card)
        effect = EFFECTS.get(card)
        if effect is not None:
            effect.bought(self, who)
        if not CARDS[card].keep:
            self.discard.append(card)
        for m in self.alive:
            for eff in m.hooks["any_bought"]:
                eff.any_bought(self, m, who, card)
        self.check_eliminations()
        if not who.alive or self.alive_count <= 1:
            self._end_turn()  # the buyer is out, or nobody is left to play against

    def _can_sweep(self) -> bool:
        return any(self.face_up) or bool(self.deck) or bool(self.discard)

    def _sweep(self, who: Monster) -> None:
        if who.energy < SWEEP_COST:
            raise RuleViolation(
                f"{who.name} cannot sweep the cards: it costs {SWEEP_COST} energy, {who.name} "
                f"has {who.energy}"
            )
        if not self._can_sweep():
            raise RuleViolation("there are no cards left to sweep or reveal")
        who.energy -= SWEEP_COST
        self.discard += [c for c in self.face_up if c is not None]
        self.face_up = [None] * FACE_UP
        self._refill()

    def _end_turn(self) -> None:
        """Step 5: end-of-turn effects, the game-end check, then the next monster's turn."""
        m = self.active
        if m.alive:
            for eff in m.hooks["end_turn"]:
                eff.end_turn(self, m)
            self.check_eliminations()
        for x in self.monsters:
            if x.alive and x.vp >= WIN_VP:
                break
        else:
            x = None  # nobody alive at 20 VP (the common case)
        if x is not None or self.alive_count <= 1:
            winners = [x for x in self.monsters if x.alive and x.vp >= WIN_VP]
            self.winners = winners or self.alive
            self.phase = OVER
            return
        while self.next_turns:
            extra = self.next_turns.pop(0)
            if extra.alive:
                self._start_turn(extra)
                return
        monsters = self.monsters
        seat = m.seat
        while True:
            seat = (seat + 1) % len(monsters)
            if monsters[seat].alive:
                self._start_turn(monsters[seat])
                return

    # ---- changes that cards hook into -------------------------------------------------------

    def gain_vp(self, m: Monster, amount: int) -> None:
        """Gain (or, if negative, lose) VP; the dial keeps them between 0 and 20."""
        for eff in m.hooks["vp"]:
            amount = eff.vp(self, m, amount)
        vp = m.vp + amount
        m.vp = WIN_VP if vp > WIN_VP else vp if vp > 0 else 0

    def gain_energy(self, m: Monster, amount: int) -> None:
        for eff in m.hooks["energy"]:
            amount = eff.energy(self, m, amount)
        m.energy += amount

    def heal(self, m: Monster, amount: int) -> int:
        """One healing event; never above max HP. Returns the HP gained."""
        for eff in m.hooks["heal"]:
            amount = eff.heal(self, m, amount)
        room = m.max_hp - m.hp
        gained = amount if amount < room else room
        if gained <= 0:
            return 0
        m.hp += gained
        return gained

    def lose_hp(self, m: Monster, amount: int, smash: bool = False) -> int:
        """One loss of HP (eliminations come after, in `check_eliminations`)."""
        for eff in m.hooks["hp_loss"]:
            amount = eff.hp_loss(self, m, amount, smash)
        lost = amount if amount < m.hp else m.hp
        if lost <= 0:
            return 0
        m.hp -= lost
        for eff in m.hooks["lost_hp"]:
            eff.lost_hp(self, m, lost)
        return lost

    def check_eliminations(self) -> None:
        """Every living monster at 0 HP is out (together), then Tokyo Bay may close."""
        for m in self.monsters:
            if m.alive and m.hp <= 0:
                break
        else:
            return  # the common case: nobody is down
        down = [m for m in self.monsters if m.alive and m.hp <= 0]
        for m in down:
            if any(eff.zero_hp(self, m) for eff in list(m.hooks["zero_hp"])):
                continue
            m.alive = False
            self.alive_count -= 1
            self._move(m, None)
            for card in list(m.cards):
                self.take_card(m, card)
                self.discard.append(card)
            m.energy = 0
            m.tokens = {}
        for m in down:
            for watcher in self.alive:
                for eff in watcher.hooks["eliminated"]:
                    eff.eliminated(self, watcher, m)
        self.pending = [p for p in self.pending if p.player.alive]
        self._close_bay()

    def _close_bay(self) -> None:
        """With 4 or fewer alive the Bay closes: its monster moves to an empty City, or out."""
        if self.bay is not None and not self.bay_open():
            self._move(self.bay, CITY if self.city is None else None)

    def enter_tokyo(self, m: Monster, place: str) -> None:
        """Entering Tokyo gives 1 VP (1 energy in the two-player variant)."""
        self._move(m, place)
        if self.two_player:
            self.gain_energy(m, 1)
        else:
            self.gain_vp(m, 1)

    def _move(self, m: Monster, place: str | None) -> None:
        """Put `m` in `place` (None: out of Tokyo), keeping city/bay and location in step."""
        if m.location == CITY:
            self.city = None
        elif m.location == BAY:
            self.bay = None
        m.location = place
        if place == CITY:
            self.city = m
        elif place == BAY:
            self.bay = m

    def leave_tokyo(self, m: Monster) -> None:
        self._move(m, None)

    def give_card(self, m: Monster, card: str) -> None:
        m.cards.append(card)
        effect = EFFECTS.get(card)
        if effect is not None:
            m.effects.append(effect)
            m.hooks = hook_table(m.effects)
            effect.gained(self, m)

    def take_card(self, m: Monster, card: str) -> None:
        m.cards.remove(card)
        effect = EFFECTS.get(card)
        if effect is not None:
            m.effects.remove(effect)
            m.hooks = hook_table(m.effects)
            effect.lost(self, m)

    def card_cost(self, m: Monster, card: str) -> int:
        cost = CARDS[card].cost
        for eff in m.hooks["cost"]:
            cost = eff.cost(self, m, card, cost)
        return cost

    def ask(self, m: Monster, kind: str, options: dict[str, Any], handler: Handler) -> None:
        """Wait for `m`'s decision (an input of type `kind`) before the game goes on."""
        self.pending.append(Pending(m, kind, options, handler))

    def decided(self, pending: Pending) -> None:
        """A pending decision is in: once all are, go on where the game stopped."""
        self.pending.remove(pending)
        if not self.pending and self._then is not None:
            then, self._then = self._then, None
            then(self)

    # ---- the market ------------------------------------------------------------------

    def _draw(self) -> str | None:
        """The deck's top card; an empty deck is the discard pile reshuffled (policy 39)."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
        return self.deck.pop()

    def _refill(self) -> None:
        for slot in range(FACE_UP):
            if self.face_up[slot] is None:
                card = self._draw()
                self.face_up[slot] = card
                if card is not None:
                    self._revealed(card)

    def _revealed(self, card: str) -> None:
        for m in self.monsters:
            if m.alive:
                for eff in m.hooks["revealed"]:
                    eff.revealed(self, m, card)


# input type -> its handler when no decision is pending (the active player's steps)
_STEPS: dict[str, Callable[[KingOfTokyo, Monster, Input], None]] = {
    "throw": KingOfTokyo._throw,
    "correct": KingOfTokyo._correct,
    "resolve": KingOfTokyo._resolve,
    "yield": KingOfTokyo._on_yield,
    "buy": KingOfTokyo._buy,
    "sweep": KingOfTokyo._on_sweep,
    "end_turn": KingOfTokyo._on_end_turn,
}


def _decide_yield(game: KingOfTokyo, pending: Pending, inp: Input) -> None:
    leave = inp.get("leave")
    if not isinstance(leave, bool):
        raise MalformedInput('a yield input says "leave": true (yield Tokyo) or false (stay)')
    who = pending.player
    if leave and who.location is not None:
        game.leave_tokyo(who)
        for eff in who.hooks["yielded"]:
            eff.yielded(game, who, game.smash_losses.get(who.name, 0))
    game.decided(pending)


def _face(value: object, field: str) -> str:
    if not isinstance(value, str) or value not in _FACE_SET:
        raise MalformedInput(f"{field}: {value!r} is not a die face (faces: {', '.join(FACES)})")
    return str(value)


def _faces(value: object, field: str) -> list[str]:
    if type(value) is list:
        try:
            if _FACE_SET.issuperset(value):
                return value[:]
        except TypeError:  # an unhashable element: reported below
            pass
    if not isinstance(value, (list, tuple)):
        raise MalformedInput(f'"{field}" is a list of die faces ({", ".join(FACES)})')
    for face in value:
        if face not in _FACE_SET:
            raise MalformedInput(f"{field}: {face!r} is not a die face (faces: {', '.join(FACES)})")
    return list(value)


if TYPE_CHECKING:  # mypy checks that the class offers the app's whole Game interface
    from host.games import Game

    _: type[Game] = KingOfTokyo
