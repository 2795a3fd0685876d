"""The five actions the dice show: what each may do now, and doing it.

Each action has `options(race, seat)`: its legal choices for the player `seat` whose turn
it is (None when there is none), as `waiting_for()` lists them; and `do(race, inp, seat)`:
it checks the input completely, raising an `IllegalInput` subclass, and only then changes
the race. Any runner on the course may be chosen, whatever its colour (policy 1 of
docs/kingdom-run.md). Moves land as `Race.landing` says (full spaces, the finish line).

>>> from host.games.kingdom_run.setup import Setup
>>> race = Race(Setup.simple("Ann", "Bob"))
>>> ACTIONS["boots"].do(race, {"space": 0, "runners": ["Ann", "Bob"]}, 0)
>>> [r.space for r in race.runners[0]], [r.space for r in race.runners[1]]
([1, 1, 2, 3], [2, 1, 2, 3])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from host.games import Input, refusals
from host.games.kingdom_run.errors import MalformedInput, RuleViolation, UnknownPlayer
from host.games.kingdom_run.race import FINISHED, Race, Runner
from host.games.kingdom_run.rules import BOOTS, DROP, FLASK, HOOK, PURSE
from host.games.kingdom_run.text import _, face_name
from host.games.text import Quoted

Options = dict[str, Any]


@dataclass(frozen=True)
class Action:
    fields: frozenset[str]  # the input's fields besides "type" and "player"
    options: Callable[[Race, int], Options | None]
    do: Callable[[Race, Input, int], None]


def where(space: int) -> int | str:
    """A landing space for people and the JSON state: its number, or "finish"."""
    return "finish" if space == FINISHED else space


# ---- boots: scatter runners from one space -------------------------------------------------


def _boots_options(race: Race, seat: int) -> Options | None:
    spaces = []
    board = race.board
    i = 0
    while i < len(board):  # the board is by space: one group of runners per space
        space = board[i].space
        taken: dict[str, int] = {}
        while i < len(board) and board[i].space == space:
            r = board[i]
            if not r.asleep:
                name = race.names[r.owner]
                taken[name] = taken.get(name, 0) + 1
            i += 1
        if taken and not race.lakes[space]:
            path = [where(s) for s in race.scatter(space, sum(taken.values()))]
            spaces.append({"space": space, "runners": taken, "to": path})
    return {"spaces": spaces} if spaces else None


def _boots(race: Race, inp: Input, seat: int) -> None:
    space = _space(race, inp)
    owners = inp.get("runners")
    if not isinstance(owners, list) or not owners:
        raise MalformedInput(
            _(
                "runners: the players whose runners the boots take, in the order they are "
                "dropped (e.g. {example}), not {value}",
                example=f'["{race.names[seat]}"]',
                value=Quoted(owners),
            )
        )
    if race.lakes[space]:
        raise RuleViolation(
            _("space {space} is a lake: the runners in it move only with the drop", space=space)
        )
    seats = [_seat(race, name, "runners") for name in owners]
    for s, wanted in Counter(seats).items():
        here = [r for r in race.runners[s] if r.space == space]
        awake = sum(1 for r in here if not r.asleep)
        if awake < wanted:
            if awake:
                raise RuleViolation(
                    _(
                        "{player} has {n, plural, one {# awake runner} other {# awake runners}} "
                        "on space {space}; the boots can't take {wanted}",
                        player=race.names[s],
                        n=awake,
                        space=space,
                        wanted=wanted,
                    )
                )
            raise _missing(race, s, space, bool(here), BOOTS)
    chosen: list[Runner] = []
    for s in seats:
        chosen.append(
            next(
                r for r in race.runners[s] if r.space == space and not r.asleep and r not in chosen
            )
        )
    for r, to in zip(chosen, race.scatter(space, len(chosen)), strict=True):
        race.move(r, race.length if to == FINISHED else to)


# ---- grappling hook: on to the next runner ahead -------------------------------------------


def _hook_options(race: Race, seat: int) -> Options | None:
    choices = []
    ahead = race.next_runner()
    for r in race.distinct:
        if race.lakes[r.space] or r.asleep:
            continue
        target = race.hook_target(r.space, ahead[r.space])
        if target is not None:
            choices.append(_choice(race, r, race.landing(target)))
    return {"runners": choices} if choices else None


def _hook(race: Race, inp: Input, seat: int) -> None:
    r = _awake_runner(race, inp, HOOK)
    if race.lakes[r.space]:
        raise RuleViolation(
            _(
                "{player}'s runner on space {space} is in a lake: only the drop moves it",
                player=race.names[r.owner],
                space=r.space,
            )
        )
    target = race.hook_target(r.space)
    if target is None:
        raise RuleViolation(
            _(
                "no runner ahead of space {space} to hook on to (nor past the finish line)",
                space=r.space,
            )
        )
    race.move(r, target)


# ---- drop: into the next lake, or on through one ------------------------------------------


def _drop_options(race: Race, seat: int) -> Options | None:
    choices = []
    for r in race.distinct:
        target = None if r.asleep else race.drop_target(r.space)
        if target is not None:
            choices.append(_choice(race, r, race.landing(target)))
    return {"runners": choices} if choices else None


def _drop(race: Race, inp: Input, seat: int) -> None:
    r = _awake_runner(race, inp, DROP)
    target = race.drop_target(r.space)
    if target is None:
        raise RuleViolation(
            _("no lake ahead of space {space} for the drop to take it to", space=r.space)
        )
    race.move(r, target)


# ---- purse: steal a victory token ----------------------------------------------------------


def _robbable(race: Race, seat: int) -> list[int]:
    return [s for s in range(len(race.names)) if s != seat and race.racing(s) and race.tokens[s]]


def _purse_options(race: Race, seat: int) -> Options | None:
    victims = _robbable(race, seat)
    return {"from": [race.names[s] for s in victims]} if victims else None


def _purse(race: Race, inp: Input, seat: int) -> None:
    victim = _seat(race, inp.get("from"), "from")
    name = race.names[victim]
    if victim == seat:
        raise RuleViolation(_("the purse steals from another player, not from oneself"))
    if not race.racing(victim):
        raise RuleViolation(
            _(
                "{player} has finished the race: a player who finished can't be robbed",
                player=name,
            )
        )
    if not race.tokens[victim]:
        raise RuleViolation(_("{player} has no victory token left to steal", player=name))
    race.steal(seat, victim)


# ---- flask: wake a runner, or put one to sleep ---------------------------------------------


def _flask_options(race: Race, seat: int) -> Options | None:
    wake, sleep = [], []
    awake = [race.awake(s) for s in range(len(race.names))]
    for r in race.distinct:
        if r.asleep:
            wake.append({"space": r.space, "runner": race.names[r.owner]})
        elif awake[r.owner] > 1:
            sleep.append({"space": r.space, "runner": race.names[r.owner]})
    return {"wake": wake, "sleep": sleep} if wake or sleep else None


def _flask(race: Race, inp: Input, seat: int) -> None:
    space = _space(race, inp)
    owner = _seat(race, inp.get("runner"), "runner")
    wake = inp.get("wake")
    if not isinstance(wake, bool):
        raise MalformedInput(
            _(
                "wake: true (wake a sleeping runner) or false (put one to sleep), not {value}",
                value=Quoted(wake),
            )
        )
    name = race.names[owner]
    r = race.runner(owner, space, asleep=wake)
    if r is None:
        if wake:
            said = _(
                "{player} has no sleeping runner on space {space} to flip", player=name, space=space
            )
        else:
            said = _(
                "{player} has no awake runner on space {space} to flip", player=name, space=space
            )
        raise RuleViolation(said)
    if not wake and race.awake(owner) == 1:
        raise RuleViolation(
            _("that is {player}'s last awake runner: it may not be put to sleep", player=name)
        )
    race.flip(r)


ACTIONS: Mapping[str, Action] = {
    BOOTS: Action(frozenset({"space", "runners"}), _boots_options, _boots),
    HOOK: Action(frozenset({"space", "runner"}), _hook_options, _hook),
    DROP: Action(frozenset({"space", "runner"}), _drop_options, _drop),
    PURSE: Action(frozenset({"from"}), _purse_options, _purse),
    FLASK: Action(frozenset({"space", "runner", "wake"}), _flask_options, _flask),
}


# ---- the inputs' fields --------------------------------------------------------------------


def _space(race: Race, inp: Input) -> int:
    space = inp.get("space")
    if not isinstance(space, int) or isinstance(space, bool) or not 0 <= space < race.length:
        raise MalformedInput(
            _(
                "space: {value} is no space of the course (0 to {last})",
                value=Quoted(space),
                last=race.length - 1,
            )
        )
    return space


def _seat(race: Race, name: object, field: str) -> int:
    seat = race.seat_of.get(name) if isinstance(name, str) else None
    if seat is None:
        raise UnknownPlayer(refusals.unknown_player(name, race.names, field))
    return seat


def _awake_runner(race: Race, inp: Input, action: str) -> Runner:
    space = _space(race, inp)
    owner = _seat(race, inp.get("runner"), "runner")
    r = race.runner(owner, space, asleep=False)
    if r is None:
        raise _missing(race, owner, space, race.runner(owner, space, True) is not None, action)
    return r


def _missing(race: Race, owner: int, space: int, sleeping: bool, action: str) -> RuleViolation:
    name = race.names[owner]
    if sleeping:
        return RuleViolation(
            _(
                "{player}'s runner on space {space} is asleep: a sleeping runner can't move "
                "(wake it with a flask)",
                player=name,
                space=space,
            )
        )
    return RuleViolation(
        _(
            "{player} has no runner on space {space} for the {action} to move",
            player=name,
            space=space,
            action=face_name(action),
        )
    )


def _choice(race: Race, r: Runner, to: int) -> dict[str, Any]:
    return {"space": r.space, "runner": race.names[r.owner], "to": where(to)}
