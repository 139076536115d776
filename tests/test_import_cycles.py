"""No import cycles: neither among the modules of ``pygame_core`` nor among the page's scripts in
``web/`` (issue 31).

A cycle makes the order in which modules run matter (a module can see a half-initialised one),
and it makes a layer impossible to load, test or reason about without the layers above it.

* Python: every ``import`` and ``from ... import`` of every module, at the top level and inside
  functions, classes and ``if`` blocks alike (an import deferred into a function to dodge a
  cycle at load time is still a cycle in the module graph), relative imports resolved;
  ``from package import name`` is an edge to the submodule ``package.name`` when there is one,
  else to the package.  ``importlib.import_module("...")``/``__import__("...")`` with a literal
  name count too.  The implicit import of a module's parent packages is not an edge (every
  module would depend on its package's ``__init__``).
* JavaScript: ``import ... from "./x.js"``, ``import "./x.js"``, ``export ... from "./x.js"``,
  ``import("./x.js")`` with a literal path, and a worker's ``importScripts("./x.js")``; paths
  relative to the importing file.  ``web/`` holds only the site's own scripts (the build puts
  Pyodide's files in ``pyodide/`` beside them, never in ``web/``); a ``new Worker(url)`` starts
  another global scope, so it is not an import.
"""
from __future__ import annotations

import ast
import re
from collections import deque
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pygame_core"
WEB = ROOT / "web"

Graph = dict  # module -> {imported module: where the import is ("file:line", deferred?)}


# --------------------------------------------------------------------------- cycle finding
def strongly_connected(graph: Graph) -> list[list[str]]:
    """The strongly connected components of ``graph`` (Tarjan, iterative), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    out.append(sorted(component))
    return out


def shortest_cycle(graph: Graph, start: str, within: set[str]) -> list[str]:
    """The shortest chain ``start -> ... -> start`` inside ``within`` (breadth first)."""
    came_from = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for child in sorted(graph.get(node, ())):
            if child == start:
                chain = [node]
                while came_from[chain[-1]] is not None:
                    chain.append(came_from[chain[-1]])
                return list(reversed(chain)) + [start]
            if child in within and child not in came_from:
                came_from[child] = node
                queue.append(child)
    raise AssertionError(f"{start} is on no cycle")


def find_cycles(graph: Graph) -> list[list[str]]:
    """One shortest cycle through each module that is on a cycle, without repeats (a chain of
    module names ending where it starts); ``[]`` if the graph has no cycle."""
    cycles, seen = [], set()
    for component in strongly_connected(graph):
        if len(component) == 1 and component[0] not in graph.get(component[0], ()):
            continue
        for start in component:
            chain = shortest_cycle(graph, start, set(component))
            key = frozenset(zip(chain, chain[1:]))
            if key not in seen:
                seen.add(key)
                cycles.append(chain)
    return cycles


def describe(graph: Graph, cycles: list[list[str]]) -> str:
    lines = []
    for chain in cycles:
        lines.append("  " + " -> ".join(chain))
        for a, b in zip(chain, chain[1:]):
            where, deferred = graph[a][b]
            lines.append(f"      {a} -> {b}  ({where}{', inside a function' if deferred else ''})")
    return "\n".join(lines)


def assert_no_cycles(graph: Graph, what: str) -> None:
    cycles = find_cycles(graph)
    if cycles:
        raise AssertionError(f"{len(cycles)} import cycle(s) among {what}:\n{describe(graph, cycles)}")


# --------------------------------------------------------------------------- Python
def python_modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Dotted module name -> its file, for every module of the package."""
    out = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _resolve(current: str, is_package: bool, level: int, module: str | None) -> str:
    """The absolute name of ``from <level dots><module> import ...`` written in ``current``."""
    if level == 0:
        return module or ""
    base = current.split(".")
    if not is_package:
        base.pop()
    if level > 1:
        base = base[:len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def _known(name: str, modules) -> str | None:
    """``name``, or the longest dotted prefix of it that is a module of the package."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def python_graph(modules: dict[str, Path]) -> Graph:
    graph: Graph = {name: {} for name in modules}
    top = min(modules, key=len)  # the package itself
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        deferred_nodes = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                deferred_nodes.update(id(n) for n in ast.walk(node) if n is not node)
        for node in ast.walk(tree):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(name, is_package, node.level, node.module)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in modules else base)
            elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
                  and isinstance(node.args[0].value, str)
                  and (isinstance(node.func, ast.Name) and node.func.id in ("__import__", "import_module")
                       or isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")):
                targets = [node.args[0].value]
            for target in targets:
                target = _known(target, modules)
                if target is not None and target != name:
                    where = f"{path.relative_to(modules[top].parent.parent)}:{node.lineno}"
                    graph[name].setdefault(target, (where, id(node) in deferred_nodes))
    return graph


# --------------------------------------------------------------------------- JavaScript
_STATIC = re.compile(r"""^[ \t]*(?:import|export)\b[^;"'`]*?\bfrom\s*(["'])([^"'\n]+)\1""", re.M)
_BARE = re.compile(r"""^[ \t]*import\s*(["'])([^"'\n]+)\1""", re.M)
_DYNAMIC = re.compile(r"""\bimport\s*\(\s*(["'])([^"'\n]+)\1\s*\)""")
_IMPORT_SCRIPTS = re.compile(r"""\bimportScripts\s*\(([^)]*)\)""")
_STRING = re.compile(r"""(["'])([^"'\n]+)\1""")
_REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}


def strip_js_comments(text: str) -> str:
    """``text`` with its comments blanked (newlines kept, so line numbers stay right); strings,
    template literals and regular expression literals are kept as they are."""
    out = []
    i, n = 0, len(text)
    last = ""  # the last significant character outside comments (a "/" after it starts a regex?)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
            continue
        if c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
            continue
        if c in "\"'`" or (c == "/" and (last in _REGEX_BEFORE or re.search(r"\b(return|typeof|case)\s*$", "".join(out[-12:])))):
            end = "/" if c == "/" else c
            j, in_class = i + 1, False
            while j < n:
                ch = text[j]
                if ch == "\\":
                    j += 2
                    continue
                if c == "/" and ch == "[":
                    in_class = True
                elif c == "/" and ch == "]":
                    in_class = False
                elif ch == end and not in_class:
                    break
                elif ch == "\n" and c != "`":
                    break
                j += 1
            out.append(text[i:j + 1])
            i = j + 1
            last = c
            continue
        out.append(c)
        if not c.isspace():
            last = c
        i += 1
    return "".join(out)


def js_modules(web: Path = WEB) -> dict[str, Path]:
    """Path relative to ``web`` -> file, for every script of the page."""
    return {p.relative_to(web).as_posix(): p for p in sorted(web.rglob("*.js")) + sorted(web.rglob("*.mjs"))}


def js_imports(text: str) -> list[tuple[str, int]]:
    """``(specifier, line)`` of each import of a script (comments ignored)."""
    code = strip_js_comments(text)
    found = []
    for pattern in (_STATIC, _BARE, _DYNAMIC):
        for m in pattern.finditer(code):
            found.append((m.group(2), code.count("\n", 0, m.start(2)) + 1))
    for m in _IMPORT_SCRIPTS.finditer(code):
        for s in _STRING.finditer(m.group(1)):
            found.append((s.group(2), code.count("\n", 0, m.start(1) + s.start(2)) + 1))
    return sorted(found, key=lambda f: f[1])


def js_graph(modules: dict[str, Path], web: Path = WEB) -> Graph:
    graph: Graph = {name: {} for name in modules}
    for name, path in modules.items():
        for spec, line in js_imports(path.read_text(encoding="utf-8")):
            if not spec.startswith(("./", "../", "/")):
                continue  # a bare name or a URL: nothing of web/
            spec = spec.split("?")[0].split("#")[0]
            target = (path.parent / spec.lstrip("/")) if not spec.startswith("/") else (web / spec.lstrip("/"))
            try:
                target = target.resolve().relative_to(web.resolve()).as_posix()
            except ValueError:
                continue
            assert target in modules, f"web/{name}:{line} imports {spec!r}, which is not a script of web/"
            if target != name:
                graph[name].setdefault(target, (f"web/{name}:{line}", False))
    return graph


# --------------------------------------------------------------------------- the tests
# what: (its modules, its graph, at least as many modules and edges: the parsing found them)
TREES = {"python": (python_modules, python_graph, 50, 100, "the modules of pygame_core"),
         "web": (js_modules, js_graph, 30, 60, "the scripts of web/")}


@pytest.mark.parametrize("tree", TREES)
def test_no_import_cycle(tree):
    list_modules, build_graph, least_modules, least_edges, what = TREES[tree]
    modules = list_modules()
    graph = build_graph(modules)
    assert len(modules) > least_modules, sorted(modules)
    assert sum(len(edges) for edges in graph.values()) > least_edges
    assert_no_cycles(graph, what)


# --------------------------------------------------------------------------- self-tests
def test_the_cycle_finder_finds_made_up_cycles():
    where = ("here:1", False)
    acyclic = {"a": {"b": where, "c": where}, "b": {"c": where}, "c": {}, "d": {"a": where}}
    assert find_cycles(acyclic) == []
    assert_no_cycles(acyclic, "a made-up graph")
    cyclic = {"a": {"b": where}, "b": {"c": where, "d": where}, "c": {"a": where}, "d": {"d": where},
              "e": {"a": where}}
    cycles = find_cycles(cyclic)
    assert ["a", "b", "c", "a"] in cycles and ["d", "d"] in cycles and len(cycles) == 2
    try:
        assert_no_cycles(cyclic, "a made-up graph")
    except AssertionError as exc:
        assert "a -> b -> c -> a" in str(exc) and "here:1" in str(exc)
    else:
        raise AssertionError("a cycle was not reported")


def test_the_python_graph_sees_every_kind_of_import(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "from . import sub\n",
        "a.py": "import pkg.b\n",
        "b.py": "def f():\n    from .sub import c\n",  # deferred, into a package's submodule
        "sub/__init__.py": "X = 1\n",
        "sub/c.py": "from .. import d\nfrom . import X\n",  # a module of the parent; a name of __init__
        "d.py": "if True:\n    from pkg.sub.c import thing\n",
        "e.py": "import importlib\nimportlib.import_module('pkg.a')\n",
    }
    for rel, text in files.items():
        (pkg / rel).write_text(text)
    modules = python_modules(pkg)
    graph = python_graph(modules)
    assert {m: sorted(e) for m, e in graph.items()} == {
        "pkg": ["pkg.sub"], "pkg.a": ["pkg.b"], "pkg.b": ["pkg.sub.c"], "pkg.sub": [],
        "pkg.sub.c": ["pkg.d", "pkg.sub"], "pkg.d": ["pkg.sub.c"], "pkg.e": ["pkg.a"]}
    assert graph["pkg.b"]["pkg.sub.c"][1] is True  # found inside the function
    assert find_cycles(graph) == [["pkg.d", "pkg.sub.c", "pkg.d"]]


def test_the_js_graph_sees_every_kind_of_import(tmp_path):
    web = tmp_path / "web"
    (web / "lib").mkdir(parents=True)
    files = {
        "a.js": 'import { x } from "./b.js";\nimport "./c.js";\nconst re = /["\']/g; // import "./d.js"\n'
                "/* import { y } from './d.js'; */\nconst u = 'https://example.org/x.js';\n",
        "b.js": "export { z } from './lib/e.js';\nasync function f() { await import(\"./c.js\"); }\n",
        "c.js": "import {\n  p,\n  q,\n} from './lib/e.js';\n",
        "d.js": "",
        "lib/e.js": "importScripts('../d.js', \"../a.js\");\n",
    }
    for rel, text in files.items():
        (web / rel).write_text(text)
    graph = js_graph(js_modules(web), web)
    assert {m: sorted(e) for m, e in graph.items()} == {
        "a.js": ["b.js", "c.js"], "b.js": ["c.js", "lib/e.js"], "c.js": ["lib/e.js"], "d.js": [],
        "lib/e.js": ["a.js", "d.js"]}
    assert graph["c.js"]["lib/e.js"][0] == "web/c.js:4"
    assert find_cycles(graph) == [["a.js", "b.js", "lib/e.js", "a.js"], ["c.js", "lib/e.js", "a.js", "c.js"]]
