"""The page's shape (``web/``): one page controller, ``app.js``, is the only script that talks to
the engine's worker (imports ``engine.js``) and the only one that changes the shared UI state
(``ui``, ``state.js``). The features (board, moves, analysis, review, saves, share, settings,
zoom…) ask the controller through its methods (``page`` in ``state.js``, filled in by it) and keep
their own state in their own module, so that what changes the page is found in one file.

A write to ``ui`` is an assignment to one of its fields (``ui.x = …``, ``ui.x.y += …``,
``ui.x[k] = …``, ``ui.x++``, ``delete ui.x``), an in-place change of one (``ui.sel.push(…)``), or
``ui`` itself handed on (``Object.assign(ui, …)``, ``const u = ui``, ``f(ui)``): anything but
reading a field of it.
"""
from __future__ import annotations

import re

from test_import_cycles import js_graph, js_modules, strip_js_comments

CONTROLLER = "page/app.js"
ENGINE = "engine/engine.js"
STATE = "page/state.js"

_FIELDS = r"(?:\s*\.\s*[A-Za-z_$][\w$]*|\s*\[[^\]\n]*\])+"
_WRITES = [
    re.compile(rf"\bui{_FIELDS}\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?!=)"),  # ui.x = / +=
    re.compile(rf"\bui{_FIELDS}\s*(?:\+\+|--)"),  # ui.x++
    re.compile(rf"(?:\+\+|--)\s*ui{_FIELDS}"),  # ++ui.x
    re.compile(rf"\bdelete\s+ui{_FIELDS}"),
    re.compile(rf"\bui{_FIELDS}\s*\.\s*(?:push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin)\s*\("),
    re.compile(r"(?<![\w$.])ui\b(?!\s*[.\[])"),  # ui itself as a value: aliased, passed, assigned to
]
_IMPORT_LINE = re.compile(r"^[ \t]*(?:import|export)\b[^;]*?\bfrom\s*[\"'][^\"']+[\"'];?", re.M)
_DECLARATION = re.compile(r"\bexport\s+const\s+ui\s*=")


def ui_writes(text: str) -> list[tuple[int, str]]:
    """``(line, code)`` of each place a script changes ``ui`` (comments and imports ignored; the
    declaration in state.js is not a write)."""
    code = strip_js_comments(text)
    code = _IMPORT_LINE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), code)
    code = _DECLARATION.sub(lambda m: " " * len(m.group(0)), code)
    found = set()
    for pattern in _WRITES:
        for m in pattern.finditer(code):
            line = code.count("\n", 0, m.start()) + 1
            found.add((line, code.splitlines()[line - 1].strip()))
    return sorted(found)


def writers() -> dict[str, list[tuple[int, str]]]:
    out = {}
    for name, path in js_modules().items():
        found = ui_writes(path.read_text(encoding="utf-8"))
        if found:
            out[name] = found
    return out


def test_only_the_controller_imports_the_engine():
    graph = js_graph(js_modules())
    assert ENGINE in graph and CONTROLLER in graph
    importers = sorted(name for name, edges in graph.items() if ENGINE in edges)
    assert importers == [CONTROLLER], (
        f"only {CONTROLLER} may import {ENGINE} (the features ask through `page`, {STATE}); "
        f"imported by {importers}")


def test_only_the_controller_changes_ui():
    found = writers()
    assert CONTROLLER in found  # the controller does change it: the detector sees its writes
    others = {name: where[:5] for name, where in found.items() if name != CONTROLLER}
    assert not others, f"these scripts change `ui` (ask the controller through `page` instead): {others}"


def test_the_detector_sees_every_kind_of_write():
    writes = [
        "ui.state = s;", "ui.zoom.scale = 2;", "ui.panelFocus[name] = t;", "ui . busy=true",
        "ui.thinkToken++;", "++ui.thinkToken;", "ui.n += 1;", "ui.x ??= 1;", "delete ui.pending;",
        "ui.sel.push(t);", "Object.assign(ui, {busy: true});", "const u = ui;", "f(ui);",
        "if (a) ui.hint = null; else b();",
    ]
    for code in writes:
        assert ui_writes(f"import {{ ui }} from './state.js';\n{code}\n"), code
    reads = [
        "if (ui.state === null) f();", "const s = ui.state;", "g(ui.zoom.scale);",
        "x = ui.busy ? 1 : 0;", "y = ui.panelFocus[name];", "ui.sel.map((t) => t);",
        "// ui.state = s (a comment)", "z = a.ui = 1;", "build = 2; guide = ui.games;",
        "export const ui = {\n  busy: false,\n};", "x = { ...ui };",
    ]
    for code in reads:
        assert not ui_writes(f"import {{ $, ui }} from './state.js';\n{code}\n"), code
