"""What the page shows of a game: plain JSON-ready data, in a small vocabulary the page
draws without knowing any game (docs/games.md describes it whole). A game builds it with
the functions below; every label in it is the game's own words (its `text` module).

- The catalog (`catalog_of`): each game's setup and pick-up forms, made of fields (`field`).
- The view (`view`): the state for people: a headline, seats (`seat`, with `dial`s, a
  place, tags, lists), lists of items (`item_list`: cards on offer, a discard pile),
  tracks of spaces holding tokens (`track`: a race's course), tables (`score_table`),
  and the dice on the table (`dice_view`).
- Answers (below): for each thing a game waits for, what the page offers to answer it.

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
from host.games.text import _, _asked, requested
from wording import OneOf

if TYPE_CHECKING:
    from host.games import Game
    from host.games.kind import Dice, GameKind


def answers_json(kind: GameKind, game: Game) -> list[dict[str, Any]]:
    """Everything the game waits for, each with what the page may offer to answer it."""
    return [kind.answers(game, w) for w in game.waiting_for()]


def awaiting(answers: Sequence[Mapping[str, Any]]) -> str:
    """What the game waits for, in words: each player named once, then their requests (each
    answer's title) offered as a choice, a question after them as a sentence of its own
    ("Ann: throw again, fix a misread die or end the turn; use Metamorph?"; "Ann: ...; Bob:
    ..."): it said "Ann: throw again; Ann: fix a misread die; Ann: end the turn". An action
    one may take at any time (its options' `"any_time"`: a cultist to spend) is offered,
    not waited for: the page said "waiting for ...; Bob: spend a cultist?" all game long
    (and a refusal "the game waits for" it), unless it is all there is.

    >>> awaiting([{"player": "Ann", "title": "Ann: 2 hearts to use"},
    ...           {"player": "Ann", "title": "Reveal"},
    ...           {"player": "Bob", "title": "Bob: spend a cultist?",
    ...            "options": {"any_time": True}}])
    'Ann: 2 hearts to use; Ann: Reveal'
    >>> awaiting([{"player": "Ann", "title": _("{player}: {what}", player="Ann", what="x")},
    ...           {"player": "Bob", "title": "Reveal"},
    ...           {"player": "Ann", "title": _("{player}: {what}", player="Ann", what="y?")},
    ...           {"player": "Ann", "title": _("{player}: {what}", player="Ann", what="z")}])
    'Ann: x or z; y? Bob: Reveal'
    """
    waited = [a for a in answers if not (a.get("options") or {}).get("any_time")]
    # each player's requests (said without the player) and questions, in the order the
    # players come; a title that names its player otherwise is said whole, on its own
    mine: dict[str, tuple[list[Any], list[Any]]] = {}
    alone: list[tuple[str, Any]] = []  # (the player whose requests it comes after, title)
    for a in waited or answers:
        title, player = a["title"], str(a["player"])
        if not str(title).startswith(player):
            title = _("{player}: {what}", player=player, what=title)
        rest = requested(title, player)
        if rest is None:
            alone.append((player, title))
            mine.setdefault(player, ([], []))
            continue
        asks, questions = mine.setdefault(player, ([], []))
        (questions if _asked(str(rest)).endswith(("?", "!")) else asks).append((title, rest))
    said: Any = ""
    for player, (asks, questions) in mine.items():
        sentences = [title for p, title in alone if p == player]
        if len(asks) == 1:
            sentences.append(asks[0][0])
        elif asks:
            what = OneOf(rest for _title, rest in asks)
            sentences.append(_("{player}: {what}", player=player, what=what))
        for n, (title, rest) in enumerate(questions):
            sentences.append(rest if asks or n else title)
        for sentence in sentences:
            said = _("{first}; {then}", first=said, then=sentence) if said else sentence
    return said


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


def choice(label: str, inp: Input, on: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A one-tap answer: a button that sends `inp`. `on` (`on_track`) says what it acts
    on in the view, so the page also lets a player tap that thing to choose it."""
    out: dict[str, Any] = {"label": label, "input": dict(inp)}
    if on is not None:
        out["on"] = dict(on)
    return out


def on_track(track: str, space: int, player: str | None = None) -> dict[str, Any]:
    """What a choice acts on: space `space` of track `track` or, with `player`, that
    player's token there (a tap on it offers the choice).

    >>> choice("Hook", {"type": "hook"}, on_track("course", 5, "Ann"))["on"]
    {'track': 'course', 'space': 5, 'player': 'Ann'}
    """
    out: dict[str, Any] = {"track": track, "space": space}
    if player is not None:
        out["player"] = player
    return out


def pick_field(name: str, label: str, options: Sequence[tuple[Any, ...]]) -> dict[str, Any]:
    """An answer form's field chosen from a list: (value, label) pairs, or (value, label,
    find) (see `field`); a value is a string, or a JSON object (a card: the page sends the
    object chosen)."""
    return field(name, label, choices=options)


def number_field(name: str, label: str, most: int) -> dict[str, Any]:
    """An answer form's whole-number field from 0 to `most`; a dotted name ("heal.Bob")
    is a count in an object field of the input."""
    return field(name, label, min=0, max=most)


def fields_form(inp: Input, fields: list[dict[str, Any]], submit: str) -> dict[str, Any]:
    """A form that completes `inp` with the fields chosen (the page knows no rules)."""
    return {"type": "fields", "input": dict(inp), "fields": fields, "submit": submit}


def dice_form(
    count: int,
    faces: Sequence[str],
    current: Sequence[str] = (),
    note: str = "",
    only: tuple[str, str] | None = None,
    groups: Sequence[Sequence[str]] = (),
) -> Any:
    """A form for the dice as they lie after a throw (when the camera cannot read them):
    `count` dice, each one of `faces`; `current`: the dice as they lay before it. `only`
    (a face, another face): only that face counts (a roll-off's claws), so the page asks
    how many dice show it, and the others are entered as the other face. `groups`: the
    faces of each kind of die, when a game throws dice of several kinds (a die lying on
    a face of one kind is offered that kind's faces only)."""
    form: dict[str, Any] = {
        "type": "dice",
        "count": count,
        "faces": list(faces),
        "current": list(current),
    }
    if note:
        form["note"] = note
    if only is not None:
        form["only"], form["other"] = only
    if len(groups) > 1:
        form["groups"] = [list(g) for g in groups]
    return form


def correct_form(
    dice: Sequence[str], faces: Sequence[str], groups: Sequence[Sequence[str]] = ()
) -> dict[str, Any]:
    """A form to fix a misread die: tap, in the die's column, the face it really shows
    (`groups` as for dice_form: a die is fixed among the faces of its kind)."""
    form: dict[str, Any] = {"type": "correct", "dice": list(dice), "faces": list(faces)}
    if len(groups) > 1:
        form["groups"] = [list(g) for g in groups]
    return form


# ---- the catalog: setup and pick-up forms ---------------------------------------------------

PLAYERS = "players"  # a field's choices: the names entered in the form


def catalog_of(kind: GameKind) -> dict[str, Any]:
    """A game's entry in the page's catalog: its names and its forms (`GameKind.catalog`:
    {"role", "setup", "pickup"}), and its dice faces if it has dice."""
    out: dict[str, Any] = {"game": kind.name, "title": kind.title, "format": kind.script_format}
    out.update(kind.catalog())
    out["dice"] = None if kind.dice is None else dice_faces(kind.dice)
    return out


def dice_faces(dice: Dice) -> dict[str, Any]:
    """Each face: its label, and its word where the label is a sign (`said`: the dice's
    optional `words`, {face: word}), which a screen reader and a tooltip say: "♥" was
    read out as a sign, "cœur" is what players call it."""
    words: Mapping[str, Any] = getattr(dice, "words", {})
    return {
        "faces": [
            {"face": f, "label": label, **({"said": words[f]} if f in words else {})}
            for f, label in dice.faces.items()
        ]
    }


def form(
    seat: Sequence[Mapping[str, Any]],
    fields: Sequence[Mapping[str, Any]],
    players: tuple[int, int],
    start: int,
) -> dict[str, Any]:
    """A setup (or pick-up) form: a row per player (its name, then the `seat` fields),
    from `players[0]` to `players[1]` rows (`start` at first), then the game's `fields`.
    The form's answer is the setup: each field's value set at its dotted `name` (in a
    seat field, "{i}" is the row's index and "{player}" the name entered in it; the
    names themselves go to players.{i}.name)."""
    return {
        "players": {"min": players[0], "max": players[1], "start": start},
        "seat": [dict(f) for f in seat],
        "fields": [dict(f) for f in fields],
    }


def field(name: str, label: str, **spec: Any) -> dict[str, Any]:
    """A form field whose value goes to the dotted path `name` of the answer (a setup, or
    an input: answer forms use the same fields). `label` names it (shown, and read out
    by screen readers); the rest of `spec` says what it is:

    - `choices`: [(value, label)...] (or (value, label, find): the terms the page's
      search finds it by, in every language) or PLAYERS (the names entered): a list to pick from;
      `multiple=True` picks several (a list), `count=n` shows n lists (the values chosen,
      blanks left out; the field is left out if all are blank); `distinct=True`: row i
      starts at choice i; `blank`: the label of a first, empty choice, with `blank_value`
      the value it sets (else the field is left out);
    - `min`, `max` (optional), `default`: a whole number;
    - `units`: [(key, label, most, default)...] on a number: what it counts, chosen
      beside it (points or rounds), each up to its `most` (from `min`), at its `default`
      when chosen; the value is {key: the number} (`default`: one such object);
    - `check=True` with `default`: a box ticked or not (true or false);
    - `icon`: a short sign shown instead of the label in a player's row (e.g. "♥");
    - `note`: a line of help shown with it;
    - `count=n` on a number field too (a list of n numbers; `default` may be a list);
    - `text=True`: a line of text (`pattern`: the characters it may hold, a regular
      expression; `maxlength`); with `count=n`, n lines, the blank ones left out;
    - `only_without`: the name of another field of the form this one is for the want of
      (a course's board parts, for no preset): the page greys it out and leaves it out
      while that one has a value;
    - `only_with`: the name of another field of the form (an option) this one is for:
      the page shows it only while that one is ticked or chosen, and leaves it out while
      hidden, keeping what was typed in it (an expansion's fields in a pick-up);
    - `sets`: {value: {other field's name: its value}}: picking that value in this list
      fills those other fields, where they are still blank (a box's parts: the Dark
      Edition's dice, deck and tiles); each may then be changed on its own.

    >>> field("first_player", "first player", choices=PLAYERS, blank="Roll-off")
    {'name': 'first_player', 'label': 'first player', 'choices': 'players', 'blank': 'Roll-off'}
    """
    out: dict[str, Any] = {"name": name, "label": label}
    choices = spec.pop("choices", None)
    if choices is not None:
        out["choices"] = choices if choices == PLAYERS else [_choice(*c) for c in choices]
    units = spec.pop("units", None)
    if units is not None:
        out["units"] = [
            {"value": key, "label": label, "max": most, "default": default}
            for key, label, most, default in units
        ]
    out.update(spec)
    return out


def _choice(value: str, label: object, find: object = None) -> dict[str, Any]:
    """One choice of a list: a third item is what it is found by in the page's search
    (`host.games.text.Every`: its name in every language, its cost...)."""
    return {"value": value, "label": label, **({"find": find} if find is not None else {})}


# ---- the view: the state for people ------------------------------------------------------


def view(
    headline: str,
    seats: Sequence[Mapping[str, Any]],
    lists: Sequence[Mapping[str, Any]] = (),
    tracks: Sequence[Mapping[str, Any]] = (),
    tables: Sequence[Mapping[str, Any]] = (),
    dice: Mapping[str, Any] | None = None,
    odds: Mapping[str, Any] | None = None,
    places: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """The whole view of a game (`GameKind.view`): the headline (whose turn, the winner),
    the seats in seating order, then what lies on the table; `odds`: a game's advice for
    the next throw ({"label", "note", "rows": [{"keep": faces, "goal", "need", "chance"}]}:
    the chance of each goal when the dice of `keep` are kept), which the page shows on
    request; `places` (`place`): where the players stand on the board (Tokyo City...),
    drawn by the table view."""
    return {
        "headline": headline,
        "seats": [dict(s) for s in seats],
        "lists": [dict(x) for x in lists],
        "tracks": [dict(t) for t in tracks],
        "tables": [dict(t) for t in tables],
        "dice": None if dice is None else dict(dice),
        "odds": None if odds is None else dict(odds),
        "places": [dict(p) for p in places],
    }


def place(name: str, label: str, players: Sequence[str]) -> dict[str, Any]:
    """A place on the board and who stands in it, for the table view."""
    return {"name": name, "label": label, "players": list(players)}


def seat(
    player: str,
    role: str | None = None,
    *,
    active: bool = False,
    out: bool = False,
    winner: bool = False,
    dials: Sequence[Mapping[str, Any]] = (),
    place: str | None = None,
    tags: Sequence[str] = (),
    lists: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """One player's seat: whose turn (`active`), out of the game, a winner; its dials
    (numbers), the place it is in, short tags ("asleep"), lists (cards held, tokens)."""
    return {
        "player": player,
        "role": role,
        "active": active,
        "out": out,
        "winner": winner,
        "dials": [dict(d) for d in dials],
        "place": place,
        "tags": list(tags),
        "lists": [dict(x) for x in lists],
    }


def dial(name: str, label: str, value: int | str, most: int | None = None) -> dict[str, Any]:
    """A number on a seat ("♥ 7/10"): `name` identifies it, `label` is shown before it,
    `most` after it."""
    return {"name": name, "label": label, "value": value, "max": most}


def item_list(name: str, label: str, items: Sequence[str], note: str = "") -> dict[str, Any]:
    """Things in a row (cards on offer, the top of a discard pile, cards held); `name`
    identifies it, `label` heads it (on a seat: a short sign before the items)."""
    return {"name": name, "label": label, "items": list(items), "note": note}


LOOKS = ("", "start", "water", "finish")  # how a track's space may be drawn (a CSS hook)


def track(
    name: str,
    label: str,
    spaces: Sequence[str],
    tokens: Sequence[Mapping[str, Any]],
    looks: Sequence[str] = (),
    note: str = "",
) -> dict[str, Any]:
    """A row of spaces (a course, a score track): `spaces` holds each space's mark ("" for a
    plain one, e.g. "lake"), shown on it; `looks` how each is drawn (one of LOOKS: "water"
    for a lake); `tokens` what lies on them (`token`); `note` a line under it."""
    unknown = set(looks) - set(LOOKS)
    if unknown:
        raise ValueError(f"a track space's look is one of {LOOKS}, not {sorted(unknown)}")
    return {
        "name": name,
        "label": label,
        "spaces": list(spaces),
        "looks": list(looks) or [""] * len(spaces),
        "tokens": [dict(t) for t in tokens],
        "note": note,
    }


def token(
    at: int,
    player: str,
    label: str,
    colour: str | None = None,
    flipped: bool = False,
    note: str = "",
) -> dict[str, Any]:
    """A token on space `at` of a track, belonging to `player`: `label` is shown on it,
    `colour` ("#rrggbb") fills it, `flipped` draws it turned over (a pawn laid down),
    `note` says its state in words ("asleep")."""
    return {
        "at": at,
        "player": player,
        "label": label,
        "colour": colour,
        "flipped": flipped,
        "note": note,
    }


def score_table(
    name: str, label: str, columns: Sequence[str], rows: Sequence[tuple[str, Sequence[Any]]]
) -> dict[str, Any]:
    """A table of figures (points per round): a heading per column, and rows of a label
    (a player) and one cell per column."""
    return {
        "name": name,
        "label": label,
        "columns": list(columns),
        "rows": [{"label": r, "cells": list(cells)} for r, cells in rows],
    }


def dice_view(
    faces: Sequence[str], throw: int, throws: int, used: Sequence[bool] = ()
) -> dict[str, Any]:
    """The dice on the table after throw `throw` of `throws` allowed; `used`: per die,
    whether it is spent already (drawn faded)."""
    return {
        "faces": list(faces),
        "throw": throw,
        "throws": throws,
        "used": list(used) or [False] * len(faces),
    }
