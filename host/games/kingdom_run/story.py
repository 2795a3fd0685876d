"""What each input did, in words, for the page's feed (GameKind.story): the input itself
(the faces thrown; else what it does, `INPUTS_SAID`) and what changed between the state
before and after it, read from the engine's own state JSON: each runner moved, put to sleep
or woken, the victory tokens, the finish places taken, the winners.

>>> from host.games.kingdom_run import KingdomRun, Setup
>>> game = KingdomRun(Setup.simple("Ann", "Bob"))
>>> game.apply(game.throw_input(["boots", "hook", "purse", "flask"]))
>>> before = game.to_json()
>>> boots = {"type": "boots", "player": "Ann", "space": 3, "runners": ["Ann", "Bob"]}
>>> game.apply(boots)
>>> told = story(before, game.to_json(), boots)
>>> told["said"], told["did"]
('Ann scatters runners with the boots', ["Ann's runner: space 3 → 4", "Bob's runner: space 3 → 5"])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from host.games import Input
from host.games.kingdom_run.text import INPUTS_SAID, _, face_name


def said(inp: Input, before: Mapping[str, Any] | None = None) -> str:
    """The input in words: a throw's faces (a second or later throw of the turn told as a
    rethrow: it read "Léa lance ... (garde ...)" each time), else what the input does."""
    who, kind = str(inp.get("player", "")), str(inp.get("type", ""))
    if kind == "throw":
        thrown = [face_name(str(f)) for f in inp.get("thrown") or []]
        kept = [face_name(str(f)) for f in inp.get("kept") or []]
        if kept:
            return _(
                "{player} rethrows {thrown} (keeps {kept})", player=who, thrown=thrown, kept=kept
            )
        if (before or {}).get("throws"):
            return _("{player} rethrows {thrown}", player=who, thrown=thrown)
        return _("{player} throws {thrown}", player=who, thrown=thrown)
    what = INPUTS_SAID.get(kind)
    if what is None:
        return _("{player}: {what}", player=who, what=kind.replace("_", " "))
    return _("{player} {what}", player=who, what=what)


def changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """What changed, one line each, and the turning points among them (the finish places
    taken, the race won)."""
    did: list[str] = []
    key: list[str] = []
    old = {p["name"]: p for p in before.get("players", [])}
    for p in after.get("players", []):
        was = old.get(p["name"])
        if was is None:
            continue
        name = p["name"]
        gone = sorted((Counter(was["runners"]) - Counter(p["runners"])).elements())
        came = sorted((Counter(p["runners"]) - Counter(was["runners"])).elements())
        for i, start in enumerate(gone):  # paired in order; the ones left crossed the line
            if i < len(came):
                did.append(
                    _(
                        "{player}'s runner: space {start} → {end}",
                        player=name,
                        start=start,
                        end=came[i],
                    )
                )
            else:
                did.append(
                    _(
                        "{player}'s runner: space {start} → past the finish line",
                        player=name,
                        start=start,
                    )
                )
        for space in sorted((Counter(p["asleep"]) - Counter(was["asleep"])).elements()):
            did.append(
                _("{player}'s runner on space {space} falls asleep", player=name, space=space)
            )
        for space in sorted((Counter(was["asleep"]) - Counter(p["asleep"])).elements()):
            if space in p["runners"]:  # (not one gone by: a sleeping runner does not move)
                did.append(
                    _("{player}'s runner on space {space} wakes up", player=name, space=space)
                )
        n = p["tokens"] - was["tokens"]
        if n > 0:
            did.append(
                _(
                    "{player} gains {n, plural, one {# victory token} other {# victory tokens}}",
                    player=name,
                    n=n,
                )
            )
        elif n < 0:
            did.append(
                _(
                    "{player} loses {n, plural, one {# victory token} other {# victory tokens}}",
                    player=name,
                    n=-n,
                )
            )
        for points in p["places"][len(was["places"]) :]:
            taken = _("{player} takes the finish place worth {points}", player=name, points=points)
            did.append(taken)
            key.append(taken)
    if after.get("game_over") and not before.get("game_over"):
        winners = list(after.get("winners") or [])
        end = (
            _("The race is over: {players} won!", players=winners)
            if winners
            else _("The race is over.")
        )
        did.append(end)
        key.append(end)
    return did, key


def story(before: Mapping[str, Any], after: Mapping[str, Any], inp: Input) -> dict[str, Any]:
    """An input's entry in the feed: what was done ("said"), what it did ("did"), and the
    turning points among it ("key")."""
    did, key = changes(before, after)
    return {"said": said(inp, before), "did": did, "key": key}
