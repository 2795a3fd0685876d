"""What the table sees of a KaTO game: the JSON state and the LED board.

The board (`table_display`), per seat in seating order:

- 4 characters: the player's running score (right-aligned, at most 9999); while a player
  must draw cards (a +2, a +4, stacked ones), their seat shows `P` and how many instead
  ("P  4", "P 10": P for pick up / piocher) until they draw or answer.
- One RGB LED, during a turn: bright on the seat whose turn it is, in the colour to play
  (red, yellow, green or blue; white before the colour is named), and dim in the same
  colour on the seat that plays next: the two lit seats show the direction of play. It
  blinks while that seat must do more than lay a card: draw what it owes, name the colour
  of a wild turned up, or give a challenge's verdict. Before the first card is turned up,
  the dealer's LED is white and blinks. At the end of a round the winner's LED is green
  and each loser who has yet to lay down their cards blinks white; when the game is over,
  the winners' LEDs are green and the others off.
- No extra LEDs.
"""

from __future__ import annotations

from typing import Any

from host.games import BoardDisplay, SeatDisplay
from host.games.kato.engine import KaTO
from host.games.kato.phases import COLOR, COUNT, OVER, TURN_UP, VERDICT

RGB = tuple[int, int, int]
WHITE: RGB = (255, 255, 255)
GREEN: RGB = (0, 255, 0)
OFF: RGB = (0, 0, 0)
COLOR_LEDS: dict[str, RGB] = {
    "red": (255, 0, 0),
    "yellow": (255, 160, 0),
    "green": GREEN,
    "blue": (0, 0, 255),
    "orange": (255, 80, 0),
    "purple": (160, 0, 255),
    "pink": (255, 64, 160),
}
DIM = 8  # a dim LED is the colour divided by this
MAX_SHOWN = 9999


def dim(colour: RGB) -> RGB:
    return (colour[0] // DIM, colour[1] // DIM, colour[2] // DIM)


def seat_text(score: int, owed: int = 0) -> str:
    """The 4 characters of a seat's display.

    >>> seat_text(42), seat_text(12345), seat_text(42, owed=6)
    ('  42', '9999', 'P  6')
    """
    if owed:
        return f"P{min(owed, 999):>3}"
    return f"{min(score, MAX_SHOWN):>4}"


def table_display(game: KaTO) -> BoardDisplay:
    n = len(game.players)
    leds: list[RGB] = [OFF] * n
    blink = [False] * n
    owing = game.turn if game.owed and game.phase not in (COUNT, OVER) else None
    if game.phase == OVER:
        for seat in game.winners:
            leds[seat] = GREEN
    elif game.phase == COUNT:
        assert game.winner is not None
        leds[game.winner] = GREEN
        for seat in range(n):
            if seat != game.winner and seat not in game.laid:
                leds[seat], blink[seat] = WHITE, True
    elif game.phase == TURN_UP:
        leds[game.dealer], blink[game.dealer] = WHITE, True
    else:
        colour = COLOR_LEDS.get(game.color or "", WHITE)
        leds[game.step(game.turn)] = dim(colour)
        leds[game.turn] = colour  # with 2 players after a reverse, the same seat plays on
        blink[game.turn] = game.phase in (COLOR, VERDICT) or owing is not None
    seats = [
        SeatDisplay(seat_text(score, game.owed if seat == owing else 0), leds[seat], blink[seat])
        for seat, score in enumerate(game.scores)
    ]
    return BoardDisplay(seats)


def call_state(game: KaTO, seat: int) -> str | None:
    """Where a player stands with the KaTO call: "may_call" (down to one card, the next
    player has not begun), "called", "forgot" (may be caught), or None."""
    if game.window == seat:
        return "may_call"
    if seat in game.forgot:
        return "forgot"
    if game.armed == seat or seat in game.called:
        return "called"
    return None


def state_json(game: KaTO) -> dict[str, Any]:
    names = game.players
    during = game.phase not in (COUNT, OVER)
    top = game.top
    target = game.setup.target
    return {
        "game": "kato",
        "round": game.round,
        "phase": game.phase,
        "target": {target.kind: target.amount},
        "players": [
            {
                "name": name,
                "score": game.scores[seat],
                "cards": game.hands[seat],
                "kato": call_state(game, seat),
            }
            for seat, name in enumerate(names)
        ],
        "turns": game.turns,
        "dealer": names[game.dealer],
        "turn": names[game.turn] if during else None,
        "direction": "clockwise" if game.direction == 1 else "counterclockwise",
        "next": names[game.step(game.turn)] if during and game.phase != TURN_UP else None,
        "top": None if top is None else top.json(),
        "color": game.color,
        "owed": game.owed,
        "challenge": None if game.bluff is None else names[game.bluff],
        "draw_pile": game.piles.draw,
        "discard": [card.json() for card in game.piles.discard],
        "round_winner": None if game.winner is None else names[game.winner],
        "laid": {names[s]: [c.json() for c in cards] for s, cards in sorted(game.laid.items())},
        "rounds": list(game.history),
        "values": dict(game.values),
        "waiting_for": [
            {"player": w.player, "kind": w.kind, "options": w.options} for w in game.waiting_for()
        ],
        "winners": [names[s] for s in game.winners],
        "game_over": game.game_over,
        "inputs": len(game.log),
    }
