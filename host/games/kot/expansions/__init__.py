"""The expansions of King of Tokyo (king-of-tokyo-expansions.md, docs/kot-expansions.md),
one module each, each its own game option; importing this package registers them all in
`host.games.kot.expansion.EXPANSIONS`, in the order the rules hook them into a turn.

- `cultists`: the Cthulhu pack's cultists (section 3).
"""

from host.games.kot.expansions import cultists

__all__ = ["cultists"]
