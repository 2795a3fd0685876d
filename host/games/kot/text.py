"""King of Tokyo's words for people: every player-facing string of the package goes
through `_` (host.games.text), where the page's languages are added."""

from host.games.kot.rules import BAY
from host.games.text import Words

_ = Words(__package__ or "host.games.kot")

# the faces as the page shows them (templates: each goes through `_` where it is shown)
FACE_LABELS = {"1": "1", "2": "2", "3": "3", "heart": "♥", "energy": "⚡", "claw": "claw"}


def face_label(face: str) -> str:
    return _.name(FACE_LABELS.get(face, face))


def place_name(place: object) -> str:
    """Tokyo City or Tokyo Bay, for people."""
    return _("Tokyo Bay") if place == BAY else _("Tokyo City")
