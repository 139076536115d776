"""Search speed in Pyodide against CPython on the same machine (a benchmark, not a test; issue
"Engine speed" part 3: Pyodide iterations per second >= 0.5x CPython's, in headless Chromium).
Build the site first, then

    .venv/bin/python build_scripts/build.py --out dist/site
    .venv/bin/python benchmarks/pyodide_speed.py [--iterations 5000] [--rounds 3] [--site dist/site]

The default search agent (the one behind the page's levels and hints) searches four positions:
Hex 11 and Y 13 at the start and in a fixed middle game (random moves of a seeded game, as
benchmarks/level_rates.py makes them: 40 plies of Hex, 30 of Y).  Each search is the bridge's
``think`` with ``restart`` and an iteration budget (``--iterations``, 5 s slices until done), so
both sides run the very same search (the agent is seeded from the position; the playouts draw
from the same Mersenne Twister): the same move and iteration count are checked.  The Pyodide side
is the built site's own engine worker in headless Chromium (the page's ``window.boardwright.call``,
engine snapshot and service worker off); the CPython side is this process.  Rounds alternate the
two sides (a busy machine slows both alike).  Printed per position: the medians of the bridge's
``iterations_per_second`` (iterations over the wall time spent searching) of each side, the
ratio Pyodide / CPython, the CPU seconds of one CPython search, and the CPU seconds the browser's
processes used during one Pyodide search (every browser process: the worker's thread is a part).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for folder in (ROOT, ROOT / "build_scripts", ROOT / "tests" / "browser", ROOT / "benchmarks"):
    sys.path.insert(0, str(folder))

from conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from level_rates import position  # noqa: E402
from pygame_core import bridge  # noqa: E402
from serve import serve_in_thread  # noqa: E402
from startup_probe import cpu_snapshot  # noqa: E402

POSITIONS = (("Hex 11, empty board", "hex", 0), ("Hex 11, middle game", "hex", 40),
             ("Y 13, empty board", "y", 0), ("Y 13, middle game", "y", 30))
NO_SNAPSHOT = "try { localStorage.setItem('boardwright.snapshot.v1', 'off'); } catch (e) {}"
SLICE_S = 5  # the bridge's longest slice: a search is a few think requests

SEARCH_JS = """async ({load, think}) => {
  const loaded = await window.boardwright.call(load);
  if (!loaded.ok) return {error: loaded.error.message};
  let request = {...think, restart: true}, r;
  const t0 = performance.now();
  for (;;) {
    r = await window.boardwright.call(request);
    if (!r.ok) return {error: r.error.message};
    if (r.result.done) break;
    request = think;
  }
  return {...r.result, page_ms: performance.now() - t0};
}"""


def requests(game_id: str, plies: int, iterations: int) -> tuple[dict, dict]:
    load = {"cmd": "load", "record": position(game_id, plies).record(), "players": ["human", "human"]}
    return load, {"cmd": "think", "seconds": SLICE_S, "iterations": iterations}


def cpython_search(load: dict, think: dict) -> dict:
    session = bridge.Session()
    assert bridge.handle(load, session)["ok"]
    request, c0 = {**think, "restart": True}, time.process_time()
    while True:
        r = bridge.handle(request, session)
        assert r["ok"], r
        if r["result"]["done"]:
            return {**r["result"], "cpu": time.process_time() - c0}
        request = think


def pyodide_search(page, load: dict, think: dict) -> dict:
    before = cpu_snapshot()
    r = page.evaluate(SEARCH_JS, {"load": load, "think": think})
    if "error" in r:
        raise SystemExit(f"the worker refused the search: {r['error']}")
    return {**r, "cpu": cpu_snapshot()["browser"] - before["browser"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", default=str(ROOT / "dist" / "site"))
    ap.add_argument("--iterations", type=int, default=5000, help="the search budget of each position")
    ap.add_argument("--rounds", type=int, default=3, help="searches per position and side (medians)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    server, url = serve_in_thread(Path(args.site), port=0)
    rows = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
            context = browser.new_context(service_workers="block")
            context.add_init_script(NO_SNAPSHOT)
            page = context.new_page()
            page.goto(url + "index.html")
            page.wait_for_selector("body[data-ready=true]", timeout=120_000)
            version = page.evaluate("navigator.userAgent.match(/Chrome\\/[0-9.]+/)[0]")
            print(f"{args.iterations:,} iterations a search, {args.rounds} rounds; CPython {sys.version.split()[0]}, "
                  f"Pyodide in headless {version}")
            print(f"{'position':<22} {'CPython it/s':>12} {'Pyodide it/s':>12} {'ratio':>6} "
                  f"{'CPython cpu s':>13} {'browser cpu s':>13}  move")
            for title, game_id, plies in POSITIONS:
                load, think = requests(game_id, plies, args.iterations)
                py, wasm = [], []
                for _ in range(args.rounds):
                    py.append(cpython_search(load, think))
                    wasm.append(pyodide_search(page, load, think))
                same = {(r["move"], r["iterations"]) for r in py + wasm}
                if len(same) != 1:
                    print(f"  (the two sides searched differently: {sorted(same)})")
                rate_py = statistics.median(r["iterations_per_second"] for r in py)
                rate_wasm = statistics.median(r["iterations_per_second"] for r in wasm)
                rows.append(rate_wasm / rate_py)
                print(f"{title:<22} {rate_py:>12,.0f} {rate_wasm:>12,.0f} {rate_wasm / rate_py:>6.2f} "
                      f"{statistics.median(r['cpu'] for r in py):>13.2f} "
                      f"{statistics.median(r['cpu'] for r in wasm):>13.2f}  {py[0]['move']} "
                      f"({py[0]['iterations']:,} it)")
                sys.stdout.flush()
            browser.close()
    finally:
        server.shutdown()
    print(f"Pyodide / CPython search speed: median ratio {statistics.median(rows):.2f} "
          f"(range {min(rows):.2f}-{max(rows):.2f}; target >= 0.5)")


if __name__ == "__main__":
    main()
