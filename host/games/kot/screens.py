"""King of Tokyo's main screens on the page (host.games.kind.Screens), for the page's
screen walk (host.app.screens): a turn from the cards set out to a monster asked to yield
(the throw, the result, the correction window, the purchases), a game over, and a turn
with every expansion on (wickedness, cultists, the tower, a berserk monster, a curse
asking another player which die is thrown again), and a beast of the transformation card
offered its die thrown once more, then its flip back."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from host.games.kind import Screens, Stage

# monsters' names no language translates (none is a word of English, French or Japanese
# that the page would say otherwise)
MONSTERS = ("The King", "Alienoid", "Meka Dragon", "Cyber Kitty")


def play(stage: Stage) -> Iterator[str]:
    first, second = stage.players[:2]
    stage.new_game(_setup(stage, options={"table_deck": True}))
    yield "kot-set-out"
    for card in ("Healing Ray", "Energize", "Jets"):
        stage.answer("reveal", card=card)
    yield "kot-throw"
    stage.throw(["energy", "energy", "energy", "energy", "claw", "claw"])
    yield "kot-result"
    stage.answer("resolve")
    yield "kot-window"
    stage.answer("resolve")  # the result held for the correction window: used now
    yield "kot-buy"
    stage.answer("end_turn")
    stage.throw(["claw", "claw", "claw", "1", "2", "heart"])  # the second hits the first in Tokyo
    stage.answer("resolve")
    stage.answer("resolve")  # the result held for the correction window: used now
    yield "kot-yield"

    position = {
        "active_player": first,
        "turn": 9,
        "monsters": {first: {"vp": 19}},
        "face_up": ["Frenzy", "Wings", "Tank"],
    }
    stage.new_game(_setup(stage, position=position))
    stage.throw(["3", "3", "3", "heart", "energy", "1"])
    stage.answer("resolve")
    stage.answer("resolve")
    stage.answer_all("end_turn")
    yield "kot-over"

    options = {"cultists": True, "wickedness": "front", "tokyo_tower": True, "berserk": True}
    position = {
        "active_player": first,
        "monsters": {
            first: {"berserk": True, "wickedness": 4, "cultists": 1},
            second: {"location": "city"},
        },
        "tower": {"1": second},
        "curse": "Confused Senses",
        "scarab": second,
    }
    stage.new_game(_setup(stage, options=options | {"curses": True}, position=position))
    stage.throw(["1", "1", "1", "2", "3", "heart", "berserk_claw", "fate_river"])
    stage.answer("resolve")
    stage.answer("resolve")  # used now; Confused Senses: the Scarab's holder picks a die
    yield "kot-expansions"

    position = {"active_player": first, "monsters": {first: {"form": "beast", "energy": 2}}}
    stage.new_game(_setup(stage, options={"transformation": True}, position=position))
    stage.throw(["1", "2", "3", "claw", "heart", "energy"])
    yield "kot-beast"  # a beast offered one die thrown once more, beside its result
    stage.answer("resolve")
    stage.answer("resolve")  # used now; in Tokyo, it may flip its card back for 1 energy
    yield "kot-transform"


def _setup(stage: Stage, **fields: Mapping[str, Any]) -> dict[str, Any]:
    """Four monsters from the first player; two at a position."""
    players = [{"name": n, "monster": m} for n, m in zip(stage.players, MONSTERS, strict=False)]
    if "position" in fields:
        return {"players": players[:2], **fields}
    return {"players": players, "first_player": stage.players[0], **fields}


SCREENS = Screens(
    names=(
        *("kot-set-out", "kot-throw", "kot-result", "kot-window", "kot-buy", "kot-yield"),
        *("kot-over", "kot-expansions", "kot-beast", "kot-transform"),
    ),
    play=play,
    proper_names=MONSTERS,
)
