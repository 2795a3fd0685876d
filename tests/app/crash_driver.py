"""Plays the scripted game into a game store, one committed operation at a time, printing
"ack N" once operation N is committed; on start it resumes from the store (the crash test
kills it with SIGKILL at random points and starts it again).

    python tests/app/crash_driver.py STORE.db
"""

from __future__ import annotations

import json
import sys

from host.app.kot import KOT
from host.app.store import Store
from tests.app.scripted import play_op, scripted_game


def main(db: str) -> None:
    setup, ops = scripted_game()
    store = Store(db)
    game_id = store.current
    if game_id is None:
        game_id = store.create(KOT, setup)
    kind, game = store.load(game_id)
    history = store.history(game_id)
    done = len(history) + sum(1 for h in history if h["undone"] is not None)
    print(f"resume {done}", flush=True)
    for n in range(done, len(ops)):
        play_op(store, game_id, kind, game, ops[n])
        print(f"ack {n + 1}", flush=True)
    print("done " + json.dumps(game.to_json(), sort_keys=True), flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
