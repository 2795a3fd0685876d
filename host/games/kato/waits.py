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
    return [s for s in range(len(game.hands)) if s != game.winner and s not in game.laid]


def refusal(kind: type[IllegalInput], text: str, game: KaTO) -> IllegalInput:
    """An error saying what is wrong and what the game waits for instead."""
    error = kind(f"{text}: {awaited(game)}")
    error.says_awaited = True
    return error


def awaited(game: KaTO) -> str:
    """What the game waits for, in words: 'Bob plays on red 7 or draws 1'."""
    names = game.players
    player = names[game.turn]
    if game.phase == OVER:
        return "the game is over"
    if game.phase == TURN_UP:
        return f"{player} (the dealer) turns up the first card"
    if game.phase == COLOR:
        return f"{player} names the colour of the wild card turned up"
    if game.phase == VERDICT:
        assert game.bluff is not None
        return f"{player} says whether {names[game.bluff]}'s wild draw four was a bluff"
    if game.phase == COUNT:
        losers = ", ".join(names[s] for s in losers_to_count(game))
        return f"{names[game.winner or 0]} won the round: {losers} lay down their cards"
    if game.phase == DRAWN:
        return f"{player} plays ({play_rule(game)}) or passes"
    return f"{player} plays ({play_rule(game)}) or draws {game.owed or 1}"


def play_rule(game: KaTO) -> str:
    """Which cards may be laid now, in words."""
    if game.owed:
        extra = " or a cone" if game.options.cone in ("cancel", "plus10") else ""
        return f"only a wild draw four{extra} on the {game.owed} cards owed"
    top = game.top
    value = "" if top is None or top.wild else f", a {_value(top)}"
    return f"a {game.color} card{value} or a wild card"


def why_no_call(game: KaTO, seat: int) -> str:
    name = game.players[seat]
    held = game.hands[seat]
    if seat in game.forgot:
        return f"too late: the next player has begun, so {name} may be caught (2 cards)"
    if seat in game.called or game.armed == seat:
        return f"{name} has called KaTO already"
    return (
        f"{name} holds {held} cards: KaTO is called with one card left, or on one's turn "
        "while laying the second-to-last"
    )


def why_no_catch(game: KaTO, seat: int, caught: int) -> str:
    name = game.players[caught]
    if caught == seat:
        return "a player does not catch themselves"
    if game.window == caught:
        return f"{name} may still call KaTO until the next player begins"
    if caught in game.called:
        return f"{name} called KaTO in time"
    return f"{name} holds {game.hands[caught]} cards: only a player left with one card is caught"


def _value(card: Card) -> str:
    return {WILD4: "wild draw four"}.get(card.value, card.value)
