"""The places where card effects plug in: each hook is called at its moment, with what it
needs, and what it returns counts. Fake effects stand in for the real cards (whose own
tests are the game scripts of tests/games/kot/cards/)."""

from __future__ import annotations

from typing import Any

import pytest

from host.games import Input
from host.games.kot import KingOfTokyo, MonsterPosition, Position, Setup
from host.games.kot.effects import EFFECTS, CardEffect
from host.games.kot.state import Hit, Monster, Pending


class Recorder(CardEffect):
    """Records every call of the hooks it overrides."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def start_turn(self, game: KingOfTokyo, owner: Monster) -> None:
        self.calls.append(f"start_turn {owner.name}")

    def end_turn(self, game: KingOfTokyo, owner: Monster) -> None:
        self.calls.append(f"end_turn {owner.name}")


class ExtraHead(CardEffect):
    def dice(self, game: KingOfTokyo, owner: Monster, black: int, green: int) -> tuple[int, int]:
        return black, green + 1


class GiantBrain(CardEffect):
    def throws(self, game: KingOfTokyo, owner: Monster, throws: int) -> int:
        return throws + 1


class AcidAttack(CardEffect):
    def result(self, game: KingOfTokyo, owner: Monster, counts: dict[str, int]) -> None:
        counts["claw"] += 1


class ArmorPlating(CardEffect):
    def defend(self, game: KingOfTokyo, owner: Monster, hit: Hit) -> bool:
        hit.amount = 0 if hit.amount == 1 else hit.amount
        return False


class FriendOfChildren(CardEffect):
    def energy(self, game: KingOfTokyo, owner: Monster, amount: int) -> int:
        return amount + 1


class AlienOrigin(CardEffect):
    def cost(self, game: KingOfTokyo, owner: Monster, card: str, cost: int) -> int:
        return cost - 1


class Heal(CardEffect):
    def bought(self, game: KingOfTokyo, buyer: Monster) -> None:
        game.heal(buyer, 2)


class FlameThrower(CardEffect):
    def bought(self, game: KingOfTokyo, buyer: Monster) -> None:
        game.hurt_each([m for m in game.monsters if m is not buyer], 2, buyer)


class EaterOfTheDead(CardEffect):
    def eliminated(self, game: KingOfTokyo, owner: Monster, victim: Monster) -> None:
        game.gain_vp(owner, 3)


class ItHasAChild(CardEffect):
    def zero_hp(self, game: KingOfTokyo, owner: Monster) -> bool:
        game.take_card(owner, "It Has a Child!")
        owner.hp = 10
        game.leave_tokyo(owner)
        return True


class AskTheNextMonster(CardEffect):
    """At the start of its owner's turn, asks the next monster something (through game.ask);
    the turn waits for the answer."""

    def start_turn(self, game: KingOfTokyo, owner: Monster) -> None:
        after = game.monsters[(owner.seat + 1) % len(game.monsters)]
        game.ask(after, "yield", {"asked_by": owner.name}, self.answer)

    @staticmethod
    def answer(game: KingOfTokyo, pending: Pending, inp: Input) -> None:
        pending.player.energy -= 2
        game.decided(pending)


def game_with(active: str = "A", **monsters: Any) -> KingOfTokyo:
    position = Position({k: MonsterPosition(**v) for k, v in monsters.items()}, active)
    return KingOfTokyo(Setup.simple("A", "B", "C", position=position))


@pytest.fixture
def effects(monkeypatch: pytest.MonkeyPatch) -> Any:
    def install(**by_card: CardEffect) -> None:
        for card, effect in by_card.items():
            monkeypatch.setitem(EFFECTS, card.replace("_", " "), effect)

    return install


def throw(game: KingOfTokyo, *faces: str) -> None:
    game.apply(game.throw_input(list(faces)))


def act(game: KingOfTokyo, kind: str, **fields: object) -> None:
    game.apply({"type": kind, "player": game.active.name, **fields})


def test_dice_and_throws_hooks_set_the_dice_in_play(effects: Any) -> None:
    effects(Extra_Head=ExtraHead(), Giant_Brain=GiantBrain())
    game = game_with(A={"cards": ("Extra Head", "Giant Brain")})
    assert game.expected_dice().counts == {"black": 6, "green": 1}  # type: ignore[union-attr]
    throw(game, *["1"] * 7)
    for _ in range(3):
        game.apply(game.throw_input(["2"], ["1"] * 6))
    assert game.throws == 4 and game.expected_dice() is None


def test_start_and_end_of_turn_hooks(effects: Any) -> None:
    recorder = Recorder()
    effects(Jets=recorder)
    game = game_with(A={"cards": ("Jets",)})
    throw(game, "1", "2", "3", "1", "2", "3")
    act(game, "resolve")
    act(game, "end_turn")
    assert recorder.calls == ["start_turn A", "end_turn A"]  # not on B's turn


def test_result_and_damage_hooks(effects: Any) -> None:
    effects(Acid_Attack=AcidAttack(), Armor_Plating=ArmorPlating())
    game = game_with(
        A={"cards": ("Acid Attack",)}, B={"location": "city", "cards": ("Armor Plating",)}
    )
    throw(game, "1", "2", "3", "1", "2", "3")  # no claw rolled: Acid Attack adds one
    act(game, "resolve")
    assert game.monster("B").hp == 10  # Armor Plating ignores the single HP
    assert [w.kind for w in game.waiting_for()] == ["end_turn"]  # no HP lost: no yield


def test_energy_cost_and_purchase_hooks(effects: Any) -> None:
    effects(
        Friend_of_Children=FriendOfChildren(),
        Alien_Origin=AlienOrigin(),
        Heal=Heal(),
        Flame_Thrower=FlameThrower(),
    )
    game = game_with(
        A={"hp": 5, "cards": ("Friend of Children", "Alien Origin")}, B={"location": "city"}
    )
    throw(game, "energy", "energy", "1", "2", "3", "1")
    act(game, "resolve")
    assert game.monster("A").energy == 3
    game.face_up = ["Heal", "Flame Thrower", None]
    act(game, "buy", card="Heal")  # costs 2 with Alien Origin
    assert game.monster("A").hp == 7 and game.monster("A").energy == 1
    assert game.discard[-1] == "Heal"


def test_elimination_hooks(effects: Any) -> None:
    effects(Eater_of_the_Dead=EaterOfTheDead())
    effects(**{"It Has a Child!": ItHasAChild()})
    game = game_with(
        A={"cards": ("Eater of the Dead",)},
        B={"hp": 2, "location": "city", "cards": ("It Has a Child!",)},
    )
    throw(game, "claw", "claw", "1", "2", "3", "1")
    act(game, "resolve")
    b = game.monster("B")
    assert b.alive and b.hp == 10 and b.cards == [] and b.location is None
    assert game.monster("A").vp == 3 + 1  # Eater of the Dead, then entering the empty City


def test_a_card_can_ask_another_player_to_decide(effects: Any) -> None:
    effects(Wings=AskTheNextMonster())
    game = game_with(A={"cards": ("Wings",)}, B={"energy": 3})
    assert [(w.player, w.options) for w in game.waiting_for()] == [("B", {"asked_by": "A"})]
    assert game.expected_dice() is None  # A waits for B
    game.apply({"type": "yield", "player": "B", "leave": False})
    assert game.monster("B").energy == 1
    assert game.expected_dice() is not None


class Camouflage(CardEffect):
    """Asks its owner for a defensive throw (one die per HP lost) when it loses HP."""

    def lost_hp(self, game: KingOfTokyo, owner: Monster, amount: int) -> None:
        dice = {"black": amount, "green": 0}
        game.ask(owner, "throw", {"dice": dice}, self.answer)

    @staticmethod
    def answer(game: KingOfTokyo, pending: Pending, inp: Input) -> None:
        pending.player.hp += list(inp["thrown"]).count("heart")
        game.decided(pending)


def test_a_card_can_ask_for_a_throw_the_camera_follows(effects: Any) -> None:
    effects(Camouflage=Camouflage())
    game = game_with(A={"location": "city", "cards": ("Camouflage",)}, active="B")
    throw(game, "claw", "claw", "1", "2", "3", "1")
    act(game, "resolve")
    expected = game.expected_dice()
    assert expected is not None and (expected.player, expected.counts["black"]) == ("A", 2)
    game.apply(game.throw_input(["heart", "1"]))
    assert game.monster("A").hp == 9
