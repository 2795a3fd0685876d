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
  raised); `as_text(said)`: vision's words (vision.words, said by the host); a reading's
  `.reason` passed on (checked where the reading is made);
- a call of a function declared to return a `Text`, a parameter declared a `Text` (mypy
  checks what is passed), or a name every assignment of which is one of these.

What stays English, and why, is decided here (`DEVELOPER_ONLY`), and in host.app.refusals
for the refusals no player reads (`Malformed`: a tool's malformed request, not a `Refused`
this test reads). The camera's words are checked alike (`CAMERA_WORDS`): the live
follower's misfits, each die's and card's reason, the card watcher's misfits and the
camera's troubles, vision's (`vision.words.Said`) or the app's. The
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
    # the terminal's: `dicetable bench` and `dicetable replay` speak English (developers'
    # tools, TERMINAL_MODULES); the commands players run say theirs in the terminal's
    # language (PLAYERS_TERMINAL)
    "UserError": "command-line tools",
    # no message at all: King of Tokyo's game ending on the spot (instant_win_now), caught by
    # its engine's apply, which takes the input and ends the game: it never leaves the engine
    "InstantWin": "King of Tokyo's engine, to itself",
}
# vision's modules whose errors reach no page: its command line (`dicetable vision ...`),
# the fitting (a refit's failure reaches the page as a detail of a translated notice, from
# the process that fitted), the labelled photos (benches), the cuts' encoding (bugs).
VISION_TERMINAL = tuple(
    f"vision.learning.{m}:" for m in ("cli", "fit", "refit", "labelled", "cuts")
)
# Modules that raise only for the command line (UserError is the terminal's error).
TERMINAL_MODULES = {"host.games.kot.bench", "host.games.replay_cli"}
# The command line's modules whose errors (UserError) the people who set up and run the
# table meet: said in the terminal's language (host.text), so written as messages too.
PLAYERS_TERMINAL = (
    "host.cli",
    "host.demo",
    "host.app.cli",
    "host.app.board_seam",
    "host.board.cli",
)

# The app's modules whose words reach a page, and the errors that carry them there (the
# table refuses with a UserError of the teaching's, a StoreError...); besides, in each,
# every notice and every note the store makes on opening (shown as a notice). (web.py's
# UserError is the command line's: it cannot listen on its port.)
APP_MODULES = {
    "host.app.table": {"Refused"},
    "host.app.actions": {"Refused"},
    "host.app.camera_events": set(),  # its notices (a throw not stored, seen but ignored)
    "host.app.asking": {"Refused"},
    "host.app.teach_answers": {"Refused"},
    "host.app.web": {"Refused"},
    "host.app.teaching": {"UserError"},
    "host.app.store": {"StoreError", "NoSuchGame"},
    "host.app.store_files": set(),
    "host.app.camera": set(),  # its notices (a stalled camera...): its misfits are below
    "host.app.cli": set(),  # the notices of `dicetable play` (its UserErrors: the terminal's)
    "host.app.recorded": set(),  # a recorded session's notices (the demo on the page)
}

# The camera's words for people, vision's or the app's: the module -> each call that
# carries one -> where (argument position, keyword). Besides, in each, what the `trouble`
# attributes are given, and what every function declared to return a message returns.
CAMERA_WORDS: dict[str, dict[str, tuple[int | None, str]]] = {
    "vision.live.follow": {
        "Misfit": (0, "reason"),
        "_misfit": (1, "reason"),
        "misfit": (1, "reason"),
    },
    # (a frame that is no image: skipped with these words, the stream's news)
    "vision.reader": {"DieReading": (None, "reason"), "FrameError": (0, "")},
    "vision.cards.reader": {"CardReading": (None, "reason")},
    "host.app.camera": {"MisfitSeen": (0, "reason")},
    "host.app.card_camera": {},
    # the camera stream's news (stalled, lost, back...) and its sources' troubles and notes
    "vision.live.stream": {"Status": (1, "message")},
    "vision.live.sources": {"SourceError": (0, "message"), "append": (0, "")},
}
MESSAGES = ("Text", "Said")  # the types of a message for people (host's, vision's)


def modules(package: str) -> Iterator[tuple[str, Path]]:
    base = ROOT.joinpath(*package.split("."))
    for source in sorted(base.rglob("*.py")):
        parts = source.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        yield name, source


def text_functions() -> set[str]:
    """The names of the functions of host/ and vision/ declared to return a `Text` or a
    `Said` (or one in a tuple: `tuple[int, Text] | None`)."""
    found = set()
    for _name, source in [*modules("host"), *modules("vision")]:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _is_text(node.returns):
                found.add(node.name)
    return found


def _is_text(annotation: ast.expr | None) -> bool:
    """An annotation naming `Text` or `Said` (`Text`, `Said | None`, `tuple[int, Text]`)."""
    if annotation is None:
        return False
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        annotation = ast.parse(annotation.value, mode="eval").body
    return any(isinstance(n, ast.Name) and n.id in MESSAGES for n in ast.walk(annotation))


def text_holders() -> set[str]:
    """The names of the attributes and variables of host/ and vision/ declared to hold
    messages (`self.notes: list[Text]`, `self.skipped: list[Said]`)."""
    found = set()
    for _name, source in [*modules("host"), *modules("vision")]:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.AnnAssign) and _is_text(node.annotation):
                target = node.target
                found.add(target.attr if isinstance(target, ast.Attribute) else ast.unparse(target))
    return found


class Said:
    """Whether an expression is a message for people (see the module's docstring)."""

    def __init__(
        self,
        functions: set[str],
        holders: set[str] | frozenset[str] = frozenset(),
        module: ast.Module | None = None,
    ) -> None:
        self.functions = functions
        self.holders = holders
        self.module = module  # where a name not assigned in its function is looked for

    def within(self, module: ast.Module) -> Said:
        """This check for the names of one module's source."""
        return Said(self.functions, self.holders, module)

    def __call__(
        self, node: ast.expr, scope: ast.AST | None, seen: frozenset[str] = frozenset()
    ) -> bool:
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name == "next" and node.args and isinstance(node.args[0], ast.GeneratorExp):
                rest = node.args[1:]  # the first of some messages, or a default
                return self(node.args[0].elt, scope, seen) and all(
                    self(a, scope, seen) for a in rest
                )
            return name in ("_", "message", "as_text") or name in self.functions
        if isinstance(node, ast.IfExp):
            return self(node.body, scope, seen) and self(node.orelse, scope, seen)
        if isinstance(node, ast.BoolOp):  # `reason or _("not read")`
            return all(self(v, scope, seen) for v in node.values)
        if isinstance(node, ast.Constant):
            return node.value == ""  # nothing said (a die read: no reason)
        if isinstance(node, ast.Attribute):  # declared to hold one (`self.trouble: Text`),
            return node.attr == "reason" or node.attr in self.holders  # or a reading's, passed on
        if isinstance(node, ast.Name) and scope is not None and node.id not in seen:
            if self._name(node.id, scope, seen | {node.id}):
                return True
            return self.module is not None and self._name(node.id, self.module, seen | {node.id})
        return False

    def _name(self, name: str, scope: ast.AST, seen: frozenset[str]) -> bool:
        if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
            args = scope.args
            for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
                if arg.arg == name:
                    return _is_text(arg.annotation)
        # (in a module, its own top-level assignments: not those inside its functions)
        walked = list(ast.walk(scope)) if not isinstance(scope, ast.Module) else scope.body
        values = [
            n.value
            for n in walked
            if isinstance(n, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)
        ]
        unpacked = [  # `status, why = problem`: the value a function declared to hold a Text
            _unpacked(n, name)
            for n in walked
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
            for n in walked
            if isinstance(n, ast.For) and isinstance(n.target, ast.Name) and n.target.id == name
        ]
        if looped:
            return all(self._holds_texts(i) for i in looped)
        values += [
            n.value
            for n in walked
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


def _unpacked(assign: ast.Assign, name: str) -> ast.expr:
    """What `name` is given in `a, name = ...`: its element of a tuple written out
    (`code, why = LIGHT, light`), else the whole value (declared to hold a Text)."""
    value = assign.value
    for target in assign.targets:
        if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple):
            for element, given in zip(target.elts, value.elts, strict=False):
                if isinstance(element, ast.Name) and element.id == name:
                    return given
    return value


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


def unsaid_camera_words(name: str, source: str, said: Said) -> list[str]:
    """Each of the camera's words in module `name` (its `source`) that is not a message for
    every language: the calls of CAMERA_WORDS[name], what a `trouble` attribute is given,
    and what a function declared to return a message returns."""
    tree = ast.parse(source)
    said = said.within(tree)
    carriers = CAMERA_WORDS.get(name, {})
    found = []
    for node, scope in scopes(tree):
        given: list[ast.expr] = []
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if called in carriers:
                at, keyword = carriers[called]
                given += [k.value for k in node.keywords if k.arg == keyword]
                if at is not None and len(node.args) > at:
                    given.append(node.args[at])
                if not given:  # the message left out: nothing a person can read
                    found.append(_where(name, node))
        elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Attribute) and t.attr.endswith("trouble") for t in targets):
                is_none = isinstance(node.value, ast.Constant) and node.value.value is None
                given += [] if is_none else [node.value]
        elif isinstance(node, ast.FunctionDef):
            given += _returned(node)
        found += [_where(name, g) for g in given if not said(g, scope)]
    return sorted(set(found))


def _returned(function: ast.FunctionDef) -> list[ast.expr]:
    """The messages a function declared to return one (`Said`, `Text | None`, `tuple[str,
    Said] | None`) returns: each value, or its message's place in each tuple returned."""
    parts, annotation = [], function.returns
    if annotation is None:
        return []
    while isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        parts.append(annotation.right)
        annotation = annotation.left
    parts = [p for p in [annotation, *parts] if ast.unparse(p) not in ("None", "str")]
    if len(parts) != 1:
        return []
    (kind,) = parts
    returns = [
        n.value
        for n in ast.walk(function)
        if isinstance(n, ast.Return)
        and n.value is not None
        and not (isinstance(n.value, ast.Constant) and n.value.value is None)
    ]
    if isinstance(kind, ast.Name) and kind.id in MESSAGES:
        return returns
    if isinstance(kind, ast.Subscript) and ast.unparse(kind.value) == "tuple":
        slots = kind.slice.elts if isinstance(kind.slice, ast.Tuple) else []
        places = [i for i, s in enumerate(slots) if ast.unparse(s) in MESSAGES]
        return [
            r.elts[i] if isinstance(r, ast.Tuple) and i < len(r.elts) else r
            for r in returns
            for i in places
        ]
    return []


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


def test_the_camera_s_words_are_said_in_every_language(said: Said) -> None:
    # the follower's misfits, each die's and card's reason, the card watcher's misfits and
    # the camera's troubles: what players meet most at the table
    found = []
    for name in CAMERA_WORDS:
        source = ROOT.joinpath(*name.split(".")).with_suffix(".py")
        found += unsaid_camera_words(name, source.read_text(encoding="utf-8"), said)
    assert found == []


def test_the_check_sees_the_camera_s_words_left_in_english(said: Said) -> None:
    source = (
        "LEANING = _('cocked')\n"
        "class Follower:\n"
        "    def _problem(self) -> tuple[str, Said] | None:\n"
        "        if self.a:\n"
        "            return UNREAD, _('{n} dice not read', n=2)\n"
        "        if self.b:\n"
        "            return COUNT, f'{n} dice seen'\n"
        "        return None\n"
        "    def _light(self) -> Said | None:\n"
        "        return 'the light changed'\n"
        "    def feed(self, d):\n"
        "        code, why = LIGHT, _('dark')\n"
        "        self._misfit(code, why, [])\n"
        "        self._misfit(UNSTABLE, 'rocking', [])\n"
        "        Misfit(reason=d.reason or _('not read'))\n"
        "        Misfit(reason=d.reason or 'not read')\n"
        "        DieReading(reason=LEANING)\n"
        "        DieReading(reason='')\n"
        "        DieReading(reason='partly hidden')\n"
        "        self.trouble = None\n"
        "        self.trouble = f'the set {d} cannot be loaded'\n"
        "    def see(self, d):\n"
        "        code, why = LIGHT, 'dark'\n"
        "        self._misfit(code, why, [])\n"
    )
    CAMERA_WORDS["test.follower"] = {
        "_misfit": (1, "reason"),
        "Misfit": (0, "reason"),
        "DieReading": (None, "reason"),
    }
    try:
        found = unsaid_camera_words("test.follower", source, said)
    finally:
        del CAMERA_WORDS["test.follower"]
    lines = sorted(int(f.split(":")[1]) for f in found)
    assert lines == [7, 10, 14, 16, 19, 21, 24], found


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


def test_the_errors_of_the_players_commands_are_said_in_every_language(said: Said) -> None:
    # `dicetable play`, `demo`: a wrong option, a folder that is not there, a game unknown
    found = []
    for name in PLAYERS_TERMINAL:
        source = ROOT.joinpath(*name.split(".")).with_suffix(".py")
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node, scope in scopes(tree):
            is_error = isinstance(node, ast.Call) and ast.unparse(node.func) == "UserError"
            if is_error and (not node.args or not said.within(tree)(node.args[0], scope)):
                found.append(_where(name, node))
    assert found == []
