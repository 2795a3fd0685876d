"""KaTO on the page: what it offers for each thing the engine waits for.

Each answer (host.games.page) names what is awaited in words and offers one-tap choices
built from the engine's legal options: the cards that may be laid (a wild once per colour
it may name), the colours, the draw, the challenge and both verdicts, the call, the
catches. A card read by the camera is confirmed or fixed with these too. A hand laid down
at the end of a round is several cards at once: until the page has a form for cards
(issue 20's page), it is typed as an input, which the page always offers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from host.games import Input, Waiting
from host.games.kato.cards import Card
from host.games.kato.engine import CATCH_PENALTY, KaTO
from host.games.page import choice, generic_answers

Answer = dict[str, Any]


def _card(data: dict[str, str]) -> Card:
    return Card(data["color"], data["value"])


def _turn_up(g: KaTO, w: Waiting, base: Input) -> Answer:
    cards = [_card(c) for c in w.options["cards"]]
    return {
        "title": f"{w.player} (the dealer) turns up the first card",
        "choices": [choice(str(c), {**base, "card": c.json()}) for c in cards],
    }


def _color(g: KaTO, w: Waiting, base: Input) -> Answer:
    return {
        "title": f"{w.player}: name the colour of the wild card turned up",
        "choices": [choice(c, {**base, "color": c}) for c in w.options["colors"]],
    }


def _play(g: KaTO, w: Waiting, base: Input) -> Answer:
    choices = []
    for c in map(_card, w.options["cards"]):
        if not c.wild or g.hands[g.seats[w.player]] == 1:  # a last card names no colour
            choices.append(choice(str(c), {**base, "card": c.json()}))
            continue
        for colour in w.options["named"]:
            choices.append(choice(f"{c}, {colour}", {**base, "card": c.json(), "named": colour}))
    top = w.options["top"]
    on = "" if top is None else f" on {_card(top)}"
    owed = w.options.get("owed")
    title = f"{w.player}: lay a card{on}" + (f" ({owed} cards owed)" if owed else "")
    return {"title": title, "choices": choices}


def _draw(g: KaTO, w: Waiting, base: Input) -> Answer:
    cards = w.options["cards"]
    label = f"draw {cards}" if cards != 1 else "draw a card"
    return {"title": f"{w.player}: {label}", "choices": [choice(label.capitalize(), base)]}


def _challenge(g: KaTO, w: Waiting, base: Input) -> Answer:
    against = w.options["against"]
    label = f"Challenge {against}'s wild draw four"
    return {
        "title": f"{w.player}: {label[:1].lower()}{label[1:]}",
        "choices": [choice(label, base)],
    }


def _verdict(g: KaTO, w: Waiting, base: Input) -> Answer:
    guilty, honest = w.options["guilty"], w.options["not_guilty"]
    against = w.options["against"]
    return {
        "title": f"{w.player} has seen {against}'s hand: did it hold the colour in force?",
        "choices": [
            choice(
                f"Yes, a bluff: {guilty['player']} draws {guilty['draws']}",
                {**base, "guilty": True},
            ),
            choice(
                f"No: {honest['player']} draws {honest['draws']}",
                {**base, "guilty": False},
            ),
        ],
    }


def _kato(g: KaTO, w: Waiting, base: Input) -> Answer:
    return {"title": f"{w.player}: call KaTO", "choices": [choice("KaTO!", base)]}


def _catch(g: KaTO, w: Waiting, base: Input) -> Answer:
    return {
        "title": f"{w.player}: catch a player who did not call KaTO",
        "choices": [
            choice(f"Catch {t} ({CATCH_PENALTY} cards)", {**base, "target": t})
            for t in w.options["targets"]
        ],
    }


def _hand(g: KaTO, w: Waiting, base: Input) -> Answer:
    count = w.options["count"]
    return {
        "title": f"{w.player}: lay down the {count} card{'s' if count != 1 else ''} left",
        "choices": [],
    }


def _pass(g: KaTO, w: Waiting, base: Input) -> Answer:
    return {"title": f"{w.player}: play the card drawn, or pass", "choices": [choice("Pass", base)]}


_ANSWERS: dict[str, Callable[[KaTO, Waiting, Input], Answer]] = {
    "turn_up": _turn_up,
    "color": _color,
    "play": _play,
    "draw": _draw,
    "pass": _pass,
    "challenge": _challenge,
    "verdict": _verdict,
    "kato": _kato,
    "catch": _catch,
    "hand": _hand,
}


def answer(g: KaTO, w: Waiting) -> Answer:
    """What the page offers for `w`: the generic answer with KaTO's title and choices."""
    out = generic_answers(w)
    out.update(_ANSWERS[w.kind](g, w, {"type": w.kind, "player": w.player}))
    return out
