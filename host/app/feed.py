"""The game's feed: what each input of its log did, in words, as its kind tells it
(GameKind.story: the input, and what changed between the states before and after it), told
as the game is played and told again as the store refolds it; the page's log of the game and,
once it is over, its summary.

It keeps each live input as the store holds it (the input, where it came from, when) beside
its words, updated as inputs are committed and undone and read again from the store when a
game is opened (at start, a game set up, imported or opened): the page's state of a long
game is built without rereading its history (before, every new state reread the whole of it
from SQLite: at 5,000 inputs a state took 42 ms to build, x46 a game of 10's; now 0.3 ms,
`dicetable bench state`). The store stays the one truth: a table whose memory may be ahead
of it (a press's transaction rolled back) reads it again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from host.app.store import Store
from host.games import Game, Input
from host.games.kind import GameKind, story_of


def _entry(
    kind: GameKind,
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    inp: Input,
    turn: Any,
    steps: list[Any],
) -> dict[str, Any]:
    told = story_of(kind, before, after, inp, steps)
    told["turn"] = turn[1] if isinstance(turn, tuple) and len(turn) > 1 else None
    return told


class Feed:
    """The entries of a game's inputs in order (undone ones left out), each with the input
    as the store holds it (`given`: the input, its source, its time), and the game's JSON
    state after the last one (the next one's "before")."""

    def __init__(
        self, entries: list[dict[str, Any]] | None = None, state: dict[str, Any] | None = None
    ) -> None:
        self.entries: list[dict[str, Any]] = entries if entries is not None else []
        self.given: list[dict[str, Any]] = []  # {"input", "source", "at"} of each entry
        self.state: dict[str, Any] = state if state is not None else {}

    @staticmethod
    def listen(game: Game) -> None:
        """Before an input is applied to `game`: a game that tells what caused each of its
        changes (its `causes`: a card's effect, a curse, poison, not the input itself) keeps
        them for the next entry. (Before, every change was told under the input that set
        it off: a curse's loss after the yields, under the yield's answer.)"""
        if hasattr(game, "causes"):
            game.causes = []

    def tell(
        self,
        kind: GameKind,
        game: Game,
        inp: Input,
        turn: Any,
        source: str | None = None,
        at: float | None = None,
    ) -> None:
        """The entry of an input just applied to `game`, in the turn `turn` (before it),
        stored from `source` at `at`."""
        after = game.to_json()
        steps = list(getattr(game, "causes", None) or ())
        self.entries.append(_entry(kind, self.state, after, inp, turn, steps))
        # as the store reads it back (its JSON), not the caller's object
        self.given.append({"input": json.loads(json.dumps(dict(inp))), "source": source, "at": at})
        self.state = after
        self.listen(game)  # the next input's

    def undone(self, kind: GameKind, game: Game, inp: Input) -> Any:
        """The last input, `inp`, was undone (`game` is as before it): its entry goes, and
        what it did, in words, is returned."""
        told = self.entries.pop() if self.entries else None
        if self.given:
            self.given.pop()
        self.state = game.to_json()
        # the feed tells it (else the kind, from the state it was given in: the one now)
        return told["said"] if told else story_of(kind, self.state, {}, inp)["said"]

    def log(self, last: int | None = None) -> list[dict[str, Any]]:
        """The game's inputs in order (undone ones left out), each numbered from 1 with
        what it did in words; `last`: only the last so many."""
        count = min(len(self.given), len(self.entries))
        start = 0 if last is None else max(0, count - last)
        return [{"n": n + 1, **self.given[n], **self.entries[n]} for n in range(start, count)]


def load(store: Store, game_id: int) -> tuple[GameKind, Game, Feed]:
    """The game from the store, with its feed told again as it refolds."""
    kind = store.kind_of(game_id)
    feed = Feed()
    turn: list[Any] = [None]  # the turn before the next input
    live = [h for h in store.history(game_id) if h["undone"] is None]

    def trace(index: int | None, inp: Input | None, game: Game) -> None:
        if inp is not None:
            given = live[len(feed.entries)] if len(feed.entries) < len(live) else {}
            feed.tell(kind, game, inp, turn[0], given.get("source"), given.get("at"))
            if given:
                feed.given[-1]["input"] = given["input"]  # exactly as the store reads it
        else:
            feed.state = game.to_json()
            feed.listen(game)
        turn[0] = kind.turn(game)

    _, game = store.load(game_id, trace)
    return kind, game, feed


def summary(kind: GameKind, game: Game, log: list[dict[str, Any]]) -> dict[str, Any]:
    """The game over in a few facts: who won, how long it took, its turning points
    (the seats' dials are the view's)."""
    times = [e["at"] for e in log if e.get("at") is not None]
    return {
        "winners": kind.winners(game),
        "turns": kind.turn(game)[1],
        "inputs": len(log),
        "minutes": round((max(times) - min(times)) / 60) if times else 0,
        "key": [
            {"n": e["n"], "turn": e.get("turn"), "text": text}
            for e in log
            for text in e.get("key", [])
        ],
    }
