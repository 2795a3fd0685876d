"""The table app: `dicetable play` ties camera, rules engine, board and web page together.

- `games`: the registry of games the app can run (King of Tokyo's entry: `kot`).
- `store`: the SQLite game store (every input committed before it is acknowledged).
- `cli`, `bench`: the `dicetable play` and `dicetable bench play` commands.

See docs/app.md.
"""
