"""A teaching kept in the learning store (vision.learning.store: `teachings`), read back
after a restart: the dice's (vision.learning.flow) and the cards' (vision.cards.flow) alike.
Its state is JSON of a format of its own; each die or card cut out is kept on its own, and
one that cannot be read back is left out, the teaching going on without it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from vision.errors import VisionError
from vision.words import _

# what reading back what was kept may raise (data of another version, or damaged)
UNREADABLE = (ValueError, TypeError, KeyError, IndexError, AttributeError, VisionError)


class Numbered(Protocol):
    @property
    def number(self) -> int: ...


C = TypeVar("C", bound=Numbered)


@contextmanager
def reading(error: type[VisionError]) -> Iterator[None]:
    """Reading back a teaching kept: what cannot be read is `error`, in words for people."""
    try:
        yield
    except UNREADABLE as cause:
        raise error(_("what was kept of it cannot be read ({why})", why=str(cause))) from None


def state(kept: str, form: str) -> dict[str, Any]:
    """The state of a teaching as kept (JSON of the format `form`)."""
    found = json.loads(kept)
    if not isinstance(found, dict) or found.get("format") != form:
        raise ValueError(f"not a {form}")
    return found


def read_back(cuts: Iterable[C], read: Callable[[C], bool]) -> int:
    """Each cut kept `read` back in the order of their numbers (False: it cannot be, and is
    left out); how many could not be."""
    return sum(not read(c) for c in sorted(cuts, key=lambda c: c.number))
