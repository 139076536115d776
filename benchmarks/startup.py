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
from startup_report import fmt, report  # noqa: E402

LOAD_MS = 120_000


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
        cold["snapshot_ms"] = num(info2.get("snapshotMs"))
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
        fig = load_figures(read_page(page))
        out.update(ready=fig["ready"], first=fig["first"], bootMs=fig["bootMs"], phases=fig["phases"])
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


if __name__ == "__main__":
    sys.exit(main())
