"""Live analysis and review in the page (a benchmark, not a test; issue 19's targets): build the
site first (``python build_scripts/build.py``), then ``python benchmarks/analysis_page.py``.

1. Live analysis on Hex 11 in real Chromium: turns on "Analyse" after a few moves and counts the
   analysis updates drawn per second over ``--seconds``, while a PerformanceObserver records every
   main-thread long task (> 50 ms) of the page.  Target: >= 4 updates/s and no long task.
2. Review in Pyodide: the same 60-move Hex 11 game as benchmarks/review.py, reviewed through the
   bridge's ``review`` command at ``--review-seconds`` a position (the page's own loop), timed
   from the page; with the CPython figure of one process beside it for the ratio.
3. Slices in Pyodide (``--slices N``): the first N middle-game positions of
   ``benchmarks/data/analysis.jsonl``, each analysed afresh through ``analyse`` in 0.25 s slices
   for ``--slice-seconds``, as the page does; prints the longest round trip of a slice (what a
   click on the board waits for at most while the worker analyses) as a median, 90th
   percentile and maximum over the positions.  The root's analysis stops at a slice's end
   (``sliced``); before it did, it ran in one slice.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from review import game_of  # noqa: E402
from serve import serve_in_thread  # noqa: E402

LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration)); })
  .observe({ type: "longtask", buffered: true });
"""


def live_analysis(page, seconds: float) -> None:
    page.evaluate("r => window.boardwright.send(r)", {"cmd": "new", "game": "hex", "options": {"size": 11}, "seed": 5,
                                                      "players": ["human", "human"]})
    for move in ("f6", "e7", "g5", "d8"):
        page.evaluate("r => window.boardwright.send(r)", {"cmd": "play", "move": move})
    page.wait_for_selector("#board:not(.busy)")
    page.evaluate("window.__longTasks = []")
    page.click("#analyse")
    time.sleep(1.0)  # the first slice
    start_n = int(page.evaluate("Number(document.body.dataset.analysisUpdates || 0)"))
    t0 = time.perf_counter()
    time.sleep(seconds)
    n = int(page.evaluate("Number(document.body.dataset.analysisUpdates || 0)")) - start_n
    wall = time.perf_counter() - t0
    long_tasks = page.evaluate("window.__longTasks")
    labels = page.evaluate("document.querySelectorAll('#board-svg .analysis-label').length")
    page.click("#analyse")
    print(f"live analysis, Hex 11: {n} updates in {wall:.1f} s = {n / wall:.1f} updates/s (target >= 4); "
          f"{labels} overlay labels; main-thread long tasks while analysing: {long_tasks or 'none'}")


def pyodide_review(page, moves: int, seconds: float) -> None:
    record = game_of(moves, 1)
    page.evaluate("r => window.boardwright.send(r)", {"cmd": "load", "record": record, "players": ["human", "human"]})
    page.wait_for_selector("#board:not(.busy)")
    result = page.evaluate("""async (seconds) => {
      const t0 = performance.now();
      let r;
      do { r = await window.boardwright.call({cmd: "review", seconds}); } while (r.ok && !r.result.complete);
      return {ms: performance.now() - t0, ok: r.ok, done: r.ok ? r.result.done : r.error.message,
              marks: r.ok ? r.result.moves.filter((m) => m.mark).length : null};
    }""", seconds)
    print(f"review in Pyodide: {moves}-move Hex 11 game at {seconds} s a position: {result['ms'] / 1000:.1f} s wall "
          f"for {result['done']} positions ({result['marks']} marked moves); one process, as the page runs it")
    from pygame_core.analysis import review
    t0, c0 = time.perf_counter(), time.process_time()
    out = review(record, seconds_per_move=seconds, jobs=1)
    print(f"the same review in CPython, --jobs 1: {time.perf_counter() - t0:.1f} s wall, {time.process_time() - c0:.1f} s CPU "
          f"({sum(1 for m in out['moves'] if m['mark'])} marked moves)")


def slice_latency(page, count: int, seconds: float, verbose: bool = False) -> None:
    import json
    import statistics
    recs = [json.loads(line) for line in (ROOT / "benchmarks" / "data" / "analysis.jsonl").read_text().splitlines()]
    longest, firsts = [], []
    import pygame_core
    for rec in recs[:count]:
        game = pygame_core.new_game("hex", seed=0)
        for move in rec["moves"]:
            game.play(game.parse_move(move))
        page.evaluate("r => window.boardwright.send(r)", {"cmd": "load", "players": ["human", "human"],
                                                          "record": game.record()})
        page.wait_for_selector("#board:not(.busy)")
        trips = page.evaluate("""async (seconds) => {
          const out = [], t0 = performance.now();
          let restart = true;
          while (performance.now() - t0 < seconds * 1000) {
            const t = performance.now();
            const r = await window.boardwright.call({cmd: "analyse", seconds: 0.25, restart});
            restart = false;
            out.push([performance.now() - t, r.ok ? r.result.iterations : -1]);
            if (!r.ok || r.result.done) break;
          }
          return out;
        }""", seconds)
        firsts.append(trips[0][0] / 1000)
        later = trips[1:] or trips
        k = max(range(len(later)), key=lambda i: later[i][0])
        longest.append(later[k][0] / 1000)
        if verbose:
            print(f"  position {len(longest)}: first slice {trips[0][0] / 1000:.2f} s, longest later {later[k][0] / 1000:.2f} s "
                  f"(slice {k + 2} of {len(trips)}, {later[k][1]} iterations after it)")

    def spread(xs):
        xs = sorted(xs)
        return f"median {statistics.median(xs):.2f} s, p90 {xs[min(len(xs) - 1, int(0.9 * len(xs)))]:.2f} s, max {xs[-1]:.2f} s"
    print(f"analysis slices in Pyodide (0.25 s asked), {len(longest)} positions of analysis.jsonl, round trips: "
          f"the first (a new search) {spread(firsts)}; the longest of the others {spread(longest)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", default=str(ROOT / "dist" / "site"))
    ap.add_argument("--seconds", type=float, default=10.0, help="how long to watch the live analysis")
    ap.add_argument("--moves", type=int, default=60)
    ap.add_argument("--review-seconds", type=float, default=0.5)
    ap.add_argument("--skip-review", action="store_true")
    ap.add_argument("--skip-live", action="store_true")
    ap.add_argument("--slices", type=int, default=0, help="positions for the slice measurement (0: none)")
    ap.add_argument("--slice-seconds", type=float, default=8.0, help="analysis time a position")
    ap.add_argument("--verbose", action="store_true", help="each position's slices")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    server, url = serve_in_thread(Path(args.site), port=0)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.add_init_script(LONG_TASKS)
            page.goto(url + "index.html")
            page.wait_for_selector("body[data-ready=true]", timeout=120_000)
            if not args.skip_live:
                live_analysis(page, args.seconds)
            if args.slices:
                slice_latency(page, args.slices, args.slice_seconds, args.verbose)
            if not args.skip_review:
                pyodide_review(page, args.moves, args.review_seconds)
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
