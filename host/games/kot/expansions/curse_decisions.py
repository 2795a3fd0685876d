"""The decisions curses ask (rules reference section 5, "Decisions"), one kind each, and
what is done with the answers. The curses (`curse_cards`) ask them with the functions
below; each kind says how the page offers it and how the random player answers it.

- `gift`: HP, energy and VP given to another monster (Khepri's Rebellion: the Scarab's
  holder gives the active monster 1; Pharaonic Skin's snake: the active monster gives
  the holder 2). Giving HP is a loss for the giver, not a Smash; a gain for the receiver
  that is not its own healing (policy 51).
- `scarab`: to whom the active monster gives the Golden Scarab (Khepri's ankh).
- `discard_card`: which keep card to discard (Inadequate Offering's and Forbidden
  Library's snakes), asked only when there is a choice.
- `add_die`: the face of the die added to the result (Raging Flood's ankh).
- `remove_die`: which die leaves the result (Raging Flood's snake).
- `reroll`: one die of the active monster's result picked to be thrown again, one at a
  time (Confused Senses: the holder, up to 2, may stop; False Blessing's snake: the left
  neighbour, 2 when there are 2: policy 50); then the active monster throws them (a
  "throw" decision with `forced`: those dice's faces).
- `bless`: one of its own dice thrown again or removed, one at a time, up to 2 (False
  Blessing's ankh); the dice to throw again are thrown after.
- `curse`: the curse card turned over at the table (a deck shuffled by hand:
  `table_deck`).

Forced rethrows choose among the active monster's dice: the black and green ones and the
berserk die, never the die of fate (policies 41, 50) nor a die that may not be thrown
again (policy 52); removals never take the berserk die either (policy 39: dice-count
effects count only the normal dice).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from host.games import Input, Waiting
from host.games.kot.checks import card_named, check_faces, not_a_face
from host.games.kot.decision_kinds import Answer, DecisionKind, decision_kind
from host.games.kot.errors import MalformedInput, RuleViolation
from host.games.kot.expansions.berserk import FACE_SET as BERSERK_FACES
from host.games.kot.rules import FACE_SET, FACES
from host.games.kot.state import Hit
from host.games.kot.text import _, face_label
from host.games.page import choice
from host.games.text import OneOf, Quoted, Text

if TYPE_CHECKING:
    from host.games.kot.state import Monster, Pending, State

GIFTS = ("hp", "energy", "vp")  # what a monster may give


# ---- giving HP, energy and VP ----------------------------------------------------------


def ask_gift(game: State, giver: Monster, to: Monster, total: int, curse: str) -> None:
    """`giver` gives `to` `total` among HP, energy and VP (what it has; HP always)."""
    most = {"hp": total, "energy": min(total, giver.energy), "vp": min(total, giver.vp)}
    options = {"to": to.name, "total": total, "most": most, "curse": curse}
    game.ask(giver, "gift", options, _decide_gift, data=to)


def _decide_gift(game: State, pending: Pending, inp: Input) -> None:
    options = pending.options
    given = {}
    for what in GIFTS:
        n = inp.get(what, 0)
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= options["most"][what]:
            most = options["most"][what]  # 0 when the giver has none: said as one number
            raise RuleViolation(
                _("{field}: only 0, not {value}", field=what, value=Quoted(n))
                if most == 0
                else _(
                    "{field}: a whole number from 0 to {most}, not {value}",
                    field=what,
                    most=most,
                    value=Quoted(n),
                )
            )
        given[what] = n
    if sum(given.values()) != options["total"]:
        raise RuleViolation(
            _(
                "{player} gives {n} in all (HP, energy and VP)",
                player=pending.player.name,
                n=options["total"],
            )
        )
    giver, to = pending.player, pending.data
    game.decided(pending)
    give(game, giver, to, given)


def give(game: State, giver: Monster, to: Monster, given: Mapping[str, int]) -> None:
    """The gift: energy and VP move; HP are a loss for the giver (it may be eliminated)
    and the receiver's gain by another's doing (policy 51)."""
    if given.get("energy"):
        giver.energy -= given["energy"]
        game.gain_energy(to, given["energy"])
    if given.get("vp"):
        game.gain_vp(giver, -given["vp"])
        game.gain_vp(to, given["vp"])
    hp = given.get("hp", 0)
    if hp:
        hit = Hit(giver, hp)
        game.take_hit(hit)  # given, not prevented: no defence against one's own gift
        if to.alive:
            game.heal(to, hit.lost, own=False)
        game.check_eliminations()


@decision_kind("gift", GIFTS)
class Gift(DecisionKind):
    """HP, energy and VP given to another monster (a curse's)."""

    verb = _("give HP, energy or VP")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        o = w.options
        title = _(
            # (a number alone said nothing of what: "donner 2 à Bob")
            "{player}: give {other} {n} in all, in ♥, ⚡ or ★ ({curse})",
            player=w.player,
            n=o["total"],
            other=o["to"],
            curse=_.name(o["curse"]),
        )
        labels = {"hp": "♥", "energy": "⚡", "vp": "★"}
        choices = []
        for gift in gifts(o["total"], o["most"]):
            label = " + ".join(f"{n}{labels[k]}" for k, n in gift.items() if n)
            choices.append(choice(_("Give {what}", what=label), {**base, **gift}))
        return {"title": title, "choices": choices}

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp.update(rng.choice(gifts(options["total"], options["most"])))


def gifts(total: int, most: Mapping[str, int]) -> list[dict[str, int]]:
    """Every way to give `total` within `most` of each.

    >>> gifts(1, {"hp": 1, "energy": 0, "vp": 1})
    [{'hp': 1, 'energy': 0, 'vp': 0}, {'hp': 0, 'energy': 0, 'vp': 1}]
    """
    out = []
    for hp in range(most["hp"], -1, -1):
        for energy in range(min(most["energy"], total - hp), -1, -1):
            vp = total - hp - energy
            if vp <= most["vp"]:
                out.append({"hp": hp, "energy": energy, "vp": vp})
    return out


# ---- the Golden Scarab given ------------------------------------------------------------


def ask_scarab(game: State, m: Monster, curse: str) -> None:
    options = {"monsters": [x.name for x in game.monsters if x.alive], "curse": curse}
    game.ask(m, "scarab", options, _decide_scarab)


def _decide_scarab(game: State, pending: Pending, inp: Input) -> None:
    to = inp.get("to")
    if to not in pending.options["monsters"]:
        raise RuleViolation(
            _(
                "the {scarab} goes to one of {players}, not {value}",
                scarab=_("Golden Scarab"),
                players=OneOf(pending.options["monsters"]),
                value=Quoted(to),
            )
        )
    game.decided(pending)
    game.scarab = game.by_name[str(to)]


@decision_kind("scarab", ("to",))
class GiveScarab(DecisionKind):
    """The monster the active monster gives the Golden Scarab to."""

    verb = _("give the Golden Scarab")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        return {
            # (a question: "the game waits for Ann: give the Golden Scarab to" stopped short)
            "title": _("{player}: give the Golden Scarab to whom?", player=w.player),
            "choices": [choice(name, {**base, "to": name}) for name in w.options["monsters"]],
        }

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp["to"] = rng.choice(options["monsters"])


# ---- a keep card discarded -------------------------------------------------------------


def discard_keep_card(game: State, m: Monster, curse: str) -> None:
    """`m` discards one of its keep cards: asked if it has several different ones."""
    cards = list(dict.fromkeys(m.cards))
    if len(cards) == 1:
        _discard(game, m, cards[0])
    elif cards:
        game.ask(m, "discard_card", {"cards": cards, "curse": curse}, _decide_discard)


def _discard(game: State, m: Monster, card: str) -> None:
    game.take_card(m, card)
    game.discard.append(card)


def _decide_discard(game: State, pending: Pending, inp: Input) -> None:
    card = card_named(inp.get("card"))
    if card not in pending.options["cards"]:
        raise RuleViolation(
            _(
                "{player} has no {card} to discard",
                player=pending.player.name,
                card=_.name(card),
            )
        )
    game.decided(pending)
    _discard(game, pending.player, card)


@decision_kind("discard_card", ("card",))
class DiscardCard(DecisionKind):
    """The keep card a curse makes its monster discard."""

    verb = _("discard a card")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        title = _(
            "{player}: discard a keep card ({curse})",
            player=w.player,
            curse=_.name(w.options["curse"]),
        )
        choices = [
            choice(_("Discard {card}", card=_.name(c)), {**base, "card": c})
            for c in w.options["cards"]
        ]
        return {"title": title, "choices": choices}

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp["card"] = rng.choice(options["cards"])


# ---- dice added to and removed from the result -----------------------------------------


def free_dice(game: State, again: bool = False) -> list[str]:
    """The faces of the active monster's dice that may be chosen: its black and green dice,
    and the berserk die when they are to be thrown `again` (never removed: policy 39) while
    its monster is berserk (once berserk ended, the die lies as it was thrown: a monster
    that is not berserk throws no berserk die); not the die of fate, not a die locked
    (policies 41, 50, 52)."""
    dice = game.dice
    if again and game.active.berserk and BERSERK_FACES.intersection(dice):
        return [f for f in dice if (f in FACE_SET or f in BERSERK_FACES) and f != game.locked]
    return [f for f in dice if f in FACE_SET and f != game.locked]


def without(faces: list[str], taken: list[str]) -> list[str]:
    """`faces` less one of each of `taken` (those not among them ignored): a multiset
    difference. (Lists, not Counters: this runs for every die picked, and a Counter costs
    a game more than its whole rule.)"""
    left = list(faces)
    for face in taken:
        if face in left:
            left.remove(face)
    return left


def ask_add_die(game: State, m: Monster, curse: str) -> None:
    game.ask(m, "add_die", {"faces": list(FACES), "curse": curse}, _decide_add)


def _decide_add(game: State, pending: Pending, inp: Input) -> None:
    face = inp.get("face")
    if not isinstance(face, str) or face not in FACE_SET:  # (a dict or a list: no hash)
        raise MalformedInput(not_a_face("face", face))
    game.decided(pending)
    game.dice.append(str(face))


@decision_kind("add_die", ("face",))
class AddDie(DecisionKind):
    """The face of a die added to the active monster's result (Raging Flood's ankh)."""

    verb = _("add a die")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        return {
            # (the curse named, as every other curse's decision: why a die comes or goes)
            "title": _(
                "{player}: add a die ({curse}): which face?",
                player=w.player,
                curse=_.name(w.options["curse"]),
            ),
            "choices": [choice(face_label(f), {**base, "face": f}) for f in w.options["faces"]],
        }

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp["face"] = rng.choice(options["faces"])


def remove_die(game: State, m: Monster, curse: str) -> None:
    """`m` removes one of its dice: asked when they show different faces."""
    faces = list(dict.fromkeys(free_dice(game)))
    if len(faces) == 1:
        game.dice.remove(faces[0])
    elif faces:
        game.ask(m, "remove_die", {"dice": faces, "curse": curse}, _decide_remove)


def _decide_remove(game: State, pending: Pending, inp: Input) -> None:
    face = inp.get("face")
    if face not in pending.options["dice"]:
        raise RuleViolation(
            _(
                "remove one of the dice showing {faces}",
                faces=[face_label(f) for f in pending.options["dice"]],
            )
        )
    game.decided(pending)
    game.dice.remove(str(face))


@decision_kind("remove_die", ("face",))
class RemoveDie(DecisionKind):
    """The die a curse takes out of the active monster's result (Raging Flood's snake)."""

    verb = _("remove a die")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        return {
            "title": _(
                "{player}: remove a die ({curse})",
                player=w.player,
                curse=_.name(w.options["curse"]),
            ),
            "choices": [
                choice(_("Remove a die showing {face}", face=face_label(f)), {**base, "face": f})
                for f in w.options["dice"]
            ],
        }

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp["face"] = rng.choice(options["dice"])


# ---- dice picked to be thrown again, then thrown -----------------------------------------


def ask_reroll(
    game: State, picker: Monster, least: int, curse: str, picked: list[str] | None = None
) -> None:
    """`picker` picks a die of the active monster's result to be thrown again, one at a
    time, up to 2 (at least `least` while dice are left: otherwise it may stop)."""
    picked = picked or []
    left = without(free_dice(game, again=True), picked)
    if len(picked) >= 2 or not left:
        throw_again(game, picked, curse)
        return
    options = {"dice": sorted(set(left), key=game.face_rank), "of": game.active.name}
    options |= {"picked": list(picked), "curse": curse}
    must = len(picked) < least
    game.ask(picker, "reroll", options, _decide_reroll, optional=not must, data=least)


def _decide_reroll(game: State, pending: Pending, inp: Input) -> None:
    options = pending.options
    picked = list(options["picked"])
    if inp["type"] == "pass":
        game.decided(pending)
        throw_again(game, picked, options["curse"])
        return
    face = inp.get("face")
    if face not in options["dice"]:
        raise RuleViolation(
            _(
                "pick one of {player}'s dice showing {faces}",
                player=options["of"],
                faces=OneOf(face_label(f) for f in options["dice"]),
            )
        )
    game.decided(pending)
    ask_reroll(game, pending.player, pending.data, options["curse"], [*picked, str(face)])


@decision_kind("reroll", ("face",))
class Reroll(DecisionKind):
    """A die of the active monster's result picked to be thrown again (by another
    monster: Confused Senses, False Blessing's snake)."""

    verb = _("pick a die to throw again")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        picked = w.options.get("picked") or []
        if picked:  # one at a time: the second said as such, with the first
            title = _(
                "{player}: pick a second die of {other} to throw again "
                "({curse}; picked already: the die showing {picked})",
                player=w.player,
                other=w.options["of"],
                curse=_.name(w.options["curse"]),
                picked=face_label(picked[0]),
            )
        else:
            title = _(
                "{player}: pick a die of {other} to throw again ({curse})",
                player=w.player,
                other=w.options["of"],
                curse=_.name(w.options["curse"]),
            )
        choices = [
            choice(_("The die showing {face}", face=face_label(f)), {**base, "face": f})
            for f in w.options["dice"]
        ]
        return {"title": title, "choices": choices}

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp["face"] = rng.choice(options["dice"])

    def declined(self, game: State, player: str) -> Text | None:
        return _declined(_picked(game, player, self.name), player)


def _picked(game: State, player: str, kind: str) -> int:
    """How many dice `player` has picked so far in the `kind` decision pending (thrown
    again or removed, one at a time)."""
    for p in game.pending:
        if p.player.name == player and p.kind == kind:
            done = p.options.get("picked", p.options.get("again", []))
            return len(done) + (p.data if kind == "bless" else 0)
    return 0


def _declined(picked: int, player: str) -> Text:
    if picked:
        return _("{player}: no second die?", player=player)
    return _("{player}: no die?", player=player)


def throw_again(game: State, faces: list[str], curse: str, why: str = "curse") -> None:
    """The active monster throws the dice showing `faces` again (a "throw" decision), for
    `curse` (the options' `why`: "curse", or "form" for the beast form's one die:
    expansions/transformation.py)."""
    if not faces:
        return
    dice = {"black": 0, "green": 0}
    for face in faces:  # each die thrown again shows a face of its own kind
        die = game.die_of.get(face, "black")
        dice[die] = dice.get(die, 0) + 1
    options: dict[str, Any] = {"dice": dice, "forced": list(faces)}
    if len(dice) > 2:  # the berserk die among them: its faces
        options["die_faces"] = {d: list(game.die_faces[d]) for d in dice if d in game.die_faces}
    options |= {"keepable": list(game.dice), why: curse}
    game.ask(game.active, "throw", options, _decide_throw)


def berserk_ended(game: State) -> None:
    """The active monster stopped being berserk (a cultist, Rapid Healing) while dice of
    its result are being picked to be thrown again or are to be thrown: the berserk die is
    no longer one of them (it lies as it was thrown, and resolves with the result). Each
    such decision is asked again without it; a forced throw left with no die is none (the
    beast form's: its one die's throw is not spent). The beast's throw, in the roll step
    where the berserk die has just left the dice, is asked again whatever its die (the dice
    it keeps are fewer)."""
    m = game.active
    for p in [*game.pending, *game.queued]:
        options = p.options
        why = "curse" if "curse" in options else ""
        if p.kind == "throw" and "form" in options:  # (not the flip: "transform")
            why = "form"
        if not why:
            continue
        named = ("dice", "picked", "again", "forced")  # the faces each decision names
        # (the beast's throw comes in the roll step, where the berserk die leaves the dice
        # at once: its dice kept are asked again too, whichever die it throws)
        if why != "form" and not BERSERK_FACES.intersection(
            f for key in named for f in options.get(key, ())
        ):
            continue
        if p in game.queued:
            game.queued.remove(p)
        else:
            game.decided(p)
        curse = options[why]
        if p.kind == "reroll":
            picked = [f for f in options["picked"] if f not in BERSERK_FACES]
            ask_reroll(game, p.player, p.data, curse, picked)
        elif p.kind == "bless":
            again = [f for f in options["again"] if f not in BERSERK_FACES]
            ask_bless(game, m, curse, again, p.data)
        else:  # the forced throw
            left = [f for f in options["forced"] if f not in BERSERK_FACES]
            if why == "form" and not left:
                from host.games.kot.expansions.transformation import give_back_throw

                give_back_throw(game)
            throw_again(game, left, curse, why)


def _decide_throw(game: State, pending: Pending, inp: Input) -> None:
    forced = pending.options["forced"]
    thrown = check_faces(inp.get("thrown"), "thrown", game.faces)
    kept = check_faces(inp.get("kept", []), "kept", game.faces)
    die_of = game.die_of
    kinds = sorted([die_of.get(f, "black") for f in thrown])
    if len(thrown) != len(forced) or kinds != sorted([die_of.get(f, "black") for f in forced]):
        raise RuleViolation(
            _(
                "{n, plural, one {# die is thrown again: the one showing "
                "{faces}} other {# dice are thrown again: the ones showing "
                "{faces}}}",
                n=len(forced),
                faces=[face_label(f) for f in forced],
            )
        )
    if sorted(kept) != sorted(without(game.dice, forced)):
        raise RuleViolation(
            _(
                "the dice kept are the result but the ones thrown again ({dice} without {thrown})",
                dice=[face_label(f) for f in sorted(game.dice)],
                thrown=[face_label(f) for f in forced],
            )
        )
    game.decided(pending)
    game.dice = kept + thrown


# ---- False Blessing's ankh: own dice thrown again or removed ------------------------------

RETHROW, REMOVE = "rethrow", "remove"


def ask_bless(
    game: State, m: Monster, curse: str, again: list[str] | None = None, removed: int = 0
) -> None:
    """Up to 2 of its dice, one at a time: each thrown again or removed (may stop)."""
    again = again or []
    left = without(free_dice(game, again=True), again)
    if len(again) + removed >= 2 or not left:
        throw_again(game, again, curse)
        return
    options = {"dice": sorted(set(left), key=game.face_rank), "again": list(again), "curse": curse}
    game.ask(m, "bless", options, _decide_bless, optional=True, data=removed)


def _decide_bless(game: State, pending: Pending, inp: Input) -> None:
    options = pending.options
    again, removed = list(options["again"]), pending.data
    if inp["type"] == "pass":
        game.decided(pending)
        throw_again(game, again, options["curse"])
        return
    face, do = inp.get("face"), inp.get("do")
    if do not in (RETHROW, REMOVE):
        raise MalformedInput(
            _(
                '"do": {choices}, not {value}',
                choices=f'"{RETHROW}" or "{REMOVE}"',
                value=Quoted(do),
            )
        )
    if face not in options["dice"]:
        raise RuleViolation(
            _(
                "pick one of the dice showing {faces}",
                faces=OneOf(face_label(f) for f in options["dice"]),
            )
        )
    if do == REMOVE and face in BERSERK_FACES:
        raise RuleViolation(_("the berserk die is never removed: throw it again or pick another"))
    game.decided(pending)
    if do == REMOVE:
        game.dice.remove(str(face))
        removed += 1
    else:
        again.append(str(face))
    ask_bless(game, pending.player, options["curse"], again, removed)


@decision_kind("bless", ("face", "do"))
class Bless(DecisionKind):
    """One of the active monster's dice thrown again or removed (False Blessing's ankh)."""

    verb = _("throw again or remove a die")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        choices = []
        for f in w.options["dice"]:
            label = face_label(f)
            choices.append(
                choice(_("Throw a {face} again", face=label), {**base, "face": f, "do": RETHROW})
            )
            if f in FACE_SET:  # the berserk die is thrown again, never removed (policy 39)
                choices.append(
                    choice(_("Remove a {face}", face=label), {**base, "face": f, "do": REMOVE})
                )
        curse = _.name(w.options["curse"])
        if _picked(game, w.player, self.name):
            title = _(
                "{player}: throw again or remove a second die? ({curse})",
                player=w.player,
                curse=curse,
            )
        else:
            title = _(
                "{player}: throw again or remove a die? (up to 2, one at a time: {curse})",
                player=w.player,
                curse=curse,
            )
        return {"title": title, "choices": choices}

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp["face"] = face = rng.choice(options["dice"])
        inp["do"] = rng.choice((RETHROW, REMOVE)) if face in FACE_SET else RETHROW

    def declined(self, game: State, player: str) -> Text | None:
        return _declined(_picked(game, player, self.name), player)


# ---- a curse card turned over at the table -----------------------------------------------

Revealed = Callable[["State", str], None]


def ask_curse(game: State, m: Monster, then: Revealed) -> None:
    """At a table deck, `m` says which curse card was turned over; `then` puts it in play."""
    options = {"curses": sorted(game.curse_deck)}
    game.ask(m, "curse", options, _decide_curse, data=then)


def _decide_curse(game: State, pending: Pending, inp: Input) -> None:
    name = inp.get("curse")
    if name not in pending.options["curses"]:
        raise RuleViolation(
            _(
                "{name} is not in the curse deck (the options list the curses left in it)",
                name=Quoted(name),
            )
        )
    game.decided(pending)
    game.curse_deck.remove(str(name))
    pending.data(game, str(name))


@decision_kind("curse", ("curse",))
class RevealCurse(DecisionKind):
    """The curse card turned over at the table (a deck shuffled by hand)."""

    verb = _("reveal a curse")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        return {
            "title": _("{player}: which curse card was turned over?", player=w.player),
            "choices": [choice(_.name(c), {**base, "curse": c}) for c in w.options["curses"]],
        }

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp["curse"] = rng.choice(options["curses"])
