"""King of Tokyo: the rules engine, a fold of the inputs over a mutable state.

`KingOfTokyo(setup)` starts a game; `apply(input)` checks an input completely and only then
changes the state in place, so an illegal input raises an `IllegalInput` subclass and
changes nothing; `undo()` refolds the log without its last input. Randomness (the deck's
order, reshuffles) comes only from a `random.Random` seeded by the setup, so the same
setup and inputs always give the same game.

A turn goes: start (2 VP in Tokyo) -> roll (throws, then "resolve") -> resolve (numbers,
energy, hearts, Smash; yields) -> enter Tokyo -> buy ("buy", "sweep", "end_turn") -> end
(end-of-turn effects, the game-end check) -> the next living monster on the left, or an
extra turn. The power cards (`host.games.kot.powers`) plug into hooks along the way
(`effects.CardEffect`).

Any step may have to wait for a decision (a yield, Wings, a Camouflage throw, an
Opportunist's purchase...): it is asked with `ask()` (a `Pending` entry; `waiting_for()`
lists it), and what the step does next is pushed first on a stack of continuations
(`later()`). After each input the game runs the continuations, last pushed first, until a
decision is pending or none is left. The input types are documented in
docs/game-script.md.

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
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from host.games import BoardDisplay, DiceExpectation, IllegalInput, Input, Waiting
from host.games.kot import market
from host.games.kot.cards import BOX, CARDS, UnknownCard, canonical
from host.games.kot.effects import EFFECTS, HOOKS, NO_HOOKS, CardEffect, hook_table
from host.games.kot.errors import (
    GameOver,
    MalformedInput,
    NotNow,
    NotYourTurn,
    RuleViolation,
    UnknownCardInput,
    UnknownPlayer,
)
from host.games.kot.market import FACE_UP, SWEEP_COST
from host.games.kot.setup import Position, Setup, check_setup

FACES = ("1", "2", "3", "heart", "energy", "claw")
_FACE_SET = frozenset(FACES)
_NONE: list[str] = []  # no dice (never changed)
_NUMBERS = (("1", 1), ("2", 2), ("3", 3))  # face, VP for three of a kind
START_HP = 10
WIN_VP = 20  # also the top of the VP dial: VP never go above it
BLACK_DICE = 6
GREEN_DICE = 2  # the box's green dice: cards add at most these
THROWS = 3
CITY, BAY = "city", "bay"
BAY_MIN_ALIVE = 5  # Tokyo Bay is used only while more than 4 monsters are alive
POISON, SHRINK = "poison", "shrink"  # tokens a heart may remove outside Tokyo
HEAL_PRICE = 2  # energy per HP healed by another monster's Healing Ray

# phases
ROLLOFF, ROLL, RESOLVE, BUY, END, OVER = "rolloff", "roll", "resolve", "buy", "end", "over"

# input type -> the fields it may carry
INPUT_FIELDS: dict[str, frozenset[str]] = {
    "throw": frozenset({"type", "player", "thrown", "kept"}),
    "correct": frozenset({"type", "player", "from", "to"}),
    "resolve": frozenset({"type", "player"}),
    "yield": frozenset({"type", "player", "leave"}),
    "buy": frozenset({"type", "player", "card", "from"}),
    "sweep": frozenset({"type", "player"}),
    "end_turn": frozenset({"type", "player"}),
    "use": frozenset({"type", "player", "card", "from", "to", "target", "owner"}),
    "pass": frozenset({"type", "player"}),
    "hearts": frozenset({"type", "player", "remove", "heal"}),
    "healing": frozenset({"type", "player", "accept"}),
    "reveal": frozenset({"type", "player", "card"}),
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
        "mimic",
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
        self.mimic: tuple[str, str] | None = None  # (card, its owner) that Mimic copies
        self.effects: list[CardEffect] = []  # the effects of its cards, and of the copy
        self.hooks: Mapping[str, tuple[CardEffect, ...]] = NO_HOOKS  # hook -> effects that use it
        self.tokens: dict[str, int] = {}  # poison, shrink, and card counters (never 0)

    def __repr__(self) -> str:
        return f"<{self.name} ({self.monster}) hp={self.hp} vp={self.vp} e={self.energy}>"


class Hit:
    """One loss of HP about to happen: prevention may lower `amount` (policy 24); `lost` is
    what the victim really lost. `smash`: the claws of a Smash (yields, Poison Spit...)."""

    __slots__ = ("amount", "jets", "lost", "smash", "source", "step", "victim")

    def __init__(
        self, victim: Monster, amount: int, source: Monster | None = None, smash: bool = False
    ) -> None:
        self.victim = victim
        self.amount = amount
        self.source = source  # the monster that causes it (Herbivore), None for poison
        self.smash = smash
        self.jets = False  # held back until its victim decides to yield (Jets)
        self.lost = 0
        self.step = 0  # the next defence (effect index) to ask


# checks the answer to a pending decision, then applies it (and calls game.decided)
Handler = Callable[["KingOfTokyo", "Pending", Input], None]
Step = Callable[["KingOfTokyo"], None]  # what the game does next (a continuation)


class Pending:
    """A decision the game waits for before it goes on (e.g. a yield after a Smash).

    `kind` is the input type that answers it; an `optional` decision may also be declined
    with a "pass" input. `data` is what the handler needs besides the options."""

    __slots__ = ("data", "handler", "kind", "optional", "options", "player")

    def __init__(
        self,
        player: Monster,
        kind: str,
        options: dict[str, Any],
        handler: Handler,
        optional: bool = False,
        data: Any = None,
    ) -> None:
        self.player = player
        self.kind = kind
        self.options = options
        self.handler = handler  # checks the input, then applies it
        self.optional = optional
        self.data = data


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
        if self._then and not self.pending:
            try:
                self._go_on()
            except BaseException:
                self._refold(self._log)
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
        if self.phase == ROLL and (
            self.throws < self.throws_allowed or self._rethrow_face() is not None
        ):
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

    def display(self) -> BoardDisplay:
        from host.games.kot.view import board_display

        return board_display(self)

    def to_json(self) -> dict[str, Any]:
        from host.games.kot.view import state_json

        return state_json(self)

    # ---- queries -----------------------------------------------------------------------

    def monster(self, name: str) -> Monster:
        return self.by_name[name]

    @property
    def turn_number(self) -> int:
        """The turn being played; before the first one has started (a roll-off, the cards on
        offer being set out), the one about to: the setup's first turn."""
        position = self.setup.position
        return max(self.turn, position.turn if position is not None else 1)

    @property
    def alive(self) -> list[Monster]:
        return [m for m in self.monsters if m.alive]

    def bay_open(self) -> bool:
        """Tokyo Bay is used in a 5-6 player game while more than 4 monsters are alive."""
        return self.alive_count >= BAY_MIN_ALIVE

    def dice_in_play(self) -> int:
        return self.black + self.green

    def has(self, m: Monster, card: str) -> bool:
        """Whether `m` has the card's effect (its own card, or Mimic's copy)."""
        return EFFECTS[card] in m.effects

    def clockwise(self, m: Monster) -> list[Monster]:
        """The other living monsters in turn order from `m`'s left."""
        monsters = self.monsters
        return [x for x in monsters[m.seat + 1 :] + monsters[: m.seat] if x.alive]

    # ---- state from the setup, and refolding --------------------------------------------

    def _reset(self) -> None:
        setup = self.setup
        self.monsters = [Monster(s.name, s.monster, i) for i, s in enumerate(setup.seats)]
        self.by_name = {m.name: m for m in self.monsters}
        self.alive_count = len(self.monsters)
        self.two_player = setup.options.two_player_variant
        self.first_edition = setup.options.first_edition
        self.table_deck = setup.options.table_deck
        self.rng = random.Random(setup.seed)
        self.turn = 0  # turns started so far (a picked-up position: the ones before it)
        self.active = self.monsters[0]
        self.regular = self.active  # whose regular turn it is (extra turns come between)
        self.phase = ROLL
        self.dice: list[str] = []  # the current result, in no particular order
        self.throws = 0
        self.throws_allowed = THROWS
        self.black, self.green = BLACK_DICE, 0
        self.fewer = 0  # dice fewer this turn from Freeze Time
        self.rolled: dict[str, int] = {}  # what the dice show, face -> count, when resolving
        self.counts: dict[str, int] = {}  # the result being resolved, with cards' claws
        self.claws = 0  # claws of the resolved result (first_edition's entering rule)
        self.harmed = False  # the active monster made another lose HP this turn (Herbivore)
        self.used: set[str] = set()  # once-per-turn cards used this turn (Herd Culler)
        self.shielded: list[Monster] = []  # lose no HP for the rest of this turn (Wings)
        self.burrowed: dict[str, Monster] = {}  # place -> Burrowing owner who yielded it
        self.city: Monster | None = None
        self.bay: Monster | None = None
        self.deck: list[str] = []  # the top card is the LAST one (pop is cheap)
        self.known_top: str | None = None  # table deck: the top card, seen (Made in a Lab)
        self.peek: Monster | None = None  # who looked at the deck's top card (Made in a Lab)
        self.face_up: list[str | None] = [None] * FACE_UP
        self.discard: list[str] = []
        self.playing: str | None = None  # a discard card bought, waiting for a reveal
        self.pending: list[Pending] = []
        self._then: list[Step] = []
        self.next_turns: list[tuple[Monster, int]] = []  # extra turns: (monster, dice fewer)
        self.rolloff: list[Monster] = []  # who still throws in the roll-off, in order
        self.rolloff_claws: dict[str, int] = {}
        self.winners: list[Monster] = []
        self.holders: dict[str, Sequence[Monster]] = dict(_NOBODY)
        self._log: list[Input] = []
        self._waiting = None
        if setup.position is not None:
            self.active = self.by_name[setup.position.active_player]
            self._place(setup.position)
            self._start_first_turn()
        else:
            if setup.first_player is not None:
                self.active = self.by_name[setup.first_player]
            self.deck = list(BOX)
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
        self._go_on()

    def _start_first_turn(self) -> None:
        """The first turn starts once the cards face up are known (a table deck's)."""
        if self.pending:
            self._then.append(lambda game: game._start_turn(game.active))
        else:
            self._start_turn(self.active)

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
        for m in self.monsters:
            mp = pos.monsters.get(m.name)
            if mp is not None and mp.mimic is not None:
                self.set_mimic(m, (canonical(mp.mimic[0]), mp.mimic[1]), bought=False)
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
        self._reset()
        for inp in log:
            self.apply(inp)

    # ---- what the game waits for ---------------------------------------------------------

    def _compute_waiting(self) -> list[Waiting]:
        if self.phase == OVER:
            return []
        waits: list[Waiting] = []
        if self.pending:
            for p in self.pending:
                waits.append(Waiting(p.player.name, p.kind, p.options))
                if p.optional:
                    waits.append(Waiting(p.player.name, "pass", {"declines": p.kind}))
        elif self.phase == ROLLOFF:
            dice = {"black": BLACK_DICE, "green": 0}
            return [Waiting(self.rolloff[0].name, "throw", {"dice": dice, "rolloff": True})]
        elif self.phase == ROLL:
            self._roll_waits(waits)
        elif self.phase == BUY:
            self._buy_waits(waits)
        self._use_waits(waits)
        return waits

    def _roll_waits(self, waits: list[Waiting]) -> None:
        name = self.active.name
        options: dict[str, Any] = {
            "dice": {"black": self.black, "green": self.green},
            "throw": self.throws + 1,
            "throws_allowed": self.throws_allowed,
            "keepable": list(self.dice),
        }
        if self.throws < self.throws_allowed:
            waits.append(Waiting(name, "throw", options))
        else:
            face = self._rethrow_face()
            if face is not None:  # Background Dweller: only those dice are thrown again
                waits.append(Waiting(name, "throw", {**options, "rethrow": face}))
        if self.throws:
            waits.append(Waiting(name, "resolve", {"dice": list(self.dice)}))
            waits.append(Waiting(name, "correct", {"dice": list(self.dice), "faces": list(FACES)}))

    def _buy_waits(self, waits: list[Waiting]) -> None:
        name = self.active.name
        offer = market.offer(self, self.active)
        if offer:
            waits.append(Waiting(name, "buy", {"cards": offer}))
        if market.can_sweep(self, self.active):
            waits.append(Waiting(name, "sweep", {"cost": SWEEP_COST}))
        waits.append(Waiting(name, "end_turn", {}))

    def _use_waits(self, waits: list[Waiting]) -> None:
        for m in self.holders["offer"]:
            for options in self.uses(m):
                waits.append(Waiting(m.name, "use", options))

    def uses(self, m: Monster) -> list[dict[str, Any]]:
        """The options of the "use" inputs `m` may give now (no decision pending): its
        cards' in its own roll and buy steps, and the ones usable at any time (Rapid
        Healing) whenever."""
        if self.pending or self.phase == OVER or not m.alive:
            return []
        own_step = m is self.active and self.phase in (ROLL, BUY)
        found = []
        for eff in m.hooks["offer"]:
            if own_step or eff.any_time:
                options = eff.offer(self, m)
                if options is not None:
                    found.append(options)
        return found

    def describe_waiting(self) -> str:
        """What the game waits for, in words, for error messages.

        >>> from host.games.kot.setup import Setup
        >>> KingOfTokyo(Setup.simple("Ann", "Bob", first_player="Bob")).describe_waiting()
        'the game waits for Bob to throw'
        """
        waits = [w for w in self.waiting_for() if not w.options.get("any_time")]
        if not waits:
            return "the game is over"
        by_player: dict[str, list[str]] = {}
        for w in waits:
            kinds = by_player.setdefault(w.player, [])
            if w.kind.replace("_", " ") not in kinds:
                kinds.append(w.kind.replace("_", " "))
        parts = [f"{p} to {' or '.join(kinds)}" for p, kinds in by_player.items()]
        return "the game waits for " + " and ".join(parts)

    # ---- inputs -------------------------------------------------------------------------

    def _decide(self, kind: str, who: Monster, inp: Input) -> None:
        """An input while decisions are pending: it must answer one of them. (Cards usable
        "at any time" wait too: a decision's options stay true until it is answered.)"""
        for p in self.pending:
            if p.player is who and (p.kind == kind or (kind == "pass" and p.optional)):
                if kind == "use" and self.card_named(inp.get("card")) != p.options["card"]:
                    continue
                p.handler(self, p, inp)
                return
        raise self._not_now(who, f"use {inp.get('card')}" if kind == "use" else kind)

    def _buy(self, who: Monster, inp: Input) -> None:
        if self.phase != BUY or who is not self.active:
            self._expect(who, "buy", self.phase == BUY)
        self._buy_action(market.buy, who, inp)

    def _on_sweep(self, who: Monster, inp: Input) -> None:
        if self.phase != BUY or who is not self.active:
            self._expect(who, "sweep", self.phase == BUY)
        self._buy_action(market.sweep, who, inp)

    def _buy_action(
        self, action: Callable[[KingOfTokyo, Monster, Input], None], who: Monster, inp: Input
    ) -> None:
        """A purchase or a sweep, then back to the buy step (unless its effects ended the
        active monster's turn, or wait for decisions first)."""
        height = len(self._then)
        action(self, who, inp)
        if self.pending or len(self._then) > height:
            self._then.insert(height, KingOfTokyo.buy_step)
        else:
            self.buy_step()

    def _on_end_turn(self, who: Monster, inp: Input) -> None:
        if self.phase != BUY or who is not self.active:
            self._expect(who, "end_turn", self.phase == BUY)
        self._end_turn()

    def _on_decision(self, who: Monster, inp: Input) -> None:
        raise self._not_now(who, inp["type"])  # a decision nobody asked for

    def _not_now(self, who: Monster, kind: str) -> IllegalInput:
        if kind == "yield" and who.location is None:
            return RuleViolation(f"{who.name} cannot yield: {who.name} is not in Tokyo")
        if kind == "yield":
            return NotNow(f"{who.name} cannot yield now: only after losing HP to a Smash")
        waits = self.describe_waiting()
        if kind == "pass":
            error = NotNow(f"{who.name} has no decision to pass: {waits}")
        else:
            error = NotNow(f"{who.name} cannot {kind.replace('_', ' ')} now: {waits}")
        error.says_awaited = True
        return error

    def _expect(self, who: Monster, kind: str, phase_ok: bool) -> None:
        """Check that the active player's step takes an input of this kind now."""
        if not phase_ok:
            raise self._not_now(who, kind)
        if who is not self.active:
            raise NotYourTurn(
                f"{who.name} cannot {kind.replace('_', ' ')}: it is {self.active.name}'s turn"
            )

    def card_named(self, name: object) -> str:
        """The card an input names, or UnknownCardInput."""
        if type(name) is str and name in CARDS:
            return name
        try:
            return canonical(name)
        except UnknownCard as error:
            raise UnknownCardInput(str(error)) from None

    def _use(self, who: Monster, inp: Input) -> None:
        """A "use" input: a card's power its owner activates (docs/game-script.md)."""
        card = self.card_named(inp.get("card"))
        effect = EFFECTS.get(card)
        if effect is None or effect not in who.effects:
            raise RuleViolation(f"{who.name} has no {card} to use")
        if not effect.any_time:
            if self.phase not in (ROLL, BUY):
                raise self._not_now(who, f"use {card}")
            if who is not self.active:
                raise NotYourTurn(f"{who.name} cannot use {card}: it is {self.active.name}'s turn")
        options = effect.offer(self, who)
        if options is None:
            raise NotNow(f"{who.name} cannot use {card} now")
        only_fields(inp, options.keys(), f"using {card}")
        effect.use(self, who, inp, options)

    def _throw(self, who: Monster, inp: Input) -> None:
        if self.phase == ROLLOFF:
            thrower = self.rolloff[0]
            if who is not thrower:
                raise NotYourTurn(f"it is {thrower.name}'s throw in the roll-off, not {who.name}'s")
            faces = check_faces(inp.get("thrown"), "thrown")
            if check_faces(inp.get("kept", ()), "kept"):
                raise RuleViolation("a roll-off throw keeps no dice: throw all 6 black dice")
            if len(faces) != BLACK_DICE:
                raise RuleViolation(
                    f"a roll-off throw is all {BLACK_DICE} black dice, not {len(faces)}"
                )
            self._rolloff_throw(faces)
            return
        if self.phase != ROLL or who is not self.active:
            self._expect(who, "throw", self.phase == ROLL)
        rethrow = None
        if self.throws >= self.throws_allowed:
            rethrow = self._rethrow_face()
            if rethrow is None:
                raise RuleViolation(
                    f"{who.name} has had {self.throws} throws, the most allowed: resolve the "
                    "dice (or correct a misread die)"
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
            thrown, kept = check_faces(thrown, "thrown"), check_faces(kept, "kept")
        n = self.black + self.green
        if self.throws == 0:
            if kept:
                raise RuleViolation("the first throw keeps no dice: throw them all")
            if len(thrown) != n:
                raise RuleViolation(f"the first throw is all {n} dice, not {len(thrown)}")
        else:  # as check_rethrow, inline: the common case
            if not thrown:
                raise RuleViolation("a throw throws at least one die (to stop, resolve)")
            if len(thrown) + len(kept) != n:
                check_rethrow(self.dice, thrown, kept, n)
            dice = self.dice
            for face in set(kept) if kept else ():
                if kept.count(face) > dice.count(face):
                    check_rethrow(dice, thrown, kept, n)
            if rethrow is not None:
                for face in FACES:
                    if face != rethrow and kept.count(face) != self.dice.count(face):
                        raise RuleViolation(
                            f"after the last throw only dice showing {rethrow} are thrown "
                            f"again; keep the others ({sorted(self.dice)})"
                        )
        self.dice = kept + thrown
        self.throws += 1

    def _rethrow_face(self) -> str | None:
        """The face whose dice the active monster may still throw again (Background
        Dweller), if its result shows one."""
        m = self.active
        if self.phase != ROLL or not self.throws or not m.hooks["rethrow"]:
            return None
        for eff in m.hooks["rethrow"]:
            face = eff.rethrow(self, m)
            if face is not None and face in self.dice:
                return face
        return None

    def _correct(self, who: Monster, inp: Input) -> None:
        self._expect(who, "correct", self.phase == ROLL and self.throws > 0)
        old, new = check_face(inp.get("from"), "from"), check_face(inp.get("to"), "to")
        self.change_die(old, new)

    def change_die(self, old: str, new: str) -> None:
        """One die of the current result showing `old` shows `new` (RuleViolation if none)."""
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

    def _start_turn(self, m: Monster, fewer: int = 0, extra: bool = False) -> None:
        self.turn += 1
        self.active = m
        if not extra:
            self.regular = m
        self.phase = ROLL
        self.dice = []
        self.throws = 0
        self.claws = 0
        self.fewer = fewer
        self.harmed = False
        if self.peek is not None:
            self.peek = None
        if self.used:
            self.used = set()
        if self.shielded:
            self.shielded = []
        if self.burrowed:
            self.burrowed = {}
        if m.location is not None:
            if self.two_player:
                self.gain_energy(m, 1)
            else:
                self.gain_vp(m, 2)
        for eff in m.hooks["start_turn"]:
            eff.start_turn(self, m)
        if self.pending:  # e.g. Mimic's new copy: the dice are counted with it
            self._then.append(KingOfTokyo._count_dice)
        else:
            self._count_dice()

    def _count_dice(self) -> None:
        """The dice and throws of the active monster this turn, per colour."""
        m = self.active
        hooks = m.hooks
        black, green, throws = BLACK_DICE, 0, THROWS
        if hooks["dice"]:
            for eff in hooks["dice"]:
                black, green = eff.dice(self, m, black, green)
            green = min(green, GREEN_DICE)
        fewer = self.fewer
        if m.tokens or fewer:
            shrink = m.tokens.get(SHRINK, 0)
            if shrink or fewer:
                black, green = fewer_dice(black, green, shrink + fewer)
        for eff in hooks["throws"]:
            throws = eff.throws(self, m, throws)
        self.black, self.green, self.throws_allowed = black, green, throws

    def _resolve(self, who: Monster | None = None, inp: Input | None = None) -> None:
        """The "resolve" input: stop throwing; others may still reroll a die (Psychic
        Probe; this goes on, called without arguments, once they have); then the result
        resolves: numbers, cards that read the result, energy, hearts (then claws)."""
        m = self.active
        if who is not None:
            if self.phase != ROLL or not self.throws or who is not m:
                self._expect(who, "resolve", self.phase == ROLL and self.throws > 0)
            self.phase = RESOLVE
            if self.holders["after_throws"]:
                self._then.append(KingOfTokyo._resolve)
                for x in reversed(self.clockwise(m)):  # pushed last first: asked in turn order
                    for eff in x.hooks["after_throws"]:
                        eff.after_throws(self, x, m)
                return
        dice = self.dice
        counts = dict(zip(FACES, map(dice.count, FACES), strict=True))
        self.rolled = counts
        hooks = m.hooks
        if hooks["result"]:
            counts = counts.copy()
            for eff in hooks["result"]:
                eff.result(self, m, counts)
        self.counts = counts
        vp = 0
        for face, points in _NUMBERS:
            same = counts[face]
            if same >= 3:
                vp += points + same - 3
        if vp:
            self.gain_vp(m, vp)
        for eff in hooks["resolved"]:
            eff.resolved(self, m, counts)
        if counts["energy"]:
            self.gain_energy(m, counts["energy"])
        hearts = counts["heart"]
        if hearts:
            if m.tokens or m.effects:
                if self._hearts(m, hearts):
                    self._then.append(KingOfTokyo._claws_step)  # after the "hearts" decision
                    return
            elif m.location is None:
                self.heal(m, hearts)  # the common case of _hearts, inline
        self._claws_step()

    def _hearts(self, m: Monster, hearts: int) -> bool:
        """Hearts heal outside Tokyo; a monster with tokens (outside) or Healing Ray says
        how its hearts are used: True if that "hearts" decision is asked."""
        outside = m.location is None
        tokens = {}
        if outside and m.tokens:
            tokens = {t: m.tokens[t] for t in (POISON, SHRINK) if t in m.tokens}
        others = {}
        if m.hooks["heals_others"]:
            for x in self.clockwise(m):
                most = min(hearts, x.max_hp - x.hp, x.energy // HEAL_PRICE)
                if most > 0:
                    others[x.name] = most
        if tokens or others:
            options = {"hearts": hearts, "tokens": tokens, "heal": others, "heal_self": outside}
            self.ask(m, "hearts", options, _decide_hearts)
            return True
        if outside:
            self.heal(m, hearts)
        return False

    def _claws_step(self) -> None:
        m = self.active
        claws = self.counts["claw"]
        self.claws = claws
        if claws:
            height = len(self._then)
            self._smash(m, claws)
            if self.pending or len(self._then) > height:  # decisions first
                self._then.insert(height, KingOfTokyo._enter_step)
                return
        self._enter_step()

    def _smash(self, attacker: Monster, claws: int) -> None:
        """Each claw: 1 HP from every monster not in the attacker's place (Tokyo or not).
        Monsters in Tokyo that lost HP to it may then yield (if the attacker is outside)."""
        from_tokyo = attacker.location is not None
        hits = [
            Hit(v, claws, attacker, smash=True)
            for v in self.monsters
            if v.alive and v is not attacker and (v.location is None) is from_tokyo
        ]
        for eff in attacker.hooks["smash"]:
            eff.smash(self, attacker, hits)
        if from_tokyo:
            self.hurt(hits)
            return
        for hit in hits:
            v = hit.victim
            if hit.smash and v.location is not None and v.hooks["yields_unhurt"]:
                hit.jets = True
        height = len(self._then)
        if self.hurt(hits):  # the yields come once the losses are known
            self._then.insert(height, lambda game: game._ask_yields(hits))
        else:
            self._ask_yields(hits)

    def _ask_yields(self, hits: list[Hit]) -> None:
        for hit in hits:
            v = hit.victim
            if hit.smash and v.alive and v.location is not None:
                loss = hit.amount if hit.jets else hit.lost
                if loss > 0:
                    options: dict[str, Any] = {"location": v.location, "lost": loss}
                    if hit.jets:
                        options["jets"] = True  # yielding, it loses none of these HP
                    self.ask(v, "yield", options, _decide_yield, data=hit)

    def _enter_step(self) -> None:
        """Step 3: the active monster must enter an empty Tokyo City (or Bay)."""
        m = self.active
        if not m.alive or self.alive_count <= 1:
            self._end_turn()  # nothing is left to play for this turn
            return
        if m.location is None and (self.claws or not self.first_edition):
            place = None
            if self.city is None:
                place = CITY
            elif self.bay is None and self.alive_count >= BAY_MIN_ALIVE:  # the Bay is open
                place = BAY
            if place is not None:
                self.enter_tokyo(m, place)
                burrower = self.burrowed.get(place) if self.burrowed else None
                if burrower is not None:  # Burrowing: the monster taking its place loses 1 HP
                    self._then.append(KingOfTokyo.buy_step)
                    self.hurt([Hit(m, 1, burrower)])
                    return
        self.phase = BUY

    def buy_step(self) -> None:
        """Go on to (or stay in) the buy step, unless the active monster is out or alone."""
        if not self.active.alive or self.alive_count <= 1:
            self._end_turn()
        else:
            self.phase = BUY

    def _end_turn(self) -> None:
        """Step 5: end-of-turn effects, the game-end check, then the next turn."""
        m = self.active
        self.phase = END
        if m.alive and (m.hooks["before_end"] or POISON in m.tokens):  # may ask decisions
            self._then.append(KingOfTokyo._next_turn)
            self._then.append(KingOfTokyo._end_effects)
            for eff in m.hooks["before_end"]:
                eff.before_end(self, m)
            return
        if m.alive:
            for eff in m.hooks["end_turn"]:
                eff.end_turn(self, m)
        self._next_turn()

    def _end_effects(self) -> None:
        m = self.active
        if not m.alive:
            return
        for eff in m.hooks["end_turn"]:
            eff.end_turn(self, m)
        poison = m.tokens.get(POISON)
        if poison:
            self.hurt([Hit(m, poison)])

    def _next_turn(self) -> None:
        """The game-end check, then an extra turn or the next living monster's turn."""
        for x in self.monsters:
            if x.alive and x.vp >= WIN_VP:
                break
        else:
            x = None  # nobody alive at 20 VP (the common case)
        if x is not None or self.alive_count <= 1:
            winners = [x for x in self.monsters if x.alive and x.vp >= WIN_VP]
            self.winners = winners or self.alive
            self.phase = OVER
            self.pending.clear()
            self._then.clear()
            return
        while self.next_turns:
            extra, fewer = self.next_turns.pop(0)
            if extra.alive:
                self._start_turn(extra, fewer, extra=True)
                return
        monsters = self.monsters
        seat = self.regular.seat
        while True:
            seat = (seat + 1) % len(monsters)
            if monsters[seat].alive:
                self._start_turn(monsters[seat])
                return

    def _go_on(self) -> None:
        """Run the continuations, last pushed first, until a decision is pending."""
        then = self._then
        while then and not self.pending:
            then.pop()(self)

    # ---- changes that cards hook into -------------------------------------------------------

    def later(self, step: Step) -> None:
        """Do `step` once what is being done now (and the decisions it asks) is over."""
        self._then.append(step)

    def ask(
        self,
        m: Monster,
        kind: str,
        options: dict[str, Any],
        handler: Handler,
        optional: bool = False,
        data: Any = None,
    ) -> None:
        """Wait for `m`'s decision (an input of type `kind`, or "pass" if `optional`)
        before the game goes on; `handler` checks and applies the answer."""
        self.pending.append(Pending(m, kind, options, handler, optional, data))

    def decided(self, pending: Pending) -> None:
        """A pending decision is answered (the game goes on once none is left)."""
        self.pending.remove(pending)

    def gain_vp(self, m: Monster, amount: int) -> None:
        """Gain (or, if negative, lose) VP; the dial keeps them between 0 and 20."""
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

    def hurt(self, hits: list[Hit]) -> bool:
        """Each hit is one loss of HP, all at once: prevention first (policy 24: Wings,
        Camouflage, Armor Plating; Wings and Camouflage ask their owner, one victim after
        the other, and the losses wait for the answers), then the losses, then the
        eliminations. True if it waits for answers."""
        if self.holders["defend"]:
            for i, hit in enumerate(hits):
                if hit.victim.hooks["defend"] and self.defend(hit):
                    self._then.append(lambda game: game._take_hits(hits))
                    self._then.append(partial(KingOfTokyo._defend_from, hits=hits, start=i + 1))
                    return True
        for hit in hits:  # as _take_hits, inline: the common case
            if hit.amount > 0 and not hit.jets:
                self.take_hit(hit)
        self.check_eliminations()
        return False

    def _defend_from(self, hits: list[Hit], start: int) -> None:
        for i in range(start, len(hits)):
            hit = hits[i]
            if hit.victim.hooks["defend"] and self.defend(hit):
                self._then.append(partial(KingOfTokyo._defend_from, hits=hits, start=i + 1))
                return

    def defend(self, hit: Hit) -> bool:
        """Go on with `hit`'s defences in order; True if one now asks a decision."""
        m = hit.victim
        effects = m.hooks["defend"]
        while hit.step < len(effects) and hit.amount > 0 and m.alive:
            eff = effects[hit.step]
            hit.step += 1
            if eff.defend(self, m, hit):
                return True
        return False

    def hurt_each(self, victims: Sequence[Monster], amount: int, source: Monster | None) -> None:
        """`amount` HP from each living monster of `victims`, at once (a card's damage)."""
        self.hurt([Hit(v, amount, source) for v in victims if v.alive])

    def _take_hits(self, hits: list[Hit]) -> None:
        for hit in hits:
            if hit.amount > 0 and not hit.jets:
                self.take_hit(hit)
        self.check_eliminations()

    def take_hit(self, hit: Hit) -> None:
        """The victim loses the hit's HP now (eliminations come after, together)."""
        m = hit.victim
        amount = hit.amount
        lost = amount if amount < m.hp else m.hp
        if lost <= 0 or not m.alive:
            return
        m.hp -= lost
        hit.lost = lost
        for eff in m.hooks["lost_hp"]:
            eff.lost_hp(self, m, lost)
        source = hit.source
        if source is not None and source is not m:
            if source is self.active:
                self.harmed = True
            if hit.smash:
                for eff in source.hooks["smashed"]:
                    eff.smashed(self, source, m, lost)

    def check_eliminations(self) -> None:
        """Every living monster at 0 HP is out (together), unless a card keeps it in;
        then Tokyo Bay may close."""
        for m in self.monsters:
            if m.alive and m.hp <= 0:
                break
        else:
            return  # the common case: nobody is down
        down = [m for m in self.monsters if m.alive and m.hp <= 0]
        reached = []  # reached 0 HP: out, or back with It Has a Child! (Eater of the Dead)
        for m in down:
            stays = False
            for eff in list(m.hooks["zero_hp"]):
                stays = eff.zero_hp(self, m)
                if m.hp > 0:
                    break
            if m.hp > 0:
                if stays:
                    reached.append(m)
                continue
            self._eliminate(m)
            reached.append(m)
        for m in reached:
            for watcher in self.holders["eliminated"]:
                for eff in watcher.hooks["eliminated"]:
                    eff.eliminated(self, watcher, m)
        self.pending = [p for p in self.pending if p.player.alive]
        self._close_bay()

    def _eliminate(self, m: Monster) -> None:
        m.alive = False
        self.alive_count -= 1
        self._move(m, None)
        self.discard_all(m)
        m.energy = 0
        m.tokens = {}

    def discard_all(self, m: Monster) -> None:
        """All of `m`'s cards go to the discard pile; Mimic's copy ends."""
        self.set_mimic(m, None)
        for card in list(m.cards):
            self.take_card(m, card)
            self.discard.append(card)

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

    # ---- cards in front of the monsters ------------------------------------------------

    def give_card(self, m: Monster, card: str) -> None:
        m.cards.append(card)
        effect = EFFECTS.get(card)
        if effect is not None:
            self._rehook(m)
            effect.gained(self, m)

    def take_card(self, m: Monster, card: str) -> None:
        """`card` leaves `m` (the caller puts it somewhere); a Mimic copying it stops."""
        m.cards.remove(card)
        effect = EFFECTS.get(card)
        if effect is not None:
            self._rehook(m)
            effect.lost(self, m)
        for x in self.monsters:
            if x.mimic == (card, m.name) and card not in m.cards:
                self.set_mimic(x, None)

    def discard_card(self, m: Monster, card: str) -> None:
        """A card of `m` discards itself (Smoke Cloud empty, Plot Twist used...): its own
        card goes to the discard pile; Mimic's copy of it just ends."""
        if card in m.cards:
            self.take_card(m, card)
            self.discard.append(card)
        elif m.mimic is not None and m.mimic[0] == card:
            self.set_mimic(m, None)

    def set_mimic(self, m: Monster, target: tuple[str, str] | None, bought: bool = True) -> None:
        """Mimic's copy: `m` now has the effect of `target` (card, owner) as if it had just
        bought it (policy 36), or no copy."""
        old = m.mimic
        if old is not None:
            m.mimic = None
            self._rehook(m)
            if old[0] in EFFECTS:
                EFFECTS[old[0]].lost(self, m)
        if target is not None:
            m.mimic = target
            effect = EFFECTS.get(target[0])
            if effect is not None:
                self._rehook(m)
                effect.gained(self, m)
                if bought:
                    effect.bought(self, m)

    def _rehook(self, m: Monster) -> None:
        effects = [EFFECTS[c] for c in m.cards if c in EFFECTS]
        if m.mimic is not None and m.mimic[0] in EFFECTS:
            effects.append(EFFECTS[m.mimic[0]])
        old, old_hooks = m.effects, m.hooks
        m.effects = effects
        m.hooks = hooks = hook_table(effects) if effects else NO_HOOKS
        for name in {name for e in (*old, *effects) for name in e.hooked}:
            if bool(old_hooks[name]) != bool(hooks[name]):  # who holds that hook changed
                self.holders[name] = [x for x in self.monsters if x.alive and x.hooks[name]]

    def card_cost(self, m: Monster, card: str) -> int:
        cost = CARDS[card].cost
        for eff in m.hooks["cost"]:
            cost = eff.cost(self, m, card, cost)
        return cost if cost > 0 else 0

    def set_token(self, m: Monster, token: str, count: int) -> None:
        """Tokens and counters: a count of 0 removes the token."""
        if count > 0:
            m.tokens[token] = count
        else:
            m.tokens.pop(token, None)


_NOBODY: dict[str, Sequence[Monster]] = dict.fromkeys(HOOKS, ())  # holders of no card

# input type -> its handler when no decision is pending (the active player's steps)
_STEPS: dict[str, Callable[[KingOfTokyo, Monster, Input], None]] = {
    "throw": KingOfTokyo._throw,
    "correct": KingOfTokyo._correct,
    "resolve": KingOfTokyo._resolve,
    "yield": KingOfTokyo._on_decision,
    "buy": KingOfTokyo._buy,
    "sweep": KingOfTokyo._on_sweep,
    "end_turn": KingOfTokyo._on_end_turn,
    "use": KingOfTokyo._use,
    "pass": KingOfTokyo._on_decision,
    "hearts": KingOfTokyo._on_decision,
    "healing": KingOfTokyo._on_decision,
    "reveal": KingOfTokyo._on_decision,
}


def _decide_yield(game: KingOfTokyo, pending: Pending, inp: Input) -> None:
    leave = inp.get("leave")
    if not isinstance(leave, bool):
        raise MalformedInput('a yield input says "leave": true (yield Tokyo) or false (stay)')
    who = pending.player
    hit: Hit | None = pending.data
    game.decided(pending)
    if leave and who.location is not None:
        place = who.location
        game.leave_tokyo(who)
        for eff in who.hooks["yielded"]:
            eff.yielded(game, who, place)
    elif hit is not None and hit.jets:  # stays: the HP held back for Jets are lost now
        hit.jets = False
        game.take_hit(hit)
        game.check_eliminations()


def _decide_hearts(game: KingOfTokyo, pending: Pending, inp: Input) -> None:
    """How the active monster uses its hearts: remove tokens, heal others (Healing Ray);
    the rest heal itself (outside Tokyo)."""
    m = pending.player
    options = pending.options
    remove = _counts(inp.get("remove", {}), "remove", options["tokens"])
    heal = _counts(inp.get("heal", {}), "heal", options["heal"])
    used = sum(remove.values()) + sum(heal.values())
    if used > options["hearts"]:
        raise RuleViolation(f"{m.name} has {options['hearts']} hearts, not {used}")
    game.decided(pending)
    for token, count in remove.items():
        game.set_token(m, token, m.tokens[token] - count)
    rest = options["hearts"] - used
    if rest and m.location is None:
        game.heal(m, rest)
    for name, hp in heal.items():
        if hp:
            cost = hp * HEAL_PRICE
            offer = {"from": m.name, "hp": hp, "cost": cost}
            game.ask(game.by_name[name], "healing", offer, _decide_healing, data=m)


def _decide_healing(game: KingOfTokyo, pending: Pending, inp: Input) -> None:
    """A monster offered healing by Healing Ray accepts (and pays) or refuses."""
    accept = inp.get("accept")
    if not isinstance(accept, bool):
        raise MalformedInput('a healing input says "accept": true (pay and heal) or false')
    who, healer = pending.player, pending.data
    cost = pending.options["cost"]
    if accept and who.energy < cost:  # spent meanwhile (Rapid Healing)
        raise RuleViolation(f"{who.name} has {who.energy} energy, not the {cost} to pay")
    game.decided(pending)
    if accept:
        who.energy -= cost
        game.gain_energy(healer, cost)
        game.heal(who, pending.options["hp"])


def _counts(value: object, field: str, most: Mapping[str, int]) -> dict[str, int]:
    """A decision's {name: count} field, each count within 0..most[name]."""
    if not isinstance(value, Mapping):
        raise MalformedInput(f'"{field}" is an object of counts, e.g. {{"poison": 1}}')
    counts = {}
    for key, count in value.items():
        if key not in most:
            choices = ", ".join(most) or "none"
            raise RuleViolation(f"{field}: {key!r} is not one of the choices ({choices})")
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= most[key]:
            raise RuleViolation(f"{field}.{key}: a whole number from 0 to {most[key]}")
        counts[key] = count
    return counts


def fewer_dice(black: int, green: int, fewer: int) -> tuple[int, int]:
    """Remove `fewer` dice, black ones first, never below 1 die (policy 29).

    >>> fewer_dice(6, 1, 2), fewer_dice(6, 2, 9)
    ((4, 1), (1, 0))
    """
    total = max(1, black + green - fewer)
    green = min(green, total - 1)  # at least one black die stays
    return total - green, green


def check_rethrow(dice: list[str], thrown: list[str], kept: list[str], n: int) -> None:
    """A throw after the first: `kept` comes from the result, and with `thrown` makes the
    `n` dice in play."""
    if not thrown:
        raise RuleViolation("a throw throws at least one die (to stop, resolve)")
    if len(thrown) + len(kept) != n:
        raise RuleViolation(f"{len(thrown)} thrown + {len(kept)} kept is not the {n} dice in play")
    for face in set(kept) if kept else ():
        if kept.count(face) > dice.count(face):
            raise RuleViolation(
                f"kept dice must come from the last result {sorted(dice)}: it has "
                f"{dice.count(face)} × {face}, not {kept.count(face)}"
            )


def only_fields(inp: Input, allowed: Iterable[str], what: str) -> None:
    """Refuse an input with fields besides type, player, card and `allowed`."""
    extra = inp.keys() - {"type", "player", "card", *allowed}
    if extra:
        raise MalformedInput(f"{what} takes no {', '.join(sorted(extra))}")


def check_face(value: object, field: str) -> str:
    if not isinstance(value, str) or value not in _FACE_SET:
        raise MalformedInput(f"{field}: {value!r} is not a die face (faces: {', '.join(FACES)})")
    return str(value)


def check_faces(value: object, field: str) -> list[str]:
    if type(value) is list:
        try:
            if _FACE_SET.issuperset(value):
                return value[:]
        except TypeError:  # an unhashable element: reported below
            pass
    if not isinstance(value, (list, tuple)):
        raise MalformedInput(f'"{field}" is a list of die faces ({", ".join(FACES)})')
    for face in value:
        if not isinstance(face, str) or face not in _FACE_SET:
            raise MalformedInput(f"{field}: {face!r} is not a die face (faces: {', '.join(FACES)})")
    return list(value)


# the cards' effects register themselves (last: they use this module's names)
import host.games.kot.powers  # noqa: E402, F401

if TYPE_CHECKING:  # mypy checks that the class offers the app's whole Game interface
    from host.games import Game

    _: type[Game] = KingOfTokyo
