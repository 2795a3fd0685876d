"""Kingdom Run on the page: what it offers for each thing the engine waits for.

Each function returns the fields of the answer (see host.games.page) that differ from the
generic one: a title, one-tap choices (complete inputs built from the engine's legal
choices), or a form that asks for the rest of an input (the dice faces, a die to fix).
The boots offer one runner at a time and a whole space in seat order; any other pick of
runners is typed as an input (the page always offers that) until the page's track lets
a player tap the runners themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from host.games import Input, Waiting
from host.games.kingdom_run.engine import KingdomRun
from host.games.kingdom_run.rules import FACES
from host.games.page import choice, generic_answers

FACE_LABELS = {
    "boots": "boots",
    "hook": "grappling hook",
    "drop": "drop",
    "purse": "purse",
    "flask": "flask",
    "equal": "equal",
}

Answer = dict[str, Any]


def _to(where: object) -> str:
    return "past the finish line" if where == "finish" else f"space {where}"


def _left(w: Waiting) -> str:
    times = w.options.get("times", 1)
    return f" ({times} left)" if times != 1 else ""


def _throw(g: KingdomRun, w: Waiting, base: Input) -> Answer:
    again = w.options.get("throw", 1) > 1
    form = {
        "type": "dice",
        "count": w.options.get("dice", 4),
        "faces": list(FACES),
        "current": list(w.options.get("keepable", [])),
    }
    title = f"{w.player}: throw again (any of the dice)" if again else f"{w.player}: throw the dice"
    return {"title": title, "choices": [], "form": form}


def _correct(g: KingdomRun, w: Waiting, base: Input) -> Answer:
    return {
        "title": "Fix a misread die",
        "choices": [],
        "form": {"type": "correct", "dice": list(w.options["dice"])},
    }


def _boots(g: KingdomRun, w: Waiting, base: Input) -> Answer:
    choices = []
    for entry in w.options["spaces"]:
        space, to = entry["space"], entry["to"]
        owners = [name for name, n in entry["runners"].items() for _ in range(n)]
        for name in entry["runners"]:
            label = f"Boots: {name}'s runner on space {space} to {_to(to[0])}"
            choices.append(choice(label, {**base, "space": space, "runners": [name]}))
        if len(owners) > 1:
            label = f"Boots: all {len(owners)} runners on space {space} ({', '.join(owners)})"
            choices.append(choice(label, {**base, "space": space, "runners": owners}))
    return {"title": f"{w.player}: scatter runners with the boots{_left(w)}", "choices": choices}


def _runner_move(verb: str) -> Callable[[KingdomRun, Waiting, Input], Answer]:
    def build(g: KingdomRun, w: Waiting, base: Input) -> Answer:
        choices = [
            choice(
                f"{verb}: {c['runner']}'s runner on space {c['space']} to {_to(c['to'])}",
                {**base, "space": c["space"], "runner": c["runner"]},
            )
            for c in w.options["runners"]
        ]
        return {"title": f"{w.player}: {verb.lower()}{_left(w)}", "choices": choices}

    return build


def _purse(g: KingdomRun, w: Waiting, base: Input) -> Answer:
    choices = [
        choice(f"Steal a token from {name}", {**base, "from": name}) for name in w.options["from"]
    ]
    return {"title": f"{w.player}: steal a victory token{_left(w)}", "choices": choices}


def _flask(g: KingdomRun, w: Waiting, base: Input) -> Answer:
    choices = []
    for wake, verb in ((True, "Wake"), (False, "Put to sleep")):
        for c in w.options["wake" if wake else "sleep"]:
            label = f"{verb} {c['runner']}'s runner on space {c['space']}"
            choices.append(
                choice(label, {**base, "space": c["space"], "runner": c["runner"], "wake": wake})
            )
    return {"title": f"{w.player}: wake a runner or put one to sleep{_left(w)}", "choices": choices}


def _end_turn(g: KingdomRun, w: Waiting, base: Input) -> Answer:
    return {"title": f"{w.player}: end the turn", "choices": [choice("End the turn", base)]}


_ANSWERS: Mapping[str, Callable[[KingdomRun, Waiting, Input], Answer]] = {
    "throw": _throw,
    "correct": _correct,
    "boots": _boots,
    "hook": _runner_move("Hook"),
    "drop": _runner_move("Drop"),
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
