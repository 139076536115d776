"""The report of benchmarks/startup.py: the table of every run, the medians, the boot phases, the
request timeline, the pre-ready click, the Hex clicks, CPU, and the targets (ratios)."""

from __future__ import annotations

import statistics

from startup_pages import num
from startup_probe import total_bytes


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
    print(f"engine snapshot stored (cold visit): median {fmt(med(g(colds, 'snapshot_ms')))} ms since navigation,"
          f" {fmt(med([c['snapshot_ms'] - c['ready'] for c in colds if c and c.get('snapshot_ms') is not None and c.get('ready') is not None]))}"
          " ms after ready (negative: before the page was ready)")
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
    print(f"  (quick reload, medians: first board {fmt(med(g(quicks, 'first')))} ms, worker boot"
          f" {fmt(med(g(quicks, 'bootMs')))} ms of which snapshot restore"
          f" {fmt(med([num((q.get('phases') or {}).get('snapshot')) for q in quicks]))} ms, ready {fmt(med(g(quicks, 'ready')))} ms)")
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

