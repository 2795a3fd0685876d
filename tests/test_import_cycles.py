"""No import circles in host/ (DESIGN.md: small modules, no import circles).

The graph is built from the source with `ast`: an edge A -> B for every import of B that
runs while A is being imported: A's module-level imports (inside module-level `if`, `try`,
`with` and class bodies too), and the imports inside A's functions that A's own
module-level code calls. An import under `if TYPE_CHECKING:` is for the type checker
only, and an import inside a function that runs later (a lazy import) cannot close a
circle at import time: neither is an edge.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _run_at_import(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of `body` that run when the module is imported (not the bodies of
    its functions, nor the type checker's imports)."""
    for node in body:
        yield node
        if isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                yield from _run_at_import(node.body)
            yield from _run_at_import(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody):
                yield from _run_at_import(block)
            for handler in node.handlers:
                yield from _run_at_import(handler.body)
        elif isinstance(node, ast.With | ast.For | ast.While | ast.ClassDef):
            yield from _run_at_import(node.body)


def _imports(statements: list[ast.stmt], package: str) -> Iterator[tuple[str, str | None]]:
    """(module, name imported from it or None) for each import statement."""
    for node in statements:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package (up level - 1)
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                yield base, alias.name


def _called_by_name(statements: list[ast.stmt]) -> set[str]:
    """The plain names called by these statements' own code (decorators and defaults
    included, function bodies not)."""
    called: set[str] = set()
    for node in statements:
        parts: list[ast.AST]
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            parts = [*node.decorator_list, *node.args.defaults, *node.args.kw_defaults]
        elif isinstance(node, ast.ClassDef):
            parts = [*node.decorator_list, *node.bases, *node.keywords]
        else:
            parts = [
                child
                for child in ast.iter_child_nodes(node)
                if not isinstance(child, ast.stmt)  # nested blocks come as statements
            ]
        for part in parts:
            for sub in ast.walk(part):
                if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name):
                    called.add(sub.func.id)
    return called


def import_time_imports(tree: ast.Module, package: str) -> set[tuple[str, str | None]]:
    statements = list(_run_at_import(tree.body))
    functions = {
        node.name: node
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    found = set(_imports(statements, package))
    todo, seen = _called_by_name(statements), set()
    while todo:  # functions of this module that run at import time, and those they call
        name = todo.pop()
        if name in seen or name not in functions:
            continue
        seen.add(name)
        body = list(ast.walk(functions[name]))
        found.update(_imports([n for n in body if isinstance(n, ast.stmt)], package))
        todo |= {
            n.func.id for n in body if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
        }
    return found


def import_graph(root: Path, top: str) -> dict[str, set[str]]:
    """Module -> the modules of `top` it imports at import time."""
    paths = sorted((root / top).rglob("*.py"))
    modules = {module_name(p, root): p for p in paths}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        targets = set()
        for module, imported in import_time_imports(tree, package):
            if imported is not None and f"{module}.{imported}" in modules:
                targets.add(f"{module}.{imported}")  # from a package import a submodule
            elif module in modules:
                targets.add(module)
        graph[name] = targets - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle per group of modules that import each other (Tarjan's strongly
    connected components), each as a path that comes back to its start."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [_circle(graph, group) for group in groups]


def _circle(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A shortest circle through the group's first module (breadth first)."""
    start = min(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(graph[node] & group):
            if nxt == start:
                return [*paths[node], start]
            if nxt not in paths:
                paths[nxt] = [*paths[node], nxt]
                queue.append(nxt)
    raise AssertionError(f"no circle in {group}")  # a strongly connected group has one


def test_host_has_no_import_circles() -> None:
    found = cycles(import_graph(ROOT, "host"))
    assert not found, "import circles in host/:\n" + "\n".join(" -> ".join(c) for c in found)


def test_the_graph_sees_the_imports_of_host() -> None:
    graph = import_graph(ROOT, "host")
    assert "host.games.kot.engine" in graph["host.games.kot"]  # from a package's __init__
    assert "host.games" in graph["host.games.kot.errors"]  # from host.games import X


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_a_circle_is_found_and_named(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg import b\n",
            "pkg/b.py": "import pkg.c\n",
            "pkg/c.py": "from pkg.a import thing\n",
            "pkg/d.py": "from pkg import a\n",  # imports the circle, is not part of it
        },
    )
    assert cycles(import_graph(tmp_path, "pkg")) == [["pkg.a", "pkg.b", "pkg.c", "pkg.a"]]


def test_a_last_line_or_relative_import_closes_a_circle(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/engine.py": "X = 1\n\nimport pkg.powers  # noqa\n",
            "pkg/powers/__init__.py": "from . import cards\n",
            "pkg/powers/cards.py": "from ..engine import X\n",
        },
    )
    assert cycles(import_graph(tmp_path, "pkg")) == [
        ["pkg.engine", "pkg.powers", "pkg.powers.cards", "pkg.engine"]
    ]


def test_an_import_in_a_function_run_at_import_time_closes_a_circle(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "def load():\n    from pkg import b\n\nload()\n",
            "pkg/b.py": "from pkg import a\n",
        },
    )
    assert cycles(import_graph(tmp_path, "pkg")) == [["pkg.a", "pkg.b", "pkg.a"]]


def test_type_checking_and_lazy_imports_close_no_circle(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "import typing\nif typing.TYPE_CHECKING:\n    from pkg import b\n",
            "pkg/b.py": "from pkg import a\n\ndef later():\n    from pkg import c\n",
            "pkg/c.py": "from pkg import b\n",
        },
    )
    assert cycles(import_graph(tmp_path, "pkg")) == []
