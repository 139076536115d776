"""The page's shape (``web/``): one page controller, ``page/app.js``, is the only script that talks
to the engine's worker (imports ``engine/engine.js``) and the only one that imports and changes the
page state (``ui``, ``page/state.js``). The features (board, moves, analysis, review, saves, share,
settings, zoom…) read that state through ``page/page.js`` (a read-only view of it), ask the
controller through its methods (``page`` there, filled in by it) and keep their own state in their
own module, so that what changes the page is found in one file.

A write to ``ui`` is an assignment to one of its fields (``ui.x = …``, ``ui.x.y += …``,
``ui.x[k] = …``, ``ui.x++``, ``delete ui.x``), an in-place change of one (``ui.sel.push(…)``), or
``ui`` itself handed on (``Object.assign(ui, …)``, ``const u = ui``, ``f(ui)``): anything but
reading a field of it.
"""
from __future__ import annotations

import re
from pathlib import Path

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


# the scripts besides the controller that may import the page state: state.js hands it to page.js's
# read-only view as it loads, and nothing else. A feature that needs the state reads that view or
# is handed what it needs by the controller.
STATE_IMPORTERS = [CONTROLLER]


def importers_of(target: str, web: Path | None = None) -> list[str]:
    """The scripts of ``web`` (default: the site's) that import ``target``."""
    modules = js_modules() if web is None else js_modules(web)
    graph = js_graph(modules) if web is None else js_graph(modules, web)
    assert target in graph, f"no {target} in web/"
    return sorted(name for name, edges in graph.items() if target in edges)


def test_only_the_controller_imports_the_state():
    importers = importers_of(STATE)
    assert CONTROLLER in importers  # the controller does import it: the graph sees the import
    others = sorted(set(importers) - set(STATE_IMPORTERS))
    assert not others, (f"only {CONTROLLER} may import {STATE} (features read `ui` from page/page.js, "
                        f"or get what they need from the controller); imported by {others}")


def test_the_state_check_sees_a_feature_that_imports_the_state(tmp_path):
    """The check above can fail: a feature in a sub-folder that imports the state is found."""
    files = {
        "page/app.js": 'import { ui } from "./state.js";\nimport { f } from "../panels/feature.js";\n',
        "page/state.js": 'import { holdState } from "./page.js";\nexport const ui = {};\n',
        "page/page.js": "export function holdState(s) {}\n",
        "panels/feature.js": 'import { ui } from "../page/state.js";\nexport const f = () => ui.state;\n',
        "panels/good.js": 'import { ui } from "../page/page.js";\nexport const g = () => ui.state;\n',
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert importers_of(STATE, tmp_path) == ["page/app.js", "panels/feature.js"]
    assert importers_of("page/page.js", tmp_path) == ["page/state.js", "panels/good.js"]


def test_only_the_controller_changes_ui():
    found = writers()
    assert CONTROLLER in found  # the controller does change it: the detector sees its writes
    # state.js hands the state to page.js's read-only view as it loads: that one line only
    found[STATE] = [w for w in found.get(STATE, []) if w[1] != "holdState(ui);"]
    others = {name: where[:5] for name, where in found.items() if name != CONTROLLER and where}
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
