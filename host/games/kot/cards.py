"""The 66 power cards of King of Tokyo (2016 edition): name, cost, keep or discard, copies.

This module is the one place for the card list; effects live in `effects.py`. Names are
the 2016 English names of the rules reference; first-edition names are accepted as aliases.

>>> CARDS["Energize"].cost, CARDS["Energize"].keep
(8, False)
>>> len(BOX), len(CARDS)
(66, 64)
>>> canonical("Alien Metabolism")
'Alien Origin'
"""

from __future__ import annotations

from dataclasses import dataclass

from host.games.text import Quoted


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    cost: int
    keep: bool  # True: stays in front of its owner; False: takes effect and is discarded
    copies: int = 1


_KEEP = (
    ("Acid Attack", 6),
    ("Alien Origin", 3),
    ("Alpha Monster", 5),
    ("Armor Plating", 4),
    ("Background Dweller", 4),
    ("Burrowing", 5),
    ("Camouflage", 3),
    ("Complete Destruction", 3),
    ("Media-Friendly", 3),
    ("Eater of the Dead", 4),
    ("Energy Hoarder", 3),
    ("Even Bigger", 4),
    ("Extra Head", 7, 2),
    ("Fire Breathing", 4),
    ("Freeze Time", 5),
    ("Friend of Children", 3),
    ("Giant Brain", 5),
    ("Gourmet", 4),
    ("Healing Ray", 4),
    ("Herbivore", 5),
    ("Herd Culler", 3),
    ("It Has a Child!", 7),
    ("Jets", 5),
    ("Made in a Lab", 2),
    ("Metamorph", 3),
    ("Mimic", 8),
    ("Battery Monster", 3),
    ("Nova Breath", 7),
    ("Detritivore", 4),
    ("Opportunist", 3),
    ("Parasitic Tentacles", 4),
    ("Plot Twist", 3),
    ("Poison Quills", 3),
    ("Poison Spit", 4),
    ("Psychic Probe", 3),
    ("Rapid Healing", 3),
    ("Regeneration", 4),
    ("Rooting for the Underdog", 3),
    ("Shrink Ray", 6),
    ("Smoke Cloud", 4),
    ("Solar Powered", 2),
    ("Spiked Tail", 5),
    ("Stretchy", 3),
    ("Energy Drink", 4),
    ("Urbavore", 4),
    ("We're Only Making It Stronger!", 3),
    ("Wings", 6),
)

_DISCARD = (
    ("Apartment Building", 5),
    ("Commuter Train", 4),
    ("Corner Store", 3),
    ("Death From Above", 5),
    ("Energize", 8),
    ("Evacuation Orders", 7, 2),
    ("Flame Thrower", 3),
    ("Frenzy", 7),
    ("Gas Refinery", 6),
    ("Heal", 3),
    ("High Altitude Bombing", 4),
    ("Jet Fighters", 5),
    ("National Guard", 3),
    ("Nuclear Power Plant", 6),
    ("Skyscraper", 6),
    ("Tank", 4),
    ("Vast Storm", 6),
)


def _cards(rows: tuple[tuple[str, int] | tuple[str, int, int], ...], keep: bool) -> list[Card]:
    return [Card(row[0], row[1], keep, row[2] if len(row) > 2 else 1) for row in rows]


# name -> card, keep cards first, in the order of the rules reference
CARDS: dict[str, Card] = {card.name: card for card in _cards(_KEEP, True) + _cards(_DISCARD, False)}

# every physical card of the box, copies repeated: the deck before shuffling
BOX: tuple[str, ...] = tuple(card.name for card in CARDS.values() for _ in range(card.copies))

# other names printed on cards (first edition) -> our name
ALIASES: dict[str, str] = {
    "Alien Metabolism": "Alien Origin",
    "Dedicated News Team": "Media-Friendly",
    "Monster Batteries": "Battery Monster",
    "Telepath": "Energy Drink",
    "Omnivore": "Detritivore",
    "Drop from High Altitude": "Death From Above",
    "Fire Blast": "Flame Thrower",
    "Tanks": "Tank",
}


class UnknownCard(ValueError):
    """A card name that is not in the box."""


def canonical(name: object) -> str:
    """The card's name as this engine spells it, or UnknownCard naming the problem."""
    if isinstance(name, str):
        if name in CARDS:
            return name
        if name in ALIASES:
            return ALIASES[name]
        folded = {n.casefold(): n for n in (*CARDS, *ALIASES)}
        if name.casefold() in folded:
            return canonical(folded[name.casefold()])
    from host.games.kot.text import _  # its names come from this module: imported late

    raise UnknownCard(
        _("unknown card {name} (see the card list in docs/game-script.md)", name=Quoted(name))
    )
