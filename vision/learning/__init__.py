"""The table learns its own dice: examples kept from teaching and play, sets refitted.

A table's face set starts as the shipped one (or as none, for dice nobody shipped a set
for) and learns from the table's own dice:

- `cuts`: a die cut out of a frame as an example keeps it (a small crop around it), and
  the face cuts the embedding reads are made from that crop;
- `store`: the examples (a labelled crop each), their embeddings, and the versions of
  every set, in one SQLite file that survives a crash (`$XDG_DATA_HOME/dicetable/teaching`);
- `fit`: a set fitted from the examples, starting from the shipped set's own weights, and
  checked on a part of the examples it never learns from;
- `sets`: versions of a table's set: the one in use is the file the reader finds by name
  (vision.faceset.user_path), installed atomically; roll back, export, import;
- `refit`: a refit in a process of its own, off the game's path (`python -m
  vision.learning.refit`);
- `groups` and `flow`: the teaching flow (dice thrown a few times, every die cut out and
  grouped by look, a person names the groups, the set is fitted and used);
- `cli`: `dicetable vision sets` and `dicetable vision teach --camera SOURCE`.

It knows pixels, faces and colours, never a game, and never imports host.
"""
