"""The random player plays with the power cards: over a few hundred random games (some
starting with keep cards dealt, some with a table deck) it buys every card of the box and
makes every decision a card can ask for, so the property tests and the benchmark run with
cards in play."""

from __future__ import annotations

import random
from collections import Counter

from host.games.kot import KingOfTokyo, MonsterPosition, Options, Position, Setup
from host.games.kot.cards import CARDS
from host.games.kot.random_player import random_input

GAMES = 300
KEEP = sorted(c for c, card in CARDS.items() if card.keep)

# what a card lets its owner (or another monster) do, as (input type, card)
CARD_DECISIONS = {
    ("use", "Energy Drink"),
    ("use", "Smoke Cloud"),
    ("use", "Herd Culler"),
    ("use", "Plot Twist"),
    ("use", "Stretchy"),
    ("use", "Rapid Healing"),
    ("use", "Made in a Lab"),
    ("use", "Metamorph"),
    ("use", "Mimic"),
    ("use", "Wings"),
    ("throw", "Camouflage"),
    ("throw", "Psychic Probe"),
    ("throw", "Background Dweller"),
    ("buy", "Opportunist"),
    ("buy", "Parasitic Tentacles"),
    ("buy", "Made in a Lab"),
    ("hearts", "Healing Ray"),
    ("healing", "Healing Ray"),
    ("pass", "Wings"),
    ("pass", "Psychic Probe"),
    ("pass", "Opportunist"),
    ("pass", "Mimic"),
    ("pass", "Metamorph"),
}


def random_setup(rng: random.Random) -> Setup:
    n = rng.randint(2, 6)
    names = "ABCDEF"[:n]
    options = Options(table_deck=rng.random() < 0.2)
    seed = rng.randrange(2**32)
    if rng.random() < 0.5:
        dealt = rng.sample(KEEP, rng.randint(0, 3 * n))
        monsters = {
            name: MonsterPosition(energy=rng.randint(0, 12), cards=tuple(dealt[i::n]))
            for i, name in enumerate(names)
        }
        position = Position(monsters, rng.choice(names))
        return Setup.simple(*names, options=options, seed=seed, position=position)
    return Setup.simple(*names, options=options, seed=seed, first_player=names[0])


def decision(game: KingOfTokyo, inp: dict[str, object]) -> tuple[str, str] | None:
    """The card behind an input, if a card made it possible: (input type, card)."""
    kind = str(inp["type"])
    asked = [p for p in game.pending if p.player.name == inp["player"]]
    if asked and "card" in asked[0].options:
        card = asked[0].options["card"]
        return (kind, "Opportunist" if kind == "buy" else card)
    if kind == "use":
        return (kind, str(inp["card"]))
    if kind == "buy" and "from" in inp:
        return (kind, "Made in a Lab" if inp["from"] == "deck" else "Parasitic Tentacles")
    if kind == "throw" and game.phase == "roll" and 0 < game.throws_allowed <= game.throws:
        return (kind, "Background Dweller")
    if kind == "hearts" and asked and asked[0].options["heal"]:
        return (kind, "Healing Ray")
    if kind == "healing":
        return (kind, "Healing Ray")
    return None


def test_the_random_player_buys_every_card_and_makes_every_card_decision() -> None:
    bought: Counter[str] = Counter()
    decisions: Counter[tuple[str, str]] = Counter()
    for i in range(GAMES):
        rng = random.Random(i)
        game = KingOfTokyo(random_setup(rng))
        while not game.game_over:
            inp = dict(random_input(game, rng))
            made = decision(game, inp)
            if made is not None:
                decisions[made] += 1
            if inp["type"] == "buy":
                bought[str(inp["card"])] += 1
            game.apply(inp)
    assert set(CARDS) - set(bought) == set()  # every card of the box was bought
    assert CARD_DECISIONS - set(decisions) == set()
