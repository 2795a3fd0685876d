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


def test_a_short_chaos_run_finds_no_defect() -> None:
    tally = run_quick(seed=3, setups={"king-of-tokyo": DARK})
    assert tally.defects == []
    assert tally.restarts >= 1 and sum(tally.actions.values()) >= 100
    assert len(tally.games) == len(kinds()) >= 3  # each game went on to its end
    assert DARK in tally.setups
