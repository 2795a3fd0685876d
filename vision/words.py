"""Vision's words for people, said in their language by whoever shows them.

Vision imports nothing of the host (DESIGN.md), so it cannot say its messages in French or
Japanese itself. A message a player may read (a teaching step refused, the learning store's
trouble, what the teaching still needs) is written as a template with named fields,
`_("there is no die {cut}", cut=3)`: a `Said`, a string holding the English (so it prints
and compares as before) that keeps its template and fields, so the host can say it in the
page's language from vision/locales/LANG.json (host.games.text reads those, as for any
package with words: docs/translations.md).

>>> said = _("there is no die {cut}", cut=3)
>>> said, said.template, said.fields
('there is no die 3', 'there is no die {cut}', {'cut': 3})
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# what the host's words say alike, written once (the host cannot be imported here)
from wording import (
    english_plural,
    english_words,
    joined,
    joins_of,
    plurals,
    quoted,
)

DOMAIN = "vision"  # whose words these are: the host reads vision/locales/LANG.json


class Said(str):
    """A message for people: its English, its template and its fields (a list field is
    joined as each language joins lists, by the host)."""

    domain: str
    template: str
    fields: dict[str, Any]

    def __new__(cls, template: str, fields: dict[str, Any]) -> Said:
        english = plurals(template, fields, english_plural).format(
            **{k: _english(v) for k, v in fields.items()}
        )
        made = super().__new__(cls, english)
        made.domain, made.template, made.fields = DOMAIN, template, dict(fields)
        return made

    def __getnewargs__(self) -> tuple[str, dict[str, Any]]:  # type: ignore[override]
        return (self.template, self.fields)


class SetName(str):
    """A dice set's name in a message (`vision.faceset.set_name`): players know a set by
    its title, so the host says a title in its place: the one the game whose dice it reads
    gives it, else `vision_title` (vision's own, for a shipped set no game owns), else the name
    as it was taught. Here, in English, it is the name (as people type it on the terminal).

    >>> said = _("{name} has no earlier version", name=SetName("d6-pips"))
    >>> said, said.fields["name"].dice_set
    ('d6-pips has no earlier version', 'd6-pips')
    """

    dice_set: str
    vision_title: Said | None

    def __new__(cls, name: str, title: Said | None = None) -> SetName:
        made = super().__new__(cls, name)
        made.dice_set, made.vision_title = str(name), title
        return made

    def __getnewargs__(self) -> tuple[str, Said | None]:  # type: ignore[override]
        return (self.dice_set, self.vision_title)


class FaceName(str):
    """A die's face in a message, by the face set's id for it ("heart"): players know it by
    the name the game whose dice the set reads gives it, which the host says in its place
    (host.games.text.as_text); here, in English, it is the id.

    >>> said = _("{was} -> {now}", was=FaceName("heart", "kot"), now=FaceName("3", "kot"))
    >>> said, said.fields["was"].face_set
    ('heart -> 3', 'kot')
    """

    face: str
    face_set: str

    def __new__(cls, face: str, face_set: str) -> FaceName:
        made = super().__new__(cls, face)
        made.face, made.face_set = str(face), str(face_set)
        return made

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        return (self.face, self.face_set)


class Quoted(str):
    """A value a message quotes as it was given (a face no set has, a source typed wrong):
    Python's quotes in English ('boots'); the host says it with each language's own
    (host.games.text.Quoted: 「boots」 in Japanese).

    >>> said = _("no face {face}", face=Quoted("boots"))
    >>> said, said.fields["face"].quoted
    ("no face 'boots'", 'boots')
    """

    quoted: object

    def __new__(cls, value: object) -> Quoted:
        made = super().__new__(cls, _english_quoted(value))
        made.quoted = value
        return made

    def __getnewargs__(self) -> tuple[object]:  # type: ignore[override]
        return (self.quoted,)


def _english_quoted(value: object) -> str:
    """A value quoted, in English as the host says it (wording.quoted): a list or an
    object as words, never as Python writes it; null, true as JSON writes them.

    >>> _english_quoted(["x", 2]), _english_quoted({"x": 1}), _english_quoted([None])
    ("a list of 'x' and 2", "an object with 'x'", 'a list of null')
    """
    return quoted(value, repr, english_words)


def _english(value: Any) -> Any:
    if isinstance(value, list | tuple):  # "a, b and c" ("or" for OneOf), as the host says it
        return joined([str(v) for v in value], joins_of(value, "en"))
    return value


def _(template: str, **fields: Any) -> Said:
    return Said(template, fields)


# How a message is said on the terminal: its English (a `Said` is a str), unless whoever
# runs vision's commands says it in the terminal's language: the host's `dicetable` does
# (host.text.said, which vision cannot import), set with `say_on_terminal`.
_TERMINAL: list[Callable[[object], str]] = [str]


def on_terminal(text: object) -> str:
    """A message (a `Said`, or a plain string) as the terminal says it."""
    return _TERMINAL[0](text)


def say_on_terminal(say: Callable[[object], str]) -> None:
    """The terminal says vision's messages with `say` from now on."""
    _TERMINAL[0] = say


def message(error: BaseException) -> str:
    """What an error says: the `Said` it was raised with (so the host can say it in the
    reader's language), else its string."""
    said = error.args[0] if len(error.args) == 1 else None
    return said if isinstance(said, Said) else str(error)
