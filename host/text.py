"""The command line's words, in the terminal's language: what `dicetable` says on the
terminal (its errors, what `dicetable play` and `dicetable demo` print, the board's tools'
lines, what to do next), written with `_` as every package's words are (host.games.text),
their translations in host/locales/LANG.json (a folder of JSON files beside host/locales.py,
the locale files' checker: not a package). The words of host.app (the table and its
terminal) are in host/app/locales, vision's in vision/locales: the terminal says them all
through the same `Text`s.

The terminal's language is chosen as a terminal program chooses it: `dicetable --lang
fr|ja|en`, else the environment's LC_ALL, LC_MESSAGES or LANG (the first one set, as POSIX
reads them: "fr_FR.UTF-8" -> French, "ja_JP" -> Japanese), else English ("C", "POSIX", a
language the table does not speak).

    >>> from_environment({"LANG": "fr_FR.UTF-8"}), from_environment({"LC_ALL": "ja_JP"})
    ('fr', 'ja')
    >>> from_environment({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}), from_environment({})
    ('en', 'en')

argparse's own words (its "usage:", its headings, its error lines such as "invalid choice")
are said through the hooks it offers for gettext (its module's `_` and `ngettext`): each of
those it says is given here as a template of our own (`ARGPARSE`), translated in the same
files; in English argparse says its own, as before.
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Mapping
from typing import Any

from host.games.text import ENGLISH, LANGUAGES, OneOf, Quoted, Words, plurals, say, translation

# the environment variables that name the terminal's language, the first set decides (POSIX)
ENVIRONMENT = ("LC_ALL", "LC_MESSAGES", "LANG")

# argparse's words (its gettext message ids) -> our template of them (said in the
# terminal's language; a field for each of argparse's %-fields, a single field for a %s).
# Those only a programmer meets (a parser declared wrong) are left as argparse says them.
ARGPARSE: dict[str, str] = {
    "usage: ": "usage: ",
    "positional arguments": "positional arguments",
    "options": "options",
    "show this help message and exit": "show this help message and exit",
    "%(prog)s: error: %(message)s\n": "{prog}: error: {message}",
    "argument %(argument_name)s: %(message)s": "argument {argument_name}: {message}",
    "invalid %(type)s value: %(value)r": "invalid {type} value: {value}",
    "the following arguments are required: %s": "the following arguments are required: {names}",
    "unrecognized arguments: %s": "unrecognized arguments: {arguments}",
    "ignored explicit argument %r": "ignored explicit argument {value}",
    "expected one argument": "expected one argument",
    "expected at most one argument": "expected at most one argument",
    "ambiguous option: %(option)s could match %(matches)s": (
        "ambiguous option: {option} could match {matches}"
    ),
    "unexpected option string: %s": "unexpected option string: {option}",
}
# argparse's one word with a count ("expected %s argument(s)", through `ngettext`)
ARGPARSE_COUNTED: dict[tuple[str, str], str] = {
    ("expected %s argument", "expected %s arguments"): (
        "{count, plural, one {expected # argument} other {expected # arguments}}"
    ),
}

# a heading of a help text ("options:"), its colon as the language writes it
HEADING = "{heading}:"
_ = Words("host", names=lambda: [*ARGPARSE.values(), *ARGPARSE_COUNTED.values(), HEADING])

_chosen: str | None = None  # the language `dicetable --lang` chose (None: the environment's)


def from_environment(environ: Mapping[str, str]) -> str:
    """The language the environment names (ENVIRONMENT), if the table speaks it, else
    English."""
    for name in ENVIRONMENT:
        value = environ.get(name)
        if value:  # (set but empty: the next one decides, as POSIX has it)
            base = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            return base if base in LANGUAGES else ENGLISH
    return ENGLISH


def choose(lang: str | None) -> None:
    """The terminal speaks `lang` from now on (None: the environment's, again)."""
    global _chosen
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}: one of {', '.join(LANGUAGES)}")
    _chosen = lang


def language() -> str:
    """The terminal's language: the one chosen, else the environment's."""
    return _chosen or from_environment(os.environ)


def said(text: object) -> str:
    """A message for the terminal, in its language (a `Text` or vision's `Said`
    translated; anything else as it is). In English, its English as it was written (a dice
    set vision names is said by the name people type, "kot", not by its title)."""
    lang = language()
    if lang == ENGLISH:
        return str.__str__(text) if isinstance(text, str) else str(text)
    return say(text, lang)


class Parser(argparse.ArgumentParser):
    """argparse's parser in the terminal's language: its own words through its gettext hooks
    (`speak_argparse`), a choice refused in our words (the choices said as a list of the
    language, the value quoted as it quotes), the headings of its help with the language's
    colon ("options :", "オプション：")."""

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        if action.choices is not None and value not in action.choices:
            refused = _(
                "invalid choice: {value} (choose one of {choices})",
                value=Quoted(value),
                choices=OneOf(str(c) for c in action.choices),
            )
            raise argparse.ArgumentError(action, said(refused))

    def format_help(self) -> str:
        text = super().format_help()
        lang = language()
        if lang == ENGLISH:
            return text
        heading = translation(_.domain, lang).get(HEADING, HEADING)

        def colon(found: re.Match[str]) -> str:
            return heading.replace("{heading}", found.group(1))

        return re.sub(r"(?m)^(\S[^\n]*):$", colon, text)


def speak_on_terminal() -> None:
    """The terminal speaks its language: vision's commands' messages (vision cannot import
    the host: it is told how, `vision.words.say_on_terminal`) and argparse's words."""
    from vision.words import say_on_terminal

    say_on_terminal(said)
    speak_argparse()


def speak_argparse() -> None:
    """argparse says its own words in the terminal's language (its gettext hooks)."""
    argparse._ = _argparse_words  # type: ignore[attr-defined]
    argparse.ngettext = _argparse_counted  # type: ignore[attr-defined]


def _argparse_words(message: str) -> str:
    lang = language()
    template = ARGPARSE.get(message.rstrip("\n"), ARGPARSE.get(message))
    if lang == ENGLISH or template is None:
        return message
    translated = translation(_.domain, lang).get(template)
    if translated is None:
        return message
    ending = "\n" if message.endswith("\n") else ""
    return _as_percent(translated, named="%(" in message) + ending


def _argparse_counted(singular: str, plural: str, count: int) -> str:
    lang = language()
    template = ARGPARSE_COUNTED.get((singular, plural))
    translated = None if template is None else translation(_.domain, lang).get(template)
    if lang == ENGLISH or translated is None:
        return singular if count == 1 else plural
    return _as_percent(plurals(translated, {"count": count}, lang), named=False)


def _as_percent(template: str, named: bool) -> str:
    """One of our templates as argparse fills it: `%(field)s` for each field (`named`), else
    `%s` for its one field, and a % of its own doubled.

    >>> _as_percent("choix invalide : {value} (%)", named=True)
    'choix invalide : %(value)s (%%)'
    >>> _as_percent("{count}個", named=False)
    '%s個'
    """
    escaped = template.replace("%", "%%")
    return re.sub(r"\{(\w+)\}", r"%(\1)s" if named else "%s", escaped)
