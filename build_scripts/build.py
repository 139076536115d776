#!/usr/bin/env python3
"""Build the static Boardwright site (stdlib only, Python 3.11+).

    python3 build_scripts/build.py [--out dist/site] [--force]

Steps
  1. build the pure-Python wheel of this repo into dist/wheels/ (reused when
     the sources did not change since the last build; --force rebuilds);
  2. fetch the pinned Pyodide core with ``npm pack`` into .cache/ (reused);
  3. copy only the runtime files into <out>/pyodide/, strip source-map
     comments, download the micropip + packaging wheels named by the lock file
     with pip into .cache/wheels/, ship them and rewrite the lock file so it
     lists only those packages with the sha256 of the shipped files;
  4. copy web/* and the wheel into <out>, write <out>/build.json, draw the
     app icons (icons/icon-192.png, icons/icon-512.png, from favicon.svg's shapes);
  5. stamp the service worker: <out>/sw.js gets the site version (a hash of
     every shipped file) and the precache list {path: sha256} of every file
     of the site (see stamp_service_worker), so each build is one versioned,
     complete offline cache;
  6. check that no html/js/css/json outside <out>/pyodide/ refers to another
     origin or to an absolute path (the site must work under any sub-path);
  7. check the Content-Security-Policy rules (find_csp_problems): every page
     has the strict CONTENT_SECURITY_POLICY as its first <meta>, and the site's
     own files have no inline scripts, event-handler attributes, style
     attributes, javascript: URLs, eval/new Function or string timers.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import hashlib
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_VERSION = "314.0.7"
PYODIDE_PYTHON = "3.14"  # Python version of this Pyodide release (for pip download)
RUNTIME_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
SHIPPED_PACKAGES = ["micropip", "packaging"]
CACHE = ROOT / ".cache"

# XML namespace identifiers are URIs that are never fetched (e.g. the SVG
# namespace passed to document.createElementNS); they are allowed.
ALLOWED_URLS = {
    "http://www.w3.org/2000/svg",
    "http://www.w3.org/1999/xhtml",
    "http://www.w3.org/1999/xlink",
    "http://www.w3.org/1998/Math/MathML",
    "http://www.w3.org/XML/1998/namespace",
    "http://www.w3.org/2000/xmlns/",
}
# The site's Content-Security-Policy: the <meta http-equiv> of every page (static
# hosts such as GitHub Pages cannot send headers) and the header that
# build_scripts/serve.py sends with every response (a worker script is governed
# by its own response's policy, not by the page's meta tag). Nothing but the
# site's own files: no inline script or style, no eval (WebAssembly compilation
# only, for Pyodide), no other origin. No frame-ancestors: the board is meant to
# be embedded in iframes on other sites (a meta tag ignores it anyway).
CSP_DIRECTIVES = {
    "default-src": "'none'",
    "script-src": "'self' 'wasm-unsafe-eval'",
    "style-src": "'self'",
    "img-src": "'self'",
    "connect-src": "'self'",
    "worker-src": "'self'",
    "manifest-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'none'",
}
CONTENT_SECURITY_POLICY = "; ".join(f"{k} {v}" for k, v in CSP_DIRECTIVES.items())
CHECKED_SUFFIXES = {".html", ".htm", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg"}
_URL_RE = re.compile(r"https?://[^\s\"'`<>)]*", re.I)
_Q = r"""["'`]"""
# absolute ("/x") or protocol-relative ("//host/x") references in places that load things
_ABS_RES = [
    re.compile(r"\b(?:src|href|action|poster|srcset)\s*=\s*" + _Q + r"?\s*/", re.I),  # html attrs
    re.compile(r"\bfrom\s*" + _Q + r"/"),                      # import x from "/..."
    re.compile(r"\bimport\s*\(?\s*" + _Q + r"/"),              # import "/..." / import("/...")
    re.compile(r"\b(?:fetch|importScripts)\s*\(\s*" + _Q + r"/"),
    re.compile(r"\bnew\s+(?:Worker|SharedWorker|URL|Request|EventSource|WebSocket)\s*\(\s*" + _Q + r"/"),
    re.compile(r"\b(?:navigator\.serviceWorker\.register|open)\s*\(\s*" + _Q + r"/"),
    re.compile(r"url\(\s*" + _Q + r"?\s*/", re.I),               # css url(/...)
    re.compile(r"@import\s+" + _Q + r"/", re.I),
    re.compile(r"\b(?:src|href|url|wheel|start_url|scope)" + _Q + r"\s*:\s*" + _Q + r"/", re.I),  # JSON/JS object keys
]


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    log("$ " + " ".join(str(c) for c in cmd))
    return subprocess.run(cmd, check=True, **kw)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


# --------------------------------------------------------------------------- wheel
def _wheel_sources() -> list[Path]:
    files = []
    for name in ("pyproject.toml", "README.md", "setup.cfg", "setup.py", "MANIFEST.in", "LICENSE", "LICENSE.txt"):
        p = ROOT / name
        if p.is_file():
            files.append(p)
    for p in sorted((ROOT / "pygame_core").rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo"):
            files.append(p)
    return files


def _fingerprint(files: list[Path]) -> str:
    h = hashlib.sha256()
    for p in files:
        h.update(str(p.relative_to(ROOT)).encode() + b"\0")
        h.update(p.read_bytes() + b"\0")
    return h.hexdigest()


def build_wheel(force: bool) -> Path:
    wheels_dir = ROOT / "dist" / "wheels"
    stamp = CACHE / "wheel-fingerprint.json"
    fp = _fingerprint(_wheel_sources())
    existing = sorted(wheels_dir.glob("pygame_core-*.whl"))
    if not force and len(existing) == 1 and stamp.is_file():
        try:
            saved = json.loads(stamp.read_text())
        except ValueError:
            saved = {}
        if saved.get("fingerprint") == fp and saved.get("wheel") == existing[0].name:
            log(f"wheel up to date: dist/wheels/{existing[0].name} (sources unchanged)")
            return existing[0]
    for old in wheels_dir.glob("*.whl"):
        log(f"removing stale wheel {old.name}")
        old.unlink()
    # setuptools keeps build/lib between builds: deleted modules would leak into the wheel
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    for egg in ROOT.glob("*.egg-info"):
        shutil.rmtree(egg, ignore_errors=True)
    wheels_dir.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "-q", "-w", str(wheels_dir)], cwd=ROOT)
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    built = sorted(wheels_dir.glob("pygame_core-*.whl"))
    if len(built) != 1 or not built[0].name.endswith("-py3-none-any.whl"):
        sys.exit(f"[build] ERROR: expected one pygame_core-*-py3-none-any.whl in dist/wheels, found {[b.name for b in built]}")
    CACHE.mkdir(exist_ok=True)
    stamp.write_text(json.dumps({"fingerprint": fp, "wheel": built[0].name}))
    log(f"built wheel dist/wheels/{built[0].name} ({built[0].stat().st_size} bytes)")
    return built[0]


# --------------------------------------------------------------------------- pyodide
def fetch_pyodide() -> Path:
    """Return the extracted npm package dir (.cache/pyodide-<ver>/package)."""
    CACHE.mkdir(exist_ok=True)
    extracted = CACHE / f"pyodide-{PYODIDE_VERSION}"
    pkg = extracted / "package"
    if all((pkg / f).is_file() for f in RUNTIME_FILES):
        log(f"pyodide {PYODIDE_VERSION}: using cached {pkg.relative_to(ROOT)}")
        return pkg
    tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.is_file():
        if not shutil.which("npm"):
            sys.exit("[build] ERROR: npm is required to fetch the Pyodide runtime (apt-get install -y npm)")
        run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(CACHE), "--silent"],
            cwd=CACHE, stdout=subprocess.DEVNULL)
        if not tgz.is_file():
            sys.exit(f"[build] ERROR: npm pack did not produce {tgz}")
    else:
        log(f"pyodide {PYODIDE_VERSION}: using cached tarball {tgz.relative_to(ROOT)}")
    tmp = CACHE / f"pyodide-{PYODIDE_VERSION}.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(tgz) as tf:
        tf.extractall(tmp, filter="data")
    missing = [f for f in RUNTIME_FILES if not (tmp / "package" / f).is_file()]
    if missing:
        sys.exit(f"[build] ERROR: npm package pyodide@{PYODIDE_VERSION} lacks {missing}")
    shutil.rmtree(extracted, ignore_errors=True)
    tmp.rename(extracted)
    log(f"pyodide {PYODIDE_VERSION}: extracted to {pkg.relative_to(ROOT)}")
    return pkg


_SOURCEMAP_RE = re.compile(rb"\n?//# sourceMappingURL=[^\n]*\n?\s*$")


def download_wheel(name: str, version: str, file_name: str) -> Path:
    wdir = CACHE / "wheels"
    target = wdir / file_name
    if target.is_file():
        log(f"{file_name}: cached")
        return target
    wdir.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-q",
         "--python-version", PYODIDE_PYTHON, f"{name}=={version}", "-d", str(wdir)])
    if not target.is_file():
        got = sorted(p.name for p in wdir.glob("*.whl"))
        sys.exit(f"[build] ERROR: pip download did not produce {file_name} (have {got})")
    return target


def install_pyodide(pkg: Path, out: Path) -> dict:
    dest = out / "pyodide"
    dest.mkdir(parents=True, exist_ok=True)
    for f in RUNTIME_FILES:
        if f == "pyodide-lock.json":
            continue
        src = pkg / f
        if f.endswith((".mjs", ".js")):
            data = src.read_bytes()
            stripped = _SOURCEMAP_RE.sub(b"\n", data)
            if stripped != data:
                log(f"{f}: stripped sourceMappingURL comment")
            (dest / f).write_bytes(stripped)
        else:
            shutil.copyfile(src, dest / f)
    lock = json.loads((pkg / "pyodide-lock.json").read_text())
    packages = {}
    for name in SHIPPED_PACKAGES:
        entry = lock["packages"].get(name)
        if entry is None:
            sys.exit(f"[build] ERROR: {name} is not in pyodide-lock.json")
        whl = download_wheel(entry.get("name", name), entry["version"], entry["file_name"])
        shutil.copyfile(whl, dest / entry["file_name"])
        entry = dict(entry)
        entry["sha256"] = sha256_file(whl)
        packages[name] = entry
    for name, entry in packages.items():
        missing = [d for d in entry.get("depends", []) if d not in packages]
        if missing:
            sys.exit(f"[build] ERROR: shipped package {name} depends on unshipped {missing}")
    dropped = len(lock["packages"]) - len(packages)
    lock["packages"] = packages
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=False) + "\n")
    log(f"pyodide/: runtime files + {', '.join(e['file_name'] for e in packages.values())}; "
        f"lock trimmed to {sorted(packages)} ({dropped} entries dropped)")
    return lock


# --------------------------------------------------------------------------- icons
ICON_SIZES = (192, 512)
# favicon.svg's shapes (viewBox -1..1): a blue hexagon with a red one inside
_ICON_SHAPES = [
    ((0x25, 0x63, 0xC9), 0.95),
    ((0xCF, 0x3A, 0x32), 0.50),
]


def _hexagon(radius: float, size: int) -> list[tuple[float, float]]:
    """Pointy-top hexagon of `radius` (viewBox units) in pixel coordinates."""
    half = size / 2
    pts = [(0, -1), (0.8632, -0.4947), (0.8632, 0.4947), (0, 1), (-0.8632, 0.4947), (-0.8632, -0.4947)]
    return [(half + x * radius * half, half + y * radius * half) for x, y in pts]


def _coverage(poly: list[tuple[float, float]], size: int, sub: int = 4) -> list[list[float]]:
    """Anti-aliased coverage (0..1) of a convex polygon: `sub` scanlines per
    pixel row, exact horizontal coverage of each span."""
    rows = [[0.0] * size for _ in range(size)]
    edges = list(zip(poly, poly[1:] + poly[:1]))
    for y in range(size):
        row = rows[y]
        for k in range(sub):
            yc = y + (k + 0.5) / sub
            xs = [x0 + (yc - y0) * (x1 - x0) / (y1 - y0)
                  for (x0, y0), (x1, y1) in edges if y0 != y1 and min(y0, y1) <= yc < max(y0, y1)]
            if len(xs) < 2:
                continue
            left, right = max(min(xs), 0.0), min(max(xs), float(size))
            if right <= left:
                continue
            w = 1.0 / sub
            first, last = int(left), min(int(right), size - 1)
            if first == last:
                row[first] += (right - left) * w
                continue
            row[first] += (first + 1 - left) * w
            for x in range(first + 1, last):
                row[x] += w
            row[last] += (right - last) * w
    return rows


def png_bytes(width: int, height: int, rgba_rows: list[bytes]) -> bytes:
    """A minimal RGBA PNG (8 bits per channel, no filtering)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")
    raw = b"".join(b"\0" + row for row in rgba_rows)
    ihdr = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 6, 0, 0, 0])
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def icon_png(size: int) -> bytes:
    """The favicon drawn at size x size pixels (transparent background)."""
    pixels = [[(0.0, 0.0, 0.0, 0.0)] * size for _ in range(size)]  # premultiplied r, g, b, a
    for (r, g, b), radius in _ICON_SHAPES:
        cov = _coverage(_hexagon(radius, size), size)
        for y in range(size):
            prow, crow = pixels[y], cov[y]
            for x in range(size):
                a = min(crow[x], 1.0)
                if a > 0.0:
                    pr, pg, pb, pa = prow[x]
                    prow[x] = (r * a + pr * (1 - a), g * a + pg * (1 - a), b * a + pb * (1 - a), a + pa * (1 - a))
    rows = []
    for prow in pixels:
        out = bytearray()
        for pr, pg, pb, pa in prow:
            if pa <= 0.0:
                out += b"\0\0\0\0"
            else:
                out += bytes((round(min(pr / pa, 255)), round(min(pg / pa, 255)), round(min(pb / pa, 255)),
                              round(pa * 255)))
        rows.append(bytes(out))
    return png_bytes(size, size, rows)


def write_icons(site: Path) -> list[str]:
    """Write icons/icon-<n>.png (deterministic bytes); return their site paths."""
    (site / "icons").mkdir(exist_ok=True)
    written = []
    for n in ICON_SIZES:
        rel = f"icons/icon-{n}.png"
        (site / rel).write_bytes(icon_png(n))
        written.append(rel)
    return written


# --------------------------------------------------------------------------- service worker
SW_FILE = "sw.js"
# the one line of sw.js that the build rewrites
SW_STAMP_RE = re.compile(r"^const BUILD = .*; // @build-stamp\b.*$", re.M)
SW_STAMP_TEMPLATE = "const BUILD = null; // @build-stamp (replaced by build_scripts/build.py)"
CACHE_PREFIX = "boardwright-"
# never precached: source maps, editor/OS leftovers (dot files are not copied at all)
PRECACHE_EXCLUDED_SUFFIXES = {".map", ".orig", ".rej", ".swp"}


def precache_files(site: Path) -> dict[str, str]:
    """{relative posix path: sha256} of every file the service worker precaches:
    every file of the site except sw.js itself, source maps and dot files."""
    files = {}
    for p in sorted(site.rglob("*")):
        rel = p.relative_to(site).as_posix()
        if (not p.is_file() or rel == SW_FILE or p.suffix.lower() in PRECACHE_EXCLUDED_SUFFIXES
                or any(part.startswith(".") for part in rel.split("/")) or p.name.endswith("~")):
            continue
        files[rel] = sha256_file(p)
    return files


def site_version(sw_text: str, files: dict[str, str]) -> str:
    """16 hex digits over the service worker's code and every precached file."""
    h = hashlib.sha256()
    h.update(SW_STAMP_RE.sub(SW_STAMP_TEMPLATE, sw_text).encode() + b"\0")
    for rel in sorted(files):
        h.update(f"{rel}\0{files[rel]}\n".encode())
    return h.hexdigest()[:16]


def stamp_service_worker(site: Path) -> str:
    """Rewrite the BUILD line of <site>/sw.js with {version, files} and return
    the version. Idempotent, and works on an already stamped sw.js (a copy of a
    site with a changed file gets a new version, as a new build would)."""
    sw = site / SW_FILE
    text = sw.read_text(encoding="utf-8")
    if len(SW_STAMP_RE.findall(text)) != 1:
        raise ValueError(f"{sw}: expected exactly one line 'const BUILD = ...; // @build-stamp'")
    files = precache_files(site)
    version = site_version(text, files)
    stamp = {"version": version, "files": files}
    line = f"const BUILD = {json.dumps(stamp, separators=(',', ':'))}; // @build-stamp (written by build_scripts/build.py)"
    sw.write_text(SW_STAMP_RE.sub(lambda _m: line, text), encoding="utf-8")
    return version


def read_service_worker_stamp(site: Path) -> dict | None:
    """The {version, files} stamped into <site>/sw.js (None if unstamped)."""
    m = SW_STAMP_RE.search((site / SW_FILE).read_text(encoding="utf-8"))
    if not m:
        return None
    value = m.group(0)[len("const BUILD = "):m.group(0).index("; // @build-stamp")]
    return json.loads(value)


# --------------------------------------------------------------------------- checks
def find_bad_references(site: Path) -> list[str]:
    """Return 'file:line: text' for external-origin or absolute-path references
    in html/js/css/json files under `site` (the pyodide/ runtime is excluded)."""
    problems = []
    for p in sorted(site.rglob("*")):
        rel = p.relative_to(site)
        if not p.is_file() or rel.parts[0] == "pyodide" or p.suffix.lower() not in CHECKED_SUFFIXES:
            continue
        text = p.read_text(encoding="utf-8", errors="replace")
        for lineno, line in enumerate(text.splitlines(), 1):
            for m in _URL_RE.finditer(line):
                if m.group(0).rstrip("/") not in {u.rstrip("/") for u in ALLOWED_URLS}:
                    problems.append(f"{rel.as_posix()}:{lineno}: other origin {m.group(0)!r}")
            for rx in _ABS_RES:
                m = rx.search(line)
                if m:
                    problems.append(f"{rel.as_posix()}:{lineno}: absolute URL path near {line.strip()[:120]!r}")
                    break
    return problems


# --------------------------------------------------------------------------- content security policy
def parse_csp(policy: str) -> tuple[dict[str, list[str]], list[str]]:
    """({directive: [source tokens]}, [duplicate directive names]) of a policy
    string; names are lower-cased, a repeated directive is ignored (as browsers do)."""
    directives: dict[str, list[str]] = {}
    duplicates = []
    for part in policy.split(";"):
        tokens = part.split()
        if not tokens:
            continue
        name = tokens[0].lower()
        if name in directives:
            duplicates.append(name)
        else:
            directives[name] = tokens[1:]
    return directives, duplicates


# fetch directives and where a browser looks, in order, when one is absent
_CSP_FALLBACK = {
    "script-src": ["script-src", "default-src"],
    "script-src-elem": ["script-src-elem", "script-src", "default-src"],
    "script-src-attr": ["script-src-attr", "script-src", "default-src"],
    "style-src": ["style-src", "default-src"],
    "style-src-elem": ["style-src-elem", "style-src", "default-src"],
    "style-src-attr": ["style-src-attr", "style-src", "default-src"],
    "worker-src": ["worker-src", "child-src", "script-src", "default-src"],
    "child-src": ["child-src", "default-src"],
    "frame-src": ["frame-src", "child-src", "default-src"],
}
_CSP_SCRIPT_LIKE = ("script-src", "script-src-elem", "script-src-attr", "worker-src", "child-src", "frame-src")
_CSP_STYLE_LIKE = ("style-src", "style-src-elem", "style-src-attr")
_CSP_OTHER_FETCH = ("default-src", "img-src", "connect-src", "font-src", "media-src", "manifest-src")
# ignored by browsers in a <meta> policy (and frame-ancestors would stop other sites embedding the board)
CSP_NOT_IN_META = ("frame-ancestors", "report-uri", "report-to", "sandbox")


def _effective(directives: dict[str, list[str]], name: str) -> tuple[str, list[str] | None]:
    """(the directive that governs `name`, its sources), or (name, None) when none does."""
    for candidate in _CSP_FALLBACK.get(name, [name, "default-src"]):
        if candidate in directives:
            return candidate, directives[candidate]
    return name, None


def csp_weaknesses(policy: str) -> list[str]:
    """What makes `policy` weaker than the site needs (empty list: strict): every
    fetch directive limited to the site's own origin ('self'/'none'; data: and
    blob: only for images, media and fonts), no 'unsafe-inline'/'unsafe-eval'/
    hashes/nonces for scripts or styles ('wasm-unsafe-eval', which Pyodide needs
    to compile its WebAssembly, is the one exception), object-src 'none', and
    base-uri and form-action restricted."""
    directives, duplicates = parse_csp(policy)
    out = [f"directive {d} appears twice (the second one is ignored)" for d in duplicates]
    if "default-src" not in directives:
        out.append("no default-src")
    seen = set()
    for name in _CSP_SCRIPT_LIKE + _CSP_STYLE_LIKE + _CSP_OTHER_FETCH:
        source, tokens = _effective(directives, name)
        if tokens is None:
            continue  # no restriction at all: reported as "no default-src"
        allowed = {"'self'", "'none'"}
        if name in _CSP_SCRIPT_LIKE:
            allowed.add("'wasm-unsafe-eval'")  # WebAssembly compilation only (Pyodide); no JS eval
        if name in ("img-src", "media-src", "font-src"):
            allowed |= {"data:", "blob:"}
        bad = [t for t in tokens if t.lower() not in allowed]
        if bad and (source, tuple(bad)) not in seen:
            seen.add((source, tuple(bad)))
            via = "" if source == name else f" (via {source})"
            out.append(f"{name}{via} allows {' '.join(bad)}")
        if "'none'" in [t.lower() for t in tokens] and len(tokens) > 1 and (source, "none") not in seen:
            seen.add((source, "none"))
            out.append(f"{source}: 'none' mixed with other sources")
    source, tokens = _effective(directives, "object-src")
    if tokens is None or [t.lower() for t in tokens] != ["'none'"]:
        out.append("object-src is not 'none'")
    for name in ("base-uri", "form-action"):  # no fallback to default-src
        tokens = directives.get(name)
        if tokens is None:
            out.append(f"no {name}")
        elif any(t.lower() not in ("'self'", "'none'") for t in tokens):
            out.append(f"{name} allows {' '.join(tokens)}")
    return out


class _PageScanner(html.parser.HTMLParser):
    """Collects CSP-relevant facts of one html (or svg) file."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems: list[tuple[int, str]] = []
        self.csp_metas: list[tuple[int, str, bool]] = []  # (line, policy, came before any resource)
        self.resource_seen = False
        self.in_script = False

    def _note(self, text: str) -> None:
        self.problems.append((self.getpos()[0], text))

    def handle_starttag(self, tag, attrs):
        tag = tag.lower()
        names = {k.lower(): (v or "") for k, v in attrs}
        for name, value in names.items():
            if name.startswith("on"):
                self._note(f"inline event handler {name}= on <{tag}>")
            elif name == "style":
                self._note(f"style attribute on <{tag}> (blocked by style-src 'self': use a class)")
            if re.match(r"\s*javascript\s*:", re.sub(r"[\x00-\x20]", "", value), re.I):
                self._note(f"javascript: URL in {name}= on <{tag}>")
        if tag == "meta" and names.get("http-equiv", "").lower() == "content-security-policy":
            self.csp_metas.append((self.getpos()[0], names.get("content", ""), not self.resource_seen))
        if tag == "script":
            if not names.get("src"):
                self._note("inline <script> (scripts must be files: <script src=...>)")
            self.in_script = True
        if tag == "style":
            self._note("<style> element (blocked by style-src 'self': use a .css file)")
        if tag in ("script", "link", "style", "img", "iframe", "object", "embed", "base", "form"):
            self.resource_seen = True

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag.lower() == "script":
            self.in_script = False

    def handle_endtag(self, tag):
        if tag.lower() == "script":
            self.in_script = False

    def handle_data(self, data):
        if self.in_script and data.strip():
            self._note("inline <script> body")


_JS_RULES = [
    (re.compile(r"(?<![\w$])eval\s*\("), "eval(...)"),
    (re.compile(r"\bnew\s+Function\s*\(|(?<![\w$.])Function\s*\(\s*[\"'`]"), "new Function(...)"),
    (re.compile(r"\bset(?:Timeout|Interval)\s*\(\s*[\"'`]"), "setTimeout/setInterval with a string"),
    (re.compile(r"javascript\s*:", re.I), "javascript: URL"),
    (re.compile(r"\.setAttribute\s*\(\s*[\"'`]style[\"'`]", re.I), "setAttribute('style', ...) (blocked by style-src 'self')"),
    (re.compile(r"\.setAttribute\s*\(\s*[\"'`]on\w+[\"'`]", re.I), "setAttribute('on...', ...) (inline event handler)"),
]


def find_csp_problems(site: Path, policy: str = None) -> list[str]:
    """Return 'file[:line]: text' for everything in the site's own files (not
    pyodide/) that breaks or weakens the Content-Security-Policy: an html page
    without the policy as a <meta http-equiv> before any script or stylesheet,
    or with another or a weak one; inline <script>, event-handler attributes
    (onclick=...), style attributes and <style>, javascript: URLs (html and svg);
    eval, new Function, string timers, javascript: URLs and
    setAttribute('style'|'on...') in js."""
    policy = CONTENT_SECURITY_POLICY if policy is None else policy
    wanted, _ = parse_csp(policy)
    problems = [f"CONTENT_SECURITY_POLICY: {w}" for w in csp_weaknesses(policy)]
    for p in sorted(site.rglob("*")):
        rel = p.relative_to(site)
        suffix = p.suffix.lower()
        if not p.is_file() or rel.parts[0] == "pyodide":
            continue
        name = rel.as_posix()
        if suffix in (".html", ".htm", ".svg"):
            scanner = _PageScanner()
            scanner.feed(p.read_text(encoding="utf-8", errors="replace"))
            scanner.close()
            problems += [f"{name}:{line}: {text}" for line, text in scanner.problems]
            if suffix == ".svg":
                continue
            if not scanner.csp_metas:
                problems.append(f"{name}: no <meta http-equiv=\"Content-Security-Policy\"> "
                                "(static hosts cannot send the header)")
                continue
            if len(scanner.csp_metas) > 1:
                problems.append(f"{name}: {len(scanner.csp_metas)} Content-Security-Policy <meta> tags (one only)")
            line, content, early = scanner.csp_metas[0]
            if not early:
                problems.append(f"{name}:{line}: the Content-Security-Policy <meta> must come before "
                                "any script, stylesheet or other resource (it only governs what follows it)")
            got, _ = parse_csp(content)
            for w in csp_weaknesses(content):
                problems.append(f"{name}:{line}: weak Content-Security-Policy: {w}")
            for d in CSP_NOT_IN_META:
                if d in got:
                    problems.append(f"{name}:{line}: {d} is ignored in a <meta> policy")
            if got != wanted:
                problems.append(f"{name}:{line}: the Content-Security-Policy <meta> is not build.CONTENT_SECURITY_POLICY "
                                f"(the header serve.py sends): {content!r}")
        elif suffix in (".js", ".mjs"):
            for lineno, text in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
                for rx, what in _JS_RULES:
                    if rx.search(text):
                        problems.append(f"{name}:{lineno}: {what} near {text.strip()[:100]!r}")
    return problems


# --------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="dist/site", help="output folder (default dist/site, relative to repo root)")
    ap.add_argument("--force", action="store_true", help="rebuild the wheel even if sources are unchanged")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    out = Path(args.out)
    if not out.is_absolute():
        out = ROOT / out
    if out.resolve() in (ROOT, ROOT / "web", ROOT / "dist") or ROOT.resolve().is_relative_to(out.resolve()):
        sys.exit(f"[build] ERROR: refusing to use {out} as output folder")

    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    wheel = build_wheel(args.force)
    pkg = fetch_pyodide()

    # assemble into a fresh folder, then swap it in (a server reading `out` never sees half a site)
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    web = ROOT / "web"
    if web.is_dir():
        shutil.copytree(web, tmp, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(".*", "__pycache__", "*~", "node_modules"))
        log(f"copied web/ ({sum(1 for p in web.rglob('*') if p.is_file())} files)")
    else:
        log("WARNING: no web/ folder")
    if (tmp / "pyodide").exists() or (tmp / "wheels").exists():
        sys.exit("[build] ERROR: web/ must not contain pyodide/ or wheels/ (reserved for the build)")
    lock = install_pyodide(pkg, tmp)
    (tmp / "wheels").mkdir()
    shutil.copyfile(wheel, tmp / "wheels" / wheel.name)
    info = {
        "wheel": f"wheels/{wheel.name}",
        "wheel_sha256": sha256_file(wheel),
        "pyodide": PYODIDE_VERSION,
        "python": lock.get("info", {}).get("python"),
        "version": version,
        "built": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
    }
    (tmp / "build.json").write_text(json.dumps(info, indent=2) + "\n")
    icons = write_icons(tmp)
    log(f"drew {', '.join(icons)}")
    if (tmp / SW_FILE).is_file():
        sw_version = stamp_service_worker(tmp)
        log(f"{SW_FILE}: version {sw_version}, precaching {len(precache_files(tmp))} files")
    else:
        log(f"WARNING: web/{SW_FILE} missing: the site will not work offline")

    problems = find_bad_references(tmp)
    if problems:
        print("[build] ERROR: the site must only use relative URLs of its own origin "
              "(no http(s):// origins, no absolute /paths):", file=sys.stderr)
        for pr in problems:
            print("   " + pr, file=sys.stderr)
        shutil.rmtree(tmp, ignore_errors=True)
        return 1

    problems = find_csp_problems(tmp)
    if problems:
        print("[build] ERROR: the site must keep its strict Content-Security-Policy "
              "(build.CONTENT_SECURITY_POLICY as the first <meta> of every page; no inline script, "
              "event handler or style attribute, no javascript: URL, no eval/new Function):", file=sys.stderr)
        for pr in problems:
            print("   " + pr, file=sys.stderr)
        shutil.rmtree(tmp, ignore_errors=True)
        return 1
    log(f"content security policy: {CONTENT_SECURITY_POLICY}")

    if out.exists():
        old = out.with_name(out.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        out.rename(old)
        tmp.rename(out)
        shutil.rmtree(old, ignore_errors=True)
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp.rename(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"wrote build.json: wheel={info['wheel']} version={version} pyodide={PYODIDE_VERSION}")
    log(f"site ready in {out} ({size / 1e6:.1f} MB) in {time.monotonic() - t0:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
