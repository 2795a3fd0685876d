"""King of Tokyo in the app: its `GameKind` (see host.app.games).

Everything the app must know of King of Tokyo beyond the `Game` protocol is here: the
setup form's lists, what the page offers for each thing the engine waits for, and what a
player's button means:

- the active player, after a throw: end the throws (the result is then held for the
  correction window before it is resolved);
- a monster in Tokyo asked whether it yields: leave Tokyo;
- the active player while others are asked to yield: everyone who has not pressed stays;
- the active player in the buy step: end the turn (cards are bought on the page).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from host.app.games import CORRECT, RESOLVE, THROW, GameFileError, generic_answers, register
from host.games import Game, Input, Waiting
from host.games.kot import KingOfTokyo, ScriptError, SetupError, parse_script
from host.games.kot.cards import CARDS
from host.games.kot.engine import FACES, ROLLOFF
from host.games.kot.market import DECK
from host.games.kot.script import FORMAT, ScriptFailed, replay, script_json, start
from host.games.kot.setup import MAX_PLAYERS, MIN_PLAYERS, MONSTERS

FACE_LABELS = {"1": "1", "2": "2", "3": "3", "heart": "♥", "energy": "⚡", "claw": "claw"}


class KingOfTokyoKind:
    name = "king-of-tokyo"
    title = "King of Tokyo"
    script_format = FORMAT

    def new(self, setup: Mapping[str, Any]) -> Game:
        if not isinstance(setup, Mapping):
            raise GameFileError("a game setup is a JSON object (players, options...)")
        fields = {k: v for k, v in setup.items() if k not in ("inputs", "expect")}
        return self.load({**fields, "format": FORMAT, "inputs": []})

    def load(self, script: Mapping[str, Any]) -> Game:
        try:
            return replay(parse_script(script))
        except ScriptFailed as error:
            raise GameFileError(str(error)) from None
        except (ScriptError, SetupError) as error:
            raise GameFileError(str(error)) from None

    def setup_of(self, script: Mapping[str, Any]) -> dict[str, Any]:
        # normalised through the engine's own writer, so a stored setup reads back the same
        try:
            game = start(parse_script({**script, "format": FORMAT, "inputs": []}))
        except (ScriptError, SetupError) as error:
            raise GameFileError(str(error)) from None
        setup = script_json(game)
        del setup["format"], setup["inputs"]
        if "description" in script:
            setup["description"] = str(script["description"])
        return setup

    def export(self, setup: Mapping[str, Any], inputs: Sequence[Input]) -> dict[str, Any]:
        return {"format": FORMAT, **setup, "inputs": [dict(i) for i in inputs]}

    def roles(self, game: Game) -> dict[str, str]:
        return {m.name: m.monster for m in _kot(game).monsters}

    def turn(self, game: Game) -> tuple[str, int]:
        g = _kot(game)
        if g.phase == ROLLOFF:
            return (f"roll-off {g.rolloff[0].name}", len(g.rolloff_claws))
        return (g.active.name, g.turn)

    def winners(self, game: Game) -> list[str]:
        return [m.name for m in _kot(game).winners]

    def catalog(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "title": self.title,
            "format": self.script_format,
            "role": "monster",
            "roles": list(MONSTERS),
            "players": [MIN_PLAYERS, MAX_PLAYERS],
            "options": [
                {"name": "two_player_variant", "label": "Two-player variant"},
                {"name": "first_edition", "label": "First-edition Tokyo entry (needs a claw)"},
                # at a real table the deck is shuffled by hand: the page asks for each card
                # turned over (a seeded deck is for scripts and rehearsals)
                {
                    "name": "table_deck",
                    "label": "Cards shuffled by hand (enter each card turned over)",
                    "default": True,
                },
            ],
            "places": ["city", "bay"],
            "dials": ["hp", "vp", "energy"],
            "cards": sorted(CARDS),
            "faces": list(FACES),
            "face_labels": FACE_LABELS,
        }

    def answers(self, game: Game, waiting: Waiting) -> dict[str, Any]:
        out = generic_answers(waiting)
        base: dict[str, Any] = {"type": waiting.kind, "player": waiting.player}
        answer = _ANSWERS.get(waiting.kind)
        if answer is not None:
            out.update(answer(_kot(game), waiting, base))
        return out

    def button_inputs(self, game: Game, player: str) -> list[Input]:
        g = _kot(game)
        waits = g.waiting_for()
        mine = {w.kind for w in waits if w.player == player}
        if "yield" in mine:
            return [{"type": "yield", "player": player, "leave": True}]
        yields = [w for w in waits if w.kind == "yield"]
        if yields and g.phase != ROLLOFF and player == g.active.name:
            return [{"type": "yield", "player": w.player, "leave": False} for w in yields]
        for kind in (RESOLVE, "end_turn"):
            if kind in mine:
                return [{"type": kind, "player": player}]
        return []

    def manual_throw(self, game: Game, faces: Sequence[str]) -> Input:
        """Dice entered by hand as they lie after the throw: the dice that show the same
        faces as the ones that could be kept count as kept, the rest as thrown (at least
        one is thrown; a card's throw of only some faces throws exactly those).

        >>> from host.games.kot import Setup
        >>> game = KingOfTokyo(Setup.simple("Ann", "Bob", first_player="Ann"))
        >>> game.apply(game.throw_input(["1", "1", "2", "heart", "claw", "claw"]))
        >>> KOT.manual_throw(game, ["1", "1", "1", "heart", "claw", "claw"])["thrown"]
        ['1']
        """
        g = _kot(game)
        expected = g.expected_dice()
        waits = [w for w in g.waiting_for() if w.kind == THROW]
        wait = next((w for w in waits if expected and w.player == expected.player), None)
        keepable = list(wait.options.get("keepable", [])) if wait is not None else []
        if not keepable:  # a first throw, a roll-off throw, a card's whole new throw
            return g.throw_input(list(faces))
        rethrow = wait.options.get("rethrow") if wait is not None else None
        if rethrow is not None:  # only the dice showing that face are thrown again
            kept = [f for f in keepable if f != rethrow]
            thrown = list((Counter(faces) - Counter(kept)).elements())
            return g.throw_input(thrown, kept)
        kept_count = Counter(keepable) & Counter(faces)
        kept = list(kept_count.elements())
        thrown = list((Counter(faces) - kept_count).elements())
        if not thrown and kept:  # the dice thrown again landed as they were
            thrown.append(kept.pop())
        return g.throw_input(thrown, kept)


def _kot(game: Game) -> KingOfTokyo:
    if not isinstance(game, KingOfTokyo):
        raise TypeError(f"not a King of Tokyo game: {type(game).__name__}")
    return game


# ---- what the page offers for each thing the engine waits for ----------------------------
# Each returns the fields of the answer (see host.app.games.answers_json) that differ from
# the generic one: a title, one-tap choices (complete inputs), or a form that asks for the
# rest of an input (dice faces, a die to fix, fields to choose).

Answer = dict[str, Any]


def _throw(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    dice = w.options.get("dice", {})
    card = w.options.get("card")
    if w.options.get("rolloff"):
        title = f"{w.player}: roll-off throw"
    elif card:
        title = f"{w.player}: throw for {card}"
    else:
        title = f"{w.player}: throw the dice"
    form = {
        "type": "dice",
        "count": sum(dice.values()) if dice else g.dice_in_play(),
        "faces": list(FACES),
        "current": sorted(w.options.get("keepable", []), key=FACES.index),
    }
    if "rerolls" in w.options:  # Psychic Probe: one die of the result thrown again
        form["note"] = f"{w.options['rerolls']} die thrown again: the dice as they lie now"
    elif "rethrow" in w.options:  # Background Dweller: the dice showing it thrown again
        form["note"] = f"the dice showing {FACE_LABELS[w.options['rethrow']]} thrown again"
    return {"title": title, "choices": [], "form": form}


def _resolve(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    return {"title": f"{w.player}: use this result", "choices": [choice("Use this result", base)]}


def _correct(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    form = {"type": "correct", "dice": sorted(g.dice, key=FACES.index)}
    return {"title": "Fix a misread die", "choices": [], "form": form}


def _yield(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    where = "Tokyo " + str(w.options.get("location", "")).title()
    return {
        "title": f"{w.player}: yield {where}?",
        "choices": [
            choice(f"Yield (leave {where})", {**base, "leave": True}),
            choice(f"Stay in {where}", {**base, "leave": False}),
        ],
    }


def _buy(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    choices = []
    for c in w.options.get("cards", []):
        where = c.get("from")
        label = f"Buy {c['card']} ({c['cost']}⚡"
        if where == DECK:
            label += ", the deck's top card"
        elif where is not None:
            label += f", from {where}"
        inp = {**base, "card": c["card"], **({"from": where} if where is not None else {})}
        choices.append(choice(label + ")", inp))
    card = w.options.get("card")  # a card that lets one buy now (Opportunist)
    return {"title": f"{w.player}: buy a card" + (f" ({card})" if card else ""), "choices": choices}


def _sweep(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    cost = w.options.get("cost")
    return {"title": f"{w.player}: sweep the cards", "choices": [choice(f"Sweep ({cost}⚡)", base)]}


def _end_turn(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    return {"title": f"{w.player}: end the turn", "choices": [choice("End the turn", base)]}


def _pass(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    declines = str(w.options.get("declines", "")).replace("_", " ")
    title = f"{w.player}: pass" + (f" (no {declines})" if declines else "")
    return {"title": title, "choices": [choice("Pass", base)]}


def _reveal(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    """The card turned over on the table (the deck is shuffled by hand): picked from the
    cards the deck can still hold."""
    cards = w.options.get("cards", {})
    peek = bool(w.options.get("peek"))
    title = "which card is on top of the deck?" if peek else "which card was turned over?"
    field = pick_field(
        "card",
        "The top card" if peek else "The card turned over",
        [(c, c if n == 1 else f"{c} ({n} left)") for c, n in sorted(cards.items())],
    )
    form = fields_form(base, [field], "Enter it")
    return {"title": f"{w.player}: {title}", "choices": [], "form": form}


def _use(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    """A card's power: one tap, a target to choose, or a die to change."""
    card = str(w.options.get("card"))
    cost = w.options.get("cost")
    inp = {**base, "card": card}
    label = f"Use {card}" + (f" ({cost}⚡)" if cost else "")
    title = f"{w.player}: use {card}?"
    if "targets" in w.options:
        choices = []
        for target in w.options["targets"]:
            owner = target.get("owner")
            text = f"{label}: {target.get('target')}" + (f" of {owner}" if owner else "")
            choices.append(choice(text, {**inp, **target}))
        return {"title": title, "choices": choices}
    if "from" in w.options:
        sources = list(w.options["from"])
        faces = [f for f in w.options["to"] if [f] != sources]  # a die turned to itself
        fields = [
            pick_field("from", "the die showing", [(f, FACE_LABELS[f]) for f in sources]),
            pick_field("to", "turned to", [(f, FACE_LABELS[f]) for f in faces]),
        ]
        return {"title": title, "choices": [], "form": fields_form(inp, fields, label)}
    return {"title": title, "choices": [choice(label, inp)]}


def _hearts(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    """Where the hearts go: tokens removed, other monsters healed (paid by them), the rest
    to the monster itself (outside Tokyo) or lost."""
    hearts = int(w.options.get("hearts", 0))
    rest = "the rest heal " + w.player if w.options.get("heal_self") else "the rest are lost"
    fields = [
        number_field(f"remove.{t}", f"remove {t} tokens", min(n, hearts))
        for t, n in w.options.get("tokens", {}).items()
    ] + [
        number_field(f"heal.{name}", f"heal {name} (they pay 2⚡ per HP)", most)
        for name, most in w.options.get("heal", {}).items()
    ]
    everything = "Heal yourself with all" if w.options.get("heal_self") else "Use none"
    return {
        "title": f"{w.player}: {hearts} hearts to use ({rest})",
        "choices": [choice(everything, base)],
        "form": fields_form(base, fields, "Use them so") if fields else None,
    }


def _healing(g: KingOfTokyo, w: Waiting, base: Input) -> Answer:
    hp, cost, healer = w.options.get("hp"), w.options.get("cost"), w.options.get("from")
    return {
        "title": f"{w.player}: be healed {hp} HP by {healer} for {cost}⚡?",
        "choices": [
            choice(f"Accept (pay {cost}⚡)", {**base, "accept": True}),
            choice("Refuse", {**base, "accept": False}),
        ],
    }


def choice(label: str, inp: Input) -> dict[str, Any]:
    return {"label": label, "input": dict(inp)}


def pick_field(name: str, label: str, options: list[tuple[str, str]]) -> dict[str, Any]:
    """A form field chosen from a list: (value, label) pairs."""
    return {"name": name, "label": label, "choices": [{"value": v, "label": t} for v, t in options]}


def number_field(name: str, label: str, most: int) -> dict[str, Any]:
    """A whole-number form field from 0 to `most`; a dotted name ("heal.Bob") is a count
    in an object field of the input."""
    return {"name": name, "label": label, "min": 0, "max": most}


def fields_form(inp: Input, fields: list[dict[str, Any]], submit: str) -> dict[str, Any]:
    """A form that completes `inp` with the fields chosen (the page knows no rules)."""
    return {"type": "fields", "input": dict(inp), "fields": fields, "submit": submit}


_ANSWERS: dict[str, Callable[[KingOfTokyo, Waiting, Input], Answer]] = {
    THROW: _throw,
    RESOLVE: _resolve,
    CORRECT: _correct,
    "yield": _yield,
    "buy": _buy,
    "sweep": _sweep,
    "end_turn": _end_turn,
    "pass": _pass,
    "reveal": _reveal,
    "use": _use,
    "hearts": _hearts,
    "healing": _healing,
}

KOT = register(KingOfTokyoKind())
