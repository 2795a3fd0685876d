"""What a KaTO game waits for, with the legal options, and the words that say it.

`waiting(game)` lists every input the game takes now (one `Waiting` per player and kind):
the turn's play (the cards that may be laid on the top card), draw and challenge; the
dealer's card turned up; the colour named after a wild turned up; a challenge's verdict;
the losers' hands at the round's end; and, beside those, a KaTO call and the catches.
The refusals of the engine say the same in words (`awaited`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from host.games import IllegalInput, Waiting
from host.games.kato.cards import WILD4, Card
from host.games.kato.phases import COLOR, COUNT, DRAWN, OVER, PLAY, TURN_UP, VERDICT
from host.games.kato.text import VALUE_LABELS, _, color_name
from host.games.text import Text

if TYPE_CHECKING:
    from host.games.kato.engine import KaTO


def waiting(game: KaTO) -> list[Waiting]:
    phase, names = game.phase, game.players
    if phase == OVER:
        return []
    out: list[Waiting] = []
    player = names[game.turn]
    if phase == TURN_UP:
        out.append(Waiting(player, "turn_up", {"cards": cards_left(game)}))
    elif phase == COLOR:
        out.append(Waiting(player, "color", {"colors": list(game.colors)}))
    elif phase in (PLAY, DRAWN):
        play = play_options(game)
        if play["cards"]:  # else no card left anywhere may be laid
            out.append(Waiting(player, "play", play))
        if phase == DRAWN:
            out.append(Waiting(player, "pass", {}))
        else:
            out.append(Waiting(player, "draw", {"cards": game.owed or 1}))
            if game.bluff is not None:
                out.append(
                    Waiting(player, "challenge", {"against": names[game.bluff], "cards": game.owed})
                )
        if game.may_call_early(game.turn):
            out.append(Waiting(player, "kato", {"early": True}))
    elif phase == VERDICT:
        assert game.bluff is not None
        bluffer = names[game.bluff]
        out.append(
            Waiting(
                player,
                "verdict",
                {
                    "against": bluffer,
                    "guilty": {"player": bluffer, "draws": game.owed},
                    "not_guilty": {"player": player, "draws": game.owed + 2},
                },
            )
        )
    elif phase == COUNT:
        left = cards_left(game, copies=True)
        for seat in losers_to_count(game):
            out.append(Waiting(names[seat], "hand", {"count": game.hands[seat], "cards": left}))
    if game.window is not None:
        out.append(Waiting(names[game.window], "kato", {}))
    if game.forgot:
        forgot = [names[s] for s in sorted(game.forgot)]
        for name in names:
            targets = [t for t in forgot if t != name]
            if targets:
                out.append(Waiting(name, "catch", {"targets": targets}))
    return out


def cards_left(game: KaTO, copies: bool = False) -> list[dict[str, Any]]:
    """The kinds of card that may still be in a hand or in the draw pile (with `copies`:
    how many of each, as `"left"`)."""
    piles = game.piles
    out: list[dict[str, Any]] = []
    for card in game.deck:
        left = piles.left(card)
        if left > 0:
            out.append({**card.json(), "left": left} if copies else card.json())
    return out


def play_options(game: KaTO) -> dict[str, Any]:
    left = game.piles.left
    cards = [c for c in game.playable_kinds() if left(c) > 0]
    top = game.top
    options: dict[str, Any] = {
        "cards": [c.json() for c in cards],
        "color": game.color,
        "top": None if top is None else top.json(),
    }
    if game.owed:
        options["owed"] = game.owed
    if any(c.wild for c in cards):
        options["named"] = list(game.colors)
    if game.options.several and not game.owed:
        options["several"] = True
    return options


def losers_to_count(game: KaTO) -> list[int]:
    """The seats still to lay down their hands, in the order the camera reads them: in
    seating order from the winner's left (host.games.kato.seen). The page lists them so:
    in seating order from the first seat, its first hand was often not the camera's, and a
    player laying down first as the page asked had their cards counted as another's."""
    n, winner = len(game.hands), game.winner or 0
    seats = [s for s in range(n) if s != game.winner and s not in game.laid]
    return sorted(seats, key=lambda s: (s - winner) % n)


def refusal(kind: type[IllegalInput], text: Text, game: KaTO) -> IllegalInput:
    """An error saying what is wrong and what the game waits for instead."""
    error = kind(_("{why}; {waits}", why=text, waits=awaited(game)))
    error.says_awaited = True
    return error


def awaited(game: KaTO) -> Text:
    """What the game waits for, in words: 'Bob plays on red 7 or draws 1'."""
    names = game.players
    player = names[game.turn]
    if game.phase == OVER:
        return _("the game is over")
    if game.phase == TURN_UP:
        return _("{player} (the dealer) turns up the first card", player=player)
    if game.phase == COLOR:
        return _("{player} names the colour of the wild card turned up", player=player)
    if game.phase == VERDICT:
        assert game.bluff is not None
        return _(
            "{player} says whether {bluffer}'s wild draw four was a bluff",
            player=player,
            bluffer=names[game.bluff],
        )
    if game.phase == COUNT:
        return _(
            "{winner} won the round: {losers}, lay down your cards",
            winner=names[game.winner or 0],
            losers=[names[s] for s in losers_to_count(game)],
        )
    if game.phase == DRAWN:
        return _("{player} plays ({rule}) or passes", player=player, rule=play_rule(game))
    return _(
        "{player} plays ({rule}) or draws {n}",
        player=player,
        rule=play_rule(game),
        n=game.owed or 1,
    )


def play_rule(game: KaTO) -> Text:
    """Which cards may be laid now, in words."""
    if game.owed:
        if game.options.cone in ("cancel", "plus10"):
            return _("only a wild draw four or a cone on the {n} cards owed", n=game.owed)
        return _("only a wild draw four on the {n} cards owed", n=game.owed)
    top, color = game.top, color_name(str(game.color))
    if top is None or top.wild:
        return _("a {color} card or a wild card", color=color)
    value = _value(top)
    if value.startswith("8"):  # (English says "an eight": "a red card, an 8 or ...")
        return _("a {color} card, an {value} or a wild card", color=color, value=value)
    return _("a {color} card, a {value} or a wild card", color=color, value=value)


def why_no_call(game: KaTO, seat: int) -> Text:
    name = game.players[seat]
    held = game.hands[seat]
    if seat in game.forgot:
        return _(
            "too late: the next player has begun, so {player} may be caught (2 cards)", player=name
        )
    if seat in game.called or game.armed == seat:
        return _("{player} has called KaTO already", player=name)
    return _(
        "{player} holds {n, plural, one {# card} other {# cards}}: KaTO is called with one "
        "card left, or on one's turn while laying the second-to-last",
        player=name,
        n=held,
    )


def why_no_catch(game: KaTO, seat: int, caught: int) -> Text:
    name = game.players[caught]
    if caught == seat:
        return _("a player does not catch themselves")
    if game.window == caught:
        return _("{player} may still call KaTO until the next player begins", player=name)
    if caught in game.called:
        return _("{player} called KaTO in time", player=name)
    return _(
        "{player} holds {n, plural, one {# card} other {# cards}}: "
        "only a player left with one card is caught",
        player=name,
        n=game.hands[caught],
    )


def _value(card: Card) -> Text:
    if card.value == WILD4:
        return _("wild draw four")
    return _.name(VALUE_LABELS.get(card.value, card.value))
