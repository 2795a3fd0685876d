"""The kinds of input King of Tokyo takes, one entry each: the one table that the engine,
the page and the random player read.

Every input has a `type` (its kind: what the game waits for, `Waiting.kind`) and the
`player` who gives it. A kind's entry is a `DecisionKind`, registered with
`@decision_kind(name, fields, step)`, and says all there is to know about its kind:

- `fields`: the fields its inputs may have (`apply` refuses any other);
- `step`: what the engine does with one when no decision is pending: the active player's
  own steps (throw, resolve, buy, end_turn...: `host.games.kot.turn`). A kind that only
  ever answers a decision the game asked (`State.ask(player, kind, options, handler)`:
  yield, hearts, healing...) has none: the handler given to `ask` applies the answer,
  and without a pending decision the input is refused. Either way, while decisions are
  pending an input must answer one of them (`host.games.kot.decisions`);
- `page`: what the page offers to answer it, beyond the choices made from its options
  (`host.games.page`: a title, one-tap choices, a form);
- `random`: how the random player fills in its fields from the options it is asked with;
- `verb`: what a player does with it, in words (`_("end turn")`): a refusal says it ("Ann
  cannot end turn now: ..."), and what the game waits for ("Bob to throw or end turn"),
  in the reader's language (tests/games/kot/test_decision_kinds.py checks every kind has
  one, translated).

A new decision (a card's, an expansion's) is one entry: a subclass of `DecisionKind` with
its `page`, `random` and `verb`, under `@decision_kind(...)`, in the module that asks it (one the
engine imports, as it imports the cards); the engine, the page and the random player then
all know it (tests/games/kot/test_decision_kinds.py shows one added). Its documentation
goes in docs/game-script.md ("Inputs" and "What the game waits for"; a test checks it).

>>> sorted(KINDS["yield"].fields)
['leave', 'player', 'type']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from host.games import Input, Waiting
from host.games.kind import CORRECT, RESOLVE, THROW
from host.games.kot import turn
from host.games.kot.market import DECK
from host.games.kot.rules import FACE_SET, FACES, random_faces
from host.games.kot.state import Monster, State
from host.games.kot.text import _, card_choice, face_label, place_name
from host.games.kot.waiting import refuse
from host.games.page import (
    choice,
    correct_form,
    dice_form,
    fields_form,
    number_field,
    pick_field,
)
from host.games.text import Text

# applies an input of the kind when no decision is pending (after checking it)
InputStep = Callable[[State, Monster, Input], None]
Answer = dict[str, Any]  # the fields of a page answer (host.games.page) a kind sets

LEAVE_CHANCE = 0.5  # the random player's chance to yield Tokyo when asked
ACCEPT_CHANCE = 0.7  # its chance to accept (and pay for) Healing Ray's healing


class DecisionKind:
    """One kind of input; the defaults suit a decision with no fields to choose."""

    __slots__ = ("fields", "name", "step")
    # taken even while decisions are pending (an action one may take at any time: spending
    # a cultist); its step then checks it is allowed
    standing = False
    # what a player does with it, in words ("end turn"): said when it is refused or awaited
    verb: Text | None = None

    def __init__(self, name: str, fields: Iterable[str] = (), step: InputStep = refuse) -> None:
        self.name = name
        self.fields = frozenset({"type", "player", *fields})  # "type" and "player" included
        self.step = step

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        """What the page offers for `w`, beyond the generic answer made from its options;
        `base` is the input's type and player."""
        return {}

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        """Fill in `inp`'s fields at random, legally for `options` (the random player)."""

    def declined(self, game: State, player: str) -> Text | None:
        """The title of `player`'s pass of it, when it says more than "pass" (a second die
        picked one at a time: "no second die?")."""
        return None


KINDS: dict[str, DecisionKind] = {}  # input type -> its kind

K = TypeVar("K", bound=type[DecisionKind])


def decision_kind(
    name: str, fields: Iterable[str] = (), step: InputStep = refuse
) -> Callable[[K], K]:
    """Register an instance of the decorated class as the kind `name`: its inputs' `fields`
    besides type and player, and its `step` (default: it only answers decisions asked)."""

    def register(cls: K) -> K:
        KINDS[name] = cls(name, fields, step)
        return cls

    return register


@decision_kind(THROW, ("thrown", "kept"), turn.on_throw)
class Throw(DecisionKind):
    """The dice thrown (and kept): the active player's roll, the roll-off, or a card's
    throw (Camouflage's, Psychic Probe's)."""

    verb = _("throw")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        dice = w.options.get("dice", {})
        card = w.options.get("card")
        curse = w.options.get("curse")
        if w.options.get("rolloff"):
            title = _("{player}: roll-off throw", player=w.player)
        elif curse:
            title = _("{player}: throw again ({curse})", player=w.player, curse=_.name(curse))
        elif w.options.get("form"):  # the beast form's one die (expansions/transformation.py)
            title = _("{player}: throw the die again (beast form)", player=w.player)
        elif card:
            title = _("{player}: throw for {card}", player=w.player, card=_.name(card))
        else:
            title = _("{player}: throw the dice", player=w.player)
        note = ""
        current = sorted(w.options.get("keepable", []), key=game.face_rank)
        if "forced" in w.options:  # a curse's, the beast's: only these dice, entered alone
            shown = [face_label(f) for f in w.options["forced"]]
            note = _(
                "{n, plural, one {the die that showed {faces}, thrown again} "
                "other {the # dice that showed {faces}, thrown again}}",
                n=len(shown),
                faces=shown,
            )
            current = []
        elif "rerolls" in w.options:  # Psychic Probe: one die of the result thrown again
            note = _(
                "{n, plural, one {# die} other {# dice}} thrown again: the dice as they lie now",
                n=w.options["rerolls"],
            )
        elif "rethrow" in w.options:  # Background Dweller: the dice showing it thrown again
            face = face_label(w.options["rethrow"])
            note = _("the dice showing {face} thrown again", face=face)
        count = sum(dice.values()) if dice else game.dice_in_play()
        # the faces of the dice thrown: the berserk die's only when it is in play (a
        # monster not berserk throws none, and its faces tapped would be refused)
        # (each face once: the berserk die shows its claw on two sides)
        thrown: set[str] = set(FACES) if not dice or dice.keys() & {"black", "green"} else set()
        thrown.update(f for die in dice if die in game.die_faces for f in game.die_faces[die])
        faces = sorted(thrown, key=game.face_rank)
        only = ("claw", "1") if w.options.get("rolloff") else None  # only claws count
        form = dice_form(count, faces, current, note, only=only, groups=face_groups(game))
        # an expansion's own die among a whole throw (the die of fate, the berserk die): the
        # dice said, so that 7 or 9 dice to tap are not a puzzle ("6 dice and the die of fate")
        said = {x.die: x.die_said for x in game.dice_expansions}
        own = [said[d] for d, n in dice.items() if d in said and n]
        if own and not note and not current and only is None:
            main = sum(n for d, n in dice.items() if d not in said)
            form["dice"] = [_("{n, plural, one {# die} other {# dice}}", n=main), *own]
        if current:  # a rethrow: its grid ends with "use this result" (a phone's screen)
            form["ends"] = RESOLVE
        if "groups" in form:  # each kind of die's faces named (its berserk ⚡ is not a black ⚡)
            form["group_names"] = [None, *(x.die_said for x in game.dice_expansions)]
        return {"title": title, "choices": [], "form": form}

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        dice = options["dice"]
        keepable = list(options.get("keepable", ()))
        if "forced" in options:  # the dice a curse has thrown again
            forced = options["forced"]
            for face in forced:
                keepable.remove(face)
            thrown = random_faces(rng, options["dice"]["black"])
            for die, faces in options.get("die_faces", {}).items():  # the berserk die
                thrown += [rng.choice(faces) for _ in range(options["dice"][die])]
            inp["thrown"], inp["kept"] = thrown, keepable
        elif "rerolls" in options:  # one die of someone else's result, thrown again
            locked = options.get("locked")  # a curse's: those dice stay
            black = [i for i, f in enumerate(keepable) if f in FACE_SET and f != locked]
            keepable.pop(black[int(rng.random() * len(black))])
            inp["thrown"], inp["kept"] = random_faces(rng, 1), keepable
        elif "rethrow" in options:  # only the dice showing that face are thrown again
            face = options["rethrow"]
            kept = [f for f in keepable if f != face]
            inp["thrown"], inp["kept"] = random_faces(rng, len(keepable) - len(kept)), kept
        else:  # a whole new throw (a defensive throw, a first throw)
            inp["thrown"], inp["kept"] = random_faces(rng, dice["black"] + dice["green"]), []
            for die, n in dice.items():
                if die not in ("black", "green"):  # the expansions' own dice
                    inp["thrown"] += [rng.choice(options["die_faces"][die]) for _ in range(n)]


@decision_kind(CORRECT, ("from", "to"), turn.on_correct)
class Correct(DecisionKind):
    """One misread die fixed (not a throw). The random player makes its own corrections."""

    verb = _("correct")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        faces = sorted(game.faces, key=game.face_rank)
        form = correct_form(sorted(game.dice, key=game.face_rank), faces, face_groups(game))
        title = _("{player}: fix a misread die", player=w.player)  # a sentence, as the others
        return {"title": title, "choices": [], "form": form}


@decision_kind(RESOLVE, (), turn.on_resolve)
class Resolve(DecisionKind):
    verb = _("resolve")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        return {
            "title": _("{player}: use this result", player=w.player),
            "choices": [choice(_("Use this result"), base)],
        }


@decision_kind("yield", ("leave",))
class Yield(DecisionKind):
    """A monster in Tokyo that lost HP to the Smash leaves Tokyo, or stays."""

    verb = _("yield")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        where = place_name(w.options.get("location"))
        return {
            "title": _("{player}: yield {place}?", player=w.player, place=where),
            "choices": [
                choice(_("Yield (leave {place})", place=where), {**base, "leave": True}),
                choice(_("Stay in {place}", place=where), {**base, "leave": False}),
            ],
        }

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp["leave"] = rng.random() < LEAVE_CHANCE


@decision_kind("buy", ("card", "from"), turn.on_buy)
class Buy(DecisionKind):
    """A card bought: in the buy step (face up, the deck's top, another monster's), or
    when a card lets one buy now (Opportunist)."""

    verb = _("buy")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        choices = []
        for c in w.options.get("cards", []):
            card, cost, where = c["card"], c["cost"], c.get("from")
            name = _.name(card)
            if where == DECK:
                label = _("Buy {card} ({cost}⚡, the deck's top card)", card=name, cost=cost)
            elif where is not None:
                label = _("Buy {card} ({cost}⚡, from {owner})", card=name, cost=cost, owner=where)
            else:
                label = _("Buy {card} ({cost}⚡)", card=name, cost=cost)
            inp = {**base, "card": card, **({"from": where} if where is not None else {})}
            choices.append(choice(label, inp))
        card = w.options.get("card")  # a card that lets one buy now (Opportunist)
        if card:
            title = _("{player}: buy a card ({card})", player=w.player, card=_.name(card))
        else:
            title = _("{player}: buy a card", player=w.player)
        return {"title": title, "choices": choices}

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        picked = rng.choice(options["cards"])
        inp["card"] = picked["card"]
        if "from" in picked:
            inp["from"] = picked["from"]


@decision_kind("sweep", (), turn.on_sweep)
class Sweep(DecisionKind):
    verb = _("sweep")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        cost = w.options.get("cost")
        return {
            "title": _("{player}: sweep the cards", player=w.player),
            "choices": [choice(_("Sweep ({cost}⚡)", cost=cost), base)],
        }


@decision_kind("end_turn", (), turn.on_end_turn)
class EndTurn(DecisionKind):
    verb = _("end turn")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        return {
            "title": _("{player}: end the turn", player=w.player),
            "choices": [choice(_("End the turn"), base)],
        }


@decision_kind("use", ("card", "from", "to", "target", "owner"), turn.on_use)
class Use(DecisionKind):
    """A card's power used: by its owner in its own steps, at any time (Rapid Healing), or
    when the card asks (Wings, Mimic, Metamorph)."""

    verb = _("use")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        """One tap, a target to choose, or a die to change."""
        card = str(w.options.get("card"))
        cost = w.options.get("cost")
        inp = {**base, "card": card}
        name = _.name(card)
        if cost:
            label = _("Use {card} ({cost}⚡)", card=name, cost=cost)
        else:
            label = _("Use {card}", card=name)
        title = _("{player}: use {card}?", player=w.player, card=name)
        if "targets" in w.options:
            choices = []
            for target in w.options["targets"]:
                owner, aim = target.get("owner"), _.name(target.get("target"))  # a card
                if owner:
                    text = _("{use}: {target} of {owner}", use=label, target=aim, owner=owner)
                else:
                    text = _("{use}: {target}", use=label, target=aim)
                choices.append(choice(text, {**inp, **target}))
            return {"title": title, "choices": choices}
        if "from" in w.options:
            sources = list(w.options["from"])
            faces = [f for f in w.options["to"] if [f] != sources]  # a die turned to itself
            fields = [
                pick_field("from", _("the die showing"), [(f, face_label(f)) for f in sources]),
                pick_field("to", _("turned to"), [(f, face_label(f)) for f in faces]),
            ]
            return {"title": title, "choices": [], "form": fields_form(inp, fields, label)}
        return {"title": title, "choices": [choice(label, inp)]}

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp["card"] = options["card"]
        if "targets" in options:
            inp.update(rng.choice(options["targets"]))
        if "from" in options:
            old = rng.choice(options["from"])
            inp["from"] = old
            inp["to"] = rng.choice([f for f in options["to"] if f != old])


@decision_kind("pass")
class Pass(DecisionKind):
    """An optional decision declined (no Wings, no purchase...)."""

    verb = _("pass")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        declines = w.options.get("declines")  # the optional decision passed
        if declines == "buy":
            title = _("{player}: buy nothing?", player=w.player)
        elif declines == "use":
            title = _("{player}: not use the card?", player=w.player)
        elif declines == "throw":
            title = _("{player}: not throw?", player=w.player)
        else:
            kind = KINDS.get(str(declines))
            title = (kind and kind.declined(game, w.player)) or _("{player}: pass", player=w.player)
        return {"title": title, "choices": [choice(_("Pass"), base)]}


@decision_kind("hearts", ("remove", "heal"))
class Hearts(DecisionKind):
    """Where the hearts go: tokens removed, other monsters healed (Healing Ray, paid by
    them), the rest to the monster itself (outside Tokyo) or lost."""

    verb = _("spend the hearts")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        hearts = int(w.options.get("hearts", 0))
        heal_self = bool(w.options.get("heal_self"))
        fields = [
            number_field(f"remove.{t}", _("remove {token} tokens", token=_.name(t)), min(n, hearts))
            for t, n in w.options.get("tokens", {}).items()
        ] + [
            number_field(
                f"heal.{name}", _("heal {player} (they pay 2⚡ per HP)", player=name), most
            )
            for name, most in w.options.get("heal", {}).items()
        ]
        if heal_self:
            title = _(
                "{player}: {n, plural, one {# heart} other {# hearts}} to "
                "use (the rest heal {player})",
                player=w.player,
                n=hearts,
            )
        else:
            title = _(
                "{player}: {n, plural, one {# heart} other {# hearts}} to use (the rest are lost)",
                player=w.player,
                n=hearts,
            )
        return {
            "title": title,
            "choices": [choice(_("Heal yourself with all") if heal_self else _("Use none"), base)],
            "form": fields_form(base, fields, _("Use them so")) if fields else None,
        }

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        """Each heart goes at random: to a token, another monster, or itself."""
        remove: dict[str, int] = {}
        heal: dict[str, int] = {}
        for _heart in range(options["hearts"]):
            choices = [("remove", t) for t, n in options["tokens"].items() if remove.get(t, 0) < n]
            choices += [("heal", x) for x, n in options["heal"].items() if heal.get(x, 0) < n]
            choices.append(("self", ""))
            where, name = rng.choice(choices)
            if where == "remove":
                remove[name] = remove.get(name, 0) + 1
            elif where == "heal":
                heal[name] = heal.get(name, 0) + 1
        inp["remove"], inp["heal"] = remove, heal


@decision_kind("healing", ("accept",))
class Healing(DecisionKind):
    """A monster offered healing by Healing Ray accepts (and pays) or refuses."""

    verb = _("accept or refuse the healing")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        hp, cost, healer = w.options.get("hp"), w.options.get("cost"), w.options.get("from")
        title = _(
            "{player}: be healed {hp} HP by {healer} for {cost}⚡?",
            player=w.player,
            hp=hp,
            healer=healer,
            cost=cost,
        )
        return {
            "title": title,
            "choices": [
                choice(_("Accept (pay {cost}⚡)", cost=cost), {**base, "accept": True}),
                choice(_("Refuse"), {**base, "accept": False}),
            ],
        }

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        inp["accept"] = rng.random() < ACCEPT_CHANCE


@decision_kind("reveal", ("card",))
class Reveal(DecisionKind):
    """A card turned over at the table (the deck shuffled by hand: `table_deck`)."""

    verb = _("reveal")

    def page(self, game: State, w: Waiting, base: Input) -> Answer:
        """Picked from the cards the deck can still hold."""
        cards = w.options.get("cards", {})
        peek = bool(w.options.get("peek"))
        if peek:
            title = _("{player}: which card is on top of the deck?", player=w.player)
        else:
            title = _("{player}: which card was turned over?", player=w.player)
        field = pick_field(
            "card",
            _("The top card") if peek else _("The card turned over"),
            [
                card_choice(c, None if n == 1 else _("{card} ({n} left)", card=_.name(c), n=n))
                for c, n in sorted(cards.items())
            ],
        )
        form = fields_form(base, [field], _("Enter it"))
        return {"title": title, "choices": [], "form": form}

    def random(self, inp: dict[str, Any], options: Mapping[str, Any], rng: random.Random) -> None:
        """A card of the deck, each copy as likely as the others (as a shuffled deck)."""
        cards = [card for card, n in options["cards"].items() for _ in range(n)]
        inp["card"] = rng.choice(cards)


def face_groups(game: State) -> list[list[str]]:
    """The faces of each kind of die the game throws: the black (and green) dice's, then
    each expansion's own die's (the berserk die, the die of fate)."""
    # each face once: the berserk die shows its claw on two sides, one button is enough
    return [list(FACES), *(list(dict.fromkeys(faces)) for faces in game.die_faces.values())]
