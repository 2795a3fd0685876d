"""What each input did, in words, for the page's feed (GameKind.story): the input itself,
naming its cards (the card laid, the colour named, the hand laid down; else what it does,
`INPUTS_SAID`), and what changed between the state before and after it, read from the
engine's own state JSON: the cards each player drew, the round won and its points, the
winners. Without it the feed said "Léa lays a card", never which.

>>> from host.games.kato import KaTO, Setup
>>> game = KaTO(Setup(players=("Ann", "Bob")))
>>> game.apply({"type": "turn_up", "player": "Bob", "card": {"color": "red", "value": "7"}})
>>> before = game.to_json()
>>> draw2 = {"type": "play", "player": "Ann", "card": {"color": "red", "value": "draw2"}}
>>> game.apply(draw2)
>>> drawn = game.to_json()
>>> story(before, drawn, draw2)["said"]
'Ann lays a red +2'
>>> game.apply({"type": "draw", "player": "Bob"})
>>> told = story(drawn, game.to_json(), {"type": "draw", "player": "Bob"})
>>> told["said"], told["did"]
('Bob draws 2 cards', [])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from host.games import Input
from host.games.kato.text import INPUTS_SAID, _, a_card, card_name, color_name


def story(before: Mapping[str, Any], after: Mapping[str, Any], inp: Input) -> dict[str, Any]:
    did, key = changes(before, after)
    told = said(before, inp)
    if inp.get("type") == "draw":  # "Léa draws 2 cards", said once (not "Léa draws", then it)
        drew = _drawn(before, after).get(str(inp.get("player")))
        if drew is not None:
            told = did.pop(did.index(drew))
    return {"said": told, "did": did, "key": key}


def said(before: Mapping[str, Any], inp: Input) -> str:
    """The input in words, its cards named."""
    who, kind = str(inp.get("player", "")), str(inp.get("type", ""))
    if kind == "turn_up":
        return _("{player} turns up {card}", player=who, card=a_card(inp["card"]))
    if kind == "play":
        cards = [a_card(c) for c in inp.get("cards") or [inp["card"]]]
        if inp.get("named"):
            color = color_name(str(inp["named"]))
            return _(
                "{player} lays {cards} and names {color}", player=who, cards=cards, color=color
            )
        return _("{player} lays {cards}", player=who, cards=cards)
    if kind == "color":
        return _("{player} names {color}", player=who, color=color_name(str(inp["color"])))
    if kind == "catch":
        return _("{player} catches {target}", player=who, target=str(inp["target"]))
    if kind == "verdict" and before.get("challenge"):
        bluffer = str(before["challenge"])
        if inp.get("guilty"):
            return _("{player}: {other}'s wild +4 was a bluff", player=who, other=bluffer)
        return _("{player}: {other}'s wild +4 was no bluff", player=who, other=bluffer)
    if kind == "hand":
        cards = [card_name(c) for c in inp["cards"]]
        return _("{player} lays down {cards}", player=who, cards=cards)
    what = INPUTS_SAID.get(kind)
    if what is None:
        return _("{player}: {what}", player=who, what=kind.replace("_", " "))
    return _("{player} {what}", player=who, what=what)


def changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """What changed, one line each (the cards drawn, a round won, the game won), and the
    turning points among them (the round won, the game won)."""
    did: list[str] = list(_drawn(before, after).values())
    key: list[str] = []
    rounds = list(after.get("rounds", []))
    if len(rounds) > len(before.get("rounds", [])):
        r = rounds[-1]
        won = _(
            "{player} wins round {round}: {n, plural, one {# point} other {# points}}",
            player=r["winner"],
            round=r["round"],
            n=r["points"],
        )
        did.append(won)
        key.append(won)
        tie = _tie(after)
        if tie is not None:
            did.append(tie)
            key.append(tie)
    if after.get("winners") and not before.get("winners"):
        over = _("Game over: {players} won!", players=list(after["winners"]))
        did.append(over)
        key.append(over)
    return did, key


def _tie(after: Mapping[str, Any]) -> str | None:
    """Once the rounds agreed are played, the players tied at the top, and that another
    round is played (policy 15): the page went on to a round past the target unexplained."""
    rounds = after.get("target", {}).get("rounds")
    if rounds is None or after.get("winners") or len(after.get("rounds", [])) < rounds:
        return None
    best = max(p["score"] for p in after["players"])
    tied = [p["name"] for p in after["players"] if p["score"] == best]
    return _(
        "{players} are tied at the top with {n, plural, one {# point} other {# points}}: "
        "another round breaks the tie",
        players=tied,
        n=best,
    )


def _drawn(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, str]:
    """Each player who drew cards -> that, in words (a new round's deal is no draw)."""
    if before.get("round") != after.get("round"):
        return {}
    held = {p["name"]: p["cards"] for p in before.get("players", [])}
    drawn: dict[str, str] = {}
    for p in after.get("players", []):
        more = p["cards"] - held.get(p["name"], p["cards"])
        if more > 0:
            drawn[p["name"]] = _(
                "{player} draws {n, plural, one {# card} other {# cards}}", player=p["name"], n=more
            )
    return drawn
