"""What each input did, in plain words, for the page's feed and the game-over summary:
the input itself ("Ann throws 1 1 claw…") and what changed between the state before it
and after it (damage, healing, VP, energy, Tokyo, cards, eliminations), read from the
engine's own state JSON (`state_json`), so it says what the rules did, whatever card did it.

>>> from host.games.kot import KingOfTokyo, MonsterPosition, Position, Setup
>>> game = KingOfTokyo(Setup.simple("Ann", "Bob", position=Position(
...     {"Bob": MonsterPosition(location="city")}, "Ann")))
>>> game.apply(game.throw_input(["claw", "claw", "3", "3", "3", "energy"]))
>>> before = game.to_json()
>>> game.apply({"type": "resolve", "player": "Ann"})
>>> told = story(before, game.to_json(), {"type": "resolve", "player": "Ann"})
>>> told["said"], told["did"]
('Ann resolves the dice: 3, 3, 3, ⚡, claw and claw', ['Ann: +3 VP and +1 energy', 'Bob: −2 ♥'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from host.games import Input
from host.games.kot.rules import ROLLOFF
from host.games.kot.text import _, face_label, place_name
from host.games.kot.waiting import verb
from host.games.text import Text


def faces(dice: Any) -> list[str]:
    """Dice as a list field of a sentence: each face's name, said in the reader's language."""
    return [face_label(str(f)) for f in dice] if isinstance(dice, list) else []


def said(inp: Input, before: Mapping[str, Any]) -> str:
    """The input in words."""
    who, kind = str(inp.get("player", "")), inp.get("type")
    card = _.name(inp.get("card", ""))
    if kind == "throw" and before.get("phase") == ROLLOFF:
        # the page asks a roll-off's claws only (the other dice sent as 1s): said as a count
        thrown = inp.get("thrown")
        claws = thrown.count("claw") if isinstance(thrown, list) else 0
        return _(
            "{player} throws {n, plural, one {# claw} other {# claws}} to see who goes first",
            player=who,
            n=claws,
        )
    if kind == "throw" and (inp.get("kept") or before.get("throws")):
        # a second or later throw of the turn: told as a rethrow (it read "Léa lance ...
        # (garde ...)" each time)
        if inp.get("kept"):
            return _(
                "{player} rethrows {thrown} (keeps {kept})",
                player=who,
                thrown=faces(inp.get("thrown")),
                kept=faces(inp.get("kept")),
            )
        return _("{player} rethrows {thrown}", player=who, thrown=faces(inp.get("thrown")))
    if kind == "throw":
        return _("{player} throws {thrown}", player=who, thrown=faces(inp.get("thrown")))
    if kind == "correct":
        return _(
            "{player}'s die fixed: {wrong} → {right}",
            player=who,
            wrong=face_label(str(inp.get("from"))),
            right=face_label(str(inp.get("to"))),
        )
    if kind == "resolve":
        return _("{player} resolves the dice: {dice}", player=who, dice=faces(before.get("dice")))
    if kind == "yield":
        if inp.get("leave"):
            return _("{player} yields Tokyo", player=who)
        return _("{player} stays in Tokyo", player=who)
    words = {
        "buy": _("{player} buys {card}", player=who, card=card),
        "sweep": _("{player} sweeps the cards on offer", player=who),
        "end_turn": _("{player} ends the turn", player=who),
        "use": _("{player} uses {card}", player=who, card=card),
        "pass": _("{player} passes", player=who),
        "hearts": _("{player} places the hearts", player=who),
        "healing": _("{player} accepts the healing", player=who)
        if inp.get("accept")
        else _("{player} refuses the healing", player=who),
        "reveal": _("{card} is turned over", card=card),
    }
    if str(kind) in words:
        return words[str(kind)]
    told = _expansion_said(inp, who)
    if told is not None:
        return told
    # an expansion's kind, with what it took, gave or turned over (a tile, a curse, a face)
    what = _named(inp)
    if what is not None:
        return _("{player}: {kind} ({what})", player=who, kind=verb(str(kind)), what=what)
    return _("{player}: {kind}", player=who, kind=verb(str(kind)))


def _expansion_said(inp: Input, who: str) -> str | None:
    """An expansion's input said as what happened ("Ann takes the tile Eternal"), not as
    the decision's verb ("Ann: take a tile (Eternal)" read as an order in the feed)."""
    kind, face, do = inp.get("type"), inp.get("face"), inp.get("do")
    if kind == "cultist":
        if inp.get("spend") == "throw":
            return _("{player} spends a cultist for one more throw", player=who)
        return _("{player} spends a cultist", player=who)
    if kind == "tile" and isinstance(inp.get("tile"), str):
        return _("{player} takes the tile {tile}", player=who, tile=_.name(inp["tile"]))
    if kind == "curse" and isinstance(inp.get("curse"), str):
        return _("Curse turned over: {curse}", curse=_.name(inp["curse"]))
    if kind == "fluxling" and isinstance(inp.get("target"), str):
        return _(
            "{player}: Fluxling copies {card} of {owner}",
            player=who,
            card=_.name(inp["target"]),
            owner=str(inp.get("owner", "")),
        )
    if kind == "transform":  # (the card's new side is told with what changed)
        return _("{player} flips the transformation card", player=who)
    if kind == "beast_reroll" and isinstance(face, str):
        return _(
            "{player} throws the die showing {face} once more (beast form)",
            player=who,
            face=face_label(face),
        )
    if kind == "scarab" and isinstance(inp.get("to"), str):
        return _("{player} gives the Golden Scarab to {other}", player=who, other=inp["to"])
    if not isinstance(face, str):
        return None
    shown = face_label(face)
    if kind == "remove_die" or (kind == "bless" and do == "remove"):
        return _("{player} removes the die showing {face}", player=who, face=shown)
    if kind == "bless" and do == "rethrow":
        return _("{player} picks the die showing {face} to throw again", player=who, face=shown)
    if kind == "reroll":  # another monster's die
        return _("{player} has the die showing {face} thrown again", player=who, face=shown)
    if kind == "add_die":
        return _("{player} adds a die showing {face}", player=who, face=shown)
    return None


def _named(inp: Input) -> object:
    """What an expansion's input names, said for people: a tile, a curse or a card (by
    its name), a die's face, or the monster something is given to."""
    for field in ("tile", "curse", "card", "target"):
        if isinstance(inp.get(field), str):
            return _.name(inp[field])
    if isinstance(inp.get("face"), str):
        return face_label(inp["face"])
    return inp["to"] if isinstance(inp.get("to"), str) else None


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}"


def changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """What changed for each monster, one line each, and the turning points among them
    (eliminations, Tokyo taken, the winner)."""
    did: list[str] = []
    key: list[str] = []
    old = {p["name"]: p for p in before.get("players", [])}
    for p in after.get("players", []):
        was = old.get(p["name"])
        if was is None:
            continue
        name = p["name"]
        parts = []
        if p["vp"] != was["vp"]:
            parts.append(_("{n} VP", n=_signed(p["vp"] - was["vp"])))
        if p["hp"] != was["hp"]:
            parts.append(_("{n} ♥", n=_signed(p["hp"] - was["hp"])))
        if p["energy"] != was["energy"]:
            parts.append(_("{n} energy", n=_signed(p["energy"] - was["energy"])))
        if p["location"] != was["location"]:
            if p["location"] is None:
                parts.append(_("leaves Tokyo"))
            else:
                entered = _("enters {place}", place=place_name(p["location"]))
                parts.append(entered)
                key.append(_("{player} {did}", player=name, did=entered))
        gained = Counter(p["cards"]) - Counter(was["cards"])
        lost = Counter(was["cards"]) - Counter(p["cards"])
        parts += [_("gets {card}", card=_.name(c)) for c in gained.elements()]
        parts += [_("discards {card}", card=_.name(c)) for c in lost.elements()]
        if was["alive"] and not p["alive"]:
            parts.append(_("is eliminated"))
            key.append(_("{player} is eliminated", player=name))
        if p.get("zombie") and not was.get("zombie"):  # Zombify (the Dark Edition's deck)
            parts.append(_("comes back as a zombie"))
            key.append(_("{player} comes back as a zombie", player=name))
        parts += _expansion_changes(p, was, before, after)
        if parts:
            did.append(_("{player}: {changes}", player=name, changes=parts))
    beast = _beast_buys_not(before, after)
    if beast is not None:
        did.append(beast)
    if after.get("game_over") and not before.get("game_over"):
        winners = after.get("winners") or []
        end = _("{players} won", players=list(winners)) if winners else _("nobody won")
        did.append(end)
        key.append(end)
    return did, key


def _beast_buys_not(before: Mapping[str, Any], after: Mapping[str, Any]) -> Text | None:
    """Why a beast's turn ended before its buy step: the beast form buys no cards (the
    transformation card; the turn passed with no word of it), or None.

    >>> ann = {"name": "Ann", "alive": True, "form": "beast"}
    >>> _beast_buys_not({"turn": 3, "phase": "resolve", "active_player": "Ann"},
    ...                 {"turn": 4, "active_player": "Bob", "players": [ann]})
    'Ann, in beast form, buys no cards'
    """
    active = before.get("active_player")
    if before.get("phase") in ("buy", "rolloff", None) or after.get("game_over"):
        return None
    if (after.get("turn"), after.get("active_player")) == (before.get("turn"), active):
        return None
    for p in after.get("players", []):
        if p["name"] == active and p["alive"] and p.get("form") == "beast":
            return _("{player}, in beast form, buys no cards", player=active)
    return None


def _expansion_changes(
    p: Mapping[str, Any],
    was: Mapping[str, Any],
    before: Mapping[str, Any],
    after: Mapping[str, Any],
) -> list[Text]:
    """What changed for monster `p` of the expansions' own: its cultists, wickedness,
    berserk, its transformation card's side, the Golden Scarab (each only with its option:
    absent from the state else)."""
    parts: list[Text] = []
    gained = p.get("cultists", 0) - was.get("cultists", 0)
    if gained:
        sign = "+" if gained > 0 else "−"
        parts.append(
            _("{sign}{n, plural, one {# cultist} other {# cultists}}", sign=sign, n=abs(gained))
        )
    if p.get("wickedness", 0) != was.get("wickedness", 0):
        parts.append(_("{n} wickedness", n=_signed(p["wickedness"] - was.get("wickedness", 0))))
    if p.get("berserk") and not was.get("berserk"):
        parts.append(_("goes berserk"))
    elif was.get("berserk") and not p.get("berserk") and p["alive"]:
        parts.append(_("is no longer berserk"))
    if p.get("form") != was.get("form") and p.get("form") and was.get("form"):
        parts.append(
            _("flips to the beast form") if p["form"] == "beast" else _("flips to the robot form")
        )
    if after.get("scarab") == p["name"] and before.get("scarab") != p["name"]:
        parts.append(_("gets the Golden Scarab"))
    return parts


def story(
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    inp: Input,
    steps: Sequence[tuple[Any, Mapping[str, Any]]] = (),
) -> dict[str, Any]:
    """An input's entry in the feed: what was done ("said"), what it did ("did"), and the
    turning points among it ("key"). `steps`: where the engine said what caused its
    changes (`State.because`: each cause, None the input's own, and the state where it
    ended): a change a card, a curse or poison made is told with its cause, "Ann: −3 ♥
    (False Blessing)", where before it stood bare under the input that set it off (the
    curse's loss after the yields, under "Hugo stays in Tokyo").

    >>> story({"players": [{"name": "Ann", "hp": 10, "vp": 0, "energy": 0,
    ...     "location": None, "cards": [], "alive": True}]},
    ...     {"players": [{"name": "Ann", "hp": 7, "vp": 0, "energy": 0,
    ...     "location": None, "cards": [], "alive": True}]},
    ...     {"type": "yield", "player": "Bob", "leave": False},
    ...     [(None, {"players": [{"name": "Ann", "hp": 10, "vp": 0, "energy": 0,
    ...     "location": None, "cards": [], "alive": True}]}),
    ...      (_.name("False Blessing"), {"players": [{"name": "Ann", "hp": 7, "vp": 0,
    ...     "energy": 0, "location": None, "cards": [], "alive": True}]})])["did"]
    ['Ann: −3 ♥ (False Blessing)']
    """
    states = [before, *(state for _cause, state in steps), after]
    causes = [cause for cause, _state in steps] + [None]
    did: list[Any] = []
    key: list[Any] = []
    for i, cause in enumerate(causes):
        done, turning = changes(states[i], states[i + 1])
        if cause is not None:
            done = [_("{did} ({cause})", did=d, cause=cause) for d in done]
            turning = [_("{did} ({cause})", did=k, cause=cause) for k in turning]
        did += done
        key += turning
    return {"said": said(inp, before), "did": did, "key": key}
