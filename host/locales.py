"""Which words each package uses, and what its locale files lack or keep for nothing
(`dicetable locales`; tests/test_locales.py fails on either).

A package with words of its own has a `text` module whose `_` is a `host.games.text.Words`
(host.app, host.games, each game's package). The keys it uses:

- every `_("template", ...)` and `_.say("template", ...)` in its Python sources (its own
  modules, not those of a subpackage with a `text` module of its own), found by reading
  the sources (`_()` takes a literal: a name from data goes through `_.name`);
- the names it declares (`Words(..., names=...)`): what it passes to `_.name`;
- for a package with a page (`static/`): every `t("...")` and `tn("...")` of its scripts
  and every `data-t` element and `data-t-title` of its HTML.

Each language but English (the source) has one file per package, `locales/LANG.json`.
"""

from __future__ import annotations

import ast
import importlib
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from host.games.text import (
    ENGLISH,
    LANGUAGES,
    PARTS,
    PLURAL_ARGUMENT,
    PLURAL_FORM,
    PLURALS,
    LocaleError,
    Words,
    plural_forms,
    read_locale,
)

HOST = Path(__file__).parent
TEXT_MODULE = "text.py"
_JS_KEY = re.compile(r"""\btn?\(\s*"((?:[^"\\]|\\.)*)"|\btn?\(\s*'((?:[^'\\]|\\.)*)'""")


@dataclass
class Problems:
    """What one package's locale files lack (keys used, untranslated), hold unused, or
    get wrong (a key in both parts, a template's fields not the English's)."""

    domain: str
    missing: dict[str, list[str]]  # language -> keys used with no translation in it
    unused: dict[str, list[str]]  # language -> keys translated that nothing uses
    wrong: list[str]  # one line each

    @property
    def ok(self) -> bool:
        return not any(self.missing.values()) and not any(self.unused.values()) and not self.wrong


# packages outside host/ whose words the host says (they cannot import `Words`: vision
# writes its messages with vision.words._, found here as every `_("...")` is)
OUTSIDE = {"vision": HOST.parent / "vision"}


def packages() -> dict[str, Path]:
    """Every package with words of its own: its domain -> its folder."""
    found: dict[str, Path] = {d: f for d, f in OUTSIDE.items() if (f / "locales").is_dir()}
    for text in sorted(HOST.rglob(TEXT_MODULE)):
        if not (text.parent / "__init__.py").is_file():
            continue
        module = ".".join(("host", *text.parent.relative_to(HOST).parts, "text"))
        words = getattr(importlib.import_module(module), "_", None)
        if isinstance(words, Words):
            found[words.domain] = text.parent
    return found


def words_of(domain: str) -> Words:
    words = importlib.import_module(f"{domain}.text")._
    assert isinstance(words, Words)
    return words


def keys_used(domain: str, folder: Path) -> set[str]:
    """Every key the package uses (see the module's docstring)."""
    keys = set() if domain in OUTSIDE else set(words_of(domain).names())
    others = {p.parent for p in folder.rglob(TEXT_MODULE) if p.parent != folder}
    for source in folder.rglob("*.py"):
        if any(source.is_relative_to(o) for o in others):
            continue
        keys |= python_keys(source.read_text(encoding="utf-8"), str(source))
    static = folder / "static"
    for script in sorted(static.glob("*.js")) if static.is_dir() else []:
        keys |= js_keys(script.read_text(encoding="utf-8"))
    for page in sorted(static.glob("*.html")) if static.is_dir() else []:
        keys |= html_keys(page.read_text(encoding="utf-8"))
    return keys


def python_keys(source: str, where: str = "<source>") -> set[str]:
    """The templates of `_("...")` and `_.say("...")` calls in Python source; a LocaleError
    for a `_()` of anything but a literal (data goes through `_.name`).

    >>> sorted(python_keys('x = _("Turn {n}", n=1) + _.say("Hi", "fr")'))
    ['Hi', 'Turn {n}']
    """
    keys: set[str] = set()
    for node in ast.walk(ast.parse(source, where)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        direct = isinstance(func, ast.Name) and func.id == "_"
        said = (
            isinstance(func, ast.Attribute)
            and func.attr == "say"
            and isinstance(func.value, ast.Name)
            and func.value.id == "_"
        )
        if not (direct or said):
            continue
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            keys.add(first.value)
        else:
            raise LocaleError(
                f"{where}:{node.lineno}: _() of something other than a literal string: "
                "write the template there, or pass data through _.name (and declare it)"
            )
    return keys


def js_keys(source: str) -> set[str]:
    """The keys of t("...") and tn("...") calls in a script.

    >>> sorted(js_keys('t("Games"); tn("{a} and {b}", x); t(\\'it\\\\\\'s\\')'))
    ['Games', "it's", '{a} and {b}']
    """
    keys = set()
    for match in _JS_KEY.finditer(source):
        raw = match.group(1) if match.group(1) is not None else match.group(2)
        keys.add(re.sub(r"\\(.)", r"\1", raw))
    return keys


def html_keys(source: str) -> set[str]:
    """The texts of `data-t` elements and the values of `data-t-title` in a page.

    >>> sorted(html_keys('<b data-t>Unlock</b> <i data-t-title="live"></i>'))
    ['Unlock', 'live']
    """
    keys: set[str] = set()
    inside: list[str] = []  # the text of each data-t element open

    class Reader(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            named = dict(attrs)
            if named.get("data-t-title"):
                keys.add(str(named["data-t-title"]))
            if "data-t" in named:
                inside.append("")

        def handle_data(self, data: str) -> None:
            if inside:
                inside[-1] += data

        def handle_endtag(self, tag: str) -> None:
            if inside:
                text = inside.pop().strip()
                if text:
                    keys.add(text)

    Reader().feed(source)
    return keys


def check(domain: str, folder: Path) -> Problems:
    """What the package's locale files lack, keep unused, or get wrong."""
    used = keys_used(domain, folder)
    missing: dict[str, list[str]] = {}
    unused: dict[str, list[str]] = {}
    english = [(key, p) for key in sorted(used) for p in plural_problems(key, key, ENGLISH)]
    wrong: list[str] = [f"{domain}: {key!r} {problem}" for key, problem in english]
    for lang in LANGUAGES:
        if lang == ENGLISH:
            continue
        path = folder / "locales" / f"{lang}.json"
        parts = read_locale(path) if path.is_file() else {p: {} for p in PARTS}
        both = set(parts["printed"]) & set(parts["ours"])
        wrong += [f"{path}: {k!r} is both printed and ours" for k in sorted(both)]
        merged = {**parts["printed"], **parts["ours"]}
        for key, said in merged.items():
            if _fields(key) != _fields(said):
                wrong.append(
                    f"{path}: {key!r} has the fields {sorted(_fields(key))}, its translation "
                    f"{sorted(_fields(said))}"
                )
            wrong += [f"{path}: {key!r} {problem}" for problem in plural_problems(key, said, lang)]
        missing[lang] = sorted(used - set(merged))
        unused[lang] = sorted(set(merged) - used)
    return Problems(domain, missing, unused, wrong)


def _fields(template: str) -> set[str]:
    """The fields of a template: a plural argument's count and the fields of its forms.

    >>> sorted(_fields("{n, plural, one {# card of {who}} other {# cards}}, {k:.2f} left"))
    ['k', 'n', 'who']
    """
    found: set[str] = set()

    def plural(match: re.Match[str]) -> str:
        found.add(match.group(1))
        for _, form in PLURAL_FORM.findall(match.group(2)):
            found.update(_fields(form))
        return " "

    rest = PLURAL_ARGUMENT.sub(plural, template)
    return found | set(re.findall(r"(?<!\{)\{(\w+)[^{}]*\}", rest))


def plural_problems(key: str, said: str, lang: str) -> list[str]:
    """What a translation (or the English, `said` the key) gets wrong in its plural forms:
    each plural argument writes exactly the language's categories (PLURALS), and a count
    the English says in forms is said in forms where the language has more than one.

    >>> plural_problems("{n, plural, one {# game} other {# games}}", "{n} parties", "fr")
    ['has no plural forms for {n} in fr (one, other)']
    >>> plural_problems("{n} x", "{n, plural, one {x} few {y}}", "fr")
    ['writes the forms few, one of {n}: fr has one, other']
    """
    problems = []
    wanted = PLURALS[lang]
    written = plural_forms(said)
    for name, forms in written:
        if sorted(forms) != sorted(wanted):
            written_forms, has = ", ".join(sorted(forms)), ", ".join(wanted)
            problems.append(f"writes the forms {written_forms} of {{{name}}}: {lang} has {has}")
    if len(wanted) > 1:
        for name in sorted({n for n, _ in plural_forms(key)} - {n for n, _ in written}):
            problems.append(f"has no plural forms for {{{name}}} in {lang} ({', '.join(wanted)})")
    return problems


def report() -> tuple[bool, list[str]]:
    """Every package checked: (all well, lines saying what is not)."""
    lines: list[str] = []
    ok = True
    for domain, folder in packages().items():
        problems = check(domain, folder)
        ok = ok and problems.ok
        for lang, keys in problems.missing.items():
            lines += [f"{domain} {lang}: missing {k!r}" for k in keys]
        for lang, keys in problems.unused.items():
            lines += [f"{domain} {lang}: unused {k!r}" for k in keys]
        lines += [f"{domain}: {w}" for w in problems.wrong]
    return ok, lines
