"""Kingdom Run on the page: its setup form and the race, in the page's vocabulary
(host.games.page): a seat per player (victory tokens, score, runners finished), the
course as a track with every runner on it, and the dice. Built from the engine's own
state JSON, so the page shows what `dicetable replay` prints.

>>> from host.games.kingdom_run import KingdomRun, Setup
>>> shown = view(KingdomRun(Setup.simple("Ann", "Bob")))
>>> shown["headline"], len(shown["tracks"][0]["tokens"])
('Turn 1: Ann (red)', 8)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from host.games.kingdom_run.answers import COURSE, FACE_LABELS
from host.games.kingdom_run.course import (
    DEFAULT_PLACES,
    DEFAULT_PRESET,
    MAX_PART_SPACES,
    MAX_PARTS,
    PRESETS,
)
from host.games.kingdom_run.engine import KingdomRun
from host.games.kingdom_run.rules import MAX_PLAYERS, MIN_PLAYERS, TWICE
from host.games.kingdom_run.setup import COLOURS, DEFAULT_COLOURS
from host.games.kingdom_run.text import _
from host.games.page import (
    PLAYERS,
    dial,
    dice_view,
    field,
    form,
    item_list,
    seat,
    token,
    track,
)
from host.games.page import view as page_view


def catalog() -> dict[str, Any]:
    colours = [
        (c, _.name(c))
        for c in (*DEFAULT_COLOURS, *(c for c in COLOURS if c not in DEFAULT_COLOURS))
    ]
    colour = field("players.{i}.colour", _("colour"), choices=colours, distinct=True)
    presets = [
        (name, _.name(name))
        for name in (DEFAULT_PRESET, *(p for p in PRESETS if p != DEFAULT_PRESET))
    ]
    setup = form(
        [colour],
        [
            # by name, the first row's at first (a blank for the first seat offered that
            # player twice: "le joueur 1" and "Léa")
            field("first_player", _("first player"), choices=PLAYERS),
            # a course of our own presets, or the board parts as the table laid them
            field(
                "course.preset",
                _("course"),
                choices=presets,
                default=DEFAULT_PRESET,
                blank=_("your own: the board parts below"),
            ),
            field(
                "course.parts",
                _("board parts as laid"),
                text=True,
                count=MAX_PARTS,
                pattern="[.~]+",
                maxlength=MAX_PART_SPACES,
                only_without="course.preset",  # greyed out while a preset is chosen
                note=_(
                    "For your own course, one board part a box, after the start tile: its "
                    "spaces in order, . land and ~ a lake (e.g. ..~~...)"
                ),
            ),
            # the board prints the finish places' values; the rules do not give them
            field(
                "course.finish_places",
                _("finish place points"),
                min=0,
                count=len(DEFAULT_PLACES),
                default=list(DEFAULT_PLACES),
                note=_("The points of the 8 finish places are printed on your board: enter them"),
            ),
        ],
        (MIN_PLAYERS, MAX_PLAYERS),
        start=MIN_PLAYERS,
    )
    return {"role": _("colour"), "setup": setup, "pickup": None}


# the runners' colours on a screen (the board's LEDs have their own: setup.COLOURS)
PAWNS = {
    "red": "#d7263d",
    "blue": "#2e6fdb",
    "yellow": "#f4c20d",
    "green": "#2a9d4b",
    "purple": "#8e44ad",
    "orange": "#f07b16",
    "white": "#f4f4f0",
    "pink": "#f06292",
}


def view(game: KingdomRun) -> dict[str, Any]:
    s = game.to_json()
    winners = set(s["winners"])
    seats, tokens = [], []
    for p in s["players"]:
        tags = [_("{n} asleep", n=len(p["asleep"]))] if p["asleep"] else []
        if p["finished"]:
            tags.append(_("{n} past the finish", n=p["finished"]))
        if p["places"]:
            tags.append(_("finish places: {points}", points=p["places"]))  # a list: "8 and 3"
        if not p["racing"]:
            tags.append(_("finished the race: tokens safe"))
        seats.append(
            seat(
                p["name"],
                _.name(p["colour"]),
                active=p["name"] == s["active_player"] and not s["game_over"],
                winner=p["name"] in winners,
                dials=[
                    dial("tokens", _("tokens"), p["tokens"]),
                    dial("score", _("points"), p["score"]),
                ],
                tags=tags,
            )
        )
        tokens += _runners(p)
    return page_view(
        _headline(s),
        seats,
        lists=[_finish_list(s), *_actions_list(s)],
        tracks=[_course(s, tokens)],
        dice=_dice(s),
    )


def _runners(p: dict[str, Any]) -> list[dict[str, Any]]:
    """A token per runner of `p` on the course; on a space, the sleeping ones first."""
    asleep = Counter(p["asleep"])
    out = []
    for space in p["runners"]:
        sleeping = asleep[space] > 0
        asleep[space] -= 1
        note = _("{player}'s runner, asleep", player=p["name"]) if sleeping else ""
        out.append(token(space, p["name"], _.name(p["colour"]), PAWNS[p["colour"]], sleeping, note))
    return out


def _course(s: dict[str, Any], tokens: list[dict[str, Any]]) -> dict[str, Any]:
    course = s["course"]
    marks, looks = [""] * course["spaces"], [""] * course["spaces"]
    for i in course["start"]:
        marks[i], looks[i] = _("start"), "start"
    for i in course["lakes"]:
        marks[i], looks[i] = _("lake"), "water"
    note = _(
        "{name}: {spaces, plural, one {# space} other {# spaces}}, "
        "{lakes, plural, one {# lake} other {# lakes}}; the finish "
        "line is after the last space",
        name=_course_name(course["name"]),
        spaces=course["spaces"],
        lakes=len(course["lakes"]),
    )
    return track(COURSE, _("The course"), marks, tokens, looks, note)


def _course_name(name: str) -> object:
    """A preset's name in the reader's language; a course of the table's own board parts
    by the name its script gives it, else as "your own course" (never an empty name)."""
    if name in PRESETS:
        return _.name(name)
    return name or _("your own course")


def _finish_list(s: dict[str, Any]) -> dict[str, Any]:
    values = s["course"]["finish_places"]
    held = [f["player"] for f in s["finish"]]
    items = [
        _("{points}: {player}", points=v, player=held[i]) if i < len(held) else
        _("{points}: free", points=v)
        for i, v in enumerate(values)
    ]  # fmt: skip
    note = _(
        "The finish places' points are printed on your board: these ({points}) are this "
        "game's configuration, set at setup. A victory token is worth {value}.",
        points=list(values),  # said as the language lists: "10、8、…、2と1"
        value=s["token_value"],
    )
    return item_list("finish", _("Finish places"), items, note)


def _actions_list(s: dict[str, Any]) -> list[dict[str, Any]]:
    """The actions done this turn, each at most twice: what the dice may still do."""
    if s["phase"] != "act":
        return []
    done = [
        _("{action} {n}/{most}", action=FACE_LABELS[a], n=n, most=TWICE)
        for a, n in s["actions"].items()
        if n
    ]
    return [item_list("actions", _("Actions this turn"), done or [_("none yet")])]


def _dice(s: dict[str, Any]) -> dict[str, Any] | None:
    if not s["dice"]:
        return None
    left = Counter(s["dice_left"])
    used = []
    for face in s["dice"]:
        used.append(left[face] <= 0)
        left[face] -= 1
    return dice_view(s["dice"], s["throws"], s["throws_allowed"], used)


def _headline(s: dict[str, Any]) -> str:
    if s["game_over"]:
        if not s["winners"]:
            return _("The race is over.")
        return _("The race is over: {players} won!", players=s["winners"])
    colour = next(p["colour"] for p in s["players"] if p["name"] == s["active_player"])
    return _(
        "Turn {n}: {player} ({colour})",
        n=s["turn"],
        player=s["active_player"],
        colour=_.name(colour),
    )
