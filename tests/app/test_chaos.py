"""The chaos soak's short run (`dicetable bench chaos --quick`, host.app.chaos): two
phones, the virtual board on its pseudo-terminal and kill -9 of the real `dicetable play`,
for every game, with a fixed seed; every invariant holds (no 5xx, no traceback, every
refusal in words, nothing acknowledged lost, every game can go on to its end). The long
run is `make chaos`."""

from __future__ import annotations

import pytest

from host.app.chaos import run_quick
from host.games.registry import kinds

pytestmark = pytest.mark.slow


# King of Tokyo with options, the Dark Edition's deck among them (the other games: at random)
DARK = {
    "players": [
        {"name": "Ann", "monster": "Alienoid"},
        {"name": "Bob", "monster": "Cyber Kitty"},
        {"name": "Cat", "monster": "The King"},
    ],
    "options": {"deck": "dark", "cultists": True, "wickedness": "green", "table_deck": True},
}


# the games we ship (the test-only pip race, DICETABLE_GAMES, refuses in English only)
SHIPPED = [name for name, kind in kinds().items() if type(kind).__module__.startswith("host.")]


def test_a_short_chaos_run_finds_no_defect() -> None:
    tally = run_quick(seed=3, setups={"king-of-tokyo": DARK}, games=SHIPPED)
    assert tally.defects == []
    assert tally.restarts >= 1 and sum(tally.actions.values()) >= 80
    assert len(tally.games) == len(SHIPPED) == 3  # each game went on to its end
    assert DARK in tally.setups
