"""What a game starts from: the seats, the options, the deck's seed, and maybe a position.

A `Setup` is plain, frozen data; `KingOfTokyo(setup)` builds the state from it. A
`Position` (like a chess FEN) starts the game at the beginning of someone's turn with the
monsters, Tokyo and the cards as given, so a scenario starts where it matters and a table
can pick up a game already in progress.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from host.games.text import Quoted

# tokens a monster may hold: poison and shrink tokens, Smoke Cloud's charges, Battery
# Monster's energy
TOKENS = ("poison", "shrink", "smoke", "battery")
# the wickedness tiles, (front, green) side of each, in BGA's order (host/games/kot/
# expansions/wickedness.py gives their effects)
TILE_PAIRS = (
    ("Devious", "Barbs"),
    ("Eternal", "Final Roar"),
    ("Skulking", "Poison Spit"),
    ("Tireless", "Underdog"),
    ("Cyberbrain", "Defender of Tokyo"),
    ("Evil Lair", "Fluxling"),
    ("Full Regeneration", "Have It All!"),
    ("Widespread Panic", "Sonic Boomer"),
    ("Antimatter Beam", "Final Push"),
    ("Skybeam", "Starburst"),
)
# the curse cards (Monster Pack 03: Anubis), BGA's order (ids 1-24; host/games/kot/
# expansions/curse_cards.py gives their effects)
CURSE_NAMES = (
    "Pharaonic Ego",
    "Isis's Disgrace",
    "Thot's Blindness",
    "Tutankhamun's Curse",
    "Buried in Sand",
    "Raging Flood",
    "Hotep's Peace",
    "Set's Storm",
    "Builders' Uprising",
    "Inadequate Offering",
    "Bow Before Ra",
    "Vengeance of Horus",
    "Ordeal of the Mighty",
    "Ordeal of the Wealthy",
    "Ordeal of the Spiritual",
    "Resurrection of Osiris",
    "Forbidden Library",
    "Confused Senses",
    "Pharaonic Skin",
    "Khepri's Rebellion",
    "Body, Spirit and Ka",
    "False Blessing",
    "Gaze of the Sphinx",
    "Scribe's Perseverance",
)
# the boxes whose dice the camera reads (Options.dice) -> vision's face set for them
DICE_BOXES = {"": "kot", "dark": "kot-dark"}
MONSTERS = ("Alienoid", "Cyber Kitty", "Giga Zaur", "Meka Dragon", "The King", "Space Penguin")


@dataclass(frozen=True)
class Seat:
    name: str  # the player's name, unique at the table
    monster: str  # one of MONSTERS


@dataclass(frozen=True)
class Options:
    # 2 players only: entering Tokyo gives 1 energy (not 1 VP), starting a turn there 1
    # energy (not 2 VP).
    two_player_variant: bool = False
    # first-edition rule: a monster enters an empty Tokyo only if its result has a claw
    first_edition: bool = False
    # the deck is shuffled by hand at the table: every card revealed is entered as an input
    # (host/games/kot/market.py); otherwise the seed orders the deck
    table_deck: bool = False
    # the expansions (docs/kot-expansions.md), each its own option; they combine freely.
    # Cultists (Cthulhu pack): four or more of a kind gain a cultist, spent for 1 HP, 1
    # energy or one more throw
    cultists: bool = False
    # Wickedness (Even More Wicked!): the side of the tiles, "front" (orange/red), "green"
    # or "mixed" (each tile's side drawn at setup); "" without wickedness
    wickedness: str = ""
    # Tokyo Tower (King Kong pack): four 1s in Tokyo claim a level; the top level wins
    tokyo_tower: bool = False
    # Berserk (Cybertooth pack): four claws make a monster berserk: it throws the berserk
    # die until it heals itself
    berserk: bool = False
    # Curses (Anubis pack): a curse card always in play, the die of fate thrown with the
    # dice, the Golden Scarab
    curses: bool = False
    # The transformation card (Mutant Evolutions variant): each monster's card, robot side
    # up, flipped for 1 energy after entering Tokyo; the beast side throws one die once
    # more in its roll, and buys no power cards
    transformation: bool = False
    # The box's dice, for the camera: "" the standard box's (black, green), "dark" the Dark
    # Edition's (grey main dice, yellow extra ones; same faces): read with its own face set
    dice: str = ""
    # The power deck: "" the standard box's 66 cards, "dark" the Dark Edition's (its 8 new
    # cards, 8 out, 3 costs changed, Lunar Powered: host/games/kot/cards.py)
    deck: str = ""
    # an instant win (the top of Tokyo Tower, Final Roar) ends the game on the spot, not at
    # the end of the turn (policy 1)
    instant_win_now: bool = False


@dataclass(frozen=True)
class MonsterPosition:
    hp: int = 10  # 0 means eliminated
    vp: int = 0
    energy: int = 0
    location: str | None = None  # "city", "bay" or None
    cards: tuple[str, ...] = ()
    tokens: Mapping[str, int] = field(default_factory=dict)  # e.g. {"poison": 1}
    mimic: tuple[str, str] | None = None  # (card, owner) its Mimic copies
    cultists: int = 0  # with the cultists option
    wickedness: int = 0  # the wickedness gauge, 0-10, and the tiles taken
    tiles: tuple[str, ...] = ()
    berserk: bool = False  # with the berserk option: it throws the berserk die
    form: str = "robot"  # with the transformation option: its card's side, "robot" or "beast"
    zombie: bool = False  # with the Dark Edition's deck: Zombify brought it back (max HP 12)


@dataclass(frozen=True)
class Position:
    """The table at the start of `active_player`'s turn, before its start-of-turn step.

    `face_up`/`deck` None: drawn from the cards not placed elsewhere, shuffled by the
    seed. `deck` lists the top card first (with a table deck, only which cards it holds
    counts).
    """

    monsters: Mapping[str, MonsterPosition]
    active_player: str
    turn: int = 1
    face_up: tuple[str, ...] | None = None
    deck: tuple[str, ...] | None = None
    discard: tuple[str, ...] = ()
    # wickedness: the tiles still lying at their thresholds (None: every tile of the
    # chosen side that no monster has); Tokyo Tower: level ("1", "2", "3") -> holder
    wickedness_tiles: tuple[str, ...] | None = None
    tower: Mapping[str, str] = field(default_factory=dict)
    # curses: the curse in play (None: the deck's top card, or at a table deck the one
    # turned over), the deck (top card first; None: the curses not placed elsewhere,
    # shuffled by the seed), the discard, the Golden Scarab's monster (None: the monster
    # before active_player in seating order, the last in turn order from it)
    curse: str | None = None
    curse_deck: tuple[str, ...] | None = None
    curse_discard: tuple[str, ...] = ()
    scarab: str | None = None


@dataclass(frozen=True)
class Setup:
    seats: tuple[Seat, ...]
    options: Options = Options()
    seed: int = 0  # shuffles the deck (and reshuffles the discard pile when it runs out)
    first_player: str | None = None  # None: a roll-off throw of the 6 black dice decides
    position: Position | None = None

    @classmethod
    def simple(cls, *names: str, **kwargs: object) -> Setup:
        """Seats with the monsters in box order: handy for tests and the benchmark.

        >>> Setup.simple("Ann", "Bob", first_player="Ann").seats[1]
        Seat(name='Bob', monster='Cyber Kitty')
        """
        seats = tuple(Seat(name, monster) for name, monster in zip(names, MONSTERS, strict=False))
        return cls(seats, **kwargs)  # type: ignore[arg-type]


class SetupError(ValueError):
    """A setup the game cannot start from; the message names the field and the problem."""


MIN_PLAYERS, MAX_PLAYERS = 2, 6


def check_setup(setup: Setup) -> None:
    """Raise SetupError naming the first problem of `setup`, if any."""
    from host.games import refusals
    from host.games.kot.cards import ALL_CARDS, BOXES, UnknownCard, canonical
    from host.games.kot.text import _, place_name  # its names come from here: imported late
    from host.games.text import message

    seats = setup.seats
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise SetupError(_("players: King of Tokyo takes 2 to 6 players, not {n}", n=len(seats)))
    names = [s.name for s in seats]
    for i, seat in enumerate(seats):
        if not isinstance(seat.name, str) or not seat.name.strip():
            raise SetupError(_("{at}: a player needs a name", at=f"players[{i}].name"))
        if names.count(seat.name) > 1:
            raise SetupError(
                _(
                    "{at}: {name} sits twice at the table",
                    at=f"players[{i}].name",
                    name=Quoted(seat.name),
                )
            )
        if seat.name == "deck":
            raise SetupError(
                _(
                    '{at}: "deck" names the deck in inputs; choose another name',
                    at=f"players[{i}].name",
                )
            )
        if seat.monster not in MONSTERS:
            raise SetupError(
                _(
                    "{at}: unknown monster {name} (monsters: {monsters})",
                    at=f"players[{i}].monster",
                    name=Quoted(seat.monster),
                    monsters=list(MONSTERS),
                )
            )
        if [s.monster for s in seats].count(seat.monster) > 1:
            raise SetupError(
                _(
                    "{at}: {monster} is played twice",
                    at=f"players[{i}].monster",
                    monster=_.name(seat.monster),
                )
            )
    if setup.options.two_player_variant and len(seats) != 2:
        raise SetupError(_("options.two_player_variant: only for a game started with 2 players"))
    if not isinstance(setup.seed, int) or isinstance(setup.seed, bool):
        raise SetupError(_("seed: a whole number, not {value}", value=Quoted(setup.seed)))
    if setup.first_player is not None and setup.first_player not in names:
        raise SetupError(refusals.unknown_player(setup.first_player, names, "first_player"))
    if setup.options.dice not in DICE_BOXES:
        raise SetupError(
            _(
                'options.dice: "" (the standard box\'s dice) or "dark" (the Dark Edition\'s), '
                "not {value}",
                value=Quoted(setup.options.dice),
            )
        )
    if setup.options.deck not in BOXES:
        raise SetupError(
            _(
                'options.deck: "" (the standard box\'s power cards) or "dark" (the Dark '
                "Edition's), not {value}",
                value=Quoted(setup.options.deck),
            )
        )
    box = BOXES[setup.options.deck]
    from host.games.kot.expansion import EXPANSIONS

    for x in EXPANSIONS:  # their option's value and their part of a position
        x.check(setup)
    pos = setup.position
    if pos is None:
        return
    if setup.first_player is not None:
        raise SetupError(_("first_player: not with a position (its active_player starts)"))

    def card_list(where: str, cards: tuple[str, ...]) -> list[str]:
        try:
            return [canonical(c) for c in cards]
        except UnknownCard as error:
            raise SetupError(_("{at}: {why}", at=where, why=message(error))) from None

    where = "position"
    placed = card_list(f"{where}.discard", pos.discard)
    taken: dict[str, str] = {}
    for name, mp in pos.monsters.items():
        at = f"{where}.monsters.{name}"
        if name not in names:
            raise SetupError(refusals.unknown_player(name, names, at))
        cards = card_list(f"{at}.cards", mp.cards)
        placed += cards
        for card in cards:
            if not ALL_CARDS[card].keep:
                raise SetupError(
                    _(
                        "{at}: {card} is a discard card: it never stays in play",
                        at=f"{at}.cards",
                        card=_.name(card),
                    )
                )
        mimic = None
        if mp.mimic is not None:
            mimic = card_list(f"{at}.mimic.card", (mp.mimic[0],))[0]
            owner = pos.monsters.get(mp.mimic[1])
            if "Mimic" not in cards:
                raise SetupError(
                    _(
                        "{at}: {player} has no {card}",
                        at=f"{at}.mimic",
                        player=name,
                        card=_.name("Mimic"),
                    )
                )
            if owner is None or mp.mimic[1] == name or mimic not in card_list(at, owner.cards):
                raise SetupError(
                    _(
                        "{at}: {player} has no {card} to copy",
                        at=f"{at}.mimic",
                        player=mp.mimic[1],
                        card=_.name(mimic),
                    )
                )
        if mp.zombie and not setup.options.deck:
            raise SetupError(
                _("{at}: only with the Dark Edition's deck (Zombify)", at=f"{at}.zombie")
            )
        max_hp = 12 if "Even Bigger" in (*cards, mimic) or mp.zombie else 10
        for field_name, value, top in (
            ("hp", mp.hp, max_hp),
            ("vp", mp.vp, 20),
            ("energy", mp.energy, None),
        ):
            if not _count(value) or (top is not None and value > top):
                where_ = f"{at}.{field_name}"
                if top is None:
                    said = _(
                        "{at}: {value} is not a whole number 0 or more",
                        at=where_,
                        value=Quoted(value),
                    )
                else:
                    said = _(
                        "{at}: {value} is not a whole number 0 to {top}",
                        at=where_,
                        value=Quoted(value),
                        top=top,
                    )
                raise SetupError(said)
        for token, count in mp.tokens.items():
            if token not in TOKENS:
                raise SetupError(
                    _(
                        "{at}: unknown token {name} (tokens: {tokens})",
                        at=f"{at}.tokens",
                        name=Quoted(token),
                        tokens=list(TOKENS),
                    )
                )
            if not _count(count):
                raise SetupError(
                    _(
                        "{at}: {value} is not a whole number 0 or more",
                        at=f"{at}.tokens.{token}",
                        value=Quoted(count),
                    )
                )
        if not _count(mp.cultists):
            raise SetupError(
                _(
                    "{at}: {value} is not a whole number 0 or more",
                    at=f"{at}.cultists",
                    value=Quoted(mp.cultists),
                )
            )
        if mp.cultists and not setup.options.cultists:
            raise SetupError(
                _(
                    "{at}: only with the option {option}",
                    at=f"{at}.cultists",
                    option=Quoted("cultists"),
                )
            )
        if mp.location not in (None, "city", "bay"):
            raise SetupError(
                _(
                    '{at}: "city", "bay" or null, not {value}',
                    at=f"{at}.location",
                    value=Quoted(mp.location),
                )
            )
        if mp.hp == 0 and (mp.location or cards or mp.energy or mp.cultists):
            raise SetupError(
                _(
                    "{at}: an eliminated monster (hp 0) has no place, cards, energy or cultists",
                    at=at,
                )
            )
        if mp.location is not None:
            if mp.location in taken:
                raise SetupError(
                    _(
                        "{at}: {player} is already in {place}",
                        at=f"{at}.location",
                        player=taken[mp.location],
                        place=place_name(mp.location),
                    )
                )
            taken[mp.location] = name
    alive = [n for n in names if pos.monsters.get(n, MonsterPosition()).hp > 0]  # hp checked
    if "bay" in taken and len(alive) < 5:
        raise SetupError(
            _(
                "{at}: Tokyo Bay is used only while more than 4 monsters are alive ({n} are)",
                at=where,
                n=len(alive),
            )
        )
    if len(alive) < 2:
        raise SetupError(_("{at}: fewer than 2 monsters alive: that game is over", at=where))
    if pos.active_player not in names:
        raise SetupError(
            refusals.unknown_player(pos.active_player, names, f"{where}.active_player")
        )
    if pos.active_player not in alive:
        raise SetupError(
            _("{at}: {player} is eliminated", at=f"{where}.active_player", player=pos.active_player)
        )
    if not _count(pos.turn) or pos.turn < 1:
        raise SetupError(
            _(
                "{at}: a whole number from 1, not {value}",
                at=f"{where}.turn",
                value=Quoted(pos.turn),
            )
        )
    if pos.face_up is not None:
        if len(pos.face_up) > 3:
            raise SetupError(
                _("{at}: at most 3 cards, not {n}", at=f"{where}.face_up", n=len(pos.face_up))
            )
        placed += card_list(f"{where}.face_up", pos.face_up)
    if pos.deck is not None:
        placed += card_list(f"{where}.deck", pos.deck)
    for card in set(placed):
        if placed.count(card) > box.count(card):
            raise SetupError(
                _(
                    "{at}: {card} is placed {n} times; the box has {most}",
                    at=where,
                    card=_.name(card),
                    n=placed.count(card),
                    most=box.count(card),
                )
            )


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
