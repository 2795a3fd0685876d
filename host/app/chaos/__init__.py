"""`dicetable bench chaos`: a seeded chaos soak of a running table (docs/app.md, "Chaos":
every move and every invariant).

The real `dicetable play` (a process of its own, on a real SQLite store) with the virtual
board (the real firmware under MicroPython, on a real pseudo-terminal) plays each game of
the registry to its end while two or three simulated phones (HTTP clients of the real
server, each a device of its own address and language) and the board act at random, and
the host is SIGKILLed at random moments and started again. Each broken invariant is a
defect (printed, and the exit status 1). The figures: actions by kind, restarts, games
ended, legal inputs refused (and why), defects. `--quick` is the short run of the tests
(tests/app/test_chaos.py); `kill -TERM` prints the figures so far.

Its modules, a job each, each importing only those above it (no import circles:
tests/test_import_cycles.py; the soak's state is seen below `soak` as its type only):

- `tally`: the figures. `looks`: the table as a phone sees it, two looks compared.
- `checks`: the invariants on the table and the host (an answer, a refusal, the live
  stream, the console, what a restart may find).
- `phones`: the phones (HTTP clients) and the live stream. `inputs`: legal inputs,
  setups at random, JSON with a field changed.
- `board`: the virtual board's moves, and its invariants (presses acknowledged, the game
  shown). `phone_moves`: the phones' moves, legal, illegal and hostile.
- `kills`: the host's process, killed at a random moment and started again; a second one.
- `soak`: the state, each game set up, played at random and on to its end.
- `run`: the command and the tests' short run.
"""

from host.app.chaos.run import bench, run_quick

__all__ = ["bench", "run_quick"]
