"""The power-card market: the deck, the 3 face-up cards and the discard pile; buying,
sweeping and revealing cards.

Two kinds of deck (the setup option `table_deck`):

- The seeded deck (the default, for scripts, tests and the random player): the deck's
  order comes from the setup's seed, so the engine draws cards itself.
- The table deck: at a real table the deck is shuffled by hand, so the engine knows which
  cards the deck holds but not their order. Every card that comes off it (to fill a
  face-up place after a purchase or a sweep, at the start, after a reshuffle, or the top
  card Made in a Lab looks at) is entered as a "reveal" input, which the game asks of
  the monster that draws (the buyer, the sweeper, Made in a Lab's owner; the first
  player at the start) with the legal options: the cards not seen yet in this deck
  cycle, by name and count.

Either way the deck is `game.deck` (top card last; for the table deck, the unseen cards
sorted by name), plus `game.known_top` for a table-deck card already revealed to Made in
a Lab's owner and still on top. An empty deck is the discard pile reshuffled (policy 39).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Final

from host.games.kot.cards import ALL_CARDS
from host.games.kot.checks import card_named
from host.games.kot.effects import EFFECTS, NOT_IN_TOKYO
from host.games.kot.errors import RuleViolation, UnknownPlayer
from host.games.kot.rules import FACE_UP, SWEEP_COST
from host.games.kot.text import _
from host.games.text import OneOf, Quoted

if TYPE_CHECKING:
    from host.games import Input
    from host.games.kot.state import Monster, Pending, State
DECK: Final = "deck"  # a buy input's "from": the deck's top card (Made in a Lab)
PEEK: Final = -1  # a reveal's place for the card Made in a Lab looks at


def printed_cost(game: State, card: str) -> int:
    """The cost printed on the card, in the game's deck (the Dark Edition's changes some)."""
    return game.box_cards[card].cost


def may_have(game: State, m: Monster, card: str) -> bool:
    """Whether `m` may buy `card` where it is (Hibernation is not bought in Tokyo)."""
    return m.location is None or card not in NOT_IN_TOKYO


def offer(game: State, m: Monster) -> list[dict[str, Any]]:
    """The cards `m` can pay for now: face up, the deck's top card it looked at, and
    other monsters' keep cards (Parasitic Tentacles)."""
    if (game.holder_buys or m.hooks["buys_nothing"]) and not game.may_buy(m):
        return []
    energy = m.energy
    outside = m.location is None  # (may_have, inline)
    cards: list[dict[str, Any]] = []
    for card in game.face_up:
        if card is not None:
            cost = game.card_cost(m, card)
            if cost <= energy and (outside or card not in NOT_IN_TOKYO):
                cards.append({"card": card, "cost": cost})
    top = peeked(game, m)
    if top is not None and game.card_cost(m, top) <= energy and may_have(game, m, top):
        cards.append({"card": top, "cost": game.card_cost(m, top), "from": DECK})
    if m.hooks["buys_owned"]:
        for x in game.clockwise(m):
            for card in x.cards:
                cost = game.card_cost(m, card)
                if cost <= energy and (outside or card not in NOT_IN_TOKYO):
                    cards.append({"card": card, "cost": cost, "from": x.name})
    return cards


def peeked(game: State, m: Monster) -> str | None:
    """The deck's top card, if `m` has looked at it (Made in a Lab) and it is still there."""
    if game.peek is not m:
        return None
    if game.known_top is not None:
        return game.known_top
    return None if game.table_deck or not game.deck else game.deck[-1]


def buy(game: State, who: Monster, inp: Input) -> None:
    """A "buy" input in `who`'s buy step: face up, or `from` the deck or another monster."""
    card = card_named(inp.get("card"))
    if not game.may_buy(who):
        if who.hooks["buys_nothing"]:
            raise RuleViolation(
                _(
                    "{player} buys no power cards while it has {card}",
                    player=who.name,
                    card=_.name("Hibernation"),
                )
            )
        raise RuleViolation(
            _(
                "only the Golden Scarab's holder may buy power cards now (Forbidden Library): "
                "{player} may not",
                player=who.name,
            )
        )
    if not may_have(game, who, card):
        raise RuleViolation(
            _(
                "{card} cannot be bought in Tokyo: {player} is in Tokyo",
                card=_.name(card),
                player=who.name,
            )
        )
    source = inp.get("from")
    where: int | str | Monster
    if source is None:
        if card not in game.face_up:
            shown = [_.name(c) for c in game.face_up if c] or [_("none")]
            raise RuleViolation(
                _("{card} is not face up (face up: {shown})", card=_.name(card), shown=shown)
            )
        where = game.face_up.index(card)
    elif source == DECK:
        top = peeked(game, who)
        if top is None:
            raise RuleViolation(
                _(
                    "{player} has not looked at the deck's top card (use {card} first)",
                    player=who.name,
                    card=_.name("Made in a Lab"),
                )
            )
        if top != card:
            raise RuleViolation(
                _("the deck's top card is {top}, not {card}", top=_.name(top), card=_.name(card))
            )
        where = DECK
    else:
        owner = game.by_name.get(source) if isinstance(source, str) else None
        if owner is None:
            raise UnknownPlayer(
                _(
                    'from: {source} is neither "deck" nor a player ({players})',
                    source=Quoted(source),
                    players=OneOf(game.by_name),
                )
            )
        if not who.hooks["buys_owned"]:
            raise RuleViolation(
                _(
                    "{player} cannot buy cards other monsters own (that takes {card})",
                    player=who.name,
                    card=_.name("Parasitic Tentacles"),
                )
            )
        if owner is who or not owner.alive or card not in owner.cards:
            raise RuleViolation(
                _("{player} has no {card} to sell", player=owner.name, card=_.name(card))
            )
        where = owner
    cost = game.card_cost(who, card)
    if cost > who.energy:
        raise RuleViolation(
            _(
                "{player} cannot buy {card}: it costs {cost} energy, {player} has {energy}",
                player=who.name,
                card=_.name(card),
                cost=cost,
                energy=who.energy,
            )
        )
    purchase(game, who, card, cost, where)


def purchase(game: State, who: Monster, card: str, cost: int, where: int | str | Monster) -> None:
    """`who` buys `card` (already checked) from face-up place `where`, the deck's top, or
    another monster: pays, and a keep card goes in front of it; a face-up place is
    refilled at once (the card revealed may be asked for: a discard card waits as
    `game.playing`); then a discard card goes to the discard pile (so a reshuffle for
    the refill never takes it back), and the card takes effect; then the Opportunists
    may buy what was revealed."""
    who.energy -= cost
    if isinstance(where, int):
        game.face_up[where] = None
    elif isinstance(where, str):  # DECK
        take_top(game)
    else:
        game.take_card(where, card)
        game.gain_energy(where, cost)
    if ALL_CARDS[card].keep:
        game.give_card(who, card)
    else:
        game.playing = card
    if isinstance(where, int):
        revealed: list[str] = []
        if game.holders["revealed"]:
            game.later(lambda g: _revealed(g, revealed))
        if _fill(game, revealed, who):  # the card revealed is asked for: the effect waits
            game.later(lambda g: _takes_effect(g, who, card))
            return
    _takes_effect(game, who, card)


def _takes_effect(game: State, who: Monster, card: str) -> None:
    if game.playing is not None:
        game.discard.append(game.playing)
        game.playing = None
    for m in game.holders["any_bought"]:
        for eff in m.hooks["any_bought"]:
            eff.any_bought(game, m, who, card)
    effect = EFFECTS.get(card)
    if effect is not None and not (game.cards_off and ALL_CARDS[card].keep):
        effect.bought(game, who)  # (a keep card's has no effect under Gaze of the Sphinx)


def put_into_play(game: State, who: Monster) -> None:
    """The power deck's top card goes to `who` free (a curse's gift): a keep card in front
    of it, a discard card's effect; not a purchase (no Media-Friendly). At a table deck
    the card is asked for first, as the card Made in a Lab looks at."""
    if not _deck_ready(game):
        return  # no card left anywhere
    if game.table_deck and game.known_top is None:
        game.later(lambda g: _put_top(g, who))
        options = {**_reveal_options(game), "peek": True}
        game.ask(who, "reveal", options, _decide_reveal, data=(PEEK, []))
        return
    _put_top(game, who)


def _put_top(game: State, who: Monster) -> None:
    card = take_top(game)
    if ALL_CARDS[card].keep:
        game.give_card(who, card)
    else:
        game.discard.append(card)
    effect = EFFECTS.get(card)
    if effect is not None and not (game.cards_off and ALL_CARDS[card].keep):
        effect.bought(game, who)


def can_sweep(game: State, m: Monster) -> bool:
    return m.energy >= SWEEP_COST and (
        any(game.face_up) or bool(game.deck) or game.known_top is not None or bool(game.discard)
    )


def sweep(game: State, who: Monster, inp: Input | None = None) -> None:
    """Pay 2 energy: the face-up cards go to the discard pile, 3 new ones are revealed."""
    if who.energy < SWEEP_COST:
        raise RuleViolation(
            _(
                "{player} cannot sweep the cards: it costs {cost} energy, {player} has {energy}",
                player=who.name,
                cost=SWEEP_COST,
                energy=who.energy,
            )
        )
    if not can_sweep(game, who):
        raise RuleViolation(_("there are no cards left to sweep or reveal"))
    who.energy -= SWEEP_COST
    game.discard += [c for c in game.face_up if c is not None]
    game.face_up = [None] * FACE_UP
    refill(game, who)


def refill(game: State, drawer: Monster) -> None:
    """Fill the empty face-up places from the deck (at a table deck `drawer` enters the
    cards revealed); then Opportunists may buy."""
    revealed: list[str] = []
    if game.holders["revealed"]:
        game.later(lambda g: _revealed(g, revealed))
    _fill(game, revealed, drawer)


def _fill(game: State, revealed: list[str], drawer: Monster) -> bool:
    """Fill the empty places, as far as the deck goes; True if it waits for a reveal."""
    face_up = game.face_up
    deck = game.deck
    for slot in range(FACE_UP):
        if face_up[slot] is None:
            if deck and not game.table_deck:  # the common case, inline
                game.peek = None
                card = deck.pop()
                face_up[slot] = card
                revealed.append(card)
                continue
            if not _deck_ready(game):
                return False  # no cards left anywhere: the place stays empty (policy 39)
            if game.table_deck and game.known_top is None:
                options = _reveal_options(game)
                game.ask(drawer, "reveal", options, _decide_reveal, data=(slot, revealed))
                return True
            card = take_top(game)
            face_up[slot] = card
            revealed.append(card)
            deck = game.deck  # a reshuffle made a new one
    return False


def _revealed(game: State, cards: list[str]) -> None:
    """Cards were revealed: the other monsters' cards that care (Opportunist), asked in
    turn order from the active monster's left (pushed last first)."""
    for m in reversed(game.clockwise(game.active)):
        for eff in m.hooks["revealed"]:
            eff.revealed(game, m, cards)


def _deck_ready(game: State) -> bool:
    """Whether a card can be drawn; an empty deck is the discard pile reshuffled."""
    if game.deck or game.known_top is not None:
        return True
    if not game.discard:
        return False
    game.deck, game.discard = game.discard, []
    if game.table_deck:
        game.deck.sort()  # shuffled at the table: only which cards it holds is known
    else:
        game.rng.shuffle(game.deck)
    return True


def take_top(game: State) -> str:
    """The deck's top card comes off (the deck is ready, and known if a table deck)."""
    game.peek = None
    card = game.known_top
    if card is not None:
        game.known_top = None
        return card
    return game.deck.pop()


def can_look(game: State) -> bool:
    """Whether there is a deck top card to look at (Made in a Lab)."""
    return bool(game.deck) or game.known_top is not None or bool(game.discard)


def look_at_top(game: State, who: Monster) -> None:
    """`who` looks at the deck's top card (Made in a Lab); at a table deck the table
    enters it first, as a reveal."""
    _deck_ready(game)
    if game.table_deck and game.known_top is None:
        options = {**_reveal_options(game), "peek": True}
        game.ask(who, "reveal", options, _decide_reveal, data=(PEEK, []))
    else:
        game.peek = who


def _reveal_options(game: State) -> dict[str, Any]:
    return {"cards": dict(Counter(game.deck))}


def _decide_reveal(game: State, pending: Pending, inp: Input) -> None:
    card = card_named(inp.get("card"))
    if card not in game.deck:
        raise RuleViolation(
            _(
                "{card} is not in the deck: every copy was seen since the last shuffle "
                "(the options list the cards left)",
                card=_.name(card),
            )
        )
    game.decided(pending)
    game.deck.remove(card)
    slot, revealed = pending.data
    if slot == PEEK:
        game.known_top = card
        game.peek = pending.player
    else:
        game.face_up[slot] = card
        revealed.append(card)
        _fill(game, revealed, pending.player)
