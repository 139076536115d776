"""The bot workbench's tournament in the page (a benchmark, not a test; issue 21's target): build the
site first (``python build_scripts/build.py``), then ``python benchmarks/workbench.py``.

A trivial bot (the first legal move) against Random on Hex 7, ``--games`` games, run with the
workbench's own Start button in real Chromium: games per minute (target >= 50) and every
main-thread long task (> 50 ms, a PerformanceObserver) of the workbench page while it runs.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build_scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from serve import serve_in_thread  # noqa: E402

TRIVIAL = "class First:\n    def choose(self, game):\n        return game.legal_moves()[0]\n"
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration)); })
  .observe({ type: "longtask", buffered: true });
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--site", default=str(ROOT / "dist" / "site"))
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    server, url = serve_in_thread(Path(args.site), port=0)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(headless=True, executable_path=chromium_executable(), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url + "workbench.html")
        page.wait_for_selector("body[data-ready=true]", timeout=120_000)
        page.wait_for_selector("body[data-busy=false]", timeout=120_000)
        page.evaluate(LONG_TASKS)
        page.fill("#wb-code", TRIVIAL)
        page.select_option("#wb-game", "hex")
        page.fill("#wb-options input[type=number]", "7")
        page.fill("#wb-games", str(args.games))
        page.evaluate("window.__longTasks = []")
        t0 = time.perf_counter()
        page.click("#wb-start")
        page.wait_for_selector("body[data-tournament-games]", state="attached", timeout=900_000)
        wall = time.perf_counter() - t0
        games = int(page.get_attribute("body", "data-tournament-games"))
        ms = int(page.get_attribute("body", "data-tournament-ms"))
        long_tasks = page.evaluate("window.__longTasks")
        row = page.eval_on_selector_all("#wb-results-body tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
        print(f"workbench tournament, trivial bot vs Random on Hex 7: {games} games in {ms / 1000:.1f} s of play "
              f"({wall:.1f} s with loading the bot) = {games / (ms / 60000):.0f} games/minute (target >= 50); "
              f"main-thread long tasks: {long_tasks or 'none'}; table: {row}")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
