"""A decision kind is one entry of one table: a new one (as an expansion or a card would
add) is taken by the engine, offered by the page and made by the random player, with no
other change anywhere."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from host.games import Input, Waiting
from host.games.kot import KingOfTokyo, MonsterPosition, Position, Setup
from host.games.kot.decision_kinds import KINDS, DecisionKind
from host.games.kot.effects import EFFECTS, CardEffect
from host.games.kot.errors import MalformedInput, NotNow
from host.games.kot.random_player import random_input
from host.games.kot.state import Monster, Pending, State
from host.games.kot.table_kind import KIND
from host.games.page import choice


class Tribute(DecisionKind):
    """The next monster pays its choice of 1 to 3 energy to the monster whose turn starts."""

    def page(self, game: State, w: Waiting, base: Input) -> dict[str, Any]:
        options = [choice(f"Pay {n}⚡", {**base, "energy": n}) for n in w.options["most"]]
        return {"title": f"{w.player}: pay a tribute", "choices": options}

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp["energy"] = rng.choice(options["most"])


class AsksTribute(CardEffect):
    def start_turn(self, game: State, owner: Monster) -> None:
        payer = game.clockwise(owner)[0]
        game.ask(payer, "tribute", {"most": [1, 2, 3]}, self.answer, data=owner)

    @staticmethod
    def answer(game: State, pending: Pending, inp: Input) -> None:
        energy = inp.get("energy")
        if energy not in pending.options["most"]:
            raise MalformedInput(f"a tribute is 1, 2 or 3 energy, not {energy!r}")
        game.decided(pending)
        pending.player.energy -= energy
        pending.data.energy += energy


@pytest.fixture
def game(monkeypatch: pytest.MonkeyPatch) -> KingOfTokyo:
    monkeypatch.setitem(KINDS, "tribute", Tribute("tribute", ("energy",)))
    monkeypatch.setitem(EFFECTS, "Jets", AsksTribute())  # a card of the box, given the effect
    monsters = {"A": MonsterPosition(cards=("Jets",)), "B": MonsterPosition(energy=5)}
    return KingOfTokyo(Setup.simple("A", "B", position=Position(monsters, "A")))


def test_the_engine_takes_the_new_kind_with_its_fields_only(game: KingOfTokyo) -> None:
    assert [(w.player, w.kind) for w in game.waiting_for()] == [("B", "tribute")]
    with pytest.raises(MalformedInput, match="the tribute input has no field 'cards'"):
        game.apply({"type": "tribute", "player": "B", "cards": 2})
    game.apply({"type": "tribute", "player": "B", "energy": 2})
    assert (game.monster("A").energy, game.monster("B").energy) == (2, 3)
    with pytest.raises(NotNow, match="B cannot tribute now"):  # nobody asks for one now
        game.apply({"type": "tribute", "player": "B", "energy": 1})


def test_the_page_offers_what_the_kind_says(game: KingOfTokyo) -> None:
    (wait,) = game.waiting_for()
    answer = KIND.answers(game, wait)
    assert answer["title"] == "B: pay a tribute"
    assert [c["input"] for c in answer["choices"]] == [
        {"type": "tribute", "player": "B", "energy": n} for n in (1, 2, 3)
    ]
    game.apply(answer["choices"][2]["input"])  # the page's choice is an input the engine takes
    assert game.monster("A").energy == 3


def test_the_random_player_makes_one_the_engine_takes(game: KingOfTokyo) -> None:
    rng = random.Random(1)
    inp = random_input(game, rng)
    assert inp["type"] == "tribute" and inp["player"] == "B" and inp["energy"] in (1, 2, 3)
    game.apply(inp)
    assert game.monster("A").energy == inp["energy"]


def test_every_kind_the_game_waits_for_has_an_entry_with_a_page() -> None:
    game = KingOfTokyo(Setup.simple("A", "B", first_player="A"))
    rng = random.Random(3)
    seen = set()
    while not game.game_over:
        for w in game.waiting_for():
            seen.add(w.kind)
            assert KIND.answers(game, w)["title"] != w.kind.replace("_", " ").capitalize()
        game.apply(random_input(game, rng))
    assert {"throw", "resolve", "correct", "end_turn"} <= seen


def test_every_kind_says_what_a_player_does_with_it_in_every_language() -> None:
    # a refusal and what the game waits for name an input by its kind's verb
    from host.games.kot.waiting import verb
    from host.games.text import translation

    for name, kind in KINDS.items():
        assert kind.verb is not None, f"{name} has no verb (DecisionKind.verb)"
        assert verb(name) is kind.verb
        for lang in ("fr", "ja"):
            assert kind.verb.template in translation("host.games.kot", lang), (name, lang)
    assert str(verb("tribute")) == "tribute"  # a kind without one: its name, as it is
