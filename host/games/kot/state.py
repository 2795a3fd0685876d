"""The state of a King of Tokyo game: the monsters, Tokyo, the market's piles, the turn's
dice and the decisions asked; and the changes the rules and the cards make to them.

`State` is what a game is at one moment, and the whole interface the power cards see
(`host.games.kot.effects`): they read it and change it only through the methods below
(gain VP, heal, hurt, move in or out of Tokyo, take a card...), which call the cards'
hooks at their moments. `KingOfTokyo` (`host.games.kot.engine`) is a `State` that takes
inputs; the turn flow (`turn`) and the answers to decisions (`decisions`) are functions
of it.

Any change may have to wait for a decision (a yield, Wings, a Camouflage throw, an
Opportunist's purchase...): it is asked with `ask()` (a `Pending` entry), and what the
game does next is pushed first on a stack of steps (`later()`, the list `todo`). After
each input the game runs the steps, last pushed first, until a decision is pending or
none is left (`go_on()`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from host.games import Input
from host.games.kot.cards import DECKS
from host.games.kot.effects import EFFECTS, FLUX_EFFECTS, HOOKS, CardEffect
from host.games.kot.errors import InstantWin, RuleViolation
from host.games.kot.expansion import turned_on
from host.games.kot.rules import (
    BAY,
    BAY_MIN_ALIVE,
    BIG_HP,
    BLACK_DICE,
    CITY,
    FACE_SET,
    FACE_UP,
    FACES,
    GREEN_DICE,
    ROLL,
    START_HP,
    THROWS,
    WIN_VP,
)
from host.games.kot.setup import Setup
from host.games.kot.text import _, face_label
from host.games.text import Text

# the tables made lately, by list of effects: the same ones come back all game long
_TABLES: dict[tuple[CardEffect, ...], dict[str, tuple[CardEffect, ...]]] = {}
_MOST_TABLES = 4096
NO_HOOKS: Mapping[str, tuple[CardEffect, ...]] = {name: () for name in HOOKS}


def hook_table(effects: list[CardEffect]) -> dict[str, tuple[CardEffect, ...]]:
    """For each hook, the effects that override it, in priority order: the engine calls
    only those, so a monster's cards cost nothing at the moments they do not care about.
    For each flag, the effects that set it. (Here, not beside `CardEffect`: this module is
    compiled, and a curse coming into play makes every monster's table anew.)"""
    key = tuple(effects)
    table = _TABLES.get(key)
    if table is None:
        table = dict(NO_HOOKS)
        ordered = sorted(effects, key=_priority)
        for effect in ordered:
            for name in effect.hooked:
                table[name] += (effect,)
        for effect in ordered:  # a hook's own order (Hibernation's defence comes first)
            for name in effect.priorities:
                table[name] = _in_order(table[name], name)
        if len(_TABLES) >= _MOST_TABLES:
            _TABLES.clear()
        _TABLES[key] = table
    return table


def _priority(effect: CardEffect) -> int:
    return effect.priority


def _in_order(effects: tuple[CardEffect, ...], hook: str) -> tuple[CardEffect, ...]:
    """The effects at `hook` in their order there (their own for that hook, if they have
    one), the order they had between equals."""
    keyed = []
    for i, e in enumerate(effects):
        keyed.append((e.priorities.get(hook, e.priority), i))
    keyed.sort()
    out: list[CardEffect] = []
    for _p, i in keyed:
        out.append(effects[i])
    return tuple(out)


class Monster:
    """One player's monster: its dials, place, cards and tokens (mutable, in place)."""

    __slots__ = (
        "alive",
        "berserk",
        "cards",
        "cultists",
        "effects",
        "energy",
        "extra",
        "flux",
        "flux_tokens",
        "form",
        "hooks",
        "hp",
        "location",
        "max_hp",
        "mimic",
        "monster",
        "name",
        "seat",
        "tiles",
        "tokens",
        "vp",
        "wickedness",
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
        self.extra: list[CardEffect] = []  # what the expansions give it (tiles, cultists...)
        self.cultists = 0  # the cultists option
        self.wickedness = 0  # the wickedness option: its gauge (0-10) and tiles
        self.tiles: list[str] = []
        self.flux: tuple[str, str] | None = None  # (card, owner) its Fluxling tile copies
        self.flux_tokens = 0  # the counters on the copy (Smoke Cloud's, Battery Monster's)
        self.berserk = False  # the berserk option: it throws the berserk die
        self.form = "robot"  # the transformation option: its card's side, "robot" or "beast"

    def __repr__(self) -> str:
        return f"<{self.name} ({self.monster}) hp={self.hp} vp={self.vp} e={self.energy}>"


class ExtraTurn:
    """A turn to play after this one: whose, with how many dice fewer, and whether without
    the die of fate (Builders' Uprising's ankh)."""

    __slots__ = ("fateless", "fewer", "monster")

    def __init__(self, monster: Monster, fewer: int = 0, fateless: bool = False) -> None:
        self.monster = monster
        self.fewer = fewer
        self.fateless = fateless


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
Handler = Callable[["State", "Pending", Input], None]
Step = Callable[["State"], None]  # what the game does next


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


class State:
    """A King of Tokyo game at one moment (see the module's docstring)."""

    def __init__(self, setup: Setup) -> None:
        """The table before anything happens: fresh monsters, no cards anywhere yet."""
        self.setup = setup
        self.monsters = [Monster(s.name, s.monster, i) for i, s in enumerate(setup.seats)]
        self.by_name = {m.name: m for m in self.monsters}
        self.alive_count = len(self.monsters)
        self.two_player = setup.options.two_player_variant
        self.first_edition = setup.options.first_edition
        self.table_deck = setup.options.table_deck
        self.box_cards = DECKS[setup.options.deck]  # the power cards of the game's deck
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
        self.queued: list[Pending] = []  # decisions asked of a player already deciding
        self.todo: list[Step] = []  # the steps still to do, last pushed first
        self.next_turns: list[ExtraTurn] = []  # extra turns, in the order they come
        self.rolloff: list[Monster] = []  # who still throws in the roll-off, in order
        self.rolloff_claws: dict[str, int] = {}
        self.winners: list[Monster] = []
        self.holders: dict[str, Sequence[Monster]] = dict(_NOBODY)  # hook -> who has it
        self.expansions = turned_on(setup.options)  # the expansions in play
        self.extra_dice = GREEN_DICE  # the extra dice cards and tiles may add
        self.setting_up = False  # the expansions are setting up the table (give_effect)
        self.instant: list[Monster] = []  # won on the spot (Tokyo Tower, Final Roar: policy 1)
        self.roared: list[Monster] = []  # of those, the ones that win even eliminated
        self.tiles_lying: dict[int, list[str]] = {}  # wickedness tiles, per threshold
        self.tiles_gone: list[str] = []  # tiles out of the game (one-shot, eliminated)
        self.tower: dict[int, Monster | None] = {}  # Tokyo Tower: level -> its holder
        # curses (expansions/curses.py): the curse in play, the deck (top card last) and
        # discard, the Golden Scarab's monster (it keeps it when eliminated), the die of
        # fate's face once resolved this turn; and what curses change in the rules
        self.curse: Any = None
        self.curse_deck: list[str] = []
        self.curse_discard: list[str] = []
        self.scarab: Monster | None = None
        self.fate: str | None = None
        self.no_yield = False  # a monster in Tokyo may not yield it
        self.no_entry = False  # the active monster may not enter Tokyo this turn
        self.hearts_inside = False  # hearts heal in Tokyo only (outside, nothing)
        self.holder_buys = False  # only the Golden Scarab's holder buys power cards
        self.hp_less = 0  # every monster's max HP is this much lower
        self.cards_off = False  # keep cards have no effect
        self.locked: str | None = None  # dice showing this face may not be thrown again
        self.extra: ExtraTurn | None = None  # the extra turn being played, if it is one
        self.fate_throw = 0  # throws the die of fate's face gives while it shows it
        self.standing = [x for x in self.expansions if x.standing]  # their offers at any time
        # their steps after the active monster's last throw
        self.on_last_throw = [x for x in self.expansions if x.after_last_throw]
        # their steps after the active monster's Enter Tokyo step, before it buys
        self.on_before_buy = [x for x in self.expansions if x.has_before_buy]
        # dice of the expansions' own (the berserk die): die -> its faces, and per face its
        # die; the ones the active monster throws this turn besides its black and green
        self.dice_expansions = [x for x in self.expansions if x.die]
        self.die_faces = {x.die: x.faces for x in self.dice_expansions}
        self.die_of = {f: d for d, faces in self.die_faces.items() for f in faces}
        self.faces = FACE_SET.union(self.die_of)  # every face a die of this game shows
        self.gives = {f: g for x in self.expansions for f, g in x.gives.items()}
        self.other_dice: dict[str, int] = {}
        # what each change was caused by, for a feed that tells it (None: nobody asks, as
        # in the random games): the state as each cause took over from the one before
        self.causes: list[tuple[Text | None, dict[str, Any]]] | None = None
        self.cause: Text | None = None  # None: the input's own doing

    # ---- what caused the changes (a feed's) ---------------------------------------------

    def because(self, cause: Text | None) -> Text | None:
        """The changes from now on are `cause`'s (a card's or a curse's effect, poison, a
        turn's start in Tokyo; None: the input's own), until the next call; the cause
        before it is returned, to put back. Only while a feed records (`causes` is a
        list): the state is kept as it was where the cause before it ended. Call sites
        check `causes` first, so a game nobody tells pays nothing for the words."""
        was = self.cause
        if self.causes is not None and cause is not was:  # (None to None: one stretch)
            self.causes.append((was, self.to_json()))
        self.cause = cause
        return was

    def because_of(self, eff: CardEffect) -> Text | None:
        """`because` the effect of a card (or a curse, a tile: by its name)."""
        return self.because(_.name(eff.name) if eff.told else None)

    def to_json(self) -> dict[str, Any]:
        """The state as JSON (the game's own: KingOfTokyo.to_json)."""
        raise NotImplementedError

    # ---- queries -------------------------------------------------------------------------

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
        if self.other_dice:
            return self.black + self.green + sum(self.other_dice.values())
        return self.black + self.green

    def face_rank(self, face: str) -> int:
        """A face's place when dice are listed: the black dice's faces, then each other
        die's."""
        if face in FACE_SET:
            return FACES.index(face)
        return len(FACES) + sorted(self.die_of).index(face)

    def has(self, m: Monster, card: str) -> bool:
        """Whether `m` has the card's effect (its own card, or a copy of it)."""
        return any(e.name == card for e in m.effects)

    def clockwise(self, m: Monster) -> list[Monster]:
        """The other living monsters in turn order from `m`'s left."""
        monsters = self.monsters
        return [x for x in monsters[m.seat + 1 :] + monsters[: m.seat] if x.alive]

    def rethrow_face(self) -> str | None:
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

    # ---- decisions, and what the game does next ------------------------------------------

    def later(self, step: Step) -> None:
        """Do `step` once what is being done now (and the decisions it asks) is over."""
        self.todo.append(step)

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
        before the game goes on; `handler` checks and applies the answer. One decision
        at a time per player: if `m` is deciding already (Mimic's and Fluxling's switches
        at the start of its turn, Fluxling's copy and the next threshold's tile), this one
        is asked once that one is answered, in the order asked."""
        pending = Pending(m, kind, options, handler, optional, data)
        for p in self.pending:
            if p.player is m:
                self.queued.append(pending)
                return
        self.pending.append(pending)

    def decided(self, pending: Pending) -> None:
        """A pending decision is answered (the game goes on once none is left); the
        player's next queued decision, if any, is asked now."""
        self.pending.remove(pending)
        if self.queued:
            for q in self.queued:
                if q.player is pending.player:
                    self.queued.remove(q)
                    self.pending.append(q)
                    return

    def go_on(self) -> None:
        """Run the steps still to do, last pushed first, until a decision is pending."""
        todo = self.todo
        while todo and not self.pending:
            todo.pop()(self)

    # ---- the dials, the dice and the tokens ------------------------------------------------

    def gain_vp(self, m: Monster, amount: int) -> None:
        """Gain (or, if negative, lose) VP; the dial keeps them between 0 and 20."""
        if amount > 0 and m.hooks["vp_gain"]:
            for eff in m.hooks["vp_gain"]:
                amount = eff.vp_gain(self, m, amount)
        vp = m.vp + amount
        m.vp = WIN_VP if vp > WIN_VP else vp if vp > 0 else 0

    def gain_energy(self, m: Monster, amount: int) -> None:
        for eff in m.hooks["energy"]:
            amount = eff.energy(self, m, amount)
        m.energy += amount

    def heal(self, m: Monster, amount: int, own: bool = True) -> int:
        """One healing event; never above max HP. Returns the HP gained. `own`: by `m`'s
        own doing (not Healing Ray's)."""
        for eff in m.hooks["heal"]:
            amount = eff.heal(self, m, amount)
        room = m.max_hp - m.hp
        gained = amount if amount < room else room
        if gained <= 0:
            return 0
        m.hp += gained
        for eff in m.hooks["healed"]:
            eff.healed(self, m, gained, own)
        return gained

    def set_token(self, m: Monster, token: str, count: int) -> None:
        """Tokens and counters: a count of 0 removes the token."""
        if count > 0:
            m.tokens[token] = count
        else:
            m.tokens.pop(token, None)

    def change_die(self, old: str, new: str) -> None:
        """One die of the current result showing `old` shows `new` (RuleViolation if none)."""
        if old not in self.dice:
            raise RuleViolation(
                _(
                    "no die shows {face} in the result ({dice})",
                    face=face_label(old),
                    dice=[face_label(d) for d in sorted(self.dice)],
                )
            )
        self.dice[self.dice.index(old)] = new

    # ---- losses of HP ----------------------------------------------------------------------

    def hurt(self, hits: list[Hit]) -> bool:
        """Each hit is one loss of HP, all at once: prevention first (policy 24: Wings,
        Camouflage, Armor Plating; Wings and Camouflage ask their owner, one victim after
        the other, and the losses wait for the answers), then the losses, then the
        eliminations. True if it waits for answers."""
        if self.holders["defend"]:
            for i, hit in enumerate(hits):
                if hit.victim.hooks["defend"] and self.defend(hit):
                    self.todo.append(lambda game: game._take_hits(hits))
                    self.todo.append(partial(State._defend_from, hits=hits, start=i + 1))
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
                self.todo.append(partial(State._defend_from, hits=hits, start=i + 1))
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
        if source is not None:
            if source is not m:
                if source is self.active:
                    self.harmed = True
                if hit.smash:
                    for eff in source.hooks["smashed"]:
                        eff.smashed(self, source, m, lost)
            for eff in m.hooks["hurt_by"]:  # its own doing too (BGA: Reflective Hide)
                eff.hurt_by(self, m, source, lost)

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
        if self.queued:
            self.queued = [p for p in self.queued if p.player.alive]
        self._close_bay()

    def _eliminate(self, m: Monster) -> None:
        m.alive = False
        self.alive_count -= 1
        self._move(m, None)
        self.discard_all(m)
        m.energy = 0
        m.tokens = {}
        m.cultists = 0
        for x in self.expansions:
            x.out(self, m)

    def discard_all(self, m: Monster) -> None:
        """All of `m`'s cards go to the discard pile; Mimic's copy ends."""
        self.set_mimic(m, None)
        for card in list(m.cards):
            self.take_card(m, card)
            self.discard.append(card)

    # ---- Tokyo ------------------------------------------------------------------------------

    def enter_tokyo(self, m: Monster, place: str) -> None:
        """Entering Tokyo gives 1 VP (1 energy in the two-player variant)."""
        self._move(m, place)
        if self.two_player:
            self.gain_energy(m, 1)
        else:
            self.gain_vp(m, 1)
        for eff in m.hooks["entered"]:
            eff.entered(self, m)

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

    def _close_bay(self) -> None:
        """With 4 or fewer alive the Bay closes: its monster moves to an empty City, or out."""
        if self.bay is not None and not self.bay_open():
            self._move(self.bay, CITY if self.city is None else None)

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
            if x.flux == (card, m.name) and card not in m.cards:
                self.set_copy(x, "flux", None)

    def discard_effect(self, m: Monster, effect: CardEffect) -> None:
        """A copy of a card `m` has discards itself (Smoke Cloud empty, Plot Twist
        used...): the Fluxling tile's copy just ends; else `m`'s own card goes to the
        discard pile, or Mimic's copy of it ends."""
        card = effect.name
        if effect.copy:
            if m.flux is not None and m.flux[0] == card:
                self.set_copy(m, "flux", None)
        elif card in m.cards:
            self.take_card(m, card)
            self.discard.append(card)
        elif m.mimic is not None and m.mimic[0] == card:
            self.set_mimic(m, None)

    def set_mimic(self, m: Monster, target: tuple[str, str] | None, bought: bool = True) -> None:
        """Mimic's copy: `m` now has the effect of `target` (card, owner) as if it had just
        bought it (policy 36), or no copy."""
        self.set_copy(m, "mimic", target, bought)

    def set_copy(
        self, m: Monster, slot: str, target: tuple[str, str] | None, bought: bool = True
    ) -> None:
        """A copy of a monster's card (`slot`: "mimic", or "flux" for the Fluxling tile:
        its copy's effect is the card's twin, `FLUX_EFFECTS`), as if just bought, or
        none."""
        effects = FLUX_EFFECTS if slot == "flux" else EFFECTS
        old = getattr(m, slot)
        if old is not None:
            setattr(m, slot, None)
            self._rehook(m)
            if old[0] in effects:
                effects[old[0]].lost(self, m)
        if target is not None:
            setattr(m, slot, target)
            effect = effects.get(target[0])
            if effect is not None:
                self._rehook(m)
                effect.gained(self, m)
                if bought:
                    effect.bought(self, m)

    def _rehook(self, m: Monster) -> None:
        old, old_hooks = m.effects, m.hooks
        effects = self._hook(m)
        hooks = m.hooks
        # who holds a hook changes only for the hooks of the effects that came or went
        for e in set(old).symmetric_difference(effects):
            for name in e.hooked:
                if bool(old_hooks[name]) != bool(hooks[name]):
                    self._find_holders(name)

    def _hook(self, m: Monster) -> list[CardEffect]:
        """`m`'s effects and hook table made anew (who holds each hook is not): its effects."""
        m.effects = effects = self._effects(m)
        m.hooks = hook_table(effects) if effects else NO_HOOKS
        return effects

    def _find_holders(self, name: str) -> None:
        """Who holds the hook `name` now. (Loops, not comprehensions, here and in
        `_effects`: they run for every curse that comes into play, and a comprehension is
        one call more.)"""
        holders: list[Monster] = []
        for x in self.monsters:
            if x.alive and x.hooks[name]:
                holders.append(x)
        self.holders[name] = holders

    def _effects(self, m: Monster) -> list[CardEffect]:
        """`m`'s effects: its keep cards', Mimic's copy, the expansions' (and Fluxling's
        copy)."""
        cards = not self.cards_off  # keep cards (and copies of them) have their effect
        effects: list[CardEffect] = []
        if cards:
            for c in m.cards:
                if c in EFFECTS:
                    effects.append(EFFECTS[c])
        if cards and m.mimic is not None and m.mimic[0] in EFFECTS:
            effects.append(EFFECTS[m.mimic[0]])
        if m.extra:
            effects += m.extra
            if cards and m.flux is not None and m.flux[0] in FLUX_EFFECTS:
                effects.append(FLUX_EFFECTS[m.flux[0]])
        return effects

    def update_max_hp(self, m: Monster) -> None:
        """Max HP from `m`'s effects, as BGA counts them: 10, +2 for each that raises it
        (Even Bigger and each copy of it, Full Regeneration, a zombie's), 2 lower under
        Bow Before Ra (policy 44), never above 12 (policy 17); HP above it drop to it
        (policy 37)."""
        bigs = len(m.hooks["big"])
        most = START_HP + 2 * bigs - self.hp_less
        m.max_hp = most if most < BIG_HP else BIG_HP
        if m.hp > m.max_hp:
            m.hp = m.max_hp

    def wins(self, m: Monster, even_out: bool = False) -> None:
        """`m` wins on the spot (the top of Tokyo Tower; Final Roar, `even_out`: though
        eliminated): the game ends at the end of this turn, as for 20 VP, and `m` wins if
        it is still in the game then (policy 1); with the option `instant_win_now`, the
        game ends now (`InstantWin` stops whatever was being done: the engine ends it)."""
        if m not in self.instant:
            self.instant.append(m)
        if even_out and m not in self.roared:
            self.roared.append(m)
        if self.setup.options.instant_win_now:
            raise InstantWin()

    def swap_effect(self, old: CardEffect | None, new: CardEffect | None) -> None:
        """Every monster has the expansion's effect `new` instead of `old` (a curse for
        another): its hooks again, and who holds the hooks of either, once for all. An
        eliminated monster is left as it is: it never acts again."""
        for m in self.monsters:
            if not m.alive:
                continue
            if old is not None:
                m.extra.remove(old)
            if new is not None:
                m.extra.append(new)
            self._hook(m)
        names = {*(old.hooked if old else ()), *(new.hooked if new else ())}
        for name in names:
            self._find_holders(name)

    def hook_all(self) -> None:
        """Every monster's hooks made, and who holds each (after the setup, when nobody
        held any): once for all, not monster after monster."""
        hooked: set[str] = set()
        for m in self.monsters:
            for e in self._hook(m):
                hooked.update(e.hooked)
        for name in hooked:
            self._find_holders(name)

    def rehook_all(self) -> None:
        """Every monster's hooks again, and its max HP (keep cards' effects turned off or
        on, max HP lowered or restored, by a curse): no healing (policy 42)."""
        for m in self.monsters:
            self._rehook(m)
            self.update_max_hp(m)

    def may_buy(self, m: Monster) -> bool:
        """Whether `m` may buy power cards (a curse may allow only the Scarab's holder;
        Hibernation, none)."""
        return (not self.holder_buys or m is self.holder()) and not m.hooks["buys_nothing"]

    def may_enter(self, m: Monster) -> bool:
        """Whether `m` may move into Tokyo now (not after a curse's ban this turn, not
        while it hibernates)."""
        return not self.no_entry and not m.hooks["stays_out"]

    def holder(self) -> Monster | None:
        """The Golden Scarab's holder (curses): nobody once its monster is eliminated."""
        m = self.scarab
        return m if m is not None and m.alive else None

    def move(self, m: Monster, place: str | None) -> None:
        """`m` goes to `place` (a curse's move: no yield, no entry reward)."""
        self._move(m, place)

    def give_effect(self, m: Monster, effect: CardEffect) -> None:
        """`m` gains an expansion's effect (a tile, its cultists...): it lasts until taken.
        (While the expansions set up the table, the hooks are made once, after them.)"""
        m.extra.append(effect)
        if not self.setting_up:
            self._rehook(m)
        effect.gained(self, m)

    def take_effect(self, m: Monster, effect: CardEffect) -> None:
        m.extra.remove(effect)
        self._rehook(m)
        effect.lost(self, m)

    def card_cost(self, m: Monster, card: str) -> int:
        cost = self.box_cards[card].cost
        for eff in m.hooks["cost"]:
            cost = eff.cost(self, m, card, cost)
        return cost if cost > 0 else 0


_NOBODY: dict[str, Sequence[Monster]] = dict.fromkeys(HOOKS, ())  # holders of no card
