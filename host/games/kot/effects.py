"""Where power-card effects plug into the engine: one `CardEffect` per card name.

The game calls the hooks below at the moments the rules give (the call sites are the
steps of `host.games.kot.turn` and the changes of `host.games.kot.state.State`, as each
docstring says); every hook is a no-op here, so a card overrides only what it needs and
registers itself with `@card("Name")` (the cards live in `host.games.kot.powers`). A
monster's effects (its keep cards, plus the card its Mimic copies) are listed in
`Monster.effects`, and per hook in `Monster.hooks`; the game also keeps, per hook, the
monsters that have it (`State.holders`). The game calls a card only at the moments it
overrides: a game full of cards stays fast.

Decisions a card needs (Wings, Opportunist, Mimic...) are asked with `State.ask(...)`:
the game then waits for that player's input before it goes on with what it was doing. A
decision made by throwing dice (Camouflage, Psychic Probe) is asked with kind "throw" and
options {"dice": {"black": n, "green": g}}: `expected_dice()` and `throw_input()` then
name that player and those dice, so the camera side follows it like any throw. A card the
owner activates (Energy Drink, Stretchy, Rapid Healing...) offers a "use" input through
`offer` and applies it in `use`.

Counters live in the owner's tokens under the card's token name (Smoke Cloud's charges
under "smoke", Battery Monster's energy under "battery"), next to poison and shrink; a
copy on the Fluxling tile keeps its own on the tile (`Monster.flux_tokens`).

A monster may have one card's effect more than once: the box's two Extra Heads, a card
and the Fluxling tile's copy of it (its own card or another's), Mimic's copy and
Fluxling's of one card. Each copy is then an effect of its own in `Monster.effects` (the
Fluxling's is the card's twin, `FLUX_EFFECTS`, whose `copy` says so), called at each
hook: most cards simply act once per copy, as BGA's counts do (Acid Attack's claws,
Regeneration's HP...). A card that acts once however many copies, or once with the
count (BGA: `countCardOfType`), does so from its first copy (`first`, `copies`): one
question per loss (Wings, Camouflage), one loss of as many HP as copies (Reflective
Hide, Burrowing, Fire Breathing), one check with the count (Solar Powered, Rooting for
the Underdog, Nanobots). What is per card (a once-per-turn use, tokens) is per copy, as
BGA keys it by the card's id: `key`, and the copy's own tokens.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from host.games import Input
    from host.games.kot.state import Hit, Monster, State


class CardEffect:
    """A card's effect; `owner` is the monster holding the card (or copying it)."""

    name = ""  # the card's name, set by @card
    priority = 0  # order among the effects of one monster at the same hook (lower first)
    # a hook's own order, where it is not `priority` (hook -> its priority)
    priorities: Mapping[str, int] = MappingProxyType({})
    any_time = False  # its "use" is offered at any time, even while others decide
    yields_unhurt = False  # yielding Tokyo after a Smash, its owner loses no HP to it (Jets)
    heals_others = False  # its owner's hearts may heal other monsters (Healing Ray)
    buys_owned = False  # its owner may buy keep cards other monsters own (Parasitic Tentacles)
    big = False  # its owner's max HP is 12 (Even Bigger; Full Regeneration: a hard cap)
    stays_out = False  # its owner never moves into Tokyo, even empty (Hibernation)
    buys_nothing = False  # its owner buys no power cards (Hibernation)
    in_tokyo = True  # the card may be bought by a monster in Tokyo (not Hibernation)
    copy = ""  # "": the card itself (or Mimic's copy of it); "fluxling": the tile's copy
    burrows = False  # the monster taking the place its owner yielded loses 1 HP (Burrowing)
    hooked: tuple[str, ...] = ()  # the hooks and flags this class overrides (set below)
    # a feed tells the changes of its turn's hooks (start, end, once the claws resolved) as
    # its own, by its name (State.because_of); False: as the input's (berserk's)
    told = True

    def __init_subclass__(cls) -> None:
        cls.hooked = tuple(h for h in HOOKS if getattr(cls, h) is not getattr(CardEffect, h))

    def first(self, owner: Monster, hook: str) -> bool:
        """Whether this is the first of the card's copies `owner` has at `hook` (a card
        that acts once, however many copies: the others do nothing there)."""
        name = self.name
        for eff in owner.hooks[hook]:
            if eff.name == name:
                return eff is self
        return True

    def copies(self, owner: Monster) -> int:
        """How many copies of the card's effect `owner` has (BGA's `countCardOfType`)."""
        name = self.name
        n = 0
        for eff in owner.effects:
            if eff.name == name:
                n += 1
        return n

    def key(self, owner: Monster) -> str:
        """This copy of the card, `owner`'s, in what the game remembers (`State.used`)."""
        return f"{self.name}/{owner.name}/{self.copy}"

    def gained(self, game: State, owner: Monster) -> None:
        """`owner` now has the keep card's effect (bought, taken, copied, or placed by a
        position): a lasting effect starts, e.g. Even Bigger's max HP 12."""

    def lost(self, game: State, owner: Monster) -> None:
        """The effect left `owner` (card discarded, taken, eliminated; copy ended): max HP
        drops back, the card's counter goes."""

    def bought(self, game: State, buyer: Monster) -> None:
        """The card's on-purchase effect: a discard card's whole effect (it is already on
        the discard pile), a keep card's one-off part (Even Bigger's +2 HP, Battery
        Monster's energy). Also for a copy Mimic makes (policy 36), not for positions."""

    def any_bought(self, game: State, owner: Monster, buyer: Monster, card: str) -> None:
        """A monster bought a card: Media-Friendly."""

    def cost(self, game: State, owner: Monster, card: str, cost: int) -> int:
        """The cost `owner` pays for `card`: Alien Origin."""
        return cost

    def revealed(self, game: State, owner: Monster, cards: list[str]) -> None:
        """Cards were revealed face up on the market (on another monster's turn, as every
        reveal happens in the active monster's buy step): Opportunist."""

    def start_turn(self, game: State, owner: Monster) -> None:
        """Start of `owner`'s turn, after Tokyo's start-of-turn VP: Urbavore, Battery
        Monster, Mimic's new choice."""

    def dice(self, game: State, owner: Monster, black: int, green: int) -> tuple[int, int]:
        """The dice `owner` throws this turn, per colour: Extra Head."""
        return black, green

    def throws(self, game: State, owner: Monster, throws: int) -> int:
        """How many throws `owner` has this turn: Giant Brain."""
        return throws

    def rethrow(self, game: State, owner: Monster) -> str | None:
        """A face whose dice `owner` may throw again after its last throw: Background
        Dweller's "3"."""
        return None

    def offer(self, game: State, owner: Monster) -> dict[str, Any] | None:
        """The options of a "use" input `owner` may give now, or None: Energy Drink,
        Stretchy, Rapid Healing, Made in a Lab..."""
        return None

    def use(self, game: State, owner: Monster, inp: Input, options: dict[str, Any]) -> None:
        """Check, then apply a "use" input that `offer` allowed (`options`)."""

    def thrown(self, game: State, owner: Monster) -> None:
        """`owner`, the active monster, has made a throw (its dice are `game.dice`): Buried
        in Sand's throw follows the die of fate."""

    def after_throws(self, game: State, owner: Monster, thrower: Monster) -> None:
        """Another monster has made its last throw: Psychic Probe may reroll a die."""

    def result(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        """Change the result before it resolves (face -> count), e.g. add claws: Acid Attack.
        `game.rolled` holds what the dice show, for cards that look at the dice only."""

    def resolved(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        """After the numbers score, before energy, hearts and the Smash: Alpha Monster,
        Gourmet, Freeze Time."""

    def smash(self, game: State, owner: Monster, hits: list[Hit]) -> None:
        """`owner`'s Smash is about to hit (one Hit per victim, `hit.smash` True): add
        victims (Nova Breath) or separate extra losses (Fire Breathing)."""

    def smashed(self, game: State, owner: Monster, victim: Monster, lost: int) -> None:
        """`owner`'s Smash made `victim` lose `lost` HP: Poison Spit, Shrink Ray."""

    def defend(self, game: State, owner: Monster, hit: Hit) -> bool:
        """`owner` is about to lose `hit.amount` HP: lower it (Armor Plating), or ask a
        decision (Wings, Camouflage) and return True; its answer goes on with
        `game.defend(hit)`. Called in priority order (policy 24)."""
        return False

    def lost_hp(self, game: State, owner: Monster, amount: int) -> None:
        """`owner` lost `amount` HP at once: We're Only Making It Stronger!"""

    def hurt_by(self, game: State, owner: Monster, source: Monster, amount: int) -> None:
        """`owner` lost `amount` HP that another monster, `source`, made it lose (its
        Smash, its card): Reflective Hide."""

    def heal(self, game: State, owner: Monster, amount: int) -> int:
        """`owner` is about to gain `amount` HP (one healing event): Regeneration adds 1."""
        return amount

    def healed(self, game: State, owner: Monster, hp: int, own: bool) -> None:
        """`owner` gained `hp` HP (more than 0), by its own doing (`own`: its hearts, cards,
        cultists, tiles...) or another's (Healing Ray): berserk ends on its own healing."""

    def energy(self, game: State, owner: Monster, amount: int) -> int:
        """`owner` is about to gain `amount` energy: Friend of Children adds 1."""
        return amount

    def vp_gain(self, game: State, owner: Monster, amount: int) -> int:
        """`owner` is about to gain `amount` VP (more than 0): a curse may stop it."""
        return amount

    def zero_hp(self, game: State, owner: Monster) -> bool:
        """`owner` is at 0 HP: raise its HP to stay (Rapid Healing), or return True if it
        stays in the game having reached 0 HP (It Has a Child!)."""
        return False

    def eliminated(self, game: State, owner: Monster, victim: Monster) -> None:
        """A monster reached 0 HP (eliminated, or back with It Has a Child!): Eater of the
        Dead."""

    def clawed(self, game: State, owner: Monster, claws: int) -> None:
        """`owner`'s result's claws (`claws`, 0 too) have resolved, the Smash and its yields
        included, before it enters Tokyo: berserk starts, the berserk die's skull hurts."""

    def entered(self, game: State, owner: Monster) -> None:
        """`owner` entered Tokyo (step 3, Death From Above; not a Bay-to-City move):
        Defender of Tokyo."""

    def hearts_used(self, game: State, owner: Monster, hearts: int) -> None:
        """`hearts` heart dice of `owner`'s result went to healing it (in Tokyo: the ones
        not given to others), after they healed: Skybeam."""

    def yielded(self, game: State, owner: Monster, place: str) -> None:
        """`owner` yielded `place` ("city"/"bay") after a Smash: Burrowing."""

    def before_end(self, game: State, owner: Monster) -> None:
        """End of `owner`'s turn, first: decisions (Metamorph)."""

    def end_turn(self, game: State, owner: Monster) -> None:
        """End of `owner`'s turn, after `before_end`: Energy Hoarder, Solar Powered."""


def unusable(game: State, counts: dict[str, int], faces: tuple[str, ...]) -> None:
    """Faces of the result being resolved that count for nothing (a curse's, Hibernation's,
    a zombie's hearts), for the cards that read the dice too (`game.rolled`: policy 48)."""
    rolled = game.rolled
    for face in faces:
        counts[face] = 0
        rolled[face] = 0


# card name -> its effect; cards not listed have none
EFFECTS: dict[str, CardEffect] = {}
# card name -> the effect of the Fluxling tile's copy of it (its twin: `copy` "fluxling")
FLUX_EFFECTS: dict[str, CardEffect] = {}
FLUX = "fluxling"

# the flags above: a hook table lists the effects that set them, like a hook's
FLAGS = ("yields_unhurt", "heals_others", "buys_owned", "big", "stays_out", "buys_nothing")
# the hooks above, by name, and the flags
HOOKS = (
    *(
        name
        for name, value in vars(CardEffect).items()
        if not name.startswith("_") and callable(value) and name not in ("first", "copies", "key")
    ),
    *FLAGS,
)

E = TypeVar("E", bound=type[CardEffect])


class Counter(CardEffect):
    """A card that comes with counters on it (Smoke Cloud's charges, Battery Monster's
    energy): `full` of them when gained (a position may say how many are left), kept in
    the owner's tokens under `token`; a Fluxling copy's on the tile."""

    token = ""
    full = 0

    def gained(self, game: State, owner: Monster) -> None:
        if self.copy:
            owner.flux_tokens = self.full
        else:
            owner.tokens.setdefault(self.token, self.full)

    def lost(self, game: State, owner: Monster) -> None:
        if self.copy:
            owner.flux_tokens = 0
        else:
            owner.tokens.pop(self.token, None)

    def counters(self, owner: Monster) -> int:
        """The counters left on this copy."""
        return owner.flux_tokens if self.copy else owner.tokens.get(self.token, 0)

    def set_counters(self, game: State, owner: Monster, count: int) -> None:
        if self.copy:
            owner.flux_tokens = count if count > 0 else 0
        else:
            game.set_token(owner, self.token, count)


# the cards not bought by a monster in Tokyo (an effect's `in_tokyo`: Hibernation)
NOT_IN_TOKYO: set[str] = set()


def register(name: str, effect: CardEffect) -> None:
    """`effect` is the effect of the card `name`."""
    effect.name = name
    EFFECTS[name] = effect
    twin = type(effect)()
    twin.name, twin.copy = name, FLUX
    FLUX_EFFECTS[name] = twin
    if not effect.in_tokyo:
        NOT_IN_TOKYO.add(name)


def card(name: str) -> Callable[[E], E]:
    """Register an instance of the decorated class as the effect of the card `name`."""

    def decorate(cls: E) -> E:
        register(name, cls())
        return cls

    return decorate
