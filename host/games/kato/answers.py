"""KaTO on the page: what it offers for each thing the engine waits for.

Each answer (host.games.page) names what is awaited in words and offers one-tap choices
built from the engine's legal options: the cards that may be laid (a wild once per colour
it may name), the colours, the draw, the challenge and both verdicts, the call, the
catches. A card read by the camera is confirmed or fixed with these too. A hand laid down
at the end of a round is several cards at once: a form of a field per card (the page: a
slot per card and one list).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from host.games import Input, Waiting
from host.games.kato.cards import Card
from host.games.kato.engine import CATCH_PENALTY, KaTO
from host.games.kato.text import _, card_name, color_name
from host.games.kato.waits import cards_left
from host.games.page import choice, fields_form, generic_answers, pick_field

Answer = dict[str, Any]


def _card(data: dict[str, str]) -> Card:
    return Card(data["color"], data["value"])


def _turn_up(g: KaTO, w: Waiting, base: Input) -> Answer:
    return {
        # "player: what to do", as every title: the page and the table say what the game
        # waits for with them ("the game waits for Cat (the dealer): turn up ...")
        "title": _("{player} (the dealer): turn up the first card", player=w.player),
        "choices": [choice(card_name(c), {**base, "card": c}) for c in w.options["cards"]],
    }


def _color(g: KaTO, w: Waiting, base: Input) -> Answer:
    return {
        "title": _("{player}: name the colour of the wild card turned up", player=w.player),
        "choices": [choice(color_name(c), {**base, "color": c}) for c in w.options["colors"]],
    }


def _play(g: KaTO, w: Waiting, base: Input) -> Answer:
    choices = []
    for c in map(_card, w.options["cards"]):
        name = card_name(c.json())
        if not c.wild or g.hands[g.seats[w.player]] == 1:  # a last card names no colour
            choices.append(choice(name, {**base, "card": c.json()}))
            continue
        for colour in w.options["named"]:
            label = _("{card}, {color}", card=name, color=color_name(colour))
            choices.append(choice(label, {**base, "card": c.json(), "named": colour}))
    top, owed = w.options["top"], w.options.get("owed")
    if top is None:
        title = _("{player}: lay a card", player=w.player)
    else:
        title = _("{player}: lay a card on {card}", player=w.player, card=card_name(top))
    if owed:
        title = _(
            "{said} ({n, plural, one {# card owed} other {# cards owed}})", said=title, n=owed
        )
    out: Answer = {"title": title, "choices": choices}
    if w.options.get("several") and g.hands[g.seats[w.player]] > 1:
        out["form"] = _several(g, w, base)
    return out


def _several(g: KaTO, w: Waiting, base: Input) -> dict[str, Any]:
    """The house rule of several numbers of one value at once: a list per card, in the
    order laid (the last gives the colour), blanks left out. The camera says "2 new cards
    on the discard pile: enter the play on the page", and the page offered one card at a
    time only: such a play could not be entered at all."""
    held = g.hands[g.seats[w.player]]
    numbers = [c for c in cards_left(g) if c["value"].isdigit()]
    kinds = [(c, card_name(c)) for c in numbers]
    most = min(held, 8)  # (a value has 8 cards at most: 2 in each of 4 colours)
    fields = [pick_field(f"cards.{i}", _("card {n}", n=i + 1), kinds) for i in range(most)]
    form = fields_form({**base, "cards": []}, fields, _("Lay these cards"))
    form["least"] = 2  # (the page: the slots filled are sent, once two are)
    form["note"] = _(
        "Several numbers of one value at once: pick them in the order laid (the last gives "
        "the colour)"
    )
    return form


def _draw(g: KaTO, w: Waiting, base: Input) -> Answer:
    cards = w.options["cards"]
    # one card drawn is said by the plural text's "one" form ("Draw 1 card"): its own
    # "Draw a card" said the same in more keys
    label = _("Draw {n, plural, one {# card} other {# cards}}", n=cards)
    # (the title a sentence's words, as the other titles': "Ann: Draw a card" stood capital)
    title = _("{player}: draw {n, plural, one {# card} other {# cards}}", player=w.player, n=cards)
    return {"title": title, "choices": [choice(label, base)]}


def _challenge(g: KaTO, w: Waiting, base: Input) -> Answer:
    against = w.options["against"]
    return {
        "title": _("{player}: challenge {other}'s wild +4?", player=w.player, other=against),
        "choices": [choice(_("Challenge {other}'s wild +4", other=against), base)],
    }


def _verdict(g: KaTO, w: Waiting, base: Input) -> Answer:
    guilty, honest = w.options["guilty"], w.options["not_guilty"]
    against = w.options["against"]
    return {
        "title": _(
            "{player}: did {other}'s hand hold the colour in force?",
            player=w.player,
            other=against,
        ),
        "choices": [
            choice(
                _(
                    "Yes, a bluff: {player} draws {n, plural, one {# card} other {# cards}}",
                    player=guilty["player"],
                    n=guilty["draws"],
                ),
                {**base, "guilty": True},
            ),
            choice(
                _(
                    "No: {player} draws {n, plural, one {# card} other {# cards}}",
                    player=honest["player"],
                    n=honest["draws"],
                ),
                {**base, "guilty": False},
            ),
        ],
    }


def _kato(g: KaTO, w: Waiting, base: Input) -> Answer:
    return {
        "title": _("{player}: call KaTO", player=w.player),
        "choices": [choice(_.name("KaTO!"), base)],
    }


def _catch(g: KaTO, w: Waiting, base: Input) -> Answer:
    return {
        "title": _("{player}: catch a player who did not call KaTO", player=w.player),
        "choices": [
            choice(
                _(
                    "Catch {other} ({n, plural, one {# card} other {# cards}})",
                    other=t,
                    n=CATCH_PENALTY,
                ),
                {**base, "target": t},
            )
            for t in w.options["targets"]
        ],
    }


def _hand(g: KaTO, w: Waiting, base: Input) -> Answer:
    """The cards of the hand, a field per card (the camera reads them: this enters,
    or fixes what it could not read)."""
    count = w.options["count"]
    if count == 1:
        title = _("{player}: lay down the card left", player=w.player)
    else:
        # (two cards or more: one card has its sentence above, so the count needs no forms)
        title = _("{player}: lay down the {n} cards left", player=w.player, n=count)
    kinds = [(_card(c).json(), card_name(c)) for c in w.options["cards"]]
    fields = [pick_field(f"cards.{i}", _("card {n}", n=i + 1), kinds) for i in range(count)]
    form = fields_form({**base, "cards": []}, fields, _("Lay down these cards"))
    if count > 1:  # (the page: a slot per card and one list; the last card sends the hand)
        form["note"] = _(
            "Tap each card in the list; tap one above to take it back. The last card sends "
            "the hand."
        )
    return {"title": title, "choices": [], "form": form}


def _pass(g: KaTO, w: Waiting, base: Input) -> Answer:
    return {
        "title": _("{player}: play the card drawn, or pass", player=w.player),
        "choices": [choice(_("Pass"), base)],
    }


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
