"""Where power-card effects plug into the engine: one `CardEffect` per card name.

The engine calls the hooks below at the moments the rules give (the call sites are the
methods of `KingOfTokyo` named in each docstring); every hook is a no-op here, so a card
overrides only what it needs and registers an instance in `EFFECTS`. A monster's keep
cards' effects are listed in `Monster.effects`, and per hook in `Monster.hooks` (both kept
in step with `Monster.cards` by `KingOfTokyo.give_card`/`take_card`), so the engine calls
a card only at the moments it overrides: a game full of cards stays fast.

Decisions a card needs (Jets, Camouflage, Opportunist...) are asked with
`KingOfTokyo.ask(...)`: the game then waits for that player's input before it goes on. A
decision made by throwing dice (Camouflage) is asked with kind "throw" and options
{"dice": {"black": n, "green": 0}}: `expected_dice()` and `throw_input()` then name that
player and those dice, so the camera side follows it like any throw.

Issue 3 (this package's base game) registers no effects: bought cards just sit in front of
their owner (keep) or go to the discard pile (discard).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from host.games.kot.engine import KingOfTokyo, Monster


class CardEffect:
    """A card's effect; `owner` is the monster holding the card."""

    def gained(self, game: KingOfTokyo, owner: Monster) -> None:
        """`owner` now holds the keep card (bought, taken, or placed by a position): its
        lasting effect starts, e.g. Even Bigger's max HP 12."""

    def lost(self, game: KingOfTokyo, owner: Monster) -> None:
        """The keep card left `owner` (discarded, taken, eliminated): max HP drops back."""

    def bought(self, game: KingOfTokyo, buyer: Monster) -> None:
        """The card's on-purchase effect: a discard card's whole effect (then it goes to the
        discard pile), a keep card's one-off part (Even Bigger's +2 HP, Battery Monster's
        energy). Not called for cards placed by a position."""

    def any_bought(self, game: KingOfTokyo, owner: Monster, buyer: Monster, card: str) -> None:
        """Any monster bought a card: Media-Friendly (owner is buyer)."""

    def cost(self, game: KingOfTokyo, owner: Monster, card: str, cost: int) -> int:
        """The cost `owner` pays for `card`: Alien Origin."""
        return cost

    def revealed(self, game: KingOfTokyo, owner: Monster, card: str) -> None:
        """A card was revealed face up on the market: Opportunist."""

    def start_turn(self, game: KingOfTokyo, owner: Monster) -> None:
        """Start of `owner`'s turn, after Tokyo's start-of-turn VP: Urbavore, Battery Monster."""

    def dice(self, game: KingOfTokyo, owner: Monster, black: int, green: int) -> tuple[int, int]:
        """The dice `owner` throws this turn, per colour: Extra Head, Shrink Ray."""
        return black, green

    def throws(self, game: KingOfTokyo, owner: Monster, throws: int) -> int:
        """How many throws `owner` has this turn: Giant Brain."""
        return throws

    def result(self, game: KingOfTokyo, owner: Monster, counts: dict[str, int]) -> None:
        """Change the result before it resolves (face -> count): Acid Attack adds a claw."""

    def resolved(self, game: KingOfTokyo, owner: Monster, counts: dict[str, int]) -> None:
        """After numbers, energy and hearts, before the Smash: Alpha Monster, Gourmet."""

    def hp_loss(self, game: KingOfTokyo, owner: Monster, amount: int, smash: bool) -> int:
        """`owner` is about to lose `amount` HP: return what it really loses (Armor Plating)."""
        return amount

    def lost_hp(self, game: KingOfTokyo, owner: Monster, amount: int) -> None:
        """`owner` lost `amount` HP at once: We're Only Making It Stronger!"""

    def heal(self, game: KingOfTokyo, owner: Monster, amount: int) -> int:
        """`owner` is about to gain `amount` HP: Regeneration adds 1."""
        return amount

    def vp(self, game: KingOfTokyo, owner: Monster, amount: int) -> int:
        """`owner` is about to gain (or, if negative, lose) `amount` VP."""
        return amount

    def energy(self, game: KingOfTokyo, owner: Monster, amount: int) -> int:
        """`owner` is about to gain `amount` energy: Friend of Children adds 1."""
        return amount

    def zero_hp(self, game: KingOfTokyo, owner: Monster) -> bool:
        """`owner` reached 0 HP: return True if it stays in the game (It Has a Child!)."""
        return False

    def eliminated(self, game: KingOfTokyo, owner: Monster, victim: Monster) -> None:
        """A monster reached 0 HP: Eater of the Dead."""

    def yielded(self, game: KingOfTokyo, owner: Monster, smash_loss: int) -> None:
        """`owner` yielded Tokyo after losing `smash_loss` HP to a Smash: Jets, Burrowing."""

    def end_turn(self, game: KingOfTokyo, owner: Monster) -> None:
        """End of `owner`'s turn: Energy Hoarder, Solar Powered, poison."""


# card name -> its effect; cards not listed have none yet
EFFECTS: dict[str, CardEffect] = {}

# the hooks above, by name
HOOKS = tuple(name for name in vars(CardEffect) if not name.startswith("_"))


def hook_table(effects: list[CardEffect]) -> dict[str, list[CardEffect]]:
    """For each hook, the effects that override it: the engine calls only those, so a
    monster's cards cost nothing at the moments they do not care about.

    >>> class Extra(CardEffect):
    ...     def throws(self, game, owner, throws): return throws + 1
    >>> table = hook_table([Extra()])
    >>> len(table["throws"]), len(table["start_turn"])
    (1, 0)
    """
    return {
        name: [e for e in effects if getattr(type(e), name) is not getattr(CardEffect, name)]
        for name in HOOKS
    }


NO_HOOKS = hook_table([])
