"""The turn flow of King of Tokyo (rules reference, section 2), as functions of the game.

A turn, and where the power cards come in (the hooks of `host.games.kot.effects`):

0. start (`start_turn`): 2 VP in Tokyo (1 energy in the two-player variant); hooks
   `start_turn` (Urbavore, Battery Monster, Mimic's new choice), then the dice and throws
   of the turn are counted (`count_dice`: hooks `dice`, `throws`; shrink tokens, Freeze
   Time).
1. roll (inputs `throw`, `correct`, `use`; hook `rethrow`): up to the throws allowed, then
   "resolve" (`on_resolve`); others may reroll a die first (hook `after_throws`: Psychic
   Probe).
2. resolve (`resolve`): the result (hook `result`: cards add claws), the numbers' VP, hook
   `resolved` (cards that read the result), energy, hearts (`use_hearts`: the "hearts"
   decision), then the Smash (`claws_step`, `smash`: hooks `smash`, `smashed`, the losses'
   `defend`, `lost_hp`, `zero_hp`, `eliminated`), then the yields.
3. enter Tokyo (`enter_step`; Burrowing's 1 HP).
4. buy (inputs `buy`, `sweep`, `use`, `end_turn`; `host.games.kot.market`).
5. end (`end_turn`): hook `before_end` (Metamorph's decisions), then `end_effects` (hook
   `end_turn`, poison), then `next_turn`: the game-end check, and an extra turn or the
   next living monster's.

Each step may ask decisions (`State.ask`); what comes after it is then pushed first and
runs once they are answered: `height = len(game.todo); step(...)`, then `if game.pending
or len(game.todo) > height: game.todo.insert(height, next_step)`, else `next_step(game)`
(as `claws_step` does). The steps call each other directly, not from a list run by a loop:
that was measured 10% slower (six more Python calls in a turn of about fifty).

Where the expansions hook in, in the order of king-of-tokyo-expansions.md ("Where the
expansions hook into a turn"). What a monster has (a wickedness tile, an evolution, a
costume, cultists, berserk) is an effect on it like a card's, on the hooks above:

1. start: hook `start_turn` (tiles, Tokyo Tower, curses); decisions asked there (Fluxling,
   Mimic) are answered before `count_dice`.
2. roll: hooks `dice` and `throws` (the berserk die, the die of fate, throw limits), and
   `thrown` after each throw (Buried in Sand follows the die of fate); the expansions' own
   dice are counted and checked with the others (`Expansion.turn_dice`, `check_throw`).
3. after the last throw, in `on_resolve`: the expansions' own step first
   (`Expansion.last_throw`: the die of fate resolves, then Confused Senses' rethrows), then
   hook `after_throws` asks the other monsters (Psychic Probe), then `resolve`.
4. resolve: hooks `result` and `resolved` (Tokyo Tower's claim, cultists, wickedness); a
   decision there (the tile choice) splits `resolve` at that point, as the "hearts"
   decision does before `claws_step`.
5. after `enter_step`, before the buy phase (`after_enter`): costume steals, gift
   evolutions, the transformation flip (`Expansion.before_buy`); then the buy step, or
   the end of the turn when an expansion skips it (`Expansion.buys`: the beast form).

An input's step is `on_<kind>(game, who, inp)`: it checks the input completely, then
applies it (`host.games.kot.decision_kinds` maps each input type to its step).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from host.games import Input
from host.games.kot import market
from host.games.kot.checks import card_named, check_face, check_faces, check_rethrow, only_fields
from host.games.kot.decisions import decide_hearts, decide_yield
from host.games.kot.errors import NotNow, NotYourTurn, RuleViolation
from host.games.kot.rules import (
    BAY,
    BAY_MIN_ALIVE,
    BLACK_DICE,
    BUY,
    CITY,
    END,
    FACES,
    HEAL_PRICE,
    NUMBERS,
    OVER,
    POISON,
    RESOLVE,
    ROLL,
    ROLLOFF,
    SHRINK,
    THROWS,
    WIN_VP,
    fewer_dice,
)
from host.games.kot.state import Hit, Monster, State
from host.games.kot.text import _, face_label, place_name
from host.games.kot.waiting import expect, not_now

_NONE: list[str] = []  # no dice (never changed)

# ---- 0. start ----------------------------------------------------------------------------


def first_turn(game: State) -> None:
    """The setup's first turn: its monster's or, if that one is out by then (a card bought
    by an Opportunist as the cards were set out), the next living monster's."""
    for x in game.expansions:
        x.first_turn(game, game.active)
    if game.active.alive:
        start_turn(game, game.active)
    else:
        game.regular = game.active
        next_turn(game)


def start_turn(game: State, m: Monster, fewer: int = 0, extra: bool = False) -> None:
    game.turn += 1
    game.active = m
    if not extra:
        game.regular = m
    game.phase = ROLL
    game.dice = []
    game.throws = 0
    game.claws = 0
    game.fewer = fewer
    game.harmed = False
    game.fate = None
    game.no_entry = False
    game.fate_throw = 0
    if game.peek is not None:
        game.peek = None
    if game.used:
        game.used = set()
    if game.shielded:
        game.shielded = []
    if game.burrowed:
        game.burrowed = {}
    told = game.causes is not None  # a feed tells what caused each change
    if m.location is not None:
        if told:
            game.because(
                _(
                    "{player} starts the turn in {place}",
                    player=m.name,
                    place=place_name(m.location),
                )
            )
        if game.two_player:
            game.gain_energy(m, 1)
        else:
            game.gain_vp(m, 2)
    todo = game.todo
    height = len(todo)
    for eff in m.hooks["start_turn"]:
        if eff not in m.effects:  # gone meanwhile (a curse's loss: It Has a Child!)
            continue
        if told:
            game.because_of(eff)
        eff.start_turn(game, m)
        if not m.alive:  # eliminated by a curse (Set's Storm): nothing more for it
            break
    if told:
        game.because(None)
    if game.pending or len(todo) > height:  # e.g. Mimic's new copy: dice counted with it
        todo.insert(height, count_dice)
    else:
        count_dice(game)


def count_dice(game: State) -> None:
    """The dice and throws of the active monster this turn, per colour."""
    m = game.active
    if not m.alive:  # eliminated at the start of its turn (a curse): nothing is left to play
        end_turn(game)
        return
    hooks = m.hooks
    black, green, throws = BLACK_DICE, 0, THROWS
    if hooks["dice"]:
        for eff in hooks["dice"]:
            black, green = eff.dice(game, m, black, green)
        green = min(green, game.extra_dice)
    fewer = game.fewer
    if m.tokens or fewer:
        shrink = m.tokens.get(SHRINK, 0)
        if shrink or fewer:
            black, green = fewer_dice(black, green, shrink + fewer)
    for eff in hooks["throws"]:
        throws = eff.throws(game, m, throws)
    game.black, game.green, game.throws_allowed = black, green, throws
    if game.die_faces:  # the expansions' own dice (the berserk die), never fewer (policy 39)
        other = {}
        for x in game.dice_expansions:
            n = x.turn_dice(game, m)
            if n:
                other[x.die] = n
        game.other_dice = other


# ---- 1. roll -----------------------------------------------------------------------------


def on_throw(game: State, who: Monster, inp: Input) -> None:
    if game.phase == ROLLOFF:
        thrower = game.rolloff[0]
        if who is not thrower:
            raise NotYourTurn(
                _(
                    "it is {thrower}'s throw in the roll-off, not {player}'s",
                    thrower=thrower.name,
                    player=who.name,
                )
            )
        faces = check_faces(inp.get("thrown"), "thrown")
        if check_faces(inp.get("kept", ()), "kept"):
            raise RuleViolation(_("a roll-off throw keeps no dice: throw all 6 black dice"))
        if len(faces) != BLACK_DICE:
            raise RuleViolation(
                _(
                    "a roll-off throw is all {n} black dice, not {thrown}",
                    n=BLACK_DICE,
                    thrown=len(faces),
                )
            )
        rolloff_throw(game, faces)
        return
    if game.phase != ROLL or who is not game.active:
        expect(game, who, "throw", game.phase == ROLL)
    rethrow = None
    if game.throws >= game.throws_allowed:
        rethrow = game.rethrow_face()
        if rethrow is None:
            raise RuleViolation(
                _(
                    "{player} has had {n} throws, the most allowed: resolve the dice (or "
                    "correct a misread die)",
                    player=who.name,
                    n=game.throws,
                )
            )
    given: Any = inp.get("thrown")
    given_kept: Any = inp.get("kept", _NONE)
    known = game.faces  # the black dice's faces, and the expansions' dice's
    try:  # the common case, cheaply: two lists of faces
        well_formed = (
            type(given) is list
            and type(given_kept) is list
            and known.issuperset(given)
            and known.issuperset(given_kept)
        )
    except TypeError:  # an unhashable element
        well_formed = False
    # typed lists from here: the compiled code counts and adds them natively
    thrown: list[str]
    kept: list[str]
    if well_formed:
        thrown, kept = given, given_kept
    else:
        thrown, kept = check_faces(given, "thrown", known), check_faces(given_kept, "kept", known)
    n = game.dice_in_play()
    if game.throws == 0:
        if kept:
            raise RuleViolation(_("the first throw keeps no dice: throw them all"))
        if len(thrown) != n:
            raise RuleViolation(
                _("the first throw is all {n} dice, not {thrown}", n=n, thrown=len(thrown))
            )
    else:  # as check_rethrow, inline: the common case
        if not thrown:
            raise RuleViolation(_("a throw throws at least one die (to stop, resolve)"))
        if len(thrown) + len(kept) != n:
            check_rethrow(game.dice, thrown, kept, n)
        dice = game.dice
        for face in set(kept) if kept else ():
            if kept.count(face) > dice.count(face):
                check_rethrow(dice, thrown, kept, n)
        locked = game.locked
        if locked is not None and kept.count(locked) < dice.count(locked):
            raise RuleViolation(
                _(
                    "the dice showing {face} may not be thrown again this turn: keep them",
                    face=face_label(locked),
                )
            )
        if rethrow is not None:
            for face in FACES:
                if face != rethrow and kept.count(face) != game.dice.count(face):
                    raise RuleViolation(
                        _(
                            "after the last throw only dice showing {face} are thrown again; "
                            "keep the others ({dice})",
                            face=face_label(rethrow),
                            dice=[face_label(d) for d in sorted(game.dice)],
                        )
                    )
    if game.die_faces:  # the expansions' own dice: as many of each as in play, none other
        die_of = game.die_of
        shown: dict[str, int] = {}
        for face in thrown + kept if kept else thrown:
            if face in die_of:
                die = die_of[face]
                shown[die] = shown.get(die, 0) + 1
        if shown != game.other_dice or rethrow is not None:  # each expansion says what
            for x in game.dice_expansions:
                x.check_throw(game, thrown, kept, rethrow is not None)
    game.dice = kept + thrown
    game.throws += 1
    if who.hooks["thrown"]:
        for eff in who.hooks["thrown"]:
            eff.thrown(game, who)


def rolloff_throw(game: State, thrown: list[str]) -> None:
    """A throw of the roll-off: most claws starts; tied monsters throw again."""
    thrower = game.rolloff.pop(0)
    game.rolloff_claws[thrower.name] = thrown.count("claw")
    if game.rolloff:
        return
    contenders = [m for m in game.monsters if m.name in game.rolloff_claws]
    best = max(game.rolloff_claws.values())
    tied = [m for m in contenders if game.rolloff_claws[m.name] == best]
    if len(tied) == 1:
        for x in game.expansions:
            x.first_turn(game, tied[0])
        start_turn(game, tied[0])
    else:  # the tied monsters throw again
        game.rolloff = tied
        game.rolloff_claws = {}


def on_correct(game: State, who: Monster, inp: Input) -> None:
    expect(game, who, "correct", game.phase == ROLL and game.throws > 0)
    faces = game.faces
    old, new = check_face(inp.get("from"), "from", faces), check_face(inp.get("to"), "to", faces)
    if game.die_of.get(old) != game.die_of.get(new):
        raise RuleViolation(
            _(
                "{old} and {new} are faces of different dice: a die shows its own",
                old=face_label(old),
                new=face_label(new),
            )
        )
    game.change_die(old, new)


def on_use(game: State, who: Monster, inp: Input) -> None:
    """A "use" input: a card's power its owner activates (docs/game-script.md)."""
    card = card_named(inp.get("card"))
    effect = None
    for eff in (*who.hooks["offer"], *who.effects):  # its first copy (one use a card: `uses`)
        if eff.name == card:
            effect = eff
            break
    if effect is None:
        raise RuleViolation(_("{player} has no {card} to use", player=who.name, card=_.name(card)))
    if not effect.any_time:
        if game.phase not in (ROLL, BUY):
            raise not_now(game, who, "use", card)
        if who is not game.active:
            raise NotYourTurn(
                _(
                    "{player} cannot use {card}: it is {active}'s turn",
                    player=who.name,
                    card=_.name(card),
                    active=game.active.name,
                )
            )
    options = effect.offer(game, who)
    if options is None:
        raise NotNow(_("{player} cannot use {card} now", player=who.name, card=_.name(card)))
    only_fields(inp, options.keys(), card)
    effect.use(game, who, inp, options)


# ---- 2. resolve ----------------------------------------------------------------------------


def on_resolve(game: State, who: Monster, inp: Input) -> None:
    """The "resolve" input: stop throwing; others may still reroll a die (Psychic Probe),
    then the result resolves."""
    m = game.active
    if game.phase != ROLL or not game.throws or who is not m:
        expect(game, who, "resolve", game.phase == ROLL and game.throws > 0)
    game.phase = RESOLVE
    if game.holders["after_throws"] or game.on_last_throw:
        todo = game.todo
        height = len(todo)
        if game.holders["after_throws"]:
            for x in reversed(game.clockwise(m)):  # pushed last first: asked in turn order
                for eff in x.hooks["after_throws"]:
                    eff.after_throws(game, x, m)
        for ex in game.on_last_throw:  # its own step first (the die of fate)
            ex.last_throw(game)
        if game.pending or len(todo) > height:
            todo.insert(height, resolve)
            return
    resolve(game)


def resolve(game: State) -> None:
    """The result resolves: numbers, cards that read the result, energy, hearts (then
    claws)."""
    m = game.active
    if not m.alive:  # eliminated before its result resolved (a curse's snake)
        end_turn(game)
        return
    dice = game.dice
    counts = dict.fromkeys(FACES, 0)
    for face in dice:  # one pass (other dice's faces are counted below, as what they give)
        if face in counts:
            counts[face] += 1
    gives = game.gives  # the expansions' dice's symbols (berserk: 2 claws...), if shown
    if gives and game.other_dice and not gives.keys().isdisjoint(dice):
        for face, (symbol, n) in gives.items():
            if face in dice:
                counts[symbol] += n * dice.count(face)
    game.rolled = counts
    hooks = m.hooks
    if hooks["result"]:
        counts = counts.copy()
        for eff in hooks["result"]:
            eff.result(game, m, counts)
    game.counts = counts
    vp = 0  # the numbers: three of a kind scores the number, each extra die of it 1 more
    for face, points in NUMBERS:
        same = counts[face]
        if same >= 3:
            vp += points + same - 3
    if vp:
        game.gain_vp(m, vp)
    for eff in hooks["resolved"]:
        eff.resolved(game, m, counts)
    if game.pending:  # a decision on the numbers (a wickedness tile): the rest waits
        game.todo.append(resolve_dice)
        return
    resolve_dice(game)


def resolve_dice(game: State) -> None:
    """The result's energy and hearts, then its claws."""
    m = game.active
    counts = game.counts
    if counts["energy"]:
        game.gain_energy(m, counts["energy"])
    hearts = counts["heart"]
    if hearts:
        if m.tokens or m.effects or game.hearts_inside:
            if use_hearts(game, m, hearts):
                game.todo.append(claws_step)  # after the "hearts" decision
                return
        elif m.location is None:
            game.heal(m, hearts)  # the common case of use_hearts, inline
    claws_step(game)


def use_hearts(game: State, m: Monster, hearts: int) -> bool:
    """Hearts heal outside Tokyo; a monster with tokens (outside) or Healing Ray says
    how its hearts are used: True if that "hearts" decision is asked."""
    heals = m.location is None  # hearts heal (and remove tokens) outside Tokyo...
    if game.hearts_inside:  # ...or, under a curse, in Tokyo only
        heals = not heals
    tokens = {}
    if heals and m.tokens:
        tokens = {t: m.tokens[t] for t in (POISON, SHRINK) if t in m.tokens}
    others = {}
    if m.hooks["heals_others"]:
        for x in game.clockwise(m):
            most = min(hearts, x.max_hp - x.hp, x.energy // HEAL_PRICE)
            if most > 0:
                others[x.name] = most
    if tokens or others:
        options = {"hearts": hearts, "tokens": tokens, "heal": others, "heal_self": heals}
        game.ask(m, "hearts", options, decide_hearts)
        return True
    if heals:
        game.heal(m, hearts)
    for eff in m.hooks["hearts_used"]:
        eff.hearts_used(game, m, hearts)
    return False


def claws_step(game: State) -> None:
    m = game.active
    claws = game.counts["claw"]
    game.claws = claws
    if claws:
        todo = game.todo
        height = len(todo)
        smash(game, m, claws)
        if game.pending or len(todo) > height:  # decisions first
            todo.insert(height, after_claws)
            return
    after_claws(game)


def after_claws(game: State) -> None:
    """The claws have resolved: hook `clawed` (berserk), then step 3."""
    m = game.active
    if m.hooks["clawed"] and m.alive:
        todo = game.todo
        height = len(todo)
        told = game.causes is not None
        for eff in m.hooks["clawed"]:
            if told:  # (False Blessing's loss, after the yields: not the last answer's)
                game.because_of(eff)
            eff.clawed(game, m, game.claws)
        if told:
            game.because(None)
        if game.pending or len(todo) > height:
            todo.insert(height, enter_step)
            return
    enter_step(game)


def smash(game: State, attacker: Monster, claws: int) -> None:
    """Each claw: 1 HP from every monster not in the attacker's place (Tokyo or not).
    Monsters in Tokyo that lost HP to it may then yield (if the attacker is outside)."""
    from_tokyo = attacker.location is not None
    hits = []  # a loop, not a comprehension: on this interpreter that is one call fewer
    for v in game.monsters:
        if v.alive and v is not attacker and (v.location is None) is from_tokyo:
            hits.append(Hit(v, claws, attacker, smash=True))
    for eff in attacker.hooks["smash"]:
        eff.smash(game, attacker, hits)
    if from_tokyo or game.no_yield:  # no yield to ask (a curse may forbid it)
        game.hurt(hits)
        return
    for hit in hits:
        v = hit.victim
        if hit.smash and v.location is not None and v.hooks["yields_unhurt"]:
            hit.jets = True
    height = len(game.todo)
    # the yields come once the losses are known, and after what the losses set off at
    # once (Reflective Hide's 1 HP: BGA applies it with the loss, before the question)
    if game.hurt(hits) or len(game.todo) > height:
        game.todo.insert(height, lambda game: ask_yields(game, hits))
    else:
        ask_yields(game, hits)


def ask_yields(game: State, hits: list[Hit]) -> None:
    for hit in hits:
        v = hit.victim
        if hit.smash and v.alive and v.location is not None:
            loss = hit.amount if hit.jets else hit.lost
            if loss > 0:
                options: dict[str, Any] = {"location": v.location, "lost": loss}
                if hit.jets:
                    options["jets"] = True  # yielding, it loses none of these HP
                game.ask(v, "yield", options, decide_yield, data=hit)


# ---- 3. enter Tokyo ------------------------------------------------------------------------


def enter_step(game: State) -> None:
    """Step 3: the active monster must enter an empty Tokyo City (or Bay)."""
    m = game.active
    if not m.alive:
        end_turn(game)  # eliminated in its own turn: nothing is left for it to play
        return
    if (
        m.location is None
        and (game.claws or not game.first_edition)
        and not game.no_entry
        and not m.hooks["stays_out"]  # (State.may_enter, inline: every turn passes here)
    ):
        place = None
        if game.city is None:
            place = CITY
        elif game.bay is None and game.alive_count >= BAY_MIN_ALIVE:  # the Bay is open
            place = BAY
        if place is not None:
            game.enter_tokyo(m, place)
            burrower = game.burrowed.get(place) if game.burrowed else None
            if burrower is not None:  # Burrowing: the monster taking its place loses 1 HP
                lost = 0  # per copy the yielder has now, in one loss (BGA's count)
                for eff in burrower.hooks["yielded"]:
                    if eff.burrows:
                        lost += 1
                if lost:
                    game.todo.append(after_enter)
                    game.hurt([Hit(m, lost, burrower)])
                    return
    if game.on_before_buy:
        after_enter(game)
    else:
        game.phase = BUY  # (after_enter, inline: every turn passes here)


def after_enter(game: State) -> None:
    """After step 3, before the buy step: the expansions' own step (the transformation
    flip), then the buy step, unless an expansion skips it (the beast form) or the active
    monster is out."""
    m = game.active
    if not m.alive:
        end_turn(game)
        return
    if game.on_before_buy:
        todo = game.todo
        height = len(todo)
        for x in game.on_before_buy:
            x.before_buy(game)
        if game.pending or len(todo) > height:
            todo.insert(height, to_buy)
            return
    to_buy(game)


def to_buy(game: State) -> None:
    """The buy step (`buy_step`), unless an expansion skips it (the beast form: the turn
    ends)."""
    m = game.active
    if m.alive and not all(x.buys(game, m) for x in game.on_before_buy):
        end_turn(game)
    else:
        buy_step(game)


# ---- 4. buy --------------------------------------------------------------------------------


def buy_step(game: State) -> None:
    """Go on to (or stay in) the buy step, unless the active monster is out. (Alone, it
    plays its turn to the end: the game ends only then, policy 14.)"""
    if not game.active.alive:
        end_turn(game)
    else:
        game.phase = BUY


def on_buy(game: State, who: Monster, inp: Input) -> None:
    if game.phase != BUY or who is not game.active:
        expect(game, who, "buy", game.phase == BUY)
    _buy_action(game, market.buy, who, inp)


def on_sweep(game: State, who: Monster, inp: Input) -> None:
    if game.phase != BUY or who is not game.active:
        expect(game, who, "sweep", game.phase == BUY)
    _buy_action(game, market.sweep, who, inp)


def _buy_action(
    game: State, action: Callable[[State, Monster, Input], None], who: Monster, inp: Input
) -> None:
    """A purchase or a sweep, then back to the buy step (unless its effects ended the
    active monster's turn, or wait for decisions first)."""
    todo = game.todo
    height = len(todo)
    action(game, who, inp)
    if game.pending or len(todo) > height:
        todo.insert(height, buy_step)
    else:
        buy_step(game)


# ---- 5. end --------------------------------------------------------------------------------


def on_end_turn(game: State, who: Monster, inp: Input) -> None:
    if game.phase != BUY or who is not game.active:
        expect(game, who, "end_turn", game.phase == BUY)
    end_turn(game)


def end_turn(game: State) -> None:
    """Step 5: end-of-turn effects, the game-end check, then the next turn."""
    m = game.active
    game.phase = END
    told = game.causes is not None
    if m.alive and (m.hooks["before_end"] or POISON in m.tokens):  # may ask decisions
        game.todo.append(next_turn)
        game.todo.append(end_effects)
        for eff in m.hooks["before_end"]:
            if told:
                game.because_of(eff)
            eff.before_end(game, m)
        if told:
            game.because(None)
        return
    if m.alive:
        for eff in m.hooks["end_turn"]:
            if told:
                game.because_of(eff)
            eff.end_turn(game, m)
        if told:
            game.because(None)
    next_turn(game)


def end_effects(game: State) -> None:
    m = game.active
    if not m.alive:
        return
    told = game.causes is not None
    for eff in m.hooks["end_turn"]:
        if told:
            game.because_of(eff)
        eff.end_turn(game, m)
    poison = m.tokens.get(POISON)
    if poison:
        if told:
            game.because(_("poison"))
        game.hurt([Hit(m, poison)])
    if told:
        game.because(None)


def won(game: State, m: Monster) -> bool:
    """Whether `m` wins at this end of a turn: alive at 20 VP, or won on the spot and
    still in the game (policy 1)."""
    if m in game.instant:
        return m.alive or m in game.roared
    return m.alive and m.vp >= WIN_VP


def next_turn(game: State) -> None:
    """The game-end check, then an extra turn or the next living monster's turn."""
    for x in game.monsters:
        if x.alive and x.vp >= WIN_VP:
            break
    else:
        x = None  # nobody alive at 20 VP (the common case)
    if x is not None or game.alive_count <= 1 or game.instant:
        winners = [x for x in game.monsters if won(game, x)]
        if winners or game.alive_count <= 1:
            game.winners = winners or game.alive
            game.phase = OVER
            game.pending.clear()
            game.queued.clear()
            game.todo.clear()
            return
    while game.next_turns:
        extra = game.next_turns.pop(0)
        if extra.monster.alive:
            game.extra = extra
            start_turn(game, extra.monster, extra.fewer, extra=True)
            return
    game.extra = None
    monsters = game.monsters
    seat = game.regular.seat
    while True:
        seat = (seat + 1) % len(monsters)
        if monsters[seat].alive:
            start_turn(game, monsters[seat])
            return
