"""Bytecode for Pyodide's Python, compiled at build time: the site's standard library zip and
engine wheel carry the .pyc files of every module a page's start imports, so the browser runs
them instead of compiling them (in wasm) on every first visit.

``build.py`` calls :func:`precompile`. The compiling is done by the shipped Pyodide itself, under
Node.js (``pyodide_pyc.mjs`` and ``pyodide_pyc_job.py``): the magic number, the compiler and the
list of modules a start imports are those of the runtime that will load them. The .pyc files are
unchecked-hash pycs with fixed zip times, so the same sources give the same bytes; the result is
kept in ``.cache/pyc/`` under a hash of everything it depends on. Without Node.js the site ships
the sources alone (it works the same, it starts slower) and the build says so.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPTS = ("pyodide_pyc.mjs", "pyodide_pyc_job.py")
STDLIB = "python_stdlib.zip"
STDLIB_PREFIX = "/lib/python314.zip/"  # where Pyodide puts the zip (sys.path), for tracebacks
WHEELS = "/lib/wheels/"  # where the page's worker puts the engine wheel (web/engine/engine-boot.js)


def _key(*parts: Path | str) -> str:
    h = hashlib.sha256()
    for p in parts:
        data = p.read_bytes() if isinstance(p, Path) else p.encode()
        h.update(hashlib.sha256(data).digest())
    return h.hexdigest()[:16]


def precompile(pkg: Path, stdlib: Path, wheel: Path, first: dict, cache: Path, log) -> Path:
    """Replace `stdlib` (the site's copy of the runtime's zip) with its compiled version and
    return the compiled engine wheel (same file name, in the cache); `wheel` itself when Node.js
    is missing or the compiling fails. first: the page's first request (a `new` game), which
    the start that picks the modules makes too."""
    node = shutil.which("node")
    if node is None:
        log("WARNING: no node: the site ships Python sources only (no precompiled bytecode)")
        return wheel
    request = json.dumps(first, sort_keys=True)
    out = cache / "pyc" / _key(*(HERE / s for s in SCRIPTS), pkg / STDLIB, wheel, request)
    done_stdlib, done_wheel = out / STDLIB, out / wheel.name
    if not (done_stdlib.is_file() and done_wheel.is_file()):
        shutil.rmtree(out, ignore_errors=True)
        tmp = Path(tempfile.mkdtemp(prefix="pyc-", dir=cache))
        mount = WHEELS + wheel.name
        jobs = {"wheel": str(wheel), "mount": mount, "first": request, "jobs": [
            {"kind": "stdlib", "src": str(pkg / STDLIB), "dst": str(tmp / STDLIB), "prefix": STDLIB_PREFIX},
            {"kind": "wheel", "src": str(wheel), "dst": str(tmp / wheel.name), "prefix": mount + "/"},
        ]}
        (tmp / "jobs.json").write_text(json.dumps(jobs))
        proc = subprocess.run([node, str(HERE / SCRIPTS[0]), str(pkg), str(tmp / "jobs.json")],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
            log("WARNING: compiling bytecode in Pyodide failed, the site ships sources only: " + " | ".join(t[:200] for t in tail))
            shutil.rmtree(tmp, ignore_errors=True)
            return wheel
        for line in proc.stdout.strip().splitlines():
            log(f"bytecode: {line}")
        (tmp / "jobs.json").unlink()
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp.rename(out)
    else:
        log(f"bytecode: cached {out.relative_to(cache.parent)}")
    shutil.copyfile(done_stdlib, stdlib)
    return done_wheel
