#!/usr/bin/env python3
"""Build the static Boardwright site (stdlib only, Python 3.11+).

    python3 build_scripts/build.py [--out dist/site] [--force]

Steps
  1. build the pure-Python wheel of this repo into dist/wheels/ with
     SOURCE_DATE_EPOCH set (reused while the sources are unchanged; --force rebuilds);
  2. fetch the pinned Pyodide core with ``npm pack`` into .cache/ (reused; its sha512 checked
     against PYODIDE_INTEGRITY);
  3. copy the runtime files into <out>/pyodide/ (source-map comments stripped), ship
     the micropip wheel (pip download into .cache/wheels/; the bot workbench loads it to
     install a wheel a person drops) and trim the lock file to it; compile the modules a
     start imports to bytecode, in the shipped Pyodide under Node.js (site_pyc.py), into
     the site's standard library zip and engine wheel;
  4. copy web/* into <out>, the vendored scripts into <out>/vendor/ (site_vendor.py: pinned
     npm tarballs, sha512 checked, licence files shipped), build docs/ into <out>/docs/ (site_docs.py: Sphinx, pinned in
     docs/requirements.txt, strict), the engine wheel to wheels/<sha256[:16]>/<file name>,
     write build.json, draw the app icons (icons/icon-192.png, icons/icon-512.png), write
     the page's preload links (site_preload.py: its module graph and boot.json);
  5. stamp sw.js with the site version, the precache list {path: sha256} of
     every file and the security headers serve.py sends (SECURITY_HEADERS), which
     the service worker puts on every response it makes (stamp_service_worker):
     one versioned, complete offline cache, under the same policy as the server;
  6. write deterministic <file>.gz siblings of the big compressible files for servers
     that send them with Content-Encoding: gzip (not precached);
  7. site_checks.py: no other origin or absolute path outside pyodide/, the strict
     Content-Security-Policy (first <meta> of every page, no inline code, no eval), and
     sw.js stamped with the security headers.

The same sources give a byte-identical site (the same service-worker version), also
with --force or on a fresh clone.
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path

if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
# the checks live in site_checks.py; their names stay importable from build
from site_checks import (  # noqa: E402,F401 (re-exported)
    ALLOWED_URLS,
    BOT_FRAME_HASH,
    CHECKED_SUFFIXES,
    CONTENT_SECURITY_POLICY,
    CSP_DIRECTIVES,
    CSP_NOT_IN_META,
    GZIP_SUFFIX,
    SECURITY_HEADERS,
    SW_FILE,
    SW_STAMP_RE,
    _PageScanner,
    csp_weaknesses,
    find_bad_references,
    find_csp_problems,
    find_service_worker_problems,
    is_gzip_sibling,
    parse_csp,
    read_service_worker_stamp,
)
from prerender import boot_data, first_request, write_boot_data  # noqa: E402
from site_docs import build_docs, require_tools  # noqa: E402
from site_icons import ICON_SIZES, icon_png, png_bytes, write_icons  # noqa: E402,F401 (re-exported)
from site_preload import add_preloads  # noqa: E402
from site_pyc import precompile  # noqa: E402
from site_vendor import npm_tarball, vendor  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_VERSION = "314.0.7"
# the npm registry's sha512 of that tarball (npm view pyodide@VERSION dist.integrity): checked
# whenever the tarball is unpacked (site_vendor.npm_tarball)
PYODIDE_INTEGRITY = "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
PYODIDE_PYTHON = "3.14"  # Python version of this Pyodide release (for pip download)
RUNTIME_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
# micropip 0.11.1 vendors what it needs (its lock entry has depends: [])
SHIPPED_PACKAGES = ["micropip"]
CACHE = ROOT / ".cache"
# the wheel's zip timestamps when SOURCE_DATE_EPOCH is not set (1980-01-01, the zip epoch)
DEFAULT_SOURCE_DATE_EPOCH = "315532800"


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


def _source_date_epoch() -> str:
    return os.environ.get("SOURCE_DATE_EPOCH") or DEFAULT_SOURCE_DATE_EPOCH


def _fingerprint(files: list[Path]) -> str:
    h = hashlib.sha256(f"reproducible wheel, SOURCE_DATE_EPOCH={_source_date_epoch()}\0".encode())
    for p in files:
        h.update(str(p.relative_to(ROOT)).encode() + b"\0")
        h.update(p.read_bytes() + b"\0")
    return h.hexdigest()


def build_wheel(force: bool) -> Path:
    wheels_dir = ROOT / "dist" / "wheels"
    stamp = CACHE / "wheel-fingerprint.json"
    fp = _fingerprint(_wheel_sources())
    existing = sorted(wheels_dir.glob("boardwright-*.whl"))
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
    # fixed zip timestamps: the same sources give the same wheel bytes (and so the same site)
    env = dict(os.environ, SOURCE_DATE_EPOCH=_source_date_epoch())
    run([sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "-q", "-w", str(wheels_dir)], cwd=ROOT, env=env)
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    built = sorted(wheels_dir.glob("boardwright-*.whl"))
    if len(built) != 1 or not built[0].name.endswith("-py3-none-any.whl"):
        sys.exit(f"[build] ERROR: expected one boardwright-*-py3-none-any.whl in dist/wheels, found {[b.name for b in built]}")
    normalize_wheel(built[0])
    CACHE.mkdir(exist_ok=True)
    stamp.write_text(json.dumps({"fingerprint": fp, "wheel": built[0].name}))
    log(f"built wheel dist/wheels/{built[0].name} ({built[0].stat().st_size} bytes)")
    return built[0]


def normalize_wheel(path: Path) -> None:
    """Rewrite the wheel with the same entries, order, bytes and times, but file modes
    0644/0755 whatever the checkout's umask (setuptools keeps package data's modes)."""
    with zipfile.ZipFile(path) as src:
        entries = [(info, src.read(info)) for info in src.infolist()]
    tmp = path.with_name(path.name + ".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as dst:
        for info, data in entries:
            new = zipfile.ZipInfo(info.filename, info.date_time)
            new.create_system = 3  # unix
            new.external_attr = (0o100755 if (info.external_attr >> 16) & 0o111 else 0o100644) << 16
            dst.writestr(new, data, zipfile.ZIP_DEFLATED)
    tmp.replace(path)


# --------------------------------------------------------------------------- pyodide
def fetch_pyodide() -> Path:
    """Return the extracted npm package dir (.cache/pyodide-<ver>/package)."""
    CACHE.mkdir(exist_ok=True)
    extracted = CACHE / f"pyodide-{PYODIDE_VERSION}"
    pkg = extracted / "package"
    if all((pkg / f).is_file() for f in RUNTIME_FILES):
        log(f"pyodide {PYODIDE_VERSION}: using cached {pkg.relative_to(ROOT)}")
        return pkg
    try:
        tgz = npm_tarball("pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY, CACHE, log)
    except RuntimeError as exc:
        sys.exit(f"[build] ERROR: {exc}")
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


# --------------------------------------------------------------------------- wheel path, gzip
def wheel_site_path(file_name: str, sha256: str) -> str:
    """wheels/<16 hex digits of its sha256>/<file name>: a changed wheel is a new URL (no
    cache-buster, so the worker's download and the precache share one URL and HTTP-cache
    entry); the last segment stays a valid wheel file name for micropip."""
    return f"wheels/{sha256[:16]}/{file_name}"


# a <file>.gz is written for these suffixes from GZIP_MIN_BYTES on when gzip saves at least
# GZIP_MIN_SAVING: text and wasm save 55-80 %, python_stdlib.zip and wheels under 4 % (none)
GZIP_SUFFIXES = {".wasm", ".js", ".mjs", ".css", ".html", ".htm", ".json", ".svg", ".webmanifest",
                 ".txt", ".zip", ".whl"}
GZIP_MIN_BYTES = 1024
GZIP_MIN_SAVING = 0.10


def gzip_bytes(data: bytes) -> bytes:
    """Deterministic gzip: level 9, mtime 0, no file name in the header."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def write_gzip_siblings(site: Path) -> list[tuple[str, int, int]]:
    """Write <file>.gz next to every file of `site` that is worth it (see GZIP_SUFFIXES);
    return [(relative path, size, gzip size)] of those written."""
    written = []
    for p in sorted(site.rglob("*")):
        if not p.is_file() or p.suffix.lower() not in GZIP_SUFFIXES or p.name.startswith("."):
            continue
        data = p.read_bytes()
        if len(data) < GZIP_MIN_BYTES:
            continue
        packed = gzip_bytes(data)
        if len(packed) > len(data) * (1 - GZIP_MIN_SAVING):
            continue
        p.with_name(p.name + ".gz").write_bytes(packed)
        written.append((p.relative_to(site).as_posix(), len(data), len(packed)))
    return written


# --------------------------------------------------------------------------- service worker
# SW_FILE and SW_STAMP_RE (the one line of sw.js that the build rewrites) live in site_checks.py
SW_STAMP_TEMPLATE = "const BUILD = null; // @build-stamp (replaced by build_scripts/build.py)"
CACHE_PREFIX = "boardwright-"
# never precached: source maps, editor/OS leftovers (dot files are not copied at all)
PRECACHE_EXCLUDED_SUFFIXES = {".map", ".orig", ".rej", ".swp"}


def precache_files(site: Path) -> dict[str, str]:
    """{relative posix path: sha256} of every file the service worker precaches:
    every file of the site except sw.js itself, source maps, dot files and the
    precompressed <file>.gz siblings (the browser gets those decoded as <file>)."""
    files = {}
    for p in sorted(site.rglob("*")):
        rel = p.relative_to(site).as_posix()
        if (not p.is_file() or rel == SW_FILE or p.suffix.lower() in PRECACHE_EXCLUDED_SUFFIXES
                or any(part.startswith(".") for part in rel.split("/")) or p.name.endswith("~")
                or is_gzip_sibling(p)):
            continue
        files[rel] = sha256_file(p)
    return files


def site_version(sw_text: str, files: dict[str, str], headers: dict[str, str] | None = None) -> str:
    """16 hex digits over the service worker's code, its security headers (default
    SECURITY_HEADERS) and every precached file."""
    headers = SECURITY_HEADERS if headers is None else headers
    h = hashlib.sha256()
    h.update(SW_STAMP_RE.sub(SW_STAMP_TEMPLATE, sw_text).encode() + b"\0")
    h.update(json.dumps(headers, sort_keys=True).encode() + b"\0")
    for rel in sorted(files):
        h.update(f"{rel}\0{files[rel]}\n".encode())
    return h.hexdigest()[:16]


def stamp_service_worker(site: Path, headers: dict[str, str] | None = None) -> str:
    """Rewrite the BUILD line of <site>/sw.js with {version, files, headers} and
    return the version. `headers` (default SECURITY_HEADERS, what serve.py sends)
    go on every response the service worker makes. Idempotent, and works on an
    already stamped sw.js (a copy of a site with a changed file gets a new
    version, as a new build would)."""
    headers = dict(SECURITY_HEADERS if headers is None else headers)
    sw = site / SW_FILE
    text = sw.read_text(encoding="utf-8")
    if len(SW_STAMP_RE.findall(text)) != 1:
        raise ValueError(f"{sw}: expected exactly one line 'const BUILD = ...; // @build-stamp'")
    files = precache_files(site)
    version = site_version(text, files, headers)
    stamp = {"version": version, "files": files, "headers": headers}
    line = f"const BUILD = {json.dumps(stamp, separators=(',', ':'))}; // @build-stamp (written by build_scripts/build.py)"
    sw.write_text(SW_STAMP_RE.sub(lambda _m: line, text), encoding="utf-8")
    return version


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
    require_tools()  # the docs' Sphinx, before anything is built
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
    if (tmp / "pyodide").exists() or (tmp / "wheels").exists() or (tmp / "vendor").exists():
        sys.exit("[build] ERROR: web/ must not contain pyodide/, wheels/ or vendor/ (reserved for the build)")
    try:
        vendor(tmp, CACHE, log)  # third-party scripts: pinned npm tarballs, sha512 checked
    except RuntimeError as exc:
        print(f"[build] ERROR: {exc}", file=sys.stderr)
        shutil.rmtree(tmp, ignore_errors=True)
        return 1
    try:
        build_docs(tmp, log)
    except RuntimeError as exc:
        print(f"[build] ERROR: {exc}", file=sys.stderr)
        shutil.rmtree(tmp, ignore_errors=True)
        return 1
    lock = install_pyodide(pkg, tmp)
    # the modules a start imports, compiled by the shipped Pyodide: the site's wheel is the
    # engine wheel plus that bytecode (dist/wheels keeps the plain one)
    boot_answers = boot_data()  # (the engine in CPython: the first request the page sends)
    wheel = precompile(pkg, tmp / "pyodide" / "python_stdlib.zip", wheel, first_request(boot_answers), CACHE, log)
    wheel_sha256 = sha256_file(wheel)
    wheel_rel = wheel_site_path(wheel.name, wheel_sha256)
    (tmp / wheel_rel).parent.mkdir(parents=True)
    shutil.copyfile(wheel, tmp / wheel_rel)
    info = {
        "wheel": wheel_rel,
        "wheel_sha256": wheel_sha256,
        "stdlib_sha256": sha256_file(tmp / "pyodide" / "python_stdlib.zip"),
        "pyodide": PYODIDE_VERSION,
        "python": lock.get("info", {}).get("python"),
        "version": version,
    }
    (tmp / "build.json").write_text(json.dumps(info, indent=2) + "\n")
    icons = write_icons(tmp)
    log(f"drew {', '.join(icons)}")
    boot = write_boot_data(tmp, wheel_sha256, boot_answers)  # the board before the engine: written by the engine itself
    log(f"{boot.name}: hello and the default game's first board ({boot.stat().st_size} bytes)")
    log(f"index.html: preloads boot.json and {len(add_preloads(tmp))} modules")
    if (tmp / SW_FILE).is_file():
        sw_version = stamp_service_worker(tmp)
        log(f"{SW_FILE}: version {sw_version}, precaching {len(precache_files(tmp))} files")
    else:
        log(f"WARNING: web/{SW_FILE} missing: the site will not work offline")
    for rel, size, gz_size in write_gzip_siblings(tmp):
        log(f"{rel}.gz: {size} -> {gz_size} bytes ({100 * (1 - gz_size / size):.0f} % smaller)")

    checks = [
        (find_bad_references, "the site must only use relative URLs of its own origin "
         "(no http(s):// origins, no absolute /paths):"),
        (find_csp_problems, "the site must keep its strict Content-Security-Policy "
         "(build.CONTENT_SECURITY_POLICY as the first <meta> of every page; no inline script, "
         "event handler or style attribute, no javascript: URL, no eval/new Function):"),
        (find_service_worker_problems, "sw.js must carry the security headers serve.py sends "
         "(site_checks.SECURITY_HEADERS, stamped by stamp_service_worker) and apply them:"),
    ]
    for check, what in checks:
        problems = check(tmp)
        if problems:
            print(f"[build] ERROR: {what}", file=sys.stderr)
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
