"""King of Tokyo on the page: its setup and pick-up forms and its state, in the page's
vocabulary (host.games.page). Built from the engine's own state JSON (`state_json`), so
the page shows what `dicetable replay` prints.

>>> from host.games.kot import KingOfTokyo, Setup
>>> shown = view(KingOfTokyo(Setup.simple("Ann", "Bob", first_player="Ann")))
>>> shown["headline"], [d["value"] for d in shown["seats"][0]["dials"]]
('Turn 1: Ann (Alienoid)', [10, 0, 0])
"""

from __future__ import annotations

from typing import Any

from host.games.kot.advisor import advice
from host.games.kot.cards import ALL_CARDS
from host.games.kot.engine import KingOfTokyo
from host.games.kot.expansions.curse_words import EFFECTS as CURSE_EFFECTS
from host.games.kot.expansions.wickedness import TILES
from host.games.kot.rules import BAY, BAY_MIN_ALIVE, CITY, ROLL, ROLLOFF, START_HP, WIN_VP
from host.games.kot.setup import MAX_PLAYERS, MIN_PLAYERS, MONSTERS
from host.games.kot.text import _, card_choice, face_label, place_name
from host.games.page import (
    PLAYERS,
    dial,
    dice_view,
    field,
    form,
    item_list,
    place,
    seat,
)
from host.games.page import view as page_view

FACE_UP_CARDS = 3
CULTIST_ICON = "🐙"
WICKED_ICON = "😈"
WICKED_MOST = 10
SCARAB_ICON = "🪲"


def catalog() -> dict[str, Any]:
    monster = field("players.{i}.monster", _("monster"), choices=[(m, _.name(m)) for m in MONSTERS])
    monster["distinct"] = True  # row i starts with the i-th monster: no two alike at first
    setup = form(
        [monster],
        [
            field(
                "first_player",
                _("first player"),
                choices=PLAYERS,
                blank=_("Roll-off (most claws starts)"),
            ),
            *_options(),
        ],
        (MIN_PLAYERS, MAX_PLAYERS),
        start=4,
    )
    at = "position.monsters.{player}."
    cards = [card_choice(c) for c in sorted(ALL_CARDS)]  # either deck's
    tiles = [(t, _.name(t)) for t in sorted(TILES)]
    curses = [(c, _.name(c)) for c in CURSE_EFFECTS]
    places = [(p, place_name(p)) for p in ("city", "bay")]
    pickup = form(
        [
            monster,
            field(at + "hp", _("HP"), icon="♥", min=0, default=START_HP),
            field(at + "vp", _("VP"), icon="★", min=0, default=0),
            field(at + "energy", _("energy"), icon="⚡", min=0, default=0),
            field(
                at + "location",
                _("place"),
                choices=places,
                blank=_("outside Tokyo"),
                blank_value=None,
            ),
            field(at + "cards", _("cards"), choices=cards, multiple=True),
            # an expansion's fields shown only with its option (every one was, a row of a
            # phone's screen each; `only_with`)
            field(
                at + "cultists",
                _("cultists"),
                icon=CULTIST_ICON,
                min=0,
                default=0,
                only_with="options.cultists",
            ),
            field(
                at + "wickedness",
                _("wickedness"),
                icon=WICKED_ICON,
                min=0,
                max=10,
                default=0,
                only_with="options.wickedness",
            ),
            field(
                at + "tiles",
                _("wickedness tiles"),
                choices=tiles,
                multiple=True,
                only_with="options.wickedness",
            ),
            field(
                at + "berserk",
                _("berserk"),
                check=True,
                default=False,
                only_with="options.berserk",
            ),
            field(
                at + "form",
                _("transformation card"),
                choices=[("beast", _("beast side up"))],
                blank=_("robot side up"),
                only_with="options.transformation",
            ),
            field(at + "zombie", _("zombie"), check=True, default=False, only_with="options.deck"),
        ],
        [
            *(
                field(
                    f"position.tower.{level}",
                    _("Tokyo Tower level {n}", n=level),
                    choices=PLAYERS,
                    blank=_("nobody"),
                    only_with="options.tokyo_tower",
                )
                for level in ("1", "2")
            ),
            field(
                "position.curse",
                _("curse in play"),
                choices=curses,
                blank=_("(the deck's top card)"),
                blank_value=None,
                only_with="options.curses",
            ),
            field(
                "position.curse_discard",
                _("curses discarded"),
                choices=curses,
                multiple=True,
                only_with="options.curses",
            ),
            field(
                "position.scarab",
                _("Golden Scarab"),
                choices=PLAYERS,
                blank=_("the last in turn order"),
                blank_value=None,
                only_with="options.curses",
            ),
            field("position.active_player", _("whose turn"), choices=PLAYERS),
            field("position.turn", _("turn"), min=1, default=1),
            field(
                "position.face_up",
                _("card on offer"),
                choices=cards,
                count=FACE_UP_CARDS,
                blank=_("(unknown)"),
            ),
            *_options(),
        ],
        (MIN_PLAYERS, MAX_PLAYERS),
        start=MIN_PLAYERS,
    )
    return {"role": _("monster"), "setup": setup, "pickup": pickup}


def _options() -> list[dict[str, Any]]:
    return [
        # each expansion's option says what it does in a line (a new player at the table)
        field(
            "options.two_player_variant",
            _("Two-player variant"),
            check=True,
            default=False,
            note=_(
                "2 players only: entering Tokyo gives 1 energy, not 1 VP; "
                "starting a turn there, 1 energy, not 2 VP"
            ),
        ),
        field(
            "options.first_edition",
            _("First-edition Tokyo entry (needs a claw)"),
            check=True,
            default=False,
        ),
        # at a real table the deck is shuffled by hand: the page asks for each card turned
        # over (a seeded deck is for scripts and rehearsals)
        field(
            "options.table_deck",
            _("Cards shuffled by hand (enter each card turned over)"),
            check=True,
            default=True,
        ),
        field(
            "options.cultists",
            _("Cultists (Cthulhu pack)"),
            check=True,
            default=False,
            note=_(
                "Four of a kind gain a cultist, spent at any time for 1 HP, 1 energy "
                "or one more throw"
            ),
        ),
        field(
            "options.wickedness",
            _("Wickedness tiles (Even More Wicked!)"),
            choices=[
                ("front", _("front side (orange, red)")),
                ("green", _("green side")),
                ("mixed", _("each tile's side at random")),
            ],
            blank=_("no wickedness"),
            note=_(
                "Each three 1s fill the wickedness gauge by 2, each three 2s by 1; "
                "at 3, 6 and 10 a tile is taken"
            ),
        ),
        field(
            "options.tokyo_tower",
            _("Tokyo Tower (King Kong pack)"),
            check=True,
            default=False,
            note=_(
                "Four 1s while in Tokyo claim a level: HP and energy at the start of each "
                "turn; the top level wins"
            ),
        ),
        field(
            "options.berserk",
            _("Berserk (Cybertooth pack)"),
            check=True,
            default=False,
            note=_(
                "Four claws make a monster berserk: it throws the berserk die too, until it heals"
            ),
        ),
        field(
            "options.transformation",
            _("Transformation card (Mutant Evolutions variant)"),
            check=True,
            default=False,
            note=_(
                "Once a turn, before buying, flip it for 1 energy: the beast throws one of its "
                "dice once more each turn but buys no cards"
            ),
        ),
        field(
            "options.curses",
            _("Curses and the die of fate (Anubis pack)"),
            check=True,
            default=False,
            note=_(
                "A curse card always in play, its ankh or snake set off by the die of fate "
                "thrown with the dice; some curses favour the Golden Scarab's holder"
            ),
        ),
        # which box's dice the camera reads (the Dark Edition's are grey and yellow); the
        # Dark Edition's box brings its dice, its deck and its wickedness tiles: choosing one
        # of the two fills the others still blank (each may then be changed on its own)
        field(
            "options.dice",
            _("Dice"),
            choices=[("dark", _("Dark Edition's (grey and yellow)"))],
            blank=_("standard box's (black and green)"),
            sets={"dark": DARK_BOX},
        ),
        field(
            "options.deck",
            _("Power cards"),
            choices=[("dark", _("Dark Edition's (Hibernation...)"))],
            blank=_("standard box's"),
            sets={"dark": DARK_BOX},
        ),
        field(
            "options.instant_win_now",
            _("An instant win ends the game at once (not at the end of the turn)"),
            check=True,
            default=False,
        ),
    ]


# what the Dark Edition's box brings, for the setup form: its dice, its deck, its
# wickedness tiles (red side up, as its rules advise for a first game)
DARK_BOX = {"options.dice": "dark", "options.deck": "dark", "options.wickedness": "front"}


def view(game: KingOfTokyo) -> dict[str, Any]:
    s = game.to_json()
    winners = set(s["winners"])
    seats = []
    for p in s["players"]:
        tokens = [_("{token} ×{n}", token=_.name(t), n=n) for t, n in p["tokens"].items() if n]
        lists = [item_list("cards", "🃏", [_.name(c) for c in p["cards"]])] if p["cards"] else []
        if tokens:
            lists.append(item_list("tokens", "", tokens))
        lists += _expansion_lists(p)
        levels = [n for n, holder in s.get("tower", {}).items() if holder == p["name"]]
        seats.append(
            seat(
                p["name"],
                _.name(p["monster"]),
                active=p["name"] == s["active_player"],
                out=not p["alive"],
                winner=p["name"] in winners,
                dials=[
                    dial("hp", "♥", p["hp"], p["max_hp"]),
                    dial("vp", "★", p["vp"]),
                    dial("energy", "⚡", p["energy"]),
                    *_expansion_dials(p),
                ],
                place=None if p["location"] is None else place_name(p["location"]),
                tags=([] if p["alive"] else [_("eliminated")])
                + [_("Tokyo Tower level {n}", n=n) for n in levels]
                + ([_("berserk")] if p.get("berserk") else [])
                + ([_("beast form")] if p.get("form") == "beast" else [])
                + ([_("zombie")] if p.get("zombie") else [])
                + (
                    [_("{icon} Golden Scarab", icon=SCARAB_ICON)]
                    if s.get("scarab") == p["name"] and p["alive"]  # (out: nobody holds it)
                    else []
                ),
                lists=lists,
            )
        )
    offer = item_list(
        "face-up",
        _("Cards on offer"),
        [_.name(c) for c in s["face_up"]],
        _("{n, plural, one {# card} other {# cards}} in the deck", n=s["deck_size"]),
    )
    shown = s["dice"] and not s["game_over"]  # the last throw is no news once the game is over
    dice = dice_view(s["dice"], s["throws"], s["throws_allowed"]) if shown else None
    places = [place(CITY, place_name(CITY), [s["tokyo"]["city"]] if s["tokyo"]["city"] else [])]
    if s["tokyo"]["bay"] or sum(p["alive"] for p in s["players"]) >= BAY_MIN_ALIVE:
        places.append(place(BAY, place_name(BAY), [s["tokyo"]["bay"]] if s["tokyo"]["bay"] else []))
    return page_view(
        _headline(s),
        seats,
        [offer, *_shared_lists(s)],
        dice=dice,
        odds=advice(game),
        places=places,
    )


def _expansion_dials(p: dict[str, Any]) -> list[dict[str, Any]]:
    """The dials the expansions in play add to a seat."""
    dials = []
    if "cultists" in p:
        dials.append(dial("cultists", CULTIST_ICON, p["cultists"]))
    if "wickedness" in p:
        dials.append(dial("wickedness", WICKED_ICON, p["wickedness"], WICKED_MOST))
    return dials


def _expansion_lists(p: dict[str, Any]) -> list[dict[str, Any]]:
    """A seat's wickedness tiles (and what its Fluxling copies)."""
    if not p.get("tiles"):
        return []
    tiles = [_.name(t) for t in p["tiles"]]
    flux = p.get("fluxling")
    if flux:
        card, owner = _.name(flux["card"]), flux["owner"]
        if flux.get("tokens"):  # the copy's own counters (Smoke Cloud's, Battery Monster's)
            tiles.append(
                _(
                    "Fluxling copies {card} of {owner}, ×{n} on the tile",
                    card=card,
                    owner=owner,
                    n=flux["tokens"],
                )
            )
        else:
            tiles.append(_("Fluxling copies {card} of {owner}", card=card, owner=owner))
    return [item_list("tiles", WICKED_ICON, tiles)]


def _shared_lists(s: dict[str, Any]) -> list[dict[str, Any]]:
    """The wickedness tiles still lying at their thresholds; Tokyo Tower's levels."""
    lists = []
    if "wickedness_tiles" in s:
        lying = [
            _("{tile} (at {level})", tile=_.name(t), level=level)
            for level, pile in s["wickedness_tiles"].items()
            for t in pile
        ]
        lists.append(item_list("wickedness-tiles", _("Wickedness tiles"), lying))
    if "tower" in s:
        levels = [
            _("level {n}: {player}", n=n, player=who) if who else _("level {n}: free", n=n)
            for n, who in s["tower"].items()
        ]
        lists.append(item_list("tower", _("Tokyo Tower"), levels))
    if "curse" in s:
        lists.append(_curse_list(s))
    return lists


def _curse_list(s: dict[str, Any]) -> dict[str, Any]:
    """The curse in play and its three effects, the die of fate's face this turn, who has
    the Golden Scarab."""
    curse = s["curse"]
    if curse is None:  # the table says which one was turned over
        items = [_("a curse card is being turned over")]
        label = _("Curse")
    else:
        permanent, ankh, snake = CURSE_EFFECTS[curse]
        items = [
            _("Always: {effect}", effect=permanent),
            _("Ankh: {effect}", effect=ankh),
            _("Snake: {effect}", effect=snake),
        ]
        label = _("Curse: {curse}", curse=_.name(curse))
    if s["fate"] is not None:
        items.append(_("The die of fate shows {face}", face=face_label(s["fate"])))
    holder = s["scarab"]
    alive = any(p["name"] == holder and p["alive"] for p in s["players"])
    if holder is None:
        items.append(_("Golden Scarab: not dealt yet"))
    elif alive:
        items.append(_("Golden Scarab: {player}", player=holder))
    else:
        items.append(_("Golden Scarab: nobody ({player} is out)", player=holder))
    note = _("{n, plural, one {# curse} other {# curses}} in the deck", n=s["curse_deck_size"])
    return item_list("curse", label, items, note)


def _headline(s: dict[str, Any]) -> str:
    if s["game_over"]:
        if not s["winners"]:
            return _("Game over: nobody won.")
        return _("Game over: {players} won!", players=s["winners"])
    waits = s["waiting_for"]
    setting_out = waits and all(w["kind"] == "reveal" for w in waits)  # a deck shuffled by hand
    if s["phase"] in (ROLL, ROLLOFF) and not s["throws"] and setting_out:
        # (how many said: "the deck's top cards" left a new player to guess)
        return _("Set out the cards on offer: turn over the deck's top {n} cards", n=FACE_UP_CARDS)
    if s["active_player"] is None:
        return _("Roll-off: who throws the most claws starts")
    monster = next(p["monster"] for p in s["players"] if p["name"] == s["active_player"])
    # 20 VP reached: the game ends with the turn (policy 1), and the page said nothing of
    # it, a turn going on after the win
    won = [p["name"] for p in s["players"] if p["alive"] and p["vp"] >= WIN_VP]
    if won:
        return _(
            "Turn {n}: {player} ({monster}) · 20 VP for {players}: the win comes at the end "
            "of this turn",
            n=s["turn"],
            player=s["active_player"],
            monster=_.name(monster),
            players=won,
        )
    # the others all knocked out: the game ends with the turn too, and the page said only
    # 'Turn 5: Ann (Alienoid)' over 'Ann: end the turn', one monster left playing on
    alive = [p["name"] for p in s["players"] if p["alive"]]
    if len(alive) == 1 and len(s["players"]) > 1:
        return _(
            "Turn {n}: {player} ({monster}) · {winner} is the last monster standing: the win "
            "comes at the end of this turn",
            n=s["turn"],
            player=s["active_player"],
            monster=_.name(monster),
            winner=alive[0],
        )
    return _(
        "Turn {n}: {player} ({monster})",
        n=s["turn"],
        player=s["active_player"],
        monster=_.name(monster),
    )
