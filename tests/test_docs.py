"""The documentation site: docs/ built by build_scripts/build.py into the site's docs/ folder
(Sphinx, strict), every internal link resolving, the page's footer reaching it, the API
reference covering the package tree, and a README that stays a first page."""
from __future__ import annotations

import pkgutil
import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build_scripts"))
import site_docs  # noqa: E402

import pygame_core  # noqa: E402


def _page(site: Path, rel: str) -> str:
    return (site / rel).read_text(encoding="utf-8")


def test_the_docs_are_in_the_site(built_site):
    docs = built_site / "docs"
    for page in ("index.html", "about.html", "play.html", "cli.html", "api.html", "bots.html",
                 "rules/index.html", "rules/hex.html", "rules/y.html", "rules/triominos.html",
                 "rules/iwoki.html", "rules/codex.html", "reference.html"):
        assert (docs / page).is_file(), page
    # what a reader needs and nothing of the build's own
    assert not [p for p in docs.rglob("*") if p.name.startswith(".") or p.name == "_sources"]
    assert not list(docs.rglob("*.js")) and not (docs / "search.html").exists()
    assert "Boardwright documentation" in _page(built_site, "docs/index.html")


def test_no_broken_internal_link_in_the_docs(built_site):
    assert site_docs.find_broken_links(built_site) == []
    # the checker really followed links: pages link to each other, to anchors and to the game
    text = _page(built_site, "docs/rules/hex.html")
    assert 'href="../index.html"' in text or 'href="../saving.html"' in text
    assert 'href="../../index.html"' in text  # "Play Boardwright" in the docs' footer


def test_link_checker_catches_missing_files_anchors_and_other_origins(tmp_path):
    docs = tmp_path / "docs"
    (docs / "sub").mkdir(parents=True)
    (tmp_path / "index.html").write_text("<p id='top'>game</p>")
    (docs / "index.html").write_text(
        '<a href="sub/page.html#here">ok</a> <a href="../index.html#top">ok</a> <a href="#self">ok</a>'
        '<p id="self"></p> <link rel="stylesheet" href="_static/x.css?v=1">')
    (docs / "_static").mkdir()
    (docs / "_static" / "x.css").write_text("")
    (docs / "sub" / "page.html").write_text(
        '<h1 id="here">x</h1><a href="gone.html">bad</a> <a href="../index.html#nowhere">bad</a>'
        ' <a href="../../../outside.html">bad</a> <a href="https://example.org/">bad</a>')
    assert site_docs.find_broken_links(tmp_path) == [
        "docs/sub/page.html: missing gone.html",
        "docs/sub/page.html: no #nowhere in ../index.html",
        "docs/sub/page.html: missing ../../../outside.html",
        "docs/sub/page.html: not a relative link: https://example.org/",
    ]


def test_the_built_docs_name_no_document_outside_the_repository(built_site):
    """The rules specs and design notes the project started from are not in the repository:
    neither the pages nor the docstrings of the API reference point to them."""
    offenders = [p.relative_to(built_site).as_posix() for p in sorted((built_site / "docs").rglob("*.html"))
                 if re.search(r"shared/(rules|seeds|design)|design\.md", p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_the_pages_footer_links_to_the_docs(built_site):
    index = _page(built_site, "index.html")
    footer = index[index.index("<footer"):index.index("</footer>")]
    link = re.search(r'<a id="docs-link" href="([^"]+)"[^>]*>Docs</a>', footer)  # (and its catalog key)
    assert link and link.group(1) == "docs/index.html"
    assert (built_site / link.group(1)).is_file()


def test_the_docs_are_precached_and_under_the_policy(built_site):
    import build
    files = build.read_service_worker_stamp(built_site)["files"]
    docs = {p.relative_to(built_site).as_posix() for p in (built_site / "docs").rglob("*")
            if p.is_file() and not build.is_gzip_sibling(p)}
    assert docs and docs <= set(files)
    policy = f'<meta http-equiv="Content-Security-Policy" content="{build.CONTENT_SECURITY_POLICY}">'
    for page in (built_site / "docs").rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert html.count(policy) == 1 and html.index(policy) < html.index("<link"), page


def _modules() -> list[str]:
    names = ["pygame_core"]
    for info in pkgutil.walk_packages(pygame_core.__path__, "pygame_core."):
        if not info.name.split(".")[-1].startswith("_"):
            names.append(info.name)
    return names


def test_the_api_reference_has_every_module_of_the_package_tree(built_site):
    generated = built_site / "docs" / "_generated"
    modules = _modules()
    assert len(modules) > 40
    missing = [m for m in modules if not (generated / f"{m}.html").is_file()]
    assert missing == []
    # each module's classes and functions, their docstrings shown as written
    import html
    from pygame_core import core
    page = (generated / "pygame_core.core.html").read_text(encoding="utf-8")
    assert 'id="pygame_core.core.Game"' in page and 'id="pygame_core.core.Game.apply"' in page
    first_line = core.Game.__doc__.strip().splitlines()[0]
    assert html.escape(first_line, quote=False) in page


def _mini_docs(tmp_path: Path, page: str) -> Path:
    src = tmp_path / "docs"
    src.mkdir(parents=True)
    for name in ("conf.py", "requirements.txt"):
        shutil.copy(ROOT / "docs" / name, src / name)
    for name in ("_templates", "_static"):
        shutil.copytree(ROOT / "docs" / name, src / name)
    (src / "index.md").write_text(page, encoding="utf-8")
    return src


def test_a_warning_fails_the_docs_build(tmp_path):
    ok = _mini_docs(tmp_path / "ok", "# Fine\n\nA [link](#fine).\n")
    site_docs.build_docs(tmp_path / "ok" / "site", log=lambda _m: None, source=ok)
    assert (tmp_path / "ok" / "site" / "docs" / "index.html").is_file()
    bad = _mini_docs(tmp_path / "bad", "# Broken\n\nA [link](nowhere.md).\n")
    with pytest.raises(RuntimeError, match="nowhere"):
        site_docs.build_docs(tmp_path / "bad" / "site", log=lambda _m: None, source=bad)
    assert not (tmp_path / "bad" / "site" / "docs").exists()


def test_missing_docs_tools_stop_the_build_with_one_line(monkeypatch, tmp_path):
    monkeypatch.setattr(site_docs, "version", lambda name: (_ for _ in ()).throw(site_docs.PackageNotFoundError(name)))
    with pytest.raises(SystemExit) as stop:
        site_docs.build_docs(tmp_path, log=lambda _m: None)
    message = str(stop.value)
    assert "\n" not in message and "pip install -r docs/requirements.txt" in message
    assert "Sphinx==" in message


def test_docs_tools_are_pinned_exactly():
    pins = site_docs.pinned()
    assert {"Sphinx", "myst-parser", "docutils", "Jinja2"} <= set(pins)
    assert all(re.fullmatch(r"\d+(\.\d+)*(\.post\d+)?", v) for v in pins.values()), pins
    assert site_docs.missing_tools() == []  # the Python running the tests builds the docs


# --------------------------------------------------------------------------- README
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_is_a_first_page():
    assert len(README.splitlines()) <= 250
    for must in ("bash build_scripts/serve.sh", "bash build_scripts/test.sh", "python3 -m pip install .",
                 "boardwright play", "docs/", "Docs"):
        assert must in README, must


def test_the_readme_and_docs_point_only_inside_the_repository():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "shared/" not in text.replace("a shared", "").replace("shared ", ""), page
        assert "design.md" not in text and "seeds/" not in text, page
        for target in re.findall(r"\]\(([\w./-]+)(?:#[^)]*)?\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            assert (page.parent / target).exists(), f"{page.name}: {target}"


def test_commands_use_the_installed_name():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for line in text.splitlines():
            # `python -m pygame_core` is named once as the way to run it without installing
            if "python -m pygame_core " in line and "without installing" not in line.lower():
                if "pygame_core.watchdog" not in line:
                    pytest.fail(f"{page.name}: {line.strip()}")
        assert "pip install 'boardwright[" not in text, page


def test_relative_references_in_docstrings_mean_the_sibling_module():
    """A docstring's :mod:`.x` is read as a relative import would read it (Sphinx alone would
    take any module ending in ``.x``: ambiguous once every game has its own ``.rules``)."""
    import runpy
    conf = runpy.run_path(str(ROOT / "docs" / "conf.py"))
    from pygame_core.geometry import trigrid
    lines = [":mod:`.hexgrid` and :class:`~.hexgrid.SomeName`", ":meth:`.record` and :mod:`.nowhere`"]
    conf["_absolute_references"](None, "module", "pygame_core.geometry.trigrid", trigrid, {}, lines)
    assert lines == [":mod:`pygame_core.geometry.hexgrid` and :class:`~pygame_core.geometry.hexgrid.SomeName`",
                     ":meth:`.record` and :mod:`.nowhere`"]
    lines = [":mod:`.trigrid`"]  # in a package's own docstring, a name inside that package
    import pygame_core.geometry
    conf["_absolute_references"](None, "module", "pygame_core.geometry", pygame_core.geometry, {}, lines)
    assert lines == [":mod:`pygame_core.geometry.trigrid`"]
