"""The dice a teaching is about: those of the game on the table (their set, faces and
colours, as the teaching's flow takes them), and the dice sets the page's picker starts on,
likeliest first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from host.games import DiceExpectation, Game
from host.games.kind import Dice, GameKind, dice_sets
from host.games.registry import kinds

if TYPE_CHECKING:
    from host.app.store import Store
    from host.app.teaching import Learning


def dice_context(
    game: Game | None, dice: Dice | None, last: DiceExpectation | None
) -> dict[str, Any] | None:
    """The dice of the game on the table, for teaching them: their set, faces, colours
    (as the game expects them now, else as it expected them `last`)."""
    if game is None or dice is None:
        return None
    expected = dice.expected(game) or last
    if expected is None:
        return None
    colors = [c for c in expected.counts if c != "any" and c not in expected.face_sets]
    return {"face_set": expected.face_set, "faces": list(dice.faces), "colors": colors or None}


def sets_on_table(kind: GameKind, context: dict[str, Any] | None) -> list[str]:
    """The dice sets of a game of `kind`: the one its dice are read with now (`context`'s)
    first, then every other its kind names."""
    now = [context["face_set"]] if context is not None else []
    return list(dict.fromkeys([*now, *dice_sets(kind)]))


def likely_sets(on_table: list[str], store: Store, learning: Learning | None) -> list[str]:
    """The dice sets most likely on the table, likeliest first: the game on the table's
    (`on_table`); with none, those of the game played last that has dice (in `store`), else
    the set taught last (Teach your dice), else the catalog's first game's with dice."""
    if on_table:
        return on_table
    games = kinds()
    for row in store.games():  # (the newest first)
        played = list(dice_sets(games[row.kind])) if row.kind in games else []
        if played:
            return played
    taught = learning.store.taught_last() if learning is not None else None
    if taught is not None:
        return [taught]
    return next((list(dice_sets(k)) for k in games.values() if dice_sets(k)), [])
