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

from typing import Any

from host.games.kingdom_run.course import DEFAULT_PLACES, DEFAULT_PRESET, PRESETS
from host.games.kingdom_run.engine import KingdomRun
from host.games.kingdom_run.rules import MAX_PLAYERS, MIN_PLAYERS
from host.games.kingdom_run.setup import COLOURS, DEFAULT_COLOURS
from host.games.kingdom_run.text import _
from host.games.page import PLAYERS, dial, dice_view, field, form, seat, track
from host.games.page import view as page_view


def catalog() -> dict[str, Any]:
    colours = [
        (c, _.name(c))
        for c in (*DEFAULT_COLOURS, *(c for c in COLOURS if c not in DEFAULT_COLOURS))
    ]
    colour = field("players.{i}.colour", _("colour"), choices=colours, distinct=True)
    presets = [
        (name, name) for name in (DEFAULT_PRESET, *(p for p in PRESETS if p != DEFAULT_PRESET))
    ]
    setup = form(
        [colour],
        [
            field("first_player", _("first player"), choices=PLAYERS, blank=_("the first seat")),
            field("course.preset", _("course"), choices=presets),
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


def view(game: KingdomRun) -> dict[str, Any]:
    s = game.to_json()
    winners = set(s["winners"])
    seats, tokens = [], []
    for p in s["players"]:
        tags = [_("{n} asleep", n=len(p["asleep"]))] if p["asleep"] else []
        if p["finished"]:
            tags.append(_("{n} past the finish", n=p["finished"]))
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
        tokens += [(space, p["name"], _.name(p["colour"])) for space in p["runners"]]
    course = s["course"]
    marks = [""] * course["spaces"]
    for i in course["start"]:
        marks[i] = _("start")
    for i in course["lakes"]:
        marks[i] = _("lake")
    course_track = track("course", _("The course"), marks, tokens)
    dice = dice_view(s["dice"], s["throws"], s["throws_allowed"]) if s["dice"] else None
    return page_view(_headline(s), seats, tracks=[course_track], dice=dice)


def _headline(s: dict[str, Any]) -> str:
    if s["game_over"]:
        if not s["winners"]:
            return _("The race is over.")
        return _("The race is over: {players} won!", players=_(" and ").join(s["winners"]))
    colour = next(p["colour"] for p in s["players"] if p["name"] == s["active_player"])
    return _(
        "Turn {n}: {player} ({colour})",
        n=s["turn"],
        player=s["active_player"],
        colour=_.name(colour),
    )
