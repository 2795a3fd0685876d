"""The inputs of card decisions through the Python API: what waiting_for offers, and every
wrong answer refused with a clear error and the state unchanged (the game scripts of
cards/ and scenarios/ show the right answers)."""

from __future__ import annotations

from typing import Any

import pytest

from host.games import IllegalInput
from host.games.kot import KingOfTokyo, MonsterPosition, Options, Position, Setup
from host.games.kot.errors import (
    MalformedInput,
    NotNow,
    NotYourTurn,
    RuleViolation,
    UnknownCardInput,
    UnknownPlayer,
)
from host.games.kot.script import parse_script, replay, script_json

SHORT = {"c": "claw", "h": "heart", "e": "energy"}


def at(active: str = "A", n: int = 3, table_deck: bool = False, **monsters: Any) -> KingOfTokyo:
    position = Position(
        {k: MonsterPosition(**v) for k, v in monsters.items() if k in "ABCDEF"},
        active,
        face_up=monsters.get("face_up"),
        deck=monsters.get("deck"),
        discard=monsters.get("discard", ()),
    )
    options = Options(table_deck=table_deck)
    return KingOfTokyo(Setup.simple(*"ABCDEF"[:n], options=options, position=position))


def throw(game: KingOfTokyo, faces: str, kept: str = "") -> None:
    game.apply(game.throw_input([SHORT.get(f, f) for f in faces], [SHORT.get(f, f) for f in kept]))


def act(game: KingOfTokyo, kind: str, player: str | None = None, **fields: object) -> None:
    game.apply({"type": kind, "player": player or game.active.name, **fields})


def refused(game: KingOfTokyo, error: type[IllegalInput], match: str, **inp: Any) -> None:
    """The input is refused with `error` naming the problem, and nothing changes."""
    before = game.to_json()
    with pytest.raises(error, match=match):
        game.apply(inp)
    assert game.to_json() == before


def kinds(game: KingOfTokyo) -> list[tuple[str, str]]:
    return [(w.player, w.kind) for w in game.waiting_for()]


def test_use_needs_the_card_the_moment_and_its_fields() -> None:
    game = at(A={"energy": 4, "cards": ("Stretchy",)}, B={"cards": ("Energy Drink",)})
    refused(game, NotNow, "cannot use Stretchy now", type="use", player="A", card="Stretchy")
    throw(game, "11223h")
    refused(game, RuleViolation, "A has no Wings", type="use", player="A", card="Wings")
    refused(
        game, UnknownCardInput, "unknown card 'Strechy'", type="use", player="A", card="Strechy"
    )
    refused(
        game,
        NotYourTurn,
        "B cannot use Energy Drink: it is A's turn",
        type="use",
        player="B",
        card="Energy Drink",
    )
    refused(
        game,
        MalformedInput,
        "not a die face",
        type="use",
        player="A",
        card="Stretchy",
        **{"from": "heart", "to": "skull"},
    )
    refused(
        game,
        RuleViolation,
        "changes a die showing",
        type="use",
        player="A",
        card="Stretchy",
        **{"from": "claw", "to": "1"},
    )
    refused(
        game,
        MalformedInput,
        "using Stretchy takes no target",
        type="use",
        player="A",
        card="Stretchy",
        target="Jets",
        **{"from": "heart", "to": "1"},
    )
    act(game, "use", card="Stretchy", **{"from": "heart", "to": "1"})
    assert sorted(game.dice) == ["1", "1", "1", "2", "2", "3"] and game.monster("A").energy == 2


def test_pass_only_answers_an_optional_decision() -> None:
    game = at(B={"location": "city"})
    refused(game, NotNow, "A has no decision to pass", type="pass", player="A")
    throw(game, "cc1123")
    act(game, "resolve")
    assert kinds(game) == [("B", "yield")]  # a yield is answered, not passed
    refused(game, NotNow, "B has no decision to pass", type="pass", player="B")


def test_a_decision_pending_blocks_everything_else() -> None:
    game = at(
        A={"hp": 5, "energy": 4, "cards": ("Rapid Healing",)},
        B={"location": "city", "energy": 2, "cards": ("Wings",)},
    )
    assert ("A", "use") in kinds(game)  # Rapid Healing, at any time...
    throw(game, "cc1123")
    act(game, "resolve")
    assert kinds(game) == [("B", "use"), ("B", "pass")]  # ...but not while B decides
    refused(
        game, NotNow, "A cannot use Rapid Healing now", type="use", player="A", card="Rapid Healing"
    )
    refused(
        game,
        NotNow,
        "A cannot end turn now: the game waits for B to use or pass",
        type="end_turn",
        player="A",
    )
    assert game.expected_dice() is None


def test_wings_needs_the_energy_it_was_offered_with() -> None:
    game = at(B={"location": "city", "energy": 2, "cards": ("Wings",)})
    throw(game, "cc1123")
    act(game, "resolve")
    game.monster("B").energy = 1  # (a position the answer must still check)
    refused(game, RuleViolation, "no 2 energy left", type="use", player="B", card="Wings")


def test_a_defensive_throw_is_the_dice_asked() -> None:
    game = at(B={"location": "city", "cards": ("Camouflage",)})
    throw(game, "ccc123")
    act(game, "resolve")
    expected = game.expected_dice()
    assert expected is not None and expected.player == "B"
    assert expected.counts == {"black": 3, "green": 0}
    refused(game, RuleViolation, "Camouflage throws 3 dice", **game.throw_input(["heart"]))
    refused(
        game,
        NotNow,
        "A cannot throw now: the game waits for B to throw",
        type="throw",
        player="A",
        thrown=["1"] * 6,
    )
    game.apply(game.throw_input(["heart", "heart", "heart"]))
    assert game.monster("B").hp == 10 and kinds(game) == [("A", "end_turn")]


def test_psychic_probe_throws_one_die_of_the_result() -> None:
    game = at(B={"cards": ("Psychic Probe",)}, C={"location": "city"})
    throw(game, "ccc123")
    act(game, "resolve")
    assert kinds(game) == [("B", "throw"), ("B", "pass")]
    assert game.expected_dice().player == "B"  # type: ignore[union-attr]
    refused(
        game,
        RuleViolation,
        "throws 1 die again, not 2",
        **game.throw_input(["1", "1"], ["claw"] * 4),
    )
    refused(
        game,
        RuleViolation,
        "kept dice must come from the last result",
        **game.throw_input(["1"], ["claw"] * 4 + ["heart"]),
    )
    game.apply(game.throw_input(["2"], ["claw", "claw", "1", "2", "3"]))
    assert game.monster("C").hp == 8


def test_hearts_decision_checks_the_counts() -> None:
    game = at(B={"hp": 5, "tokens": {"poison": 2}}, C={"location": "city"}, active="B")
    throw(game, "hh1123")
    act(game, "resolve")
    options = game.waiting_for()[0].options
    assert options == {"hearts": 2, "tokens": {"poison": 2}, "heal": {}, "heal_self": True}
    refused(
        game,
        RuleViolation,
        "a whole number from 0 to 2",
        type="hearts",
        player="B",
        remove={"poison": 3},
    )
    refused(
        game,
        RuleViolation,
        "'shrink' is not one of the choices",
        type="hearts",
        player="B",
        remove={"shrink": 1},
    )
    refused(game, MalformedInput, "an object of counts", type="hearts", player="B", remove=1)
    refused(game, RuleViolation, "not one of the choices", type="hearts", player="B", heal={"A": 1})
    act(game, "hearts", remove={"poison": 1})
    b = game.monster("B")
    assert b.tokens == {"poison": 1} and b.hp == 6


def test_healing_ray_offer_and_answer() -> None:
    game = at(
        A={"cards": ("Healing Ray",), "hp": 9}, B={"hp": 6, "energy": 5}, C={"location": "city"}
    )
    throw(game, "hhh123")
    act(game, "resolve")
    refused(
        game,
        RuleViolation,
        "heal.B: a whole number from 0 to 2",
        type="hearts",
        player="A",
        heal={"B": 3},
    )
    act(game, "hearts", heal={"B": 2})  # the third heart heals A
    assert game.monster("A").hp == 10
    assert [(w.player, w.kind, w.options) for w in game.waiting_for()] == [
        ("B", "healing", {"from": "A", "hp": 2, "cost": 4})
    ]
    refused(game, MalformedInput, '"accept": true', type="healing", player="B", accept="yes")
    act(game, "healing", "B", accept=True)
    assert (game.monster("B").hp, game.monster("B").energy, game.monster("A").energy) == (8, 1, 4)


def test_mimic_and_metamorph_targets_are_checked() -> None:
    game = at(A={"cards": ("Mimic",), "energy": 2}, B={"cards": ("Jets", "Giant Brain")})
    assert game.waiting_for()[0].options["targets"] == [
        {"target": "Jets", "owner": "B"},
        {"target": "Giant Brain", "owner": "B"},
    ]
    refused(
        game,
        RuleViolation,
        "cannot copy Wings of 'B'",
        type="use",
        player="A",
        card="Mimic",
        target="Wings",
        owner="B",
    )
    refused(
        game,
        RuleViolation,
        "cannot copy Jets of 'C'",
        type="use",
        player="A",
        card="Mimic",
        target="Jets",
        owner="C",
    )
    act(game, "use", card="Mimic", target="Jets", owner="B")
    assert game.monster("A").mimic == ("Jets", "B") and game.monster("A").energy == 1

    game = at(A={"cards": ("Metamorph", "Jets")}, B={"location": "city"})
    throw(game, "112233")
    act(game, "resolve")
    act(game, "end_turn")
    refused(
        game,
        RuleViolation,
        "A has no Wings to discard",
        type="use",
        player="A",
        card="Metamorph",
        target="Wings",
    )


def test_opportunist_may_buy_only_what_was_revealed() -> None:
    game = at(
        A={"energy": 3},
        B={"energy": 8, "cards": ("Opportunist",)},
        C={"location": "city"},
        face_up=("Corner Store", "Tank", "Frenzy"),
        deck=("Heal", "Energize"),
    )
    throw(game, "112233")
    act(game, "resolve")
    act(game, "buy", card="Corner Store")
    refused(
        game, RuleViolation, "B may buy Heal now, not Tank", type="buy", player="B", card="Tank"
    )
    refused(
        game,
        MalformedInput,
        "takes no from",
        type="buy",
        player="B",
        card="Heal",
        **{"from": "deck"},
    )
    act(game, "pass", "B")
    assert kinds(game) == [("A", "end_turn")]


def test_buying_from_another_monster_or_the_deck_needs_the_card() -> None:
    game = at(
        A={"energy": 9},
        B={"cards": ("Jets",), "location": "city"},
        face_up=("Energize", "Frenzy", "Skyscraper"),
        deck=("Heal",),
    )
    throw(game, "112233")
    act(game, "resolve")
    refused(
        game,
        RuleViolation,
        "that takes Parasitic Tentacles",
        type="buy",
        player="A",
        card="Jets",
        **{"from": "B"},
    )
    refused(
        game,
        UnknownPlayer,
        'neither "deck" nor a player',
        type="buy",
        player="A",
        card="Jets",
        **{"from": "Zed"},
    )
    refused(
        game,
        RuleViolation,
        "use Made in a Lab first",
        type="buy",
        player="A",
        card="Heal",
        **{"from": "deck"},
    )


def test_the_table_deck_asks_for_every_card_revealed() -> None:
    game = at(
        table_deck=True,
        A={"energy": 3},
        B={"location": "city"},
        face_up=("Heal", "Tank", "Frenzy"),
        deck=("Energize", "Jets"),
        discard=(),
    )
    throw(game, "112233")
    act(game, "resolve")
    act(game, "buy", card="Heal")
    assert game.expected_dice() is None
    assert [(w.kind, w.options) for w in game.waiting_for()] == [
        ("reveal", {"cards": {"Energize": 1, "Jets": 1}})
    ]
    refused(game, RuleViolation, "Heal is not in the deck", type="reveal", player="A", card="Heal")
    refused(game, UnknownCardInput, "unknown card", type="reveal", player="A", card="Jest")
    refused(game, NotNow, "B cannot reveal now", type="reveal", player="B", card="Jets")
    act(game, "reveal", card="jets")  # names are matched without regard to case
    assert game.face_up == ["Jets", "Tank", "Frenzy"] and game.deck == ["Energize"]
    refused(game, NotNow, "A cannot reveal now", type="reveal", player="A", card="Energize")
    game.undo()
    assert game.face_up == [None, "Tank", "Frenzy"] and game.playing == "Heal"


def test_a_table_deck_game_saves_and_replays() -> None:
    game = at(
        table_deck=True, A={"energy": 2}, B={"location": "city"}, face_up=("Heal", "Tank", "Frenzy")
    )
    throw(game, "112233")
    act(game, "resolve")
    act(game, "sweep")
    for card in ("Jets", "Wings", "Energize"):
        act(game, "reveal", card=card)
    saved = script_json(game)
    assert saved["options"]["table_deck"] is True
    again = replay(parse_script(saved))
    assert again.to_json() == game.to_json()
    assert again.face_up == ["Jets", "Wings", "Energize"]


def test_a_count_that_can_only_be_0_says_its_one_number() -> None:
    """A range of 0 to 0 (a monster healed that can pay for none, a gift of energy by a
    monster that has none) reads "only 0", not "a whole number from 0 to 0"."""
    from types import SimpleNamespace

    from host.games.kot.checks import check_counts
    from host.games.kot.expansions.curse_decisions import _decide_gift

    with pytest.raises(RuleViolation, match=r"^heal\.B: only 0$"):
        check_counts({"B": 1}, "heal", {"B": 0})
    with pytest.raises(RuleViolation, match=r"^heal\.B: a whole number from 0 to 2$"):
        check_counts({"B": 3}, "heal", {"B": 2})
    gift = SimpleNamespace(options={"most": {"hp": 2, "energy": 0, "vp": 0}})
    with pytest.raises(RuleViolation, match=r"^energy: only 0, not 1$"):
        _decide_gift(None, gift, {"hp": 1, "energy": 1})  # type: ignore[arg-type]
