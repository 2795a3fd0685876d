"""King of Tokyo on the page: what it offers for each thing the engine waits for.

Each function returns the fields of the answer (see host.games.page) that differ from the
generic one: a title, one-tap choices (complete inputs), or a form that asks for the rest
of an input (dice faces, a die to fix, fields to choose).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from host.games import Input, Waiting
from host.games.kind import CORRECT, RESOLVE, THROW
from host.games.kot.engine import KingOfTokyo
from host.games.kot.market import DECK
from host.games.kot.rules import BAY, FACES
from host.games.kot.text import _
from host.games.page import (
    choice,
    correct_form,
    dice_form,
    fields_form,
    generic_answers,
    number_field,
    pick_field,
)

# the faces as the page shows them (templates: each goes through `_` where it is shown)
FACE_LABELS = {"1": "1", "2": "2", "3": "3", "heart": "♥", "energy": "⚡", "claw": "claw"}

Answer = dict[str, Any]


def face_label(face: str) -> str:
    return _(FACE_LABELS.get(face, face))


def place_name(place: object) -> str:
    """Tokyo City or Tokyo Bay, for people."""
    return _("Tokyo Bay") if place == BAY else _("Tokyo City")


def _throw(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    dice = w.options.get("dice", {})
    card = w.options.get("card")
    if w.options.get("rolloff"):
        title = _("{player}: roll-off throw", player=w.player)
    elif card:
        title = _("{player}: throw for {card}", player=w.player, card=card)
    else:
        title = _("{player}: throw the dice", player=w.player)
    note = ""
    if "rerolls" in w.options:  # Psychic Probe: one die of the result thrown again
        note = _("{n} die thrown again: the dice as they lie now", n=w.options["rerolls"])
    elif "rethrow" in w.options:  # Background Dweller: the dice showing it thrown again
        note = _("the dice showing {face} thrown again", face=face_label(w.options["rethrow"]))
    count = sum(dice.values()) if dice else g.dice_in_play()
    current = sorted(w.options.get("keepable", []), key=FACES.index)
    return {"title": title, "choices": [], "form": dice_form(count, FACES, current, note)}


def _resolve(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    return {
        "title": _("{player}: use this result", player=w.player),
        "choices": [choice(_("Use this result"), base)],
    }


def _correct(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    form = correct_form(sorted(g.dice, key=FACES.index), FACES)
    return {"title": _("Fix a misread die"), "choices": [], "form": form}


def _yield(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    where = place_name(w.options.get("location"))
    return {
        "title": _("{player}: yield {place}?", player=w.player, place=where),
        "choices": [
            choice(_("Yield (leave {place})", place=where), {**base, "leave": True}),
            choice(_("Stay in {place}", place=where), {**base, "leave": False}),
        ],
    }


def _buy(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    choices = []
    for c in w.options.get("cards", []):
        where = c.get("from")
        if where == DECK:
            label = _("Buy {card} ({cost}⚡, the deck's top card)", card=c["card"], cost=c["cost"])
        elif where is not None:
            label = _(
                "Buy {card} ({cost}⚡, from {owner})", card=c["card"], cost=c["cost"], owner=where
            )
        else:
            label = _("Buy {card} ({cost}⚡)", card=c["card"], cost=c["cost"])
        inp = {**base, "card": c["card"], **({"from": where} if where is not None else {})}
        choices.append(choice(label, inp))
    card = w.options.get("card")  # a card that lets one buy now (Opportunist)
    if card:
        title = _("{player}: buy a card ({card})", player=w.player, card=card)
    else:
        title = _("{player}: buy a card", player=w.player)
    return {"title": title, "choices": choices}


def _sweep(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    cost = w.options.get("cost")
    return {
        "title": _("{player}: sweep the cards", player=w.player),
        "choices": [choice(_("Sweep ({cost}⚡)", cost=cost), base)],
    }


def _end_turn(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    return {
        "title": _("{player}: end the turn", player=w.player),
        "choices": [choice(_("End the turn"), base)],
    }


def _pass(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    declines = str(w.options.get("declines", "")).replace("_", " ")
    if declines:
        title = _("{player}: pass (no {what})", player=w.player, what=declines)
    else:
        title = _("{player}: pass", player=w.player)
    return {"title": title, "choices": [choice(_("Pass"), base)]}


def _reveal(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    """The card turned over on the table (the deck is shuffled by hand): picked from the
    cards the deck can still hold."""
    cards = w.options.get("cards", {})
    peek = bool(w.options.get("peek"))
    if peek:
        title = _("{player}: which card is on top of the deck?", player=w.player)
    else:
        title = _("{player}: which card was turned over?", player=w.player)
    field = pick_field(
        "card",
        _("The top card") if peek else _("The card turned over"),
        [
            (c, c if n == 1 else _("{card} ({n} left)", card=c, n=n))
            for c, n in sorted(cards.items())
        ],
    )
    form = fields_form(base, [field], _("Enter it"))
    return {"title": title, "choices": [], "form": form}


def _use(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    """A card's power: one tap, a target to choose, or a die to change."""
    card = str(w.options.get("card"))
    cost = w.options.get("cost")
    inp = {**base, "card": card}
    label = _("Use {card} ({cost}⚡)", card=card, cost=cost) if cost else _("Use {card}", card=card)
    title = _("{player}: use {card}?", player=w.player, card=card)
    if "targets" in w.options:
        choices = []
        for target in w.options["targets"]:
            owner, aim = target.get("owner"), target.get("target")
            if owner:
                text = _("{use}: {target} of {owner}", use=label, target=aim, owner=owner)
            else:
                text = _("{use}: {target}", use=label, target=aim)
            choices.append(choice(text, {**inp, **target}))
        return {"title": title, "choices": choices}
    if "from" in w.options:
        sources = list(w.options["from"])
        faces = [f for f in w.options["to"] if [f] != sources]  # a die turned to itself
        fields = [
            pick_field("from", _("the die showing"), [(f, face_label(f)) for f in sources]),
            pick_field("to", _("turned to"), [(f, face_label(f)) for f in faces]),
        ]
        return {"title": title, "choices": [], "form": fields_form(inp, fields, label)}
    return {"title": title, "choices": [choice(label, inp)]}


def _hearts(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    """Where the hearts go: tokens removed, other monsters healed (paid by them), the rest
    to the monster itself (outside Tokyo) or lost."""
    hearts = int(w.options.get("hearts", 0))
    heal_self = bool(w.options.get("heal_self"))
    fields = [
        number_field(f"remove.{t}", _("remove {token} tokens", token=t), min(n, hearts))
        for t, n in w.options.get("tokens", {}).items()
    ] + [
        number_field(f"heal.{name}", _("heal {player} (they pay 2⚡ per HP)", player=name), most)
        for name, most in w.options.get("heal", {}).items()
    ]
    if heal_self:
        title = _("{player}: {n} hearts to use (the rest heal {player})", player=w.player, n=hearts)
    else:
        title = _("{player}: {n} hearts to use (the rest are lost)", player=w.player, n=hearts)
    return {
        "title": title,
        "choices": [choice(_("Heal yourself with all") if heal_self else _("Use none"), base)],
        "form": fields_form(base, fields, _("Use them so")) if fields else None,
    }


def _healing(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    hp, cost, healer = w.options.get("hp"), w.options.get("cost"), w.options.get("from")
    return {
        "title": _(
            "{player}: be healed {hp} HP by {healer} for {cost}⚡?",
            player=w.player,
            hp=hp,
            healer=healer,
            cost=cost,
        ),
        "choices": [
            choice(_("Accept (pay {cost}⚡)", cost=cost), {**base, "accept": True}),
            choice(_("Refuse"), {**base, "accept": False}),
        ],
    }


_ANSWERS: dict[str, Callable[[KingOfTokyo, Waiting, Input], Answer]] = {
    THROW: _throw,
    RESOLVE: _resolve,
    CORRECT: _correct,
    "yield": _yield,
    "buy": _buy,
    "sweep": _sweep,
    "end_turn": _end_turn,
    "pass": _pass,
    "reveal": _reveal,
    "use": _use,
    "hearts": _hearts,
    "healing": _healing,
}


def answer(game: KingOfTokyo, waiting: Waiting) -> dict[str, Any]:
    """What the page offers for one thing the engine waits for."""
    out = generic_answers(waiting)
    build = _ANSWERS.get(waiting.kind)
    if build is not None:
        out.update(build(game, waiting, {"type": waiting.kind, "player": waiting.player}))
    return out
