"""Server and process side of benchmarks/startup.py: the bytes build_scripts/serve.py sends (its
handler wrapped with a byte counter; every request in a Ledger) and the CPU seconds of the
browser's process tree, read from /proc."""

from __future__ import annotations

import functools
import os
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "build_scripts"))

from serve import make_server  # noqa: E402


# ------------------------------------------------------------------ bytes on the wire
class Ledger:
    """Every request the server answered:
    [start (epoch s), method, path, bytes sent, status, conditional (If-Modified-Since/If-None-Match)]."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests: list[list] = []

    def new(self, method, path, conditional=False):
        rec = [time.time(), method, path, 0, None, conditional]
        with self.lock:
            self.requests.append(rec)
        return rec

    def mark(self) -> int:
        with self.lock:
            return len(self.requests)

    def since(self, start: int, until_epoch: float | None = None) -> list[list]:
        with self.lock:
            recs = list(self.requests[start:])
        return [r for r in recs if until_epoch is None or r[0] <= until_epoch]


class CountingWriter:
    """Wraps a handler's wfile: counts every byte written (status line, headers, body)."""

    def __init__(self, raw, handler):
        self._raw = raw
        self._handler = handler

    def write(self, data):
        n = self._raw.write(data)
        rec = getattr(self._handler, "_bench_rec", None)
        if rec is None:
            rec = self._handler._bench_rec = self._handler._bench_ledger.new("?", "(before request)")
        rec[3] += len(data) if n is None else n
        return n

    def __getattr__(self, name):
        return getattr(self._raw, name)


def counting_server(directory: Path, ledger: Ledger):
    """serve.py's server, its handler class wrapped to count the bytes it sends."""
    server, url = make_server(directory, 0, quiet=True)
    factory = server.RequestHandlerClass
    base = factory.func if isinstance(factory, functools.partial) else factory
    kwargs = factory.keywords if isinstance(factory, functools.partial) else {}

    class Counting(base):
        _bench_ledger = ledger

        def setup(self):
            super().setup()
            self._bench_rec = None
            self.wfile = CountingWriter(self.wfile, self)

        def parse_request(self):
            ok = super().parse_request()
            headers = getattr(self, "headers", None) or {}
            cond = bool(headers.get("If-Modified-Since") or headers.get("If-None-Match"))
            self._bench_rec = ledger.new(getattr(self, "command", "?"), getattr(self, "path", "?"), cond)
            return ok

        def send_response(self, code, message=None):
            if self._bench_rec is not None:
                self._bench_rec[4] = code
            super().send_response(code, message)

    server.RequestHandlerClass = functools.partial(Counting, **kwargs)
    threading.Thread(target=server.serve_forever, name="bench-server", daemon=True).start()
    return server, url


def total_bytes(recs) -> int:
    return sum(r[3] for r in recs)


# ------------------------------------------------------------------ CPU of the browser
TICK = os.sysconf("SC_CLK_TCK")


def _proc_table() -> dict[int, tuple[int, str, float, float]]:
    """pid -> (ppid, comm, own cpu s, own + reaped children cpu s)."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                text = f.read()
        except OSError:
            continue
        comm = text[text.find("(") + 1:text.rfind(")")]
        rest = text[text.rfind(")") + 2:].split()
        try:
            ppid = int(rest[1])
            ut, st, cut, cst = (int(x) for x in rest[11:15])
        except (IndexError, ValueError):
            continue
        table[int(entry)] = (ppid, comm, (ut + st) / TICK, (ut + st + cut + cst) / TICK)
    return table


def cpu_snapshot() -> dict:
    """CPU seconds so far of this process's descendants: the Playwright driver (node) and the
    browser's process tree (cumulative: includes exited renderers once their parent reaped
    them, so the difference of two snapshots is what the browser used in between)."""
    table = _proc_table()
    children: dict[int, list[int]] = {}
    for pid, (ppid, *_rest) in table.items():
        children.setdefault(ppid, []).append(pid)
    browser = driver = 0.0
    procs = {}  # pid -> (process type, own cpu s), for the by-type split
    stack = list(children.get(os.getpid(), []))
    while stack:
        pid = stack.pop()
        _ppid, comm, own, cumulative = table[pid]
        if comm.startswith("node"):  # the Playwright driver ("node-MainThread")
            driver += own
        else:
            browser += cumulative
            procs[pid] = (_process_type(pid), own)
        stack.extend(children.get(pid, []))
    return {"browser": browser, "driver": driver, "self": time.process_time(), "procs": procs}


def _process_type(pid: int) -> str:
    """Chromium's --type (renderer, gpu-process, utility:NetworkService, ...); "browser" else.
    Chromium rewrites its command line with spaces, so split on both separators."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            args = f.read().replace(b"\0", b" ").decode(errors="replace").split()
    except OSError:
        return "?"
    kind = next((a.split("=", 1)[1] for a in args if a.startswith("--type=")), "browser")
    sub = next((a.split("=", 1)[1] for a in args if a.startswith("--utility-sub-type=")), None)
    return f"{kind}:{sub.rsplit('.', 1)[-1]}" if sub else kind


def cpu_delta(a: dict, b: dict) -> dict:
    out = {k: b[k] - a[k] for k in ("browser", "driver", "self")}
    by_type: dict[str, float] = {}
    for pid, (kind, own) in b["procs"].items():  # processes gone before b are left out here
        start = a["procs"].get(pid, (kind, 0.0))[1]
        by_type[kind] = by_type.get(kind, 0.0) + max(0.0, own - start)
    out["by_type"] = by_type
    return out
