"""Words for people: every player-facing string a game produces goes through one `Words`.

Each rules package makes its own, once, in its `text` module (`_ = Words(__package__)`),
and writes its strings in English where they are used, as templates with named fields:

    >>> _ = Words("host.games.example")
    >>> _("{player}: throw the dice", player="Ann")
    'Ann: throw the dice'

So the page's languages (issue 18: French, Japanese) are added here, in one place: a
`Words` looks its template up in its package's catalogue before filling it in, and the
templates are found in the sources by their `_(` calls. Names and numbers are fields,
never pieces glued into a sentence, so a translation may put them in any order.
"""

from __future__ import annotations


class Words:
    def __init__(self, domain: str) -> None:
        self.domain = domain  # the package whose strings these are (its catalogue's name)

    def __call__(self, template: str, **fields: object) -> str:
        return template.format(**fields) if fields else template
