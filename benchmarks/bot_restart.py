"""How long a fresh bot worker takes to start in the bot sandbox (issue 29; a benchmark, not a
test): build the site first (``python build_scripts/build.py``), then
``python benchmarks/bot_restart.py [--rounds 10]``.

In real Chromium, one visit to the game page makes the engine's memory snapshot; then, on the
workbench, the bot worker is ended and a request made ``--rounds`` times (what happens after a bot
is stopped at its time limit). Prints the milliseconds from the request to the answer (median,
min, max) and the worker's own boot steps (import of the runtime, the runtime from the snapshot,
the engine), and the same for the first start (the frame made and the runtime's bytes handed over).
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build_scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from serve import serve_in_thread  # noqa: E402

RESTART = """async (first) => {
  const bots = window.boardwrightBots;
  if (!first) bots.kill(new Error("benchmark"));
  const t = performance.now();
  const response = await bots.request({ cmd: "template", game: "hex" });
  return { ms: performance.now() - t, boot: bots.lastBoot, phases: bots.lastPhases, ok: response.ok };
}"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--site", default=str(ROOT / "dist" / "site"))
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    server, url = serve_in_thread(Path(args.site), port=0)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(headless=True, executable_path=chromium_executable(), args=CHROMIUM_ARGS)
            context = browser.new_context(service_workers="allow")
            page = context.new_page()
            page.goto(url + "index.html")
            page.wait_for_selector("body[data-ready=true]", timeout=120_000)
            page.wait_for_selector("body[data-snapshot]", state="attached", timeout=120_000)
            # a draft in the editor: the workbench then starts no worker by itself
            page.evaluate("localStorage.setItem('boardwright.bot-draft', JSON.stringify({source: 'x', game: 'hex'}))")
            page.goto(url + "workbench.html")
            page.wait_for_selector("body[data-ready=true]", timeout=120_000)
            page.evaluate("window.boardwrightBots.kill(new Error('benchmark'))")
            page.evaluate("(() => { const b = window.boardwrightBots; if (b.frame) b.dropFrame(); })()")
            first = page.evaluate(RESTART, True)
            rounds = [page.evaluate(RESTART, False) for _ in range(args.rounds)]
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    assert first["ok"] and all(r["ok"] for r in rounds)
    ms = [r["ms"] for r in rounds]
    print(f"first start (frame + runtime handed over, booted: {first['boot']}): {first['ms']:.0f} ms {first['phases']}")
    print(f"restart after a stopped bot, {args.rounds} rounds (booted: {sorted({r['boot'] for r in rounds})}):"
          f" median {statistics.median(ms):.0f} ms, min {min(ms):.0f}, max {max(ms):.0f}")
    for step in ("import", "runtime", "engine"):
        print(f"  {step:8s} median {statistics.median(r['phases'][step] for r in rounds):.0f} ms")


if __name__ == "__main__":
    main()
