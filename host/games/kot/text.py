"""King of Tokyo's words for people: every player-facing string of the package goes
through `_` (host.games.text); its names (monsters, cards, faces, tokens) are declared here
so every locale file is checked to have them (host/games/kot/locales/LANG.json)."""

from collections.abc import Iterator

from host.games.kot.cards import ALL_CARDS, DECKS
from host.games.kot.rules import BAY
from host.games.kot.setup import CURSE_NAMES, MONSTERS, TILE_PAIRS, TOKENS
from host.games.text import Every, Text, Words

# the faces as the page shows them (names: each is translated where it is shown)
FACE_LABELS = {"1": "1", "2": "2", "3": "3", "heart": "♥", "energy": "⚡", "claw": "claw"}
# the berserk die's (expansions/berserk.py)
FACE_LABELS |= {
    "berserk_energy": "berserk ⚡",
    "berserk_energy_2": "berserk ⚡⚡",
    "berserk_claw": "berserk claw",
    "berserk_claw_2": "berserk 2 claws",
    "berserk_skull": "berserk 💀",
}
# the die of fate's (expansions/curses.py)
FACE_LABELS |= {
    "fate_eye": "eye of Horus",
    "fate_river": "river",
    "fate_snake": "snake",
    "fate_ankh": "ankh",
}


def _names() -> Iterator[str]:
    yield from MONSTERS
    yield from ALL_CARDS  # the standard box's and the Dark Edition's
    yield "zombie"  # a monster Zombify brought back
    yield from FACE_LABELS.values()
    yield from TOKENS
    for pair in TILE_PAIRS:  # the wickedness tiles
        yield from pair
    yield from CURSE_NAMES


_ = Words(__package__ or "host.games.kot", names=_names)

# the faces whose label is a sign, in words: what a screen reader and a tooltip say (words
# of sentences, not names: "energy" is code in some, '"hp", "energy" or "throw"')
FACE_WORDS = {
    "heart": _("heart"),
    "energy": _("energy"),
    "berserk_energy": _("berserk energy"),
    "berserk_energy_2": _("berserk 2 energy"),
    "berserk_skull": _("berserk skull"),
}


def face_label(face: str) -> Text:
    return _.name(FACE_LABELS.get(face, face))


def place_name(place: object) -> Text:
    """Tokyo City or Tokyo Bay, for people."""
    return _("Tokyo Bay") if place == BAY else _("Tokyo City")


def card_choice(card: str, label: object = None) -> tuple[str, object, Every]:
    """A card to pick from a list: its value, its label (its name, unless given) and what
    it is found by: its name in every language and its cost (in either deck: the Dark
    Edition's changes some)."""
    costs = sorted({cards[card].cost for cards in DECKS.values() if card in cards})
    return card, label or _.name(card), Every(_.name(card), *(f"{c}⚡" for c in costs))
