"""KaTO on the page: its setup form and the game, in the page's vocabulary
(host.games.page): a seat per player (cards in hand, score, where they stand with the
KaTO call), the top of the discard pile, and the points of every round in a table.
Built from the engine's own state JSON, so the page shows what `dicetable replay` prints.

>>> from host.games.kato import KaTO, Setup
>>> shown = view(KaTO(Setup(players=("Ann", "Bob"))))
>>> shown["seats"][0]["dials"][1]["value"], shown["tables"][0]["columns"]
(0, ['total'])
"""

from __future__ import annotations

from typing import Any

from host.games.kato.cards import DEFAULT_VALUES
from host.games.kato.engine import KaTO
from host.games.kato.setup import (
    CONE_EFFECTS,
    DEFAULT_TARGET,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MOST_TARGET,
    POINTS,
    ROUNDS,
)
from host.games.kato.text import CALLS, VALUE_LABELS, _, card_name, color_name
from host.games.page import PLAYERS, dial, field, form, item_list, score_table, seat
from host.games.page import view as page_view


def catalog() -> dict[str, Any]:
    values = [  # the numbers count their face value
        _("{card} {n}", card=_.name(VALUE_LABELS[card]), n=n)
        for card, n in DEFAULT_VALUES.items()
        if card in VALUE_LABELS
    ]
    # the target: a number of points to reach, or of rounds, any the table agreed (a list
    # of 100 to 1000 points and 1 to 10 rounds left out a table's 150 points or 4 rounds);
    # "points" a unit after the number ("500 点"), a player's "score" a word of its own
    units = [
        (POINTS, _("points"), MOST_TARGET[POINTS], DEFAULT_TARGET),
        (ROUNDS, _("rounds"), MOST_TARGET[ROUNDS], 3),
    ]
    priced = [
        field(f"values.{v}", _("points: {card}", card=_.name(VALUE_LABELS[v])), min=0, default=n)
        for v, n in DEFAULT_VALUES.items()
        if v in VALUE_LABELS
    ]
    priced[0]["note"] = _(
        "The rules give no points for the cards; usually a number counts its value, {values}",
        values=values,
    )
    rules = [  # what the table agreed, the same in a game set up or picked up
        field(
            "target",
            _("the game is played to"),
            units=units,
            min=1,
            default={POINTS: DEFAULT_TARGET},
            note=_("the first to reach the points wins; after the rounds, the highest score"),
        ),
        field("options.hand_size", _("cards dealt"), min=1, max=HAND_SIZE, default=HAND_SIZE),
        field(
            "options.cone",
            _("traffic-cone card"),
            choices=[(c, _.name(c)) for c in CONE_EFFECTS],
            blank=_("none"),
        ),
        *priced,
        field("options.several", _("Several numbers of one value at once"), check=True),
        field("options.play_drawn", _("A card drawn may be played at once"), check=True),
    ]
    setup = form(
        [],
        [
            # by name, the first row's at first (a blank for the first seat offered that
            # player twice: "le joueur 1" and "Léa")
            field("first_player", _("first player"), choices=PLAYERS),
            *rules,
        ],
        (MIN_PLAYERS, MAX_PLAYERS),
        start=MIN_PLAYERS,
    )
    # a game begun elsewhere (on paper), picked up at the start of a round: each player's
    # points so far, the round about to start and who plays first in it (Position)
    pickup = form(
        [field("position.scores.{player}", _("score"), min=0, default=0)],
        [
            field(
                "position.round",
                _("round about to start"),
                min=1,
                default=2,
                note=_("the rounds already played, plus one: round 3 after 2 rounds"),
            ),
            field("first_player", _("plays first in this round"), choices=PLAYERS),
            *rules,
        ],
        (MIN_PLAYERS, MAX_PLAYERS),
        start=MIN_PLAYERS,
    )
    return {"role": None, "setup": setup, "pickup": pickup}


def view(game: KaTO) -> dict[str, Any]:
    s = game.to_json()
    winners = set(s["winners"])
    seats = [
        seat(
            p["name"],
            active=p["name"] == s["turn"],
            winner=p["name"] in winners,
            dials=[dial("cards", _("cards"), p["cards"]), dial("score", _("score"), p["score"])],
            tags=_tags(s, p),
        )
        for p in s["players"]
    ]
    top = s["top"]
    shown = [] if top is None else [card_name(top)]
    note = _("{n, plural, one {# card} other {# cards}} in the draw pile", n=s["draw_pile"])
    if s["next"] is not None:  # the direction of play, as the board's two lit seats show it
        way = (
            _("clockwise (to the left)")
            if s["direction"] == "clockwise"
            else _("counterclockwise (to the right)")
        )
        note = _("play goes {way}; {rest}", way=way, rest=note)
    if s["color"] and top is not None and s["color"] != top["color"]:  # (a wild's colour: as
        shown.append(_("colour asked: {color}", color=color_name(s["color"])))  # large as its card)
    rounds = s["rounds"]
    columns = [_("round {n}", n=r["round"]) for r in rounds] + [_("total")]
    rows = [
        (p["name"], [r["points"] if r["winner"] == p["name"] else 0 for r in rounds] + [p["score"]])
        for p in s["players"]
    ]
    position = game.setup.position
    if position is not None and position.round > 1:  # a game picked up: the points before it
        columns.insert(0, _("before round {n}", n=position.round))
        rows = [(name, [position.scores.get(name, 0), *cells]) for name, cells in rows]
    table = score_table("scores", _("Points"), columns, rows)
    return page_view(
        _headline(s),
        seats,
        [item_list("discard", _("The discard pile"), shown, note)],
        tables=[table],
    )


def _tags(s: dict[str, Any], p: dict[str, Any]) -> list[str]:
    """A seat's tags: the cards its player must draw (the board's "P  4"), who plays next
    (the board's dim LED: with the one whose turn it is, the direction), the KaTO call."""
    tags: list[str] = []
    if p["name"] == s["turn"] and s["owed"]:
        tags.append(_("{n, plural, one {# card to draw} other {# cards to draw}}", n=s["owed"]))
    if p["name"] == s["next"] and s["next"] != s["turn"]:
        tags.append(_("plays next"))
    if p["kato"]:
        tags.append(_.name(CALLS[p["kato"]]))
    return tags


def _headline(s: dict[str, Any]) -> str:
    """Whose turn, in which round; once a round is won, who won it (it said only "the
    points are counted"); a round played beyond the rounds agreed, that it breaks a tie (a
    third round of a game of 2 came unexplained)."""
    if s["game_over"]:
        return _("Game over: {players} won!", players=s["winners"])
    if s["turn"] is None:
        return _(
            "Round {n} won by {player}: the points are counted",
            n=s["round"],
            player=s["round_winner"],
        )
    if s["round"] > s["target"].get("rounds", s["round"]):
        return _("Round {n}, to break the tie: {player}'s turn", n=s["round"], player=s["turn"])
    return _("Round {n}: {player}'s turn", n=s["round"], player=s["turn"])
