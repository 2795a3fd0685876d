"""The kinds of input King of Tokyo takes, one entry each: the one table the engine reads.

Every input has a `type` (its kind) and the `player` who gives it. A kind is either a step
of the active player's turn (throw, resolve, buy, end_turn...: `step` applies it when no
decision is pending), or only ever the answer to a decision the game asked
(`State.ask(player, kind, options, handler)`: the handler applies it, and `step` just
refuses it when nobody asked). Either way a pending decision of that kind takes it first.

>>> sorted(KINDS["yield"].fields)
['leave', 'player', 'type']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from host.games import Input
from host.games.kot import turn
from host.games.kot.state import Monster, State
from host.games.kot.waiting import refuse

# applies an input of the kind when no decision is pending (after checking it)
InputStep = Callable[[State, Monster, Input], None]


@dataclass(frozen=True, slots=True)
class Kind:
    name: str
    fields: frozenset[str]  # every field its inputs may have, "type" and "player" included
    step: InputStep = refuse


KINDS: dict[str, Kind] = {}


def kind(name: str, fields: Iterable[str] = (), step: InputStep = refuse) -> Kind:
    """Add the kind `name` to the table: its inputs' `fields` besides type and player,
    and its `step` (default: it only answers decisions the game asks)."""
    entry = Kind(name, frozenset({"type", "player", *fields}), step)
    KINDS[name] = entry
    return entry


kind("throw", ("thrown", "kept"), turn.on_throw)
kind("correct", ("from", "to"), turn.on_correct)
kind("resolve", (), turn.on_resolve)
kind("yield", ("leave",))
kind("buy", ("card", "from"), turn.on_buy)
kind("sweep", (), turn.on_sweep)
kind("end_turn", (), turn.on_end_turn)
kind("use", ("card", "from", "to", "target", "owner"), turn.on_use)
kind("pass")
kind("hearts", ("remove", "heal"))
kind("healing", ("accept",))
kind("reveal", ("card",))
