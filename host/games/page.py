"""What the page shows of a game: plain JSON-ready data, in a small vocabulary the page
draws without knowing any game (docs/games.md describes it whole).

Answers: for each thing a game waits for, what the page offers to answer it:

    {"player", "kind", "options", "title", "choices": [{"label", "input"}...],
     "form": {...} or None}

A choice is a complete input (one tap); a form asks for more (dice faces, fields to
choose) before it becomes one. Kinds a game's adapter does not know get choices made
from their options (`generic_answers`), and the page always offers to type an input as
JSON, so everything a game waits for can be answered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from host.games import Input, Waiting

if TYPE_CHECKING:
    from host.games import Game
    from host.games.kind import GameKind


def answers_json(kind: GameKind, game: Game) -> list[dict[str, Any]]:
    """Everything the game waits for, each with what the page may offer to answer it."""
    return [kind.answers(game, w) for w in game.waiting_for()]


def awaiting(answers: Sequence[Mapping[str, Any]]) -> str:
    """What the game waits for, in words: each answer's title, naming its player.

    >>> awaiting([{"player": "Ann", "title": "Ann: 2 hearts to use"},
    ...           {"player": "Ann", "title": "Fix a misread die"}])
    'Ann: 2 hearts to use; Ann: fix a misread die'
    """
    parts = []
    for a in answers:
        title, player = str(a["title"]), str(a["player"])
        if not title.startswith(player):
            title = f"{player}: {title[:1].lower()}{title[1:]}"
        parts.append(title)
    return "; ".join(parts)


def generic_answers(waiting: Waiting) -> dict[str, Any]:
    """Choices made from a Waiting's options when nothing better is known: a list option
    `cards` of names (or of objects with a "card") gives one input per item with field
    `card`; an option that is not a list gives a plain button with no extra field.

    >>> w = Waiting("Ann", "reveal", {"cards": ["Heal", "Tank"]})
    >>> [c["input"]["card"] for c in generic_answers(w)["choices"]]
    ['Heal', 'Tank']
    """
    base = {"type": waiting.kind, "player": waiting.player}
    choices: list[dict[str, Any]] = []
    for key, value in waiting.options.items():
        if not isinstance(value, list):
            continue
        field = key[:-1] if key.endswith("s") else key
        for item in value:
            if isinstance(item, Mapping):
                picked = item.get(field)
                if picked is None:
                    continue
                extra = ", ".join(f"{k} {v}" for k, v in item.items() if k != field)
                label = f"{picked} ({extra})" if extra else str(picked)
            elif isinstance(item, str | int | float | bool):
                picked, label = item, str(item)
            else:
                continue
            choices.append({"label": label, "input": {**base, field: picked}})
    if not choices:
        choices.append({"label": waiting.kind.replace("_", " "), "input": base})
    return {
        "player": waiting.player,
        "kind": waiting.kind,
        "options": dict(waiting.options),
        "title": waiting.kind.replace("_", " ").capitalize(),
        "choices": choices,
        "form": None,
    }


# ---- building answers ---------------------------------------------------------------------


def choice(label: str, inp: Input) -> dict[str, Any]:
    """A one-tap answer: a button that sends `inp`."""
    return {"label": label, "input": dict(inp)}


def pick_field(name: str, label: str, options: list[tuple[str, str]]) -> dict[str, Any]:
    """A form field chosen from a list: (value, label) pairs."""
    return {"name": name, "label": label, "choices": [{"value": v, "label": t} for v, t in options]}


def number_field(name: str, label: str, most: int) -> dict[str, Any]:
    """A whole-number form field from 0 to `most`; a dotted name ("heal.Bob") is a count
    in an object field of the input."""
    return {"name": name, "label": label, "min": 0, "max": most}


def fields_form(inp: Input, fields: list[dict[str, Any]], submit: str) -> dict[str, Any]:
    """A form that completes `inp` with the fields chosen (the page knows no rules)."""
    return {"type": "fields", "input": dict(inp), "fields": fields, "submit": submit}
