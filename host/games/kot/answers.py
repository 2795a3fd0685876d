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
from host.games.kot.engine import FACES, KingOfTokyo
from host.games.kot.market import DECK
from host.games.page import choice, fields_form, generic_answers, number_field, pick_field

FACE_LABELS = {"1": "1", "2": "2", "3": "3", "heart": "♥", "energy": "⚡", "claw": "claw"}

Answer = dict[str, Any]


def _throw(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    dice = w.options.get("dice", {})
    card = w.options.get("card")
    if w.options.get("rolloff"):
        title = f"{w.player}: roll-off throw"
    elif card:
        title = f"{w.player}: throw for {card}"
    else:
        title = f"{w.player}: throw the dice"
    form = {
        "type": "dice",
        "count": sum(dice.values()) if dice else g.dice_in_play(),
        "faces": list(FACES),
        "current": sorted(w.options.get("keepable", []), key=FACES.index),
    }
    if "rerolls" in w.options:  # Psychic Probe: one die of the result thrown again
        form["note"] = f"{w.options['rerolls']} die thrown again: the dice as they lie now"
    elif "rethrow" in w.options:  # Background Dweller: the dice showing it thrown again
        form["note"] = f"the dice showing {FACE_LABELS[w.options['rethrow']]} thrown again"
    return {"title": title, "choices": [], "form": form}


def _resolve(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    return {"title": f"{w.player}: use this result", "choices": [choice("Use this result", base)]}


def _correct(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    form = {"type": "correct", "dice": sorted(g.dice, key=FACES.index)}
    return {"title": "Fix a misread die", "choices": [], "form": form}


def _yield(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    where = "Tokyo " + str(w.options.get("location", "")).title()
    return {
        "title": f"{w.player}: yield {where}?",
        "choices": [
            choice(f"Yield (leave {where})", {**base, "leave": True}),
            choice(f"Stay in {where}", {**base, "leave": False}),
        ],
    }


def _buy(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    choices = []
    for c in w.options.get("cards", []):
        where = c.get("from")
        label = f"Buy {c['card']} ({c['cost']}⚡"
        if where == DECK:
            label += ", the deck's top card"
        elif where is not None:
            label += f", from {where}"
        inp = {**base, "card": c["card"], **({"from": where} if where is not None else {})}
        choices.append(choice(label + ")", inp))
    card = w.options.get("card")  # a card that lets one buy now (Opportunist)
    return {"title": f"{w.player}: buy a card" + (f" ({card})" if card else ""), "choices": choices}


def _sweep(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    cost = w.options.get("cost")
    return {"title": f"{w.player}: sweep the cards", "choices": [choice(f"Sweep ({cost}⚡)", base)]}


def _end_turn(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    return {"title": f"{w.player}: end the turn", "choices": [choice("End the turn", base)]}


def _pass(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    declines = str(w.options.get("declines", "")).replace("_", " ")
    title = f"{w.player}: pass" + (f" (no {declines})" if declines else "")
    return {"title": title, "choices": [choice("Pass", base)]}


def _reveal(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    """The card turned over on the table (the deck is shuffled by hand): picked from the
    cards the deck can still hold."""
    cards = w.options.get("cards", {})
    peek = bool(w.options.get("peek"))
    title = "which card is on top of the deck?" if peek else "which card was turned over?"
    field = pick_field(
        "card",
        "The top card" if peek else "The card turned over",
        [(c, c if n == 1 else f"{c} ({n} left)") for c, n in sorted(cards.items())],
    )
    form = fields_form(base, [field], "Enter it")
    return {"title": f"{w.player}: {title}", "choices": [], "form": form}


def _use(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    """A card's power: one tap, a target to choose, or a die to change."""
    card = str(w.options.get("card"))
    cost = w.options.get("cost")
    inp = {**base, "card": card}
    label = f"Use {card}" + (f" ({cost}⚡)" if cost else "")
    title = f"{w.player}: use {card}?"
    if "targets" in w.options:
        choices = []
        for target in w.options["targets"]:
            owner = target.get("owner")
            text = f"{label}: {target.get('target')}" + (f" of {owner}" if owner else "")
            choices.append(choice(text, {**inp, **target}))
        return {"title": title, "choices": choices}
    if "from" in w.options:
        sources = list(w.options["from"])
        faces = [f for f in w.options["to"] if [f] != sources]  # a die turned to itself
        fields = [
            pick_field("from", "the die showing", [(f, FACE_LABELS[f]) for f in sources]),
            pick_field("to", "turned to", [(f, FACE_LABELS[f]) for f in faces]),
        ]
        return {"title": title, "choices": [], "form": fields_form(inp, fields, label)}
    return {"title": title, "choices": [choice(label, inp)]}


def _hearts(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    """Where the hearts go: tokens removed, other monsters healed (paid by them), the rest
    to the monster itself (outside Tokyo) or lost."""
    hearts = int(w.options.get("hearts", 0))
    rest = "the rest heal " + w.player if w.options.get("heal_self") else "the rest are lost"
    fields = [
        number_field(f"remove.{t}", f"remove {t} tokens", min(n, hearts))
        for t, n in w.options.get("tokens", {}).items()
    ] + [
        number_field(f"heal.{name}", f"heal {name} (they pay 2⚡ per HP)", most)
        for name, most in w.options.get("heal", {}).items()
    ]
    everything = "Heal yourself with all" if w.options.get("heal_self") else "Use none"
    return {
        "title": f"{w.player}: {hearts} hearts to use ({rest})",
        "choices": [choice(everything, base)],
        "form": fields_form(base, fields, "Use them so") if fields else None,
    }


def _healing(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    hp, cost, healer = w.options.get("hp"), w.options.get("cost"), w.options.get("from")
    return {
        "title": f"{w.player}: be healed {hp} HP by {healer} for {cost}⚡?",
        "choices": [
            choice(f"Accept (pay {cost}⚡)", {**base, "accept": True}),
            choice("Refuse", {**base, "accept": False}),
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
