"""The camera's cards beside the cards entered on the page: the same cards (a confirmation,
no play), other cards read where an entry was the game's last input (the page asks which is
right), and the one-tap fix offered for a reading the rules took."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from host.games import Input
from host.games.kind import NoCardInput

DIFFERS = ("entered", "fixed", "next")  # a reading unlike the cards entered: what it asks


def same_cards(inp: Input, cards: list[dict[str, str]]) -> bool:
    """An input lays exactly these cards (a card laid, a hand laid down)."""
    laid = inp["cards"] if "cards" in inp else [inp["card"]]
    key = lambda c: (str(c.get("color")), str(c.get("value")))  # noqa: E731
    return sorted(map(key, laid)) == sorted(map(key, cards))


def fixes_entry(last: Input | None, entered: Input, cards: list[dict[str, str]]) -> bool:
    """The camera's first cards since `entered` was entered on the page for the play
    before, that entry still the game's `last` input, as many cards as it laid (a hand of 4
    read after 1 card is no fix of it): the entry's own cards, tapped wrong while the camera
    was reading them, or the next play (the entry's cards never seen)? Nothing tells them
    apart (both lie on the pile, the next one may come at once): the page asks."""
    laid = len(entered["cards"]) if "cards" in entered else 1
    return last is not None and dict(last) == entered and len(cards) == laid


def differs(
    seen: dict[str, Any], entered: Input, cards: list[dict[str, str]], made: Input | NoCardInput
) -> dict[str, Any]:
    """What the camera `seen` where it read `cards` unlike those `entered`, for the page to
    ask: the entry, the entry with the cards read ("fixed") and, if the rules make one of
    them, the next play ("next")."""
    read = [dict(c) for c in cards]
    fixed = {**entered, **({"cards": read} if "cards" in entered else {"card": read[0]})}
    out = {**seen, "status": "differs", "entered": entered, "fixed": fixed}
    if not isinstance(made, NoCardInput):
        out["next"] = dict(made)
    return out


def fix_offer(answer: Mapping[str, Any], read: Input) -> dict[str, Any]:
    """What the page offered for the input the camera made, without that input: its
    choices (another card to lay instead), or its form filled with the cards read (a hand:
    one of them tapped out, the right one tapped in)."""
    offer = {k: v for k, v in answer.items() if k != "choices"}
    offer["choices"] = [c for c in answer.get("choices", []) if c.get("input") != dict(read)]
    form = answer.get("form")
    if isinstance(form, Mapping) and read.get("cards"):
        offer["form"] = {**form, "current": list(read["cards"])}
    return offer
