"""Kingdom Run on the page: what it offers for each thing the engine waits for.

Each function returns the fields of the answer (see host.games.page) that differ from the
generic one: a title, one-tap choices (complete inputs built from the engine's legal
choices), or a form that asks for the rest of an input (the dice faces, a die to fix).
Every choice that moves or flips a runner says which runner (or, for the boots, which
space) it acts on in the course's track (`on_track`), so a player may tap the runner on
the drawn course instead of finding its button. The boots offer one runner at a time and
a whole space in seat order; any other pick of runners is typed as an input (the page
always offers that).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from host.games import Input, Waiting
from host.games.kingdom_run.engine import KingdomRun
from host.games.kingdom_run.rules import FACES
from host.games.kingdom_run.text import _
from host.games.page import choice, correct_form, dice_form, generic_answers, on_track

COURSE = "course"  # the course's track in the view (page.py): what the taps point at

# each face, with the action it does (the page shows dice by these)
FACE_LABELS = {
    "boots": _("boots: scatter"),
    "hook": _("grappling hook: chase"),
    "drop": _("drop: swim"),
    "purse": _("purse: steal a token"),
    "flask": _("flask: wake or sleep"),
    "equal": _("equal: copy a die"),
}

Answer = dict[str, Any]


def _to(where: object) -> str:
    """Where a move takes a runner, as a whole phrase: "to space 9", or "past the finish
    line" (never "to past the finish line", nor French "vers au-delà")."""
    return _("past the finish line") if where == "finish" else _("to space {n}", n=where)


def _left(w: Waiting, title: str) -> str:
    times = w.options.get("times", 1)
    return _("{title} ({n} left)", title=title, n=times) if times != 1 else title


def _throw(g: KingdomRun, w: Waiting, base: Input) -> Answer:
    again = w.options.get("throw", 1) > 1
    form = dice_form(w.options.get("dice", 4), FACES, w.options.get("keepable", []))
    title = (
        _("{player}: throw again (any of the dice)", player=w.player)
        if again
        else _("{player}: throw the dice", player=w.player)
    )
    return {"title": title, "choices": [], "form": form}


def _correct(g: KingdomRun, w: Waiting, base: Input) -> Answer:
    return {
        "title": _("{player}: fix a misread die", player=w.player),
        "choices": [],
        "form": correct_form(w.options["dice"], FACES),
    }


def _boots(g: KingdomRun, w: Waiting, base: Input) -> Answer:
    choices = []
    for entry in w.options["spaces"]:
        space, to = entry["space"], entry["to"]
        owners = [name for name, n in entry["runners"].items() for _n in range(n)]
        on = on_track(COURSE, space)
        for name in entry["runners"]:
            label = _(
                "Boots: {player}'s runner on space {space} {to}",
                player=name,
                space=space,
                to=_to(to[0]),
            )
            choices.append(choice(label, {**base, "space": space, "runners": [name]}, on))
        if len(owners) > 1:
            label = _(
                "Boots: all {n} runners on space {space} ({players})",
                n=len(owners),
                space=space,
                players=owners,  # a list, in the order they drop: "Ann、Bob"
            )
            choices.append(choice(label, {**base, "space": space, "runners": owners}, on))
    title = _("{player}: scatter runners with the boots", player=w.player)
    return {"title": _left(w, title), "choices": choices}


def _move_title(kind: str, player: str) -> str:
    if kind == "hook":
        return _("{player}: chase with the grappling hook", player=player)
    return _("{player}: swim with the drop", player=player)


def _move_label(kind: str, c: Mapping[str, Any]) -> str:
    fields = {"player": c["runner"], "space": c["space"], "to": _to(c["to"])}
    if kind == "hook":
        return _("Hook: {player}'s runner on space {space} {to}", **fields)
    return _("Drop: {player}'s runner on space {space} {to}", **fields)


def _runner_move(g: KingdomRun, w: Waiting, base: Input) -> Answer:
    choices = [
        choice(
            _move_label(w.kind, c),
            {**base, "space": c["space"], "runner": c["runner"]},
            on_track(COURSE, c["space"], c["runner"]),
        )
        for c in w.options["runners"]
    ]
    return {"title": _left(w, _move_title(w.kind, w.player)), "choices": choices}


def _purse(g: KingdomRun, w: Waiting, base: Input) -> Answer:
    choices = [
        choice(_("Steal a token from {player}", player=name), {**base, "from": name})
        for name in w.options["from"]
    ]
    title = _("{player}: steal a victory token", player=w.player)
    return {"title": _left(w, title), "choices": choices}


def _flask(g: KingdomRun, w: Waiting, base: Input) -> Answer:
    choices = []
    for wake in (True, False):
        for c in w.options["wake" if wake else "sleep"]:
            fields = {"player": c["runner"], "space": c["space"]}
            label = (
                _("Wake {player}'s runner on space {space}", **fields)
                if wake
                else _("Put {player}'s runner on space {space} to sleep", **fields)
            )
            inp = {**base, "space": c["space"], "runner": c["runner"], "wake": wake}
            choices.append(choice(label, inp, on_track(COURSE, c["space"], c["runner"])))
    title = _("{player}: wake a runner or put one to sleep", player=w.player)
    return {"title": _left(w, title), "choices": choices}


def _end_turn(g: KingdomRun, w: Waiting, base: Input) -> Answer:
    return {
        "title": _("{player}: end the turn", player=w.player),
        "choices": [choice(_("End the turn"), base)],
    }


_ANSWERS: Mapping[str, Callable[[KingdomRun, Waiting, Input], Answer]] = {
    "throw": _throw,
    "correct": _correct,
    "boots": _boots,
    "hook": _runner_move,
    "drop": _runner_move,
    "purse": _purse,
    "flask": _flask,
    "end_turn": _end_turn,
}


def answer(game: KingdomRun, waiting: Waiting) -> dict[str, Any]:
    """What the page offers for one thing the engine waits for."""
    out = generic_answers(waiting)
    out.update(
        _ANSWERS[waiting.kind](game, waiting, {"type": waiting.kind, "player": waiting.player})
    )
    return out
