"""The answers to decisions: an input that comes while the game waits for decisions must
answer one of them; its handler checks it, then applies it.

A decision is asked with `State.ask(player, kind, options, handler)`; the handlers of the
rules' own decisions are here (yield after a Smash, how the hearts are used, Healing
Ray's offer), the cards' with their cards (`host.games.kot.powers`), the market's reveals
in `host.games.kot.market`. A handler raises an `IllegalInput` before any change, calls
`game.decided(pending)`, then applies the answer.
"""

from __future__ import annotations

from host.games import Input
from host.games.kot.checks import card_named, check_counts, check_energy
from host.games.kot.errors import MalformedInput, RuleViolation
from host.games.kot.rules import HEAL_PRICE
from host.games.kot.state import Hit, Monster, Pending, State
from host.games.kot.text import _
from host.games.kot.waiting import not_now


def answer(game: State, kind: str, who: Monster, inp: Input) -> None:
    """An input while decisions are pending: it must answer one of them. (Cards usable
    "at any time" wait too: a decision's options stay true until it is answered.)"""
    for p in game.pending:
        if p.player is who and (p.kind == kind or (kind == "pass" and p.optional)):
            if kind == "use" and card_named(inp.get("card")) != p.options["card"]:
                continue
            p.handler(game, p, inp)
            return
    raise not_now(game, who, kind, card_named(inp.get("card")) if kind == "use" else None)


def decide_yield(game: State, pending: Pending, inp: Input) -> None:
    leave = inp.get("leave")
    if not isinstance(leave, bool):
        raise MalformedInput(_('a yield input says "leave": true (yield Tokyo) or false (stay)'))
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


def decide_hearts(game: State, pending: Pending, inp: Input) -> None:
    """How the active monster uses its hearts: remove tokens, heal others (Healing Ray);
    the rest heal itself (outside Tokyo)."""
    m = pending.player
    options = pending.options
    remove = check_counts(inp.get("remove", {}), "remove", options["tokens"])
    heal = check_counts(inp.get("heal", {}), "heal", options["heal"])
    used = sum(remove.values()) + sum(heal.values())
    if used > options["hearts"]:
        raise RuleViolation(
            _(
                "{player} has {hearts, plural, one {# heart} other {# hearts}}, not {used}",
                player=m.name,
                hearts=options["hearts"],
                used=used,
            )
        )
    game.decided(pending)
    for token, count in remove.items():
        game.set_token(m, token, m.tokens[token] - count)
    rest = options["hearts"] - used
    if rest and options["heal_self"]:
        game.heal(m, rest)
    for eff in m.hooks["hearts_used"]:
        eff.hearts_used(game, m, rest)
    for name, hp in heal.items():
        if hp:
            cost = hp * HEAL_PRICE
            offer = {"from": m.name, "hp": hp, "cost": cost}
            game.ask(game.by_name[name], "healing", offer, decide_healing, data=m)


def decide_healing(game: State, pending: Pending, inp: Input) -> None:
    """A monster offered healing by Healing Ray accepts (and pays) or refuses."""
    accept = inp.get("accept")
    if not isinstance(accept, bool):
        raise MalformedInput(_('a healing input says "accept": true (pay and heal) or false'))
    who, healer = pending.player, pending.data
    cost = pending.options["cost"]
    if accept:
        check_energy(who, cost)  # (spent meanwhile: Rapid Healing)
    game.decided(pending)
    if accept:
        who.energy -= cost
        game.gain_energy(healer, cost)
        game.heal(who, pending.options["hp"], own=False)
