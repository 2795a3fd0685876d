"""The 66 power cards of King of Tokyo (2016 edition), and the Dark Edition's deck: name,
cost, keep or discard, copies.

This module is the one place for the card lists; effects live in `effects.py`. Names are
the 2016 English names of the rules reference; first-edition names are accepted as aliases.
The Dark Edition's deck (the option `deck: "dark"`; king-of-tokyo-expansions.md section 1,
"Other Dark Edition changes", BGA's list: policy 23) is the standard deck with 8 cards out,
8 cards in, 3 costs changed and Solar Powered renamed Lunar Powered (costing 3).

>>> CARDS["Energize"].cost, CARDS["Energize"].keep
(8, False)
>>> len(BOX), len(CARDS)
(66, 64)
>>> len(BOXES["dark"]), DECKS["dark"]["Freeze Time"].cost, "Mimic" in DECKS["dark"]
(66, 6, False)
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

# the Dark Edition's deck: the cards (copies) out of the 66, the cards in, the costs changed,
# the card renamed (same effect: powers/scoring.py); It Has a Child! also resets the
# wickedness gauge there (powers/damage.py)
DARK = "dark"
_DARK_OUT = (
    "Extra Head",  # the second copy
    "Healing Ray",
    "Mimic",
    "Battery Monster",
    "Poison Spit",
    "Rooting for the Underdog",
    "Heal",
    "National Guard",
)
_DARK_KEEP = (
    ("Hibernation", 4),
    ("Nanobots", 3),
    ("Natural Selection", 2),
    ("Reflective Hide", 6),
    ("Super Jump", 4),
    ("Unstable DNA", 3),
    ("Zombify", 4),
)
_DARK_DISCARD = (("Monster Pets", 0),)
_DARK_COSTS = {"Freeze Time": 6, "Gourmet": 6, "Herd Culler": 5}
RENAMED = {"Solar Powered": ("Lunar Powered", 3)}  # standard name -> (Dark Edition's, cost)


def _dark() -> dict[str, Card]:
    out: dict[str, Card] = {}
    for card in CARDS.values():
        copies = card.copies - _DARK_OUT.count(card.name)
        if not copies:
            continue
        name, cost = RENAMED.get(card.name, (card.name, _DARK_COSTS.get(card.name, card.cost)))
        out[name] = Card(name, cost, card.keep, copies)
    for row in (*_cards(_DARK_KEEP, True), *_cards(_DARK_DISCARD, False)):
        out[row.name] = row
    return out


# the decks (Options.deck): "" the standard box's, "dark" the Dark Edition's; name -> card
DECKS: dict[str, dict[str, Card]] = {"": CARDS, DARK: _dark()}
# every card of any deck (a name's keep or discard is the same in every deck)
ALL_CARDS: dict[str, Card] = {**DECKS[DARK], **CARDS}


def _box(cards: dict[str, Card]) -> tuple[str, ...]:
    return tuple(card.name for card in cards.values() for _ in range(card.copies))


# every physical card of the box, copies repeated: the deck before shuffling
BOX: tuple[str, ...] = _box(CARDS)
BOXES: dict[str, tuple[str, ...]] = {deck: _box(cards) for deck, cards in DECKS.items()}

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
        if name in ALL_CARDS:
            return name
        if name in ALIASES:
            return ALIASES[name]
        folded = {n.casefold(): n for n in (*ALL_CARDS, *ALIASES)}
        if name.casefold() in folded:
            return canonical(folded[name.casefold()])
    from host.games.kot.text import _  # its names come from this module: imported late

    raise UnknownCard(
        _("unknown card {name} (see the card list in docs/game-script.md)", name=Quoted(name))
    )
