"""The table app: `dicetable play` ties camera, rules engine, board and web page together.

- `table`: the app's core, where camera, buttons and page meet the game (any game of
  `host.games.registry`, known only through `host.games.Game` and `host.games.kind`).
- `store`: the SQLite game store (every input committed before it is acknowledged).
- `cli`, `bench`: the `dicetable play` and `dicetable bench play` commands; `terminal`:
  what the table says in its terminal (play's, and the demo's, a preset of play).

See docs/app.md.
"""
