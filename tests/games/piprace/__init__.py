"""Pip race: a minimal second game, used only by the tests, to show that a game plugs in
without touching the app, the page or the camera code (see `table_kind`).

Each player in turn throws two ordinary pip dice (vision's face set "d6-pips", white), may
throw any of them once more, then counts the dice: their sum is added to the player's
points. The first to reach the target (20 unless the setup says otherwise) wins.
"""
