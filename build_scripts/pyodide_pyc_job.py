"""Runs inside Pyodide's own Python (build_scripts/pyodide_pyc.mjs, under Node.js): bytecode for
the runtime that will run it, so the magic number and the compiler are the shipped ones.

The Node script first starts the engine as a page does; `only` is the files of every module
that start imported.

    stdlib(src, dst, prefix, only)  the standard library's zip with the modules in `only`
                               compiled: ``x.pyc`` instead of ``x.py`` (zipimport loads either)
    wheel(src, dst, prefix, only)   a pure-Python wheel with the modules in `only` compiled,
                               ``x.pyc`` beside ``x.py`` as in the stdlib's zip (the page
                               imports the engine from the wheel itself, with zipimport),
                               listed in its RECORD

Only what a start imports is compiled: all of the standard library's bytecode would add 4.5 MB
to the download for modules the page never imports (they compile on first import, as before).
The engine's wheel keeps its sources beside the bytecode (tracebacks quote its lines).

The .pyc files are unchecked-hash pycs (PEP 552): no timestamp in them and nothing compared at
import, so the same sources always give the same bytes. Entries keep their order and zip times;
a module that does not compile (none today) keeps only its source.
"""
import base64
import hashlib
import importlib.util
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def pyc(source: bytes, filename: str) -> bytes | None:
    try:
        code = compile(source, filename, "exec", dont_inherit=True, optimize=0)
    except (SyntaxError, ValueError):
        return None
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def _entry(name: str, like: zipfile.ZipInfo) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, like.date_time)
    info.create_system = 3
    info.external_attr = 0o100644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def stdlib(src: str, dst: str, prefix: str, only) -> int:
    """prefix: where the zip lies in the runtime (/lib/python314.zip/), for tracebacks. A
    compiled module's source is left out, as in CPython's embeddable distribution: the zip
    stays about the size of Pyodide's own (a traceback through the standard library then
    names the line without quoting it)."""
    only = set(only)
    done = 0
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            code = pyc(data, prefix + info.filename) if prefix + info.filename in only else None
            if code is None:
                zout.writestr(_entry(info.filename, info) if not info.is_dir() else info, data)
            else:
                zout.writestr(_entry(info.filename[:-3] + ".pyc", info), code)
                done += 1
    return done


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def wheel(src: str, dst: str, prefix: str, only) -> int:
    """prefix: the wheel's path in the runtime (its sys.path entry) and a slash, for tracebacks."""
    only = set(only)
    done = 0
    with zipfile.ZipFile(src) as zin:
        entries = [(info, zin.read(info)) for info in zin.infolist()]
    added = []
    out = []
    for info, data in entries:
        out.append((info, data))
        name = info.filename
        if prefix + name in only:
            code = pyc(data, prefix + name)
            if code is not None:
                cached = name[:-3] + ".pyc"
                out.append((_entry(cached, info), code))
                added.append(_record_line(cached, code))
                done += 1
    with zipfile.ZipFile(dst, "w") as zout:
        for info, data in out:
            if info.filename.endswith(".dist-info/RECORD"):
                text = data.decode()
                lines = text.splitlines(keepends=True)
                own = [ln for ln in lines if ln.startswith(info.filename + ",")]
                rest = [ln for ln in lines if not ln.startswith(info.filename + ",")]
                data = "".join(rest + added + own).encode()
            zout.writestr(_entry(info.filename, info), data)
    return done
