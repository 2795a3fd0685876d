"""What the camera's cards mean to KaTO (the kind's `cards`, host.games.kind.Cards).

The camera looks at the discard pile. While a card is to be laid (the dealer's first card,
a turn's play), a card newly seen on top of the pile is that card laid; at the end of a
round, each loser in turn lays their cards face up under the camera, and a view of as
many cards as their hand holds, every one read, is their hand. A card that cannot make an
input is said in words for the page, never guessed:

- a wild card needs its colour named (said by its player, entered on the page), unless it
  is the player's last card, which names none (policy 12);
- the losers lay their hands in seating order from the winner's left: the camera reads
  the hand of the first of them still to lay down.

>>> from host.games.kato import KaTO, Setup
>>> game = KaTO(Setup(players=("Ann", "Bob")))
>>> expected = CARDS.expected(game)
>>> expected.what, expected.player
('discard', 'Bob')
>>> CARDS.card_input(game, expected, [{"color": "red", "value": "7"}])
{'type': 'turn_up', 'player': 'Bob', 'card': {'color': 'red', 'value': '7'}}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from host.games import CardExpectation, Game, Input
from host.games.kato.cards import Card
from host.games.kato.engine import KaTO
from host.games.kato.text import VALUE_LABELS, _
from host.games.kind import NoCardInput

CARD_SET = "cards"  # vision's shipped card set (a deck of this family drawn by our renderer)
LAID = ("turn_up", "play")  # the inputs that lay a card on the discard pile


class KatoCards:
    card_set = CARD_SET

    def names(self) -> Mapping[str, str]:
        from host.games.kato.cards import BLACK, COLORS, VALUES

        out = {c: _.name(c) for c in (*COLORS, BLACK)}
        return out | {v: _.name(VALUE_LABELS.get(v, v)) for v in VALUES}

    def _named(self) -> tuple[tuple[str, str], ...]:
        return tuple(self.names().items())

    def expected(self, game: Game) -> CardExpectation | None:
        g = _kato(game)
        waits = g.waiting_for()
        laid = next((w for w in waits if w.kind in LAID), None)
        if laid is not None:
            top = g.top
            on_top = None if top is None else (top.color, top.value)
            return CardExpectation(
                CARD_SET, "discard", laid.player, top=on_top, names=self._named()
            )
        hands = [w for w in waits if w.kind == "hand"]
        if not hands:
            return None
        n, winner = len(g.players), g.winner or 0
        hand = min(hands, key=lambda w: (g.seats[w.player] - winner) % n)  # from its left
        # (the pile's cards under its top are hidden: a hand's card alike one would be
        # taken for it)
        up = [*g.piles.discard[-1:], *(c for cards in g.laid.values() for c in cards)]
        lying = tuple((c.color, c.value) for c in up)
        count = int(hand.options["count"])
        return CardExpectation(
            CARD_SET, "hand", hand.player, count, lying=lying, names=self._named()
        )

    def card_input(
        self, game: Game, expected: CardExpectation, cards: Sequence[Mapping[str, str]]
    ) -> Input | NoCardInput:
        g = _kato(game)
        seen = [Card(c["color"], c["value"]) for c in cards]
        if expected.what == "hand":
            if len(seen) != expected.count:
                return NoCardInput(
                    _(
                        "{n, plural, one {# card} other {# cards}} seen, {player} holds {count}",
                        n=len(seen),
                        player=expected.player,
                        count=expected.count,
                    )
                )
            return {"type": "hand", "player": expected.player, "cards": [c.json() for c in seen]}
        if len(seen) != 1:
            return NoCardInput(
                _(
                    "{n, plural, one {# new card} other {# new cards}} on the "
                    "discard pile: enter the play on the page",
                    n=len(seen),
                )
            )
        (card,) = seen
        waits = {w.kind: w for w in g.waiting_for() if w.player == expected.player}
        if "turn_up" in waits:
            return {"type": "turn_up", "player": expected.player, "card": card.json()}
        if card.wild and g.hands[g.seats[expected.player]] > 1:  # a last card names none
            return NoCardInput(
                _(
                    "{player} laid {card}: name its colour on the page",
                    player=expected.player,
                    card=str(card),
                )
            )
        return {"type": "play", "player": expected.player, "card": card.json()}


def _kato(game: Game) -> KaTO:
    if not isinstance(game, KaTO):
        raise TypeError(f"not a KaTO game: {type(game).__name__}")
    return game


CARDS = KatoCards()
