"""The page's first board comes with its shell: index.html names every module of its scripts'
static import graph (``<link rel="modulepreload">``) and boot.json (``<link rel="preload">``),
so the browser asks for all of them at once instead of one level of imports after another (and
the board, drawn from boot.json, no longer waits for the last level). The modules of an ``async``
page script (page/first.js, which draws the first board from a few of them) come first.

    add_preloads(site, page="index.html") -> list[str]   # the preloaded paths, in order

The list is read from the modules themselves (``import ... from "./x.js"`` and ``export ... from``;
a dynamic ``import()`` is not followed), so it stays right when a module is added or moved.
"""
from __future__ import annotations

import posixpath
import re
from pathlib import Path

_STATIC_IMPORT = re.compile(r"""(?:^|[;\n])\s*(?:(?:import|export)\b[^;'"`()]*?\bfrom|import)\s*["'](\.{1,2}/[^"']+\.m?js)["']""")
_PAGE_SCRIPT = re.compile(r"""<script type="module"( async)? src="([^"]+)"></script>""")
MARK = "<!-- preloads -->"
EXTRA = ['<link rel="preload" href="boot.json" as="fetch" crossorigin="anonymous">']


def module_graph(site: Path, roots: list[str]) -> list[str]:
    """Every module reachable from `roots` (site-relative posix paths), depth first, roots excluded."""
    seen: list[str] = []
    todo = list(roots)
    while todo:
        rel = todo.pop(0)
        path = site / rel
        if not path.is_file():
            continue
        for dep in _STATIC_IMPORT.findall(path.read_text(encoding="utf-8")):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(rel), dep))
            if target not in seen and target not in roots:
                seen.append(target)
                todo.append(target)
    return seen


def add_preloads(site: Path, page: str = "index.html") -> list[str]:
    """Write the links in place of the page's MARK comment (a page without it is left as it is)."""
    path = site / page
    text = path.read_text(encoding="utf-8")
    if MARK not in text:
        return []
    base = posixpath.dirname(page)
    scripts = [(bool(is_async), posixpath.normpath(posixpath.join(base, src))) for is_async, src in _PAGE_SCRIPT.findall(text)]
    roots = [src for _, src in scripts]
    # an async script (itself: it sits at the page's end) and its whole graph first (page/first.js:
    # the first board comes from it), then the rest
    first = [src for is_async, src in scripts if is_async]
    early = first + [m for m in module_graph(site, first) if m not in roots]
    modules = early + [m for m in module_graph(site, roots) if m not in early]
    links = [f'<link rel="modulepreload" href="{posixpath.relpath(m, base or ".")}">' for m in modules]
    path.write_text(text.replace(MARK, "\n".join(EXTRA + links), 1), encoding="utf-8")
    return modules
