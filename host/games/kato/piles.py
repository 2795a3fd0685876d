"""The deck during a round, as far as the table can know it without seeing the hands.

The draw pile is face down: only how many cards it holds is known. The discard pile is
face up: every card on it was read as it was played. At the end of a round the losers'
hands are laid down face up too. So the cards `seen` (the discard pile and the hands laid
down) are known exactly, and a card read that the deck cannot hold any more (a third red
7 while both are face up) is refused. When the draw pile runs out, the discard pile but
its top card is turned over and shuffled into it: those cards are unknown again.

>>> from host.games.kato.cards import Card, composition
>>> piles = Piles(composition())
>>> piles.deal(14); piles.turn_up(Card("red", "7")); piles.lay([Card("red", "7")])
>>> piles.draw, len(piles.discard), piles.left(Card("red", "7"))
(93, 2, 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from host.games.kato.cards import Card, Deck
from host.games.kato.errors import NoSuchCardLeft
from host.games.kato.text import _, card_name
from host.games.text import Text


class Piles:
    """The draw pile (a count), the discard pile (cards, top last) and the cards seen."""

    __slots__ = ("deck", "discard", "draw", "seen", "size")

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.size = sum(deck.values())
        self.draw = self.size  # cards in the draw pile (face down)
        self.discard: list[Card] = []  # face up; the top card is the last
        self.seen: Counter[Card] = Counter()  # face up: the discard pile and hands laid down

    def left(self, card: Card) -> int:
        """Copies of `card` that may still be in a hand or in the draw pile."""
        return self.deck.get(card, 0) - self.seen.get(card, 0)

    def check_left(self, cards: Sequence[Card], where: str = "") -> None:
        """NoSuchCardLeft unless the hands and the draw pile can hold all of `cards`."""
        for card, n in Counter(cards).items():
            if n > self.left(card):
                raise NoSuchCardLeft(self._none_left(card, n))

    def _none_left(self, card: Card, n: int) -> Text:
        copies, up, name = self.deck[card], self.seen[card], card_name(card.json())
        cards = _("{n} × {card}", n=n, card=name) if n > 1 else name
        if up:
            shown = _("{n, plural, one {# is face up already} other {# are face up already}}", n=up)
            if n > 1:
                return _(
                    "{cards}: the deck has {copies} and {shown}: is one another card? (fix the "
                    "reading)",
                    cards=cards,
                    copies=copies,
                    shown=shown,
                )
            return _(
                "{cards}: the deck has {copies} and {shown}: is it another card? (fix the reading)",
                cards=cards,
                copies=copies,
                shown=shown,
            )
        if n > 1:
            return _(
                "{cards}: the deck has {copies}: is one another card? (fix the reading)",
                cards=cards,
                copies=copies,
            )
        return _(
            "{cards}: the deck has {copies}: is it another card? (fix the reading)",
            cards=cards,
            copies=copies,
        )

    def deal(self, cards: int) -> None:
        self.draw -= cards

    def turn_up(self, card: Card) -> None:
        """The top card of the draw pile turned up to start the discard pile."""
        self.draw -= 1
        self.lay([card])

    def put_back(self) -> None:
        """The card just turned up goes back into the draw pile (shuffled in)."""
        self.seen[self.discard.pop()] -= 1
        self.draw += 1

    def lay(self, cards: Sequence[Card]) -> None:
        """Cards from a hand onto the discard pile."""
        self.discard += cards
        self.seen.update(cards)

    def lay_down(self, cards: Sequence[Card]) -> None:
        """A hand laid face up at the end of the round."""
        self.seen.update(cards)

    def take(self, cards: int) -> int:
        """Draw `cards` from the draw pile, turning the discard pile (but its top card) over
        into it when it runs out; returns how many could be drawn (fewer only when every
        other card is in a hand)."""
        if cards > self.draw and len(self.discard) > 1:
            self.seen.subtract(self.discard[:-1])
            self.draw += len(self.discard) - 1
            del self.discard[:-1]
        taken = min(cards, self.draw)
        self.draw -= taken
        return taken
