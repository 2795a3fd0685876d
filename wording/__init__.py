"""What the host's words (host.games.text) and vision's (vision.words) both say, written
once. Vision never imports the host and a rules package never imports vision, so it lives
in a package of its own that imports neither, nor anything but Python's own modules
(tests/test_boundaries.py). The page's copy of the plural argument (app.js's `plurals()`)
is checked against it (tests/app/test_i18n.py).

- A count's words: ICU MessageFormat's plural argument, its form chosen by the count's
  CLDR plural category in the language (`plurals`; English's category: `english_plural`).
- A value quoted as it was given (`quoted`): a string in the language's quotes; a list or
  an object as words (QUOTED_WORDS, English templates the host translates); null, true, a
  number as JSON writes them, as the player wrote them; anything else as Python writes it.
- A list field's items joined ("a, b and c"; "a, b or c" for a choice, `OneOf`: `joined`).

>>> plurals("{n, plural, one {# die} other {# dice}} left", {"n": 1}, english_plural)
'{n} die left'
>>> quoted(["x", None], repr, english_words)
"a list of 'x' and null"
"""

from __future__ import annotations

import json
import numbers
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

# a count's plural argument: "{n, plural, one {# die} other {# dice}}" (a form may hold
# fields, one level deep); app.js's PLURAL and PLURAL_FORM are the same patterns
PLURAL_ARGUMENT = re.compile(r"\{(\w+), plural,((?:\s*\w+\s*\{(?:[^{}]|\{[^{}]*\})*\})+)\s*\}")
PLURAL_FORM = re.compile(r"\s*(\w+)\s*\{((?:[^{}]|\{[^{}]*\})*)\}")

# how the items of a list field are joined, per language: (between items, before the last)
LIST_JOINS = {"en": (", ", " and "), "fr": (", ", " et "), "ja": ("、", "と")}
# ... and those of a list offered as a choice (`OneOf`: "one of red, yellow or blue");
# Japanese lists choices with 、 and 、または before the last ("赤、黄、または青"; "ダイスを振る、
# またはターンを終える"), as its locale files write a choice ("{color}のカード、{value}、または
# ワイルド"): a verb's action run into または ("ダイスを振るまたはターンを終える") read as one
CHOICE_JOINS = {"en": (", ", " or "), "fr": (", ", " ou "), "ja": ("、", "、または")}

# the words of a list or an object quoted (`quoted`), as English templates: the host says
# them in each language (host/games/locales), vision in English as they are
QUOTED_WORDS = {
    "list": "a list of {items}",
    "empty list": "an empty list",
    "object": "an object with {items}",
    "empty object": "an empty object",
}


class OneOf(list[Any]):
    """A list field offered as a choice: joined with each language's "or" (CHOICE_JOINS:
    "one of red, yellow or blue"), where a list is joined with its "and" (LIST_JOINS)."""


def has_decimals(value: object) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, numbers.Integral)


def english_plural(count: object) -> str:
    """English's plural category (CLDR): "one" for 1 alone (not 1.0), else "other"."""
    return "one" if count == 1 and not has_decimals(count) else "other"


def plurals(template: str, fields: Mapping[str, Any], category: Callable[[object], str]) -> str:
    """The template with each plural argument replaced by its form for the count (its
    `category`, "other" where the template writes no such form; `#` written as the count's
    field).

    >>> plurals("{n, plural, one {# game} other {# games}} by {who}", {"n": 2}, english_plural)
    '{n} games by {who}'
    """
    if ", plural," not in template:
        return template

    def one(found: re.Match[str]) -> str:
        name, forms = found.group(1), dict(PLURAL_FORM.findall(found.group(2)))
        form = forms.get(category(fields.get(name)), forms.get("other"))
        return found.group(0) if form is None else form.replace("#", "{" + name + "}")

    return PLURAL_ARGUMENT.sub(one, template)


def joins_of(items: object, lang: str) -> tuple[str, str]:
    """How a list field's items are joined in `lang`: with its "or" for a choice (`OneOf`),
    else its "and"; English's for a language without its own.

    >>> joins_of(OneOf(["a", "b"]), "fr"), joins_of(["a", "b"], "xx")
    ((', ', ' ou '), (', ', ' and '))
    """
    joins = CHOICE_JOINS if isinstance(items, OneOf) else LIST_JOINS
    return joins.get(lang, joins["en"])


def joined(items: Sequence[str], joins: tuple[str, str]) -> str:
    """Items joined as a language joins a list: `joins` (between, before the last).

    >>> joined(["a", "b", "c"], LIST_JOINS["en"]), joined(["a"], CHOICE_JOINS["ja"])
    ('a, b and c', 'a')
    """
    if len(items) < 2:
        return "".join(items)
    between, last = joins
    return last.join([between.join(items[:-1]), items[-1]])


def quoted(
    value: object,
    quote: Callable[[str], str],
    words: Callable[[str, list[str]], str],
) -> str:
    """A value quoted in a message: a string as `quote` writes it; a list or an object as
    words (`words(QUOTED_WORDS key, its items quoted alike)`), never as Python writes it
    (['x'], {'x': 1}); null, true, false, a number as JSON writes them (the values quoted
    come from JSON, and the templates speak JSON: before, "not None" for a null sent);
    anything else as Python writes it."""
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, list | tuple):
        items = [quoted(v, quote, words) for v in value]
        return words("list" if items else "empty list", items)
    if isinstance(value, Mapping):
        keys = [quoted(k, quote, words) for k in value]
        return words("object" if keys else "empty object", keys)
    if value is None or isinstance(value, bool | int | float):
        return json.dumps(value)
    return repr(value)


def english_words(kind: str, items: list[str]) -> str:
    """A list or an object quoted, in English (`quoted`'s `words`)."""
    return QUOTED_WORDS[kind].format(items=joined(items, LIST_JOINS["en"]))
