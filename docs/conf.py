"""Sphinx configuration of the Boardwright documentation (built by build_scripts/build.py).

The pages are Markdown (MyST); the API reference is generated from the docstrings of the
package tree that ``pygame_core`` has when the docs are built (autosummary, recursive), so it
follows the package as modules move. The HTML keeps the site's rules: the strict
Content-Security-Policy as the first ``<meta>`` of every page (``_templates/layout.html``),
no inline script or style, no other origin, relative links only, and the same bytes from the
same sources.
"""
from __future__ import annotations

import importlib.util
import os
import re
import sys
from pathlib import Path

# build_scripts/site_docs.py builds a copy of docs/ and names the checkout it belongs to
ROOT = Path(os.environ.get("BOARDWRIGHT_ROOT") or Path(__file__).resolve().parent.parent)
sys.path.insert(0, str(ROOT))                    # pygame_core, from this checkout
sys.path.insert(0, str(ROOT / "build_scripts"))  # site_checks: the site's policy
from site_checks import CONTENT_SECURITY_POLICY  # noqa: E402

import pygame_core  # noqa: E402

project = "Boardwright"
author = "the Boardwright authors"
copyright = "the Boardwright authors"  # no year: the same sources give the same bytes
version = release = pygame_core.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "requirements.txt"]
templates_path = ["_templates"]
myst_heading_anchors = 3
suppress_warnings = []
nitpicky = False

autosummary_generate = True
autosummary_imported_members = False
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
highlight_language = "text"  # literal blocks are text; code blocks name their language

# Sphinx's own "basic" theme and one small stylesheet of ours: nothing from another origin,
# no web fonts, no inline style (the other themes carry a third-party link in their CSS or an
# inline style in their navigation bar)
html_theme = "basic"
html_static_path = ["_static"]
html_css_files = ["docs.css"]
html_sidebars = {"**": ["globaltoc.html", "relations.html"]}
html_title = "Boardwright documentation"
html_context = {"content_security_policy": CONTENT_SECURITY_POLICY}
html_copy_source = False
html_show_sourcelink = False
html_show_sphinx = False
html_use_index = False       # the general index and the module index need Sphinx's scripts
html_domain_indices = False  # (and inline styles); the API reference lists every module
html_permalinks = True
html_last_updated_fmt = None  # no clock in the output


# Sphinx's scripts (search, highlighting of search words) break the site's policy (new
# Function, javascript: URLs) and the search box is a form (form-action 'none'): the docs ship
# no script at all (_templates/layout.html links none) and no search page.
_UNUSED_STATIC = ("*.js", "file.png", "minus.png", "plus.png")


def _no_search(app):
    if hasattr(app.builder, "search"):
        app.builder.search = False


def _drop_unused_static(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    static = Path(app.outdir) / "_static"
    for pattern in _UNUSED_STATIC:
        for path in static.glob(pattern):
            path.unlink()


# A docstring's relative reference (:mod:`.pieces`, :class:`~.search.CodexSearch`) means what a
# relative import means: the module next to this one. Sphinx reads a leading dot as "any
# object whose name ends so", which is ambiguous in a package with a folder a game (every game
# has its .pieces, .board, .search), so such references are made absolute before Sphinx reads
# them; a dotted name that is no sibling module (:meth:`.record`) is left to Sphinx.
_RELATIVE_REF = re.compile(r":(mod|func|class|meth|attr|data|obj|exc):`(~?)\.(?!\.)([A-Za-z_]\w*)((?:\.\w+)*)`")


def _package_of(what, name, obj):
    module = name if what == "module" else getattr(obj, "__module__", None) or name.rpartition(".")[0]
    loaded = sys.modules.get(module)
    return module if loaded is not None and hasattr(loaded, "__path__") else module.rpartition(".")[0]


def _absolute_references(app, what, name, obj, options, lines):
    package = _package_of(what, name, obj)

    def absolute(match):
        role, tilde, first, rest = match.groups()
        try:
            found = importlib.util.find_spec(f"{package}.{first}") is not None
        except (ImportError, ValueError):
            found = False
        return f":{role}:`{tilde}{package}.{first}{rest}`" if found else match.group(0)

    lines[:] = [_RELATIVE_REF.sub(absolute, line) for line in lines]


def setup(app):
    app.connect("autodoc-process-docstring", _absolute_references)
    app.connect("builder-inited", _no_search)
    app.connect("build-finished", _drop_unused_static)
