"""What the table sees of a race: the JSON state and the LED board.

The board, per seat, in seating order (what a player most needs to see):

- 4 characters: the player's victory tokens (2 characters, right-aligned), the decimal
  point as separator, then their score so far (2 digits): " 3.06" is 3 tokens and 6
  points. The runners are on the board for all to see, and the finish places' values are
  printed on it; what nobody should have to work out is the score (places plus tokens),
  and the tokens are what the purse steals: every display shows whom a purse can rob, and
  a token handed over wrongly at the table shows at once. A score above 99 (finish places
  configured high) shows alone, as 4 digits.
- One RGB LED in the colour of the player's runners: bright on the seat whose turn it is,
  dim (1/8) on the others; white (bright or dim as well) once all of a player's runners
  are past the finish line; blinking while the game waits for that player to use the
  dice (throwing does not blink). When the race is over: the winners' LEDs blink in their
  colour, the others are off.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from host.games import BoardDisplay, SeatDisplay, Waiting
from host.games.kingdom_run.course import START_SPACES
from host.games.kingdom_run.race import Race
from host.games.kingdom_run.rules import THROWS
from host.games.kingdom_run.setup import COLOURS, Setup
from host.games.kingdom_run.turn import ACT, OVER, Turn

RGB = tuple[int, int, int]
FINISHED_COLOUR: RGB = (255, 255, 255)
OFF: RGB = (0, 0, 0)
DIM = 8  # a dim LED is the colour divided by this


def dim(colour: RGB) -> RGB:
    return (colour[0] // DIM, colour[1] // DIM, colour[2] // DIM)


def dial_text(tokens: int, score: int) -> str:
    """The 4 characters of a seat's display.

    >>> dial_text(3, 6), dial_text(12, 41), dial_text(2, 104)
    (' 3.06', '12.41', ' 104')
    """
    if score > 99:
        return f"{min(score, 9999):>4}"
    return f"{tokens:>2}.{score:02}"


def table_display(setup: Setup, race: Race, turn: Turn, winners: Sequence[str]) -> BoardDisplay:
    value = setup.options.token_value
    seats = []
    for i, seat in enumerate(setup.seats):
        text = dial_text(race.tokens[i], race.score(i, value))
        if turn.phase == OVER:
            won = seat.name in winners
            seats.append(SeatDisplay(text, COLOURS[seat.colour] if won else OFF, blink=won))
            continue
        led = COLOURS[seat.colour] if race.racing(i) else FINISHED_COLOUR
        mine = i == turn.seat
        seats.append(SeatDisplay(text, led if mine else dim(led), blink=mine and turn.phase == ACT))
    return BoardDisplay(seats)


def player_json(setup: Setup, race: Race, seat: int) -> dict[str, Any]:
    runners = race.runners[seat]
    on_course = race.on_course(seat)
    values = setup.course.places
    return {
        "name": race.names[seat],
        "colour": setup.seats[seat].colour,
        "runners": sorted(r.space for r in on_course),
        "asleep": sorted(r.space for r in on_course if r.asleep),
        "finished": len(runners) - len(on_course),
        "places": [values[i] for i, s in enumerate(race.places) if s == seat],
        "tokens": race.tokens[seat],
        "score": race.score(seat, setup.options.token_value),
        "racing": bool(on_course),
    }


def state_json(
    setup: Setup,
    race: Race,
    turn: Turn,
    waits: Sequence[Waiting],
    winners: Sequence[str],
    inputs: int,
) -> dict[str, Any]:
    course = setup.course
    return {
        "game": "kingdom-run",
        "turn": turn.number,
        "phase": turn.phase,
        "active_player": race.names[turn.seat],
        "course": {
            "name": course.name,
            "parts": list(course.parts),
            "spaces": course.length,
            "start": list(range(START_SPACES)),
            "lakes": list(course.lake_spaces),
            "finish_places": list(course.places),
        },
        "players": [player_json(setup, race, i) for i in range(len(race.names))],
        "finish": [
            {"player": race.names[s], "points": course.places[i]} for i, s in enumerate(race.places)
        ],
        "dice": list(turn.dice),
        "dice_left": list(turn.left),
        "throws": turn.throws,
        "throws_allowed": THROWS,
        "actions": dict(turn.done),
        "token_value": setup.options.token_value,
        "waiting_for": [{"player": w.player, "kind": w.kind, "options": w.options} for w in waits],
        "winners": list(winners),
        "game_over": turn.phase == OVER,
        "inputs": inputs,
    }
