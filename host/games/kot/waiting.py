"""What a King of Tokyo game waits for: the inputs it takes now, the dice the camera should
see, and the refusals of an input that comes at the wrong moment (they say what the game
waits for instead).

`waiting_for(game)` lists one `Waiting` per input the game takes now (docs/game-script.md,
"What the game waits for"): the decisions asked (`State.pending`), else the active
player's step (roll, buy), plus the cards one may use.
"""

from __future__ import annotations

from typing import Any

from host.games import DiceExpectation, IllegalInput, Input, Waiting
from host.games.kot import market
from host.games.kot.errors import NotNow, NotYourTurn, RuleViolation
from host.games.kot.rules import BLACK_DICE, BUY, FACES, OVER, ROLL, ROLLOFF, SWEEP_COST
from host.games.kot.setup import DICE_BOXES
from host.games.kot.state import Monster, State
from host.games.kot.text import _
from host.games.text import OneOf, Text


def face_set(game: State) -> str:
    """The camera's face set for the game's dice: the box's (Options.dice)."""
    return DICE_BOXES[game.setup.options.dice]


def waiting_for(game: State) -> list[Waiting]:
    if game.phase == OVER:
        return []
    waits: list[Waiting] = []
    if game.pending:
        for p in game.pending:
            waits.append(Waiting(p.player.name, p.kind, p.options))
            if p.optional:
                waits.append(Waiting(p.player.name, "pass", {"declines": p.kind}))
    elif game.phase == ROLLOFF:
        dice = {"black": BLACK_DICE, "green": 0}
        return [Waiting(game.rolloff[0].name, "throw", {"dice": dice, "rolloff": True})]
    elif game.phase == ROLL:
        _roll_waits(game, waits)
    elif game.phase == BUY:
        _buy_waits(game, waits)
    for m in game.holders["offer"]:
        for options in uses(game, m):
            waits.append(Waiting(m.name, "use", options))
    for x in game.standing:  # the expansions' actions at any time (cultists...)
        waits += x.offers(game)
    return waits


def _roll_waits(game: State, waits: list[Waiting]) -> None:
    name = game.active.name
    options: dict[str, Any] = {
        "dice": {"black": game.black, "green": game.green, **game.other_dice},
        "throw": game.throws + 1,
        "throws_allowed": game.throws_allowed,
        "keepable": list(game.dice),
    }
    if game.other_dice:  # the expansions' own dice (the berserk die): their faces
        options["die_faces"] = {d: list(game.die_faces[d]) for d in game.other_dice}
    if game.throws < game.throws_allowed:
        waits.append(Waiting(name, "throw", options))
    else:
        face = game.rethrow_face()
        if face is not None:  # Background Dweller: only those dice are thrown again
            waits.append(Waiting(name, "throw", {**options, "rethrow": face}))
    if game.throws:
        waits.append(Waiting(name, "resolve", {"dice": list(game.dice)}))
        faces = sorted(game.faces, key=game.face_rank) if game.die_faces else list(FACES)
        waits.append(Waiting(name, "correct", {"dice": list(game.dice), "faces": faces}))


def _buy_waits(game: State, waits: list[Waiting]) -> None:
    name = game.active.name
    offer = market.offer(game, game.active)
    if offer:
        waits.append(Waiting(name, "buy", {"cards": offer}))
    if market.can_sweep(game, game.active):
        waits.append(Waiting(name, "sweep", {"cost": SWEEP_COST}))
    waits.append(Waiting(name, "end_turn", {}))


def uses(game: State, m: Monster) -> list[dict[str, Any]]:
    """The options of the "use" inputs `m` may give now (no decision pending): its
    cards' in its own roll and buy steps, and the ones usable at any time (Rapid
    Healing) whenever."""
    if game.pending or game.phase == OVER or not m.alive:
        return []
    own_step = m is game.active and game.phase in (ROLL, BUY)
    found = []
    names: list[str] = []
    for eff in m.hooks["offer"]:
        if eff.name in names:
            continue  # a card's second copy: its first offers for both (one "use" a card)
        names.append(eff.name)
        if own_step or eff.any_time:
            options = eff.offer(game, m)
            if options is not None:
                found.append(options)
    return found


def expected_dice(game: State) -> DiceExpectation | None:
    """The dice the next throw uses, or None if no throw is due (`Game.expected_dice`)."""
    if game.pending:  # a decision made by throwing dice (e.g. a defensive throw)
        for p in game.pending:
            if p.kind == "throw" and "keepable" in p.options:
                # some of the result's dice thrown again (a curse's forced rethrow, Psychic
                # Probe): the camera sees them all lying, the others kept
                return _turn_dice(game, p.player.name)
            if p.kind == "throw":
                return DiceExpectation(face_set(game), p.options["dice"], p.player.name)
        return None
    if game.phase == ROLLOFF:
        dice = {"black": BLACK_DICE, "green": 0}
        return DiceExpectation(face_set(game), dice, game.rolloff[0].name)
    if game.phase == ROLL and (
        game.throws < game.throws_allowed or game.rethrow_face() is not None
    ):
        return _turn_dice(game, game.active.name)
    return None


def _turn_dice(game: State, player: str) -> DiceExpectation:
    """The turn's dice, each expansion's own die read with the face set of its name (the
    berserk die's, the die of fate's)."""
    dice = {"black": game.black, "green": game.green, **game.other_dice}
    own = {die: die for die in game.other_dice}
    return DiceExpectation(face_set(game), dice, player, own)


def describe(waits: list[Waiting]) -> Text:
    """What the game waits for, in words, for error messages.

    >>> describe([Waiting("Bob", "throw"), Waiting("Bob", "end_turn"), Waiting("Ann", "use")])
    'the game waits for Bob to throw or end turn and Ann to use'
    >>> str(describe([Waiting("Bob", k) for k in ("buy", "sweep", "end_turn")]))
    'the game waits for Bob to buy, sweep or end turn'
    """
    waits = [w for w in waits if not w.options.get("any_time")]
    if not waits:
        return _("the game is over")
    by_player: dict[str, list[str]] = {}
    for w in waits:
        kinds = by_player.setdefault(w.player, [])
        if w.kind not in kinds:
            kinds.append(w.kind)
    parts = [
        # (a choice, joined as the language joins one: "throw, resolve or correct", not
        # "throw or resolve or correct")
        _("{player} to {actions}", player=p, actions=OneOf(verb(k) for k in kinds))
        for p, kinds in by_player.items()
    ]
    return _("the game waits for {waits}", waits=parts)


def verb(kind: str) -> Text:
    """What a player does with an input of `kind`, in words ("end turn"): its kind's own
    (`DecisionKind.verb`), else the kind's name."""
    from host.games.kot.decision_kinds import KINDS  # they import this module: late

    found = KINDS.get(kind)
    said = None if found is None else found.verb
    return said if said is not None else _("{kind}", kind=kind.replace("_", " "))


def not_now(game: State, who: Monster, kind: str, card: str | None = None) -> IllegalInput:
    """The error for an input of `kind` the game does not take now (`card`: the card it
    uses)."""
    if kind == "yield" and who.location is None:
        return RuleViolation(_("{player} cannot yield: {player} is not in Tokyo", player=who.name))
    if kind == "yield":
        return NotNow(
            _("{player} cannot yield now: only after losing HP to a Smash", player=who.name)
        )
    waits = describe(waiting_for(game))
    if kind == "pass":
        error = NotNow(_("{player} has no decision to pass: {waits}", player=who.name, waits=waits))
    elif card is not None:
        error = NotNow(
            _(
                "{player} cannot use {card} now: {waits}",
                player=who.name,
                card=_.name(card),
                waits=waits,
            )
        )
    else:
        error = NotNow(
            _(
                "{player} cannot {action} now: {waits}",
                player=who.name,
                action=verb(kind),
                waits=waits,
            )
        )
    error.says_awaited = True
    return error


def expect(game: State, who: Monster, kind: str, phase_ok: bool) -> None:
    """Check that the active player's step takes an input of this kind now."""
    if not phase_ok:
        raise not_now(game, who, kind)
    if who is not game.active:
        raise NotYourTurn(
            _(
                "{player} cannot {action}: it is {active}'s turn",
                player=who.name,
                action=verb(kind),
                active=game.active.name,
            )
        )


def refuse(game: State, who: Monster, inp: Input) -> None:
    """The step of an input that only answers a decision, when none is asked of it."""
    raise not_now(game, who, inp["type"])
