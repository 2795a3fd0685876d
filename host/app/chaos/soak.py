"""The soak itself: the table's state as the chaos knows it (the last look acknowledged,
the game played, the game replayed here), each game set up, played at random, then on to
its end."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

from host.app.chaos import board, phone_moves
from host.app.chaos.checks import console
from host.app.chaos.inputs import mutated, random_input, random_setup
from host.app.chaos.kills import WINDOW, Host, killed_during, restart, second_host
from host.app.chaos.looks import Log, Seen, seen
from host.app.chaos.phones import ADDRESSES, LANGS, STRANGER, Gone, Listener, Phone
from host.app.chaos.tally import Tally

if TYPE_CHECKING:
    from host.board.virtual import VirtualBoard
    from host.games import Game
    from host.games.kind import GameKind

# legal inputs through the server once the chaos of a game is over, at most: the rest of a
# long game is played here from its stored script (a look at a long game's state costs its
# length: a card game of 10 rounds, thousands of inputs, took half an hour through it)
FINISH = 1500


class Soak:
    # each step's move, and its weight ("kill": the host killed during one of the others)
    CHOICES: tuple[tuple[str, int], ...] = (
        ("legal", 40), ("press", 8), ("illegal", 8), ("hostile", 8), ("serial", 6),
        ("undo", 4), ("redo", 2), ("pause", 2), ("stale", 3), ("unplug", 2), ("reset", 1),
        ("stranger", 1), ("open", 1), ("second host", 1), ("burst", 4), ("kill", 4),
    )  # fmt: skip
    KILLED_DURING = ("legal", "press", "undo", "redo", "pause", "open", "burst", "between")

    def __init__(self, args: argparse.Namespace, work: Path, virtual: VirtualBoard) -> None:
        self.rng = random.Random(args.seed)
        self.quick = bool(args.quick)
        self.setups: dict[str, Any] = getattr(args, "setups", None) or {}  # by game: given
        self.steps = min(int(args.actions), 40) if self.quick else int(args.actions)
        self.board = virtual
        self.tally = Tally()
        window = float(getattr(args, "window", None) or WINDOW)
        self.host = Host(work / "games.db", work, virtual.port, work / "console.log", window)
        self.phones = [
            Phone(f"phone {i + 1}", ADDRESSES[i], LANGS[i], self.tally) for i in range(args.phones)
        ]
        self.stranger = Phone("stranger", STRANGER, "ja", self.tally)
        self.acked: Seen | None = None
        self.mine: int | None = None  # the game played (another may be opened meanwhile)
        self.listener: Listener | None = None
        self.last = self.current = ""  # the actions before this one, and this one
        self._mirror: tuple[Log, Game] | None = None

    def start(self) -> None:
        """The host started, the phones and the live stream on its page."""
        url = self.host.start()
        for phone in [*self.phones, self.stranger]:
            phone.connect(url)
        if self.listener is not None:
            self.listener.close()
        self.listener = Listener(url, self.phones[-1].lang, self.tally)

    def look(self) -> Seen:
        """The table as it is now, acknowledged (taken as it is, not checked)."""
        self.acked = seen(self.phones[0])
        return self.acked

    def mirror(self, kind: GameKind, now: Seen) -> Game:
        """The game as the server exported it, replayed here."""
        from host.games import IllegalInput

        if self._mirror is not None and self._mirror[0] == now.inputs:
            return self._mirror[1]
        if self._mirror is not None and now.inputs.grew(self._mirror[0], 1) and now.inputs.last:
            game = self._mirror[1]
            try:
                game.apply(json.loads(now.inputs.last))  # (the one input added: here too)
            except IllegalInput:
                pass
            else:
                self._mirror = (now.inputs, game)
                return game
        script = self.phones[0].get(f"/api/games/{now.game_id}/script")
        self._mirror = (now.inputs, kind.load(script))
        return self._mirror[1]

    def new_game(self, kind: GameKind) -> None:
        form = kind.catalog()["setup"]
        given = self.setups.get(kind.name)
        for attempt in range(40):
            setup = random_setup(form, self.rng) if given is None else given
            if attempt < 3:  # a setup typed wrong first
                setup = mutated(setup, self.rng)
            phone = self.rng.choice(self.phones)
            action = {"do": "new_game", "game": kind.name, "setup": setup}
            try:
                status, _ = phone.act(action, seen(phone).version, f"new_game {kind.name}")
            except Gone as error:
                self.tally.defect(f"the host went away at a new game: {error}")
                restart(self, None)
                continue
            self.tally.actions["new game" if status == 200 else "setup refused"] += 1
            if status == 200 and attempt >= 3:  # (one typed wrong and taken: set up again)
                self.mine = self.look().game_id
                self.tally.setups.append(setup)
                print(f"{kind.name}: {json.dumps(setup, ensure_ascii=False)[:300]}", flush=True)
                return
        raise RuntimeError(f"{kind.name}: no setup was taken in 40")

    def play(self, name: str) -> None:
        from host.games.registry import kinds

        kind = kinds()[name]
        self.new_game(kind)
        chaos_left = self.steps
        stuck = finishing = 0
        while True:
            assert self.acked is not None
            phone_moves.back_to_mine(self, self.phones[0])
            if self.acked.over:
                self.tally.games.append(name)
                board.shows_the_game(self, kind)
                return
            if chaos_left > 0:
                chaos_left -= 1
                self.step(kind)
            elif self.quick or finishing >= FINISH:  # the game as stored goes on to its end
                self.ends_here(kind)  # (the short run; a long game's rest)
                return
            else:  # the chaos is over: the game must go on to its end
                before = self.acked
                phone_moves.legal(self, kind, self.rng.choice(self.phones))
                self.tally.actions["legal, to the end"] += 1
                finishing += 1
                stuck = stuck + 1 if self.acked.same(before) else 0
                if stuck > 50:
                    self.tally.defect(f"{name}: the game does not go on (50 legal inputs refused)")
                    return

    def ends_here(self, kind: GameKind) -> None:
        """The game as the server exports it, played here to its end (the short run, and
        a long game's rest: its end through the server would be most of the run's time)."""
        assert self.acked is not None
        game = self.mirror(kind, self.acked)
        for _ in range(20000):
            if game.game_over:
                self.tally.games.append(f"{kind.name} (its end played here)")
                return
            game.apply(random_input(kind, game, self.rng))
        self.tally.defect(f"{kind.name}: no end after 20000 inputs")

    def step(self, kind: GameKind) -> None:
        what = self.rng.choices([c for c, _ in self.CHOICES], [w for _, w in self.CHOICES])[0]
        self.last, self.current = self.current, what
        if what == "kill":
            what = self.rng.choice(self.KILLED_DURING)
            self.tally.actions[f"kill during {what}"] += 1
            killed_during(self, kind, what)
            return
        self.tally.actions[what] += 1
        try:
            self.do(kind, what)
        except Gone as error:
            self.tally.defect(f"the host went away during {what}: {error}")
            restart(self, what)
        console(self)

    def do(self, kind: GameKind, what: str) -> None:
        """The move `what` (one of CHOICES but "kill"), by a phone picked at random."""
        phone = self.rng.choice(self.phones)
        if what == "legal":
            phone_moves.legal(self, kind, phone)
        elif what == "illegal":
            phone_moves.illegal(self, kind, phone)
        elif what == "hostile":
            phone_moves.hostile(self, kind, phone)
        elif what in ("undo", "redo"):
            phone_moves.simple(self, phone, {"do": what})
        elif what == "pause":
            paused = self.acked is not None and self.acked.paused
            phone_moves.simple(self, phone, {"do": "resume" if paused else "pause"})
        elif what == "stale":
            phone_moves.stale(self, phone)
        elif what == "stranger":
            phone_moves.stranger(self)
        elif what == "open":
            phone_moves.open_another(self, phone)
        elif what == "burst":
            phone_moves.burst(self, kind)
        elif what == "press":
            board.press(self)
        elif what == "serial":
            board.serial(self)
        elif what == "unplug":
            board.unplug(self)
        elif what == "reset":
            board.reset(self)
        elif what == "second host":
            second_host(self)
