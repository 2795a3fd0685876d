"""The expansions of King of Tokyo (king-of-tokyo-expansions.md, docs/kot-expansions.md),
one module each, each its own game option; importing this package registers them all in
`host.games.kot.expansion.EXPANSIONS`, in the order the rules hook them into a turn.

- `tower`: Tokyo Tower, the King Kong pack's (section 2).
- `cultists`: the Cthulhu pack's cultists (section 3).
- `wickedness`: the wickedness gauge and tiles, Dark Edition / Even More Wicked! (section 1).
- `berserk`: the Cybertooth pack's berserk and its die (section 4).
- `curses`: the Anubis pack's curses, the die of fate and the Golden Scarab (section 5;
  the cards in `curse_cards`, their decisions in `curse_decisions`).
- `dark_deck`: the Dark Edition's deck around its cards (section 1: a spare die, zombies).
- `transformation`: the transformation card, robot or beast (Mutant Evolutions variant,
  section 6.3).
"""

from host.games.compiled import prefer_compiled

# compiled by mypyc (host/games/compiled.py); not wickedness (multiple inheritance) nor the
# curse cards (classes made by decorators)
COMPILED = ("berserk", "cultists", "curses", "tower")
prefer_compiled(__name__, __path__, COMPILED)  # before the modules: their build, if fresh

from host.games.kot.expansions import (  # noqa: E402
    berserk,
    cultists,
    curses,
    dark_deck,
    tower,
    transformation,
    wickedness,
)

__all__ = ["berserk", "cultists", "curses", "dark_deck", "tower", "transformation", "wickedness"]
