"""The documentation part of the site: docs/ built with Sphinx into <site>/docs/.

``build.py`` calls :func:`build_docs`. Sphinx and MyST are pinned in docs/requirements.txt
(``serve.sh`` and ``test.sh`` install them into .venv); when the Python running the build
lacks them, or has other versions (other versions give other bytes), the build stops with one
line saying how to get them. The docs are built in strict mode (a warning is an error) from a
copy of docs/ (autosummary writes the API reference's pages next to the sources, and the
checkout stays clean), and the output keeps only what a reader needs: no build info, no
doctrees, no copied sources.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
REQUIREMENTS = DOCS / "requirements.txt"
SITE_FOLDER = "docs"  # <site>/docs/index.html
INSTALL_HINT = "python3 -m pip install -r docs/requirements.txt (or run bash build_scripts/serve.sh, which does)"


def pinned() -> dict[str, str]:
    """{distribution name: version} of docs/requirements.txt."""
    pins = {}
    for line in REQUIREMENTS.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, want = line.partition("==")
            pins[name.strip()] = want.strip()
    return pins


def missing_tools() -> list[str]:
    """'name==version (found X)' for each pin the running Python does not have."""
    out = []
    for name, want in pinned().items():
        try:
            got = version(name)
        except PackageNotFoundError:
            got = None
        if got != want:
            out.append(f"{name}=={want}" + (f" (found {got})" if got else ""))
    return out


def require_tools() -> None:
    """SystemExit with one line saying how to get them when the pinned docs tools are missing."""
    missing = missing_tools()
    if missing:
        pins = pinned()
        sys.exit(f"[build] ERROR: the docs need Sphinx=={pins['Sphinx']} and myst-parser=={pins['myst-parser']} "
                 f"({len(missing)} of the {len(pins)} pins of docs/requirements.txt are missing or other "
                 f"versions, first {missing[0]}): {INSTALL_HINT}")


def build_docs(site: Path, log=print, source: Path = DOCS) -> Path:
    """Build `source` (docs/) into <site>/docs/ and return that folder; SystemExit with one
    line when the pinned tools are missing, RuntimeError with Sphinx's output when the build
    warns."""
    require_tools()
    dest = site / SITE_FOLDER
    if dest.exists():
        sys.exit(f"[build] ERROR: web/ must not contain {SITE_FOLDER}/ (reserved for the docs)")
    with tempfile.TemporaryDirectory(prefix="boardwright-docs-") as work:
        src = Path(work) / "src"
        shutil.copytree(source, src, ignore=shutil.ignore_patterns(".*", "__pycache__", "_generated", "_build"))
        env = dict(os.environ, BOARDWRIGHT_ROOT=str(ROOT), PYTHONHASHSEED="0",
                   SOURCE_DATE_EPOCH=os.environ.get("SOURCE_DATE_EPOCH", "315532800"))
        cmd = [sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q", "-E",
               "-d", str(Path(work) / "doctrees"), str(src), str(dest)]
        proc = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            shutil.rmtree(dest, ignore_errors=True)
            raise RuntimeError(f"the docs build failed (warnings are errors):\n{proc.stdout}{proc.stderr}")
    for leftover in (".buildinfo", ".doctrees", "_sources"):
        p = dest / leftover
        if p.is_dir():
            shutil.rmtree(p)
        elif p.exists():
            p.unlink()
    pages = sum(1 for _ in dest.rglob("*.html"))
    log(f"{SITE_FOLDER}/: {pages} pages (Sphinx {version('Sphinx')}, strict)")
    return dest


# --------------------------------------------------------------------------- links
_HREF_RE = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']*)["']""", re.I)
_ID_RE = re.compile(r"""\bid\s*=\s*["']([^"']+)["']""", re.I)


def find_broken_links(site: Path, folder: str = SITE_FOLDER) -> list[str]:
    """'page: link' for every relative link or resource of the pages under <site>/<folder>
    whose file is not in the site, or whose #fragment is not an id of the page it points to."""
    ids: dict[Path, set[str]] = {}

    def ids_of(page: Path) -> set[str]:
        if page not in ids:
            ids[page] = set(_ID_RE.findall(page.read_text(encoding="utf-8", errors="replace")))
        return ids[page]

    problems = []
    for page in sorted((site / folder).rglob("*.html")):
        text = page.read_text(encoding="utf-8", errors="replace")
        for link in _HREF_RE.findall(text):
            if re.match(r"[a-z][a-z0-9+.-]*:", link, re.I):  # mailto:, data:, other schemes
                problems.append(f"{page.relative_to(site).as_posix()}: not a relative link: {link}")
                continue
            path, _, fragment = link.partition("#")
            path = path.split("?", 1)[0]
            target = (page.parent / path).resolve() if path else page.resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.is_relative_to(site.resolve()) or not target.is_file():
                problems.append(f"{page.relative_to(site).as_posix()}: missing {link}")
            elif fragment and target.suffix == ".html" and fragment not in ids_of(target):
                problems.append(f"{page.relative_to(site).as_posix()}: no #{fragment} in {path or page.name}")
    return problems
