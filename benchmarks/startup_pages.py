"""In-page side of benchmarks/startup.py: the bare-Pyodide page (``bench-bare.html``, its script and
module worker, written into the served copy only), the instrumentation every context runs before
any page script (first board, ready, offline ready, long tasks, the pre-ready click, click -> stone
records) and the helpers that set it up and read its figures back."""

from __future__ import annotations

import json
import sys
import time

# ------------------------------------------------------------------ the bare Pyodide page
BARE_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>bare Pyodide (benchmark)</title>
<script type="module" src="bench-bare.js"></script>
</head>
<body></body>
</html>
"""

BARE_PAGE_JS = """// benchmark only: start the bare worker, note (page clock) when loadPyodide resolved
const worker = new Worker(new URL("./bench-bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = (ev) => {
  const now = performance.now();
  const msg = ev.data || {};
  if (msg.type === "ready") {
    document.body.dataset.bareMs = String(now);
    document.body.dataset.bareWorkerMs = String(msg.at - performance.timeOrigin);
    document.body.dataset.bare = "ready";
  } else {
    document.body.dataset.bareError = String(msg.message);
    document.body.dataset.bare = "error";
  }
};
worker.onerror = (ev) => {
  document.body.dataset.bareError = String(ev.message || "worker error");
  document.body.dataset.bare = "error";
};
"""

BARE_WORKER_JS = """// benchmark only: the least a Pyodide page can do, with Pyodide's standard library as
// Pyodide ships it (the site's own copy carries bytecode compiled at build time)
import { loadPyodide } from "./pyodide/pyodide.mjs";

const indexURL = new URL("./pyodide/", import.meta.url).href;
const stdLibURL = new URL("./bench-stdlib/python_stdlib.zip", import.meta.url).href;
try {
  await loadPyodide({ indexURL, stdLibURL });
  self.postMessage({ type: "ready", at: performance.timeOrigin + performance.now() });
} catch (err) {
  self.postMessage({ type: "error", message: String((err && err.message) || err) });
}
"""

# ------------------------------------------------------------------ in-page instrumentation
# Runs before any page script (context.add_init_script), on every navigation and reload.
# window.__benchConfig (an earlier init script) may set {clickEarly: true}.
INSTRUMENT_JS = r"""
(() => {
  if (window.__bench) return;
  const cfg = window.__benchConfig || {};
  const B = window.__bench = {
    firstCellDom: null, firstCellFrame: null, readySeen: null, offlineSeen: null,
    longtasks: [], longtaskError: null,
    early: null, // the pre-ready click: {target, at, readyAtClick, pendingAt}
    earlyMissed: null, // why no pre-ready click happened
    track: null, // click -> stone records [{target, t0, t1, t1f}]
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (err) { B.longtaskError = String(err); }

  const cellSel = "#board-svg [data-target]";
  let earlyScheduled = false;
  function clickEarly() {
    const body = document.body;
    if (body && body.dataset.ready === "true") { B.earlyMissed = "ready before a cell could be clicked"; return; }
    const cell = [...document.querySelectorAll(cellSel)]
      .find((n) => n.getAttribute("aria-disabled") !== "true" && !n.classList.contains("stone"));
    if (!cell) { earlyScheduled = false; B.earlyMissed = "no enabled cell"; return; }
    const target = cell.dataset.target;
    const box = cell.getBoundingClientRect();
    const opts = { bubbles: true, cancelable: true, view: window, clientX: box.x + box.width / 2,
                   clientY: box.y + box.height / 2, button: 0 };
    B.early = { target, at: performance.now(), pendingAt: null };
    B.earlyMissed = null;
    cell.dispatchEvent(new PointerEvent("pointerdown", { ...opts, pointerId: 1, isPrimary: true }));
    cell.dispatchEvent(new PointerEvent("pointerup", { ...opts, pointerId: 1, isPrimary: true }));
    cell.dispatchEvent(new MouseEvent("click", opts));
    check();
  }

  function check() {
    const now = performance.now();
    const body = document.body;
    if (B.firstCellDom === null && document.querySelector(cellSel)) {
      B.firstCellDom = now;
      requestAnimationFrame(() => { B.firstCellFrame = performance.now(); });
    }
    if (B.readySeen === null && body && body.dataset.ready === "true") B.readySeen = now;
    if (B.offlineSeen === null && document.documentElement.dataset.offline === "ready") B.offlineSeen = now;
    if (cfg.clickEarly && !B.early && !earlyScheduled && B.firstCellDom !== null) {
      // a person cannot click inside the task that drew the board: the next task at the earliest
      earlyScheduled = true;
      setTimeout(clickEarly, 0);
    }
    if (B.early && B.early.pendingAt === null && document.querySelector("#board-svg .pending")) {
      B.early.pendingAt = now;
    }
    const t = B.track && B.track.length ? B.track[B.track.length - 1] : null;
    if (t && t.t1 === null) {
      const node = document.querySelector(`#board-svg [data-target="${CSS.escape(t.target)}"]`);
      if (node && node.classList.contains("stone") && !node.classList.contains("pending")) {
        t.t1 = now;
        requestAnimationFrame(() => { t.t1f = performance.now(); });
      }
    }
  }

  document.addEventListener("click", (ev) => {
    if (!B.track) return;
    const node = ev.target && ev.target.closest && ev.target.closest(cellSel);
    if (node) B.track.push({ target: node.dataset.target, t0: ev.timeStamp, t1: null, t1f: null });
  }, true);

  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-ready", "data-offline", "class", "aria-disabled", "data-target"],
  });
  check();
})();
"""

READ_PAGE_JS = """() => {
  const B = window.__bench || {};
  const d = document.body ? document.body.dataset : {};
  return {
    bench: B,
    firstBoardMs: d.firstBoardMs ?? null,
    readyMs: d.readyMs ?? null,
    bootPhases: d.bootPhases ?? null,
    bootMs: d.bootMs ?? null,
    snapshotMs: d.snapshotMs ?? null,
    ready: d.ready ?? null,
    offline: document.documentElement.dataset.offline ?? null,
    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
    timeOrigin: performance.timeOrigin,
    now: performance.now(),
  };
}"""


# ------------------------------------------------------------------ reading the page
def num(v):
    try:
        return None if v in (None, "") else float(v)
    except (TypeError, ValueError):
        return None


def warn(msg):
    print(f"  [warn] {msg}", file=sys.stderr, flush=True)


def new_context(browser, click_early=False):
    ctx = browser.new_context(bypass_csp=True, service_workers="allow")
    ctx.add_init_script(script=f"window.__benchConfig = {json.dumps({'clickEarly': click_early})};")
    ctx.add_init_script(script=INSTRUMENT_JS)
    return ctx


def read_page(page) -> dict:
    try:
        return page.evaluate(READ_PAGE_JS)
    except Exception as exc:  # noqa: BLE001 (a benchmark reports, it does not stop)
        warn(f"could not read the page: {exc}")
        return {"bench": {}}


def wait_until(page, key, timeout_s=10.0):
    """Wait (polling the page, 50 ms) until window.__bench[key] is set; returns it or None."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        try:
            v = page.evaluate("(k) => (window.__bench || {})[k]", key)
        except Exception:  # noqa: BLE001
            v = None
        if v is not None:
            return v
        time.sleep(0.05)
    return None


def load_figures(info: dict) -> dict:
    """first board, ready (page attributes first, the instrumentation's observations else)."""
    b = info.get("bench") or {}
    first = num(info.get("firstBoardMs"))
    first_src = "page"
    if first is None:
        first = num(b.get("firstCellFrame")) or num(b.get("firstCellDom"))
        first_src = "observed"
    ready = num(info.get("readyMs"))
    ready_src = "page"
    if ready is None:
        ready = num(b.get("readySeen"))
        ready_src = "observed"
    phases = None
    raw = info.get("bootPhases")
    if raw:
        try:
            phases = json.loads(raw)
            if not isinstance(phases, dict):
                phases = None
        except ValueError:
            phases = None
    long_all = b.get("longtasks") or []
    long_load = [d for _s, d in long_all]
    return {"first": first, "first_src": first_src, "ready": ready, "ready_src": ready_src,
            "phases": phases, "long_load": long_load, "long_all": long_all, "bootMs": num(info.get("bootMs"))}


