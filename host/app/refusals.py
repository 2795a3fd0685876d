"""What the table refuses, and how: an action it does not take now (`Refused`, with the
HTTP status the page gets), a request no player made (`Malformed`, in English), an action
made against a state the table has moved on from (`Stale`). Nothing is changed by any."""

from __future__ import annotations

from host.app.text import _
from host.errors import UserError
from host.games.text import Text


class Refused(UserError):
    """An action the table does not take now; nothing changed. `status` is the HTTP
    status the page gets (400 malformed, 403 not allowed, 404 unknown, 409 not now, 503 the
    store cannot be written now)."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status


class Malformed(Refused):
    """A refusal no player reads: of a request the page never makes (a tool's, malformed),
    or of one whose answer the page shows no words of (a picture gone). Its message stays
    in English, the language of the API's own field names, for whoever wrote the request
    (docs/translations.md; tests/test_messages.py holds every other refusal to the
    translations)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message, status)


class Stale(Refused):
    """An action made against a state the table has moved on from: someone acted first,
    or the same action was sent twice (a double tap). Nothing was done. `by`: what moved
    the table since, as people name it (another page, Ann's button, the camera...), if
    known."""

    def __init__(self, version: int, by: list[Text] | None = None) -> None:
        super().__init__(
            _(
                "the table changed before this arrived ({by}): nothing was done; look again "
                "and choose anew",
                by=by,
            )
            if by
            else _(
                "the table changed before this arrived (someone acted first, or it was sent "
                "twice): nothing was done; look again and choose anew"
            ),
            409,
        )
        self.version = version  # the table's now
