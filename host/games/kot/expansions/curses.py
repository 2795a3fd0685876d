"""Curses (Monster Pack 03: Anubis; rules reference section 5, policies 40-52).

A curse card is always in play (`State.curse`), from a deck of 24 (`curse_cards`) shuffled
by the seed, or by hand at a table deck (`table_deck`: each card turned over is asked for,
the "curse" decision); an empty deck is its discard shuffled again. Its permanent effect
applies from the moment it is revealed (Bow Before Ra lowers max HP at once).

The die of fate (four faces: `fate_eye`, `fate_river`, `fate_snake`, `fate_ankh`; policy
40) is one more die the active monster throws with its dice on every throw, kept or
thrown again like a die (`State.other_dice`, as the berserk die), never a die for
anything else (policy 41). After the last throw ("resolve"), before the others' cards and
the result, it resolves once: the eye discards the curse and reveals the next, whose
permanent effect already applies to this result (no ankh or snake this turn: policy 42);
the river does nothing; the snake and the ankh apply the curse's effect to the active
monster. Then, under Confused Senses, the Scarab's holder (not the active monster) may
have up to 2 of its dice thrown again. Some effects depend on the face for the whole turn
(`State.fate`): Buried in Sand (policy 43: the throw it takes is given back while the die
shows the ankh), Pharaonic Ego, Resurrection of Osiris, Body, Spirit and Ka, Confused
Senses.

The Golden Scarab (`State.scarab`) starts with the last monster in turn order (the one
before the first player) and stays with its monster when that one is eliminated: nobody
holds it then (policy 46).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from host.games import refusals
from host.games.kot.errors import RuleViolation
from host.games.kot.expansion import Expansion, expansion
from host.games.kot.expansions import curse_decisions as ask
from host.games.kot.expansions.curse_cards import (
    ANKH,
    CURSES,
    EYE,
    FATE_FACES,
    SNAKE,
    ConfusedSenses,
    Curse,
)
from host.games.kot.setup import SetupError
from host.games.kot.text import _, face_label
from host.games.text import Quoted

if TYPE_CHECKING:
    from host.games.kot.setup import Position, Setup
    from host.games.kot.state import Monster, State

DIE: Final = "fate"
FATE_SET = frozenset(FATE_FACES)


# ---- the curse deck --------------------------------------------------------------------


def reveal_next(game: State, m: Monster) -> None:
    """The deck's top curse comes into play (the current one is discarded first); at a
    table deck `m` says which card was turned over."""
    old = game.curse
    if old is not None:
        old.leave(game)
        game.curse = None
        game.curse_discard.append(old.name)
    if not game.curse_deck:  # an empty deck: its discard shuffled again
        game.curse_deck, game.curse_discard = game.curse_discard, []
        if not game.table_deck:
            game.rng.shuffle(game.curse_deck)
    if game.table_deck:
        swap(game, old, None)  # no curse while the table turns one over
        ask.ask_curse(game, m, put_in_play)
    else:
        put_in_play(game, game.curse_deck.pop(), old)


def put_in_play(game: State, name: str, old: Curse | None = None) -> None:
    """The curse `name` is in play (`old` has just left): every monster has its effect,
    and the table its changes."""
    c = CURSES[name]
    game.curse = c
    swap(game, old, c)
    c.enter(game)


def swap(game: State, old: Curse | None, new: Curse | None) -> None:
    """Every monster has `new`'s effect instead of `old`'s (those with hooks only): one
    rehook per monster."""
    old = old if old is not None and old.hooked else None
    new = new if new is not None and new.hooked else None
    if old is not None or new is not None:
        game.swap_effect(old, new)


# ---- the die of fate -------------------------------------------------------------------


def resolve_fate(game: State) -> None:
    """After the last throw: the die of fate resolves, then Confused Senses' rethrows
    (pushed first: they come once the face's decisions are answered)."""
    m = game.active
    face = fate_face(game.dice)
    game.fate = face
    c = game.curse
    todo = game.todo
    height = len(todo)
    told = game.causes is not None and face in (SNAKE, ANKH)  # a feed tells the curse
    if told:
        game.because_of(c)
    if face == EYE:
        reveal_next(game, m)
    elif face == SNAKE:
        c.snake(game, m)
    elif face == ANKH:
        c.ankh(game, m)
    if told:
        game.because(None)
    if type(game.curse) is not ConfusedSenses:
        return
    if game.pending or len(todo) > height:  # the face's decisions first
        todo.insert(height, confused_senses)
    else:
        confused_senses(game)


def fate_face(dice: list[str]) -> str | None:
    """The die of fate's face among `dice`, if it is there. (A loop, not next() over a
    generator: this runs on every turn, and the generator cost a game a few percent.)"""
    for face in FATE_FACES:
        if face in dice:
            return face
    return None


def confused_senses(game: State) -> None:
    """Under Confused Senses (the curse in play now: maybe revealed by the eye), the
    Scarab's holder may have up to 2 of the active monster's dice thrown again."""
    holder, m = game.holder(), game.active
    if isinstance(game.curse, ConfusedSenses) and holder not in (None, m) and m.alive:
        ask.ask_reroll(game, holder, 0, game.curse.name)


# ---- the expansion ---------------------------------------------------------------------


@expansion("curses")
class Curses(Expansion):
    die = DIE
    die_said = _("the die of fate")
    faces = FATE_FACES

    def check(self, setup: Setup) -> None:
        pos = setup.position
        if pos is None:
            return
        on = setup.options.curses
        placed: dict[str, str] = {}
        for at, names in (
            ("position.curse", () if pos.curse is None else (pos.curse,)),
            ("position.curse_deck", pos.curse_deck or ()),
            ("position.curse_discard", pos.curse_discard),
        ):
            if names and not on:
                raise SetupError(
                    _("{at}: only with the option {option}", at=at, option=Quoted("curses"))
                )
            for name in names:
                if name not in CURSES:
                    raise SetupError(
                        _(
                            "{at}: unknown curse {name} (curses: {curses})",
                            at=at,
                            name=Quoted(name),
                            curses=sorted(CURSES),
                        )
                    )
                if name in placed:
                    raise SetupError(
                        _(
                            "{at}: {curse} is in {where} already",
                            at=at,
                            curse=_.name(name),
                            where=placed[name],
                        )
                    )
                placed[name] = at
        if pos.curse is None and pos.curse_deck is not None and not pos.curse_deck:
            raise SetupError(_("position.curse: no curse in play and none left in the deck"))
        if pos.scarab is not None:
            if not on:
                raise SetupError(
                    _(
                        "{at}: only with the option {option}",
                        at="position.scarab",
                        option=Quoted("curses"),
                    )
                )
            players = [s.name for s in setup.seats]
            if pos.scarab not in players:
                raise SetupError(refusals.unknown_player(pos.scarab, players, "position.scarab"))

    def setup(self, game: State) -> None:
        game.extra_dice += 2  # False Blessing's 2 dice (any spare dice: policy 22)
        if game.setup.position is None:
            self._deal(game, list(CURSES), None)

    def _deal(self, game: State, deck: list[str], top: str | None) -> None:
        """The curse deck (`deck`, top card last) and the curse in play (`top`, or the
        deck's top card)."""
        game.curse_deck = deck
        if game.table_deck:
            deck.sort()  # shuffled at the table: only which cards it holds is known
        elif game.setup.position is None or game.setup.position.curse_deck is None:
            game.rng.shuffle(deck)
        if top is not None:
            put_in_play(game, top)
        else:
            reveal_next(game, game.active)

    def place_table(self, game: State, pos: Position) -> None:
        if pos.curse_deck is not None:
            deck = list(reversed(pos.curse_deck))
        else:
            placed = {*pos.curse_discard, *(() if pos.curse is None else (pos.curse,))}
            deck = [c for c in CURSES if c not in placed]
        game.curse_discard = list(pos.curse_discard)
        self._deal(game, deck, pos.curse)
        if pos.scarab is not None:
            game.scarab = game.by_name[pos.scarab]
        else:
            game.scarab = game.monsters[game.active.seat - 1]

    def first_turn(self, game: State, m: Monster) -> None:
        if game.scarab is None:  # the last monster in turn order (policy 46)
            game.scarab = game.monsters[m.seat - 1]

    def turn_dice(self, game: State, m: Monster) -> int:
        if game.extra is not None and game.extra.fateless:
            return 0  # Builders' Uprising's turn, without the die of fate
        return 1

    def check_throw(self, game: State, thrown: list[str], kept: list[str], last: bool) -> None:
        n = game.other_dice.get(DIE, 0)
        shown = sum(map(FATE_SET.__contains__, thrown)) + sum(map(FATE_SET.__contains__, kept))
        if shown != n:
            if n:
                raise RuleViolation(
                    _(
                        "the die of fate is thrown with {player}'s dice (faces {faces})",
                        player=game.active.name,
                        faces=[face_label(f) for f in FATE_FACES],
                    )
                )
            raise RuleViolation(_("no die of fate in this throw"))
        if last and any(map(FATE_SET.__contains__, thrown)):
            raise RuleViolation(_("after the last throw the die of fate stays as it lies"))

    def last_throw(self, game: State) -> None:
        if game.other_dice.get(DIE):
            resolve_fate(game)

    def state_json(self, game: State, out: dict[str, Any]) -> None:
        c = game.curse
        out["curse"] = None if c is None else c.name
        out["curse_deck_size"] = len(game.curse_deck)
        out["curse_discard"] = list(game.curse_discard)
        out["scarab"] = None if game.scarab is None else game.scarab.name
        out["fate"] = game.fate
