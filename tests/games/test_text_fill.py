"""A `Text`'s template filled (host.games.text._fill): where no field has decimals it is
filled by `str.format_map`, for speed; the result must be the one the language's own
formatter gives, for every template of every package in every language."""

from __future__ import annotations

import random
import string
from fractions import Fraction

import pytest

from host.games import text
from host.games.text import LANGUAGES, Text, translation
from host.locales import packages

# field values of every kind a message carries: names, counts (0, 1 and 3: each plural
# form), yes/no, decimals, words of a package (said in the language), lists of them
VALUES: list[object] = [
    "Ann",
    "アイコ",  # (wide: a column padded to a terminal's width)
    0,
    1,
    3,
    True,
    0.5,
    2.25,
    Fraction(1, 3),
    Text("host.games.kot", "Tokyo"),
    [Text("host.games.kot", "Tokyo"), "Bob"],
]


def templates() -> list[tuple[str, str, str]]:
    """(domain, language, template): every package's English templates and translations."""
    out = []
    for domain in sorted(packages()):
        for lang in LANGUAGES:
            said = translation(domain, lang)
            for english in sorted(said) if said else []:
                out += [(domain, "en", english), (domain, lang, said[english])]
    return out


def fields_of(template: str) -> list[str]:
    """Its fields, a plural argument's count among them (each form said in turn)."""
    forms = [text.plurals(template, {}, "en")]  # every count said "other"
    ones = {count: 1 for count, _ in text.plural_forms(template)}
    forms.append(text.plurals(template, ones, "en"))
    return sorted(
        {
            f.split(".")[0].split("[")[0]
            for t in forms
            for _, f, _, _ in string.Formatter().parse(t)
            if f
        }
    )


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_every_template_is_filled_as_the_language_s_formatter_fills_it(lang: str) -> None:
    rng = random.Random(lang)
    checked = 0
    for _, template_lang, template in templates():
        if template_lang not in (lang, "en"):
            continue
        names = fields_of(template)
        if not names:
            continue
        for _ in range(3):
            fields = {n: rng.choice(VALUES) for n in names}
            said = {k: text._said(v, lang) for k, v in fields.items()}
            filled = text.plurals(template, fields, lang)  # a count's form, then the rest
            # French's "de {player}" said "d'Ann" (test_locales)
            if lang in text.ELIDING:
                filled = text._elided(filled, said)
            try:
                expected = text._formatter(lang).vformat(filled, (), said)
            except (ValueError, TypeError):  # a decimal spec given a name: not a real message
                continue
            assert text._fill(template, fields, lang) == expected, (template, fields)
            checked += 1
    assert checked > 100


def test_decimals_are_written_as_each_language_writes_them() -> None:
    for value in (0.5, Fraction(1, 2)):
        assert Text("d", "{p:.2f} s", {"p": value}) == "0.50 s"
        assert Text("d", "{p:.2f} s", {"p": value}).say("fr") == "0,50 s"
    assert Text("d", "{n} dice, {who}", {"n": 3, "who": "Ann"}).say("fr") == "3 dice, Ann"


def test_a_japanese_name_in_a_column_lines_up_with_the_others() -> None:
    """The final scores in the terminal: a name padded to its column by the terminal's
    width (a kana takes two), not by characters (アイコ's line stood 3 columns right)."""
    from host.games.kot import KingOfTokyo, Setup
    from host.games.kot.table_kind import KIND

    game = KingOfTokyo(Setup.simple("アイコ", "Bob", "Élodie", first_player="Bob"))
    for lang in LANGUAGES:
        lines = [line.say(lang) for line in KIND.standings(game)]
        starts = {_width(line) - _width(line.split(" ", 1)[1].lstrip()) for line in lines}
        assert len(starts) == 1, (lang, lines)  # (where each line's monster begins)


def _width(said: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in said)
