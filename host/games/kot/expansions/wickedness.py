"""Wickedness (Dark Edition; Even More Wicked! for the standard box; rules reference
section 1, policies 5-21).

When its numbers resolve, the active monster's gauge rises by 2 per complete set of three
1s and 1 per set of three 2s (`floor(n / 3)` sets: policy 6), up to 10 (policy 7). Each
threshold (3, 6, 10: policy 5) it reaches or passes lets it take one tile of its choice
among those still lying at that threshold, lower threshold first, or none (policy 8): the
"tile" decision, asked right after the number step, before energy, hearts and claws of
the same result, which the new tile already changes (policy 9). Tiles are effects on
their owner (`Tile`), for the rest of the game; one-shot tiles, and an eliminated
monster's, leave the game (policy 11). The side of the tiles is the option's value:
"front" (orange/red), "green", or "mixed" (each tile's side drawn at setup).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from host.games import Input, Waiting
from host.games.kot.decision_kinds import Answer, DecisionKind, decision_kind
from host.games.kot.effects import CardEffect
from host.games.kot.errors import MalformedInput, RuleViolation
from host.games.kot.expansion import Expansion, expansion
from host.games.kot.expansions.tile_words import EFFECTS as TILE_EFFECTS
from host.games.kot.powers.damage import PoisonSpit
from host.games.kot.setup import TILE_PAIRS, SetupError
from host.games.kot.state import ExtraTurn
from host.games.kot.text import _
from host.games.page import choice
from host.games.text import OneOf, Quoted, Text

if TYPE_CHECKING:
    from host.games.kot.setup import MonsterPosition, Position, Setup
    from host.games.kot.state import Monster, Pending, State

KIND = "tile"
MOST = 10  # the top of the gauge
THRESHOLDS = (3, 6, 10)  # policy 5
ONES_SET, TWOS_SET = 2, 1  # wickedness per set of three 1s, of three 2s
FRONT, GREEN, MIXED = "front", "green", "mixed"
SIDES = (FRONT, GREEN, MIXED)
FINAL_ROAR_VP = 16


class Tile(CardEffect):
    """A wickedness tile's effect on its owner. `taken` is its effect on taking it;
    `now` its effect on the result being resolved when it is taken in the number step
    (policy 9)."""

    level = 0
    one_shot = False  # "then discard": it leaves the game after its effect

    def taken(self, game: State, owner: Monster) -> None:
        """On taking it (after `gained`)."""

    def now(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        """Taken while its owner's result resolves: what it changes in that result."""


TILES: dict[str, Tile] = {}  # tile name -> its effect
PAIRS: list[tuple[str, str]] = []  # (front, green): the 10 double-sided tiles, in BGA's order


def tile(name: str, level: int) -> Any:
    def register(cls: type[Tile]) -> type[Tile]:
        effect = cls()
        effect.name, effect.level = name, level
        TILES[name] = effect
        return cls

    return register


# ---- the front side (orange / red) -------------------------------------------------------


@tile("Devious", 3)
class Devious(Tile):
    def throws(self, game: State, owner: Monster, throws: int) -> int:
        return throws + 1


@tile("Eternal", 3)
class Eternal(Tile):
    def start_turn(self, game: State, owner: Monster) -> None:
        game.heal(owner, 1)


@tile("Skulking", 3)
class Skulking(Tile):
    def resolved(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if counts["1"] >= 3:
            game.gain_vp(owner, 1)


@tile("Tireless", 3)
class Tireless(Tile):
    def start_turn(self, game: State, owner: Monster) -> None:
        game.gain_energy(owner, 1)


@tile("Cyberbrain", 6)
class Cyberbrain(Tile):
    """One more die (any spare die: policy 22)."""

    def dice(self, game: State, owner: Monster, black: int, green: int) -> tuple[int, int]:
        return black, green + 1


@tile("Evil Lair", 6)
class EvilLair(Tile):
    def cost(self, game: State, owner: Monster, card: str, cost: int) -> int:
        return cost - 1  # never below 0: State.card_cost


@tile("Full Regeneration", 6)
class FullRegeneration(Tile):
    """Max HP 12 while owned (a hard cap with Even Bigger: policy 17); heal up to 12."""

    big = True

    def gained(self, game: State, owner: Monster) -> None:
        game.update_max_hp(owner)

    def lost(self, game: State, owner: Monster) -> None:
        game.update_max_hp(owner)

    def taken(self, game: State, owner: Monster) -> None:
        game.heal(owner, owner.max_hp - owner.hp)


@tile("Widespread Panic", 6)
class WidespreadPanic(Tile):
    one_shot = True

    def taken(self, game: State, owner: Monster) -> None:
        for m in game.clockwise(owner):
            game.gain_vp(m, -4)


@tile("Antimatter Beam", 10)
class AntimatterBeam(Tile):
    """Claws count double: dice claws, cards' claws and Barbs' (policy 13)."""

    priority = 3  # after every card and tile that adds claws

    def result(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        counts["claw"] *= 2

    def now(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        counts["claw"] *= 2


@tile("Skybeam", 10)
class Skybeam(Tile):
    """+1 energy per energy die; +1 HP per heart die used to heal its owner, in Tokyo too
    (policy 14): the tile's own gains, after the dice's."""

    def resolved(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if counts["energy"]:
            game.gain_energy(owner, counts["energy"])

    def now(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        self.resolved(game, owner, counts)

    def hearts_used(self, game: State, owner: Monster, hearts: int) -> None:
        if hearts:
            game.heal(owner, hearts)


# ---- the green side --------------------------------------------------------------------


@tile("Barbs", 3)
class Barbs(Tile):
    """A result with at least 2 claws (cards' included) has one more (policy 13)."""

    priority = 2  # after the cards that add claws (Spiked Tail is 1)

    def result(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if counts["claw"] >= 2:
            counts["claw"] += 1

    def now(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        if counts["claw"] >= 2:
            # before Antimatter Beam's doubling, if that is owned already (policy 13)
            doubled = any(isinstance(e, AntimatterBeam) for e in owner.effects)
            counts["claw"] += 2 if doubled else 1


@tile("Final Roar", 3)
class FinalRoar(Tile):
    """Eliminated at 16 VP or more, its owner wins instead (policy 1)."""

    priority = 2  # only if nothing keeps it in the game (Rapid Healing, It Has a Child!)

    def zero_hp(self, game: State, owner: Monster) -> bool:
        if owner.vp >= FINAL_ROAR_VP:
            game.wins(owner, even_out=True)
        return False


class PoisonSpitTile(Tile, PoisonSpit):
    """As the card (a poison token per monster its claws wound); with the card, 2 tokens
    (policy 21)."""


tile("Poison Spit", 3)(PoisonSpitTile)


@tile("Underdog", 3)
class Underdog(Tile):
    """Each monster its claws wound with more VP than it: 1 VP from that monster to it
    (policy 15)."""

    def smashed(self, game: State, owner: Monster, victim: Monster, lost: int) -> None:
        if victim.vp > owner.vp:
            game.gain_vp(victim, -1)
            game.gain_vp(owner, 1)


@tile("Defender of Tokyo", 6)
class DefenderOfTokyo(Tile):
    """Entering Tokyo, and at the start of its turns in Tokyo, every other monster loses
    1 VP (policy 19: not a Bay-to-City move)."""

    def entered(self, game: State, owner: Monster) -> None:
        self._all_lose(game, owner)

    def start_turn(self, game: State, owner: Monster) -> None:
        if owner.location is not None:
            self._all_lose(game, owner)

    @staticmethod
    def _all_lose(game: State, owner: Monster) -> None:
        for m in game.clockwise(owner):
            game.gain_vp(m, -1)


@tile("Have It All!", 6)
class HaveItAll(Tile):
    def taken(self, game: State, owner: Monster) -> None:
        game.gain_vp(owner, len(owner.cards))

    def any_bought(self, game: State, owner: Monster, buyer: Monster, card: str) -> None:
        if buyer is owner:
            game.gain_vp(owner, 1)


@tile("Sonic Boomer", 6)
class SonicBoomer(Tile):
    def start_turn(self, game: State, owner: Monster) -> None:
        game.gain_vp(owner, 1)


@tile("Final Push", 10)
class FinalPush(Tile):
    """+2 HP, +2 energy, another turn after this one; discarded when that turn starts."""

    def taken(self, game: State, owner: Monster) -> None:
        game.heal(owner, 2)
        game.gain_energy(owner, 2)
        game.next_turns.append(ExtraTurn(owner))

    def start_turn(self, game: State, owner: Monster) -> None:
        lose_tile(game, owner, self)


@tile("Starburst", 10)
class Starburst(Tile):
    one_shot = True

    def taken(self, game: State, owner: Monster) -> None:
        game.gain_energy(owner, 12)


PAIRS += TILE_PAIRS


PARTNER = {a: b for a, b in PAIRS} | {b: a for a, b in PAIRS}  # the other side of its tile
SIDE_TILES = {FRONT: {a for a, _b in PAIRS}, GREEN: {b for _a, b in PAIRS}}


def _check_tile(name: object, at: str, side: str) -> None:
    if name not in TILES:
        raise SetupError(
            _(
                "{at}: unknown tile {name} (tiles: {tiles})",
                at=at,
                name=Quoted(name),
                tiles=sorted(TILES),
            )
        )
    if side in (FRONT, GREEN) and name not in SIDE_TILES[side]:
        raise SetupError(
            _(
                "{at}: {tile} is not on the {side} side chosen for this game",
                at=at,
                tile=_.name(name),
                side=side,
            )
        )


# ---- the gauge and the tile choice -----------------------------------------------------


class Gauge(CardEffect):
    """Each monster's gauge: raised by the sets of 1s and 2s of its result."""

    name = "wickedness"
    priority = -1  # first of the number step's effects: the tile comes right after it

    def resolved(self, game: State, owner: Monster, counts: dict[str, int]) -> None:
        gain = ONES_SET * (counts["1"] // 3) + TWOS_SET * (counts["2"] // 3)
        if gain:
            raise_gauge(game, owner, gain)


GAUGE = Gauge()


def raise_gauge(game: State, m: Monster, gain: int) -> None:
    """Up to 10; each threshold reached or passed offers its tiles, the lower first."""
    old = m.wickedness
    new = min(MOST, old + gain)
    m.wickedness = new
    passed = [t for t in THRESHOLDS if old < t <= new]
    if passed:
        offer_tile(game, m, passed)


def offer_tile(game: State, m: Monster, levels: list[int]) -> None:
    """Ask `m` to take a tile at the first of `levels` that has one (then the next)."""
    piles = game.tiles_lying
    for i, level in enumerate(levels):
        tiles = piles[level]
        if tiles:
            options = {"level": level, "tiles": list(tiles)}
            game.ask(m, KIND, options, decide_tile, optional=True, data=levels[i + 1 :])
            return


def decide_tile(game: State, pending: Pending, inp: Input) -> None:
    m = pending.player
    if inp["type"] != "pass":
        name = inp.get("tile")
        if not isinstance(name, str):
            raise MalformedInput(_('a tile input names the "tile" taken'))
        if name not in pending.options["tiles"]:
            raise RuleViolation(
                _(
                    "{tile} is not lying at wickedness {level}: take one of {tiles}, or pass",
                    tile=Quoted(name),
                    level=pending.options["level"],
                    tiles=OneOf(_.name(tile) for tile in pending.options["tiles"]),
                )
            )
    game.decided(pending)
    if inp["type"] != "pass":
        take_tile(game, m, inp["tile"])
    offer_tile(game, m, pending.data)


def take_tile(game: State, m: Monster, name: str) -> None:
    effect = TILES[name]
    game.tiles_lying[effect.level].remove(name)
    if effect.one_shot:
        game.tiles_gone.append(name)
    else:
        m.tiles.append(name)
        game.give_effect(m, effect)
    effect.taken(game, m)
    if m is game.active and game.counts:  # in its number step: this result too (policy 9)
        effect.now(game, m, game.counts)


def lose_tile(game: State, m: Monster, effect: Tile) -> None:
    """A tile leaves the game (discarded after its effect, its owner eliminated...)."""
    if effect.name in m.tiles:
        m.tiles.remove(effect.name)
        game.take_effect(m, effect)
        game.tiles_gone.append(effect.name)


@decision_kind(KIND, ("tile",))
class TakeTile(DecisionKind):
    """A wickedness tile taken at a threshold reached (or "pass": none)."""

    verb = _("take a tile")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        title = _(
            "{player}: take a wickedness tile (level {level})?",
            player=w.player,
            level=w.options["level"],
        )
        return {
            "title": title,
            "choices": [
                # what the tile does, said with it: a choice among names alone was blind
                choice(
                    _("Take {tile}: {effect}", tile=_.name(t), effect=TILE_EFFECTS[t]),
                    {**base, "tile": t},
                )
                for t in w.options["tiles"]
            ],
        }

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp["tile"] = rng.choice(options["tiles"])

    def declined(self, game: State, player: str) -> Text | None:
        return _("{player}: take no tile?", player=player)


@expansion("wickedness")
class Wickedness(Expansion):
    values = (FRONT, GREEN, MIXED)

    def setup(self, game: State) -> None:
        side = game.setup.options.wickedness
        lying: dict[int, list[str]] = {t: [] for t in THRESHOLDS}
        for front, green in PAIRS:
            if side == MIXED:
                name = green if game.rng.random() < 0.5 else front
            else:
                name = front if side == FRONT else green
            if name in TILES:
                lying[TILES[name].level].append(name)
        game.tiles_lying = lying
        game.extra_dice += 1  # Cyberbrain's die (policy 22: any spare die)
        for m in game.monsters:
            game.give_effect(m, GAUGE)

    def check(self, setup: Setup) -> None:
        side = setup.options.wickedness
        if side not in ("", *SIDES):
            raise SetupError(
                _(
                    'options.wickedness: the side of the tiles, "front", "green" or "mixed" '
                    '(or "" for none), not {value}',
                    value=Quoted(side),
                )
            )
        pos = setup.position
        if pos is None:
            return
        owned: dict[str, str] = {}
        for name, mp in pos.monsters.items():
            at = f"position.monsters.{name}"
            if (mp.wickedness or mp.tiles) and not side:
                raise SetupError(
                    _(
                        "{at}: wickedness and tiles only with the option {option}",
                        at=at,
                        option=Quoted("wickedness"),
                    )
                )
            if not isinstance(mp.wickedness, int) or not 0 <= mp.wickedness <= MOST:
                raise SetupError(
                    _(
                        "{at}: {value} is not a whole number 0 to {top}",
                        at=f"{at}.wickedness",
                        value=Quoted(mp.wickedness),
                        top=MOST,
                    )
                )
            if mp.hp == 0 and mp.tiles:
                raise SetupError(
                    _("{at}: an eliminated monster's tiles left the game", at=f"{at}.tiles")
                )
            for t in mp.tiles:
                _check_tile(t, f"{at}.tiles", side)
                for other in (t, PARTNER[t]):
                    if other in owned:
                        raise SetupError(
                            _(
                                "{at}: {player} has the tile of {tile} already",
                                at=f"{at}.tiles",
                                player=owned[other],
                                tile=_.name(t),
                            )
                        )
                owned[t] = name
        if pos.wickedness_tiles is not None:
            if not side:
                raise SetupError(
                    _(
                        "{at}: only with the option {option}",
                        at="position.wickedness_tiles",
                        option=Quoted("wickedness"),
                    )
                )
            for t in pos.wickedness_tiles:
                _check_tile(t, "position.wickedness_tiles", side)
                owner = owned.get(t, owned.get(PARTNER[t]))
                if owner is not None:
                    raise SetupError(
                        _(
                            "position.wickedness_tiles: {player} has {tile}'s tile",
                            player=owner,
                            tile=_.name(t),
                        )
                    )

    def place(self, game: State, m: Monster, mp: MonsterPosition) -> None:
        m.wickedness = mp.wickedness
        for name in mp.tiles:
            effect = TILES[name]
            for pile in game.tiles_lying.values():  # the tile lies no more, either side
                for t in (name, PARTNER[name]):
                    if t in pile:
                        pile.remove(t)
            m.tiles.append(name)
            game.give_effect(m, effect)

    def place_table(self, game: State, pos: Position) -> None:
        if pos.wickedness_tiles is not None:
            game.tiles_lying = {t: [] for t in THRESHOLDS}
            for name in pos.wickedness_tiles:
                game.tiles_lying[TILES[name].level].append(name)

    def revived(self, game: State, m: Monster) -> None:
        self.out(game, m)  # It Has a Child! discards the tiles, keeps the gauge (policy 12)

    def out(self, game: State, m: Monster) -> None:
        for name in list(m.tiles):
            lose_tile(game, m, TILES[name])

    def monster_json(self, game: State, m: Monster, out: dict[str, Any]) -> None:
        out["wickedness"] = m.wickedness
        out["tiles"] = list(m.tiles)
        flux: dict[str, Any] | None = None
        if m.flux is not None:
            flux = {"card": m.flux[0], "owner": m.flux[1]}
            if m.flux_tokens:  # the copy's counters, on the tile (Smoke Cloud, Battery...)
                flux["tokens"] = m.flux_tokens
        out["fluxling"] = flux

    def state_json(self, game: State, out: dict[str, Any]) -> None:
        out["wickedness_tiles"] = {str(t): list(p) for t, p in game.tiles_lying.items()}


# ---- Fluxling: a copy of a keep card, switched at the start of its owner's turns ---------

FLUX_KIND = "fluxling"


@tile("Fluxling", 6)
class Fluxling(Tile):
    """On taking it, a copy of a keep card any monster owns, its owner's own too (never
    Mimic), as if just bought; at the start of each of its owner's turns a free switch;
    if the card leaves play the tile copies nothing until the next switch (policy 16, as
    Mimic: base policy 36). A copy of its owner's own card is a second copy of it
    (effects.py: how each card acts twice)."""

    priority = 5  # its switch after the other start-of-turn effects, with Mimic's

    def taken(self, game: State, owner: Monster) -> None:
        self._ask(game, owner)

    def start_turn(self, game: State, owner: Monster) -> None:
        self._ask(game, owner)

    def lost(self, game: State, owner: Monster) -> None:
        game.set_copy(owner, "flux", None)

    def _ask(self, game: State, owner: Monster) -> None:
        targets = [
            {"target": c, "owner": m.name}
            for m in (*game.clockwise(owner), owner)
            for c in dict.fromkeys(m.cards)
            if c != "Mimic" and (c, m.name) != owner.flux
        ]
        if targets:
            game.ask(owner, FLUX_KIND, {"targets": targets}, self._answer, optional=True)

    def _answer(self, game: State, pending: Pending, inp: Input) -> None:
        owner = pending.player
        if inp["type"] != "pass":
            target = {"target": inp.get("target"), "owner": inp.get("owner")}
            if target not in pending.options["targets"]:
                raise RuleViolation(
                    _(
                        "Fluxling copies a keep card a monster owns (not {mimic}), not "
                        "{card} of {owner}",
                        mimic=_.name("Mimic"),
                        card=Quoted(inp.get("target")),
                        owner=Quoted(inp.get("owner")),
                    )
                )
        game.decided(pending)
        if inp["type"] != "pass":
            game.set_copy(owner, "flux", (str(inp["target"]), str(inp["owner"])))


@decision_kind(FLUX_KIND, ("target", "owner"))
class CopyWithFluxling(DecisionKind):
    """The keep card the Fluxling tile copies (or "pass": no new copy)."""

    verb = _("copy a card with Fluxling")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        return {
            "title": _("{player}: copy a card with Fluxling?", player=w.player),
            "choices": [
                choice(
                    _("Copy {card} of {owner}", card=_.name(t["target"]), owner=t["owner"]),
                    {**base, **t},
                )
                for t in w.options["targets"]
            ],
        }

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp.update(rng.choice(options["targets"]))

    def declined(self, game: State, player: str) -> Text | None:
        return _("{player}: copy no card?", player=player)
