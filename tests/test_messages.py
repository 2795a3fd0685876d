"""Every message a player can get from the server is said through the translations: found
in the code, not listed by hand.

The rules packages, the script reader and the game files' readers (host/games) raise their
refusals as exceptions; the app (host/app) refuses actions (`Refused`) and sends notices to
the pages (`Table.notice`). Each such message must be a `Text` (host.games.text), so the
web server says it in the page's language. This test reads the sources (`ast`) and fails on
any exception built, any `Refused`, any notice, whose message is not one of:

- `_("template", ...)`: a template of the package's words (tests/test_locales.py fails
  until every language has it);
- `message(error)`: an error caught and passed on (its own message is checked where it is
  raised); `as_text(said)`: vision's words (vision.words, said by the host);
- a call of a function declared to return a `Text`, a parameter declared a `Text` (mypy
  checks what is passed), or a name every assignment of which is one of these.

What stays English, and why, is decided here (`DEVELOPER_ONLY`), and in host.app.table
for the refusals no player reads (`Malformed`: a tool's malformed request, not a `Refused`
this test reads). The
messages' texts are then checked to be said in every language by tests/test_locales.py,
and by tests/games/test_said_in_every_language.py driving the games' refusals.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Exceptions whose messages no player reads: said where it is decided, with why.
DEVELOPER_ONLY = {
    # the random players' own failure: a test tool's (tests and benches play them)
    "NeverEnds": "random players (tests, benches)",
    # a locale file that cannot be read: said by `dicetable page translations` to whoever
    # edits that file, naming its path and the JSON part at fault
    "LocaleError": "the locale files' own checker",
    # the terminal's: `dicetable bench` and `dicetable replay` speak English, as every
    # command of the command line does (the page is what speaks the players' languages)
    "UserError": "command-line tools",
}
# vision's modules whose errors reach no page: its command line (`dicetable vision ...`),
# the fitting (a refit's failure reaches the page as a detail of a translated notice, from
# the process that fitted), the labelled photos (benches), the cuts' encoding (bugs).
VISION_TERMINAL = tuple(
    f"vision.learning.{m}:" for m in ("cli", "fit", "refit", "labelled", "cuts")
)
# Modules that raise only for the command line (UserError is the terminal's error).
TERMINAL_MODULES = {"host.games.kot.bench", "host.games.replay_cli"}

# The app's modules whose words reach a page, and the errors that carry them there (the
# table refuses with a UserError of the teaching's, a StoreError...); besides, in each,
# every notice and every note the store makes on opening (shown as a notice). (web.py's
# UserError is the command line's: it cannot listen on its port.)
APP_MODULES = {
    "host.app.table": {"Refused"},
    "host.app.web": {"Refused"},
    "host.app.teaching": {"UserError"},
    "host.app.store": {"StoreError", "NoSuchGame"},
    "host.app.store_files": set(),
}


def modules(package: str) -> Iterator[tuple[str, Path]]:
    base = ROOT.joinpath(*package.split("."))
    for source in sorted(base.rglob("*.py")):
        parts = source.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        yield name, source


def text_functions() -> set[str]:
    """The names of the functions of host/ declared to return a `Text` (or a `Text` in a
    tuple: `tuple[int, Text] | None`)."""
    found = set()
    for _name, source in modules("host"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _is_text(node.returns):
                found.add(node.name)
    return found


def _is_text(annotation: ast.expr | None) -> bool:
    """An annotation naming `Text` (`Text`, `Text | None`, `tuple[int, Text]`)."""
    if annotation is None:
        return False
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        annotation = ast.parse(annotation.value, mode="eval").body
    return any(isinstance(n, ast.Name) and n.id == "Text" for n in ast.walk(annotation))


def text_holders() -> set[str]:
    """The names of the attributes and variables of host/ declared to hold `Text`s
    (`self.notes: list[Text]`)."""
    found = set()
    for _name, source in modules("host"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.AnnAssign) and _is_text(node.annotation):
                target = node.target
                found.add(target.attr if isinstance(target, ast.Attribute) else ast.unparse(target))
    return found


class Said:
    """Whether an expression is a message for people (see the module's docstring)."""

    def __init__(
        self, functions: set[str], holders: set[str] | frozenset[str] = frozenset()
    ) -> None:
        self.functions = functions
        self.holders = holders

    def __call__(
        self, node: ast.expr, scope: ast.AST | None, seen: frozenset[str] = frozenset()
    ) -> bool:
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            return name in ("_", "message", "as_text") or name in self.functions
        if isinstance(node, ast.IfExp):
            return self(node.body, scope, seen) and self(node.orelse, scope, seen)
        if isinstance(node, ast.Name) and scope is not None and node.id not in seen:
            return self._name(node.id, scope, seen | {node.id})
        return False

    def _name(self, name: str, scope: ast.AST, seen: frozenset[str]) -> bool:
        if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
            args = scope.args
            for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
                if arg.arg == name:
                    return _is_text(arg.annotation)
        values = [
            n.value
            for n in ast.walk(scope)
            if isinstance(n, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)
        ]
        unpacked = [  # `status, why = problem`: the value a function declared to hold a Text
            n.value
            for n in ast.walk(scope)
            if isinstance(n, ast.Assign)
            and any(
                isinstance(t, ast.Tuple)
                and any(isinstance(e, ast.Name) and e.id == name for e in t.elts)
                for t in n.targets
            )
        ]
        if unpacked:
            return all(self(v, scope, seen) for v in unpacked)
        looped = [  # `for note in self.notes`: each item of something declared to hold Texts
            n.iter
            for n in ast.walk(scope)
            if isinstance(n, ast.For) and isinstance(n.target, ast.Name) and n.target.id == name
        ]
        if looped:
            return all(self._holds_texts(i) for i in looped)
        values += [
            n.value
            for n in ast.walk(scope)
            if isinstance(n, ast.AnnAssign)
            and isinstance(n.target, ast.Name)
            and n.target.id == name
            and n.value is not None
        ]
        return bool(values) and all(self(v, scope, seen) for v in values)

    def _holds_texts(self, node: ast.expr) -> bool:
        is_call = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        if is_call and node.func.attr == "values":  # type: ignore[attr-defined]  # a dict's
            node = node.func.value  # type: ignore[attr-defined]
        if isinstance(node, ast.Attribute):
            return node.attr in self.holders
        if isinstance(node, ast.Call):
            func = node.func
            return (
                func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            ) in self.functions
        return False


def scopes(tree: ast.Module) -> Iterator[tuple[ast.AST, ast.AST | None]]:
    """Each node with the function it is in (None at module level)."""

    def visit(node: ast.AST, scope: ast.AST | None) -> Iterator[tuple[ast.AST, ast.AST | None]]:
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else scope
            yield child, inner
            yield from visit(child, inner)

    yield from visit(tree, None)


def _where(name: str, node: ast.AST) -> str:
    return f"{name}:{getattr(node, 'lineno', '?')}: {ast.unparse(node)[:110]}"


def unsaid_refusals(package: str, said: Said) -> list[str]:
    """Each exception built in `package` whose message is not for every language."""
    found = []
    for name, source in modules(package):
        module = importlib.import_module(name)
        for node, scope in scopes(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            made = getattr(module, node.func.id, None)
            if not (isinstance(made, type) and issubclass(made, BaseException)):
                continue
            if made.__name__ in DEVELOPER_ONLY and (
                made.__name__ != "UserError" or name in TERMINAL_MODULES
            ):
                continue
            if not node.args or not said(node.args[0], scope):
                found.append(_where(name, node))
    return found


def unsaid_in_the_app(said: Said) -> list[str]:
    """Each refusal, user error and notice of the app's page-facing modules whose message
    is not for every language."""
    found = []
    for name, errors in APP_MODULES.items():
        source = ROOT.joinpath(*name.split(".")).with_suffix(".py")
        for node, scope in scopes(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if called in errors and node.args:
                text = node.args[0]
            elif called == "notice" and len(node.args) >= 2:  # Table.notice(level, text)
                text = node.args[1]
            elif ast.unparse(func).endswith("notes.append") and node.args:  # a store's note
                text = node.args[0]
            else:
                continue
            if not said(text, scope):
                found.append(_where(name, node))
    return found


@pytest.fixture(scope="module")
def said() -> Said:
    return Said(text_functions(), text_holders())


def test_every_refusal_of_the_games_is_said_in_every_language(said: Said) -> None:
    assert unsaid_refusals("host.games", said) == []


def test_every_refusal_of_the_teaching_is_said_in_every_language(said: Said) -> None:
    # vision's words a page shows: the teaching's refusals, the learning store's
    # (vision.words: vision cannot import the host's translations, the host says them)
    found = unsaid_refusals("vision.learning", said)
    assert [f for f in found if not f.startswith(VISION_TERMINAL)] == []


def test_every_refusal_and_notice_of_the_app_is_said_in_every_language(said: Said) -> None:
    assert unsaid_in_the_app(said) == []


def test_the_check_sees_a_message_left_in_english(said: Said) -> None:
    tree = ast.parse(
        "def f(x: Text, y: str):\n"
        "    a = _('hello')\n"
        "    b = 'plain'\n"
        "    c = a if x else message(y)\n"
    )
    f = tree.body[0]
    seen = {n.id: n for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert said(seen["x"], f) and said(seen["a"], f) and said(seen["c"], f)
    assert not said(seen["y"], f) and not said(seen["b"], f)
    assert not said(ast.parse("f'{x} is wrong'").body[0].value, f)  # type: ignore[attr-defined]
