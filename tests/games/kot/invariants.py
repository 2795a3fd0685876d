"""The invariants of a King of Tokyo game, checked after every input of the property tests
(test_properties.py).

A module of their own, not a test module, so that pytest leaves its asserts plain: its
rewriting of them (the values shown on a failure) cost the random games a tenth of their
time (1,000 games: 26.3 s -> 23.2 s of CPU), and `make test` runs some 400,000 of them (2,000
games). A failure still names the line, and hypothesis the game.
"""

from __future__ import annotations

from host.games.kot import KingOfTokyo
from host.games.kot.cards import ALL_CARDS, BOXES
from host.games.kot.decision_kinds import KINDS
from host.games.kot.expansions.curse_cards import CURSES, FATE_FACES
from host.games.kot.expansions.wickedness import PAIRS, TILES
from host.games.kot.powers.dark import is_zombie

INPUT_FIELDS = {name: kind.fields for name, kind in KINDS.items()}  # input type -> its fields


def check_invariants(game: KingOfTokyo) -> None:
    in_city = [m for m in game.monsters if m.location == "city"]
    in_bay = [m for m in game.monsters if m.location == "bay"]
    assert len(in_city) <= 1 and len(in_bay) <= 1
    assert game.city is (in_city[0] if in_city else None)
    assert game.bay is (in_bay[0] if in_bay else None)
    alive = [m for m in game.monsters if m.alive]
    assert game.alive_count == len(alive)
    if len(alive) <= 4:
        assert game.bay is None
    for m in game.monsters:
        assert m.energy >= 0
        assert 0 <= m.vp <= 20
        assert all(count > 0 for count in m.tokens.values())  # tokens never negative (or 0)
        copies = (m.mimic[0] if m.mimic else None, m.flux[0] if m.flux else None)
        # BGA's count: +2 for each Even Bigger (each copy), Full Regeneration, a zombie;
        # 2 fewer under Bow Before Ra; never above 12 (Gaze of the Sphinx: no keep card)
        bigger = 0 if game.cards_off else (*m.cards, *copies).count("Even Bigger")
        big = bigger + ("Full Regeneration" in m.tiles) + is_zombie(m)
        less = 2 if is_curse(game, "Bow Before Ra") else 0
        assert m.max_hp == min(12, 10 + 2 * big - less)
        assert m.flux_tokens >= 0 and (m.flux is not None or not m.flux_tokens)
        assert all(ALL_CARDS[c].keep for c in m.cards)  # a discard card never stays in play
        if m.mimic is not None:
            assert "Mimic" in m.cards and m.mimic[0] in game.monster(m.mimic[1]).cards
        if m.alive:
            assert 0 < m.hp <= m.max_hp
        else:
            assert m.hp == 0 and m.location is None and not m.cards and m.energy == 0
            assert not m.tokens and m.mimic is None and not m.cultists
            assert not m.tiles and m.flux is None and m not in game.tower.values()
            assert not m.berserk
        assert m.cultists >= 0 and (game.setup.options.cultists or not m.cultists)
        assert 0 <= m.wickedness <= 10 and (game.setup.options.wickedness or not m.wickedness)
        assert game.setup.options.berserk or not m.berserk
        assert m.form in ("robot", "beast") and (
            game.setup.options.transformation or m.form == "robot"
        )
        if m.flux is not None:
            assert "Fluxling" in m.tiles and m.flux[0] in game.monster(m.flux[1]).cards
    check_expansions(game)
    if game.phase == "buy":
        assert game.active.form == "robot"  # a beast has no buy step (policy 58)
    waits = game.waiting_for()
    for w in waits:
        assert game.monster(w.player).alive  # an eliminated monster never acts again
        assert w.kind in INPUT_FIELDS
    deciding = [p.player for p in game.pending]
    assert len(deciding) == len(set(deciding))  # one decision at a time per player
    assert not game.game_over or not waits
    cards = len(game.deck) + len(game.discard) + sum(1 for c in game.face_up if c)
    cards += (game.known_top is not None) + (game.playing is not None)
    box = BOXES[game.setup.options.deck]
    assert cards + sum(len(m.cards) for m in game.monsters) == len(box)  # none made or lost
    assert all(c in box for m in game.monsters for c in m.cards)  # the game's deck only


def check_expansions(game: KingOfTokyo) -> None:
    """Each wickedness tile is in one place only (lying, owned, or out of the game), and
    its other side nowhere; each tower level has at most one holder, a living one."""
    if game.setup.options.wickedness:
        places = [
            *(t for pile in game.tiles_lying.values() for t in pile),
            *(t for m in game.monsters for t in m.tiles),
            *game.tiles_gone,
        ]
        sides = [frozenset(pair) for t in places for pair in PAIRS if t in pair]
        assert len(set(sides)) == len(sides) == len(PAIRS)
        assert all(TILES[t].level == level for level, p in game.tiles_lying.items() for t in p)
    else:
        assert not any(m.tiles for m in game.monsters) and not game.tiles_lying
    if game.setup.options.tokyo_tower:
        assert set(game.tower) == {1, 2, 3}
        assert all(m is None or m.alive for m in game.tower.values()) or game.game_over
    else:
        assert not game.tower
    if game.setup.options.curses:
        check_curses(game)
    else:
        assert game.curse is None and game.scarab is None and not game.curse_deck


def is_curse(game: KingOfTokyo, name: str) -> bool:
    return game.curse is not None and game.curse.name == name


def check_curses(game: KingOfTokyo) -> None:
    """A curse always in play (but while the table says which one was turned over), each
    curse in one place only, the table's rules as the curse in play says; the Golden
    Scarab with a monster once the game has started; the die of fate in every throw but
    Builders' Uprising's turns."""
    c = game.curse
    revealing = any(p.kind == "curse" for p in game.pending)
    assert c is not None or revealing
    places = [*game.curse_deck, *game.curse_discard, *([c.name] if c else [])]
    assert len(places) == len(set(places)) == len(CURSES)  # (one being revealed: in the deck)
    assert game.no_yield == is_curse(game, "Pharaonic Ego")
    assert game.hearts_inside == is_curse(game, "Resurrection of Osiris")
    assert game.holder_buys == is_curse(game, "Forbidden Library")
    assert game.cards_off == is_curse(game, "Gaze of the Sphinx")
    vengeance, scribe = (
        is_curse(game, "Vengeance of Horus"),
        is_curse(game, "Scribe's Perseverance"),
    )
    assert game.locked == ("claw" if vengeance else "1" if scribe else None)
    for m in game.alive:  # every monster has the curse's effect (if it has hooks)
        assert (c is not None and c in m.extra) == (c is not None and bool(c.hooked))
    if game.phase not in ("rolloff",) and game.turn:
        assert game.scarab is not None
    if game.phase == "roll":
        fate = [f for f in game.dice if f in FATE_FACES]
        assert len(fate) == (game.other_dice.get("fate", 0) if game.throws else 0)
