"""Every registered game, by the same tests (a new game gets them by joining the
registry): its setup form as the page first shows it starts a game; random legal play,
with undo then redo along the way, ends; the game replays from its script to the same
state; its view and answers are in the page's vocabulary; the page's one-tap choices
are legal inputs.

Random inputs come from the game's own random player (`GameKind.random_input`) if it
has one, else from the page's answers picked at random (taps and forms filled)."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from host.games import Game, IllegalInput, Input, legal_now
from host.games.kind import GameKind
from host.games.page import answers_json
from host.games.registry import kinds
from tests.games.forms import filled

KINDS = list(kinds().values())
MAX_INPUTS = 20_000  # a game longer than this does not end
# an undo (then redo) after about 3 in 100 inputs at first, fewer as the log grows: an undo
# refolds the whole log, so a long game (KaTO's run to thousands of inputs) would cost
# its length squared; this way every part of a game still gets undos, at a cost of about
# 3 refolds of 100 inputs per input
UNDO_CHANCE, UNDO_FULL_UNTIL = 0.03, 100
SEEDS = (1, 2, 3)


@pytest.fixture(params=KINDS, ids=[k.name for k in KINDS])
def kind(request: pytest.FixtureRequest) -> GameKind:
    return request.param  # type: ignore[no-any-return]


def new_game(kind: GameKind, seed: int) -> tuple[dict[str, Any], Game]:
    """A game as the page sets one up (names typed, the rest as shown), with the seed the
    table adds to every new game."""
    setup = {**filled(kind.catalog()["setup"]), "seed": seed}
    return setup, kind.new(setup)


def test_the_forms_as_they_come_start_a_game(kind: GameKind) -> None:
    catalog = kind.catalog()
    json.dumps(catalog)
    for spec in (catalog["setup"], catalog.get("pickup")):
        if spec is None:
            continue
        for players in {spec["players"]["start"], spec["players"]["min"], spec["players"]["max"]}:
            game = kind.new({**filled(spec, players), "seed": 1})
            assert len(game.players) == players and not game.game_over
            assert game.waiting_for(), "a game just set up waits for someone"


def test_a_setup_with_a_field_changed_is_refused_in_words(kind: GameKind) -> None:
    """A setup filled at random with one field changed (another type, dropped, added:
    host.app.chaos.inputs.mutated, as the chaos soak sends them) starts a game or is
    refused with a GameFileError naming what is wrong, never another exception (the page's
    500). Found by the chaos soak: the pip race took a token that is a list ("unhashable
    type")."""
    from host.app.chaos.inputs import mutated, random_setup
    from host.games.kind import GameFileError

    rng = random.Random(5)
    for _ in range(300):
        setup = mutated(random_setup(kind.catalog()["setup"], rng), rng)
        if not isinstance(setup, dict):
            continue  # (the table refuses a setup that is no object before any game sees it)
        with contextlib.suppress(GameFileError):
            kind.new(setup)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_ends_replays_and_undoes(kind: GameKind, seed: int) -> None:
    rng = random.Random(seed)
    setup, game = new_game(kind, seed)
    for _ in range(MAX_INPUTS):
        if game.game_over:
            break
        inp = random_input(kind, game, rng)
        waits = {(w.kind, w.player) for w in game.waiting_for()}
        assert (inp.get("type"), inp.get("player")) in waits, f"{inp} is not awaited: {waits}"
        undo = rng.random() < UNDO_CHANCE * min(1.0, UNDO_FULL_UNTIL / (len(game.log) + 1))
        before = game.to_json() if undo else None
        game.apply(inp)
        if undo:
            after = game.to_json()
            assert dict(game.undo()) == dict(inp)
            assert game.to_json() == before
            game.apply(inp)
            assert game.to_json() == after
        check_view(kind.view(game), game)
    assert game.game_over, f"{kind.name}: no end after {MAX_INPUTS} random inputs"
    assert list(game.waiting_for()) == []
    assert set(kind.winners(game)) <= set(game.players)
    ended, last = game.to_json(), game.log[-1]  # the last input undone and redone: the end too
    assert dict(game.undo()) == dict(last) and not game.game_over
    game.apply(last)
    assert game.to_json() == ended
    script = kind.export(kind.setup_of(setup), game.log)
    replayed = kind.load(json.loads(json.dumps(script)))  # as saved to a file and read back
    assert replayed.to_json() == game.to_json()
    assert list(replayed.log) == list(game.log)


def test_every_one_tap_choice_of_the_page_is_legal(kind: GameKind) -> None:
    rng = random.Random(7)
    _, game = new_game(kind, 7)
    for _ in range(40):
        if game.game_over:
            break
        for answer in answers_json(kind, game):
            check_answer(answer)
            for choice in answer["choices"]:
                try:
                    game.apply(choice["input"])
                except IllegalInput as error:
                    pytest.fail(f"{kind.name}: the page offers {choice} but the rules say {error}")
                game.undo()
        game.apply(random_input(kind, game, rng))


def test_the_page_s_answers_alone_play_a_game(kind: GameKind) -> None:
    """What random play falls back on for a game without a random player of its own: taps
    and forms of the page at random, each legal (a game that ends soon ends)."""
    rng = random.Random(5)
    _, game = new_game(kind, 5)
    for _ in range(60):
        if game.game_over:
            break
        game.apply(page_input(kind, game, rng))
    assert len(game.log) == 60 or game.game_over


# ---- random inputs -----------------------------------------------------------------------


def random_input(kind: GameKind, game: Game, rng: random.Random) -> Input:
    own = getattr(kind, "random_input", None)
    if own is not None:
        return own(game, rng)  # type: ignore[no-any-return]
    return page_input(kind, game, rng)


def page_input(kind: GameKind, game: Game, rng: random.Random) -> Input:
    """What a person tapping at random on the page sends: a choice, or a form filled."""
    for _ in range(200):
        answer = rng.choice(answers_json(kind, game))
        options = [c["input"] for c in answer["choices"]]
        form = answer["form"]
        if form is not None and form["type"] == "fields":
            options.append(_fill(form, rng))
        elif form is not None and form["type"] == "dice" and kind.dice is not None:
            faces = [rng.choice(form["faces"]) for _ in range(form["count"])]
            options.append(kind.dice.entered_throw(game, faces))
        if not options:
            continue
        inp = rng.choice(options)
        if legal_now(game, inp):
            return inp
    raise AssertionError(f"{kind.name}: nothing the page offers is legal now")


def _fill(form: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    inp = json.loads(json.dumps(form["input"]))
    for f in form["fields"]:
        value = (
            rng.choice(f["choices"])["value"]
            if "choices" in f
            else rng.randint(f.get("min", 0), f.get("max", f.get("min", 0) + 3))
        )
        *path, last = f["name"].split(".")
        into = inp
        for key in path:
            into = into.setdefault(key, {})
        into[last] = value
    return inp  # type: ignore[no-any-return]


# ---- the page's vocabulary ---------------------------------------------------------------


def check_view(view: Mapping[str, Any], game: Game) -> None:
    """A view the page can draw: the parts it knows, each with what it reads."""
    json.dumps(view)
    assert {"headline", "seats", "lists", "tracks", "tables", "dice"} <= set(view)
    assert isinstance(view["headline"], str) and view["headline"]
    assert [s["player"] for s in view["seats"]] == list(game.players)
    for s in view["seats"]:
        for d in s["dials"]:
            assert {"name", "label", "value", "max"} <= set(d)
        assert all(isinstance(t, str) for t in s["tags"])
        for items in s["lists"]:
            assert {"name", "label", "items"} <= set(items)
    for items in view["lists"]:
        assert {"name", "label", "items", "note"} <= set(items)
    for t in view["tracks"]:
        assert all(0 <= k["at"] < len(t["spaces"]) for k in t["tokens"]), t
        assert {k["player"] for k in t["tokens"]} <= set(game.players)
    for t in view["tables"]:
        assert all(len(r["cells"]) == len(t["columns"]) for r in t["rows"]), t
    if view["dice"] is not None:
        assert {"faces", "throw", "throws"} <= set(view["dice"])


def check_answer(answer: Mapping[str, Any]) -> None:
    assert {"player", "kind", "title", "choices", "form"} <= set(answer)
    json.dumps(answer)
    for c in answer["choices"]:
        assert isinstance(c["label"], str) and c["input"]["type"]
    form = answer["form"]
    if form is not None:
        assert form["type"] in ("fields", "dice", "correct"), form
