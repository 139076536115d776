"""Startup benchmark (issue 17 "Instant start"; a benchmark, not a test): build the site first
(``python build_scripts/build.py --out dist/site``), then

    .venv/bin/python benchmarks/startup.py [--runs 5] [--site dist/site] [--clicks 20]

Serves a temporary copy of the built site through build_scripts/serve.py (with a byte counter
wrapped around its handler) and drives the system Chromium with Playwright. Each run, in this
order (interleaved, so that a busy machine hurts every kind alike):

1. bare Pyodide: ``bench-bare.html`` (added to the copy only, never shipped), whose module worker
   only imports ``pyodide/pyodide.mjs`` and awaits ``loadPyodide({indexURL, stdLibURL})``, with
   the standard library zip as Pyodide ships it (``bench-stdlib/``, from the build's
   ``.cache/pyodide-*``; the site's own zip carries bytecode compiled at build time, which the
   bare runtime does not have); the page records when the worker says so (ms since navigation
   start).
2. cold first visit of index.html in a fresh browser context (empty profile and caches): first
   board paint, engine ready, the worker's boot phases when the page publishes them, long tasks,
   bytes sent by the server (boot alone; boot + service-worker precache until
   ``html[data-offline=ready]``), CPU seconds of the browser's processes.
3. warm visit: a reload in the same context once the service worker controls the page and has
   the whole site cached: first board and ready again, and the bytes it still fetches.
4. Hex click -> stone latency in that warm page: a human-vs-human Hex game, ``--clicks`` empty
   cells clicked one after the other, timed in the page from the click event to the clicked cell
   being redrawn as a stone (DOM mutation, and the next animation frame).
5. a click before the engine is ready: another cold context in which the page itself clicks the
   first board cell the moment one exists while ``body[data-ready]`` is not "true"; it measures
   the delay until a ``.pending`` mark appears in ``#board-svg`` and whether the move then lands
   in ``#move-list``.
6. a quick reload: another cold context, reloaded the moment ``body[data-ready=true]`` is seen
   (a person reloading at once: the offline copy and the engine's snapshot may still be on
   their way); its ready, and whether its engine booted from the snapshot.

Every figure is read in the page from its own clock (``performance.now()``, ms since navigation
start); a missing attribute or a timeout prints n/a. The last lines compare the medians with the
issue's targets.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
sys.path.insert(0, str(ROOT / "build_scripts"))
from build import CACHE, PYODIDE_VERSION  # noqa: E402
from startup_pages import (  # noqa: E402
    BARE_HTML, BARE_PAGE_JS, BARE_WORKER_JS, load_figures, new_context, num, read_page, wait_until, warn,
)
from startup_probe import Ledger, counting_server, cpu_delta, cpu_snapshot, total_bytes  # noqa: E402

LOAD_MS = 120_000


# ------------------------------------------------------------------ helpers
def med(values):
    vals = [v for v in values if v is not None]
    return statistics.median(vals) if vals else None


def pct(values, q):
    vals = sorted(v for v in values if v is not None)
    if not vals:
        return None
    k = (len(vals) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(vals) - 1)
    return vals[lo] + (vals[hi] - vals[lo]) * (k - lo)


def fmt(v, digits=0, unit=""):
    if v is None:
        return "n/a"
    return f"{v:,.{digits}f}{unit}"


def mb(v):
    return "n/a" if v is None else f"{v / 1e6:.2f} MB"


def ratio(a, b):
    return None if a is None or b in (None, 0) else a / b


# ------------------------------------------------------------------ the measurements
def run_bare(browser, url, ledger) -> dict:
    ctx = browser.new_context(bypass_csp=True)
    page = ctx.new_page()
    start = ledger.mark()
    cpu0 = cpu_snapshot()
    out = {"ms": None, "bytes": None, "cpu": None}
    try:
        page.goto(url + "bench-bare.html", timeout=LOAD_MS)
        page.wait_for_selector("body[data-bare]", state="attached", timeout=LOAD_MS)
        cpu1 = cpu_snapshot()
        d = page.evaluate("() => ({...document.body.dataset})")
        if d.get("bare") != "ready":
            warn(f"bare page: {d.get('bareError')}")
        out = {"ms": num(d.get("bareMs")), "worker_ms": num(d.get("bareWorkerMs")),
               "bytes": total_bytes(ledger.since(start)), "cpu": cpu_delta(cpu0, cpu1)}
    except Exception as exc:  # noqa: BLE001
        warn(f"bare run failed: {exc}")
    finally:
        ctx.close()
    return out


def wait_offline_ready(page) -> bool:
    """Wait for html[data-offline=ready]; one reload if the page is left uncontrolled."""
    for attempt in range(2):
        try:
            page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=LOAD_MS)
            # the next visit boots from the engine's memory snapshot once the page has made it
            if page.evaluate("document.body.dataset.bootSnapshot") != "restored":
                page.wait_for_selector("body[data-snapshot]", state="attached", timeout=LOAD_MS)
            return True
        except Exception:  # noqa: BLE001
            info = read_page(page)
            warn(f"offline not ready (data-offline={info.get('offline')}, controlled={info.get('controlled')})"
                 + ("; reloading" if attempt == 0 else ""))
            if attempt == 0:
                page.reload(timeout=LOAD_MS)
                page.wait_for_selector("body[data-ready=true]", state="attached", timeout=LOAD_MS)
    return False


def hex_latency(page, clicks: int, seed: int) -> dict:
    """Click `clicks` empty cells of a human-vs-human Hex game; in-page click -> stone times."""
    out = {"dom": [], "frame": [], "long": [], "error": None}
    try:
        page.evaluate("async (r) => { await window.boardwright.send(r); }",
                      {"cmd": "new", "game": "hex", "players": ["human", "human"]})
        page.wait_for_selector("#board:not(.busy):not(.thinking)", state="attached", timeout=60_000)
        empty = page.evaluate("""() => {
            const all = [...document.querySelectorAll('#board-svg [data-target]')];
            const free = all.filter((n) => !n.classList.contains('stone'));
            const legal = free.filter((n) => n.classList.contains('selectable'));
            return (legal.length ? legal : free).map((n) => n.dataset.target);
        }""")
        rng = random.Random(seed)
        cells = rng.sample(empty, min(clicks, len(empty)))
        t_start = page.evaluate("() => { window.__bench.track = []; return performance.now(); }")
        for cell in cells:
            sel = f"#board-svg [data-target='{cell}']"
            page.click(sel, timeout=30_000)
            page.wait_for_selector(sel + ".stone", state="attached", timeout=30_000)
            page.wait_for_selector("#board:not(.busy):not(.thinking)", state="attached", timeout=30_000)
            if page.evaluate("() => !!(window.boardwright.state() || {}).is_over"):
                break
        time.sleep(0.1)  # the last animation frame
        b = page.evaluate("() => window.__bench")
        for t in b.get("track") or []:
            if t.get("t1") is not None:
                out["dom"].append(t["t1"] - t["t0"])
            if t.get("t1f") is not None:
                out["frame"].append(t["t1f"] - t["t0"])
        out["long"] = [d for s, d in b.get("longtasks") or [] if s >= t_start]
    except Exception as exc:  # noqa: BLE001
        out["error"] = str(exc).splitlines()[0]
        warn(f"Hex latency: {out['error']}")
    return out


def run_site(browser, url, ledger, clicks, seed) -> dict:
    """Cold first visit, precache, warm reload, then Hex clicks in the warm page."""
    ctx = new_context(browser)
    page = ctx.new_page()
    out = {"cold": {}, "warm": {}, "hex": None}
    try:
        start = ledger.mark()
        cpu0 = cpu_snapshot()
        page.goto(url + "index.html", timeout=LOAD_MS)
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=LOAD_MS)
        cpu_ready = cpu_snapshot()
        wait_until(page, "firstCellFrame", 2.0)
        info = read_page(page)
        cold = load_figures(info)
        t_origin = info.get("timeOrigin")
        ready_epoch = (t_origin + cold["ready"]) / 1000 if t_origin and cold["ready"] is not None else None
        offline = wait_offline_ready(page)
        cpu_offline = cpu_snapshot()
        info2 = read_page(page)
        cold["offline_ms"] = num((info2.get("bench") or {}).get("offlineSeen")) if offline else None
        cold["long_all"] = (info2.get("bench") or {}).get("longtasks") or cold["long_all"]
        cold["long_load"] = [d for _s, d in cold["long_all"]]  # navigation -> offline ready
        cold["bytes_boot"] = total_bytes(ledger.since(start, ready_epoch)) if ready_epoch else None
        cold["bytes_all"] = total_bytes(ledger.since(start)) if offline else None
        cold["requests"] = ledger.since(start)
        cold["ready_epoch"] = ready_epoch
        cold["time_origin"] = t_origin
        cold["cpu_ready"] = cpu_delta(cpu0, cpu_ready)
        cold["cpu_offline"] = cpu_delta(cpu0, cpu_offline) if offline else None
        out["cold"] = cold
        if offline:
            time.sleep(0.5)  # let the precache's last writes settle
            start = ledger.mark()
            page.reload(timeout=LOAD_MS)
            page.wait_for_selector("body[data-ready=true]", state="attached", timeout=LOAD_MS)
            wait_until(page, "firstCellFrame", 2.0)
            winfo = read_page(page)
            warm = load_figures(winfo)
            warm["controlled"] = winfo.get("controlled")
            time.sleep(0.3)
            warm["bytes"] = total_bytes(ledger.since(start))
            warm["requests"] = ledger.since(start)
            out["warm"] = warm
            out["hex"] = hex_latency(page, clicks, seed)
    except Exception as exc:  # noqa: BLE001
        warn(f"site run failed: {str(exc).splitlines()[0]}")
    finally:
        ctx.close()
    return out


def run_click_early(browser, url) -> dict:
    """Cold load in which the page clicks the first cell before the engine is ready."""
    ctx = new_context(browser, click_early=True)
    page = ctx.new_page()
    out = {"delay": None, "landed": None, "before_ready_ms": None, "note": None, "target": None}
    try:
        page.goto(url + "index.html", timeout=LOAD_MS)
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=LOAD_MS)
        time.sleep(0.2)
        info = read_page(page)
        b = info.get("bench") or {}
        early = b.get("early")
        if not early:
            out["note"] = b.get("earlyMissed") or "no board cell before ready"
            return out
        fig = load_figures(info)
        out["target"] = early.get("target")
        if fig["ready"] is not None:
            out["before_ready_ms"] = fig["ready"] - early["at"]
        if early.get("pendingAt") is not None:
            out["delay"] = early["pendingAt"] - early["at"]
        # after ready: does the move show up in the move list?
        landed = False
        end = time.monotonic() + 30
        while time.monotonic() < end and not landed:
            texts = page.evaluate("() => [...document.querySelectorAll('#move-list li')].map((li) => li.textContent)")
            landed = any(early["target"] in t for t in texts)
            if not landed:
                time.sleep(0.2)
        out["landed"] = landed
    except Exception as exc:  # noqa: BLE001
        out["note"] = f"failed: {str(exc).splitlines()[0]}"
        warn(f"pre-ready click run: {out['note']}")
    finally:
        ctx.close()
    return out


def run_quick_reload(browser, url) -> dict:
    """Cold load, then a reload the moment the page is ready: its ready and how its engine booted."""
    ctx = new_context(browser)
    page = ctx.new_page()
    out = {"cold": None, "ready": None, "snapshot": None}
    try:
        page.goto(url + "index.html", timeout=LOAD_MS)
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=LOAD_MS)
        out["cold"] = load_figures(read_page(page))["ready"]
        page.reload(timeout=LOAD_MS)
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=LOAD_MS)
        out["ready"] = load_figures(read_page(page))["ready"]
        out["snapshot"] = page.evaluate("document.body.dataset.bootSnapshot")
    except Exception as exc:  # noqa: BLE001
        warn(f"quick reload run: {str(exc).splitlines()[0]}")
    finally:
        ctx.close()
    return out


# ------------------------------------------------------------------ report
def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--site", type=Path, default=ROOT / "dist" / "site")
    ap.add_argument("--clicks", type=int, default=20, help="Hex cells clicked per run (click -> stone)")
    ap.add_argument("--json", type=Path, default=None, help="also write every raw figure to this file")
    args = ap.parse_args()
    site = args.site.resolve()
    if not (site / "index.html").is_file():
        print(f"{site} has no index.html: build the site first", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="bw-startup-"))
    copy = tmp / "site"
    shutil.copytree(site, copy)
    (copy / "bench-bare.html").write_text(BARE_HTML)
    (copy / "bench-bare.js").write_text(BARE_PAGE_JS)
    (copy / "bench-bare-worker.js").write_text(BARE_WORKER_JS)
    stock = CACHE / f"pyodide-{PYODIDE_VERSION}" / "package" / "python_stdlib.zip"
    (copy / "bench-stdlib").mkdir()
    if not stock.is_file():
        warn(f"{stock} missing: the bare runtime gets the site's standard library zip")
        stock = copy / "pyodide" / "python_stdlib.zip"
    shutil.copyfile(stock, copy / "bench-stdlib" / "python_stdlib.zip")
    ledger = Ledger()
    server, url = counting_server(copy, ledger)
    gz = sorted(p.relative_to(copy).as_posix() for p in copy.rglob("*.gz"))
    print(f"site {site} (copy served at {url}; {len(gz)} precompressed .gz files)", flush=True)

    bares, sites, earlies, quicks = [], [], [], []
    wall0, self0 = time.perf_counter(), time.process_time()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(headless=True, executable_path=chromium_executable(), args=CHROMIUM_ARGS)
            try:
                for run in range(args.runs):
                    t = time.perf_counter()
                    bares.append(run_bare(browser, url, ledger))
                    sites.append(run_site(browser, url, ledger, args.clicks, seed=run + 1))
                    earlies.append(run_click_early(browser, url))
                    quicks.append(run_quick_reload(browser, url))
                    s, q = sites[-1], quicks[-1]
                    print(f"run {run + 1}/{args.runs}: bare {fmt(bares[-1]['ms'])} ms, cold ready "
                          f"{fmt(s['cold'].get('ready'))} ms, warm ready {fmt(s['warm'].get('ready'))} ms, "
                          f"quick reload {fmt(q['ready'])} ms after a cold {fmt(q['cold'])} ms ({q['snapshot']}) "
                          f"({time.perf_counter() - t:.0f} s)", file=sys.stderr, flush=True)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(tmp, ignore_errors=True)
    wall, own_cpu = time.perf_counter() - wall0, time.process_time() - self0

    report(args, bares, sites, earlies, quicks, wall, own_cpu)
    if args.json:
        args.json.write_text(json.dumps({"bare": bares, "site": sites, "click": earlies, "quick": quicks},
                                        indent=1, default=str))
    return 0


def report(args, bares, sites, earlies, quicks, wall, own_cpu) -> None:
    colds = [s["cold"] for s in sites]
    warms = [s["warm"] for s in sites]
    g = lambda rows, k: [r.get(k) if r else None for r in rows]  # noqa: E731

    def cpu(rows, key, part="browser"):
        return [(r.get(key) or {}).get(part) if r else None for r in rows]

    print()
    head = (f"{'run':<6}{'bare':>8}{'1st board':>10}{'ready':>8}{'offline':>9}{'warm 1st':>9}{'warm rdy':>9}"
            f"{'boot bytes':>12}{'+precache':>11}{'warm bytes':>11}{'CPU rdy':>8}{'CPU offl':>9}{'long>50':>8}{'max':>6}")
    print("times in ms since navigation start; bytes sent by the server; CPU = browser processes, s")
    print(head)
    rows = []
    for i, (b, c, w) in enumerate(zip(bares, colds, warms)):
        longs = c.get("long_load") or []
        rows.append(longs)
        print(f"{i + 1:<6}{fmt(b.get('ms')):>8}{fmt(c.get('first')):>10}{fmt(c.get('ready')):>8}"
              f"{fmt(c.get('offline_ms')):>9}{fmt(w.get('first')):>9}{fmt(w.get('ready')):>9}"
              f"{mb(c.get('bytes_boot')):>12}{mb(c.get('bytes_all')):>11}{mb(w.get('bytes')):>11}"
              f"{fmt((c.get('cpu_ready') or {}).get('browser'), 1):>8}"
              f"{fmt((c.get('cpu_offline') or {}).get('browser'), 1):>9}"
              f"{sum(1 for d in longs if d > 50) if c else 'n/a':>8}{fmt(max(longs) if longs else None):>6}")
    m = {
        "bare": med(g(bares, "ms")), "first": med(g(colds, "first")), "ready": med(g(colds, "ready")),
        "offline": med(g(colds, "offline_ms")), "wfirst": med(g(warms, "first")), "wready": med(g(warms, "ready")),
        "bboot": med(g(colds, "bytes_boot")), "ball": med(g(colds, "bytes_all")), "bwarm": med(g(warms, "bytes")),
        "cpur": med(cpu(colds, "cpu_ready")), "cpuo": med(cpu(colds, "cpu_offline")),
    }
    long_counts = [sum(1 for d in (c.get("long_load") or []) if d > 50) for c in colds if c]
    long_max = max((max(c["long_load"]) for c in colds if c and c.get("long_load")), default=None)
    print(f"{'median':<6}{fmt(m['bare']):>8}{fmt(m['first']):>10}{fmt(m['ready']):>8}{fmt(m['offline']):>9}"
          f"{fmt(m['wfirst']):>9}{fmt(m['wready']):>9}{mb(m['bboot']):>12}{mb(m['ball']):>11}{mb(m['bwarm']):>11}"
          f"{fmt(m['cpur'], 1):>8}{fmt(m['cpuo'], 1):>9}{fmt(med(long_counts)):>8}{fmt(long_max):>6}")
    srcs = {c.get("first_src") for c in colds if c} | {c.get("ready_src") for c in colds if c}
    if "observed" in srcs:
        print("(some figures observed by the benchmark: no body data-first-board-ms / data-ready-ms yet;"
              " first board = first #board-svg [data-target] + next frame, ready = data-ready=true set)")
    print(f"bare worker-side: median {fmt(med(g(bares, 'worker_ms')))} ms; bare bytes {mb(med(g(bares, 'bytes')))};"
          f" bare CPU {fmt(med([(b.get('cpu') or {}).get('browser') for b in bares]), 1)} s")
    boot_ms = med(g(colds, "bootMs"))
    print(f"worker bootMs (worker clock, worker start -> ready): cold {fmt(boot_ms)}, warm {fmt(med(g(warms, 'bootMs')))}")
    print("warm page controlled by the service worker: "
          + ", ".join(str(w.get("controlled")) if w else "n/a" for w in warms))

    # boot phases
    order: list[str] = []
    for c in colds + warms:
        for k in (c.get("phases") or {}) if c else {}:
            if k not in order:
                order.append(k)
    if order:
        print("\nboot phases (median ms): phase, cold, warm")
        for k in order:
            cv = med([num((c.get("phases") or {}).get(k)) for c in colds if c])
            wv = med([num((w.get("phases") or {}).get(k)) for w in warms if w])
            print(f"  {k:<28}{fmt(cv):>8}{fmt(wv):>8}")
    else:
        print("\nboot phases: n/a (no body data-boot-phases)")

    # where the time and the bytes go: the server's view of the cold boot
    boots: dict[tuple, list] = {}
    for c in colds:
        if not c or not c.get("requests") or not c.get("time_origin") or not c.get("ready_epoch"):
            continue
        seen = set()
        for t0, method, path, n, status, cond in c["requests"]:
            key = (method, path.split("?")[0])
            if t0 > c["ready_epoch"] or key in seen:
                continue
            seen.add(key)
            boots.setdefault(key, []).append((t0 * 1000 - c["time_origin"], n, status))
    if boots:
        print("\ncold boot, request arrival at the server (median ms since navigation start), bytes sent, status:")
        rows_t = sorted(boots.items(), key=lambda kv: med([x[0] for x in kv[1]]))
        for (method, path), xs in rows_t:
            print(f"  {fmt(med([x[0] for x in xs])):>7} ms  {method:<5}{path:<46}{fmt(med([x[1] for x in xs])):>12} B"
                  f"  {xs[0][2]}")
        print(f"  {fmt(m['ready']):>7} ms  engine ready (page)")
    pre = [[r for r in c["requests"] if c.get("ready_epoch") and r[0] > c["ready_epoch"]]
           for c in colds if c and c.get("requests") and c.get("bytes_all") is not None]
    if pre:
        p0 = pre[0]
        full = sorted((r for r in p0 if r[4] == 200 and r[3] > 10_000), key=lambda r: -r[3])
        print(f"precache (first cold run, after ready): {len(p0)} requests, "
              f"{sum(1 for r in p0 if r[4] == 304)} answered 304, {sum(1 for r in p0 if r[5])} conditional, "
              f"{mb(total_bytes(p0))}; full downloads again: "
              + (", ".join(f"{r[2].split('?')[0]} {r[3]:,} B" + (" (conditional)" if r[5] else "") for r in full)
                 or "none"))
    warm_reqs = next((w.get("requests") for w in warms if w and w.get("requests") is not None), None)
    if warm_reqs is not None:
        print("warm reload requests reaching the server: "
              + (", ".join(f"{r[1]} {r[2].split('?')[0]} {r[4]} {r[3]:,} B" for r in warm_reqs) or "none"))

    # pre-ready click
    print("\npre-ready click (cold load; the page clicks the first cell as soon as one exists before ready):")
    for i, e in enumerate(earlies):
        if e.get("target") is None:
            print(f"  run {i + 1}: n/a ({e.get('note')})")
        else:
            print(f"  run {i + 1}: cell {e['target']} clicked {fmt(e.get('before_ready_ms'))} ms before ready;"
                  f" pending mark after {fmt(e.get('delay'), 1)} ms; in the move list after ready:"
                  f" {'yes' if e.get('landed') else 'no'}")
    delays = [e.get("delay") for e in earlies]
    clicked = [e for e in earlies if e.get("target") is not None]
    landed = ("n/a" if not clicked else
              f"{sum(1 for e in clicked if e.get('landed'))}/{len(clicked)}")

    # Hex latency
    hexes = [s.get("hex") for s in sites if s.get("hex")]
    dom = [v for h in hexes for v in h["dom"]]
    frame = [v for h in hexes for v in h["frame"]]
    play_long = [d for h in hexes for d in h["long"]]
    print(f"\nHex click -> stone, human vs human, {len(dom)} clicks in warm pages:"
          f" DOM p50 {fmt(pct(dom, .5), 1)} ms, p95 {fmt(pct(dom, .95), 1)} ms;"
          f" next frame p50 {fmt(pct(frame, .5), 1)} ms, p95 {fmt(pct(frame, .95), 1)} ms, max {fmt(max(frame) if frame else None, 1)} ms")
    print(f"long tasks: load (cold, navigation -> offline ready) {sum(long_counts)} > 50 ms over {len(long_counts)} runs,"
          f" longest {fmt(long_max)} ms; play {sum(1 for d in play_long if d > 50)} > 50 ms,"
          f" longest {fmt(max(play_long) if play_long else None)} ms")
    where = [f"{s_:.0f}+{d:.0f}" for c in colds if c for s_, d in (c.get("long_all") or []) if d > 50]
    if where:
        print("  cold-load long tasks > 50 ms, start+duration ms (load and precache): " + ", ".join(where[:20]))
    kinds: dict[str, list] = {}
    for c in colds:
        for k, v in ((c.get("cpu_ready") or {}).get("by_type") or {}).items() if c else ():
            kinds.setdefault(k, []).append(v)
    bare_kinds: dict[str, list] = {}
    for bb in bares:
        for k, v in ((bb.get("cpu") or {}).get("by_type") or {}).items():
            bare_kinds.setdefault(k, []).append(v)
    if kinds:
        print("CPU s by Chromium process, navigation -> ready (median; cold site / bare): "
              + ", ".join(f"{k} {fmt(med(v), 2)}/{fmt(med(bare_kinds.get(k, [])), 2)}"
                          for k, v in sorted(kinds.items(), key=lambda kv: -(med(kv[1]) or 0))))
    print(f"CPU: browser per cold run to ready {fmt(m['cpur'], 2)} s, to offline ready {fmt(m['cpuo'], 2)} s"
          f" (median; cold ready wall {fmt(m['ready'])} ms); bare run {fmt(med([(b.get('cpu') or {}).get('browser') for b in bares]), 2)} s;"
          f" Playwright driver {fmt(med([(c.get('cpu_offline') or {}).get('driver') for c in colds if c]), 2)} s per cold run;"
          f" this process (server + client) {own_cpu:.1f} s CPU over {wall:.0f} s wall")

    # targets
    r_first = ratio(m["first"], m["bare"])
    r_ready = ratio(m["ready"], m["bare"])
    r_warm = ratio(m["wready"], m["ready"])
    p95 = pct(frame, .95)
    d_med = med(delays)
    total_long = sum(long_counts) + sum(1 for d in play_long if d > 50)

    def paired(num_rows, num_key, den_rows, den_key):
        """median of the per-run ratios (each run's figures were measured side by side)"""
        return med([ratio(a.get(num_key) if a else None, d.get(den_key) if d else None)
                    for a, d in zip(num_rows, den_rows)])

    p_first, p_ready = paired(colds, "first", bares, "ms"), paired(colds, "ready", bares, "ms")
    p_warm = paired(warms, "ready", colds, "ready")

    def verdict(v, limit):
        return "n/a" if v is None else ("met" if v <= limit else "NOT met")

    print("\ntargets, ratio of the medians (median of the per-run ratios in brackets):")
    print(f"  first board paint / bare   {fmt(r_first, 3):>8}   (<= 0.15)  {verdict(r_first, 0.15)}"
          f"   [{fmt(p_first, 3)}]")
    r_cpu = ratio(m["cpur"], med([(b.get("cpu") or {}).get("browser") for b in bares]))
    print(f"  cold ready / bare          {fmt(r_ready, 3):>8}   (<= 1.00)  {verdict(max(r_ready or 9, p_ready or 9, r_cpu or 9), 1.0)}"
          f"   [{fmt(p_ready, 3)}]  browser CPU s, cold to ready / bare: {fmt(r_cpu, 3)} (all three <= 1.00)")
    print(f"  warm ready / cold ready    {fmt(r_warm, 3):>8}   (<= 0.60)  {verdict(r_warm, 0.60)}"
          f"   [{fmt(p_warm, 3)}]  (a later reload: offline copy and snapshot stored)")
    q_ratios = [ratio(q.get("ready"), q.get("cold")) for q in quicks]
    q_worst = max((v for v in q_ratios if v is not None), default=None)
    print(f"  quick reload / its cold    {fmt(med(q_ratios), 3):>8}   (<= 0.60)  {verdict(q_worst, 0.60)}"
          f"   [each: {', '.join(fmt(v, 2) for v in q_ratios)}; booted from the snapshot:"
          f" {sum(1 for q in quicks if q.get('snapshot') == 'restored')}/{len(quicks)}]")
    print(f"  cold bytes (boot)          {mb(m['bboot']):>8}   (<= 8 MB)  {verdict(m['bboot'] and m['bboot'] / 1e6, 8)}"
          f"   boot + precache {mb(m['ball'])}")
    print(f"  pre-ready click -> pending {fmt(d_med, 1, ' ms'):>8}   (<= 200 ms) {verdict(d_med, 200)}"
          f"   landed in move list: {landed}")
    print(f"  Hex click -> stone p95     {fmt(p95, 1, ' ms'):>8}   (<= 50 ms) {verdict(p95, 50)}")
    print(f"  long tasks > 50 ms         {total_long:>8}   (0)        {'met' if total_long == 0 else 'NOT met'}")


if __name__ == "__main__":
    sys.exit(main())
