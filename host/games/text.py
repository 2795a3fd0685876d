"""Words for people, in English, French and Japanese: every player-facing string goes
through one `Words`.

Each package with words of its own makes one, once, in its `text` module
(`_ = Words(__package__)`), and writes its strings in English where they are used, as
templates with named fields:

    >>> _ = Words("host.games.example")
    >>> said = _("{player}: throw the dice", player="Ann")
    >>> said
    'Ann: throw the dice'

What `_` returns is a `Text`: a string (the English, so it prints, compares and goes into
JSON as it always did) that also knows its template and fields, so it can be said in any
language later, when it is shown (`Text.say`, and `localize` for a whole JSON-ready value).
The state is built once and said in each reader's language (the web server does it per
page). Names and numbers are fields, never pieces glued into a sentence, so a translation
may put them in any order; a field that is itself a `Text` (a card's name, a place) is said
in the same language.

The translations: one JSON file per language per package, `<package>/locales/<lang>.json`
(`host/games/kot/locales/fr.json`), English text -> that language, in two parts:

    {"printed": {...}, "ours": {...}}

`printed`: names as printed in that language's edition of the game (or in the source the
file's "sources" names); `ours`: our own translation (sentences, and names not found
printed), for a player to correct. English is the source: the keys are the English
templates (found in the sources by their `_(` calls) and the names a package declares
(`Words(..., names=...)`: its monsters, cards, faces...); a key missing in a language is
said in English (and tests/test_locales.py fails on it).
"""

from __future__ import annotations

import functools
import importlib.util
import json
import numbers
import re
import string
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

# (shared with vision's words, written once: the plural argument, lists, values quoted)
import wording
from wording import (
    PLURAL_ARGUMENT,
    PLURAL_FORM,
    QUOTED_WORDS,
    OneOf,
    english_plural,
    has_decimals,
    joined,
    joins_of,
    quoted,
)

ENGLISH = "en"
# every language the page speaks -> its name in itself (for the page's switch)
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "ja": "日本語"}
PARTS = ("printed", "ours")  # the parts of a locale file (see above)
LOCALES = "locales"  # the folder of a package that holds its locale files
# how the items of a list field are joined, per language: wording.LIST_JOINS, and
# wording.CHOICE_JOINS for a list offered as a choice (`OneOf`: "one of red, yellow or blue")
# how sentences said one after another are joined, per language (the page's "Still to do:
# a; b."): French with a no-break space before ";", Japanese ends each with "。"
SENTENCE_JOINS = {"en": "; ", "fr": "\u00a0; ", "ja": "。"}
# a sentence's join, the marks that end a sentence already, what joins after them, and
# whether what follows then starts with a capital: Japanese writes no 。 after a ？ or a ！
# but a full-width space before what follows ("アイコ：めくったカードは？　Bruno：パス"; it
# read "は？Bruno：", run together), English and French no
# ";" after a "?" ("Ann: use Metamorph? Bob: end the turn", not "Metamorph?; Bob"), and
# start the next sentence as one ("Ann: use it? The game waits for Bob", not "? the game");
# a name keeps its letters ("? bob: pass": `_capital`)
SENTENCE_ENDS = {
    "ja": ("。", "？！", "\u3000", False),
    "en": ("; ", "?!", " ", True),
    "fr": ("\u00a0; ", "?!", " ", True),
}
# a value quoted in a message (`Quoted`), in the languages that do not quote it as Python:
# French with its guillemets and a no-break space inside (as its locale files quote a name:
# "le jeu de cartes « {name} »"), Japanese with 「」 ("カードセット「{name}」")
QUOTES = {"fr": ("«\u00a0", "\u00a0»"), "ja": ("「", "」")}
# the languages that write a decimal comma ("0,8"); the others a dot (also app.js's number())
DECIMAL_COMMA = {"fr"}
# French elides "de" and "que" before a vowel: where a template puts one before a field, the
# field's value decides ("le tour d'Aiko", "pas d'Ailes"; "de Bruno" stays). A name's h
# is not guessed at (mute or not). app.js's t() elides alike on the page.
ELIDING = {"fr"}
# A count's words change with it ("1 finished game", "2 finished games"): a template says
# so with ICU MessageFormat's plural argument, its forms chosen by the count's CLDR plural
# category in the language (`plural`), `#` in a form standing for the count:
#     "{n, plural, one {# finished game} other {# finished games}}"
# Each language writes the categories it has (`PLURALS`): English one (1) and other; French
# one (0 and 1) and other (CLDR's "many", a round million, is said with "other"); Japanese
# a single form (its translation may write the count as a plain field, "{n}件").
# app.js's t() chooses alike with the browser's Intl.PluralRules (tests/app/test_i18n.py).
PLURALS: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "fr": ("one", "other"),
    "ja": ("other",),
}
# (the plural argument's patterns: wording.PLURAL_ARGUMENT and PLURAL_FORM)
_ELIDED = re.compile(r"(?<![\w'’])([Dd]e|[Qq]ue) \{(\w+)\}")
_VOWELS = frozenset("aeiouàâäéèêëîïôöùûüœæAEIOUÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ")


class LocaleError(ValueError):
    """A locale file that cannot be read: the message names the file and what is wrong."""


class Text(str):
    """A string for people: its English, plus what it takes to say it in another
    language (the package whose words it is, the English template, the fields).

    >>> t = Text("host.games.example", "{n} cards left", {"n": 3})
    >>> t, t.say("en")
    ('3 cards left', '3 cards left')
    """

    domain: str
    template: str
    fields: dict[str, Any]

    def __new__(cls, domain: str, template: str, fields: Mapping[str, Any] | None = None) -> Text:
        fields = dict(fields or {})
        english = _fill(template, fields, ENGLISH) if fields else template
        made = super().__new__(cls, english)
        made.domain, made.template, made.fields = domain, template, fields
        return made

    def __getnewargs__(self) -> tuple[str, str, dict[str, Any]]:  # type: ignore[override]
        return (self.domain, self.template, self.fields)

    def say(self, lang: str) -> str:
        """This text in `lang` (English where its package has no translation for it)."""
        if lang == ENGLISH:
            return str.__str__(self)
        template = self.template_in(lang)
        return _fill(template, self.fields, lang) if self.fields else template

    def template_in(self, lang: str) -> str:
        """Its template in `lang` (its English one where its package has no translation)."""
        if lang == ENGLISH:
            return self.template
        return translation(self.domain, lang).get(self.template, self.template)

    def to_json(self) -> dict[str, Any]:
        """What it takes to say it later (a notice kept across a restart): plain JSON."""
        return {"domain": self.domain, "template": self.template, "fields": _fields_json(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Text:
        fields = {k: _field_from_json(v) for k, v in dict(data.get("fields") or {}).items()}
        made = Unnamed if data.get("unnamed") else cls
        return made(str(data["domain"]), str(data["template"]), fields)


# what a request to a player starts with: its player, then the language's colon (each
# language's "{player}: {what}", said once for all: "Ann: end the turn", "Ann : finissez")
_ADDRESSED = "{player}: {what}"


class Unnamed(Text):
    """A request to a player (a `Text` "{player}: end the turn") said without its player:
    what the game waits for names a player once before all their requests ("Ann: throw
    again, fix a misread die or end the turn": host.games.page.awaiting). A language whose
    template does not start with the player and its colon says it whole.

    >>> done = Text("host.games.example", "{player}: end the turn", {"player": "Ann"})
    >>> Unnamed(done.domain, done.template, done.fields)
    'end the turn'
    """

    def __new__(
        cls, domain: str, template: str, fields: Mapping[str, Any] | None = None
    ) -> Unnamed:
        fields = dict(fields or {})
        own = _unnamed(template, ENGLISH)
        made = str.__new__(cls, _fill(own, fields, ENGLISH) if fields else own)
        made.domain, made.template, made.fields = domain, template, fields
        return made

    def template_in(self, lang: str) -> str:
        return _unnamed(super().template_in(lang), lang)

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "unnamed": True}


def _unnamed(template: str, lang: str) -> str:
    """A request's template without the player it starts with and the colon after it.

    >>> _unnamed("{player}\u00a0: finissez le tour", "fr"), _unnamed("{player} wins", "en")
    ('finissez le tour', '{player} wins')
    """
    lead = Text(_.domain, _ADDRESSED).template_in(lang)
    lead = lead[: lead.find("{what}")]
    return template[len(lead) :] if lead and template.startswith(lead) else template


def requested(title: object, player: str) -> Text | None:
    """A request's title (a `Text` starting with its player and the colon, or with such a
    request in every language: "{title} ({n} left)") said without the player, or None
    where it is not one.

    >>> both = _("{first}; {then}", first=_("{player}: {what}", player="Ann", what="x"), then="y")
    >>> requested(both, "Ann"), requested(both, "Bob")
    ('x; y', None)
    """
    title = as_text(title)
    if not isinstance(title, Text):
        return None
    if title.template.startswith(_ADDRESSED[: -len("{what}")]):
        if title.fields.get("player") != player:
            return None
        return Unnamed(title.domain, title.template, title.fields)
    lead = re.match(r"\{(\w+)\}", title.template)
    if lead is None or not all(title.template_in(lang).startswith(lead[0]) for lang in LANGUAGES):
        return None
    inner = requested(title.fields.get(lead[1]), player)
    if inner is None:
        return None
    return Text(title.domain, title.template, {**title.fields, lead[1]: inner})


class Quoted(str):
    """A value a message quotes as it was given (a name or a value the rules do not know:
    a face "boots" asked for, a player "Nobody"): written with Python's quotes in English
    ('boots'), with each other language's own (QUOTES): « boots » in French (a no-break space
    inside), 「boots」 in Japanese. A list or an object is said as words, its items quoted
    alike ("a list of 'x' and 2", `_quoted`); a number, null, true as JSON writes them (as
    the player wrote them: the values quoted come from JSON, and templates speak JSON).

    >>> Quoted("boots"), Quoted("boots").said("fr"), Quoted("boots").said("ja")
    ("'boots'", '«\\xa0boots\\xa0»', '「boots」')
    >>> Quoted(None).said("ja"), Quoted(True), Quoted(2.5)
    ('null', 'true', '2.5')
    """

    quoted: object  # the value quoted (vision's `vision.words.Quoted` alike)

    def __new__(cls, value: object) -> Quoted:
        made = super().__new__(cls, _quoted(value, ENGLISH))
        made.quoted = value
        return made

    def __getnewargs__(self) -> tuple[object]:  # type: ignore[override]
        return (self.quoted,)

    def said(self, lang: str) -> str:
        return str.__str__(self) if lang == ENGLISH else _quoted(self.quoted, lang)

    def to_json(self) -> Any:
        try:  # a JSON value (a string, a list or object given): said again in any language
            json.dumps(self.quoted, allow_nan=False)
        except (TypeError, ValueError):
            return str.__str__(self)
        return {"quoted": self.quoted}


def _quoted(value: object, lang: str) -> str:
    """A value quoted in `lang` (wording.quoted): a string in the language's quotes; a list
    or an object said as words, its items quoted alike: "a list of 'x' and 2", "an object
    with 'x' and 'y'"; null, true and a number as JSON writes them.

    >>> _quoted(["x", 2], "en"), _quoted({"x": 1}, "fr"), _quoted([], "ja")
    ("a list of 'x' and 2", 'un objet avec «\\xa0x\\xa0»', '空のリスト')
    """
    marks = QUOTES.get(lang)

    def quote(value: str) -> str:
        return repr(value) if marks is None else marks[0] + value + marks[1]

    def words(kind: str, items: list[str]) -> str:  # (host.games' words, declared: `_`)
        return Text(_.domain, QUOTED_WORDS[kind], {"items": items}).say(lang)

    return quoted(value, quote, words)


def _to_json(value: Any) -> Any:
    return value.to_json() if isinstance(value, Text | Quoted) else str(value)


def _fields_json(text: Text) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in text.fields.items():
        value = as_text(value)  # a nested `Said` is kept as what it takes to say it too
        if isinstance(value, Text):
            out[key] = {"text": value.to_json()}
        elif isinstance(value, Quoted):
            out[key] = value.to_json()
        elif isinstance(value, list | tuple):
            items = [_to_json(v) for v in map(as_text, value)]
            out[key] = {"one_of": items} if isinstance(value, OneOf) else items
        else:
            out[key] = value
    return out


def _field_from_json(value: Any) -> Any:
    if isinstance(value, dict) and "text" in value:
        return Text.from_json(value["text"])
    if isinstance(value, dict) and "quoted" in value:
        return Quoted(value["quoted"])
    if isinstance(value, dict) and "one_of" in value:
        return OneOf(_item_from_json(v) for v in value["one_of"])
    if isinstance(value, list):
        return [_item_from_json(v) for v in value]
    return value


def _item_from_json(value: Any) -> Any:
    if isinstance(value, dict):
        return Quoted(value["quoted"]) if "quoted" in value else Text.from_json(value)
    return value


def _fill(template: str, fields: Mapping[str, Any], lang: str) -> str:
    if ", plural," in template:
        template = plurals(template, fields, lang)
    said: dict[str, Any] = {}
    decimals = False
    for key, value in fields.items():
        if type(value) not in _AS_IS:
            value = _said(value, lang)
            decimals = decimals or has_decimals(value)
        said[key] = value
    if lang in ELIDING and "e {" in template:
        template = _elided(template, said)
    if lang in SENTENCE_ENDS and "}" + SENTENCE_ENDS[lang][0] in template:
        template = _ended(template, said, fields, lang)
    if decimals or (_pads(template) and not all(_ascii(v) for v in said.values())):
        return _formatter(lang).vformat(template, (), said)
    # only decimals and wide names in columns are written our way: else str's own
    # formatting, several times faster (a game's every step says what it did)
    return template.format_map(said)


def _ended(template: str, said: dict[str, Any], fields: Mapping[str, Any], lang: str) -> str:
    """The template with `then` for its join `stop` after a field whose value ends a
    sentence with a mark of its own (SENTENCE_ENDS: `lang`'s), what follows it starting
    with a capital where the language writes one: the template's own words, or a field's
    (said capitalized under a key of its own in `said`, so the field said elsewhere in the
    template keeps its letters).

    >>> _ended("{first}。{then}", {"first": "カードは？", "then": "パス"}, {}, "ja")
    '{first}\u3000{then}'
    >>> _ended("{first}; {then}", {"first": "Ann: use it?", "then": "Bob: pass"}, {}, "en")
    '{first} {then}'
    >>> _ended("{why}; press it", {"why": "use it?"}, {}, "en")
    '{why} Press it'
    """
    stop, marks, then, capital = SENTENCE_ENDS[lang]

    def started(rest: str) -> str:  # what follows a sentence ended: its start a capital
        lead = re.match(r"\{(\w+)\}", rest)
        if lead is None:
            return rest[:1].upper() + rest[1:]
        key = lead.group(1)
        if key not in fields:
            return rest
        said[f"{key}_capital"] = _capital(fields[key], said[key], lang)
        return f"{{{key}_capital}}" + rest[lead.end() :]

    for found in re.finditer(r"\{(\w+)\}" + re.escape(stop), template):
        value = said.get(found.group(1))
        if isinstance(value, str) and _asked(value).endswith(tuple(marks)):
            rest = template[found.end() :]
            rest = _ended(started(rest) if capital else rest, said, fields, lang)
            return template[: found.end(1) + 1] + then + rest
    return template


def _capital(value: Any, said: Any, lang: str) -> Any:
    """A field's value `said` in `lang`, starting a sentence: its first letter a capital
    where it is our words (a `Text`: "the game waits for" -> "The game waits for"); a name,
    a value quoted, a number as they are (a player "bob" stays "bob"), and a `Text` that
    starts with such a field too ("bob: pass").

    >>> _capital(Text("host.games", "no game"), "no game", "en"), _capital("bob", "bob", "en")
    ('No game', 'bob')
    """
    value = as_text(value)
    if not isinstance(value, Text) or not isinstance(said, str) or not said:
        return said
    template = value.template_in(lang)
    if ", plural," in template:
        template = plurals(template, value.fields, lang)
    lead = re.match(r"\{(\w+)\}", template)
    if lead is None:
        return said[:1].upper() + said[1:]
    inner = value.fields.get(lead.group(1))
    first = _said(inner, lang)
    if not isinstance(first, str) or not said.startswith(first):
        return said
    return _capital(inner, first, lang) + said[len(first) :]


# what a question says after its mark, in brackets: "変身する？（1⚡）", "un dé ? (jusqu'à 2)"
_NOTE_AFTER = re.compile(r"\s*[(（][^()（）]*[)）]$")


def _asked(sentence: str) -> str:
    """The sentence without a note in brackets after its end, which ends it still: a
    question with its cost after the mark ("ロボットに戻る？（1⚡）") is joined as a question
    (it read "ロボットに戻る？（1⚡）。アイコ：…").

    >>> _asked("アイコ：ロボットに戻る？（1⚡）"), _asked("Ann: pass (no card)")
    ('アイコ：ロボットに戻る？', 'Ann: pass')
    """
    return _NOTE_AFTER.sub("", sentence) if sentence.endswith((")", "）")) else sentence


_AS_IS = frozenset({str, int, bool})  # fields said as they are (most): no slower checks


def _elided(template: str, said: Mapping[str, Any]) -> str:
    """The template with "de {field}" written "d'{field}" where the field's value starts
    with a vowel (ELIDING).

    >>> _elided("c'est le tour de {active}, pas de {player}", {"active": "Aiko", "player": "Bo"})
    "c'est le tour d'{active}, pas de {player}"
    """

    def one(found: re.Match[str]) -> str:
        word, key = found.group(1), found.group(2)
        value = said.get(key)
        if isinstance(value, str) and value[:1] in _VOWELS:
            return f"{word[:-1]}'{{{key}}}"
        return found.group(0)

    return _ELIDED.sub(one, template)


def plural(count: object, lang: str) -> str:
    """CLDR's plural category of a count in `lang` (PLURALS): English "one" for 1 alone,
    French "one" for 0 and 1 (and 1,5: the integer part), Japanese "other" always.

    >>> [plural(n, "en") for n in (0, 1, 2)], [plural(n, "fr") for n in (0, 1, 2)]
    (['other', 'one', 'other'], ['one', 'one', 'other'])
    """
    if lang not in PLURALS or len(PLURALS[lang]) == 1 or not isinstance(count, numbers.Real):
        return "other"
    if lang == "fr":
        return "one" if abs(float(count)) < 2 else "other"  # CLDR: i = 0,1
    return english_plural(count)


def plurals(template: str, fields: Mapping[str, Any], lang: str) -> str:
    """The template with each plural argument replaced by its form for the count in `lang`
    (`#` written as the count's field).

    >>> plurals("{n, plural, one {# game} other {# games}} by {who}", {"n": 1}, "en")
    '{n} game by {who}'
    """
    return wording.plurals(template, fields, lambda count: plural(count, lang))


def plural_forms(template: str) -> list[tuple[str, list[str]]]:
    """Each plural argument of a template: (its count's field, the categories it writes).

    >>> plural_forms("{n, plural, one {# game} other {# games}}, {k} left")
    [('n', ['one', 'other'])]
    """
    found = PLURAL_ARGUMENT.finditer(template)
    return [(m.group(1), [c for c, _ in PLURAL_FORM.findall(m.group(2))]) for m in found]


def _said(value: Any, lang: str) -> Any:
    value = as_text(value)  # vision's words (a `Said`) nested in a message: said alike
    if isinstance(value, Text):
        return value.say(lang)
    if isinstance(value, Quoted):
        return value.said(lang)
    if isinstance(value, list | tuple):  # a list field: "A, B and C", in the language
        return joined([str(_said(v, lang)) for v in value], joins_of(value, lang))
    return value


def decimal(value: float, lang: str, spec: str = "") -> str:
    """A number with decimals as `lang` writes it (`spec`: Python's, "0.2f").

    >>> decimal(0.8, "fr"), decimal(0.8, "ja"), decimal(0.5, "en", ".2f")
    ('0,8', '0.8', '0.50')
    """
    said = format(value, spec)
    return said.replace(".", ",") if lang in DECIMAL_COMMA else said


class _Formatter(string.Formatter):
    """Fills a template in one language: a field with decimals (`{p:.2f}`, a float given)
    written as the language writes numbers."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if has_decimals(value):
            return decimal(float(value), self.lang, format_spec)
        padded = _PADDED.fullmatch(format_spec)
        if isinstance(value, str) and padded:
            return _padded(value, padded[1] or "<", int(padded[2]))
        return str(super().format_field(value, format_spec))


_PADDED = re.compile(r"([<>^])?(\d+)")  # a name padded to a column: "{player:<6}"
_PADDING = re.compile(r"\{\w+:[<>^]?\d+\}")


@functools.cache
def _pads(template: str) -> bool:
    """Whether a template pads a field to a column (looked for once a template: every
    step of a game fills one)."""
    return _PADDING.search(template) is not None


def _ascii(value: Any) -> bool:
    return not isinstance(value, str) or value.isascii()


def columns(said: str) -> int:
    """The columns `said` takes on a terminal: a wide character (kana, kanji, a full-width
    sign) takes two.

    >>> columns("アイコ"), columns("Ann")
    (6, 3)
    """
    return len(said) + sum(unicodedata.east_asian_width(c) in "WF" for c in said)


def _padded(said: str, align: str, width: int) -> str:
    """`said` padded to `width` columns as a terminal shows it: a wide character (kana,
    kanji, a full-width sign) takes two, so a Japanese name's columns line up (Python's
    own padding counts characters).

    >>> _padded("アイコ", "<", 8) + "|", _padded("Ann", "<", 8) + "|"
    ('アイコ  |', 'Ann     |')
    """
    room = max(width - columns(said), 0)
    left = {"<": 0, ">": room, "^": room // 2}[align]
    return " " * left + said + " " * (room - left)


@functools.cache
def _formatter(lang: str) -> _Formatter:
    return _Formatter(lang)


class Words:
    """The words of one package (its `domain`, e.g. "host.games.kot"): `_(template,
    **fields)` makes a `Text`; `_.name(name)` a name from the package's data (a card, a
    monster), translated like a template. `names`: what `_.name` may be given, for the
    tests that check every language has every key."""

    def __init__(self, domain: str, names: Callable[[], Iterable[str]] | None = None) -> None:
        self.domain = domain  # the package whose strings these are (its catalogue's name)
        self._names = names

    def __call__(self, template: str, **fields: object) -> Text:
        return Text(self.domain, template, fields)

    def name(self, name: object) -> Text:
        """A name from data (a card, a monster, a place): said as its language names it."""
        return Text(self.domain, str(name))

    def names(self) -> list[str]:
        """Every name the package passes to `name` (declared with the `Words`)."""
        return [] if self._names is None else list(self._names())

    def say(self, template: str, lang: str, **fields: object) -> str:
        return self(template, **fields).say(lang)


# ---- the translations --------------------------------------------------------------------


def locale_folder(domain: str) -> Path | None:
    """The folder of a package's locale files (None: no such package)."""
    try:
        spec = importlib.util.find_spec(domain)
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None or not spec.submodule_search_locations:
        return None
    # its __init__'s folder: a compiled build's folder may come first on its search path
    return Path(spec.origin).parent / LOCALES


@functools.cache
def translation(domain: str, lang: str) -> dict[str, str]:
    """A package's translations into `lang`: English template -> `lang`'s (both parts of
    its locale file merged); empty for English or a package without that file."""
    if lang == ENGLISH:
        return {}
    folder = locale_folder(domain)
    if folder is None or not (folder / f"{lang}.json").is_file():
        return {}
    merged: dict[str, str] = {}
    for part in read_locale(folder / f"{lang}.json").values():
        merged.update(part)
    return merged


def read_locale(path: Path) -> dict[str, dict[str, str]]:
    """A locale file's parts ("printed", "ours"), each English -> translation; LocaleError
    naming the file and the entry at fault."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise LocaleError(f"{path}: not a readable locale file: {error}") from None
    if not isinstance(data, dict):
        raise LocaleError(f"{path}: a locale file is a JSON object")
    parts: dict[str, dict[str, str]] = {}
    for part in PARTS:
        entries = data.get(part, {})
        if not isinstance(entries, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in entries.items()
        ):
            raise LocaleError(f'{path}: "{part}" is an object of English text -> translation')
        parts[part] = entries
    return parts


def language(asked: Iterable[str]) -> str:
    """The first language of `asked` (codes like "fr-CA", best first) the page speaks,
    else English.

    >>> language(["de-DE", "fr-CA", "en"]), language([]), language(["ja"])
    ('fr', 'en', 'ja')
    """
    for code in asked:
        base = code.strip().split("-")[0].split("_")[0].lower()
        if base in LANGUAGES:
            return base
    return ENGLISH


def accepted(header: str | None) -> list[str]:
    """The languages of an Accept-Language header, best first.

    >>> accepted("en-US;q=0.5, fr;q=0.9, ja")
    ['ja', 'fr', 'en-US']
    """
    found: list[tuple[float, int, str]] = []
    for n, part in enumerate((header or "").split(",")):
        code, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 0.0
        if code and weight > 0:
            found.append((-weight, n, code.strip()))
    return [code for _, _, code in sorted(found)]


def localize(data: Any, lang: str) -> Any:
    """A JSON-ready value with every `Text` in it said in `lang` (and each `Every` as the
    list of its words in every language)."""
    data = as_text(data)
    if isinstance(data, Text):
        return data.say(lang)
    if isinstance(data, Every):
        return data.words()
    if isinstance(data, dict):
        return {k: localize(v, lang) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [localize(v, lang) for v in data]
    return data


def say(text: object, lang: str) -> str:
    """Any message in `lang`: a `Text` translated, anything else as it is."""
    text = as_text(text)
    return text.say(lang) if isinstance(text, Text) else str(text)


def message(error: BaseException) -> str:
    """What an exception says: its `Text` if it was raised with one (so it can be said in
    the reader's language), else its string."""
    args = error.args
    if len(args) == 1:
        said = as_text(args[0])
        if isinstance(said, Text):
            return said
    return str(error)


def as_text(value: Any) -> Any:
    """A message written where `Words` cannot be imported, with its template kept (vision's
    `vision.words.Said`: a str with a `domain`, a `template` and `fields`), as a `Text`; a
    value quoted in one (`vision.words.Quoted`: a str with what it `quoted`) as a `Quoted`; a
    dice set named in one (`vision.words.SetName`: a str with a `dice_set`) as players know
    it (`set_title`); a die's face (`vision.words.FaceName`: a str with a `face_set`) by the
    game's name for it; anything else as it is."""
    if isinstance(value, str) and type(value) is not str and not isinstance(value, Text):
        if hasattr(value, "quoted") and not isinstance(value, Quoted):  # vision's
            return Quoted(value.quoted)
        dice_set = getattr(value, "dice_set", None)
        if isinstance(dice_set, str):
            return set_title(dice_set, as_text(getattr(value, "vision_title", None)))
        face_set = getattr(value, "face_set", None)
        if isinstance(face_set, str):  # vision's FaceName: the face as the game names it
            from host.games.registry import face_labels  # (lazy: the games import this module)

            return face_labels(face_set).get(value.face, str(value))  # type: ignore[attr-defined]
        template = getattr(value, "template", None)
        if isinstance(template, str) and isinstance(getattr(value, "domain", None), str):
            fields = {
                k: _as_list(v) if isinstance(v, list | tuple) else as_text(v)
                for k, v in getattr(value, "fields", {}).items()
            }
            return Text(value.domain, template, fields)  # type: ignore[attr-defined]
    return value


def _as_list(items: list[Any] | tuple[Any, ...]) -> list[Any]:
    """A list field of vision's words: a choice (`OneOf`) stays one."""
    said = [as_text(x) for x in items]
    return OneOf(said) if isinstance(items, OneOf) else said


def set_title(name: str, own: str | None = None) -> str:
    """A dice set as players know it: the title the game whose dice it reads gives it (a
    `Text`), else `own` (vision's, for a shipped set no game owns), else its name as it
    was taught (a set a person named, shown as they typed it)."""
    from host.games.registry import dice_set_titles  # (lazy: the games import this module)

    return dice_set_titles().get(name) or own or str(name)


class Every(list[str]):
    """Terms to search a choice by, said in every language at once (a French player finds
    "Rayon guérisseur" and an English one "Healing Ray" in the same list). A list of the
    terms in English (as JSON without `localize`), each said in every language once
    localized, without repeats."""

    def __init__(self, *terms: object) -> None:
        super().__init__(str(t) for t in terms)
        self.terms = terms

    def words(self) -> list[str]:
        out: list[str] = []
        for term in self.terms:
            for lang in LANGUAGES:
                said = say(term, lang)
                if said not in out:
                    out.append(said)
        return out


# the words of host.games itself, shared by every game (host/games/locales/LANG.json); it
# declares the words of a list or an object quoted (wording.QUOTED_WORDS: `_quoted` says
# them, written once for vision's English too)
_ = Words("host.games", names=lambda: QUOTED_WORDS.values())
