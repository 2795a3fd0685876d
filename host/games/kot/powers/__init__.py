"""The effects of the 66 power cards, one module per kind; importing this package
registers them all in `host.games.kot.effects.EFFECTS`.

- `discard`: the 17 discard cards (they act once, when bought).
- `scoring`: keep cards that give VP, energy or HP at their moment.
- `dice`: keep cards that change the dice, the throws or the result.
- `damage`: keep cards about claws, damage, its prevention, tokens and elimination.
- `market`: keep cards about buying and owning cards (Mimic, Metamorph, Opportunist...).
- `dark`: the Dark Edition's own cards (Hibernation, Zombify...: the option `deck: "dark"`).
"""

from host.games.kot.powers import damage, dark, dice, discard, market, scoring

__all__ = ["damage", "dark", "dice", "discard", "market", "scoring"]
