"""What the table sees of a King of Tokyo game: the JSON state and the LED board.

The board (see `board_display`), per seat, in seating order:

- 4 characters: HP (2 characters, right-aligned), the decimal point as separator, then VP
  (2 digits): "10.05" is 10 HP and 5 VP, " 3.17" is 3 HP and 17 VP. An eliminated monster
  shows "----".
- One RGB LED:
  - its place: orange in Tokyo City, blue in Tokyo Bay, white outside Tokyo;
  - bright on the seat whose turn it is (or who throws in the roll-off), dim (1/8) on the
    others;
  - blinking while the game waits for that seat to decide something: another player's
    decision (a yield, Wings, Opportunist...), or the active player's buy step. Throwing
    the dice does not blink, nor a card one may use at any time (Rapid Healing);
  - dim red for an eliminated monster;
  - when the game is over: green for the winners, off for everyone else.
- The two extra LEDs: Tokyo City (orange when occupied, dim orange when empty) and Tokyo
  Bay (blue when occupied, dim blue when open and empty, off when not in use).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from host.games import BoardDisplay, SeatDisplay
from host.games.kot import market
from host.games.kot.rules import ROLL, ROLLOFF
from host.games.kot.state import Monster

if TYPE_CHECKING:
    from host.games.kot.engine import KingOfTokyo

RGB = tuple[int, int, int]
CITY_COLOUR: RGB = (255, 96, 0)
BAY_COLOUR: RGB = (0, 64, 255)
OUTSIDE_COLOUR: RGB = (255, 255, 255)
OUT_COLOUR: RGB = (32, 0, 0)
WINNER_COLOUR: RGB = (0, 255, 0)
OFF: RGB = (0, 0, 0)
PLACE_COLOURS: dict[str | None, RGB] = {
    "city": CITY_COLOUR,
    "bay": BAY_COLOUR,
    None: OUTSIDE_COLOUR,
}
DIM = 8  # a dim LED is the colour divided by this


def dim(colour: RGB) -> RGB:
    return (colour[0] // DIM, colour[1] // DIM, colour[2] // DIM)


def dial_text(m: Monster) -> str:
    """The 4 characters of a seat's display.

    >>> m = Monster("Ann", "The King", 0); m.vp = 5
    >>> dial_text(m)
    '10.05'
    >>> m.alive = False; dial_text(m)
    '----'
    """
    if not m.alive:
        return "----"
    return f"{m.hp:>2}.{m.vp:02}"


def board_display(game: KingOfTokyo) -> BoardDisplay:
    deciding = {w.player for w in game.waiting_for() if not w.options.get("any_time")}
    if game.phase == ROLLOFF:
        turn = game.rolloff[0]
        deciding = set()  # only a throw is due
    else:
        turn = game.active
        if game.phase == ROLL and not game.pending:
            deciding.discard(turn.name)  # throwing dice is not a decision to flag
    winners = {m.name for m in game.winners}
    seats = []
    for m in game.monsters:
        if game.game_over:
            led = WINNER_COLOUR if m.name in winners else OFF
        elif not m.alive:
            led = OUT_COLOUR
        else:
            led = PLACE_COLOURS[m.location]
            if m is not turn:
                led = dim(led)
        seats.append(SeatDisplay(dial_text(m), led, blink=m.name in deciding))
    city = CITY_COLOUR if game.city is not None else dim(CITY_COLOUR)
    if game.bay is not None:
        bay = BAY_COLOUR
    else:
        bay = dim(BAY_COLOUR) if len(game.monsters) >= 5 and game.bay_open() else OFF
    return BoardDisplay(seats, (city, bay))  # the extra LEDs: Tokyo City, Tokyo Bay


def monster_json(m: Monster) -> dict[str, Any]:
    return {
        "name": m.name,
        "monster": m.monster,
        "hp": m.hp,
        "max_hp": m.max_hp,
        "vp": m.vp,
        "energy": m.energy,
        "alive": m.alive,
        "location": m.location,
        "cards": list(m.cards),
        "tokens": dict(m.tokens),
        "mimic": None if m.mimic is None else {"card": m.mimic[0], "owner": m.mimic[1]},
    }


def state_json(game: KingOfTokyo) -> dict[str, Any]:
    """The whole public state (the deck's order stays hidden: only its size; with a table
    deck the cards it holds are public, in the reveal options)."""
    peeked = market.peeked(game, game.active)
    state: dict[str, Any] = {
        "game": "king-of-tokyo",
        "turn": game.turn_number,
        "phase": game.phase,
        "active_player": None if game.phase == ROLLOFF else game.active.name,
        "players": [monster_json(m) for m in game.monsters],
        "tokyo": {
            "city": game.city.name if game.city else None,
            "bay": game.bay.name if game.bay else None,
        },
        "dice": sorted(game.dice, key=game.face_rank),
        "throws": game.throws,
        "throws_allowed": game.throws_allowed,
        "dice_in_play": {"black": game.black, "green": game.green, **game.other_dice},
        "face_up": [c for c in game.face_up if c is not None],
        "deck_size": len(game.deck) + (game.known_top is not None),
        "discard": list(game.discard),
        "table_deck": game.table_deck,
        "playing": game.playing,
        "peek": None if peeked is None else {"player": game.active.name, "card": peeked},
        "wings": [m.name for m in game.shielded],
        "extra_turns": [t.monster.name for t in game.next_turns],
        "waiting_for": [
            {"player": w.player, "kind": w.kind, "options": w.options} for w in game.waiting_for()
        ],
        "winners": [m.name for m in game.winners],
        "game_over": game.game_over,
        "inputs": len(game.log),
    }
    for x in game.expansions:
        x.state_json(game, state)
        for m, p in zip(game.monsters, state["players"], strict=True):
            x.monster_json(game, m, p)
    if game.phase == ROLLOFF:
        state["rolloff"] = {
            "claws": dict(game.rolloff_claws),
            "to_throw": [m.name for m in game.rolloff],
        }
    return state
