"""KaTO's cards: what a card is, the deck's composition and the cards' point values.

A card is its colour and its value, as the camera (or a person) reads it: `{"color":
"red", "value": "7"}`. The wild kinds are black. Both the deck's composition and the
values are configuration: the seed names the kinds of card but neither how many of each
nor what each is worth, so the defaults are the usual ones of this family of games.

>>> deck = composition()
>>> sum(deck.values()), deck[Card("red", "7")], deck[Card("black", "wild4")]
(108, 2, 4)
>>> points([Card("red", "7"), Card("blue", "skip"), Card("black", "wild")], DEFAULT_VALUES)
77
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from host.games.kato.errors import MalformedInput, UnknownCard
from host.games.kato.text import _
from host.games.text import Quoted

COLORS = ("red", "yellow", "green", "blue")
BLACK = "black"  # the colour of the wild kinds, as a card is read
NUMBERS = tuple(str(n) for n in range(10))
SKIP, REVERSE, DRAW2 = "skip", "reverse", "draw2"
WILD, WILD4, CONE = "wild", "wild4", "cone"  # cone: the house rules' traffic-cone wild
ACTIONS = (SKIP, REVERSE, DRAW2)
WILDS = (WILD, WILD4, CONE)
VALUES = NUMBERS + ACTIONS + WILDS

# the usual deck of this family: per colour one 0, two of 1-9 and two of each action card;
# 4 wild and 4 wild draw four (108 cards); a cone when the house rule is played
EACH_COLOR: Mapping[str, int] = {"0": 1, **dict.fromkeys(NUMBERS[1:] + ACTIONS, 2)}
WILD_CARDS: Mapping[str, int] = {WILD: 4, WILD4: 4, CONE: 0}
CONES_WITH_THE_RULE = 1  # the seed speaks of "the" traffic-cone card

# points of a card left in a loser's hand: numbers at face value, actions 20, wilds 50
DEFAULT_VALUES: Mapping[str, int] = {
    **{n: int(n) for n in NUMBERS},
    **dict.fromkeys(ACTIONS, 20),
    **dict.fromkeys(WILDS, 50),
}


class Card(NamedTuple):
    """One kind of card: its colour ("black" for the wild kinds) and its value."""

    color: str
    value: str

    def __str__(self) -> str:
        return self.value if self.color == BLACK else f"{self.color} {self.value}"

    @property
    def wild(self) -> bool:
        return self.value in WILDS

    def json(self) -> dict[str, str]:
        return {"color": self.color, "value": self.value}


Deck = Mapping[Card, int]  # the composition: copies of each kind in the deck


def composition(
    colors: Iterable[str] = COLORS,
    each_color: Mapping[str, int] = EACH_COLOR,
    wild: Mapping[str, int] = WILD_CARDS,
) -> dict[Card, int]:
    """The deck: `each_color` copies of each coloured kind in every colour, `wild` copies
    of each wild kind (kinds with 0 copies are left out)."""
    deck = {Card(c, v): n for c in colors for v, n in each_color.items() if n}
    deck.update({Card(BLACK, v): n for v, n in wild.items() if n})
    return deck


def points(cards: Iterable[Card], values: Mapping[str, int]) -> int:
    """What a hand is worth to the round's winner."""
    return sum(values[card.value] for card in cards)


def card_of(data: Any, deck: Deck, where: str = "card") -> Card:
    """The card an input names, or MalformedInput/UnknownCard saying what is wrong.

    >>> card_of({"color": "purple", "value": "7"}, composition())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    host.games.kato.errors.UnknownCard: card: this deck has no purple 7 (colours: red, ...)
    """
    if not isinstance(data, Mapping) or set(data) != {"color", "value"}:
        raise MalformedInput(
            _(
                "{at}: a card is {shape}, not {value}",
                at=where,
                shape='{"color": ..., "value": ...}',
                value=Quoted(data),
            )
        )
    color, value = data["color"], data["value"]
    if not isinstance(color, str) or not isinstance(value, str):
        raise MalformedInput(
            _(
                "{at}: a card's colour and value are strings (e.g. {example}), not {value}",
                at=where,
                example='"red", "7"',
                value=Quoted(data),
            )
        )
    card = Card(color, value)
    if card not in deck:
        colors = list(dict.fromkeys(c.color for c in deck if c.color != BLACK))
        if value not in VALUES:
            raise UnknownCard(
                _(
                    "{at}: unknown value {name} (values: {values})",
                    at=where,
                    name=Quoted(value),
                    values=list(VALUES),
                )
            )
        raise UnknownCard(
            _(
                "{at}: this deck has no {card} (colours: {colours}; wild cards are black)",
                at=where,
                card=str(card),
                colours=list(colors),
            )
        )
    return card
